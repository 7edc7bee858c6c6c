//===- Tensor.c - Host tensors ----------------------------------*- C -*-===//

#include "dlc-c/Tensor.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t dlcDTypeSize(DlcDType dtype) {
  static const size_t sizes[] = {4, 8, 1, 2, 4, 8, 1, 2, 4, 8, 1};
  return (size_t)dtype < sizeof sizes / sizeof *sizes ? sizes[dtype] : 0;
}

const char *dlcDTypeName(DlcDType dtype) {
  static const char *const names[] = {"float32", "float64", "int8",   "int16",  "int32", "int64",
                                      "uint8",   "uint16",  "uint32", "uint64", "bool"};
  return (size_t)dtype < sizeof names / sizeof *names ? names[dtype] : "?";
}

MlirType dlcDTypeToMlirType(MlirContext ctx, DlcDType dtype) {
  switch (dtype) {
  case DLC_DTYPE_F32:
    return mlirF32TypeGet(ctx);
  case DLC_DTYPE_F64:
    return mlirF64TypeGet(ctx);
  case DLC_DTYPE_I8:
    return mlirIntegerTypeGet(ctx, 8);
  case DLC_DTYPE_I16:
    return mlirIntegerTypeGet(ctx, 16);
  case DLC_DTYPE_I32:
    return mlirIntegerTypeGet(ctx, 32);
  case DLC_DTYPE_I64:
    return mlirIntegerTypeGet(ctx, 64);
  case DLC_DTYPE_U8:
    return mlirIntegerTypeUnsignedGet(ctx, 8);
  case DLC_DTYPE_U16:
    return mlirIntegerTypeUnsignedGet(ctx, 16);
  case DLC_DTYPE_U32:
    return mlirIntegerTypeUnsignedGet(ctx, 32);
  case DLC_DTYPE_U64:
    return mlirIntegerTypeUnsignedGet(ctx, 64);
  case DLC_DTYPE_BOOL:
    return mlirIntegerTypeGet(ctx, 1);
  }
  return (MlirType){NULL};
}

MlirLogicalResult dlcDTypeFromMlirType(MlirType t, DlcDType *dtype) {
  if (mlirTypeIsAF32(t)) {
    *dtype = DLC_DTYPE_F32;
  } else if (mlirTypeIsAF64(t)) {
    *dtype = DLC_DTYPE_F64;
  } else if (mlirTypeIsAInteger(t) && !mlirIntegerTypeIsSigned(t)) {
    bool u = mlirIntegerTypeIsUnsigned(t);
    switch (mlirIntegerTypeGetWidth(t)) {
    case 1:
      if (u)
        return mlirLogicalResultFailure();
      *dtype = DLC_DTYPE_BOOL;
      break;
    case 8:
      *dtype = u ? DLC_DTYPE_U8 : DLC_DTYPE_I8;
      break;
    case 16:
      *dtype = u ? DLC_DTYPE_U16 : DLC_DTYPE_I16;
      break;
    case 32:
      *dtype = u ? DLC_DTYPE_U32 : DLC_DTYPE_I32;
      break;
    case 64:
      *dtype = u ? DLC_DTYPE_U64 : DLC_DTYPE_I64;
      break;
    default:
      return mlirLogicalResultFailure();
    }
  } else {
    return mlirLogicalResultFailure();
  }
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
