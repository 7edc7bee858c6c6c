//===- Tensor.c - Host tensors ----------------------------------*- C -*-===//

#include "dlc-c/Tensor.h"

#include "mlir-c/BuiltinTypes.h"

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
    if (shape[i] < 0)
      return mlirLogicalResultFailure();
    out->shape[i] = shape[i];
  }
  out->bytes = (size_t)dlcTensorNumElements(out) * dlcDTypeSize(dtype);
  // 64-byte aligned, never a zero-size allocation.
  size_t rounded = (out->bytes + 63) / 64 * 64;
  out->data = aligned_alloc(64, rounded ? rounded : 64);
  if (!out->data)
    return mlirLogicalResultFailure();
  memset(out->data, 0, rounded ? rounded : 64);
  return mlirLogicalResultSuccess();
}

void dlcTensorDestroy(DlcTensor *t) {
  free(t->data);
  t->data = NULL;
  t->bytes = 0;
}
