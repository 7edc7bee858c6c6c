//===- RunTimeValues.h - Ops of values fed at run time ----------*- C -*-===//

#ifndef DLC_ONNX_RUNTIMEVALUES_H
#define DLC_ONNX_RUNTIMEVALUES_H

#include "Onnx/Translate.h"

/// Squeeze (Unsqueeze when `unsqueeze`) of `x` by the axes of input 1,
/// known only at run time: a reshape to a shape computed from them when the
/// code runs. The result rank follows from the axes' static length.
DlcOnnxStatus dlcOnnxSqueezeAtRunTime(DlcOnnxNode *n, MlirValue x, bool unsqueeze, MlirValue *out);

/// 0, 1, .. count-1 (i64, length `?`) for the 1-element i64 `count`,
/// known only at run time.
DlcOnnxStatus dlcOnnxRunTimeIota(DlcOnnxNode *n, MlirValue count, MlirValue *out);

#endif
