//===- RunTimePad.h - Pads read from a tensor at run time -------*- C -*-===//

#ifndef DLC_CONVERSION_GRAPHTOTENSOR_RUNTIMEPAD_H
#define DLC_CONVERSION_GRAPHTOTENSOR_RUNTIMEPAD_H

#include "Conversion/GraphToTensor/GraphToTensor.h"

/// ONNX Pad in constant mode of `input` by pads read when the code runs:
/// `pads` is 1-D with 2n entries (begins, ends of the dims `axes` lists,
/// numAxes < 0: every dim) or 3 x n (begins, ends, axes). `value` is the
/// 0-d fill. Negative pads crop. The padded dims are `?` (every dim with
/// run-time axes).
MlirValue dlcRunTimePad(DlcRewriter *rw, MlirValue input, MlirValue value, MlirValue pads,
                        const int64_t *axes, int64_t numAxes);

#endif
