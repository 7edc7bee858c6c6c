//===- Elementwise.c - Elementwise graph ops to maps ------------*- C -*-===//
//
// Every elementwise graph op becomes one dlc_tensor.map whose scalar body
// (shared per op kind and element types) does the arithmetic. Scalar
// parameters (leaky_relu's alpha) are 0-d constant inputs, so bodies stay
// free of per-op constants.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Dialect/OpDef.h"
#include "Support/Str.h"
#include "dlc-c/Status.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

static MlirValue operand(DlcRewriter *rw, int i) { return dlcOpOperand(rw->op, i); }
static MlirType resultType(DlcRewriter *rw) { return mlirValueGetType(dlcOpResult(rw->op, 0)); }

static MlirLogicalResult replaceWith(DlcRewriter *rw, MlirValue v) {
  return dlcReplaceOpCast(rw, 1, &v);
}

//===----------------------------------------------------------------------===//
// Bodies
//===----------------------------------------------------------------------===//

static MlirValue binaryBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                            const void *data) {
  (void)r;
  return dlcScalarBinary(b, *(const DlcScalarBinary *)data, e[0], a[0], a[1]);
}

// Integer division defined everywhere: a zero divisor (and INT_MIN / -1)
// divides by 1 instead, and divisionCodeBody reports it.
static MlirValue isUndefinedDivision(DlcBuilder *b, const MlirValue *a, MlirType elt,
                                     MlirValue *byZero) {
  *byZero = dlcScalarCompare(b, DLC_EQ, elt, a[1], dlcScalarConst(b, elt, 0));
  if (dlcIsUnsigned(elt))
    return dlcScalarConst(b, mlirIntegerTypeGet(b->ctx, 1), 0);
  MlirValue isMin = dlcScalarCompare(b, DLC_EQ, elt, a[0], dlcScalarConst(b, elt, dlcEltLowest(elt)));
  MlirValue byMinusOne = dlcScalarCompare(b, DLC_EQ, elt, a[1], dlcScalarConst(b, elt, -1));
  MlirValue both[2] = {isMin, byMinusOne};
  return dlcBuild1(b, "arith.andi", 2, both, mlirIntegerTypeGet(b->ctx, 1), 0, NULL);
}

static MlirValue safeDivisionBody(DlcBuilder *b, const MlirValue *a, const MlirType *e,
                                  MlirType r, const void *data) {
  (void)r, (void)data;
  MlirValue byZero, overflows = isUndefinedDivision(b, a, e[0], &byZero);
  MlirValue either[2] = {byZero, overflows};
  MlirValue undefined =
      dlcBuild1(b, "arith.ori", 2, either, mlirIntegerTypeGet(b->ctx, 1), 0, NULL);
  MlirValue divisor = dlcScalarSelect(b, undefined, dlcScalarConst(b, e[0], 1), a[1]);
  return dlcScalarBinary(b, DLC_DIV, e[0], a[0], divisor);
}

static MlirValue divisionCodeBody(DlcBuilder *b, const MlirValue *a, const MlirType *e,
                                  MlirType r, const void *data) {
  (void)data;
  MlirValue byZero, overflows = isUndefinedDivision(b, a, e[0], &byZero);
  MlirValue code = dlcScalarSelect(b, overflows, dlcScalarConst(b, r, DlcStatusDivisionOverflow),
                                   dlcScalarConst(b, r, 0));
  return dlcScalarSelect(b, byZero, dlcScalarConst(b, r, DlcStatusDivisionByZero), code);
}

static MlirValue compareBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                             const void *data) {
  (void)r;
  return dlcScalarCompare(b, *(const DlcScalarCompare *)data, e[0], a[0], a[1]);
}

static MlirValue powBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)data;
  MlirType base = e[0], exponent = e[1];
  if (dlcIsFloat(base)) // float ** anything: in the base's float type
    return dlcScalarBinary(b, DLC_POW, base, a[0], dlcScalarCast(b, exponent, base, a[1]));
  if (!dlcIsFloat(exponent)) // int ** int: exact, in the base's type
    return dlcScalarBinary(b, DLC_POW, base, a[0], dlcScalarCast(b, exponent, base, a[1]));
  // int ** float: in the exponent's float type, truncated back.
  MlirValue p = dlcScalarBinary(b, DLC_POW, exponent, dlcScalarCast(b, base, exponent, a[0]), a[1]);
  return dlcScalarCast(b, exponent, r, p);
}

static MlirValue reluBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)r, (void)data;
  return dlcScalarBinary(b, DLC_MAX, e[0], a[0], dlcScalarConst(b, e[0], 0));
}

static MlirValue leakyReluBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                               const void *data) {
  (void)r, (void)data;
  MlirValue nonNeg = dlcScalarCompare(b, DLC_GE, e[0], a[0], dlcScalarConst(b, e[0], 0));
  return dlcScalarSelect(b, nonNeg, a[0], dlcScalarBinary(b, DLC_MUL, e[0], a[1], a[0]));
}

static MlirValue sigmoidBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                             const void *data) {
  (void)r, (void)data;
  MlirValue one = dlcScalarConst(b, e[0], 1);
  MlirValue expNeg = dlcScalarUnary(b, "math.exp", dlcScalarNeg(b, e[0], a[0]));
  return dlcScalarBinary(b, DLC_DIV, e[0], one, dlcScalarBinary(b, DLC_ADD, e[0], one, expNeg));
}

static MlirValue mathBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)e, (void)r;
  return dlcScalarUnary(b, (const char *)data, a[0]);
}

static MlirValue negBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  return dlcScalarNeg(b, e[0], a[0]);
}

static MlirValue absBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  return dlcScalarAbs(b, e[0], a[0]);
}

static MlirValue geluBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)r;
  MlirType t = e[0];
  MlirValue x = a[0], half = dlcScalarConst(b, t, 0.5), one = dlcScalarConst(b, t, 1);
  MlirValue inner;
  if (*(const bool *)data) { // tanh(sqrt(2/pi) * (x + 0.044715 x^3))
    MlirValue x3 = dlcScalarBinary(b, DLC_MUL, t, x, dlcScalarBinary(b, DLC_MUL, t, x, x));
    MlirValue poly = dlcScalarBinary(b, DLC_ADD, t, x,
                                     dlcScalarBinary(b, DLC_MUL, t, dlcScalarConst(b, t, 0.044715), x3));
    inner = dlcScalarUnary(b, "math.tanh",
                           dlcScalarBinary(b, DLC_MUL, t, dlcScalarConst(b, t, sqrt(2.0 / M_PI)), poly));
  } else { // erf(x / sqrt(2))
    inner = dlcScalarUnary(b, "math.erf",
                           dlcScalarBinary(b, DLC_MUL, t, x, dlcScalarConst(b, t, M_SQRT1_2)));
  }
  MlirValue halfX = dlcScalarBinary(b, DLC_MUL, t, half, x);
  return dlcScalarBinary(b, DLC_MUL, t, halfX, dlcScalarBinary(b, DLC_ADD, t, one, inner));
}

// clip bodies: args are x then the bounds present (data says which).
static MlirValue clipBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)r;
  const bool *has = data; // {hasMin, hasMax}
  MlirValue v = a[0];
  int next = 1;
  if (has[0])
    v = dlcScalarBinary(b, DLC_MAX, e[0], v, a[next++]);
  if (has[1])
    v = dlcScalarBinary(b, DLC_MIN, e[0], v, a[next]);
  return v;
}

static MlirValue build2(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, name, 2, operands, mlirValueGetType(x), 0, NULL);
}

// and, or, xor and their bitwise forms: data is the arith op.
static MlirValue bitwiseBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                             const void *data) {
  (void)e, (void)r;
  return build2(b, (const char *)data, a[0], a[1]);
}

// not and bitwise_not: x ^ all ones.
static MlirValue invertBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                            const void *data) {
  (void)r, (void)data;
  return build2(b, "arith.xori", a[0], dlcScalarConst(b, dlcSignless(e[0]), -1));
}

// LLVM's shifts by the width or more are poison; ONNX's give 0.
static MlirValue shiftBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                           const void *data) {
  (void)r;
  MlirValue shifted = build2(b, (const char *)data, a[0], a[1]);
  MlirValue tooFar = dlcScalarCompare(b, DLC_GE, e[1], a[1],
                                      dlcScalarConst(b, e[1], (double)dlcEltWidth(e[0])));
  return dlcScalarSelect(b, tooFar, dlcScalarConst(b, e[0], 0), shifted);
}

// The remainder: truncated (fmod, C) or, for signed integers, floored
// (Python: the sign of the divisor). Integer divisors of 0 (reported by
// modCodeBody) and INT_MIN % -1 (0 either way) use 1 instead.
static MlirValue modBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r;
  MlirType t = e[0];
  if (dlcIsFloat(t))
    return build2(b, "arith.remf", a[0], a[1]);
  MlirValue byZero, overflows = isUndefinedDivision(b, a, t, &byZero);
  MlirValue either[2] = {byZero, overflows};
  MlirValue undefined = dlcBuild1(b, "arith.ori", 2, either, mlirIntegerTypeGet(b->ctx, 1), 0, NULL);
  MlirValue divisor = dlcScalarSelect(b, undefined, dlcScalarConst(b, t, 1), a[1]);
  if (dlcIsUnsigned(t))
    return build2(b, "arith.remui", a[0], divisor);
  MlirValue rem = build2(b, "arith.remsi", a[0], divisor);
  if (*(const bool *)data)
    return rem;
  MlirValue zero = dlcScalarConst(b, t, 0);
  MlirValue signs[2] = {dlcScalarCompare(b, DLC_LT, t, rem, zero),
                        dlcScalarCompare(b, DLC_LT, t, divisor, zero)};
  MlirValue differ = dlcBuild1(b, "arith.xori", 2, signs, mlirIntegerTypeGet(b->ctx, 1), 0, NULL);
  MlirValue both[2] = {differ, dlcScalarCompare(b, DLC_NE, t, rem, zero)};
  MlirValue fix = dlcBuild1(b, "arith.andi", 2, both, mlirIntegerTypeGet(b->ctx, 1), 0, NULL);
  return dlcScalarSelect(b, fix, dlcScalarBinary(b, DLC_ADD, t, rem, divisor), rem);
}

static MlirValue modCodeBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                             const void *data) {
  (void)data;
  MlirValue byZero = dlcScalarCompare(b, DLC_EQ, e[0], a[1], dlcScalarConst(b, e[0], 0));
  return dlcScalarSelect(b, byZero, dlcScalarConst(b, r, DlcStatusDivisionByZero),
                         dlcScalarConst(b, r, 0));
}

static MlirValue preluBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                           const void *data) {
  (void)r, (void)data;
  MlirValue negative = dlcScalarCompare(b, DLC_LT, e[0], a[0], dlcScalarConst(b, e[0], 0));
  return dlcScalarSelect(b, negative, dlcScalarBinary(b, DLC_MUL, e[0], a[1], a[0]), a[0]);
}

static MlirValue signBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  MlirValue x = a[0], zero = dlcScalarConst(b, t, 0);
  MlirValue negative = dlcIsUnsigned(t) ? x // never taken: x < 0 is false
                                         : dlcScalarSelect(b, dlcScalarCompare(b, DLC_LT, t, x, zero),
                                                           dlcScalarConst(b, t, -1), x);
  return dlcScalarSelect(b, dlcScalarCompare(b, DLC_GT, t, x, zero), dlcScalarConst(b, t, 1),
                         negative);
}

static MlirValue cmpf(DlcBuilder *b, int64_t predicate, MlirValue x, MlirValue y) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirNamedAttribute attr = dlcNamed(b->ctx, "predicate", mlirIntegerAttrGet(i64, predicate));
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, "arith.cmpf", 2, operands, mlirIntegerTypeGet(b->ctx, 1), 1, &attr);
}

static MlirValue isNanBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                           const void *data) {
  (void)e, (void)r, (void)data;
  return cmpf(b, 14 /* uno */, a[0], a[0]);
}

// data: {detect_negative, detect_positive}.
static MlirValue isInfBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                           const void *data) {
  const bool *detect = data;
  MlirValue found = dlcScalarConst(b, r, 0);
  for (int sign = 0; sign < 2; ++sign) {
    if (!detect[sign])
      continue;
    MlirValue inf = dlcScalarConst(b, e[0], sign ? INFINITY : -INFINITY);
    MlirValue is[2] = {found, cmpf(b, 1 /* oeq */, a[0], inf)};
    found = dlcBuild1(b, "arith.ori", 2, is, mlirIntegerTypeGet(b->ctx, 1), 0, NULL);
  }
  return found;
}

//===----------------------------------------------------------------------===//
// Activation bodies: a[0] is x, a[1..] the parameters (0-d inputs) in the
// order of the op's attributes.
//===----------------------------------------------------------------------===//

#define F(op, x, y) dlcScalarBinary(b, op, t, x, y)
#define C(v) dlcScalarConst(b, t, v)
#define EXP(x) dlcScalarUnary(b, "math.exp", x)

static MlirValue eluBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  MlirValue negative = dlcScalarCompare(b, DLC_LT, t, a[0], C(0));
  return dlcScalarSelect(b, negative, F(DLC_MUL, a[1], F(DLC_SUB, EXP(a[0]), C(1))), a[0]);
}

static MlirValue seluBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  MlirValue x = a[0], alpha = a[1], gamma = a[2];
  MlirValue nonPositive = dlcScalarCompare(b, DLC_LE, t, x, C(0));
  MlirValue low = F(DLC_SUB, F(DLC_MUL, alpha, EXP(x)), alpha);
  return F(DLC_MUL, gamma, dlcScalarSelect(b, nonPositive, low, x));
}

static MlirValue celuBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  MlirValue x = a[0], alpha = a[1];
  MlirValue low = F(DLC_MUL, alpha, F(DLC_SUB, EXP(F(DLC_DIV, x, alpha)), C(1)));
  return F(DLC_ADD, F(DLC_MAX, C(0), x), F(DLC_MIN, C(0), low));
}

static MlirValue hardSigmoidBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                                 const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  return F(DLC_MAX, C(0), F(DLC_MIN, C(1), F(DLC_ADD, F(DLC_MUL, a[1], a[0]), a[2])));
}

static MlirValue hardSwishBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                               const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  MlirValue gate = F(DLC_MAX, C(0), F(DLC_MIN, C(1), F(DLC_ADD, F(DLC_DIV, a[0], C(6)), C(0.5))));
  return F(DLC_MUL, a[0], gate);
}

// log(1 + e^x) as max(x, 0) + log1p(e^-|x|): e^x overflows from x = 89
// (float) on, where the result is x. log1p(e) is log(u) * e / (u - 1) for
// u = 1 + e rounded (exact to a few ulp; e where u is 1): MLIR lowers
// math.log1p to log(1 + e), which loses e's low digits (2e-4 relative
// error at x = -9).
static MlirValue softplus(DlcBuilder *b, MlirType t, MlirValue x) {
  MlirValue e = EXP(F(DLC_SUB, C(0), dlcScalarAbs(b, t, x)));
  MlirValue u = F(DLC_ADD, C(1), e), d = F(DLC_SUB, u, C(1));
  MlirValue scaled = F(DLC_MUL, dlcScalarUnary(b, "math.log", u), F(DLC_DIV, e, d));
  MlirValue log1p = dlcScalarSelect(b, dlcScalarCompare(b, DLC_EQ, t, d, C(0)), e, scaled);
  return F(DLC_ADD, F(DLC_MAX, x, C(0)), log1p);
}

static MlirValue softplusBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                              const void *data) {
  (void)r, (void)data;
  return softplus(b, e[0], a[0]);
}

static MlirValue softsignBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                              const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  return F(DLC_DIV, a[0], F(DLC_ADD, C(1), dlcScalarAbs(b, t, a[0])));
}

static MlirValue mishBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  return F(DLC_MUL, a[0], dlcScalarUnary(b, "math.tanh", softplus(b, t, a[0])));
}

static MlirValue swishBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                           const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  MlirValue expNeg = EXP(dlcScalarNeg(b, t, F(DLC_MUL, a[1], a[0])));
  return F(DLC_DIV, a[0], F(DLC_ADD, C(1), expNeg));
}

static MlirValue thresholdedReluBody(DlcBuilder *b, const MlirValue *a, const MlirType *e,
                                     MlirType r, const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  return dlcScalarSelect(b, dlcScalarCompare(b, DLC_GT, t, a[0], a[1]), a[0], C(0));
}

static MlirValue shrinkBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                            const void *data) {
  (void)r, (void)data;
  MlirType t = e[0];
  MlirValue x = a[0], bias = a[1], lambd = a[2];
  MlirValue above = dlcScalarCompare(b, DLC_GT, t, x, lambd);
  MlirValue below = dlcScalarCompare(b, DLC_LT, t, x, dlcScalarNeg(b, t, lambd));
  MlirValue inner = dlcScalarSelect(b, above, F(DLC_SUB, x, bias), C(0));
  return dlcScalarSelect(b, below, F(DLC_ADD, x, bias), inner);
}

#undef F
#undef C
#undef EXP

typedef struct CastMode {
  bool saturate;
  DlcRoundMode round;
} CastMode;

static MlirValue castBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  const CastMode *mode = data;
  return dlcScalarCastWith(b, e[0], r, a[0], mode->saturate, mode->round);
}

// saturate and round_mode matter only for float8 targets; the body's name
// says which it has, as bodies are shared by name.
static MlirLogicalResult lowerCast(DlcRewriter *rw) {
  static const char *const rounds[] = {"up", "down", "nearest"};
  CastMode mode = {dlcOpBool(rw->op, "saturate"), DLC_ROUND_UP};
  MlirStringRef round = dlcOpString(rw->op, "round_mode");
  for (int i = 0; i < 3; ++i)
    if (mlirStringRefEqual(round, mlirStringRefCreateFromCString(rounds[i])))
      mode.round = (DlcRoundMode)i;
  DlcStr name = DLC_STR_INIT;
  dlcStrPuts(&name, "cast");
  if (!mode.saturate)
    dlcStrPuts(&name, "_nosat");
  if (mode.round != DLC_ROUND_UP)
    dlcStrPrintf(&name, "_%s", rounds[mode.round]);
  MlirValue in = operand(rw, 0);
  MlirValue out = dlcMap(rw, dlcStrGet(&name), 1, &in, resultType(rw), castBody, &mode);
  dlcStrFree(&name);
  return replaceWith(rw, out);
}

// Same-width types share their bits; a bool's byte is 0 or 1.
static MlirValue bitcastBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                             const void *data) {
  (void)data;
  MlirType from = dlcSignless(e[0]), to = dlcSignless(r);
  if (mlirTypeEqual(from, to))
    return a[0];
  if (dlcEltWidth(e[0]) == 1)
    return dlcBuild1(b, "arith.extui", 1, a, to, 0, NULL);
  if (dlcEltWidth(r) == 1)
    return dlcScalarCompare(b, DLC_NE, e[0], a[0], dlcScalarConst(b, e[0], 0));
  return dlcBuild1(b, "arith.bitcast", 1, a, to, 0, NULL);
}

static MlirValue selectBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                            const void *data) {
  (void)e, (void)r, (void)data;
  return dlcScalarSelect(b, a[0], a[1], a[2]);
}

static MlirValue trueBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)a, (void)e, (void)data;
  return dlcScalarConst(b, r, 1);
}

//===----------------------------------------------------------------------===//
// Lowerings
//===----------------------------------------------------------------------===//

static MlirLogicalResult lowerConstant(DlcRewriter *rw) {
  return replaceWith(rw, dlcConstTensor(rw, dlcOpAttr(rw->op, "value")));
}

#define BINARY(fn, name, op)                                                                       \
  static MlirLogicalResult fn(DlcRewriter *rw) {                                                   \
    static const DlcScalarBinary kind = op;                                                        \
    MlirValue in[2] = {operand(rw, 0), operand(rw, 1)};                                            \
    return replaceWith(rw, dlcMap(rw, name, 2, in, resultType(rw), binaryBody, &kind));            \
  }
BINARY(lowerAdd, "add", DLC_ADD)
BINARY(lowerSub, "sub", DLC_SUB)
BINARY(lowerMul, "mul", DLC_MUL)
BINARY(lowerMax, "max", DLC_MAX)
BINARY(lowerMin, "min", DLC_MIN)

#define BITWISE(fn, name, arithOp)                                                                 \
  static MlirLogicalResult fn(DlcRewriter *rw) {                                                   \
    MlirValue in[2] = {operand(rw, 0), operand(rw, 1)};                                            \
    return replaceWith(rw, dlcMap(rw, name, 2, in, resultType(rw), bitwiseBody, arithOp));         \
  }
BITWISE(lowerAnd, "and", "arith.andi")
BITWISE(lowerOr, "or", "arith.ori")
BITWISE(lowerXor, "xor", "arith.xori")

static MlirLogicalResult lowerBitShift(DlcRewriter *rw) {
  bool left = mlirStringRefEqual(dlcOpString(rw->op, "direction"),
                                 mlirStringRefCreateFromCString("LEFT"));
  MlirValue in[2] = {operand(rw, 0), operand(rw, 1)};
  return replaceWith(rw, dlcMap(rw, left ? "shift_left" : "shift_right", 2, in, resultType(rw),
                                shiftBody, left ? "arith.shli" : "arith.shrui"));
}

static MlirLogicalResult lowerMod(DlcRewriter *rw) {
  static const bool truncated = true, floored = false;
  bool fmod = dlcOpBool(rw->op, "fmod");
  MlirValue in[2] = {operand(rw, 0), operand(rw, 1)};
  MlirType type = resultType(rw);
  MlirValue rem = dlcMap(rw, fmod ? "fmod" : "mod", 2, in, type, modBody, fmod ? &truncated : &floored);
  if (!dlcIsFloat(dlcElementType(type)))
    dlcCheck(rw, dlcMapBroadcast(rw, "mod_check", 2, in, mlirIntegerTypeGet(rw->b.ctx, 32),
                                 modCodeBody, NULL));
  return replaceWith(rw, rem);
}

static MlirLogicalResult lowerPrelu(DlcRewriter *rw) {
  MlirValue in[2] = {operand(rw, 0), operand(rw, 1)};
  return replaceWith(rw, dlcMap(rw, "prelu", 2, in, resultType(rw), preluBody, NULL));
}

// Float division is IEEE's (x / 0 is an infinity or NaN); integer division
// by zero or INT_MIN / -1 is a run-time error, which the quotient must not
// trap on.
static MlirLogicalResult lowerDiv(DlcRewriter *rw) {
  static const DlcScalarBinary kind = DLC_DIV;
  MlirValue in[2] = {operand(rw, 0), operand(rw, 1)};
  MlirType type = resultType(rw);
  if (dlcIsFloat(dlcElementType(type)))
    return replaceWith(rw, dlcMap(rw, "div", 2, in, type, binaryBody, &kind));
  MlirValue quotient = dlcMap(rw, "div_safe", 2, in, type, safeDivisionBody, NULL);
  dlcCheck(rw, dlcMapBroadcast(rw, "div_check", 2, in, mlirIntegerTypeGet(rw->b.ctx, 32),
                               divisionCodeBody, NULL));
  return replaceWith(rw, quotient);
}

#define COMPARE(fn, name, op)                                                                      \
  static MlirLogicalResult fn(DlcRewriter *rw) {                                                   \
    static const DlcScalarCompare kind = op;                                                       \
    MlirValue in[2] = {operand(rw, 0), operand(rw, 1)};                                            \
    return replaceWith(rw, dlcMap(rw, name, 2, in, resultType(rw), compareBody, &kind));           \
  }
COMPARE(lowerEqual, "equal", DLC_EQ)
COMPARE(lowerGreater, "greater", DLC_GT)
COMPARE(lowerLess, "less", DLC_LT)
COMPARE(lowerGreaterEqual, "greater_equal", DLC_GE)
COMPARE(lowerLessEqual, "less_equal", DLC_LE)

static MlirLogicalResult lowerPow(DlcRewriter *rw) {
  MlirValue in[2] = {operand(rw, 0), operand(rw, 1)};
  return replaceWith(rw, dlcMap(rw, "pow", 2, in, resultType(rw), powBody, NULL));
}

#define UNARY(fn, name, body, data)                                                                \
  static MlirLogicalResult fn(DlcRewriter *rw) {                                                   \
    MlirValue in = operand(rw, 0);                                                                 \
    return replaceWith(rw, dlcMap(rw, name, 1, &in, resultType(rw), body, data));                  \
  }
UNARY(lowerRelu, "relu", reluBody, NULL)
UNARY(lowerSigmoid, "sigmoid", sigmoidBody, NULL)
UNARY(lowerTanh, "tanh", mathBody, "math.tanh")
UNARY(lowerErf, "erf", mathBody, "math.erf")
UNARY(lowerExp, "exp", mathBody, "math.exp")
UNARY(lowerLog, "log", mathBody, "math.log")
UNARY(lowerSqrt, "sqrt", mathBody, "math.sqrt")
UNARY(lowerNeg, "neg", negBody, NULL)
UNARY(lowerAbs, "abs", absBody, NULL)
UNARY(lowerBitcast, "bitcast", bitcastBody, NULL)
UNARY(lowerSin, "sin", mathBody, "math.sin")
UNARY(lowerCos, "cos", mathBody, "math.cos")
UNARY(lowerTan, "tan", mathBody, "math.tan")
UNARY(lowerAsin, "asin", mathBody, "math.asin")
UNARY(lowerAcos, "acos", mathBody, "math.acos")
UNARY(lowerAtan, "atan", mathBody, "math.atan")
UNARY(lowerSinh, "sinh", mathBody, "math.sinh")
UNARY(lowerCosh, "cosh", mathBody, "math.cosh")
UNARY(lowerAsinh, "asinh", mathBody, "math.asinh")
UNARY(lowerAcosh, "acosh", mathBody, "math.acosh")
UNARY(lowerAtanh, "atanh", mathBody, "math.atanh")
UNARY(lowerFloor, "floor", mathBody, "math.floor")
UNARY(lowerCeil, "ceil", mathBody, "math.ceil")
UNARY(lowerRound, "round", mathBody, "math.roundeven")
UNARY(lowerSign, "sign", signBody, NULL)
UNARY(lowerNot, "not", invertBody, NULL)
UNARY(lowerBitwiseNot, "bitwise_not", invertBody, NULL)
UNARY(lowerIsNan, "is_nan", isNanBody, NULL)
UNARY(lowerHardSwish, "hard_swish", hardSwishBody, NULL)
UNARY(lowerSoftplus, "softplus", softplusBody, NULL)
UNARY(lowerSoftsign, "softsign", softsignBody, NULL)
UNARY(lowerMish, "mish", mishBody, NULL)

static MlirLogicalResult lowerIsInf(DlcRewriter *rw) {
  static const bool variants[4][2] = {{false, false}, {false, true}, {true, false}, {true, true}};
  static const char *const names[4] = {"is_inf_none", "is_pos_inf", "is_neg_inf", "is_inf"};
  int v = dlcOpBool(rw->op, "detect_negative") * 2 + dlcOpBool(rw->op, "detect_positive");
  MlirValue in = operand(rw, 0);
  return replaceWith(rw, dlcMap(rw, names[v], 1, &in, resultType(rw), isInfBody, variants[v]));
}

// An activation with float parameters: the attributes `params` become 0-d
// inputs after x, in that order.
static MlirLogicalResult lowerActivation(DlcRewriter *rw, const char *name, DlcBodyFn body,
                                         int numParams, const char *const *params) {
  MlirValue in[4] = {operand(rw, 0)};
  for (int i = 0; i < numParams; ++i)
    in[i + 1] = dlcScalarTensor(rw, dlcEltOfValue(in[0]), dlcOpFloat(rw->op, params[i]));
  return replaceWith(rw, dlcMap(rw, name, numParams + 1, in, resultType(rw), body, NULL));
}

#define ACTIVATION(fn, name, body, ...)                                                            \
  static MlirLogicalResult fn(DlcRewriter *rw) {                                                   \
    static const char *const params[] = {__VA_ARGS__};                                             \
    return lowerActivation(rw, name, body, sizeof params / sizeof *params, params);                \
  }
ACTIVATION(lowerElu, "elu", eluBody, "alpha")
ACTIVATION(lowerSelu, "selu", seluBody, "alpha", "gamma")
ACTIVATION(lowerCelu, "celu", celuBody, "alpha")
ACTIVATION(lowerHardSigmoid, "hard_sigmoid", hardSigmoidBody, "alpha", "beta")
ACTIVATION(lowerSwish, "swish", swishBody, "alpha")
ACTIVATION(lowerThresholdedRelu, "thresholded_relu", thresholdedReluBody, "alpha")
ACTIVATION(lowerShrink, "shrink", shrinkBody, "bias", "lambd")

static MlirLogicalResult lowerLeakyRelu(DlcRewriter *rw) {
  MlirValue x = operand(rw, 0);
  MlirValue in[2] = {x, dlcScalarTensor(rw, dlcEltOfValue(x), dlcOpFloat(rw->op, "alpha"))};
  return replaceWith(rw, dlcMap(rw, "leaky_relu", 2, in, resultType(rw), leakyReluBody, NULL));
}

static MlirLogicalResult lowerGelu(DlcRewriter *rw) {
  MlirStringRef mode = dlcOpString(rw->op, "approximate");
  static const bool useTanh = true, useErf = false;
  bool isTanh = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("tanh"));
  MlirValue in = operand(rw, 0);
  return replaceWith(rw, dlcMap(rw, isTanh ? "gelu_tanh" : "gelu", 1, &in, resultType(rw), geluBody,
                                isTanh ? &useTanh : &useErf));
}

// A bound of clip as the 0-d tensor map bodies expect (exporters also write
// one-element 1-D tensors).
static MlirValue clipBound(DlcRewriter *rw, MlirValue v) {
  if (dlcShapeOfValue(v).rank == 0)
    return v;
  return dlcReshape(rw, v, dlcTensorTypeOf(0, NULL, dlcEltOfValue(v)));
}

static MlirLogicalResult lowerClip(DlcRewriter *rw) {
  static const bool variants[3][2] = {{true, true}, {true, false}, {false, true}};
  MlirValue in[3] = {operand(rw, 0)};
  MlirValue lo = operand(rw, 1), hi = operand(rw, 2);
  int n = 1;
  if (!mlirValueIsNull(lo))
    in[n++] = clipBound(rw, lo);
  if (!mlirValueIsNull(hi))
    in[n++] = clipBound(rw, hi);
  if (n == 1)
    return replaceWith(rw, in[0]);
  const bool *has = mlirValueIsNull(lo) ? variants[2] : mlirValueIsNull(hi) ? variants[1] : variants[0];
  const char *name = n == 3 ? "clip" : has[0] ? "clip_min" : "clip_max";
  return replaceWith(rw, dlcMap(rw, name, n, in, resultType(rw), clipBody, has));
}

static MlirLogicalResult lowerIdentity(DlcRewriter *rw) { return replaceWith(rw, operand(rw, 0)); }

static MlirLogicalResult lowerDropout(DlcRewriter *rw) {
  MlirValue x = operand(rw, 0);
  MlirValue results[2] = {dlcCastTo(&rw->b, x, resultType(rw))};
  intptr_t n = 1;
  MlirValue mask = dlcOpResult(rw->op, 1);
  if (!mlirValueIsNull(mask))
    results[n++] = dlcMap(rw, "true", 1, &x, mlirValueGetType(mask), trueBody, NULL);
  dlcReplaceOp(rw, n, results);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult lowerWhere(DlcRewriter *rw) {
  MlirValue in[3] = {operand(rw, 0), operand(rw, 1), operand(rw, 2)};
  return replaceWith(rw, dlcMap(rw, "select", 3, in, resultType(rw), selectBody, NULL));
}

const DlcLowering dlcElementwiseLowerings[] = {
    {"dlc_graph.constant", lowerConstant},
    {"dlc_graph.add", lowerAdd},
    {"dlc_graph.sub", lowerSub},
    {"dlc_graph.mul", lowerMul},
    {"dlc_graph.div", lowerDiv},
    {"dlc_graph.pow", lowerPow},
    {"dlc_graph.equal", lowerEqual},
    {"dlc_graph.greater", lowerGreater},
    {"dlc_graph.less", lowerLess},
    {"dlc_graph.relu", lowerRelu},
    {"dlc_graph.leaky_relu", lowerLeakyRelu},
    {"dlc_graph.sigmoid", lowerSigmoid},
    {"dlc_graph.tanh", lowerTanh},
    {"dlc_graph.gelu", lowerGelu},
    {"dlc_graph.erf", lowerErf},
    {"dlc_graph.exp", lowerExp},
    {"dlc_graph.log", lowerLog},
    {"dlc_graph.sqrt", lowerSqrt},
    {"dlc_graph.neg", lowerNeg},
    {"dlc_graph.abs", lowerAbs},
    {"dlc_graph.clip", lowerClip},
    {"dlc_graph.cast", lowerCast},
    {"dlc_graph.bitcast", lowerBitcast},
    {"dlc_graph.identity", lowerIdentity},
    {"dlc_graph.dropout", lowerDropout},
    {"dlc_graph.where", lowerWhere},
    {"dlc_graph.greater_equal", lowerGreaterEqual},
    {"dlc_graph.less_equal", lowerLessEqual},
    {"dlc_graph.max", lowerMax},
    {"dlc_graph.min", lowerMin},
    {"dlc_graph.mod", lowerMod},
    {"dlc_graph.bitwise_and", lowerAnd},
    {"dlc_graph.bitwise_or", lowerOr},
    {"dlc_graph.bitwise_xor", lowerXor},
    {"dlc_graph.bit_shift", lowerBitShift},
    {"dlc_graph.and", lowerAnd},
    {"dlc_graph.or", lowerOr},
    {"dlc_graph.xor", lowerXor},
    {"dlc_graph.prelu", lowerPrelu},
    {"dlc_graph.sin", lowerSin},
    {"dlc_graph.cos", lowerCos},
    {"dlc_graph.tan", lowerTan},
    {"dlc_graph.asin", lowerAsin},
    {"dlc_graph.acos", lowerAcos},
    {"dlc_graph.atan", lowerAtan},
    {"dlc_graph.sinh", lowerSinh},
    {"dlc_graph.cosh", lowerCosh},
    {"dlc_graph.asinh", lowerAsinh},
    {"dlc_graph.acosh", lowerAcosh},
    {"dlc_graph.atanh", lowerAtanh},
    {"dlc_graph.floor", lowerFloor},
    {"dlc_graph.ceil", lowerCeil},
    {"dlc_graph.round", lowerRound},
    {"dlc_graph.sign", lowerSign},
    {"dlc_graph.not", lowerNot},
    {"dlc_graph.bitwise_not", lowerBitwiseNot},
    {"dlc_graph.is_nan", lowerIsNan},
    {"dlc_graph.is_inf", lowerIsInf},
    {"dlc_graph.elu", lowerElu},
    {"dlc_graph.selu", lowerSelu},
    {"dlc_graph.celu", lowerCelu},
    {"dlc_graph.hard_sigmoid", lowerHardSigmoid},
    {"dlc_graph.hard_swish", lowerHardSwish},
    {"dlc_graph.softplus", lowerSoftplus},
    {"dlc_graph.softsign", lowerSoftsign},
    {"dlc_graph.mish", lowerMish},
    {"dlc_graph.swish", lowerSwish},
    {"dlc_graph.thresholded_relu", lowerThresholdedRelu},
    {"dlc_graph.shrink", lowerShrink},
};
const size_t dlcNumElementwiseLowerings = sizeof dlcElementwiseLowerings / sizeof *dlcElementwiseLowerings;
