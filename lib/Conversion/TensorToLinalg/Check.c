//===- Check.c - dlc_tensor.check to a status slot --------------*- C -*-===//
//
// A run-time check is a value: a tensor of status codes (0: fine) that the
// kernel computes beside its result, never a branch or a trap inside it.
// Its largest code is reduced into a 0-d tensor and materialized into a
// status slot, a `memref.alloca` of i32 marked `dlc.status_slot` at the
// start of the function. dlc-entry-abi makes the largest slot the entry's
// status. Being pure, the check survives every transform that keeps
// values; materializing into memory is what keeps it from being dead.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

// A new status slot at the start of the function holding the op.
static MlirValue createSlot(DlcRewriter *rw) {
  MlirOperation func = mlirOperationGetParentOperation(rw->op);
  while (!mlirOperationIsNull(func) && !dlcIsOp(func, "func.func"))
    func = mlirOperationGetParentOperation(func);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirType slotType = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(rw->b.ctx, 32), 0, NULL,
                                                  mlirAttributeGetNull());
  MlirNamedAttribute marker =
      dlcNamed(rw->b.ctx, "dlc.status_slot", mlirUnitAttrGet(rw->b.ctx));
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("memref.alloca"), rw->b.loc);
  mlirOperationStateAddResults(&state, 1, &slotType);
  int32_t segments[] = {0, 0};
  MlirNamedAttribute attrs[] = {
      marker, dlcNamed(rw->b.ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(rw->b.ctx, 2, segments))};
  mlirOperationStateAddAttributes(&state, 2, attrs);
  MlirOperation alloca = mlirOperationCreate(&state);
  // After the slots made before: slots in program order number the checks.
  MlirOperation at = mlirBlockGetFirstOperation(entry);
  while (!mlirOperationIsNull(at) && dlcIsOp(at, "memref.alloca") &&
         !mlirAttributeIsNull(mlirOperationGetAttributeByName(
             at, mlirStringRefCreateFromCString("dlc.status_slot"))))
    at = mlirOperationGetNextInBlock(at);
  mlirBlockInsertOwnedOperationBefore(entry, at, alloca);
  return mlirOperationGetResult(alloca, 0);
}

void dlcEmitStatusCheck(DlcRewriter *rw, MlirValue codes) {
  DlcBuilder *b = &rw->b;
  MlirContext ctx = b->ctx;
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  MlirType scalar = mlirRankedTensorTypeGet(0, NULL, i32, mlirAttributeGetNull());
  int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(codes));
  // Reduced even when 0-d: the reduction reads the slot as well as
  // writing it, and a slot that is only stored to is erased as dead once
  // a 0-d check becomes a plain store.
  MlirValue init = dlcFill(b, dlcConstScalar(b, i32, 0), dlcEmpty(b, scalar, 0, NULL));
  MlirAffineMap maps[2] = {mlirAffineMapMultiDimIdentityGet(ctx, rank),
                           mlirAffineMapGet(ctx, rank, 0, 0, NULL)};
  DlcIterator iterators[DLC_MAX_RANK];
  for (int64_t d = 0; d < rank; ++d)
    iterators[d] = DLC_REDUCTION;
  MlirBlock block;
  MlirOperation reduce = dlcGeneric(b, 1, &codes, 1, &init, maps, rank, iterators, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, b->loc);
  MlirValue max = dlcArith(&body, "arith.maxui", mlirBlockGetArgument(block, 0),
                           mlirBlockGetArgument(block, 1));
  dlcYield(&body, 1, &max);
  MlirValue largest = mlirOperationGetResult(reduce, 0);
  MlirValue operands[2] = {largest, createSlot(rw)};
  MlirNamedAttribute flags[] = {dlcNamed(ctx, "restrict", mlirUnitAttrGet(ctx)),
                                dlcNamed(ctx, "writable", mlirUnitAttrGet(ctx))};
  dlcBuildOp(b, "bufferization.materialize_in_destination", 2, operands, 0, NULL, 2, flags, 0,
             NULL);
}

// Status slots and what writes them, found in one walk and erased after it.
typedef struct Slots {
  DlcOpList slots, writes;
} Slots;

static bool isSlot(MlirOperation op) {
  return !mlirOperationIsNull(op) && dlcIsOp(op, "memref.alloca") &&
         !mlirAttributeIsNull(
             mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("dlc.status_slot")));
}

static MlirWalkResult collectSlots(MlirOperation op, void *userData) {
  Slots *found = userData;
  if (isSlot(op))
    dlcOpListPush(&found->slots, op);
  else if (dlcIsOp(op, "bufferization.materialize_in_destination") &&
           mlirOperationGetNumOperands(op) == 2) {
    MlirValue dest = mlirOperationGetOperand(op, 1);
    if (mlirValueIsAOpResult(dest) && isSlot(mlirOpResultGetOwner(dest)))
      dlcOpListPush(&found->writes, op);
  }
  return MlirWalkResultAdvance;
}

void dlcDropStatusChecks(MlirOperation module) {
  Slots found = {{0}, {0}};
  mlirOperationWalk(module, collectSlots, &found, MlirWalkPreOrder);
  // The writes first: a slot is erased once nothing uses it.
  for (size_t i = 0; i < found.writes.count; ++i)
    mlirOperationDestroy(found.writes.items[i]);
  for (size_t i = 0; i < found.slots.count; ++i)
    mlirOperationDestroy(found.slots.items[i]);
  dlcOpListFree(&found.writes);
  dlcOpListFree(&found.slots);
}

MlirLogicalResult dlcLowerCheck(DlcRewriter *rw) {
  dlcEmitStatusCheck(rw, mlirOperationGetOperand(rw->op, 0));
  dlcReplaceOp(rw, 0, NULL);
  return mlirLogicalResultSuccess();
}
