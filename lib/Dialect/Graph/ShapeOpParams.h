//===- ShapeOpParams.h - Normalized attributes of shape ops -----*- C -*-===//
//
// The shape rules (InferShapeOps.c) and the decompositions
// (Conversion/GraphToTensor/ShapeOps.c) of the shape ops read their
// attributes through these functions, so both see the same normalized
// axes, permutations, slice windows and pad amounts. Each function checks
// what it reads and, on a violation, emits a located error at `op` and
// fails; on verified IR it never fails.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_DIALECT_GRAPH_SHAPEOPPARAMS_H
#define DLC_DIALECT_GRAPH_SHAPEOPPARAMS_H

#include "Support/Types.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/// Normalizes the `n` entries of attribute `attr` (in `axes`) into
/// [0, rank) and writes them to `out`; fails on an entry outside
/// [-rank, rank) or a repeated axis.
bool dlcShapeOpAxes(MlirOperation op, const char *attr, int64_t n, const int64_t *axes,
                    int64_t rank, int64_t *out);

/// Reads an integer attribute holding one axis into [0, rank); `inclusive`
/// also accepts `rank` itself (flatten). Fails when out of range.
bool dlcShapeOpAxis(MlirOperation op, const char *attr, int64_t rank, bool inclusive,
                    int64_t *axis);

/// reshape: resolves `shape` (0 copies an input dim unless `allowzero`, one
/// -1 is inferred) against `input`. A dim that depends on dynamic input
/// dims is DLC_DYN.
bool dlcReshapeTarget(MlirOperation op, const DlcShape *input, DlcShape *out);

/// flatten: the 2-D result shape (a product with a 0 dim is 0 even when
/// another dim is dynamic).
bool dlcFlattenShape(MlirOperation op, const DlcShape *input, DlcShape *out);

/// transpose: `perm`, or the reversed dims when absent.
bool dlcTransposePerm(MlirOperation op, int64_t rank, int64_t *perm);

/// squeeze: marks in `drop` the dims that are removed. Without `axes`, a
/// dynamic dim may or may not be 1: it is marked in `maybe` (and not in
/// `drop`); `maybe` may be NULL when the caller does not need it.
bool dlcSqueezeDims(MlirOperation op, const DlcShape *input, bool *drop, bool *maybe);

/// unsqueeze: the result shape.
bool dlcUnsqueezeShape(MlirOperation op, const DlcShape *input, DlcShape *out);

/// slice: per input dim, the first element read, the step and the number
/// of elements (numpy clamping; unlisted dims are read whole). `offsets` and
/// `sizes` are DLC_DYN where they depend on a dynamic dim; an empty result
/// dim has offset 0 and stride 1.
typedef struct DlcSliceParams {
  int64_t rank;
  int64_t offsets[DLC_MAX_RANK];
  int64_t strides[DLC_MAX_RANK];
  int64_t sizes[DLC_MAX_RANK];
  bool sliced[DLC_MAX_RANK]; ///< the dim is listed in `axes`
} DlcSliceParams;
bool dlcSliceParams(MlirOperation op, const DlcShape *input, DlcSliceParams *out);

typedef enum DlcPadMode {
  DLC_PAD_CONSTANT,
  DLC_PAD_REFLECT,
  DLC_PAD_EDGE,
  DLC_PAD_WRAP,
} DlcPadMode;

/// pad: the mode and, per input dim, the amounts before and after (0 for
/// dims not in `axes`; negative amounts crop). Also checks that cropping
/// leaves >= 0 elements and that non-constant modes have an element to
/// repeat in each padded static dim. `out` receives the result shape.
typedef struct DlcPadParams {
  DlcPadMode mode;
  int64_t rank;
  int64_t begin[DLC_MAX_RANK];
  int64_t end[DLC_MAX_RANK];
} DlcPadParams;
bool dlcPadParams(MlirOperation op, const DlcShape *input, DlcPadParams *params, DlcShape *out);

/// The input index that padded position `j` (outside [0, size) for a dim of
/// `size` >= 1 elements) reads in a non-constant mode, as numpy.pad does:
/// reflect mirrors without repeating the edge (periodically for large
/// pads), edge clamps, wrap is cyclic.
int64_t dlcPadSourceIndex(DlcPadMode mode, int64_t j, int64_t size);

/// expand: numpy broadcast of `input` with attribute `shape`.
bool dlcExpandShape(MlirOperation op, const DlcShape *input, DlcShape *out);

/// shape: the dims [start, end) of the input, clamped to [0, rank].
void dlcShapeOpRange(MlirOperation op, int64_t rank, int64_t *start, int64_t *end);

#endif // DLC_DIALECT_GRAPH_SHAPEOPPARAMS_H
