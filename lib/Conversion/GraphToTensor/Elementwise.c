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

static MlirValue castBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)data;
  return dlcScalarCast(b, e[0], r, a[0]);
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
UNARY(lowerCast, "cast", castBody, NULL)

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
    {"dlc_graph.identity", lowerIdentity},
    {"dlc_graph.dropout", lowerDropout},
    {"dlc_graph.where", lowerWhere},
};
const size_t dlcNumElementwiseLowerings = sizeof dlcElementwiseLowerings / sizeof *dlcElementwiseLowerings;
