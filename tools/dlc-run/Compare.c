//===- Compare.c - Checking and showing dlc-run's results -------*- C -*-===//

#include "Compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The float8 and float4 codes, whose values dlcDTypeDecode gives.
static bool isSmallFloat(DlcDType dtype) {
  return dtype >= DLC_DTYPE_F8E4M3FN && dtype <= DLC_DTYPE_F4E2M1;
}

static bool isFloat(DlcDType dtype) {
  return dtype == DLC_DTYPE_F32 || dtype == DLC_DTYPE_F64 || dtype == DLC_DTYPE_F16 ||
         dtype == DLC_DTYPE_BF16 || isSmallFloat(dtype);
}

static bool isUnsigned(DlcDType dtype) {
  return dtype == DLC_DTYPE_U8 || dtype == DLC_DTYPE_U16 || dtype == DLC_DTYPE_U32 ||
         dtype == DLC_DTYPE_U64 || dtype == DLC_DTYPE_BOOL || dtype == DLC_DTYPE_U4 ||
         dtype == DLC_DTYPE_U2;
}

// bfloat16 is the top half of a float32: widening is a shift, and rounding
// to it (to nearest, ties to even) drops the low half. GCC 12's C has
// _Float16 but no bfloat16 arithmetic type.
static float bf16ToFloat(uint16_t bits) {
  uint32_t wide = (uint32_t)bits << 16;
  float v;
  memcpy(&v, &wide, 4);
  return v;
}

static float roundToBF16(float v) {
  uint32_t bits;
  memcpy(&bits, &v, 4);
  if (!isnan(v))
    bits += 0x7fff + ((bits >> 16) & 1);
  return bf16ToFloat((uint16_t)(bits >> 16));
}

static double floatAt(const DlcTensor *t, int64_t i) {
  const char *p = (const char *)t->data + (size_t)i * dlcDTypeSize(t->dtype);
  switch (t->dtype) {
  case DLC_DTYPE_F32: {
    float v;
    memcpy(&v, p, 4);
    return v;
  }
  case DLC_DTYPE_F16: {
    _Float16 v;
    memcpy(&v, p, 2);
    return (double)v;
  }
  case DLC_DTYPE_BF16: {
    uint16_t v;
    memcpy(&v, p, 2);
    return bf16ToFloat(v);
  }
  case DLC_DTYPE_F64: {
    double v;
    memcpy(&v, p, 8);
    return v;
  }
  default:
    return dlcDTypeDecode(t->dtype, *(const uint8_t *)p);
  }
}

// Whether `text` reads back as `v` in `dtype`'s precision.
static bool readsBackAs(const char *text, double v, DlcDType dtype) {
  switch (dtype) {
  case DLC_DTYPE_F32:
    return strtof(text, NULL) == (float)v;
  case DLC_DTYPE_F16:
    return (_Float16)strtof(text, NULL) == (_Float16)v;
  case DLC_DTYPE_BF16:
    return roundToBF16(strtof(text, NULL)) == (float)v;
  default:
    return strtod(text, NULL) == v;
  }
}

// Integers and bools, widened: signed values in *s, unsigned ones in *u.
static void intAt(const DlcTensor *t, int64_t i, int64_t *s, uint64_t *u) {
  const char *p = (const char *)t->data + (size_t)i * dlcDTypeSize(t->dtype);
  int8_t i8;
  int16_t i16;
  int32_t i32;
  uint8_t u8;
  uint16_t u16;
  uint32_t u32;
  switch (t->dtype) {
  case DLC_DTYPE_I8:
    memcpy(&i8, p, 1);
    *s = i8;
    break;
  case DLC_DTYPE_I16:
    memcpy(&i16, p, 2);
    *s = i16;
    break;
  case DLC_DTYPE_I32:
    memcpy(&i32, p, 4);
    *s = i32;
    break;
  case DLC_DTYPE_I64:
    memcpy(s, p, 8);
    break;
  case DLC_DTYPE_U8:
  case DLC_DTYPE_BOOL:
    memcpy(&u8, p, 1);
    *u = t->dtype == DLC_DTYPE_BOOL ? u8 != 0 : u8;
    break;
  case DLC_DTYPE_U16:
    memcpy(&u16, p, 2);
    *u = u16;
    break;
  case DLC_DTYPE_U32:
    memcpy(&u32, p, 4);
    *u = u32;
    break;
  case DLC_DTYPE_U64:
    memcpy(u, p, 8);
    break;
  case DLC_DTYPE_I4:
  case DLC_DTYPE_I2:
    *s = (int64_t)dlcDTypeDecode(t->dtype, *(const uint8_t *)p);
    break;
  case DLC_DTYPE_U4:
  case DLC_DTYPE_U2:
    *u = (uint64_t)dlcDTypeDecode(t->dtype, *(const uint8_t *)p);
    break;
  default:
    break;
  }
}

DlcComparison dlcCompareTensors(const DlcTensor *got, const DlcTensor *want, double rtol,
                                double atol) {
  DlcComparison c = {0, 0, 0, -1};
  bool sawNaN = false;
  int64_t n = dlcTensorNumElements(want);
  for (int64_t i = 0; i < n; ++i) {
    double absErr, relErr;
    bool match;
    if (isFloat(want->dtype)) {
      double g = floatAt(got, i), w = floatAt(want, i);
      if (isnan(g) || isnan(w)) {
        match = isnan(g) && isnan(w);
        absErr = relErr = 0;
        sawNaN = sawNaN || !match;
      } else if (g == w) { // also inf == inf
        match = true;
        absErr = relErr = 0;
      } else {
        absErr = fabs(g - w);
        relErr = w != 0 ? absErr / fabs(w) : INFINITY;
        match = absErr <= atol + rtol * fabs(w);
      }
    } else {
      int64_t gs = 0, ws = 0;
      uint64_t gu = 0, wu = 0;
      intAt(got, i, &gs, &gu);
      intAt(want, i, &ws, &wu);
      if (isUnsigned(want->dtype)) {
        match = gu == wu;
        absErr = gu > wu ? (double)(gu - wu) : (double)(wu - gu);
        relErr = wu ? absErr / (double)wu : (match ? 0 : INFINITY);
      } else {
        match = gs == ws;
        absErr = fabs((double)gs - (double)ws);
        relErr = ws ? absErr / fabs((double)ws) : (match ? 0 : INFINITY);
      }
    }
    if (absErr > c.maxAbsError)
      c.maxAbsError = absErr;
    if (relErr > c.maxRelError)
      c.maxRelError = relErr;
    if (!match && c.numMismatches++ == 0)
      c.firstMismatch = i;
  }
  if (sawNaN)
    c.maxAbsError = c.maxRelError = NAN;
  return c;
}

void dlcAppendTensorType(Text *s, const DlcTensor *t) {
  textPuts(s, "shape=");
  textAppendInts(s, t->shape, t->rank);
  textPrintf(s, " dtype=%s", dlcDTypeName(t->dtype));
}

void dlcAppendValue(Text *s, const DlcTensor *t, int64_t i) {
  if (isFloat(t->dtype)) {
    // The shortest text that reads back as the same value, as numpy shows.
    double v = floatAt(t, i);
    char buf[32];
    if (v == floor(v) && fabs(v) < 1e16) {
      textPrintf(s, "%.0f", v); // 10, not 1e+01
      return;
    }
    for (int precision = 1; precision <= 17; ++precision) {
      snprintf(buf, sizeof buf, "%.*g", precision, v);
      if (readsBackAs(buf, v, t->dtype))
        break;
    }
    textPuts(s, buf);
    return;
  }
  int64_t v = 0;
  uint64_t u = 0;
  intAt(t, i, &v, &u);
  if (t->dtype == DLC_DTYPE_BOOL)
    textPuts(s, u ? "true" : "false");
  else if (isUnsigned(t->dtype))
    textPrintf(s, "%llu", (unsigned long long)u);
  else
    textPrintf(s, "%lld", (long long)v);
}

void dlcAppendValues(Text *s, const DlcTensor *t, int64_t limit) {
  int64_t n = dlcTensorNumElements(t);
  textPuts(s, "[");
  for (int64_t i = 0; i < n && i < limit; ++i) {
    if (i)
      textPuts(s, ", ");
    dlcAppendValue(s, t, i);
  }
  if (n > limit)
    textPuts(s, ", ...");
  textPuts(s, "]");
}

void dlcAppendIndex(Text *s, const DlcTensor *t, int64_t i) {
  int64_t index[DLC_TENSOR_MAX_RANK];
  for (int64_t d = t->rank; d-- > 0;) {
    index[d] = t->shape[d] ? i % t->shape[d] : 0;
    i = t->shape[d] ? i / t->shape[d] : 0;
  }
  textAppendInts(s, index, t->rank);
}
