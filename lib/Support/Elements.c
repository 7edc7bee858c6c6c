//===- Elements.c - Constant tensors as host arrays -------------*- C -*-===//

#include "Support/Elements.h"
#include "Support/SmallFloat.h"

#include "Bridge/Bridge.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool dlcElementsCreate(MlirType type, DlcElements *out) {
  memset(out, 0, sizeof *out);
  if (!dlcShapeOf(type, &out->shape) || !dlcShapeIsStatic(&out->shape))
    return false;
  MlirType elt = mlirShapedTypeGetElementType(type);
  if (!dlcEltBit(elt))
    return false;
  int64_t count = 1;
  for (int64_t d = 0; d < out->shape.rank; ++d)
    if (__builtin_mul_overflow(count, out->shape.dims[d], &count) || count > (1LL << 40))
      return false;
  out->type = type;
  out->elt = elt;
  out->count = count;
  out->isFloat = dlcIsFloat(elt);
  size_t n = (size_t)(count ? count : 1);
  if (out->isFloat)
    out->f = calloc(n, sizeof *out->f);
  else
    out->i = calloc(n, sizeof *out->i);
  if (!out->f && !out->i)
    abort();
  return true;
}

void dlcElementsFree(DlcElements *e) {
  free(e->f);
  free(e->i);
  memset(e, 0, sizeof *e);
}

double dlcElementsCastFloat(const DlcElements *e, double v, bool saturate, DlcRoundMode mode) {
  DlcSmallFloat format;
  if (!dlcSmallFloatOf(dlcEltBit(e->elt), &format))
    return dlcElementsRoundFloat(e, v);
  return dlcSmallFloatDecode(format, dlcSmallFloatEncode(format, (float)v, saturate, mode));
}

double dlcElementsRoundFloat(const DlcElements *e, double v) {
  DlcSmallFloat format;
  if (dlcSmallFloatOf(dlcEltBit(e->elt), &format))
    return dlcElementsCastFloat(e, v, true, DLC_ROUND_UP);
  switch (dlcEltBit(e->elt)) {
  case DLC_T_F32:
    return (float)v;
  case DLC_T_F16:
    return (double)(_Float16)v;
  case DLC_T_BF16:
    return dlcBF16ToFloat(dlcFloatToBF16((float)v));
  default:
    return v;
  }
}

int64_t dlcElementsWrapInt(const DlcElements *e, int64_t v) {
  unsigned width = dlcEltWidth(e->elt);
  if (width == 1)
    return v != 0;
  if (width >= 64)
    return v;
  uint64_t mask = (UINT64_C(1) << width) - 1, bits = (uint64_t)v & mask;
  if (dlcIsUnsigned(e->elt))
    return (int64_t)bits;
  uint64_t sign = UINT64_C(1) << (width - 1);
  return (int64_t)((bits ^ sign) - sign);
}

double dlcElementsGetDouble(const DlcElements *e, int64_t k) {
  if (e->isFloat)
    return e->f[k];
  if (dlcIsUnsigned(e->elt))
    return (double)(uint64_t)e->i[k];
  return (double)e->i[k];
}

// Element `k` of packed native data of element kind `bit`.
static void decode(DlcElements *e, uint32_t bit, const char *p, int64_t k) {
  DlcSmallFloat format;
  if (dlcSmallFloatOf(bit, &format)) {
    e->f[k] = dlcSmallFloatDecode(format, *(const uint8_t *)p);
    return;
  }
  if (bit & DLC_T_SUBBYTE_INT) { // one byte, the value in its low bits
    e->i[k] = dlcElementsWrapInt(e, *(const uint8_t *)p);
    return;
  }
  switch (bit) {
  case DLC_T_F32: {
    float x;
    memcpy(&x, p, 4);
    e->f[k] = x;
    return;
  }
  case DLC_T_F64:
    memcpy(&e->f[k], p, 8);
    return;
  case DLC_T_F16: {
    _Float16 x;
    memcpy(&x, p, 2);
    e->f[k] = (double)x;
    return;
  }
  case DLC_T_BF16: {
    uint16_t x;
    memcpy(&x, p, 2);
    e->f[k] = dlcBF16ToFloat(x);
    return;
  }
  case DLC_T_I8:
    e->i[k] = *(const int8_t *)p;
    return;
  case DLC_T_U8:
    e->i[k] = *(const uint8_t *)p;
    return;
  case DLC_T_I16: {
    int16_t x;
    memcpy(&x, p, 2);
    e->i[k] = x;
    return;
  }
  case DLC_T_U16: {
    uint16_t x;
    memcpy(&x, p, 2);
    e->i[k] = x;
    return;
  }
  case DLC_T_I32: {
    int32_t x;
    memcpy(&x, p, 4);
    e->i[k] = x;
    return;
  }
  case DLC_T_U32: {
    uint32_t x;
    memcpy(&x, p, 4);
    e->i[k] = x;
    return;
  }
  default: // i64, ui64
    memcpy(&e->i[k], p, 8);
    return;
  }
}

static void encode(const DlcElements *e, uint32_t bit, char *p, int64_t k) {
  DlcSmallFloat format;
  if (dlcSmallFloatOf(bit, &format)) {
    // The values are those of codes already (dlcElementsCastFloat): exact,
    // inf only where the format has it.
    *(uint8_t *)p = (uint8_t)dlcSmallFloatEncode(format, (float)e->f[k], false, DLC_ROUND_DOWN);
    return;
  }
  if (bit & DLC_T_SUBBYTE_INT) {
    unsigned width = dlcEltWidth(e->elt);
    *(uint8_t *)p = (uint8_t)(e->i[k] & ((1 << width) - 1));
    return;
  }
  switch (bit) {
  case DLC_T_F32: {
    float x = (float)e->f[k];
    memcpy(p, &x, 4);
    return;
  }
  case DLC_T_F64:
    memcpy(p, &e->f[k], 8);
    return;
  case DLC_T_F16: {
    _Float16 x = (_Float16)e->f[k];
    memcpy(p, &x, 2);
    return;
  }
  case DLC_T_BF16: {
    uint16_t x = dlcFloatToBF16((float)e->f[k]);
    memcpy(p, &x, 2);
    return;
  }
  case DLC_T_I8:
  case DLC_T_U8:
    *(uint8_t *)p = (uint8_t)e->i[k];
    return;
  case DLC_T_I16:
  case DLC_T_U16: {
    uint16_t x = (uint16_t)e->i[k];
    memcpy(p, &x, 2);
    return;
  }
  case DLC_T_I32:
  case DLC_T_U32: {
    uint32_t x = (uint32_t)e->i[k];
    memcpy(p, &x, 4);
    return;
  }
  default:
    memcpy(p, &e->i[k], 8);
    return;
  }
}

bool dlcElementsRead(MlirAttribute attr, DlcElements *out) {
  memset(out, 0, sizeof *out);
  bool resource = mlirAttributeIsADenseResourceElements(attr);
  if (!resource && !mlirAttributeIsADenseElements(attr))
    return false;
  if (!dlcElementsCreate(mlirAttributeGetType(attr), out))
    return false;
  uint32_t bit = dlcEltBit(out->elt);
  if (bit == DLC_T_I1) {
    if (resource) {
      dlcElementsFree(out);
      return false; // DLC never makes i1 blobs (broken in MLIR 22)
    }
    for (int64_t k = 0; k < out->count; ++k)
      out->i[k] = mlirDenseElementsAttrGetBoolValue(attr, k);
    return true;
  }
  size_t width = (dlcEltWidth(out->elt) + 7) / 8; // a byte for the 4- and 2-bit types
  const char *data;
  size_t stride = width;
  if (resource) {
    const void *blob;
    size_t size, align;
    if (mlirLogicalResultIsFailure(dlcBridgeDenseResourceData(attr, &blob, &size, &align)) ||
        size < (size_t)out->count * width) {
      dlcElementsFree(out);
      return false;
    }
    data = blob;
  } else {
    data = mlirDenseElementsAttrGetRawData(attr);
    if (mlirDenseElementsAttrIsSplat(attr))
      stride = 0;
  }
  for (int64_t k = 0; k < out->count; ++k)
    decode(out, bit, data + (size_t)k * stride, k);
  return true;
}

static void freeBlob(void *userData, const void *data, size_t size, size_t align) {
  (void)userData, (void)size, (void)align;
  free((void *)data);
}

MlirAttribute dlcElementsToAttr(const DlcElements *e, int64_t maxDense, const char *blobName) {
  uint32_t bit = dlcEltBit(e->elt);
  if (bit == DLC_T_I1) {
    int *bits = malloc((size_t)(e->count ? e->count : 1) * sizeof *bits);
    if (!bits)
      abort();
    for (int64_t k = 0; k < e->count; ++k)
      bits[k] = e->i[k] != 0;
    MlirAttribute a = mlirDenseElementsAttrBoolGet(e->type, e->count, bits);
    free(bits);
    return a;
  }
  size_t width = (dlcEltWidth(e->elt) + 7) / 8, size = (size_t)e->count * width;
  // One value everywhere: a splat, whatever the size.
  bool splat = e->count > 1;
  for (int64_t k = 1; k < e->count && splat; ++k)
    splat = e->isFloat ? e->f[k] == e->f[0] && signbit(e->f[k]) == signbit(e->f[0])
                       : e->i[k] == e->i[0];
  if (splat) {
    char one[8];
    encode(e, bit, one, 0);
    return mlirDenseElementsAttrRawBufferGet(e->type, width, one);
  }
  char *data = aligned_alloc(64, (size + 63) / 64 * 64 + 64);
  if (!data)
    abort();
  for (int64_t k = 0; k < e->count; ++k)
    encode(e, bit, data + (size_t)k * width, k);
  if (e->count <= maxDense) {
    MlirAttribute a = mlirDenseElementsAttrRawBufferGet(e->type, size, data);
    free(data);
    return a;
  }
  return mlirUnmanagedDenseResourceElementsAttrGet(
      e->type, mlirStringRefCreateFromCString(blobName), data, size, 64, false, freeBlob, NULL);
}
