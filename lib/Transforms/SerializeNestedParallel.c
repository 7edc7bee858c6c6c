//===- SerializeNestedParallel.c - dlc-serialize-nested-parallel -*- C -*-===//
//
// convert-scf-to-openmp gives every scf.parallel its own omp.parallel, a
// nested one included: a team forked per iteration of the outer loop, which
// libomp runs on one thread anyway (nested parallelism is off by default)
// after paying for the fork. The threads are the outer loop's; a loop
// nested in it becomes a plain scf.for nest, one loop per dimension.
// Perfectly nested loops need nothing: canonicalization merges them into
// one scf.parallel first.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>

static bool isInsideParallel(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (dlcIsOp(p, "scf.parallel"))
      return true;
  return false;
}

// Nested scf.parallel ops without reductions, outer ones first. A loop
// with reductions (results) is left to convert-scf-to-openmp.
static MlirWalkResult collect(MlirOperation op, void *userData) {
  DlcOpList *loops = userData;
  if (!dlcIsOp(op, "scf.parallel") || mlirOperationGetNumResults(op) || !isInsideParallel(op))
    return MlirWalkResultAdvance;
  dlcOpListPush(loops, op);
  return MlirWalkResultAdvance;
}

// An empty `scf.for lb to ub step step` (its body only the scf.yield)
// inserted before `before`.
static MlirOperation createFor(MlirValue lb, MlirValue ub, MlirValue step, MlirLocation loc,
                               MlirOperation before) {
  MlirType index = mlirIndexTypeGet(mlirLocationGetContext(loc));
  MlirBlock body = mlirBlockCreate(1, &index, &loc);
  MlirOperationState yieldState =
      mlirOperationStateGet(mlirStringRefCreateFromCString("scf.yield"), loc);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&yieldState));
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirValue operands[3] = {lb, ub, step};
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.for"), loc);
  mlirOperationStateAddOperands(&state, 3, operands);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation loop = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, loop);
  return loop;
}

static MlirBlock bodyOf(MlirOperation loop) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
}

// scf.parallel (ivs) = (lbs) to (ubs) step (steps) becomes one scf.for per
// dimension, outermost first, holding the parallel loop's body.
static void serialize(MlirOperation parallel) {
  MlirLocation loc = mlirOperationGetLocation(parallel);
  MlirBlock body = bodyOf(parallel);
  intptr_t rank = mlirBlockGetNumArguments(body);
  MlirOperation before = parallel;
  for (intptr_t d = 0; d < rank; ++d) {
    // Operands are lbs, ubs, steps (no inits: there are no results).
    MlirOperation loop = createFor(mlirOperationGetOperand(parallel, d),
                                   mlirOperationGetOperand(parallel, rank + d),
                                   mlirOperationGetOperand(parallel, 2 * rank + d), loc, before);
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, d),
                                  mlirBlockGetArgument(bodyOf(loop), 0));
    before = mlirBlockGetTerminator(bodyOf(loop));
  }
  // Everything but the scf.reduce terminator moves into the innermost loop.
  MlirOperation terminator = mlirBlockGetTerminator(body);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationEqual(op, terminator);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, before);
    op = next;
  }
  mlirOperationDestroy(parallel);
}

//===----------------------------------------------------------------------===//
// Loops too small for threads
//===----------------------------------------------------------------------===//

#define UNKNOWN_WORK INT64_MAX

// Iterations of an scf.for or scf.parallel with constant bounds (the
// product over a parallel loop's dims), 1 for other ops, -1 when unknown.
static int64_t tripCount(MlirOperation op) {
  bool isFor = dlcIsOp(op, "scf.for");
  if (!isFor && !dlcIsOp(op, "scf.parallel"))
    return 1;
  intptr_t rank = isFor ? 1 : mlirBlockGetNumArguments(bodyOf(op));
  int64_t trips = 1;
  for (intptr_t d = 0; d < rank; ++d) {
    int64_t lb, ub, step;
    if (!dlcConstantInt(mlirOperationGetOperand(op, d), &lb) ||
        !dlcConstantInt(mlirOperationGetOperand(op, rank + d), &ub) ||
        !dlcConstantInt(mlirOperationGetOperand(op, 2 * rank + d), &step) || step <= 0)
      return -1;
    trips *= ub > lb ? (ub - lb + step - 1) / step : 0;
  }
  return trips;
}

// Operations `op` executes, each counted once per iteration of the loops
// around it (inside `op`); UNKNOWN_WORK past `limit` or with a loop of
// unknown trip count.
static int64_t work(MlirOperation op, int64_t limit) {
  int64_t trips = tripCount(op);
  if (trips < 0)
    return UNKNOWN_WORK;
  int64_t inner = 0;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(block); block = mlirBlockGetNextInRegion(block))
      for (MlirOperation child = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(child);
           child = mlirOperationGetNextInBlock(child)) {
        int64_t w = work(child, limit);
        if (w == UNKNOWN_WORK || (inner += w) > limit)
          return UNKNOWN_WORK;
      }
  if (trips && inner > limit / trips)
    return UNKNOWN_WORK;
  return 1 + trips * inner;
}

typedef struct Small {
  DlcOpList *loops;
  int64_t minWork;
} Small;

// Outermost scf.parallel loops without reductions that do less than
// `minWork` operations: forking a team costs more than they save.
static MlirWalkResult collectSmall(MlirOperation op, void *userData) {
  Small *small = userData;
  if (!dlcIsOp(op, "scf.parallel") || mlirOperationGetNumResults(op) || isInsideParallel(op) ||
      work(op, small->minWork) >= small->minWork)
    return MlirWalkResultAdvance;
  dlcOpListPush(small->loops, op);
  return MlirWalkResultAdvance;
}

void dlcRunSerializeNestedParallel(MlirOperation op, DlcPassRun *run,
                                   const DlcPassOptions *options) {
  (void)run;
  DlcOpList loops = {0};
  Small small = {&loops, dlcPassOptionInt(options, "min-work")};
  if (small.minWork > 0)
    mlirOperationWalk(op, collectSmall, &small, MlirWalkPreOrder);
  mlirOperationWalk(op, collect, &loops, MlirWalkPreOrder);
  // Outer loops first: an inner one moves along with the outer's body,
  // still the same operation.
  for (size_t i = 0; i < loops.count; ++i)
    serialize(loops.items[i]);
  dlcOpListFree(&loops);
}
