//===- Tensor.c - Host tensors ----------------------------------*- C -*-===//

#include "dlc-c/Tensor.h"
#include "Support/SmallFloat.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t dlcDTypeSize(DlcDType dtype) {
  static const size_t sizes[] = {4, 8, 1, 2, 4, 8, 1, 2, 4, 8, 1, 2, 2,
                                 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
  return (size_t)dtype < sizeof sizes / sizeof *sizes ? sizes[dtype] : 0;
}

const char *dlcDTypeName(DlcDType dtype) {
  static const char *const names[] = {"float32", "float64", "int8",   "int16",  "int32", "int64",
                                      "uint8",   "uint16",  "uint32", "uint64", "bool",
                                      "float16", "bfloat16", "float8_e4m3fn", "float8_e4m3fnuz",
                                      "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu",
                                      "float4_e2m1fn", "int4", "uint4", "int2", "uint2"};
  return (size_t)dtype < sizeof names / sizeof *names ? names[dtype] : "?";
}

// A DlcDType is the bit index of its DLC_T_* element-type bit
// (Support/Types.h): one table of element types serves both.
_Static_assert(DLC_T_F32 == 1u << DLC_DTYPE_F32 && DLC_T_F64 == 1u << DLC_DTYPE_F64 &&
                   DLC_T_I8 == 1u << DLC_DTYPE_I8 && DLC_T_I16 == 1u << DLC_DTYPE_I16 &&
                   DLC_T_I32 == 1u << DLC_DTYPE_I32 && DLC_T_I64 == 1u << DLC_DTYPE_I64 &&
                   DLC_T_U8 == 1u << DLC_DTYPE_U8 && DLC_T_U16 == 1u << DLC_DTYPE_U16 &&
                   DLC_T_U32 == 1u << DLC_DTYPE_U32 && DLC_T_U64 == 1u << DLC_DTYPE_U64 &&
                   DLC_T_I1 == 1u << DLC_DTYPE_BOOL && DLC_T_F16 == 1u << DLC_DTYPE_F16 &&
                   DLC_T_BF16 == 1u << DLC_DTYPE_BF16 &&
                   DLC_T_F8E4M3FN == 1u << DLC_DTYPE_F8E4M3FN &&
                   DLC_T_F8E4M3FNUZ == 1u << DLC_DTYPE_F8E4M3FNUZ &&
                   DLC_T_F8E5M2 == 1u << DLC_DTYPE_F8E5M2 &&
                   DLC_T_F8E5M2FNUZ == 1u << DLC_DTYPE_F8E5M2FNUZ &&
                   DLC_T_F8E8M0 == 1u << DLC_DTYPE_F8E8M0 &&
                   DLC_T_F4E2M1 == 1u << DLC_DTYPE_F4E2M1 && DLC_T_I4 == 1u << DLC_DTYPE_I4 &&
                   DLC_T_U4 == 1u << DLC_DTYPE_U4 && DLC_T_I2 == 1u << DLC_DTYPE_I2 &&
                   DLC_T_U2 == 1u << DLC_DTYPE_U2,
               "DlcDType values must be the bit indices of the DLC_T_* element types");

MlirType dlcDTypeToMlirType(MlirContext ctx, DlcDType dtype) {
  if ((unsigned)dtype > DLC_DTYPE_U2)
    return (MlirType){NULL};
  return dlcEltFromBit(ctx, 1u << dtype);
}

double dlcDTypeDecode(DlcDType dtype, uint8_t element) {
  switch (dtype) {
  case DLC_DTYPE_F8E4M3FN:
    return dlcSmallFloatDecode(DLC_SF_E4M3FN, element);
  case DLC_DTYPE_F8E4M3FNUZ:
    return dlcSmallFloatDecode(DLC_SF_E4M3FNUZ, element);
  case DLC_DTYPE_F8E5M2:
    return dlcSmallFloatDecode(DLC_SF_E5M2, element);
  case DLC_DTYPE_F8E5M2FNUZ:
    return dlcSmallFloatDecode(DLC_SF_E5M2FNUZ, element);
  case DLC_DTYPE_F8E8M0:
    return dlcSmallFloatDecode(DLC_SF_E8M0, element);
  case DLC_DTYPE_F4E2M1:
    return dlcSmallFloatDecode(DLC_SF_E2M1, element & 0xf);
  case DLC_DTYPE_I4:
    return (element & 8) ? (int)(element & 0xf) - 16 : (int)(element & 0xf);
  case DLC_DTYPE_U4:
    return element & 0xf;
  case DLC_DTYPE_I2:
    return (element & 2) ? (int)(element & 3) - 4 : (int)(element & 3);
  case DLC_DTYPE_U2:
    return element & 3;
  default:
    return NAN;
  }
}

MlirLogicalResult dlcDTypeFromMlirType(MlirType t, DlcDType *dtype) {
  uint32_t bit = dlcEltBit(t);
  if (!bit)
    return mlirLogicalResultFailure();
  *dtype = (DlcDType)__builtin_ctz(bit);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcTensorTypeFromMlirType(MlirType type, DlcTensorType *out) {
  memset(out, 0, sizeof *out);
  if (!(mlirTypeIsARankedTensor(type) || mlirTypeIsAMemRef(type)) ||
      mlirShapedTypeGetRank(type) > DLC_TENSOR_MAX_RANK ||
      mlirLogicalResultIsFailure(dlcDTypeFromMlirType(mlirShapedTypeGetElementType(type), &out->dtype)))
    return mlirLogicalResultFailure();
  out->rank = mlirShapedTypeGetRank(type);
  for (int64_t i = 0; i < out->rank; ++i)
    out->shape[i] = mlirShapedTypeIsDynamicDim(type, i) ? DLC_DIM_DYNAMIC
                                                        : mlirShapedTypeGetDimSize(type, i);
  return mlirLogicalResultSuccess();
}

MlirType dlcTensorTypeToMlirType(MlirContext ctx, const DlcTensorType *type) {
  int64_t shape[DLC_TENSOR_MAX_RANK];
  for (int64_t i = 0; i < type->rank; ++i)
    shape[i] = type->shape[i] == DLC_DIM_DYNAMIC ? mlirShapedTypeGetDynamicSize() : type->shape[i];
  return mlirRankedTensorTypeGet(type->rank, shape, dlcDTypeToMlirType(ctx, type->dtype),
                                 mlirAttributeGetNull());
}

bool dlcTensorTypeIsStatic(const DlcTensorType *type) {
  for (int64_t i = 0; i < type->rank; ++i)
    if (type->shape[i] == DLC_DIM_DYNAMIC)
      return false;
  return true;
}

bool dlcTensorTypeAccepts(const DlcTensorType *type, const DlcTensor *t) {
  if (t->dtype != type->dtype || t->rank != type->rank)
    return false;
  for (int64_t i = 0; i < t->rank; ++i)
    if (type->shape[i] != DLC_DIM_DYNAMIC && type->shape[i] != t->shape[i])
      return false;
  return true;
}

void dlcTensorTypePrint(const DlcTensorType *type, MlirStringCallback callback, void *userData) {
  char buf[32];
  const char *name = dlcDTypeName(type->dtype);
  callback(mlirStringRefCreateFromCString(name), userData);
  callback(mlirStringRefCreate("[", 1), userData);
  for (int64_t i = 0; i < type->rank; ++i) {
    int n = type->shape[i] == DLC_DIM_DYNAMIC
                ? snprintf(buf, sizeof buf, "%s?", i ? ", " : "")
                : snprintf(buf, sizeof buf, "%s%lld", i ? ", " : "", (long long)type->shape[i]);
    callback(mlirStringRefCreate(buf, (size_t)n), userData);
  }
  callback(mlirStringRefCreate("]", 1), userData);
}

DlcTensorType dlcTensorGetType(const DlcTensor *t) {
  DlcTensorType type;
  memset(&type, 0, sizeof type);
  type.dtype = t->dtype;
  type.rank = t->rank;
  for (int64_t i = 0; i < t->rank; ++i)
    type.shape[i] = t->shape[i];
  return type;
}

int64_t dlcTensorNumElements(const DlcTensor *t) {
  int64_t n = 1;
  for (int64_t i = 0; i < t->rank; ++i)
    n *= t->shape[i];
  return n;
}

MlirLogicalResult dlcTensorCreate(DlcDType dtype, int64_t rank, const int64_t *shape,
                                  DlcTensor *out) {
  memset(out, 0, sizeof *out);
  if (rank < 0 || rank > DLC_TENSOR_MAX_RANK)
    return mlirLogicalResultFailure();
  out->dtype = dtype;
  out->rank = rank;
  for (int64_t i = 0; i < rank; ++i) {
    if (shape[i] < 0) {
      memset(out, 0, sizeof *out);
      return mlirLogicalResultFailure();
    }
    out->shape[i] = shape[i];
  }
  size_t elementSize = dlcDTypeSize(dtype);
  if (!elementSize) {
    memset(out, 0, sizeof *out);
    return mlirLogicalResultFailure();
  }
  // The byte size must not overflow (a corrupt file may claim any shape).
  size_t bytes = elementSize;
  for (int64_t i = 0; i < rank; ++i) {
    if (shape[i] && bytes > (SIZE_MAX / 2) / (size_t)shape[i]) {
      bytes = SIZE_MAX;
      break;
    }
    bytes *= (size_t)shape[i];
  }
  if (bytes > SIZE_MAX / 2) {
    memset(out, 0, sizeof *out);
    return mlirLogicalResultFailure();
  }
  out->bytes = bytes;
  // 64-byte aligned, never a zero-size allocation.
  size_t rounded = (out->bytes + 63) / 64 * 64;
  out->data = aligned_alloc(64, rounded ? rounded : 64);
  if (!out->data) {
    memset(out, 0, sizeof *out);
    return mlirLogicalResultFailure();
  }
  memset(out->data, 0, rounded ? rounded : 64);
  return mlirLogicalResultSuccess();
}

void dlcTensorDestroy(DlcTensor *t) {
  free(t->data);
  t->data = NULL;
  t->bytes = 0;
}
