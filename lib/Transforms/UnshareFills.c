//===- UnshareFills.c - The dlc-unshare-fills pass --------------*- C -*-===//
//
// CSE merges equal fills (the zero inits of products of one shape: the
// Winograd products of two layers, a model's repeated 1x1 layers at 7x7),
// and one-shot-bufferize then gives every user but one a copy of the one
// filled buffer: a memcpy of each product's result size before each
// product (ResNet-18: 4.9 MB a run, 3% of its time in memmove). A fill
// of its own for each user, just before it, is written in place in that
// user's buffer: one write, no read.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinTypes.h"

static MlirWalkResult collectSharedFills(MlirOperation op, void *userData) {
  if (!dlcIsOp(op, "linalg.fill") || mlirOperationGetNumResults(op) != 1)
    return MlirWalkResultAdvance;
  MlirValue result = mlirOperationGetResult(op, 0);
  if (!mlirTypeIsARankedTensor(mlirValueGetType(result)))
    return MlirWalkResultAdvance;
  // Only a fill of new memory: one into a buffer given as a tensor (a
  // status slot's `bufferization.to_tensor ... restrict`) is that buffer,
  // which clones would write over.
  intptr_t last = mlirOperationGetNumOperands(op) - 1;
  if (!dlcIsOp(dlcDefiningOp(mlirOperationGetOperand(op, last)), "tensor.empty"))
    return MlirWalkResultAdvance;
  MlirOpOperand use = mlirValueGetFirstUse(result);
  if (!mlirOpOperandIsNull(use) && !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// The fill and its tensor.empty, cloned just before the op of the fill's
// block that holds `user`: the clone's buffer lives only from there. (The
// empty's operands, dynamic sizes, are defined before the empty.)
static MlirValue cloneFillFor(MlirOperation fill, MlirOperation user) {
  MlirBlock block = mlirOperationGetBlock(fill);
  MlirOperation clone = mlirOperationClone(fill);
  mlirBlockInsertOwnedOperationBefore(block, dlcAncestorInBlock(user, block), clone);
  intptr_t init = mlirOperationGetNumOperands(fill) - 1;
  MlirOperation empty = mlirOperationClone(dlcDefiningOp(mlirOperationGetOperand(fill, init)));
  mlirBlockInsertOwnedOperationBefore(block, clone, empty);
  mlirOperationSetOperand(clone, init, mlirOperationGetResult(empty, 0));
  return mlirOperationGetResult(clone, 0);
}

void dlcRunUnshareFills(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  (void)options;
  DlcOpList fills = {0};
  mlirOperationWalk(op, collectSharedFills, &fills, MlirWalkPreOrder);
  for (size_t i = 0; i < fills.count; ++i) {
    MlirOperation fill = fills.items[i];
    MlirValue result = mlirOperationGetResult(fill, 0);
    // Every user gets a clone (the first in the use list is not the first
    // in the block), and the fill, then unused, goes.
    MlirOpOperand use = mlirValueGetFirstUse(result);
    while (!mlirOpOperandIsNull(use)) {
      MlirOpOperand next = mlirOpOperandGetNextUse(use);
      MlirOperation user = mlirOpOperandGetOwner(use);
      mlirOperationSetOperand(user, mlirOpOperandGetOperandNumber(use), cloneFillFor(fill, user));
      use = next;
    }
    intptr_t init = mlirOperationGetNumOperands(fill) - 1;
    MlirOperation empty = dlcDefiningOp(mlirOperationGetOperand(fill, init));
    mlirOperationDestroy(fill);
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(empty, 0))))
      mlirOperationDestroy(empty);
  }
  dlcOpListFree(&fills);
}
