//===- RunTimeShape.h - Shapes read from tensors at run time ----*- C -*-===//

#ifndef DLC_CONVERSION_GRAPHTOTENSOR_RUNTIMESHAPE_H
#define DLC_CONVERSION_GRAPHTOTENSOR_RUNTIMESHAPE_H

#include "Conversion/GraphToTensor/GraphToTensor.h"

/// Dim `dim` of `v` as an i64 scalar (a constant when it is static).
MlirValue dlcRunTimeDimI64(DlcBuilder *b, MlirValue v, int64_t dim);
/// `input` reshaped to the sizes in the 1-D integer tensor `shape` (static
/// length), read when the code runs, with ONNX Reshape's 0 and -1. The
/// result has a `?` for every dim.
MlirValue dlcRunTimeReshape(DlcRewriter *rw, MlirValue input, MlirValue shape, bool allowZero);
/// A tensor of `value` (element type `elt`) sized by the 1-D integer tensor
/// `shape` (static length), read when the code runs; every dim is `?`.
MlirValue dlcRunTimeConstantOfShape(DlcRewriter *rw, MlirValue shape, MlirType elt, double value);
/// `input` broadcast (ONNX Expand) with the 1-D integer tensor `shape`
/// (static length), read when the code runs; the output dims that the
/// input's static dims other than 1 do not decide are `?`.
MlirValue dlcRunTimeExpand(DlcRewriter *rw, MlirValue input, MlirValue shape);
/// ONNX Slice of `input` with bounds read when the code runs: `bounds` is
/// 2 x n (starts, ends; `axes` and `steps` give the rest, numAxes or
/// numSteps < 0 when absent) or 4 x n (starts, ends, axes, steps). The
/// sliced dims are `?` (every dim with run-time axes).
MlirValue dlcRunTimeSlice(DlcRewriter *rw, MlirValue input, MlirValue bounds, const int64_t *axes,
                          int64_t numAxes, const int64_t *steps, int64_t numSteps);

#endif
