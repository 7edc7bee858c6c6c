//===- SmallFloat.h - float8 and float4 codes on the host -------*- C -*-===//
//
// The values of ONNX's small float types, as the host computes them: the
// constant evaluator, dlc-run's comparison (through dlcDTypeDecode) and the
// tests' reference share these. Compiled code computes the same conversions
// with integer ops (Conversion/GraphToTensor/SmallFloat.c).
//
// Each format is a sign bit (none for e8m0), E exponent bits of bias B and
// M mantissa bits: e4m3fn (B 7, NaN 0x7f/0xff, no inf), e4m3fnuz (B 8, NaN
// 0x80 only, no -0), e5m2 (IEEE-like, B 15), e5m2fnuz (B 16), e2m1 (4 bits,
// B 1, no NaN or inf), e8m0 (2^(code - 127), NaN 0xff).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_SMALLFLOAT_H
#define DLC_SUPPORT_SMALLFLOAT_H

#include <stdbool.h>
#include <stdint.h>

typedef enum DlcSmallFloat {
  DLC_SF_E4M3FN,
  DLC_SF_E4M3FNUZ,
  DLC_SF_E5M2,
  DLC_SF_E5M2FNUZ,
  DLC_SF_E2M1,
  DLC_SF_E8M0,
} DlcSmallFloat;

/// E8M0's rounding of Cast (`round_mode`): to the next power of two up,
/// down, or the nearest one.
typedef enum DlcRoundMode { DLC_ROUND_UP, DLC_ROUND_DOWN, DLC_ROUND_NEAREST } DlcRoundMode;

/// The format of one (exponent bits, mantissa bits, bias, largest finite
/// code without sign, sign bit position, whether it has inf).
typedef struct DlcSmallFloatFormat {
  int exponentBits, mantissaBits, bias;
  uint32_t maxCode, signBit;
  bool hasInf, unsignedZero;
} DlcSmallFloatFormat;

const DlcSmallFloatFormat *dlcSmallFloatFormat(DlcSmallFloat format);
/// The format of a DLC_T_* element-type bit; false for the other types.
bool dlcSmallFloatOf(uint32_t eltBit, DlcSmallFloat *format);
/// The value of a code (NaN for NaN codes).
float dlcSmallFloatDecode(DlcSmallFloat format, uint32_t code);
/// A float rounded to the nearest code (ties to even; e8m0 by `mode`),
/// out-of-range values and infinities saturating to the largest finite
/// value when `saturate`, else becoming inf (e5m2) or NaN (ONNX's Cast).
uint32_t dlcSmallFloatEncode(DlcSmallFloat format, float x, bool saturate, DlcRoundMode mode);

#endif // DLC_SUPPORT_SMALLFLOAT_H
