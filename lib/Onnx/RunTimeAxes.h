//===- RunTimeAxes.h - Squeeze/Unsqueeze of run-time axes -------*- C -*-===//

#ifndef DLC_ONNX_RUNTIMEAXES_H
#define DLC_ONNX_RUNTIMEAXES_H

#include "Onnx/Translate.h"

/// Squeeze (Unsqueeze when `unsqueeze`) of `x` by the axes of input 1,
/// known only at run time: a reshape to a shape computed from them when the
/// code runs. The result rank follows from the axes' static length.
DlcOnnxStatus dlcOnnxSqueezeAtRunTime(DlcOnnxNode *n, MlirValue x, bool unsqueeze, MlirValue *out);

#endif
