//===- UnshareFills.c - The dlc-unshare-fills pass --------------*- C -*-===//
//
// CSE merges equal fills (the zero inits of products of one shape: the
// Winograd products of two layers, a model's repeated 1x1 layers at 7x7),
// and one-shot-bufferize then gives every user but one a copy of the one
// filled buffer: a memcpy of each product's result size before each
// product (ResNet-18: 4.9 MB a run, 3% of its time in memmove). A fill
// of its own for each user, just before it, is written in place in that
// user's buffer: one write, no read. But a subset of the fill read by an
// extract_slice and written back by an insert_slice is updated in place:
// those two keep one fill.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

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

// True when `extract` (a tensor.extract_slice) reads the subset that
// `insert` (a tensor.insert_slice) writes: same offsets, sizes, strides.
static bool sameSubset(MlirOperation extract, MlirOperation insert) {
  static const char *const names[] = {"static_offsets", "static_sizes", "static_strides"};
  for (int i = 0; i < 3; ++i) {
    MlirStringRef name = mlirStringRefCreateFromCString(names[i]);
    if (!mlirAttributeEqual(mlirOperationGetAttributeByName(extract, name),
                            mlirOperationGetAttributeByName(insert, name)))
      return false;
  }
  // The dynamic ones: after the source (extract), after source and dest
  // (insert).
  intptr_t n = mlirOperationGetNumOperands(extract) - 1;
  if (mlirOperationGetNumOperands(insert) - 2 != n)
    return false;
  for (intptr_t i = 0; i < n; ++i)
    if (!mlirValueEqual(mlirOperationGetOperand(extract, 1 + i),
                        mlirOperationGetOperand(insert, 2 + i)))
      return false;
  return true;
}

// The insert_slice among `users` that writes back into the fill (its
// dest, operand 1) the subset `extract` reads of it, after it: an update
// of that subset in place, which must keep one buffer. Unshared, the
// extract's clone took the update and the insert's a second fill, and a
// copy of the subset from one to the other (a product computed in
// padded blocks, its last block peeled: 127x255 @ 255x511 filled its
// result twice and copied half of it).
static MlirOperation writeBack(MlirOperation extract, const DlcOpList *users, MlirValue fill) {
  if (!dlcIsOp(extract, "tensor.extract_slice"))
    return (MlirOperation){NULL};
  MlirBlock block = mlirOperationGetBlock(dlcDefiningOp(fill));
  for (size_t i = 0; i < users->count; ++i) {
    MlirOperation insert = users->items[i];
    if (dlcIsOp(insert, "tensor.insert_slice") &&
        mlirValueEqual(mlirOperationGetOperand(insert, 1), fill) && sameSubset(extract, insert) &&
        mlirOperationIsBeforeInBlock(dlcAncestorInBlock(extract, block),
                                     dlcAncestorInBlock(insert, block)))
      return insert;
  }
  return (MlirOperation){NULL};
}

void dlcRunUnshareFills(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  (void)options;
  DlcOpList fills = {0};
  mlirOperationWalk(op, collectSharedFills, &fills, MlirWalkPreOrder);
  for (size_t i = 0; i < fills.count; ++i) {
    MlirOperation fill = fills.items[i];
    MlirValue result = mlirOperationGetResult(fill, 0);
    // Every use gets a clone (the first in the use list is not the first
    // in the block), but an extract_slice and the insert_slice that
    // writes its subset back share one; the fill, then unused, goes. The
    // uses are listed first: setting an operand moves its use to the
    // clone's list.
    DlcOpList users = {0};
    intptr_t *operands = NULL;
    size_t count = 0;
    for (MlirOpOperand use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
         use = mlirOpOperandGetNextUse(use)) {
      dlcOpListPush(&users, mlirOpOperandGetOwner(use));
      operands = realloc(operands, sizeof(intptr_t) * (count + 1));
      if (!operands)
        abort();
      operands[count++] = mlirOpOperandGetOperandNumber(use);
    }
    // The pairs first, then every use left.
    for (size_t u = 0; u < count; ++u) {
      MlirOperation insert = writeBack(users.items[u], &users, result);
      if (mlirOperationIsNull(insert))
        continue;
      MlirValue clone = cloneFillFor(fill, users.items[u]);
      mlirOperationSetOperand(users.items[u], operands[u], clone);
      mlirOperationSetOperand(insert, 1, clone);
    }
    for (size_t u = 0; u < count; ++u)
      if (mlirValueEqual(mlirOperationGetOperand(users.items[u], operands[u]), result))
        mlirOperationSetOperand(users.items[u], operands[u], cloneFillFor(fill, users.items[u]));
    free(operands);
    dlcOpListFree(&users);
    intptr_t init = mlirOperationGetNumOperands(fill) - 1;
    MlirOperation empty = dlcDefiningOp(mlirOperationGetOperand(fill, init));
    mlirOperationDestroy(fill);
    if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(empty, 0))))
      mlirOperationDestroy(empty);
  }
  dlcOpListFree(&fills);
}
