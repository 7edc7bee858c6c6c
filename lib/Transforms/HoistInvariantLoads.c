//===- HoistInvariantLoads.c - dlc-hoist-invariant-loads --------*- C -*-===//
//
// A loop nest from linalg reads a broadcast operand (softmax's row max, a
// norm's mean, a bias) at the same address in every iteration of its
// innermost loop. When the loop also stores into the function's arena
// (dlc-plan-memory's one buffer for all temporaries), LLVM cannot tell the
// load from the stores: both address one object, at offsets it does not
// relate, so it neither hoists the load nor vectorizes the loop ("unknown
// data dependence"; softmax over 4 x 32 rows of 32: 15 us, scalar). DLC
// knows where each view of the arena lies: a load whose indices do not
// change in the loop, from memory no store of the loop can reach, moves
// before the loop.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <string.h>

// Where a memref's elements may lie: an allocation (or a function
// argument) and, when known, a byte range of it.
typedef struct Extent {
  MlirValue root;
  bool allocated; // root is a memref.alloc / alloca: no argument aliases it
  bool readOnly;  // root is a constant memref.global: nothing writes it
  bool bounded;   // [begin, end) is known
  int64_t begin, end;
} Extent;

static bool staticBytes(MlirType memref, int64_t *bytes) {
  if (!mlirTypeIsAMemRef(memref) || !mlirShapedTypeHasStaticShape(memref))
    return false;
  MlirType elt = mlirShapedTypeGetElementType(memref);
  int64_t width = mlirTypeIsAFloat(elt)     ? mlirFloatTypeGetWidth(elt)
                  : mlirTypeIsAInteger(elt) ? mlirIntegerTypeGetWidth(elt)
                                            : 0;
  if (width % 8 || width == 0)
    return false;
  int64_t n = width / 8;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(memref); ++i)
    n *= mlirShapedTypeGetDimSize(memref, i);
  *bytes = n;
  return true;
}

// Views keep the extent of what they view; a memref.view of a static size
// at a constant offset narrows it to its bytes.
static Extent extentOf(MlirValue v, MlirSymbolTable globals) {
  Extent e = {v, false, false, false, 0, 0};
  for (;;) {
    MlirOperation def = dlcDefiningOp(v);
    if (dlcIsOp(def, "memref.get_global")) {
      e.root = v;
      e.readOnly = dlcReadsConstantGlobal(def, globals);
      return e;
    }
    if (dlcIsOp(def, "memref.alloc") || dlcIsOp(def, "memref.alloca")) {
      e.root = v;
      e.allocated = true;
      return e;
    }
    if (dlcIsOp(def, "memref.view")) {
      int64_t shift, bytes;
      if (!e.bounded && dlcConstantInt(mlirOperationGetOperand(def, 1), &shift) &&
          staticBytes(mlirValueGetType(v), &bytes)) {
        e.bounded = true;
        e.begin = shift;
        e.end = shift + bytes;
      }
    } else if (!dlcIsOp(def, "memref.expand_shape") && !dlcIsOp(def, "memref.collapse_shape") &&
               !dlcIsOp(def, "memref.subview") && !dlcIsOp(def, "memref.reshape") &&
               !dlcIsOp(def, "memref.cast")) {
      e.root = v; // an argument, or an op DLC does not look through
      return e;
    }
    v = mlirOperationGetOperand(def, 0);
  }
}

// Can a read of `a` and a write of `b` touch the same bytes?
static bool disjoint(Extent a, Extent b) {
  if (a.readOnly)
    return true;
  if (!mlirValueEqual(a.root, b.root))
    return a.allocated || b.allocated;
  return a.bounded && b.bounded && (a.end <= b.begin || b.end <= a.begin);
}

// The memref a writing op writes, or a null value for ops that write none.
static MlirValue writtenMemref(MlirOperation op) {
  if (dlcIsOp(op, "memref.store") || dlcIsOp(op, "vector.store") ||
      dlcIsOp(op, "vector.transfer_write") || dlcIsOp(op, "vector.maskedstore"))
    return mlirOperationGetOperand(op, 1);
  return (MlirValue){NULL};
}

// Ops a loop body may hold for its stores to be known: the rest (calls,
// copies, nested loops) may write anywhere.
static bool isKnownEffect(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  bool pure = (name.length > 6 && !strncmp(name.data, "arith.", 6)) ||
              (name.length > 5 && !strncmp(name.data, "math.", 5)) || dlcIsOp(op, "scf.yield");
  return pure || dlcIsOp(op, "memref.load") || dlcIsOp(op, "vector.load") ||
         dlcIsOp(op, "vector.transfer_read") || !mlirValueIsNull(writtenMemref(op));
}

// A for loop with constant bounds that runs at least once: its loads may
// move before it without reading memory the loop would not have read.
static bool runsAtLeastOnce(MlirOperation loop) {
  int64_t lb, ub;
  return dlcConstantInt(mlirOperationGetOperand(loop, 0), &lb) &&
         dlcConstantInt(mlirOperationGetOperand(loop, 1), &ub) && lb < ub;
}

static void hoistFrom(MlirOperation loop, MlirSymbolTable globals) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  Extent written[64];
  int numWritten = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isKnownEffect(op))
      return;
    MlirValue target = writtenMemref(op);
    if (!mlirValueIsNull(target)) {
      if (numWritten == 64)
        return;
      written[numWritten++] = extentOf(target, globals);
    }
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    bool invariant = dlcIsOp(op, "memref.load");
    for (intptr_t i = 0; invariant && i < mlirOperationGetNumOperands(op); ++i)
      invariant = !dlcValueIsDefinedInside(mlirOperationGetOperand(op, i), loop);
    Extent read = invariant ? extentOf(mlirOperationGetOperand(op, 0), globals)
                            : (Extent){{NULL}, false, false, false, 0, 0};
    for (int i = 0; invariant && i < numWritten; ++i)
      invariant = disjoint(read, written[i]);
    if (invariant)
      mlirOperationMoveBefore(op, loop);
    op = next;
  }
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "scf.for") && mlirOperationGetNumResults(op) == 0 && runsAtLeastOnce(op))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

void dlcRunHoistInvariantLoads(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  DlcOpList loops = {0};
  // Innermost loops only: a body holding another loop is not a known
  // effect (isKnownEffect), so outer loops keep what they have.
  mlirOperationWalk(op, collect, &loops, MlirWalkPostOrder);
  MlirSymbolTable globals = mlirSymbolTableCreate(dlcModuleOf(op));
  for (size_t i = 0; i < loops.count; ++i)
    hoistFrom(loops.items[i], globals);
  mlirSymbolTableDestroy(globals);
  dlcOpListFree(&loops);
}
