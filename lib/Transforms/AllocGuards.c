//===- AllocGuards.c - Null tests of allocations ----------------*- C -*-===//
//
// Part of dlc-entry-abi. A failed malloc must not be written through: each
// memref.alloc of generated code, wherever it is (the entry's block, the
// body of a Loop, Scan or If, a buffer of a size the data decides, a loop
// nest outlined into a function of its own), is followed by an scf.if on
// its pointer that holds the rest of its block. When the pointer is null,
// the else-branch stores DlcStatusOutOfMemory into a status slot, so the
// entry's status names the allocation (as a failed check does), and:
//
//  - every op around it skips the rest of its own block too (an scf.if on
//    the slot after it), so nothing after the failure computes from what
//    was not computed; an scf.while also stops looping (its condition is
//    and-ed with the slot being clear), since a body that did nothing
//    would leave its condition as it was;
//  - a block whose terminator passes on values the skipped ops computed
//    passes instead what it was given (an scf.for's iteration arguments,
//    an scf.while's), a false condition, or zero / poison where nothing
//    was given (that value is never used: what follows is skipped too);
//  - deallocations of buffers allocated before stay outside the scf.if,
//    so what was allocated is freed.
//
// A private function (an outlined loop nest) that allocates takes one more
// argument, a memref<i32> flag its guards set; each call of it passes a
// status slot of the entry (or the caller's own flag) and is followed by
// the same test of it. Guards store atomically: a failed allocation may
// sit in a loop that threads share. The tests run once per allocation,
// outside the loops that use the buffer, and stay when the checks are
// dropped (--unchecked): they cost nothing per element and keep the
// promise that generated code never faults.
//
//===----------------------------------------------------------------------===//

#include "Transforms/AllocGuards.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "dlc-c/Status.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static const char flagAttr[] = "dlc.oom_flag";
// arith::AtomicRMWKind::assign.
enum { AtomicAssign = 3 };

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }


static MlirValue result(MlirOperation op) { return mlirOperationGetResult(op, 0); }

// Creates `op` before `before`, or at the end of `block` when `before` is
// null.
static MlirValue emit(MlirBlock block, MlirOperation before, MlirOperation op) {
  if (mlirOperationIsNull(before))
    mlirBlockAppendOwnedOperation(block, op);
  else
    mlirBlockInsertOwnedOperationBefore(block, before, op);
  return mlirOperationGetNumResults(op) ? result(op) : (MlirValue){NULL};
}

static MlirValue constantAttr(MlirBlock block, MlirOperation before, MlirLocation loc,
                              MlirAttribute value) {
  MlirType type = mlirAttributeGetType(value);
  MlirNamedAttribute attr = dlcNamed(mlirAttributeGetContext(value), "value", value);
  return emit(block, before,
              dlcCreateDetachedOp("arith.constant", loc, 0, NULL, 1, &type, 1, &attr));
}

static MlirValue constantInt(MlirBlock block, MlirOperation before, MlirLocation loc,
                             MlirType type, int64_t value) {
  return constantAttr(block, before, loc, mlirIntegerAttrGet(type, value));
}

// A value of `type` that stands for one never used: zero, or poison.
static MlirValue placeholder(MlirBlock block, MlirOperation before, MlirLocation loc,
                             MlirType type) {
  MlirContext ctx = mlirTypeGetContext(type);
  if (mlirTypeIsAInteger(type) || mlirTypeIsAIndex(type))
    return constantInt(block, before, loc, type, 0);
  if (mlirTypeIsAFloat(type))
    return constantAttr(block, before, loc, mlirFloatAttrDoubleGet(ctx, type, 0));
  MlirNamedAttribute poison = dlcNamed(ctx, "value", mlirAttributeParseGet(ctx, ref("#ub.poison")));
  return emit(block, before, dlcCreateDetachedOp("ub.poison", loc, 0, NULL, 1, &type, 1, &poison));
}

//===----------------------------------------------------------------------===//
// Skipping the rest of a block
//===----------------------------------------------------------------------===//

typedef struct Guards {
  DlcOpList ifs; ///< the scf.ifs made here: their then-blocks go on with the block around them
} Guards;

static bool isGuardIf(const Guards *g, MlirOperation op) {
  for (size_t i = 0; i < g->ifs.count; ++i)
    if (mlirOperationEqual(g->ifs.items[i], op))
      return true;
  return false;
}

static MlirValue argumentOfType(MlirBlock block, intptr_t i, MlirType type) {
  if (i < 0 || i >= mlirBlockGetNumArguments(block) ||
      !mlirTypeEqual(mlirValueGetType(mlirBlockGetArgument(block, i)), type))
    return (MlirValue){NULL};
  return mlirBlockGetArgument(block, i);
}

// What `block`'s terminator passes as its operand `i` (of `type`) when the
// ops that computed it were skipped; created before `before` in `at`.
static MlirValue fallback(const Guards *g, MlirBlock block, intptr_t i, MlirType type,
                          MlirBlock at, MlirOperation before, MlirLocation loc) {
  MlirOperation parent = mlirBlockGetParentOperation(block);
  MlirValue given = {NULL};
  if (isGuardIf(g, parent))
    return fallback(g, mlirOperationGetBlock(parent), i, type, at, before, loc);
  if (dlcIsOp(parent, "scf.for")) {
    given = argumentOfType(block, i + 1, type);
  } else if (dlcIsOp(parent, "scf.while")) {
    bool cond = mlirBlockEqual(block, mlirRegionGetFirstBlock(mlirOperationGetRegion(parent, 0)));
    if (cond && i == 0)
      return constantInt(at, before, loc, type, 0);
    given = argumentOfType(block, cond ? i - 1 : i, type);
  }
  return mlirValueIsNull(given) ? placeholder(at, before, loc, type) : given;
}

// Whether a memref.dealloc after a guard stays outside it: it frees a
// buffer from before the guard, other than a result of `alloc` (the
// allocation tested, or the loop, branch or call whose results stand for
// nothing when its slot is set).
static bool freesEarlierBuffer(MlirOperation dealloc, MlirOperation alloc, MlirBlock thenBlock) {
  if (!dlcIsOp(dealloc, "memref.dealloc"))
    return false;
  MlirOperation owner = dlcDefiningOp(mlirOperationGetOperand(dealloc, 0));
  if (mlirOperationIsNull(owner))
    return true;
  return (mlirOperationIsNull(alloc) || !mlirOperationEqual(owner, alloc)) &&
         !mlirBlockEqual(mlirOperationGetBlock(owner), thenBlock);
}

// Whether anything but deallocations follows `op` in its block.
static bool hasRest(MlirOperation op) {
  MlirOperation terminator = mlirBlockGetTerminator(mlirOperationGetBlock(op));
  for (MlirOperation o = mlirOperationGetNextInBlock(op); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    if (!mlirOperationEqual(o, terminator) && !dlcIsOp(o, "memref.dealloc"))
      return true;
  return false;
}

// Moves the ops after `after` (but the terminator and the deallocations of
// earlier buffers than `alloc`'s) into an scf.if on `cond`. Its
// else-branch sets `slot` (when not null) to DlcStatusOutOfMemory.
static void guardRest(Guards *g, MlirOperation after, MlirValue cond, MlirValue slot,
                      MlirOperation alloc) {
  MlirContext ctx = mlirOperationGetContext(after);
  MlirLocation loc = mlirOperationGetLocation(after);
  MlirBlock block = mlirOperationGetBlock(after);
  MlirOperation terminator = mlirBlockGetTerminator(block);
  MlirBlock thenBlock = mlirBlockCreate(0, NULL, NULL);
  for (MlirOperation op = mlirOperationGetNextInBlock(after), next;
       !mlirOperationEqual(op, terminator); op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (freesEarlierBuffer(op, alloc, thenBlock))
      continue;
    mlirOperationRemoveFromParent(op);
    mlirBlockAppendOwnedOperation(thenBlock, op);
  }
  // The terminator's operands go through the scf.if when the moved ops
  // or `alloc` compute any of them: a null buffer passed on to the next
  // iteration would be read there.
  intptr_t n = mlirOperationGetNumOperands(terminator);
  bool through = false;
  for (intptr_t i = 0; i < n && !through; ++i) {
    MlirOperation def = dlcDefiningOp(mlirOperationGetOperand(terminator, i));
    through = !mlirOperationIsNull(def) &&
              (mlirBlockEqual(mlirOperationGetBlock(def), thenBlock) ||
               (!mlirOperationIsNull(alloc) && mlirOperationEqual(def, alloc)));
  }
  intptr_t numResults = through ? n : 0;
  MlirValue *values = malloc(sizeof(MlirValue) * (size_t)(n + 1));
  MlirType *types = malloc(sizeof(MlirType) * (size_t)(n + 1));
  if (!values || !types)
    abort(); // out of memory: DLC's policy (docs/Embedding.md)
  for (intptr_t i = 0; i < numResults; ++i) {
    values[i] = mlirOperationGetOperand(terminator, i);
    types[i] = mlirValueGetType(values[i]);
  }
  emit(thenBlock, (MlirOperation){NULL},
       dlcCreateDetachedOp("scf.yield", loc, numResults, values, 0, NULL, 0, NULL));
  MlirBlock elseBlock = mlirBlockCreate(0, NULL, NULL);
  if (!mlirValueIsNull(slot)) {
    MlirType i32 = mlirIntegerTypeGet(ctx, 32), i64 = mlirIntegerTypeGet(ctx, 64);
    MlirValue store[2] = {constantInt(elseBlock, (MlirOperation){NULL}, loc, i32,
                                      DlcStatusOutOfMemory),
                          slot};
    MlirNamedAttribute kind = dlcNamed(ctx, "kind", mlirIntegerAttrGet(i64, AtomicAssign));
    emit(elseBlock, (MlirOperation){NULL},
         dlcCreateDetachedOp("memref.atomic_rmw", loc, 2, store, 1, &i32, 1, &kind));
  }
  for (intptr_t i = 0; i < numResults; ++i)
    values[i] = fallback(g, block, i, types[i], elseBlock, (MlirOperation){NULL}, loc);
  emit(elseBlock, (MlirOperation){NULL},
       dlcCreateDetachedOp("scf.yield", loc, numResults, values, 0, NULL, 0, NULL));

  MlirRegion regions[2] = {mlirRegionCreate(), mlirRegionCreate()};
  mlirRegionAppendOwnedBlock(regions[0], thenBlock);
  mlirRegionAppendOwnedBlock(regions[1], elseBlock);
  MlirOperationState state = mlirOperationStateGet(ref("scf.if"), loc);
  mlirOperationStateAddOperands(&state, 1, &cond);
  mlirOperationStateAddResults(&state, numResults, types);
  mlirOperationStateAddOwnedRegions(&state, 2, regions);
  MlirOperation ifOp = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationAfter(block, after, ifOp);
  for (intptr_t i = 0; i < numResults; ++i)
    mlirOperationSetOperand(terminator, i, mlirOperationGetResult(ifOp, i));
  dlcOpListPush(&g->ifs, ifOp);
  free(values);
  free(types);
}

// `slot` holds 0 (nothing failed), loaded before `before`.
static MlirOperation slotClear(MlirOperation before, MlirValue slot) {
  MlirContext ctx = mlirOperationGetContext(before);
  MlirLocation loc = mlirOperationGetLocation(before);
  MlirBlock block = mlirOperationGetBlock(before);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32), i64 = mlirIntegerTypeGet(ctx, 64);
  MlirValue loaded =
      emit(block, before, dlcCreateDetachedOp("memref.load", loc, 1, &slot, 1, &i32, 0, NULL));
  MlirValue compared[2] = {loaded, constantInt(block, before, loc, i32, 0)};
  MlirNamedAttribute eq = dlcNamed(ctx, "predicate", mlirIntegerAttrGet(i64, 0));
  MlirType i1 = mlirIntegerTypeGet(ctx, 1);
  MlirOperation cmp = dlcCreateDetachedOp("arith.cmpi", loc, 2, compared, 1, &i1, 1, &eq);
  emit(block, before, cmp);
  return cmp;
}

// Each op around `op` skips the rest of its block when `slot` is set; an
// scf.while stops.
static void guardAncestors(Guards *g, MlirOperation op, MlirValue slot) {
  for (MlirOperation p = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(p) && !dlcIsOp(p, "func.func"); p = mlirOperationGetParentOperation(p)) {
    if (dlcIsOp(p, "scf.while")) {
      MlirBlock before = mlirRegionGetFirstBlock(mlirOperationGetRegion(p, 0));
      MlirOperation condition = mlirBlockGetTerminator(before);
      MlirValue both[2] = {mlirOperationGetOperand(condition, 0), result(slotClear(condition, slot))};
      MlirType i1 = mlirValueGetType(both[0]);
      MlirOperation andOp = dlcCreateDetachedOp("arith.andi", mlirOperationGetLocation(condition),
                                                2, both, 1, &i1, 0, NULL);
      mlirOperationSetOperand(condition, 0, emit(before, condition, andOp));
    }
    if (isGuardIf(g, p) || !hasRest(p))
      continue;
    MlirOperation next = mlirOperationGetNextInBlock(p);
    MlirOperation ok = slotClear(next, slot);
    guardRest(g, ok, result(ok), (MlirValue){NULL}, p);
  }
}

static void guardAlloc(Guards *g, MlirOperation alloc, MlirValue slot) {
  MlirContext ctx = mlirOperationGetContext(alloc);
  MlirLocation loc = mlirOperationGetLocation(alloc);
  MlirBlock block = mlirOperationGetBlock(alloc);
  MlirOperation next = mlirOperationGetNextInBlock(alloc);
  MlirType index = mlirIndexTypeGet(ctx), i64 = mlirIntegerTypeGet(ctx, 64);
  MlirValue buffer = result(alloc);
  MlirValue compared[2] = {
      emit(block, next,
           dlcCreateDetachedOp("memref.extract_aligned_pointer_as_index", loc, 1, &buffer, 1,
                               &index, 0, NULL)),
      constantInt(block, next, loc, index, 0)};
  MlirNamedAttribute ne = dlcNamed(ctx, "predicate", mlirIntegerAttrGet(i64, 1));
  MlirType i1 = mlirIntegerTypeGet(ctx, 1);
  MlirOperation ok = dlcCreateDetachedOp("arith.cmpi", loc, 2, compared, 1, &i1, 1, &ne);
  emit(block, next, ok);
  guardRest(g, ok, result(ok), slot, alloc);
  guardAncestors(g, alloc, slot);
}

// The call passes `slot` to its callee's flag and skips what follows when
// it is set.
static void guardCall(Guards *g, MlirOperation call, MlirValue slot) {
  intptr_t n = mlirOperationGetNumOperands(call);
  MlirValue *operands = malloc(sizeof(MlirValue) * (size_t)(n + 1));
  if (!operands)
    abort(); // out of memory: DLC's policy (docs/Embedding.md)
  for (intptr_t i = 0; i < n; ++i)
    operands[i] = mlirOperationGetOperand(call, i);
  operands[n] = slot;
  mlirOperationSetOperands(call, n + 1, operands);
  free(operands);
  MlirOperation next = mlirOperationGetNextInBlock(call);
  if (hasRest(call)) {
    MlirOperation ok = slotClear(next, slot);
    guardRest(g, ok, result(ok), (MlirValue){NULL}, call);
  }
  guardAncestors(g, call, slot);
}

//===----------------------------------------------------------------------===//
// What to guard
//===----------------------------------------------------------------------===//

typedef struct Found {
  MlirSymbolTable symbols;
  DlcOpList ops; ///< allocations and calls of flagged functions, in program order
} Found;

static bool callsFlagged(MlirSymbolTable symbols, MlirOperation op) {
  if (!dlcIsOp(op, "func.call"))
    return false;
  MlirAttribute callee = mlirOperationGetAttributeByName(op, ref("callee"));
  if (mlirAttributeIsNull(callee))
    return false;
  MlirOperation f = mlirSymbolTableLookup(symbols, mlirFlatSymbolRefAttrGetValue(callee));
  return !mlirOperationIsNull(f) &&
         !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(f, ref(flagAttr)));
}

static bool isGuardedAlloc(MlirOperation op) {
  return dlcIsOp(op, "memref.alloc") && !dlcShapedTypeHasZeroDim(mlirValueGetType(result(op)));
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Found *found = userData;
  if (isGuardedAlloc(op) || callsFlagged(found->symbols, op))
    dlcOpListPush(&found->ops, op);
  return MlirWalkResultAdvance;
}

// Guards what `func` allocates and calls, each with the slot `slotFor`
// gives it.
static void guardFunction(MlirOperation func, MlirSymbolTable symbols,
                          MlirValue (*slotFor)(MlirOperation func, MlirOperation op)) {
  Found found = {symbols, {0}};
  mlirOperationWalk(func, collect, &found, MlirWalkPreOrder);
  Guards g = {{0}};
  for (size_t i = 0; i < found.ops.count; ++i) {
    MlirOperation op = found.ops.items[i];
    MlirValue slot = slotFor(func, op);
    if (dlcIsOp(op, "memref.alloc"))
      guardAlloc(&g, op, slot);
    else
      guardCall(&g, op, slot);
  }
  dlcOpListFree(&g.ifs);
  dlcOpListFree(&found.ops);
}

static MlirBlock bodyOf(MlirOperation func) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
}

// The flag argument of a flagged function.
static MlirValue flagOf(MlirOperation func, MlirOperation op) {
  (void)op;
  MlirBlock body = bodyOf(func);
  return mlirBlockGetArgument(body, mlirBlockGetNumArguments(body) - 1);
}

static bool isSlot(MlirOperation op) {
  return dlcIsOp(op, "memref.alloca") &&
         !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref("dlc.status_slot")));
}

// A new status slot of the entry (as TensorToLinalg/Check.c makes them),
// after those made before, where `op` is.
static MlirValue newSlot(MlirOperation func, MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirBlock entry = bodyOf(func);
  MlirType slotType = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 32), 0, NULL,
                                                  mlirAttributeGetNull());
  int32_t segments[] = {0, 0};
  MlirNamedAttribute attrs[] = {
      dlcNamed(ctx, "dlc.status_slot", mlirUnitAttrGet(ctx)),
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, segments))};
  MlirOperation alloca = dlcCreateDetachedOp("memref.alloca", mlirOperationGetLocation(op), 0,
                                             NULL, 1, &slotType, 2, attrs);
  MlirOperation at = mlirBlockGetFirstOperation(entry);
  while (!mlirOperationIsNull(at) && isSlot(at))
    at = mlirOperationGetNextInBlock(at);
  return emit(entry, at, alloca);
}

static MlirWalkResult allocates(MlirOperation op, void *userData) {
  Found *found = userData;
  if (!isGuardedAlloc(op) && !callsFlagged(found->symbols, op))
    return MlirWalkResultAdvance;
  dlcOpListPush(&found->ops, op);
  return MlirWalkResultInterrupt;
}

static bool isPrivateDefinition(MlirOperation op) {
  if (!dlcIsOp(op, "func.func") || dlcIsPublicFuncDefinition(op) ||
      mlirBlockIsNull(bodyOf(op)))
    return false;
  MlirAttribute visibility = mlirOperationGetAttributeByName(op, ref("sym_visibility"));
  return !mlirAttributeIsNull(visibility);
}

static void addFlagArgument(MlirOperation func) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirType fnType = dlcFuncGetType(func);
  intptr_t n = mlirFunctionTypeGetNumInputs(fnType), m = mlirFunctionTypeGetNumResults(fnType);
  MlirType *inputs = malloc(sizeof(MlirType) * (size_t)(n + 1));
  MlirType *results = malloc(sizeof(MlirType) * (size_t)(m + 1));
  if (!inputs || !results)
    abort(); // out of memory: DLC's policy (docs/Embedding.md)
  for (intptr_t i = 0; i < n; ++i)
    inputs[i] = mlirFunctionTypeGetInput(fnType, i);
  for (intptr_t i = 0; i < m; ++i)
    results[i] = mlirFunctionTypeGetResult(fnType, i);
  inputs[n] = mlirMemRefTypeContiguousGet(mlirIntegerTypeGet(ctx, 32), 0, NULL,
                                          mlirAttributeGetNull());
  mlirOperationSetAttributeByName(
      func, ref("function_type"), mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n + 1, inputs, m, results)));
  mlirBlockAddArgument(bodyOf(func), inputs[n], mlirOperationGetLocation(func));
  MlirAttribute argAttrs = mlirOperationGetAttributeByName(func, ref("arg_attrs"));
  if (!mlirAttributeIsNull(argAttrs) && mlirArrayAttrGetNumElements(argAttrs) == n) {
    MlirAttribute *elts = malloc(sizeof(MlirAttribute) * (size_t)(n + 1));
    if (!elts)
      abort(); // out of memory: DLC's policy (docs/Embedding.md)
    for (intptr_t i = 0; i < n; ++i)
      elts[i] = mlirArrayAttrGetElement(argAttrs, i);
    elts[n] = mlirDictionaryAttrGet(ctx, 0, NULL);
    mlirOperationSetAttributeByName(func, ref("arg_attrs"), mlirArrayAttrGet(ctx, n + 1, elts));
    free(elts);
  }
  free(inputs);
  free(results);
}

void dlcGuardCalleeAllocations(MlirOperation module) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirBlock body = bodyOf(module);
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  // Flag the functions that allocate, then those that call them, until
  // none is added.
  DlcOpList flagged = {0};
  for (bool added = true; added;) {
    added = false;
    for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
         f = mlirOperationGetNextInBlock(f)) {
      if (!isPrivateDefinition(f) ||
          !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(f, ref(flagAttr))))
        continue;
      Found found = {symbols, {0}};
      mlirOperationWalk(f, allocates, &found, MlirWalkPreOrder);
      if (found.ops.count) {
        mlirOperationSetDiscardableAttributeByName(f, ref(flagAttr), mlirUnitAttrGet(ctx));
        dlcOpListPush(&flagged, f);
        added = true;
      }
      dlcOpListFree(&found.ops);
    }
  }
  for (size_t i = 0; i < flagged.count; ++i) {
    addFlagArgument(flagged.items[i]);
    guardFunction(flagged.items[i], symbols, flagOf);
  }
  dlcOpListFree(&flagged);
  mlirSymbolTableDestroy(symbols);
}

void dlcEntryGuardAllAllocations(MlirOperation func) {
  // The checks' slots first, in order (an arena may have been allocated
  // before them): the guards must not take them out of the entry's block,
  // where dlcEntryBuildStatus reads them.
  MlirBlock entry = bodyOf(func);
  MlirOperation last = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(entry), next; !mlirOperationIsNull(op);
       op = next) {
    next = mlirOperationGetNextInBlock(op);
    if (!isSlot(op))
      continue;
    mlirOperationRemoveFromParent(op);
    if (mlirOperationIsNull(last))
      mlirBlockInsertOwnedOperation(entry, 0, op);
    else
      mlirBlockInsertOwnedOperationAfter(entry, last, op);
    last = op;
  }
  MlirOperation module = mlirOperationGetParentOperation(func);
  MlirSymbolTable symbols = mlirSymbolTableCreate(module);
  guardFunction(func, symbols, newSlot);
  mlirSymbolTableDestroy(symbols);
}

static MlirWalkResult forgetFlag(MlirOperation op, void *userData) {
  (void)userData;
  if (!dlcIsOp(op, "func.func"))
    return MlirWalkResultAdvance;
  mlirOperationRemoveDiscardableAttributeByName(op, ref(flagAttr));
  return MlirWalkResultSkip;
}

void dlcForgetAllocationFlags(MlirOperation module) {
  mlirOperationWalk(module, forgetFlag, NULL, MlirWalkPreOrder);
}
