//===- StackLoopBuffers.c - The dlc-stack-loop-buffers pass -----*- C -*-===//
//
// A row group (dlc-codegen, schedules/rows.mlir) computes per block of rows
// values that its own iteration only uses: a row max, a sum, a mean. After
// bufferization they are memref.alloc in the scf.forall body: a malloc and
// a free for every block (one-shot bufferization allocates there whatever
// a body writes that was made outside it, since threads may not share
// it). On the stack they cost nothing: each such alloc of a static shape
// and at most `max-bytes` bytes, directly in the body, becomes a
// memref.alloca (scf.forall is an allocation scope; run before
// deallocation, which leaves allocas alone). Run again once scf.forall has
// become scf.for (one thread), the static allocas of sequential loop bodies
// move to the function's entry, since an alloca in a loop body takes new
// stack every iteration; in parallel loops they stay, each OpenMP body
// being an alloca scope of its own thread.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static int64_t staticBytes(MlirType type) {
  if (!mlirTypeIsAMemRef(type) || !mlirShapedTypeHasStaticShape(type))
    return -1;
  MlirType elt = mlirShapedTypeGetElementType(type);
  int64_t bits = mlirTypeIsAFloat(elt) ? (int64_t)mlirFloatTypeGetWidth(elt)
                 : mlirTypeIsAInteger(elt) ? (int64_t)mlirIntegerTypeGetWidth(elt)
                                           : -1;
  if (bits <= 0 || bits % 8)
    return -1;
  int64_t n = bits / 8;
  for (intptr_t i = 0, r = mlirShapedTypeGetRank(type); i < r; ++i)
    n *= mlirShapedTypeGetDimSize(type, i);
  return n;
}

// The body's small static allocs become allocas (scf.forall is an
// automatic allocation scope: each iteration releases them).
static bool stackAllocs(MlirBlock body, int64_t maxBytes) {
  bool any = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (dlcIsOp(op, "memref.alloc") && mlirOperationGetNumOperands(op) == 0) {
      MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
      int64_t bytes = staticBytes(type);
      if (bytes >= 0 && bytes <= maxBytes && mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(type))) {
        MlirOperationState state = mlirOperationStateGet(ref("memref.alloca"),
                                                         mlirOperationGetLocation(op));
        mlirOperationStateAddResults(&state, 1, &type);
        // Keeps the alloc's alignment and its (empty) operand segments.
        for (intptr_t i = 0, n = mlirOperationGetNumAttributes(op); i < n; ++i) {
          MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
          mlirOperationStateAddAttributes(&state, 1, &a);
        }
        MlirOperation alloca = mlirOperationCreate(&state);
        mlirBlockInsertOwnedOperationBefore(body, op, alloca);
        // A dealloc already there (the pass may run after deallocation)
        // goes: the stack buffer is released with the iteration.
        for (MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(op, 0));
             !mlirOpOperandIsNull(use);) {
          MlirOperation user = mlirOpOperandGetOwner(use);
          use = mlirOpOperandGetNextUse(use);
          if (dlcIsOp(user, "memref.dealloc")) {
            if (mlirOperationEqual(user, next))
              next = mlirOperationGetNextInBlock(user);
            mlirOperationDestroy(user);
          }
        }
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                      mlirOperationGetResult(alloca, 0));
        mlirOperationDestroy(op);
        any = true;
      }
    }
    op = next;
  }
  return any;
}

// Is `op` in a loop whose iterations may run at the same time?
static bool inParallelLoop(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p)) {
    if (dlcIsOp(p, "func.func"))
      return false;
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(p));
    if (dlcIsOp(p, "scf.forall") || dlcIsOp(p, "scf.parallel") ||
        (name.length > 4 && !strncmp(name.data, "omp.", 4)))
      return true;
  }
  return false;
}

static MlirOperation enclosingFunction(MlirOperation op) {
  MlirOperation p = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(p) && !dlcIsOp(p, "func.func"))
    p = mlirOperationGetParentOperation(p);
  return p;
}

// Static allocas in the body of a sequential loop that no parallel loop
// encloses move to the function's entry: one stack slot, reused by every
// iteration (an alloca in a loop body takes new stack every iteration).
static void hoistAllocas(MlirOperation loop) {
  if (inParallelLoop(loop))
    return;
  MlirOperation function = enclosingFunction(loop);
  if (mlirOperationIsNull(function))
    return;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (dlcIsOp(op, "memref.alloca") && mlirOperationGetNumOperands(op) == 0)
      mlirOperationMoveBefore(op, mlirBlockGetFirstOperation(entry));
    op = next;
  }
}

typedef struct Walk {
  int64_t maxBytes;
  DlcOpList loops;
} Walk;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "scf.forall") || dlcIsOp(op, "scf.for"))
    dlcOpListPush(&((Walk *)userData)->loops, op);
  return MlirWalkResultAdvance;
}

void dlcRunStackLoopBuffers(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  Walk walk = {dlcPassOptionInt(options, "max-bytes"), {0}};
  // Inner loops first: an alloca hoisted out of an inner loop of a
  // parallel one stays in the parallel body.
  mlirOperationWalk(op, collect, &walk, MlirWalkPostOrder);
  for (size_t i = 0; i < walk.loops.count; ++i) {
    MlirOperation loop = walk.loops.items[i];
    if (dlcIsOp(loop, "scf.forall"))
      stackAllocs(mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0)), walk.maxBytes);
    else
      hoistAllocas(loop);
  }
  dlcOpListFree(&walk.loops);
}
