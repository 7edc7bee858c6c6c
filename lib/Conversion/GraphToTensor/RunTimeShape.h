//===- RunTimeShape.h - Shapes read from tensors at run time ----*- C -*-===//

#ifndef DLC_CONVERSION_GRAPHTOTENSOR_RUNTIMESHAPE_H
#define DLC_CONVERSION_GRAPHTOTENSOR_RUNTIMESHAPE_H

#include "Conversion/GraphToTensor/GraphToTensor.h"

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

#endif
