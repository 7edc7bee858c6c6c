//===- Resize.h - Resize's attributes, shared by its two paths --*- C -*-===//

#ifndef DLC_ONNX_RESIZE_H
#define DLC_ONNX_RESIZE_H

#include "Onnx/Translate.h"

typedef enum DlcResizeMode {
  DLC_RESIZE_NEAREST,
  DLC_RESIZE_LINEAR,
  DLC_RESIZE_CUBIC,
} DlcResizeMode;
typedef enum DlcResizeTransform {
  DLC_RESIZE_HALF_PIXEL,
  DLC_RESIZE_HALF_PIXEL_SYMMETRIC,
  DLC_RESIZE_PYTORCH_HALF_PIXEL,
  DLC_RESIZE_ALIGN_CORNERS,
  DLC_RESIZE_ASYMMETRIC,
  DLC_RESIZE_TF_CROP_AND_RESIZE,
} DlcResizeTransform;
typedef enum DlcResizeNearest {
  DLC_RESIZE_ROUND_PREFER_FLOOR,
  DLC_RESIZE_ROUND_PREFER_CEIL,
  DLC_RESIZE_FLOOR,
  DLC_RESIZE_CEIL,
} DlcResizeNearest;

typedef struct DlcResizeParams {
  DlcResizeMode mode;
  DlcResizeTransform transform;
  DlcResizeNearest nearest;
  double cubicA, extrapolation;
  bool excludeOutside, antialias;
} DlcResizeParams;

/// Resize (or Upsample) of `x` whose `scales` or `sizes` (exactly one
/// non-null) and `roi` (null when absent or not used) are known only at run
/// time: the resized axes' sizes are `?`, and the source coordinates, taps
/// and weights are computed when the code runs, with the formulas of the
/// compile-time tables (OpsResize.c). `axes` (`numAxes` of them, in [0,
/// rank)) are those the operands' values name; `keep` is 0 for stretch, -1
/// for not_larger, 1 for not_smaller.
DlcOnnxStatus dlcOnnxResizeAtRunTime(DlcOnnxNode *n, const DlcResizeParams *p, MlirValue x,
                                     const int64_t *axes, int64_t numAxes, MlirValue roi,
                                     MlirValue scales, MlirValue sizes, int keep, MlirValue *out);

#endif
