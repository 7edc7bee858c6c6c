//===- EliminateNops.c - The dlc-eliminate-nops pass ------------*- C -*-===//
//
// Ops that return their input unchanged are replaced by it. Exporters
// leave many (Identity, inference Dropout, Reshape to the same shape,
// Cast to the same type, x * 1 from folded scales); each costs a copy
// loop after lowering. An op only goes when its result has exactly the
// input's type: users, func.return included, then see no change.
//
//===----------------------------------------------------------------------===//

#include "Dialect/OpDef.h"
#include "Optimize/GraphRewrite.h"
#include "Pass/PassDef.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinTypes.h"

static MlirLogicalResult input(DlcRewriter *rw) {
  return dlcReplaceBySameType(rw, dlcOpOperand(rw->op, 0));
}

static bool isStatic(MlirValue v) { return mlirShapedTypeHasStaticShape(mlirValueGetType(v)); }

// identity, inference dropout (an unused mask only) and cast to the
// input's type.
static MlirLogicalResult sameTypeAsInput(DlcRewriter *rw) { return input(rw); }

// The shape ops whose result has the input's static type: reshape, flatten,
// squeeze, unsqueeze, expand all keep the row-major order of the elements.
// Equal types with `?` dims prove nothing (a ?x? reshape may swap 2x3 for
// 3x2).
static MlirLogicalResult sameStaticShape(DlcRewriter *rw) {
  if (!isStatic(dlcOpOperand(rw->op, 0)))
    return mlirLogicalResultFailure();
  return input(rw);
}

static MlirLogicalResult transposeIdentity(DlcRewriter *rw) {
  int64_t perm[DLC_MAX_RANK];
  int64_t n = dlcOpInts(rw->op, "perm", perm, DLC_MAX_RANK);
  if (n < 0)
    return mlirLogicalResultFailure(); // reversed; left to simplify-algebra
  for (int64_t i = 0; i < n; ++i)
    if (perm[i] != i)
      return mlirLogicalResultFailure();
  return input(rw);
}

static MlirLogicalResult padNothing(DlcRewriter *rw) {
  // Pads read at run time may be anything.
  if (!mlirValueIsNull(dlcOpOperand(rw->op, 2)))
    return mlirLogicalResultFailure();
  int64_t pads[2 * DLC_MAX_RANK];
  int64_t n = dlcOpInts(rw->op, "pads", pads, 2 * DLC_MAX_RANK);
  for (int64_t i = 0; i < n; ++i)
    if (pads[i])
      return mlirLogicalResultFailure();
  return input(rw);
}

// With positive steps, a slice as large as its input in every dim can only
// start at 0 and step by 1 (or the dim has one element): it takes all.
static MlirLogicalResult sliceEverything(DlcRewriter *rw) {
  if (!isStatic(dlcOpOperand(rw->op, 0)))
    return mlirLogicalResultFailure();
  int64_t steps[DLC_MAX_RANK];
  int64_t n = dlcOpInts(rw->op, "steps", steps, DLC_MAX_RANK);
  for (int64_t i = 0; i < n; ++i)
    if (steps[i] < 0)
      return mlirLogicalResultFailure();
  return input(rw);
}

// x + 0, x - 0, x * 1, x / 1, x ^ 1 with the constant broadcasting into x's
// shape (the result type must be x's, and x static unless the constant is
// a single element: a ? dim of x might be 1 and broadcast). IEEE arithmetic makes x * 1, x / 1,
// x - 0 and pow(x, 1) exactly x, NaN included; x + 0 is x except that
// -0.0 + 0.0 is +0.0, which compares equal to it.
static bool cannotGrow(MlirValue x, MlirValue constant) {
  return isStatic(x) || dlcStaticNumElements(mlirValueGetType(constant)) == 1;
}

static MlirLogicalResult neutralOperand(DlcRewriter *rw, double neutral, bool commutes) {
  MlirValue lhs = dlcOpOperand(rw->op, 0), rhs = dlcOpOperand(rw->op, 1);
  if (dlcGraphConstantIsAll(rhs, neutral) && cannotGrow(lhs, rhs) &&
      mlirLogicalResultIsSuccess(dlcReplaceBySameType(rw, lhs)))
    return mlirLogicalResultSuccess();
  if (commutes && dlcGraphConstantIsAll(lhs, neutral) && cannotGrow(rhs, lhs))
    return dlcReplaceBySameType(rw, rhs);
  return mlirLogicalResultFailure();
}
static MlirLogicalResult addZero(DlcRewriter *rw) { return neutralOperand(rw, 0, true); }
static MlirLogicalResult subZero(DlcRewriter *rw) { return neutralOperand(rw, 0, false); }
static MlirLogicalResult mulOne(DlcRewriter *rw) { return neutralOperand(rw, 1, true); }
static MlirLogicalResult divOne(DlcRewriter *rw) { return neutralOperand(rw, 1, false); }
static MlirLogicalResult powOne(DlcRewriter *rw) { return neutralOperand(rw, 1, false); }

static MlirLogicalResult whereConstant(DlcRewriter *rw) {
  MlirValue condition = dlcOpOperand(rw->op, 0);
  // The picked side must be static: a ? dim of it might broadcast.
  if (!isStatic(mlirOperationGetResult(rw->op, 0)))
    return mlirLogicalResultFailure();
  if (dlcGraphConstantIsAll(condition, 1))
    return dlcReplaceBySameType(rw, dlcOpOperand(rw->op, 1));
  if (dlcGraphConstantIsAll(condition, 0))
    return dlcReplaceBySameType(rw, dlcOpOperand(rw->op, 2));
  return mlirLogicalResultFailure();
}

static MlirLogicalResult clipUnbounded(DlcRewriter *rw) {
  if (!mlirValueIsNull(dlcOpOperand(rw->op, 1)) || !mlirValueIsNull(dlcOpOperand(rw->op, 2)))
    return mlirLogicalResultFailure();
  return input(rw);
}

// noop_with_empty_axes without axes: ONNX defines the reduction as identity.
static MlirLogicalResult reduceNothing(DlcRewriter *rw) {
  if (dlcOpHasAttr(rw->op, "axes") || !mlirValueIsNull(dlcOpOperand(rw->op, 1)) ||
      !dlcOpBool(rw->op, "noop_with_empty_axes"))
    return mlirLogicalResultFailure();
  return input(rw);
}

static const DlcLowering patterns[] = {
    {"dlc_graph.identity", sameTypeAsInput},
    {"dlc_graph.dropout", sameTypeAsInput},
    {"dlc_graph.reshape", sameStaticShape},
    {"dlc_graph.flatten", sameStaticShape},
    {"dlc_graph.squeeze", sameStaticShape},
    {"dlc_graph.unsqueeze", sameStaticShape},
    {"dlc_graph.expand", sameStaticShape},
    {"dlc_graph.transpose", transposeIdentity},
    {"dlc_graph.cast", sameTypeAsInput},
    {"dlc_graph.pad", padNothing},
    {"dlc_graph.slice", sliceEverything},
    {"dlc_graph.add", addZero},
    {"dlc_graph.sub", subZero},
    {"dlc_graph.mul", mulOne},
    {"dlc_graph.div", divOne},
    {"dlc_graph.pow", powOne},
    {"dlc_graph.where", whereConstant},
    {"dlc_graph.clip", clipUnbounded},
    {"dlc_graph.reduce_sum", reduceNothing},
    {"dlc_graph.reduce_mean", reduceNothing},
    {"dlc_graph.reduce_max", reduceNothing},
};

void dlcRunEliminateNops(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  dlcApplyRewrites(op, patterns, sizeof patterns / sizeof *patterns, NULL);
}
