//===- SinkTransposes.c - The dlc-sink-transposes pass ----------*- C -*-===//
//
// Operator sinking: an elementwise op applied to a transposed tensor gives
// the transpose of the op applied to the original (elementwise ops do not
// care where an element sits). Moving transposes below such ops brings
// pairs of them together, where dlc-simplify-algebra composes them and
// inverse pairs vanish. A transpose moves only when the elementwise op is
// its only user, so that none is duplicated; binary ops move when both
// operands are transposed alike (same shape) or the other is a scalar.
//
//===----------------------------------------------------------------------===//

#include "Dialect/OpDef.h"
#include "Optimize/GraphRewrite.h"
#include "Pass/PassDef.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"


// `v` when a single-use transpose defines it, else null.
static MlirOperation soleTranspose(MlirValue v) {
  MlirOperation t = dlcDefiningOp(v);
  return dlcIsOp(t, "dlc_graph.transpose") && dlcHasOneUse(v) ? t : (MlirOperation){NULL};
}

static bool isScalar(MlirValue v) {
  MlirType type = mlirValueGetType(v);
  return dlcStaticNumElements(type) == 1 &&
         mlirShapedTypeGetRank(type) <= 1;
}

// `op` cloned onto `operands` with result type `type`, before the op
// being rewritten.
static MlirValue cloneOn(DlcRewriter *rw, MlirOperation op, int n, const MlirValue *operands,
                         MlirType type) {
  MlirOperation clone = mlirOperationClone(op);
  mlirOperationSetOperands(clone, n, operands);
  MlirValue result = mlirOperationGetResult(clone, 0);
  mlirValueSetType(result, type);
  mlirRewriterBaseInsert(rw->rewriter, clone);
  return result;
}

// The transpose's input type with `elt` as element type.
static MlirType withElement(MlirType type, MlirType elt) {
  DlcShape shape;
  dlcShapeOf(type, &shape);
  return dlcTensorType(&shape, elt);
}

static MlirValue transposeLike(DlcRewriter *rw, MlirOperation t, MlirValue v) {
  return cloneOn(rw, t, 1, &v, mlirValueGetType(mlirOperationGetResult(rw->op, 0)));
}

static MlirLogicalResult sinkUnary(DlcRewriter *rw) {
  if (mlirOperationGetNumOperands(rw->op) != 1 || mlirOperationGetNumResults(rw->op) != 1)
    return mlirLogicalResultFailure();
  MlirOperation t = soleTranspose(mlirOperationGetOperand(rw->op, 0));
  if (mlirOperationIsNull(t))
    return mlirLogicalResultFailure();
  MlirValue x = mlirOperationGetOperand(t, 0);
  MlirType elt = dlcElementType(mlirValueGetType(mlirOperationGetResult(rw->op, 0)));
  MlirValue y = cloneOn(rw, rw->op, 1, &x, withElement(mlirValueGetType(x), elt));
  MlirValue r = transposeLike(rw, t, y);
  dlcReplaceOp(rw, 1, &r);
  return mlirLogicalResultSuccess();
}

static bool samePerm(MlirOperation a, MlirOperation b) {
  MlirAttribute pa = dlcOpAttr(a, "perm"), pb = dlcOpAttr(b, "perm");
  if (mlirAttributeIsNull(pa) || mlirAttributeIsNull(pb))
    return mlirAttributeIsNull(pa) && mlirAttributeIsNull(pb);
  return mlirAttributeEqual(pa, pb);
}

static MlirLogicalResult sinkBinary(DlcRewriter *rw) {
  MlirValue lhs = mlirOperationGetOperand(rw->op, 0), rhs = mlirOperationGetOperand(rw->op, 1);
  MlirOperation tl = soleTranspose(lhs), tr = soleTranspose(rhs);
  MlirOperation t = mlirOperationIsNull(tl) ? tr : tl;
  if (mlirOperationIsNull(t))
    return mlirLogicalResultFailure();
  MlirValue operands[2];
  for (int i = 0; i < 2; ++i) {
    MlirValue v = i ? rhs : lhs;
    MlirOperation ti = i ? tr : tl;
    if (!mlirOperationIsNull(ti) && samePerm(ti, t) &&
        mlirTypeEqual(mlirValueGetType(v), mlirValueGetType(mlirOperationGetResult(rw->op, 0))))
      operands[i] = mlirOperationGetOperand(ti, 0);
    else if (isScalar(v))
      operands[i] = v;
    else
      return mlirLogicalResultFailure();
  }
  MlirValue x = mlirOperationGetOperand(t, 0);
  MlirType elt = dlcElementType(mlirValueGetType(mlirOperationGetResult(rw->op, 0)));
  MlirValue y = cloneOn(rw, rw->op, 2, operands, withElement(mlirValueGetType(x), elt));
  MlirValue r = transposeLike(rw, t, y);
  dlcReplaceOp(rw, 1, &r);
  return mlirLogicalResultSuccess();
}

static const DlcLowering patterns[] = {
    {"dlc_graph.relu", sinkUnary},       {"dlc_graph.leaky_relu", sinkUnary},
    {"dlc_graph.sigmoid", sinkUnary},    {"dlc_graph.tanh", sinkUnary},
    {"dlc_graph.gelu", sinkUnary},       {"dlc_graph.erf", sinkUnary},
    {"dlc_graph.exp", sinkUnary},        {"dlc_graph.log", sinkUnary},
    {"dlc_graph.sqrt", sinkUnary},       {"dlc_graph.neg", sinkUnary},
    {"dlc_graph.abs", sinkUnary},        {"dlc_graph.cast", sinkUnary},
    {"dlc_graph.add", sinkBinary},       {"dlc_graph.sub", sinkBinary},
    {"dlc_graph.mul", sinkBinary},       {"dlc_graph.div", sinkBinary},
};

void dlcRunSinkTransposes(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  dlcApplyRewrites(op, patterns, sizeof patterns / sizeof *patterns, NULL);
}
