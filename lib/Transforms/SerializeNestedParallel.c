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

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

typedef struct Loops {
  MlirOperation *ops;
  intptr_t count, cap;
} Loops;

static bool isNamed(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                            mlirStringRefCreateFromCString(name));
}

static bool isInsideParallel(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (isNamed(p, "scf.parallel"))
      return true;
  return false;
}

// Nested scf.parallel ops without reductions, outer ones first. A loop
// with reductions (results) is left to convert-scf-to-openmp.
static MlirWalkResult collect(MlirOperation op, void *userData) {
  Loops *loops = userData;
  if (!isNamed(op, "scf.parallel") || mlirOperationGetNumResults(op) || !isInsideParallel(op))
    return MlirWalkResultAdvance;
  if (loops->count == loops->cap) {
    loops->cap = loops->cap ? 2 * loops->cap : 16;
    loops->ops = realloc(loops->ops, sizeof(MlirOperation) * (size_t)loops->cap);
    if (!loops->ops)
      abort();
  }
  loops->ops[loops->count++] = op;
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

void dlcRunSerializeNestedParallel(MlirOperation op, DlcPassRun *run,
                                   const DlcPassOptions *options) {
  (void)run;
  (void)options;
  Loops loops = {NULL, 0, 0};
  mlirOperationWalk(op, collect, &loops, MlirWalkPreOrder);
  // Outer loops first: an inner one moves along with the outer's body,
  // still the same operation.
  for (intptr_t i = 0; i < loops.count; ++i)
    serialize(loops.ops[i]);
  free(loops.ops);
}
