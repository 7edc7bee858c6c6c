//===- SmallFloat.c - Casts to and from float8 and float4 in IR -*- C -*-===//
//
// LLVM has no float8 or float4 types, and MLIR 22's convert-arith-to-llvm
// leaves arith.extf and arith.truncf on them unconverted: the casts are
// computed here with integer ops on their bits, through f32, exactly as
// Support/SmallFloat.c does on the host (the same formats table). In memory
// the codes are i8 (float4: i4), which is how LLVM lowers their memrefs.
// Rounding to bf16 is done here too: LLVM's needs a libgcc call on CPUs
// without bf16 conversion instructions.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/Scalar.h"
#include "Support/SmallFloat.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>

static DlcSmallFloat formatOf(MlirType t) {
  DlcSmallFloat format = DLC_SF_E8M0;
  dlcSmallFloatOf(dlcEltBit(t), &format);
  return format;
}

static MlirType i32Type(DlcBuilder *b) { return mlirIntegerTypeGet(b->ctx, 32); }

static MlirValue k32(DlcBuilder *b, uint32_t v) {
  return dlcConstant(b, mlirIntegerAttrGet(i32Type(b), (int64_t)(int32_t)v));
}

static MlirValue op2(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, name, 2, operands, mlirValueGetType(x), 0, NULL);
}

static MlirValue and32(DlcBuilder *b, MlirValue x, uint32_t m) {
  return op2(b, "arith.andi", x, k32(b, m));
}
static MlirValue or32(DlcBuilder *b, MlirValue x, MlirValue y) { return op2(b, "arith.ori", x, y); }
static MlirValue add32(DlcBuilder *b, MlirValue x, MlirValue y) {
  return op2(b, "arith.addi", x, y);
}
static MlirValue shr32(DlcBuilder *b, MlirValue x, uint32_t s) {
  return op2(b, "arith.shrui", x, k32(b, s));
}
static MlirValue shl32(DlcBuilder *b, MlirValue x, uint32_t s) {
  return op2(b, "arith.shli", x, k32(b, s));
}

// Unsigned comparisons of i32 values (arith.cmpi predicates).
static MlirValue cmp32(DlcBuilder *b, DlcScalarCompare op, MlirValue x, MlirValue y) {
  return dlcScalarCompare(b, op, mlirIntegerTypeUnsignedGet(b->ctx, 32), x, y);
}

static MlirValue sel(DlcBuilder *b, MlirValue c, MlirValue x, MlirValue y) {
  return dlcScalarSelect(b, c, x, y);
}

static MlirValue cast1(DlcBuilder *b, const char *name, MlirValue x, MlirType to) {
  return dlcBuild1(b, name, 1, &x, to, 0, NULL);
}

// The code of e8m0: the float's biased exponent, moved up by the rounding;
// inf and NaN (exponent 0xff) give NaN, or inf the largest value when
// saturating, and so does a rounding up past the largest.
static MlirValue encodeE8M0(DlcBuilder *b, MlirValue bits, bool saturate, DlcRoundMode mode) {
  MlirValue e = and32(b, shr32(b, bits, 23), 0xff), m = and32(b, bits, 0x7fffff);
  MlirValue code = e;
  if (mode != DLC_ROUND_DOWN) {
    MlirValue up = mode == DLC_ROUND_UP ? cmp32(b, DLC_NE, m, k32(b, 0))
                                        : cmp32(b, DLC_GE, m, k32(b, 0x400000));
    code = add32(b, e, cast1(b, "arith.extui", up, i32Type(b)));
  }
  MlirValue over = cmp32(b, DLC_EQ, code, k32(b, 0xff));
  code = sel(b, over, k32(b, saturate ? 0xfe : 0xff), code);
  MlirValue special = sel(b, cmp32(b, DLC_EQ, m, k32(b, 0)), k32(b, saturate ? 0xfe : 0xff),
                          k32(b, 0xff));
  return sel(b, cmp32(b, DLC_EQ, e, k32(b, 0xff)), special, code);
}

// The code of a float8 or float4 format: round to nearest even, in two
// ways selected by the magnitude (see Support/SmallFloat.c).
static MlirValue encodeIEEE(DlcBuilder *b, DlcSmallFloat format, MlirValue bits, bool saturate) {
  const DlcSmallFloatFormat *f = dlcSmallFloatFormat(format);
  MlirType f32 = mlirF32TypeGet(b->ctx), i32 = i32Type(b);
  MlirValue a = and32(b, bits, 0x7fffffff);
  MlirValue negative = cmp32(b, DLC_NE, shr32(b, bits, 31), k32(b, 0));
  MlirValue sign = sel(b, negative, k32(b, f->signBit), k32(b, 0));
  // Below the smallest normal: |x| in units of the smallest step, rounded
  // to even (the scaling by a power of two is exact); 0 elsewhere, so that
  // the conversion to an integer is always in range.
  MlirValue subnormal = cmp32(b, DLC_LT, a, k32(b, (uint32_t)(128 - f->bias) << 23));
  MlirValue scaled = dlcScalarBinary(b, DLC_MUL, f32, cast1(b, "arith.bitcast", a, f32),
                                     dlcScalarConst(b, f32, ldexp(1, f->bias + f->mantissaBits - 1)));
  scaled = sel(b, subnormal, scaled, dlcScalarConst(b, f32, 0));
  MlirValue small = cast1(b, "arith.fptoui", dlcScalarUnary(b, "math.roundeven", scaled), i32);
  // Normal: drop the low mantissa bits of the float, rounding to even; a
  // carry moves into the exponent as it should. Infinity lands far above
  // the largest code.
  uint32_t drop = 23 - (uint32_t)f->mantissaBits;
  MlirValue odd = and32(b, shr32(b, a, drop), 1);
  MlirValue r = add32(b, add32(b, a, k32(b, (1u << (drop - 1)) - 1)), odd);
  MlirValue normal = op2(b, "arith.subi", shr32(b, r, drop),
                         k32(b, (uint32_t)(127 - f->bias) << f->mantissaBits));
  MlirValue code = sel(b, subnormal, small, normal);
  MlirValue over = cmp32(b, DLC_GT, code, k32(b, f->maxCode));
  bool clamp = saturate || format == DLC_SF_E2M1;
  uint32_t overCode = clamp ? f->maxCode : f->hasInf ? 0x7c : f->unsignedZero ? 0x80 : 0x7f;
  code = sel(b, over, k32(b, overCode), code);
  MlirValue withSign = or32(b, code, sign);
  if (f->unsignedZero) { // no -0, and one NaN (0x80) without a sign
    MlirValue unsignedCode = or32(b, cmp32(b, DLC_EQ, code, k32(b, 0)),
                                  cmp32(b, DLC_EQ, code, k32(b, 0x80)));
    withSign = sel(b, unsignedCode, code, withSign);
  }
  // NaN: the format's NaN (e2m1 has none: ONNX's reference gives -0).
  MlirValue nan;
  if (f->unsignedZero)
    nan = k32(b, 0x80);
  else if (format == DLC_SF_E2M1)
    nan = k32(b, 0x8);
  else
    nan = or32(b, sign, k32(b, format == DLC_SF_E5M2 ? 0x7e : 0x7f));
  return sel(b, cmp32(b, DLC_GT, a, k32(b, 0x7f800000)), nan, withSign);
}

MlirValue dlcScalarToSmallFloat(DlcBuilder *b, MlirType to, MlirValue x, bool saturate,
                                DlcRoundMode mode) {
  DlcSmallFloat format = formatOf(to);
  MlirValue bits = cast1(b, "arith.bitcast", x, i32Type(b));
  MlirValue code = format == DLC_SF_E8M0 ? encodeE8M0(b, bits, saturate, mode)
                                         : encodeIEEE(b, format, bits, saturate);
  MlirType narrow = mlirIntegerTypeGet(b->ctx, dlcEltWidth(to));
  return cast1(b, "arith.bitcast", cast1(b, "arith.trunci", code, narrow), to);
}

MlirValue dlcScalarFromSmallFloat(DlcBuilder *b, MlirType from, MlirValue x) {
  DlcSmallFloat format = formatOf(from);
  const DlcSmallFloatFormat *f = dlcSmallFloatFormat(format);
  MlirType f32 = mlirF32TypeGet(b->ctx), i32 = i32Type(b);
  MlirType narrow = mlirIntegerTypeGet(b->ctx, dlcEltWidth(from));
  MlirValue c = cast1(b, "arith.extui", cast1(b, "arith.bitcast", x, narrow), i32);
  MlirValue nanBits = k32(b, 0x7fc00000);
  if (format == DLC_SF_E8M0) {
    // 2^(c - 127): the exponent field, but 2^-127 is a float32 subnormal.
    MlirValue bits = sel(b, cmp32(b, DLC_EQ, c, k32(b, 0)), k32(b, 0x400000), shl32(b, c, 23));
    bits = sel(b, cmp32(b, DLC_EQ, c, k32(b, 0xff)), nanBits, bits);
    return cast1(b, "arith.bitcast", bits, f32);
  }
  uint32_t M = (uint32_t)f->mantissaBits;
  MlirValue magnitude = and32(b, c, f->signBit - 1);
  MlirValue e = shr32(b, magnitude, M), m = and32(b, magnitude, (1u << M) - 1);
  MlirValue normalBits = or32(b, shl32(b, add32(b, e, k32(b, (uint32_t)(127 - f->bias))), 23),
                              shl32(b, m, 23 - M));
  MlirValue subnormal = dlcScalarBinary(b, DLC_MUL, f32, cast1(b, "arith.uitofp", m, f32),
                                        dlcScalarConst(b, f32, ldexp(1, 1 - f->bias - (int)M)));
  MlirValue v = sel(b, cmp32(b, DLC_EQ, e, k32(b, 0)), subnormal,
                    cast1(b, "arith.bitcast", normalBits, f32));
  MlirValue nan;
  if (format == DLC_SF_E5M2) {
    MlirValue top = cmp32(b, DLC_EQ, e, k32(b, 0x1f));
    v = sel(b, top, dlcScalarConst(b, f32, INFINITY), v);
    nan = dlcBuild1(b, "arith.andi", 2, (MlirValue[]){top, cmp32(b, DLC_NE, m, k32(b, 0))},
                    mlirIntegerTypeGet(b->ctx, 1), 0, NULL);
  } else if (f->unsignedZero) {
    nan = cmp32(b, DLC_EQ, c, k32(b, 0x80));
  } else if (format == DLC_SF_E2M1) {
    nan = (MlirValue){NULL};
  } else {
    nan = cmp32(b, DLC_EQ, magnitude, k32(b, 0x7f));
  }
  MlirValue negative = cmp32(b, DLC_NE, and32(b, c, f->signBit), k32(b, 0));
  v = sel(b, negative, dlcScalarNeg(b, f32, v), v);
  if (!mlirValueIsNull(nan))
    v = sel(b, nan, cast1(b, "arith.bitcast", nanBits, f32), v);
  return v;
}

MlirValue dlcScalarToBFloat16(DlcBuilder *b, MlirType to, MlirValue x) {
  MlirValue bits = cast1(b, "arith.bitcast", x, i32Type(b));
  MlirValue odd = and32(b, shr32(b, bits, 16), 1);
  // A carry out of the mantissa rounds the largest values up to infinity.
  MlirValue rounded = shr32(b, add32(b, add32(b, bits, k32(b, 0x7fff)), odd), 16);
  MlirValue quiet = or32(b, shr32(b, bits, 16), k32(b, 0x40));
  MlirValue nan = cmp32(b, DLC_GT, and32(b, bits, 0x7fffffff), k32(b, 0x7f800000));
  MlirValue code = sel(b, nan, quiet, rounded);
  return cast1(b, "arith.bitcast", cast1(b, "arith.trunci", code, mlirIntegerTypeGet(b->ctx, 16)),
               to);
}
