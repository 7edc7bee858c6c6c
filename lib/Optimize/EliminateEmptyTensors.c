//===- EliminateEmptyTensors.c - dlc-eliminate-empty-tensors ----*- C -*-===//
//
// Zero-dim tensor elimination: an op whose results all have a static
// zero-size dim computes nothing, whatever its operands; its results
// become empty constants (which lower to no loops). A concat with an empty
// operand is its other operand.
//
//===----------------------------------------------------------------------===//

#include "Dialect/OpDef.h"
#include "Optimize/GraphRewrite.h"
#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static bool isEmpty(MlirType type) {
  return dlcStaticNumElements(type) == 0;
}

static MlirLogicalResult emptyResults(DlcRewriter *rw) {
  intptr_t n = mlirOperationGetNumResults(rw->op);
  MlirValue values[DLC_MAX_RESULTS];
  if (!n || n > DLC_MAX_RESULTS)
    return mlirLogicalResultFailure();
  bool anyEmpty = false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue r = mlirOperationGetResult(rw->op, i);
    bool empty = isEmpty(mlirValueGetType(r));
    if (!empty && !mlirOpOperandIsNull(mlirValueGetFirstUse(r)))
      return mlirLogicalResultFailure();
    anyEmpty |= empty;
  }
  if (!anyEmpty)
    return mlirLogicalResultFailure();
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue r = mlirOperationGetResult(rw->op, i);
    MlirType type = mlirValueGetType(r);
    // An unused non-empty result (a mask, say) needs no stand-in: it is
    // replaced by itself and goes with the op.
    values[i] = isEmpty(type) ? dlcBuildGraphConstant(&rw->b, dlcSplatAttr(type, 0)) : r;
  }
  for (intptr_t i = 0; i < n; ++i)
    if (!mlirValueEqual(values[i], mlirOperationGetResult(rw->op, i)))
      mlirRewriterBaseReplaceAllUsesWith(rw->rewriter, mlirOperationGetResult(rw->op, i),
                                         values[i]);
  mlirRewriterBaseEraseOp(rw->rewriter, rw->op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult concatOfEmpty(DlcRewriter *rw) {
  MlirValue lhs = dlcOpOperand(rw->op, 0), rhs = dlcOpOperand(rw->op, 1);
  if (isEmpty(mlirValueGetType(rhs)) && mlirLogicalResultIsSuccess(dlcReplaceBySameType(rw, lhs)))
    return mlirLogicalResultSuccess();
  if (isEmpty(mlirValueGetType(lhs)))
    return dlcReplaceBySameType(rw, rhs);
  return mlirLogicalResultFailure();
}

static MlirLogicalResult eliminate(DlcRewriter *rw) {
  if (mlirLogicalResultIsSuccess(emptyResults(rw)))
    return mlirLogicalResultSuccess();
  if (dlcIsOp(rw->op, "dlc_graph.concat"))
    return concatOfEmpty(rw);
  return mlirLogicalResultFailure();
}

void dlcRunEliminateEmptyTensors(MlirOperation op, DlcPassRun *run,
                                 const DlcPassOptions *options) {
  (void)run, (void)options;
  size_t count;
  DlcLowering *patterns = dlcPatternsForAllGraphOps(eliminate, "dlc_graph.constant", &count);
  dlcApplyRewrites(op, patterns, count, NULL);
  free(patterns);
}
