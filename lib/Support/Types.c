//===- Types.c - Element types and shapes of DLC tensors --------*- C -*-===//

#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

uint32_t dlcEltBit(MlirType t) {
  if (mlirTypeIsAF32(t))
    return DLC_T_F32;
  if (mlirTypeIsAF64(t))
    return DLC_T_F64;
  if (mlirTypeIsAF16(t))
    return DLC_T_F16;
  if (mlirTypeIsABF16(t))
    return DLC_T_BF16;
  if (mlirTypeIsAFloat8E4M3FN(t))
    return DLC_T_F8E4M3FN;
  if (mlirTypeIsAFloat8E4M3FNUZ(t))
    return DLC_T_F8E4M3FNUZ;
  if (mlirTypeIsAFloat8E5M2(t))
    return DLC_T_F8E5M2;
  if (mlirTypeIsAFloat8E5M2FNUZ(t))
    return DLC_T_F8E5M2FNUZ;
  if (mlirTypeIsAFloat8E8M0FNU(t))
    return DLC_T_F8E8M0;
  if (mlirTypeIsAFloat4E2M1FN(t))
    return DLC_T_F4E2M1;
  if (!mlirTypeIsAInteger(t))
    return 0;
  unsigned w = mlirIntegerTypeGetWidth(t);
  if (mlirIntegerTypeIsSigned(t))
    return 0;
  bool u = mlirIntegerTypeIsUnsigned(t);
  switch (w) {
  case 1:
    return u ? 0 : DLC_T_I1;
  case 2:
    return u ? DLC_T_U2 : DLC_T_I2;
  case 4:
    return u ? DLC_T_U4 : DLC_T_I4;
  case 8:
    return u ? DLC_T_U8 : DLC_T_I8;
  case 16:
    return u ? DLC_T_U16 : DLC_T_I16;
  case 32:
    return u ? DLC_T_U32 : DLC_T_I32;
  case 64:
    return u ? DLC_T_U64 : DLC_T_I64;
  default:
    return 0;
  }
}

MlirType dlcEltFromBit(MlirContext ctx, uint32_t bit) {
  switch (bit) {
  case DLC_T_F32:
    return mlirF32TypeGet(ctx);
  case DLC_T_F64:
    return mlirF64TypeGet(ctx);
  case DLC_T_I8:
    return mlirIntegerTypeGet(ctx, 8);
  case DLC_T_I16:
    return mlirIntegerTypeGet(ctx, 16);
  case DLC_T_I32:
    return mlirIntegerTypeGet(ctx, 32);
  case DLC_T_I64:
    return mlirIntegerTypeGet(ctx, 64);
  case DLC_T_U8:
    return mlirIntegerTypeUnsignedGet(ctx, 8);
  case DLC_T_U16:
    return mlirIntegerTypeUnsignedGet(ctx, 16);
  case DLC_T_U32:
    return mlirIntegerTypeUnsignedGet(ctx, 32);
  case DLC_T_U64:
    return mlirIntegerTypeUnsignedGet(ctx, 64);
  case DLC_T_I1:
    return mlirIntegerTypeGet(ctx, 1);
  case DLC_T_F16:
    return mlirF16TypeGet(ctx);
  case DLC_T_BF16:
    return mlirBF16TypeGet(ctx);
  case DLC_T_F8E4M3FN:
    return mlirFloat8E4M3FNTypeGet(ctx);
  case DLC_T_F8E4M3FNUZ:
    return mlirFloat8E4M3FNUZTypeGet(ctx);
  case DLC_T_F8E5M2:
    return mlirFloat8E5M2TypeGet(ctx);
  case DLC_T_F8E5M2FNUZ:
    return mlirFloat8E5M2FNUZTypeGet(ctx);
  case DLC_T_F8E8M0:
    return mlirFloat8E8M0FNUTypeGet(ctx);
  case DLC_T_F4E2M1:
    return mlirFloat4E2M1FNTypeGet(ctx);
  case DLC_T_I4:
    return mlirIntegerTypeGet(ctx, 4);
  case DLC_T_U4:
    return mlirIntegerTypeUnsignedGet(ctx, 4);
  case DLC_T_I2:
    return mlirIntegerTypeGet(ctx, 2);
  case DLC_T_U2:
    return mlirIntegerTypeUnsignedGet(ctx, 2);
  default:
    return (MlirType){NULL};
  }
}

const char *dlcEltMaskName(uint32_t mask) {
  switch (mask) {
  case DLC_T_FLOAT:
    return "float (f32, f64)";
  case DLC_T_INT:
    return "integer";
  case DLC_T_UINT:
    return "unsigned integer (ui8-ui64)";
  case DLC_T_SINT:
    return "signed integer (i8-i64)";
  case DLC_T_NUMERIC:
    return "numeric (float or integer)";
  case DLC_T_SIGNED:
    return "float or signed integer";
  case DLC_T_ANY:
    return "f32, f64, i8-i64, ui8-ui64 or i1";
  case DLC_T_INDEX:
    return "i32 or i64";
  case DLC_T_I64:
    return "i64";
  case DLC_T_I1:
    return "i1";
  case DLC_T_STORED:
    return "f32, f64, f16, bf16, i8-i64, ui8-ui64, i1, a float8 or float4 type, i4, ui4, i2 or "
           "ui2";
  default:
    return "a supported";
  }
}

bool dlcIsFloat(MlirType t) {
  return (dlcEltBit(t) & (DLC_T_FLOAT | DLC_T_HALF | DLC_T_SMALLFLOAT)) != 0;
}
bool dlcIsUnsigned(MlirType t) { return (dlcEltBit(t) & (DLC_T_UINT | DLC_T_U4 | DLC_T_U2)) != 0; }

unsigned dlcEltWidth(MlirType t) {
  if (mlirTypeIsAF32(t))
    return 32;
  if (mlirTypeIsAF64(t))
    return 64;
  if (mlirTypeIsAF16(t) || mlirTypeIsABF16(t))
    return 16;
  if (dlcEltIn(t, DLC_T_SMALLFLOAT))
    return mlirTypeIsAFloat4E2M1FN(t) ? 4 : 8;
  if (mlirTypeIsAInteger(t))
    return mlirIntegerTypeGetWidth(t);
  if (mlirTypeIsAIndex(t))
    return 64;
  return 0;
}

MlirType dlcSignless(MlirType t) {
  if (mlirTypeIsAInteger(t) && !mlirIntegerTypeIsSignless(t))
    return mlirIntegerTypeGet(mlirTypeGetContext(t), mlirIntegerTypeGetWidth(t));
  return t;
}

bool dlcShapeOf(MlirType t, DlcShape *s) {
  if (!mlirTypeIsARankedTensor(t))
    return false;
  int64_t rank = mlirShapedTypeGetRank(t);
  if (rank > DLC_MAX_RANK)
    return false;
  s->rank = rank;
  for (int64_t i = 0; i < rank; ++i)
    s->dims[i] = mlirShapedTypeIsDynamicDim(t, i) ? DLC_DYN : mlirShapedTypeGetDimSize(t, i);
  return true;
}

MlirType dlcElementType(MlirType t) { return mlirShapedTypeGetElementType(t); }

MlirType dlcTensorTypeOf(int64_t rank, const int64_t *dims, MlirType elt) {
  int64_t shape[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    shape[i] = dims[i] == DLC_DYN ? mlirShapedTypeGetDynamicSize() : dims[i];
  return mlirRankedTensorTypeGet(rank, shape, elt, mlirAttributeGetNull());
}

MlirType dlcTensorType(const DlcShape *s, MlirType elt) {
  return dlcTensorTypeOf(s->rank, s->dims, elt);
}

bool dlcShapeIsStatic(const DlcShape *s) {
  for (int64_t i = 0; i < s->rank; ++i)
    if (s->dims[i] == DLC_DYN)
      return false;
  return true;
}

bool dlcTypeIsF32StaticButOuter(MlirType t) {
  if (!mlirTypeIsARankedTensor(t) || !mlirTypeIsAF32(mlirShapedTypeGetElementType(t)))
    return false;
  for (intptr_t i = 1, n = mlirShapedTypeGetRank(t); i < n; ++i)
    if (mlirShapedTypeIsDynamicDim(t, i))
      return false;
  return true;
}

int64_t dlcShapeNumElements(const DlcShape *s) {
  int64_t n = 1;
  bool overflow = false;
  for (int64_t i = 0; i < s->rank; ++i) {
    if (s->dims[i] == DLC_DYN)
      return DLC_DYN;
    overflow |= __builtin_mul_overflow(n, s->dims[i], &n);
  }
  // Any zero dim makes it 0 however large the others.
  for (int64_t i = 0; overflow && i < s->rank; ++i)
    if (s->dims[i] == 0)
      return 0;
  return overflow ? INT64_MAX : n;
}

bool dlcShapeWithinLimit(const DlcShape *s) {
  int64_t n = 1;
  for (int64_t i = 0; i < s->rank; ++i) {
    if (s->dims[i] == 0)
      return true;
    if (s->dims[i] != DLC_DYN && (__builtin_mul_overflow(n, s->dims[i], &n) || n > DLC_MAX_ELEMENTS))
      return false;
  }
  return true;
}

bool dlcBroadcastShapes(const DlcShape *a, const DlcShape *b, DlcShape *out) {
  int64_t rank = a->rank > b->rank ? a->rank : b->rank;
  out->rank = rank;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t ai = i - (rank - a->rank), bi = i - (rank - b->rank);
    int64_t x = ai >= 0 ? a->dims[ai] : 1, y = bi >= 0 ? b->dims[bi] : 1;
    int64_t d;
    if (x == 1)
      d = y;
    else if (y == 1)
      d = x;
    else if (x == DLC_DYN)
      d = y; // a dynamic dim broadcast against n must be n (or 1)
    else if (y == DLC_DYN)
      d = x;
    else if (x == y)
      d = x;
    else
      return false;
    out->dims[i] = d;
  }
  return true;
}

bool dlcTypesCompatible(MlirType a, MlirType b) {
  if (mlirTypeEqual(a, b))
    return true;
  DlcShape sa, sb;
  if (!dlcShapeOf(a, &sa) || !dlcShapeOf(b, &sb))
    return false;
  if (!mlirTypeEqual(dlcElementType(a), dlcElementType(b)) || sa.rank != sb.rank)
    return false;
  for (int64_t i = 0; i < sa.rank; ++i)
    if (sa.dims[i] != DLC_DYN && sb.dims[i] != DLC_DYN && sa.dims[i] != sb.dims[i])
      return false;
  return true;
}

MlirType dlcTypeMeet(MlirType a, MlirType b) {
  DlcShape sa, sb;
  if (!dlcShapeOf(a, &sa) || !dlcShapeOf(b, &sb) || sa.rank != sb.rank)
    return a;
  for (int64_t i = 0; i < sa.rank; ++i)
    if (sa.dims[i] == DLC_DYN)
      sa.dims[i] = sb.dims[i];
  return dlcTensorType(&sa, dlcElementType(a));
}

MlirType dlcTypeJoin(MlirType a, MlirType b) {
  DlcShape sa, sb;
  if (!dlcShapeOf(a, &sa) || !dlcShapeOf(b, &sb) || sa.rank != sb.rank ||
      !mlirTypeEqual(dlcElementType(a), dlcElementType(b)))
    return (MlirType){NULL};
  for (int64_t i = 0; i < sa.rank; ++i)
    if (sa.dims[i] != sb.dims[i])
      sa.dims[i] = DLC_DYN;
  return dlcTensorType(&sa, dlcElementType(a));
}

bool dlcNormalizeAxis(int64_t *axis, int64_t rank) {
  if (*axis < -rank || *axis >= rank)
    return false;
  if (*axis < 0)
    *axis += rank;
  return true;
}
