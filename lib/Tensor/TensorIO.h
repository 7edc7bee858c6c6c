//===- TensorIO.h - Host tensors from and to files ---------------*- C -*-===//
//
// Internal pieces of dlc-c/Tensor.h shared with the ONNX importer: decoding
// an onnx.TensorProto (raw_data or typed fields; external data relative to
// a model directory) into a DlcTensor, and a DlcTensor as one.
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
/// The onnx.TensorProto.DataType of a DlcDType.
int32_t dlcDTypeToOnnx(DlcDType dtype);
/// Fills `proto` (from ONNX__TENSOR_PROTO__INIT) with `t` as raw_data,
/// borrowing t's data and `dims` (room for t->rank values) for as long as
/// `proto` is used. The 4- and 2-bit types are packed as ONNX stores them
/// (low bits first) into a buffer returned for the caller to free once
/// `proto` is no longer used; NULL for the other types.
void *dlcTensorToProto(const DlcTensor *t, const char *name, int64_t *dims,
                       Onnx__TensorProto *proto);
/// Bits per element in ONNX files for the packed types (4 or 2), else 0.
unsigned dlcDTypePackedBits(DlcDType dtype);
/// Decodes `proto` into `out` (which the caller then owns). `baseDir` is
/// where external data files are looked up (may be NULL). On failure
/// appends a reason to `error` (no trailing newline) and returns false.
bool dlcTensorFromProto(const Onnx__TensorProto *proto, const char *baseDir, DlcTensor *out,
                        DlcStr *error);

#endif // DLC_TENSOR_TENSORIO_H
