//===- TensorIO.h - Host tensors from and to files ---------------*- C -*-===//
//
// Internal pieces of dlc-c/Tensor.h shared with the ONNX importer: decoding
// an onnx.TensorProto (raw_data or typed fields; external data relative to
// a model directory) into a DlcTensor.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TENSOR_TENSORIO_H
#define DLC_TENSOR_TENSORIO_H

#include "Support/Str.h"
#include "dlc-c/Tensor.h"

#include "onnx.pb-c.h"

#include <stdbool.h>

/// The DlcDType of an onnx.TensorProto.DataType, false if unsupported.
bool dlcDTypeFromOnnx(int32_t onnxType, DlcDType *out);
/// Decodes `proto` into `out` (which the caller then owns). `baseDir` is
/// where external data files are looked up (may be NULL). On failure
/// appends a reason to `error` (no trailing newline) and returns false.
bool dlcTensorFromProto(const Onnx__TensorProto *proto, const char *baseDir, DlcTensor *out,
                        DlcStr *error);

#endif // DLC_TENSOR_TENSORIO_H
