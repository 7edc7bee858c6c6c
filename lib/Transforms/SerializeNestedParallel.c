//===- SerializeNestedParallel.c - dlc-serialize-nested-parallel -*- C -*-===//
//
// convert-scf-to-openmp gives every scf.parallel its own omp.parallel, a
// nested one included: a team forked per iteration of the outer loop, which
// libomp runs on one thread anyway (nested parallelism is off by default)
// after paying for the fork. The threads are the outer loop's; a loop
// nested in it, or in a sequential loop (a fork per iteration again),
// becomes a plain scf.for nest, one loop per dimension. Perfectly nested
// loops need nothing: canonicalization merges them into one scf.parallel
// first.
//
// An outermost loop of several dims keeps parallel only the leading dims
// the threads need, the others scf.for loops inside, and the last dim of a
// body without loops (what convert-linalg-to-parallel-loops makes of an
// elementwise op) always: OpenMP collapses a loop nest into one loop whose
// indices are divisions and remainders, which LLVM neither vectorizes nor
// strength-reduces, while the inner scf.for loops are plain loops.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <stdio.h>

static bool isInsideLoop(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (dlcIsLoop(p))
      return true;
  return false;
}

// Nested scf.parallel ops without reductions, outer ones first. A loop
// with reductions (results) is left to convert-scf-to-openmp.
static MlirWalkResult collect(MlirOperation op, void *userData) {
  DlcOpList *loops = userData;
  if (!dlcIsOp(op, "scf.parallel") || mlirOperationGetNumResults(op) || !isInsideLoop(op))
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

// Everything in `body` but its terminator moves before `before`.
static void moveBodyBefore(MlirBlock body, MlirOperation before) {
  MlirOperation terminator = mlirBlockGetTerminator(body);
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationEqual(op, terminator);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, before);
    op = next;
  }
}

// The dims of `parallel` from `from` on become one scf.for each, outermost
// first, the first inserted before `before`, the innermost holding the
// body; `parallel` is erased (its first `from` induction variables must
// already have no uses).
static void nestDimsAsLoops(MlirOperation parallel, intptr_t from, MlirOperation before) {
  MlirLocation loc = mlirOperationGetLocation(parallel);
  MlirBlock body = bodyOf(parallel);
  intptr_t rank = mlirBlockGetNumArguments(body);
  for (intptr_t d = from; d < rank; ++d) {
    // Operands are lbs, ubs, steps (no inits: there are no results).
    MlirOperation loop = createFor(mlirOperationGetOperand(parallel, d),
                                   mlirOperationGetOperand(parallel, rank + d),
                                   mlirOperationGetOperand(parallel, 2 * rank + d), loc, before);
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, d),
                                  mlirBlockGetArgument(bodyOf(loop), 0));
    before = mlirBlockGetTerminator(bodyOf(loop));
  }
  // Everything but the scf.reduce terminator moves into the innermost loop.
  moveBodyBefore(body, before);
  mlirOperationDestroy(parallel);
}

// scf.parallel (ivs) = (lbs) to (ubs) step (steps) becomes one scf.for per
// dimension, outermost first, holding the parallel loop's body.
static void serialize(MlirOperation parallel) { nestDimsAsLoops(parallel, 0, parallel); }

//===----------------------------------------------------------------------===//
// The vectorizable dim of an innermost loop
//===----------------------------------------------------------------------===//

// Outermost scf.parallel loops of several dims without reductions.
static MlirWalkResult collectOutermost(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "scf.parallel") && !mlirOperationGetNumResults(op) && !isInsideLoop(op) &&
      mlirBlockGetNumArguments(bodyOf(op)) >= 2)
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// Iterations of dim `d` of `parallel` when its bounds are constants, else -1.
static int64_t dimTrips(MlirOperation parallel, intptr_t d) {
  intptr_t rank = mlirBlockGetNumArguments(bodyOf(parallel));
  int64_t lb, ub, step;
  if (!dlcConstantInt(mlirOperationGetOperand(parallel, d), &lb) ||
      !dlcConstantInt(mlirOperationGetOperand(parallel, rank + d), &ub) ||
      !dlcConstantInt(mlirOperationGetOperand(parallel, 2 * rank + d), &step) || step <= 0)
    return -1;
  return ub > lb ? (ub - lb + step - 1) / step : 0;
}

// The leading dims of `parallel` that `threads` share: the fewest whose
// iterations split evenly among them, or are at least 16 per thread (a
// thread then does at most 1/16 more than another), a dim of unknown size
// included; never the last dim of a body without loops (the one LLVM
// vectorizes).
static intptr_t sharedDims(MlirOperation parallel, int64_t threads) {
  MlirBlock body = bodyOf(parallel);
  intptr_t rank = mlirBlockGetNumArguments(body);
  intptr_t most = dlcBlockHoldsLoop(body) ? rank : rank - 1;
  int64_t trips = 1;
  for (intptr_t d = 0; d < most; ++d) {
    int64_t t = dimTrips(parallel, d);
    if (t < 0)
      return d + 1;
    trips *= t;
    if (trips >= 16 * threads || (trips >= threads && trips % threads == 0))
      return d + 1;
  }
  return most;
}

// scf.parallel (i.., j..) becomes scf.parallel (i..) { scf.for j.. { body } },
// the first `keep` dims parallel.
static void serializeInnerDims(MlirOperation parallel, intptr_t keep) {
  MlirLocation loc = mlirOperationGetLocation(parallel);
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirBlock body = bodyOf(parallel);
  intptr_t rank = mlirBlockGetNumArguments(body);
  MlirValue bounds[3 * 8];
  if (keep >= rank || rank > 8)
    return;
  for (intptr_t k = 0; k < 3; ++k)
    for (intptr_t d = 0; d < keep; ++d)
      bounds[k * keep + d] = mlirOperationGetOperand(parallel, k * rank + d);
  MlirType index = mlirIndexTypeGet(ctx);
  MlirType types[8];
  MlirLocation locs[8];
  for (intptr_t d = 0; d < keep; ++d)
    types[d] = index, locs[d] = loc;
  MlirBlock newBody = mlirBlockCreate(keep, types, locs);
  MlirOperationState reduce =
      mlirOperationStateGet(mlirStringRefCreateFromCString("scf.reduce"), loc);
  mlirBlockAppendOwnedOperation(newBody, mlirOperationCreate(&reduce));
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, newBody);
  char segments[64];
  snprintf(segments, sizeof segments, "array<i32: %d, %d, %d, 0>", (int)keep, (int)keep, (int)keep);
  MlirNamedAttribute sizes = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("operandSegmentSizes")),
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(segments)));
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("scf.parallel"), loc);
  mlirOperationStateAddOperands(&state, 3 * keep, bounds);
  mlirOperationStateAddAttributes(&state, 1, &sizes);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation split = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(parallel), parallel, split);
  for (intptr_t d = 0; d < keep; ++d)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, d), mlirBlockGetArgument(newBody, d));
  nestDimsAsLoops(parallel, keep, mlirBlockGetTerminator(newBody));
}

//===----------------------------------------------------------------------===//
// Loops too small for threads
//===----------------------------------------------------------------------===//

#define UNKNOWN_WORK INT64_MAX

// `v` when it is a constant, else the least constant operand of the
// arith.minsi / arith.minui it is (a partial tile's size: min(rest, tile)).
static bool constantUpperBound(MlirValue v, int64_t *out) {
  if (dlcConstantInt(v, out))
    return true;
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!dlcIsOp(def, "arith.minsi") && !dlcIsOp(def, "arith.minui"))
    return false;
  bool found = false;
  for (intptr_t i = 0; i < 2; ++i) {
    int64_t c;
    if (constantUpperBound(mlirOperationGetOperand(def, i), &c) && (!found || c < *out))
      *out = c, found = true;
  }
  return found;
}

// Iterations of an scf.for or scf.parallel with constant bounds, or at
// most that many where an upper bound is the min of a constant (the
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
        !constantUpperBound(mlirOperationGetOperand(op, rank + d), &ub) ||
        !dlcConstantInt(mlirOperationGetOperand(op, 2 * rank + d), &step) || step <= 0)
      return -1;
    trips *= ub > lb ? (ub - lb + step - 1) / step : 0;
  }
  return trips;
}

// The scalar operations one op stands for: the elements of its vector
// result (a vector<8x32xf32> FMA is 256 multiply-adds), else 1.
static int64_t elements(MlirOperation op) {
  int64_t most = 1;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (!mlirTypeIsAVector(t) || !mlirShapedTypeHasStaticShape(t))
      continue;
    int64_t n = 1;
    for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
      n *= mlirShapedTypeGetDimSize(t, d);
    if (n > most)
      most = n;
  }
  return most;
}

// Scalar operations `op` executes, each op counted once per iteration of
// the loops around it (inside `op`) and per element of its vector result;
// UNKNOWN_WORK past `limit` or with a loop of unknown trip count. Counting
// a vector op once made a product's tile loop (vector<8x32xf32> FMAs)
// look hundreds of times smaller than the scalar loops beside it.
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
  return elements(op) + trips * inner;
}

typedef struct Small {
  DlcOpList *loops;
  int64_t minWork;
} Small;

// Outermost scf.parallel loops without reductions that do less than
// `minWork` operations (forking a team and moving their data between the
// cores' caches costs more than they save) or run one iteration (which one
// thread would run alone).
static MlirWalkResult collectSmall(MlirOperation op, void *userData) {
  Small *small = userData;
  if (!dlcIsOp(op, "scf.parallel") || mlirOperationGetNumResults(op) || isInsideLoop(op))
    return MlirWalkResultAdvance;
  int64_t trips = tripCount(op);
  bool single = trips >= 0 && trips < 2;
  if (!single && (small->minWork <= 0 || work(op, small->minWork) >= small->minWork))
    return MlirWalkResultAdvance;
  dlcOpListPush(small->loops, op);
  return MlirWalkResultAdvance;
}

void dlcRunSerializeNestedParallel(MlirOperation op, DlcPassRun *run,
                                   const DlcPassOptions *options) {
  (void)run;
  DlcOpList loops = {0};
  Small small = {&loops, dlcPassOptionInt(options, "min-work")};
  mlirOperationWalk(op, collectSmall, &small, MlirWalkPreOrder);
  mlirOperationWalk(op, collect, &loops, MlirWalkPreOrder);
  // Outer loops first: an inner one moves along with the outer's body,
  // still the same operation.
  for (size_t i = 0; i < loops.count; ++i)
    serialize(loops.items[i]);
  // After serializing: the loops collected above are gone, and bodies
  // that held them hold their scf.for nests.
  DlcOpList outermost = {0};
  mlirOperationWalk(op, collectOutermost, &outermost, MlirWalkPreOrder);
  int64_t threads = dlcPassOptionInt(options, "threads");
  for (size_t i = 0; i < outermost.count; ++i)
    serializeInnerDims(outermost.items[i], sharedDims(outermost.items[i], threads));
  dlcOpListFree(&outermost);
  dlcOpListFree(&loops);
}
