//===- WindowGeometry.h - Sizes and pads of convolutions and pools -*- C -*-===//
//
// ONNX's rules for the spatial geometry of conv, conv_transpose, max_pool
// and avg_pool (kernel, strides, dilations, explicit or automatic pads,
// ceil mode, output padding and shape) in one place: shape inference
// computes output sizes with it, and the decomposition into dlc_tensor ops
// takes the actual pad amounts from it, so the two cannot disagree.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_DIALECT_GRAPH_WINDOWGEOMETRY_H
#define DLC_DIALECT_GRAPH_WINDOWGEOMETRY_H

#include "Support/Types.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

#define DLC_MAX_SPATIAL 3

typedef struct DlcWindowGeometry {
  int64_t numSpatial;              ///< 1 to 3
  int64_t input[DLC_MAX_SPATIAL];  ///< spatial input sizes (DLC_DYN if unknown)
  int64_t kernel[DLC_MAX_SPATIAL]; ///< window sizes (undilated; DLC_DYN if unknown)
  int64_t strides[DLC_MAX_SPATIAL];
  int64_t dilations[DLC_MAX_SPATIAL];
  /// Pads before and after each spatial dim. For conv_transpose these are
  /// the amounts cropped from the full transposed output
  /// (`output[o] = full[o + padBegin]`); they are negative where
  /// `output_shape` asks for more than the full output (zeros are added).
  int64_t padBegin[DLC_MAX_SPATIAL];
  int64_t padEnd[DLC_MAX_SPATIAL];
  /// Pools in ceil mode: positions past padEnd that the last window reads
  /// (never counted by avg_pool, never the maximum).
  int64_t ceilExtra[DLC_MAX_SPATIAL];
  /// conv_transpose: zeros appended at the end of each dim of the output.
  int64_t outputPadding[DLC_MAX_SPATIAL];
  int64_t output[DLC_MAX_SPATIAL]; ///< spatial output sizes (DLC_DYN if unknown)
  /// False when a pad or ceilExtra depends on a dynamic size (automatic
  /// pads, ceil mode, output_shape); the pad fields are then meaningless.
  bool padsKnown;
} DlcWindowGeometry;

/// Computes the geometry of a dlc_graph conv, conv_transpose, max_pool or
/// avg_pool from its input shape (N x C x spatial..), its weight shape (conv
/// ops; NULL for pools) and its attributes. On inconsistent attributes it
/// emits a located error when `emitErrors` and returns false.
bool dlcWindowGeometry(MlirOperation op, const DlcShape *input, const DlcShape *weight,
                       bool emitErrors, DlcWindowGeometry *g);

#endif // DLC_DIALECT_GRAPH_WINDOWGEOMETRY_H
