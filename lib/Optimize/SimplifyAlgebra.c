//===- SimplifyAlgebra.c - The dlc-simplify-algebra pass --------*- C -*-===//
//
// Rewrites of small op chains into fewer or cheaper ops, each exact (the
// comment of each pattern says why). Constants they combine are left as
// dlc_graph ops on constants (a * b) for dlc-fold-constants to evaluate.
//
//===----------------------------------------------------------------------===//

#include "Dialect/OpDef.h"
#include "Optimize/GraphRewrite.h"
#include "Pass/PassDef.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

static MlirValue operand(MlirOperation op, int i) { return dlcOpOperand(op, i); }
static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static MlirType resultType(MlirOperation op) { return typeOf(mlirOperationGetResult(op, 0)); }

// A transpose's permutation (absent: reversed dims); -1 if the rank is unknown.
static int64_t permOf(MlirOperation op, int64_t *perm) {
  int64_t n = dlcOpInts(op, "perm", perm, DLC_MAX_RANK);
  if (n >= 0)
    return n;
  MlirType type = typeOf(operand(op, 0));
  if (!mlirTypeIsARankedTensor(type))
    return -1;
  n = mlirShapedTypeGetRank(type);
  for (int64_t i = 0; i < n; ++i)
    perm[i] = n - 1 - i;
  return n;
}

static MlirValue buildTranspose(DlcRewriter *rw, MlirValue x, int64_t n, const int64_t *perm) {
  MlirNamedAttribute attr = dlcNamed(rw->b.ctx, "perm", dlcI64ArrayAttr(rw->b.ctx, n, perm));
  return dlcBuild1(&rw->b, "dlc_graph.transpose", 1, &x, resultType(rw->op), 1, &attr);
}

static MlirValue buildReshape(DlcRewriter *rw, MlirValue x, MlirType type) {
  int64_t rank = mlirShapedTypeGetRank(type), dims[DLC_MAX_RANK];
  bool zero = false;
  for (int64_t i = 0; i < rank; ++i) {
    dims[i] = mlirShapedTypeGetDimSize(type, i);
    zero |= dims[i] == 0;
  }
  MlirNamedAttribute attrs[2] = {
      dlcNamed(rw->b.ctx, "shape", dlcI64ArrayAttr(rw->b.ctx, rank, dims)),
      dlcNamed(rw->b.ctx, "allowzero", mlirBoolAttrGet(rw->b.ctx, 1))};
  // A 0 in `shape` copies the input dim unless allowzero: the static
  // shape is meant literally.
  return dlcBuild1(&rw->b, "dlc_graph.reshape", 1, &x, type, zero ? 2 : 1, attrs);
}

// transpose(transpose(x, p), q) = transpose(x, p o q): output dim i is the
// inner result's dim q[i], which is x's dim p[q[i]]. Pure data movement.
static MlirLogicalResult transposeOfTranspose(DlcRewriter *rw) {
  MlirOperation inner = dlcDefiningOp(operand(rw->op, 0));
  if (!dlcIsOp(inner, "dlc_graph.transpose"))
    return mlirLogicalResultFailure();
  int64_t p[DLC_MAX_RANK], q[DLC_MAX_RANK], composed[DLC_MAX_RANK];
  int64_t n = permOf(inner, p);
  if (n < 0 || permOf(rw->op, q) != n)
    return mlirLogicalResultFailure();
  bool identity = true;
  for (int64_t i = 0; i < n; ++i) {
    composed[i] = p[q[i]];
    identity &= composed[i] == i;
  }
  MlirValue x = operand(inner, 0);
  if (identity)
    return dlcReplaceBySameType(rw, x);
  MlirValue t = buildTranspose(rw, x, n, composed);
  dlcReplaceOp(rw, 1, &t);
  return mlirLogicalResultSuccess();
}

// A transpose that only moves size-1 dims keeps the row-major order of the
// elements: it is a reshape, which lowers to a view instead of a copy.
static MlirLogicalResult transposeOfUnitDims(DlcRewriter *rw) {
  int64_t perm[DLC_MAX_RANK];
  int64_t n = permOf(rw->op, perm);
  MlirType in = typeOf(operand(rw->op, 0)), out = resultType(rw->op);
  if (n < 0 || !mlirShapedTypeHasStaticShape(in) || !mlirShapedTypeHasStaticShape(out) ||
      mlirTypeEqual(in, out))
    return mlirLogicalResultFailure();
  int64_t last = -1;
  for (int64_t i = 0; i < n; ++i) {
    if (mlirShapedTypeGetDimSize(in, perm[i]) == 1)
      continue;
    if (perm[i] < last)
      return mlirLogicalResultFailure();
    last = perm[i];
  }
  MlirValue r = buildReshape(rw, operand(rw->op, 0), out);
  dlcReplaceOp(rw, 1, &r);
  return mlirLogicalResultSuccess();
}

static bool isReshapeLike(MlirOperation op) {
  return dlcIsOp(op, "dlc_graph.reshape") || dlcIsOp(op, "dlc_graph.flatten") ||
         dlcIsOp(op, "dlc_graph.squeeze") || dlcIsOp(op, "dlc_graph.unsqueeze");
}

// reshape, flatten, squeeze and unsqueeze all keep the row-major order of
// the elements, so a chain of them is one reshape to the last static shape.
static MlirLogicalResult reshapeOfReshape(DlcRewriter *rw) {
  MlirOperation inner = dlcDefiningOp(operand(rw->op, 0));
  MlirType out = resultType(rw->op);
  bool chain = isReshapeLike(inner);
  // One form for one thing: a flatten, squeeze or unsqueeze with a static
  // result is the reshape to it (they lower alike), so that graphs that
  // say the same differently become the same graph.
  if ((!chain && dlcIsOp(rw->op, "dlc_graph.reshape")) || !mlirShapedTypeHasStaticShape(out))
    return mlirLogicalResultFailure();
  MlirValue x = chain ? operand(inner, 0) : operand(rw->op, 0);
  if (mlirTypeEqual(typeOf(x), out))
    return dlcReplaceBySameType(rw, x);
  MlirValue r = buildReshape(rw, x, out);
  dlcReplaceOp(rw, 1, &r);
  return mlirLogicalResultSuccess();
}

// Does every value of element type `from` convert to `to` exactly?
static bool castIsLossless(MlirType from, MlirType to) {
  unsigned wf = dlcEltWidth(from), wt = dlcEltWidth(to);
  if (mlirTypeEqual(from, to) || wf == 1)
    return true; // bools become 0 or 1 in every type
  if (dlcIsFloat(from))
    return dlcIsFloat(to) && wt >= wf;
  if (dlcIsFloat(to)) // integers up to the mantissa's width
    return wf <= (wt == 64 ? 53u : 24u);
  if (wt == 1)
    return false;
  if (dlcIsUnsigned(from))
    return dlcIsUnsigned(to) ? wt >= wf : wt > wf;
  return !dlcIsUnsigned(to) && wt >= wf;
}

// cast(cast(x, T1), T2) = cast(x, T2) when every value of x's type is
// exactly representable in T1: the second cast then sees x's own value.
static MlirLogicalResult castOfLosslessCast(DlcRewriter *rw) {
  MlirOperation inner = dlcDefiningOp(operand(rw->op, 0));
  if (!dlcIsOp(inner, "dlc_graph.cast"))
    return mlirLogicalResultFailure();
  MlirValue x = operand(inner, 0);
  MlirType t0 = dlcElementType(typeOf(x)), t1 = dlcElementType(resultType(inner));
  if (!castIsLossless(t0, t1))
    return mlirLogicalResultFailure();
  if (mlirTypeEqual(typeOf(x), resultType(rw->op)))
    return dlcReplaceBySameType(rw, x);
  MlirNamedAttribute attr = dlcNamed(rw->b.ctx, "to", mlirTypeAttrGet(dlcElementType(resultType(rw->op))));
  MlirValue c = dlcBuild1(&rw->b, "dlc_graph.cast", 1, &x, resultType(rw->op), 1, &attr);
  dlcReplaceOp(rw, 1, &c);
  return mlirLogicalResultSuccess();
}

// -(-x) = x: IEEE and two's complement negation are exact involutions.
static MlirLogicalResult negOfNeg(DlcRewriter *rw) {
  MlirOperation inner = dlcDefiningOp(operand(rw->op, 0));
  if (!dlcIsOp(inner, "dlc_graph.neg"))
    return mlirLogicalResultFailure();
  return dlcReplaceBySameType(rw, operand(inner, 0));
}

// x - (-y) = x + y and x + (-y) = x - y: negation is exact, and IEEE
// defines a - b as a + (-b).
static MlirLogicalResult addSubOfNeg(DlcRewriter *rw) {
  MlirOperation neg = dlcDefiningOp(operand(rw->op, 1));
  if (!dlcIsOp(neg, "dlc_graph.neg"))
    return mlirLogicalResultFailure();
  bool isAdd = dlcIsOp(rw->op, "dlc_graph.add");
  MlirValue ops[2] = {operand(rw->op, 0), operand(neg, 0)};
  MlirValue r = dlcBuild1(&rw->b, isAdd ? "dlc_graph.sub" : "dlc_graph.add", 2, ops,
                          resultType(rw->op), 0, NULL);
  dlcReplaceOp(rw, 1, &r);
  return mlirLogicalResultSuccess();
}

// x - x = 0 for integers (for floats, inf - inf and NaN - NaN are NaN).
static MlirLogicalResult subSelf(DlcRewriter *rw) {
  MlirType type = resultType(rw->op);
  if (!mlirValueEqual(operand(rw->op, 0), operand(rw->op, 1)) ||
      dlcIsFloat(dlcElementType(type)) || !mlirShapedTypeHasStaticShape(type))
    return mlirLogicalResultFailure();
  MlirValue zero = dlcBuildGraphConstant(&rw->b, dlcSplatAttr(type, 0));
  dlcReplaceOp(rw, 1, &zero);
  return mlirLogicalResultSuccess();
}

// The numpy broadcast of two static types of one element type; null when
// a shape is dynamic or they do not broadcast.
static MlirType broadcastType(MlirType a, MlirType b) {
  DlcShape sa, sb, out;
  if (!dlcShapeOf(a, &sa) || !dlcShapeOf(b, &sb) || !dlcShapeIsStatic(&sa) ||
      !dlcShapeIsStatic(&sb) || !dlcBroadcastShapes(&sa, &sb, &out))
    return (MlirType){NULL};
  return dlcTensorType(&out, dlcElementType(a));
}

// Are all elements of `e` powers of two (normal, positive or negative)?
// Then multiplying a float by one only changes its exponent.
static bool allPowersOfTwo(const DlcElements *e) {
  bool all = e->isFloat;
  double limit = dlcEltBit(e->elt) == DLC_T_F32 ? 126 : 1022;
  for (int64_t k = 0; k < e->count && all; ++k) {
    int exp;
    double m = frexp(e->f[k], &exp);
    all = fabs(m) == 0.5 && exp - 1 >= -limit && exp - 1 <= limit + 1;
  }
  return all;
}

static bool isPowersOfTwoConstant(MlirValue v) {
  DlcElements e;
  if (!dlcGraphConstantRead(v, 65536, &e))
    return false;
  bool all = allPowersOfTwo(&e);
  dlcElementsFree(&e);
  return all;
}

// (x op a) op b = x op (a op b) for constants a, b (op: + or *). Exact for
// integers: wrap-around + and * are associative. For floats only x * a * b
// with a a power of two: x * a is exact then, so both sides round the same
// real product once (unless x * a overflows or underflows, which the
// rewritten form avoids).
static MlirLogicalResult reassociateConstants(DlcRewriter *rw) {
  const char *name = dlcIsOp(rw->op, "dlc_graph.add") ? "dlc_graph.add" : "dlc_graph.mul";
  MlirValue lhs = operand(rw->op, 0), b = operand(rw->op, 1);
  MlirOperation inner = dlcDefiningOp(lhs);
  if (!dlcIsOp(inner, name) || !dlcHasOneUse(lhs) ||
      mlirAttributeIsNull(dlcGraphConstantValue(b)))
    return mlirLogicalResultFailure();
  MlirValue x = operand(inner, 0), a = operand(inner, 1);
  if (mlirAttributeIsNull(dlcGraphConstantValue(a)) ||
      !mlirAttributeIsNull(dlcGraphConstantValue(x)))
    return mlirLogicalResultFailure();
  bool isFloat = dlcIsFloat(dlcElementType(typeOf(x)));
  if (isFloat && (!strcmp(name, "dlc_graph.add") || !isPowersOfTwoConstant(a)))
    return mlirLogicalResultFailure();
  MlirType abType = broadcastType(typeOf(a), typeOf(b));
  if (mlirTypeIsNull(abType))
    return mlirLogicalResultFailure();
  MlirType outType = broadcastType(typeOf(x), abType);
  if (mlirTypeIsNull(outType) || !mlirTypeEqual(outType, resultType(rw->op)))
    return mlirLogicalResultFailure();
  MlirValue ab = dlcBuild1(&rw->b, name, 2, (MlirValue[]){a, b}, abType, 0, NULL);
  MlirValue r = dlcBuild1(&rw->b, name, 2, (MlirValue[]){x, ab}, outType, 0, NULL);
  dlcReplaceOp(rw, 1, &r);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult addPatterns(DlcRewriter *rw) {
  if (mlirLogicalResultIsSuccess(addSubOfNeg(rw)))
    return mlirLogicalResultSuccess();
  return reassociateConstants(rw);
}

static MlirLogicalResult subPatterns(DlcRewriter *rw) {
  if (mlirLogicalResultIsSuccess(subSelf(rw)))
    return mlirLogicalResultSuccess();
  return addSubOfNeg(rw);
}

static MlirLogicalResult transposePatterns(DlcRewriter *rw) {
  if (mlirLogicalResultIsSuccess(transposeOfTranspose(rw)))
    return mlirLogicalResultSuccess();
  return transposeOfUnitDims(rw);
}

// x / c = x * (1 / c) when every element of c is a power of two: 1 / c is
// then exact, and both sides are the correctly rounded value of one real
// number. A multiply is several times cheaper than a divide.
static MlirLogicalResult divByPowerOfTwo(DlcRewriter *rw) {
  DlcElements e;
  if (!dlcGraphConstantRead(operand(rw->op, 1), 65536, &e))
    return mlirLogicalResultFailure();
  if (!allPowersOfTwo(&e)) {
    dlcElementsFree(&e);
    return mlirLogicalResultFailure();
  }
  for (int64_t k = 0; k < e.count; ++k)
    e.f[k] = 1 / e.f[k];
  MlirValue inverse = dlcBuildGraphConstantOf(&rw->b, &e);
  dlcElementsFree(&e);
  MlirValue r = dlcBuild1(&rw->b, "dlc_graph.mul", 2, (MlirValue[]){operand(rw->op, 0), inverse},
                          resultType(rw->op), 0, NULL);
  dlcReplaceOp(rw, 1, &r);
  return mlirLogicalResultSuccess();
}

static const DlcLowering patterns[] = {
    {"dlc_graph.transpose", transposePatterns},
    {"dlc_graph.reshape", reshapeOfReshape},
    {"dlc_graph.flatten", reshapeOfReshape},
    {"dlc_graph.squeeze", reshapeOfReshape},
    {"dlc_graph.unsqueeze", reshapeOfReshape},
    {"dlc_graph.cast", castOfLosslessCast},
    {"dlc_graph.neg", negOfNeg},
    {"dlc_graph.add", addPatterns},
    {"dlc_graph.sub", subPatterns},
    {"dlc_graph.mul", reassociateConstants},
    {"dlc_graph.div", divByPowerOfTwo},
};

void dlcRunSimplifyAlgebra(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  dlcApplyRewrites(op, patterns, sizeof patterns / sizeof *patterns, NULL);
}
