/*===-- dlc-c/Tensor.h - Host tensors -----------------------------*- C -*-===*\
|*                                                                            *|
|* A DlcTensor is a dense, row-major host tensor: what dlc-run reads from    *|
|* .npy and ONNX TensorProto (.pb) files, passes to compiled code and        *|
|* compares. Compiled entry points take such buffers: inputs, then outputs.   *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_TENSOR_H
#define DLC_C_TENSOR_H

#include "dlc-c/Support.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DLC_TENSOR_MAX_RANK 16

typedef enum DlcDType {
  DLC_DTYPE_F32,
  DLC_DTYPE_F64,
  DLC_DTYPE_I8,
  DLC_DTYPE_I16,
  DLC_DTYPE_I32,
  DLC_DTYPE_I64,
  DLC_DTYPE_U8,
  DLC_DTYPE_U16,
  DLC_DTYPE_U32,
  DLC_DTYPE_U64,
  DLC_DTYPE_BOOL, ///< one byte per element, 0 or 1
  DLC_DTYPE_F16,  ///< IEEE half (numpy's float16); since DLC_API_VERSION 7
  /// bfloat16 (the top half of a float32's bits; numpy has no such dtype);
  /// since DLC_API_VERSION 7
  DLC_DTYPE_BF16,
  /// The low-precision types of ONNX, since DLC_API_VERSION 8. Each element
  /// is one byte, its bits in the low bits and the high bits zero: a float8
  /// code (FLOAT8E4M3FN, FLOAT8E4M3FNUZ, FLOAT8E5M2, FLOAT8E5M2FNUZ,
  /// FLOAT8E8M0), a float4 code (FLOAT4E2M1) in the low nibble, INT4/UINT4
  /// in the low nibble (two's complement: -1 is 0x0f), INT2/UINT2 in the low
  /// two bits. ONNX files pack the 4- and 2-bit types two and four to a
  /// byte; dlcTensorCreateFromFile and dlcTensorWritePb unpack and pack
  /// them. dlcDTypeDecode gives the value of a float code.
  DLC_DTYPE_F8E4M3FN,
  DLC_DTYPE_F8E4M3FNUZ,
  DLC_DTYPE_F8E5M2,
  DLC_DTYPE_F8E5M2FNUZ,
  DLC_DTYPE_F8E8M0,
  DLC_DTYPE_F4E2M1,
  DLC_DTYPE_I4,
  DLC_DTYPE_U4,
  DLC_DTYPE_I2,
  DLC_DTYPE_U2,
} DlcDType;

/// A dim whose size is not known at compile time (`?`), as in MLIR.
#define DLC_DIM_DYNAMIC INT64_MIN

/// The type of a tensor without its data: what an entry point's signature
/// holds for each input and output.
typedef struct DlcTensorType {
  DlcDType dtype;
  int64_t rank;
  int64_t shape[DLC_TENSOR_MAX_RANK]; ///< DLC_DIM_DYNAMIC for `?`
} DlcTensorType;

typedef struct DlcTensor {
  DlcDType dtype;
  int64_t rank;
  int64_t shape[DLC_TENSOR_MAX_RANK];
  void *data;   ///< owned by the tensor; 64-byte aligned; may be NULL when empty
  size_t bytes; ///< element count * dlcDTypeSize(dtype)
} DlcTensor;

/// Bytes per element.
DLC_CAPI_EXPORTED size_t dlcDTypeSize(DlcDType dtype);
/// "float32", "int64", "bool"... (numpy names; "bfloat16" for DLC_DTYPE_BF16,
/// ml_dtypes' names for the low-precision types: "float8_e4m3fn", "int4"...).
DLC_CAPI_EXPORTED const char *dlcDTypeName(DlcDType dtype);
/// The value of one element of a low-precision dtype, given its byte (see
/// DlcDType): a float8 or float4 code decoded (NaN for NaN codes), an INT4,
/// UINT4, INT2 or UINT2 sign- or zero-extended. NaN for other dtypes. Since
/// DLC_API_VERSION 8.
DLC_CAPI_EXPORTED double dlcDTypeDecode(DlcDType dtype, uint8_t element);
/// The MLIR element type of a dtype (f32, i64, ui8, i1, f16, bf16, f8E4M3FN,
/// i4...).
DLC_CAPI_EXPORTED MlirType dlcDTypeToMlirType(MlirContext ctx, DlcDType dtype);
/// The dtype of an MLIR element type; fails for unsupported types.
DLC_CAPI_EXPORTED MlirLogicalResult dlcDTypeFromMlirType(MlirType type, DlcDType *dtype);

/// The DlcTensorType of a ranked tensor or memref type of a supported
/// element type; fails for anything else (and ranks above
/// DLC_TENSOR_MAX_RANK). Never emits diagnostics.
DLC_CAPI_EXPORTED MlirLogicalResult dlcTensorTypeFromMlirType(MlirType type, DlcTensorType *out);
/// The ranked tensor type (`tensor<2x?xf32>`) of `type`.
DLC_CAPI_EXPORTED MlirType dlcTensorTypeToMlirType(MlirContext ctx, const DlcTensorType *type);
/// True when no dim is DLC_DIM_DYNAMIC.
DLC_CAPI_EXPORTED bool dlcTensorTypeIsStatic(const DlcTensorType *type);
/// True when `t` can be passed where `type` is expected: same dtype and
/// rank, equal sizes where `type` is static.
DLC_CAPI_EXPORTED bool dlcTensorTypeAccepts(const DlcTensorType *type, const DlcTensor *t);
/// Writes "float32[2, ?]" (numpy dtype name and dims) through `callback`.
DLC_CAPI_EXPORTED void dlcTensorTypePrint(const DlcTensorType *type, MlirStringCallback callback,
                                          void *userData);
/// The type of a tensor (its dtype and shape).
DLC_CAPI_EXPORTED DlcTensorType dlcTensorGetType(const DlcTensor *t);

/// Element count (1 for rank 0).
DLC_CAPI_EXPORTED int64_t dlcTensorNumElements(const DlcTensor *t);
/// Allocates zeroed storage for `dtype` and `shape`. The caller owns it
/// (dlcTensorDestroy). Fails, leaving `out` empty, on a bad rank or dim or
/// when the size overflows or cannot be allocated.
DLC_CAPI_EXPORTED MlirLogicalResult dlcTensorCreate(DlcDType dtype, int64_t rank,
                                                    const int64_t *shape, DlcTensor *out);
/// Frees the storage (not the struct); safe on a zeroed tensor.
DLC_CAPI_EXPORTED void dlcTensorDestroy(DlcTensor *t);

/// Creates `out` from a .npy (little-endian, C order) or serialized
/// onnx.TensorProto (.pb) file, chosen by content; the caller owns it
/// (dlcTensorDestroy). On error calls `errorCallback` (when not NULL) once
/// with a message naming the file and fails; `out` is then left empty.
DLC_CAPI_EXPORTED MlirLogicalResult dlcTensorCreateFromFile(MlirStringRef path, DlcTensor *out,
                                                            MlirStringCallback errorCallback,
                                                            void *userData);
/// Creates `*out` (`*count` tensors, malloc'ed; the caller destroys each
/// and frees the array) from a serialized onnx.SequenceProto of tensors, or
/// an onnx.OptionalProto (`optional`) of a tensor or of such a sequence, as
/// the ONNX backend tests hold sequences and optionals: the sequence's
/// tensors in order, or the optional's tensor or tensors; `*count` is -1
/// for an empty optional.
/// On error calls `errorCallback` (when not NULL) once with a message naming
/// the file and fails; `*out` is then NULL. Since DLC_API_VERSION 9.
DLC_CAPI_EXPORTED MlirLogicalResult dlcTensorListCreateFromFile(MlirStringRef path, bool optional,
                                                                DlcTensor **out, intptr_t *count,
                                                                MlirStringCallback errorCallback,
                                                                void *userData);
/// A sequence whose length is known only when compiled code runs is passed
/// as two tensors: `data`, a vector of its tensors' elements end to end
/// (row-major), and `index`, int64 [count, 1 + DLC_TENSOR_LIST_MAX_RANK]: a
/// row per tensor, its rank then its dims (1 past the rank). An optional
/// whose presence is known only at run time is a bool scalar (present)
/// followed by its tensor or its sequence's two tensors.
#define DLC_TENSOR_LIST_MAX_RANK 8

/// Packs the `count` tensors `list` (one dtype, `dtype` when `count` is 0;
/// at most DLC_TENSOR_LIST_MAX_RANK dims) into `data` and `index`, which
/// the caller owns. Fails (creating nothing) on mixed dtypes, a rank over
/// the limit or when out of memory. Since DLC_API_VERSION 11.
DLC_CAPI_EXPORTED MlirLogicalResult dlcTensorListPack(const DlcTensor *list, intptr_t count,
                                                      DlcDType dtype, DlcTensor *data,
                                                      DlcTensor *index);
/// The tensors `data` and `index` hold, copied into `*out` (`*count` of
/// them, malloc'ed; the caller destroys each and frees the array). Fails
/// (creating nothing) when the two do not describe a sequence. Since
/// DLC_API_VERSION 11.
DLC_CAPI_EXPORTED MlirLogicalResult dlcTensorListUnpack(const DlcTensor *data,
                                                        const DlcTensor *index, DlcTensor **out,
                                                        intptr_t *count);
/// Writes `t` as a .npy file (version 1, little-endian, C order). The file
/// is written under a temporary name and renamed into place, so `path` is
/// never left half-written. On error calls `errorCallback` with a message
/// naming the file and fails.
DLC_CAPI_EXPORTED MlirLogicalResult dlcTensorWriteNpy(const DlcTensor *t, MlirStringRef path,
                                                      MlirStringCallback errorCallback,
                                                      void *userData);
/// Writes `t` as an ONNX TensorProto file (raw_data) named `name`, as the
/// ONNX backend tests' input_N.pb / output_N.pb are, the same way.
DLC_CAPI_EXPORTED MlirLogicalResult dlcTensorWritePb(const DlcTensor *t, MlirStringRef name,
                                                     MlirStringRef path,
                                                     MlirStringCallback errorCallback,
                                                     void *userData);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_TENSOR_H */
