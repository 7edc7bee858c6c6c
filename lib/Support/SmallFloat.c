//===- SmallFloat.c - float8 and float4 codes on the host -------*- C -*-===//

#include "Support/SmallFloat.h"
#include "Support/Types.h"

#include <math.h>
#include <string.h>

static const DlcSmallFloatFormat formats[] = {
    [DLC_SF_E4M3FN] = {4, 3, 7, 0x7e, 0x80, false, false},
    [DLC_SF_E4M3FNUZ] = {4, 3, 8, 0x7f, 0x80, false, true},
    [DLC_SF_E5M2] = {5, 2, 15, 0x7b, 0x80, true, false},
    [DLC_SF_E5M2FNUZ] = {5, 2, 16, 0x7f, 0x80, false, true},
    [DLC_SF_E2M1] = {2, 1, 1, 0x7, 0x8, false, false},
    [DLC_SF_E8M0] = {8, 0, 127, 0xfe, 0, false, false},
};

const DlcSmallFloatFormat *dlcSmallFloatFormat(DlcSmallFloat format) { return &formats[format]; }

bool dlcSmallFloatOf(uint32_t eltBit, DlcSmallFloat *format) {
  switch (eltBit) {
  case DLC_T_F8E4M3FN:
    *format = DLC_SF_E4M3FN;
    return true;
  case DLC_T_F8E4M3FNUZ:
    *format = DLC_SF_E4M3FNUZ;
    return true;
  case DLC_T_F8E5M2:
    *format = DLC_SF_E5M2;
    return true;
  case DLC_T_F8E5M2FNUZ:
    *format = DLC_SF_E5M2FNUZ;
    return true;
  case DLC_T_F8E8M0:
    *format = DLC_SF_E8M0;
    return true;
  case DLC_T_F4E2M1:
    *format = DLC_SF_E2M1;
    return true;
  default:
    return false;
  }
}

static uint32_t bitsOf(float x) {
  uint32_t u;
  memcpy(&u, &x, 4);
  return u;
}

static bool isNaNCode(DlcSmallFloat format, uint32_t code) {
  switch (format) {
  case DLC_SF_E4M3FN:
    return (code & 0x7f) == 0x7f;
  case DLC_SF_E5M2:
    return (code & 0x7f) > 0x7c;
  case DLC_SF_E4M3FNUZ:
  case DLC_SF_E5M2FNUZ:
    return code == 0x80;
  case DLC_SF_E8M0:
    return code == 0xff;
  case DLC_SF_E2M1:
    return false;
  }
  return false;
}

float dlcSmallFloatDecode(DlcSmallFloat format, uint32_t code) {
  const DlcSmallFloatFormat *f = &formats[format];
  if (isNaNCode(format, code))
    return NAN;
  if (format == DLC_SF_E8M0)
    return ldexpf(1.0f, (int)code - 127);
  uint32_t magnitude = code & (f->signBit - 1);
  uint32_t e = magnitude >> f->mantissaBits, m = magnitude & ((1u << f->mantissaBits) - 1);
  float v;
  if (format == DLC_SF_E5M2 && e == 0x1f)
    v = INFINITY;
  else if (e == 0)
    v = ldexpf((float)m, 1 - f->bias - f->mantissaBits);
  else
    v = ldexpf((float)(m | (1u << f->mantissaBits)), (int)e - f->bias - f->mantissaBits);
  return (code & f->signBit) ? -v : v;
}

static uint32_t encodeE8M0(float x, bool saturate, DlcRoundMode mode) {
  uint32_t b = bitsOf(x), e = (b >> 23) & 0xff, m = b & 0x7fffff;
  if (e == 0xff)
    return m == 0 && saturate ? 0xfe : 0xff;
  bool up = mode == DLC_ROUND_UP ? m != 0 : mode == DLC_ROUND_NEAREST ? m >= 0x400000 : false;
  if (up && e == 0xfe)
    return saturate ? 0xfe : 0xff;
  return e + up;
}

uint32_t dlcSmallFloatEncode(DlcSmallFloat format, float x, bool saturate, DlcRoundMode mode) {
  if (format == DLC_SF_E8M0)
    return encodeE8M0(x, saturate, mode);
  const DlcSmallFloatFormat *f = &formats[format];
  uint32_t b = bitsOf(x), a = b & 0x7fffffff;
  uint32_t sign = (b >> 31) ? f->signBit : 0;
  if (a > 0x7f800000) { // NaN
    if (f->unsignedZero)
      return 0x80;
    if (format == DLC_SF_E2M1) // no NaN: ONNX's reference gives -0
      return 0x8;
    return sign | (format == DLC_SF_E5M2 ? 0x7e : 0x7f);
  }
  uint32_t code;
  int e = (int)(a >> 23) - 127;
  if (e < 1 - f->bias) {
    // Subnormal in the target (or zero): |x| in units of its smallest step,
    // rounded to even; the scaling by a power of two is exact.
    code = (uint32_t)nearbyintf(ldexpf(fabsf(x), f->bias + f->mantissaBits - 1));
  } else if (a >= 0x7f800000) {
    code = UINT32_MAX;
  } else {
    // Drop the float's low mantissa bits, rounding to even; a carry moves
    // into the exponent as it should.
    int drop = 23 - f->mantissaBits;
    uint32_t r = a + ((1u << (drop - 1)) - 1) + ((a >> drop) & 1);
    code = (r >> drop) - ((uint32_t)(127 - f->bias) << f->mantissaBits);
  }
  if (code > f->maxCode) {
    if (saturate || format == DLC_SF_E2M1)
      code = f->maxCode;
    else if (f->hasInf)
      code = 0x7c;
    else
      return f->unsignedZero ? 0x80 : sign | 0x7f;
  }
  if (code == 0 && f->unsignedZero)
    return 0;
  return sign | code;
}
