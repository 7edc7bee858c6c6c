//===- KeepInnerLoops.c - dlc-keep-inner-loops ------------------*- C -*-===//
//
// LLVM fully unrolls an innermost loop of a few iterations before its loop
// vectorizer runs, which then vectorizes the loop around the unrolled body
// instead, reading along that loop's stride with gathers: a squeeze-
// excitation's scaling of 16 channels (56 x 56 x 16 multiplies) took 48
// masked gathers, where the loop of 16, vectorized, is one load, one
// multiply and one store. An innermost loop of scalar ops, inside another
// loop, whose constant trip count is a small multiple of the vector lanes
// (so that the vectorizer covers it whole, without a remainder) gets
// `llvm.loop.unroll.disable`, as an `llvm.loop_annotation` that the
// lowering to the LLVM dialect carries to the loop's latch branch.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

// Loops of up to this many vectors are kept: short enough for LLVM to
// unroll fully (the loop seen vectorized with gathers was one vector).
enum { MAX_VECTORS = 4 };

static MlirWalkResult findLoop(MlirOperation op, void *userData) {
  bool *found = userData;
  *found = dlcIsOp(op, "scf.for") || dlcIsOp(op, "scf.parallel") || dlcIsOp(op, "scf.while");
  return *found ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

// Does an op use or make vectors (a vector.transfer_write makes none)?
static MlirWalkResult findVector(MlirOperation op, void *userData) {
  bool *found = userData;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && !*found; ++i)
    *found = mlirTypeIsAVector(mlirValueGetType(mlirOperationGetOperand(op, i)));
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op) && !*found; ++i)
    *found = mlirTypeIsAVector(mlirValueGetType(mlirOperationGetResult(op, i)));
  return *found ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

// An innermost loop in another loop, step 1, of 1 to MAX_VECTORS whole
// vectors of `lanes`, in a nest of scalar ops: the loop path's
// (elementwise ops, reductions, copies). A nest with vector code is a
// schedule's, whose scalar loops are left to LLVM (in one profile a
// matrix-vector product's rows looked slower with them kept).
static bool isShortInnerLoop(MlirOperation loop, int64_t lanes) {
  int64_t lb, ub, step;
  MlirOperation parent = mlirOperationGetParentOperation(loop);
  if (!dlcIsOp(parent, "scf.for") && !dlcIsOp(parent, "scf.parallel"))
    return false;
  if (!dlcConstantInt(mlirOperationGetOperand(loop, 0), &lb) ||
      !dlcConstantInt(mlirOperationGetOperand(loop, 1), &ub) ||
      !dlcConstantInt(mlirOperationGetOperand(loop, 2), &step) || step != 1 || ub <= lb ||
      (ub - lb) % lanes != 0 || ub - lb > MAX_VECTORS * lanes)
    return false;
  bool found = false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op) && !found;
       op = mlirOperationGetNextInBlock(op))
    mlirOperationWalk(op, findLoop, &found, MlirWalkPreOrder);
  if (found)
    return false;
  MlirOperation nest = parent;
  while (dlcIsOp(mlirOperationGetParentOperation(nest), "scf.for") ||
         dlcIsOp(mlirOperationGetParentOperation(nest), "scf.parallel"))
    nest = mlirOperationGetParentOperation(nest);
  bool vectors = false;
  mlirOperationWalk(nest, findVector, &vectors, MlirWalkPreOrder);
  return !vectors;
}

void dlcRunKeepInnerLoops(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  int64_t lanes = dlcPassOptionInt(options, "lanes");
  if (lanes <= 1)
    return;
  MlirAttribute hint = mlirAttributeParseGet(
      mlirOperationGetContext(op),
      mlirStringRefCreateFromCString(
          "#llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = true>>"));
  DlcOpList loops = {0};
  dlcOpListCollect(&loops, op, "scf.for");
  for (size_t i = 0; i < loops.count; ++i)
    if (isShortInnerLoop(loops.items[i], lanes))
      mlirOperationSetAttributeByName(loops.items[i],
                                      mlirStringRefCreateFromCString("loop_annotation"), hint);
  dlcOpListFree(&loops);
}
