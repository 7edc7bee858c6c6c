//===- EliminateDeadOps.c - The dlc-dce pass --------------------*- C -*-===//
//
// DLC's ops are pure (no memory effects, no state: inference dropout
// included; dlc_tensor.check reports, and has no result), but IRDL ops carry no traits, so MLIR's own DCE keeps them.
// This pass erases every dlc_graph and dlc_tensor op none of whose results
// is used, users first, so that whole dead chains go in one walk. Values a
// function returns are used by its terminator and stay.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"


// An op without results (dlc_tensor.check) is there for its effect.
static bool isUnused(MlirOperation op) {
  if (mlirOperationGetNumResults(op) == 0)
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (dlcIsDlcOp(op) && mlirOperationGetNumRegions(op) == 0)
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

void dlcRunEliminateDeadOps(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  DlcOpList ops = {0};
  mlirOperationWalk(op, collect, &ops, MlirWalkPreOrder);
  // In reverse program order an op's users come before it: erasing them
  // first leaves the op unused in turn.
  for (size_t i = ops.count; i-- > 0;)
    if (isUnused(ops.items[i]))
      mlirOperationDestroy(ops.items[i]);
  dlcOpListFree(&ops);
}
