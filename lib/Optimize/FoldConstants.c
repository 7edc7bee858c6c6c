//===- FoldConstants.c - The dlc-fold-constants pass ------------*- C -*-===//
//
// A dlc_graph op whose operands are all constants becomes a constant of
// its value (Optimize/Evaluate.c computes it); dlc_graph.shape folds as
// soon as its input's dims are static. Exporters compute shapes at run
// time (Shape -> Gather -> Concat -> Reshape): folded, those chains end in
// constants, which reshape and expand then take as their static `shape`
// (reductions as their `axes`, slice and pad as their bounds and pads).
//
// Folding may not duplicate weights: a result above `max-elements` is only
// computed when every operand that large has no other user, so that it
// dies with the op (a transposed weight is folded once, in place), or was
// itself folded by this pass (an intermediate, not a weight: a scatter of
// constants builds a one-hot of updates x targets that two ops read, and
// the scatter's small result is what stays). Results above
// MAX_FOLDED_ELEMENTS are never computed: compiling must not take more
// memory than the model would.
//
//===----------------------------------------------------------------------===//

#include "Dialect/OpDef.h"
#include "Optimize/Evaluate.h"
#include "Optimize/GraphRewrite.h"
#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

// The rewritten op again, on its first operand only, with `attrs` added:
// the static form of a reshape, expand or slice whose shape operand was a
// constant. The result keeps its type (users, func.return among them, see
// no change); dlc-infer-shapes then refines it.
static void replaceByStaticForm(DlcRewriter *rw, intptr_t n, const MlirNamedAttribute *attrs) {
  MlirOperation clone = mlirOperationClone(rw->op);
  MlirValue x = mlirOperationGetOperand(rw->op, 0);
  mlirOperationSetOperands(clone, 1, &x);
  for (intptr_t i = 0; i < n; ++i)
    mlirOperationSetAttributeByName(clone, mlirIdentifierStr(attrs[i].name), attrs[i].attribute);
  mlirRewriterBaseInsert(rw->rewriter, clone);
  mlirRewriterBaseReplaceOpWithOperation(rw->rewriter, rw->op, clone);
}

// reshape / expand whose `shape_tensor` is a constant: attribute `shape`,
// which lowering needs.
static MlirLogicalResult shapeOperandToAttr(DlcRewriter *rw) {
  DlcElements e;
  if (!dlcGraphConstantRead(dlcOpOperand(rw->op, 1), DLC_MAX_RANK, &e))
    return mlirLogicalResultFailure();
  MlirNamedAttribute shape = dlcNamed(rw->b.ctx, "shape", dlcI64ArrayAttr(rw->b.ctx, e.count, e.i));
  dlcElementsFree(&e);
  replaceByStaticForm(rw, 1, &shape);
  return mlirLogicalResultSuccess();
}

// A slice whose `bounds_tensor` is a constant: its rows become `starts`
// and `ends` (and `axes` and `steps` when it has 4).
static MlirLogicalResult boundsToAttrs(DlcRewriter *rw) {
  DlcElements e;
  MlirValue operand = dlcOpOperand(rw->op, 1);
  if (!dlcGraphConstantRead(operand, 4 * DLC_MAX_RANK, &e))
    return mlirLogicalResultFailure();
  int64_t rows = mlirShapedTypeGetDimSize(mlirValueGetType(operand), 0);
  if (rows != 2 && rows != 4) {
    dlcElementsFree(&e);
    return mlirLogicalResultFailure();
  }
  int64_t n = e.count / rows;
  static const char *const names[4] = {"starts", "ends", "axes", "steps"};
  MlirNamedAttribute bounds[4];
  for (int64_t r = 0; r < rows; ++r)
    bounds[r] = dlcNamed(rw->b.ctx, names[r], dlcI64ArrayAttr(rw->b.ctx, n, e.i + r * n));
  dlcElementsFree(&e);
  replaceByStaticForm(rw, (int)rows, bounds);
  return mlirLogicalResultSuccess();
}

// A pad whose `pads_tensor` is a constant: attribute `pads` (and `axes`
// when it has 3 rows); its `constant_value`, if any, stays.
static MlirLogicalResult padsToAttrs(DlcRewriter *rw) {
  DlcElements e;
  MlirValue operand = dlcOpOperand(rw->op, 2);
  if (!dlcGraphConstantRead(operand, 3 * DLC_MAX_RANK, &e))
    return mlirLogicalResultFailure();
  MlirContext ctx = rw->b.ctx;
  bool axes = mlirShapedTypeGetRank(mlirValueGetType(operand)) == 2;
  int64_t n = axes ? e.count / 3 : e.count / 2;
  MlirOperation clone = mlirOperationClone(rw->op);
  MlirValue kept[2] = {mlirOperationGetOperand(rw->op, 0), dlcOpOperand(rw->op, 1)};
  int32_t segments[3] = {1, !mlirValueIsNull(kept[1]), 0};
  mlirOperationSetOperands(clone, 1 + segments[1], kept);
  mlirOperationSetAttributeByName(clone, mlirStringRefCreateFromCString("operandSegmentSizes"),
                                  mlirDenseI32ArrayGet(ctx, 3, segments));
  mlirOperationSetAttributeByName(clone, mlirStringRefCreateFromCString("pads"),
                                  dlcI64ArrayAttr(ctx, 2 * n, e.i));
  if (axes)
    mlirOperationSetAttributeByName(clone, mlirStringRefCreateFromCString("axes"),
                                    dlcI64ArrayAttr(ctx, n, e.i + 2 * n));
  dlcElementsFree(&e);
  mlirRewriterBaseInsert(rw->rewriter, clone);
  mlirRewriterBaseReplaceOpWithOperation(rw->rewriter, rw->op, clone);
  return mlirLogicalResultSuccess();
}

// A reduction whose `axes_tensor` is a constant: attribute `axes`, which
// the fast lowering needs.
static MlirLogicalResult axesOperandToAttr(DlcRewriter *rw) {
  DlcElements e;
  if (!dlcGraphConstantRead(dlcOpOperand(rw->op, 1), DLC_MAX_RANK, &e))
    return mlirLogicalResultFailure();
  MlirNamedAttribute axes = dlcNamed(rw->b.ctx, "axes", dlcI64ArrayAttr(rw->b.ctx, e.count, e.i));
  dlcElementsFree(&e);
  replaceByStaticForm(rw, 1, &axes);
  return mlirLogicalResultSuccess();
}

static bool isReduction(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length > 17 && !strncmp(name.data, "dlc_graph.reduce_", 17);
}

#define MAX_FOLDED_ELEMENTS ((int64_t)1 << 24)

typedef struct Limits {
  int64_t maxElements;
  DlcOpList *largeFolded; ///< the constants this pass made above maxElements
} Limits;

static bool foldedHere(const Limits *limits, MlirValue v) {
  MlirOperation def = dlcDefiningOp(v);
  for (size_t i = 0; i < limits->largeFolded->count; ++i)
    if (mlirOperationEqual(limits->largeFolded->items[i], def))
      return true;
  return false;
}

static MlirLogicalResult fold(DlcRewriter *rw) {
  MlirOperation op = rw->op;
  if (isReduction(op) && mlirLogicalResultIsSuccess(axesOperandToAttr(rw)))
    return mlirLogicalResultSuccess();
  if (dlcIsOp(op, "dlc_graph.slice") && mlirLogicalResultIsSuccess(boundsToAttrs(rw)))
    return mlirLogicalResultSuccess();
  if (dlcIsOp(op, "dlc_graph.pad") && mlirLogicalResultIsSuccess(padsToAttrs(rw)))
    return mlirLogicalResultSuccess();
  if ((dlcIsOp(op, "dlc_graph.reshape") || dlcIsOp(op, "dlc_graph.expand")) &&
      mlirLogicalResultIsSuccess(shapeOperandToAttr(rw)))
    return mlirLogicalResultSuccess();
  const Limits *limits = dlcRewriterUserData(rw);
  const DlcOpDef *def = dlcLookupOpDef(op);
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!def || !dlcCanEvaluate(op) || !dlcOnlyFirstResultUsed(op) ||
      !mlirShapedTypeHasStaticShape(type) || dlcStaticNumElements(type) > MAX_FOLDED_ELEMENTS)
    return mlirLogicalResultFailure();
  bool large = dlcStaticNumElements(type) > limits->maxElements;
  bool isShape = dlcIsOp(op, "dlc_graph.shape");
  int n = dlcDefNumOperands(def);
  MlirAttribute values[DLC_MAX_OPERANDS];
  bool present[DLC_MAX_OPERANDS] = {false};
  for (int i = 0; i < n; ++i) {
    MlirValue v = dlcOpOperand(op, i);
    values[i] = mlirAttributeGetNull();
    if (mlirValueIsNull(v))
      continue;
    present[i] = true;
    if (isShape)
      continue;
    values[i] = dlcGraphConstantValue(v);
    if (mlirAttributeIsNull(values[i]))
      return mlirLogicalResultFailure();
    if (large && mlirElementsAttrGetNumElements(values[i]) > limits->maxElements &&
        !dlcHasOneUse(v) && !foldedHere(limits, v))
      return mlirLogicalResultFailure();
  }
  DlcElements operands[DLC_MAX_OPERANDS], result;
  memset(operands, 0, sizeof operands);
  bool ok = true;
  for (int i = 0; i < n && ok; ++i)
    if (!mlirAttributeIsNull(values[i]))
      ok = dlcElementsRead(values[i], &operands[i]);
  ok = ok && dlcEvaluate(op, operands, present, &result);
  for (int i = 0; i < n; ++i)
    dlcElementsFree(&operands[i]);
  if (!ok)
    return mlirLogicalResultFailure();
  MlirValue folded = dlcBuildGraphConstantOf(&rw->b, &result);
  dlcElementsFree(&result);
  if (large)
    dlcOpListPush(limits->largeFolded, dlcDefiningOp(folded));
  mlirRewriterBaseReplaceAllUsesWith(rw->rewriter, mlirOperationGetResult(op, 0), folded);
  mlirRewriterBaseEraseOp(rw->rewriter, op);
  return mlirLogicalResultSuccess();
}

void dlcRunFoldConstants(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  DlcOpList largeFolded = {0};
  Limits limits = {dlcPassOptionInt(options, "max-elements"), &largeFolded};
  size_t count;
  DlcLowering *patterns = dlcPatternsForAllGraphOps(fold, "dlc_graph.constant", &count);
  dlcApplyRewrites(op, patterns, count, &limits);
  free(patterns);
  dlcOpListFree(&largeFolded);
}
