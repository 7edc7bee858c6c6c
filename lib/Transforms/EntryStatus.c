//===- EntryStatus.c - The status an entry returns --------------*- C -*-===//
//
// Generated code reports run-time errors instead of faulting (dlc-c/
// Status.h). Checks write status slots (see TensorToLinalg/Check.c); the
// status is the first failed check's code, with the check's number (its
// place in `dlc.checks`, which says where each is) in the bits above 8.
// An allocation that fails sets a slot of its own (AllocGuards.c), so the
// status says out of memory and which allocation failed.
//
//===----------------------------------------------------------------------===//

#include "Transforms/EntryStatus.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Str.h"
#include "dlc-c/Status.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }


static MlirOperation constant(MlirContext ctx, MlirLocation loc, MlirType type, int64_t value) {
  MlirNamedAttribute attr = dlcNamed(ctx, "value", mlirIntegerAttrGet(type, value));
  return dlcCreateDetachedOp("arith.constant", loc, 0, NULL, 1, &type, 1, &attr);
}

static void insertBefore(MlirOperation before, MlirOperation op) {
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, op);
}

static MlirValue result(MlirOperation op) { return mlirOperationGetResult(op, 0); }

static MlirBlock entryBlock(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

// Where a check is, for the run-time message: an ONNX node's name, else
// file:line:col.
static void describeLocation(DlcStr *s, MlirLocation loc) {
  if (mlirLocationIsAName(loc)) {
    MlirStringRef name = mlirIdentifierStr(mlirLocationNameGetName(loc));
    dlcStrPrintf(s, "'%.*s'", (int)name.length, name.data);
  } else if (mlirLocationIsAFileLineColRange(loc)) {
    MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    dlcStrPrintf(s, "%.*s:%d:%d", (int)file.length, file.data,
                 mlirLocationFileLineColRangeGetStartLine(loc),
                 mlirLocationFileLineColRangeGetStartColumn(loc));
  } else if (mlirLocationIsACallSite(loc)) {
    describeLocation(s, mlirLocationCallSiteGetCallee(loc));
  } else {
    dlcStrPuts(s, "an unknown location");
  }
}

static MlirValue binary(const char *name, MlirOperation before, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  MlirType type = mlirValueGetType(x);
  MlirOperation op =
      dlcCreateDetachedOp(name, mlirOperationGetLocation(before), 2, operands, 1, &type, 0, NULL);
  insertBefore(before, op);
  return result(op);
}

MlirValue dlcEntryBuildStatus(MlirOperation func, MlirOperation ret) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirLocation loc = mlirOperationGetLocation(ret);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32), i64 = mlirIntegerTypeGet(ctx, 64);
  DlcOpList slotList = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(entryBlock(func)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (dlcIsOp(op, "memref.alloca") &&
        !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref("dlc.status_slot"))))
      dlcOpListPush(&slotList, op);
  MlirOperation *slots = slotList.items;
  intptr_t numSlots = (intptr_t)slotList.count;
  MlirOperation zero = constant(ctx, loc, i32, 0);
  insertBefore(ret, zero);
  MlirValue status = result(zero);
  MlirAttribute *where = malloc(sizeof(MlirAttribute) * (size_t)(numSlots ? numSlots : 1));
  if (!where)
    abort();
  // The first failed check's code, with its number (1-based) above bit 8:
  // s = slot_k != 0 ? slot_k | (k + 1) << 8 : s, from the last slot back.
  for (intptr_t k = numSlots; k-- > 0;) {
    MlirValue slot = result(slots[k]);
    MlirOperation clear = constant(ctx, loc, i32, 0);
    mlirBlockInsertOwnedOperationAfter(entryBlock(func), slots[k], clear);
    MlirValue store[2] = {result(clear), slot};
    MlirOperation stored = dlcCreateDetachedOp("memref.store", loc, 2, store, 0, NULL, 0, NULL);
    mlirBlockInsertOwnedOperationAfter(entryBlock(func), clear, stored);
    MlirOperation load = dlcCreateDetachedOp("memref.load", loc, 1, &slot, 1, &i32, 0, NULL);
    insertBefore(ret, load);
    MlirOperation number = constant(ctx, loc, i32, (k + 1) << 8);
    insertBefore(ret, number);
    MlirValue numbered = binary("arith.ori", ret, result(load), result(number));
    MlirValue compared[2] = {result(load), result(zero)};
    MlirNamedAttribute ne = dlcNamed(ctx, "predicate", mlirIntegerAttrGet(i64, 1));
    MlirType i1 = mlirIntegerTypeGet(ctx, 1);
    MlirOperation failed = dlcCreateDetachedOp("arith.cmpi", loc, 2, compared, 1, &i1, 1, &ne);
    insertBefore(ret, failed);
    MlirValue chosen[3] = {result(failed), numbered, status};
    MlirOperation select = dlcCreateDetachedOp("arith.select", loc, 3, chosen, 1, &i32, 0, NULL);
    insertBefore(ret, select);
    status = result(select);
    DlcStr text = DLC_STR_INIT;
    describeLocation(&text, mlirOperationGetLocation(slots[k]));
    where[k] = mlirStringAttrGet(ctx, mlirStringRefCreate(text.data, text.len));
    dlcStrFree(&text);
  }
  if (numSlots)
    mlirOperationSetAttributeByName(func, ref("dlc.checks"), mlirArrayAttrGet(ctx, numSlots, where));
  free(where);
  dlcOpListFree(&slotList);
  return status;
}

// Moves the ops after `after` up to `terminator` into the then-block of an
// scf.if on `cond` (yielding the status, terminator's operand 0), whose
// else-block yields `elseStatus`; the terminator returns the scf.if's
// result. Deallocations of buffers from before `after` (other than
// `alloc`, when not null) stay. Returns the then-block's yield, the
// terminator of the rest.
static MlirOperation guardOn(MlirOperation after, MlirValue cond, int32_t elseStatus,
                             MlirOperation alloc, MlirOperation terminator) {
  MlirContext ctx = mlirOperationGetContext(after);
  MlirLocation loc = mlirOperationGetLocation(after);
  MlirBlock block = mlirOperationGetBlock(after);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  MlirBlock thenBlock = mlirBlockCreate(0, NULL, NULL);
  for (MlirOperation op = mlirOperationGetNextInBlock(after), next;
       !mlirOperationEqual(op, terminator); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (dlcIsOp(op, "memref.dealloc")) {
      MlirOperation owner = dlcDefiningOp(mlirOperationGetOperand(op, 0));
      bool ownedBefore = mlirOperationIsNull(owner) ||
                         ((mlirOperationIsNull(alloc) || !mlirOperationEqual(owner, alloc)) &&
                          !mlirBlockEqual(mlirOperationGetBlock(owner), thenBlock));
      if (ownedBefore)
        continue;
    }
    mlirOperationRemoveFromParent(op);
    mlirBlockAppendOwnedOperation(thenBlock, op);
  }
  MlirValue status = mlirOperationGetOperand(terminator, 0);
  MlirOperation yield = dlcCreateDetachedOp("scf.yield", loc, 1, &status, 0, NULL, 0, NULL);
  mlirBlockAppendOwnedOperation(thenBlock, yield);
  MlirBlock elseBlock = mlirBlockCreate(0, NULL, NULL);
  MlirOperation code = constant(ctx, loc, i32, elseStatus);
  mlirBlockAppendOwnedOperation(elseBlock, code);
  MlirValue codeValue = result(code);
  mlirBlockAppendOwnedOperation(
      elseBlock, dlcCreateDetachedOp("scf.yield", loc, 1, &codeValue, 0, NULL, 0, NULL));

  MlirRegion regions[2] = {mlirRegionCreate(), mlirRegionCreate()};
  mlirRegionAppendOwnedBlock(regions[0], thenBlock);
  mlirRegionAppendOwnedBlock(regions[1], elseBlock);
  MlirOperationState state = mlirOperationStateGet(ref("scf.if"), loc);
  mlirOperationStateAddOperands(&state, 1, &cond);
  mlirOperationStateAddResults(&state, 1, &i32);
  mlirOperationStateAddOwnedRegions(&state, 2, regions);
  MlirOperation ifOp = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationAfter(block, after, ifOp);
  mlirOperationSetOperand(terminator, 0, result(ifOp));
  return yield;
}

MlirOperation dlcEntryGuardCondition(MlirOperation after, MlirValue cond, int32_t elseStatus,
                                     MlirOperation terminator) {
  return guardOn(after, cond, elseStatus, (MlirOperation){NULL}, terminator);
}
