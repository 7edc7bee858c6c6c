//===- OutlineLoopNests.c - The dlc-outline-loop-nests pass -----*- C -*-===//
//
// Lowered, a model is one function: every layer's loop nest one after the
// other in the entry. LLVM's loop passes do not scale with that. Each loop
// costs IndVarSimplify, LoopVectorize and LoopRotate work that grows with
// the function it sits in (SCEV and the analyses they invalidate are per
// function), so a function of N loop nests costs ~N^2: a DenseNet-121 (120
// convolutions) spent 65 s in LLVM's middle end, 30 s of it in
// IndVarSimplify, where ResNet-18 spends a second.
//
// So each top-level loop nest of a function moves into a private function
// of its own, called where it was: LLVM then works on functions of the size
// of a layer, and its cost grows linearly with the model. Consecutive nests
// share a function until it holds `min-ops` operations (few functions for
// many tiny nests). The callees are `noinline` (the inliner would otherwise
// rebuild the big function) and internal (they are no part of an
// artifact's interface).
//
// What a nest reads from outside its function: constants and views with a
// layout (subviews, reshapes) are copied into the callee; the buffers they
// view (allocations, the entry's arguments), views of the memory plan's
// arena at constant offsets, scalars and constant globals (weights) become
// arguments, bare pointers for static row-major memrefs. Arguments are
// `noalias` when no other argument can point into their bytes: an
// allocation of the caller none of whose views is passed too, a view of the
// arena that overlaps no other view passed (the offsets say so), and a
// constant global (nothing writes it). A nest that reads anything else (a
// view with a dynamic layout built outside it) stays where it is. Runs on
// buffers, before dlc-entry-abi.
//
// Weights and arena views as arguments make the callees of layers of one
// shape identical (a DenseNet's 3x3 convolutions within a block, the
// elementwise nests between them): callees whose text is the same are
// merged into one, which every call of them calls, so LLVM compiles each
// body once (a DenseNet-121 at 224x224: compile CPU time 26 s -> 17 s).
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"
#include "Transforms/MergeCallees.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool isOneOf(MlirOperation op, const char *const *names) {
  for (; *names; ++names)
    if (dlcIsOp(op, *names))
      return true;
  return false;
}

// Ops without memory effects or regions that define what nests read:
// copied into the callee (their operands mapped in turn).
static const char *const copiedOps[] = {
    "arith.constant",      "ub.poison",           "memref.get_global",
    "memref.view",         "memref.subview",      "memref.expand_shape",
    "memref.collapse_shape", "memref.reinterpret_cast", "memref.cast",
    NULL};

// What may lie between two nests of one callee: no memory effects, so the
// first nest may run after it. It stays in the caller.
static bool isPure(MlirOperation op) {
  if (mlirOperationGetNumRegions(op))
    return false;
  if (isOneOf(op, copiedOps) || dlcIsOp(op, "affine.apply"))
    return true;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length > 6 && !strncmp(name.data, "arith.", 6);
}

// A loop nest (any op with regions) whose results, if any, a call can return.
static bool isNest(MlirOperation op) {
  return mlirOperationGetNumRegions(op) > 0 && !dlcIsOp(op, "func.func");
}

typedef struct FreesOutside {
  MlirOperation nest;
  bool found;
} FreesOutside;

static MlirWalkResult findOutsideDealloc(MlirOperation op, void *userData) {
  FreesOutside *f = userData;
  if (dlcIsOp(op, "memref.dealloc") &&
      !dlcValueIsDefinedInAny(mlirOperationGetOperand(op, 0), 1, &f->nest,
                              (MlirOperation){NULL})) {
    f->found = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

// A memref crosses a call as one bare pointer, from which the other side
// rebuilds both the allocated and the aligned pointer of its descriptor
// (func-to-llvm's bare-pointer convention passes the aligned one and
// returns the allocated one). For a buffer allocated with more alignment
// than malloc gives they differ: a returned buffer would be read from the
// wrong address, a passed one freed at the wrong one. A nest that yields
// buffers or frees one from outside (an If with a run-time condition, the
// deallocation after it) stays where it is.
static bool movesOwnership(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
    if (mlirTypeIsAMemRef(mlirValueGetType(mlirOperationGetResult(op, r))))
      return true;
  FreesOutside f = {op, false};
  mlirOperationWalk(op, findOutsideDealloc, &f, MlirWalkPreOrder);
  return f.found;
}

static bool isScalar(MlirType t) {
  return mlirTypeIsAIndex(t) || mlirTypeIsAInteger(t) || mlirTypeIsAFloat(t);
}

// What a bare pointer carries: a static, row-major memref in the default
// memory space.
static bool isBarePointerMemRef(MlirType t) {
  return mlirTypeIsAMemRef(t) && mlirShapedTypeHasStaticShape(t) &&
         mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t)) &&
         mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(t));
}

// A view of an allocation at a constant byte offset: which bytes of it.
typedef struct ArenaView {
  MlirValue arena; ///< null: the argument is no such view
  int64_t begin, end;
} ArenaView;

typedef struct Outline {
  MlirOperation *nests; ///< in block order
  intptr_t numNests;
  MlirOperation parent; ///< the function the nests are in
  MlirBlock body;       ///< the callee's, under construction
  MlirLocation loc;
  MlirSymbolTable symbols;
  DlcValueMap values; ///< values of the caller and their stand-ins
  MlirValue *args; ///< what the call passes, one per block argument
  bool *noalias;
  ArenaView *views; ///< per argument: the arena range it views, if it does
  intptr_t numArgs;
  bool failed;
} Outline;

static bool definedInNests(const Outline *o, MlirValue v) {
  return dlcValueIsDefinedInAny(v, o->numNests, o->nests, o->parent);
}

// A `memref.get_global` of a constant global with a bare-pointer type: a
// weight, passed rather than copied so that callees differing only in their
// weights are the same function.
static bool isPassedConstant(const Outline *o, MlirOperation def, MlirType type) {
  return isBarePointerMemRef(type) && dlcReadsConstantGlobal(def, o->symbols);
}

static int64_t elementBytes(MlirType t) {
  if (mlirTypeIsAIndex(t))
    return 8;
  if (mlirTypeIsAInteger(t))
    return (mlirIntegerTypeGetWidth(t) + 7) / 8;
  if (mlirTypeIsAFloat(t))
    return (mlirFloatTypeGetWidth(t) + 7) / 8;
  return -1;
}

// `def`, a `memref.view` of an allocation (the memory plan's arena) at a
// constant offset with a bare-pointer type: the bytes it views. The view is
// passed rather than copied, so that callees differing only in where their
// buffers lie in the arena are the same function.
static ArenaView arenaView(MlirOperation def, MlirType type) {
  ArenaView none = {{NULL}, 0, 0};
  if (mlirOperationIsNull(def) || !dlcIsOp(def, "memref.view") ||
      mlirOperationGetNumOperands(def) != 2 || !isBarePointerMemRef(type))
    return none;
  MlirValue arena = mlirOperationGetOperand(def, 0);
  MlirOperation alloc = dlcDefiningOp(arena);
  MlirOperation shift = dlcDefiningOp(mlirOperationGetOperand(def, 1));
  if (mlirOperationIsNull(alloc) ||
      !(dlcIsOp(alloc, "memref.alloc") || dlcIsOp(alloc, "memref.alloca")) ||
      mlirOperationIsNull(shift) || !dlcIsOp(shift, "arith.constant"))
    return none;
  MlirAttribute offset = mlirOperationGetAttributeByName(shift, ref("value"));
  int64_t bytes = elementBytes(mlirShapedTypeGetElementType(type));
  if (mlirAttributeIsNull(offset) || !mlirAttributeIsAInteger(offset) || bytes < 0)
    return none;
  for (intptr_t d = 0, r = mlirShapedTypeGetRank(type); d < r; ++d)
    bytes *= mlirShapedTypeGetDimSize(type, d);
  int64_t begin = mlirIntegerAttrGetValueInt(offset);
  return (ArenaView){arena, begin, begin + bytes};
}

// The callee's stand-in for `v` (a copy of its definition, or an
// argument); null when a call cannot pass it.
static MlirValue map(Outline *o, MlirValue v) {
  MlirValue mapped = dlcValueMapLookup(&o->values, v);
  if (!mlirValueIsNull(mapped))
    return mapped;
  MlirOperation def = dlcDefiningOp(v);
  MlirType type = mlirValueGetType(v);
  bool weight = isPassedConstant(o, def, type);
  ArenaView view = arenaView(def, type);
  if (!weight && mlirValueIsNull(view.arena) && isOneOf(def, copiedOps) &&
      !mlirOperationGetNumRegions(def)) {
    MlirOperation copy = mlirOperationClone(def);
    for (intptr_t i = 0, n = mlirOperationGetNumOperands(def); i < n; ++i) {
      MlirValue operand = map(o, mlirOperationGetOperand(def, i));
      if (mlirValueIsNull(operand)) {
        mlirOperationDestroy(copy);
        return operand;
      }
      mlirOperationSetOperand(copy, i, operand);
    }
    mlirBlockAppendOwnedOperation(o->body, copy);
    mapped = mlirOperationGetResult(copy, mlirOpResultGetResultNumber(v));
  } else if (isScalar(type) || isBarePointerMemRef(type)) {
    mapped = mlirBlockAddArgument(o->body, type, o->loc);
    o->args = dlcGrowArray(o->args, o->numArgs, sizeof *o->args);
    o->noalias = dlcGrowArray(o->noalias, o->numArgs, sizeof *o->noalias);
    o->views = dlcGrowArray(o->views, o->numArgs, sizeof *o->views);
    o->views[o->numArgs] = view;
    o->args[o->numArgs] = v;
    o->noalias[o->numArgs++] =
        weight || !mlirValueIsNull(view.arena) || (mlirTypeIsAMemRef(type) &&
                   (dlcIsOp(def, "memref.alloc") || dlcIsOp(def, "memref.alloca")));
  } else {
    return (MlirValue){NULL};
  }
  dlcValueMapAdd(&o->values, v, mapped);
  return mapped;
}

static MlirWalkResult mapOperands(MlirOperation op, void *userData) {
  Outline *o = userData;
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!definedInNests(o, v) && mlirValueIsNull(map(o, v))) {
      o->failed = true;
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

static MlirWalkResult replaceOperands(MlirOperation op, void *userData) {
  Outline *o = userData;
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!definedInNests(o, v))
      mlirOperationSetOperand(op, i, dlcValueMapLookup(&o->values, v));
  }
  return MlirWalkResultAdvance;
}

static void freeOutline(Outline *o) {
  dlcValueMapFree(&o->values);
  free(o->args);
  free(o->noalias);
  free(o->views);
}

// The callees made so far, each with its one call.
typedef struct Callees {
  MlirSymbolTable symbols;
  int counter;              ///< numbers the callees' names
  MlirOperation lastCallee; ///< the next goes after it
  DlcOpList funcs, calls;
} Callees;

// Which arguments are `noalias` once all are known: a view of the arena
// unless another argument views bytes of it too or is the arena itself;
// the arena (an allocation) unless a view of it is passed as well.
static void settleNoalias(Outline *o) {
  for (intptr_t i = 0; i < o->numArgs; ++i) {
    ArenaView *vi = &o->views[i];
    for (intptr_t j = 0; j < o->numArgs; ++j) {
      ArenaView *vj = &o->views[j];
      if (j == i || mlirValueIsNull(vj->arena))
        continue;
      if (mlirValueEqual(vj->arena, o->args[i]))
        o->noalias[i] = false; // the arena, viewed by argument j
      else if (!mlirValueIsNull(vi->arena) && mlirValueEqual(vi->arena, vj->arena) &&
               vi->begin < vj->end && vj->begin < vi->end)
        o->noalias[i] = false; // two views that overlap
    }
    if (!mlirValueIsNull(vi->arena))
      for (intptr_t j = 0; j < o->numArgs && o->noalias[i]; ++j)
        o->noalias[i] = !mlirValueEqual(o->args[j], vi->arena);
  }
}

// Moves `nests` (of `func`'s entry block, in order) into a new function
// called where the last of them was; false (nothing changed) when a value
// they read cannot be passed.
static bool outline(MlirOperation func, Callees *c, MlirOperation *nests, intptr_t numNests) {
  MlirSymbolTable symbols = c->symbols;
  MlirOperation last = nests[numNests - 1];
  MlirContext ctx = mlirOperationGetContext(func);
  Outline o = {nests,   numNests, func,          mlirBlockCreate(0, NULL, NULL),
               mlirOperationGetLocation(last), symbols, {NULL, NULL, 0}, NULL, NULL, NULL, 0, false};
  for (intptr_t i = 0; i < numNests && !o.failed; ++i)
    mlirOperationWalk(nests[i], mapOperands, &o, MlirWalkPreOrder);
  if (o.failed) {
    mlirBlockDestroy(o.body);
    freeOutline(&o);
    return false;
  }

  settleNoalias(&o);
  intptr_t numResults = mlirOperationGetNumResults(last);
  MlirType *resultTypes = malloc(sizeof(MlirType) * (size_t)(numResults + 1));
  MlirType *argTypes = malloc(sizeof(MlirType) * (size_t)(o.numArgs + 1));
  MlirAttribute *argAttrs = malloc(sizeof(MlirAttribute) * (size_t)(o.numArgs + 1));
  if (!resultTypes || !argTypes || !argAttrs)
    abort();
  for (intptr_t r = 0; r < numResults; ++r)
    resultTypes[r] = mlirValueGetType(mlirOperationGetResult(last, r));
  MlirNamedAttribute noalias =
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("llvm.noalias")), mlirUnitAttrGet(ctx));
  for (intptr_t i = 0; i < o.numArgs; ++i) {
    argTypes[i] = mlirValueGetType(o.args[i]);
    argAttrs[i] = mlirDictionaryAttrGet(ctx, o.noalias[i] ? 1 : 0, &noalias);
  }

  // func.func private @<function>_nest<k>, noinline and internal.
  MlirStringRef parentName =
      mlirStringAttrGetValue(mlirOperationGetAttributeByName(func, ref("sym_name")));
  char *name = malloc(parentName.length + 32);
  if (!name)
    abort();
  snprintf(name, parentName.length + 32, "%.*s_nest%d", (int)parentName.length, parentName.data,
           c->counter++);
  MlirAttribute noinline = mlirStringAttrGet(ctx, ref("noinline"));
  MlirNamedAttribute attrs[6] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("sym_name")),
                            mlirStringAttrGet(ctx, ref(name))),
      mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, ref("function_type")),
          mlirTypeAttrGet(mlirFunctionTypeGet(ctx, o.numArgs, argTypes, numResults, resultTypes))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("sym_visibility")),
                            mlirStringAttrGet(ctx, ref("private"))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("arg_attrs")),
                            mlirArrayAttrGet(ctx, o.numArgs, argAttrs)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("passthrough")),
                            mlirArrayAttrGet(ctx, 1, &noinline)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("llvm.linkage")),
                            mlirAttributeParseGet(ctx, ref("#llvm.linkage<internal>")))};
  free(name);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, o.body);
  MlirOperationState state = mlirOperationStateGet(ref("func.func"), o.loc);
  mlirOperationStateAddAttributes(&state, 6, attrs);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation callee = mlirOperationCreate(&state);
  // After its caller and the callees before it, in order; the table
  // renames it if the name is taken.
  MlirOperation after = mlirOperationIsNull(c->lastCallee) ? func : c->lastCallee;
  mlirBlockInsertOwnedOperationAfter(mlirOperationGetBlock(func), after, callee);
  c->lastCallee = callee;
  MlirAttribute calleeName = mlirSymbolTableInsert(symbols, callee);

  MlirOperationState callState = mlirOperationStateGet(ref("func.call"), o.loc);
  mlirOperationStateAddOperands(&callState, o.numArgs, o.args);
  mlirOperationStateAddResults(&callState, numResults, resultTypes);
  MlirNamedAttribute calleeAttr =
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("callee")),
                            mlirFlatSymbolRefAttrGet(ctx, mlirStringAttrGetValue(calleeName)));
  mlirOperationStateAddAttributes(&callState, 1, &calleeAttr);
  MlirOperation call = mlirOperationCreate(&callState);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(last), last, call);
  dlcOpListPush(&c->funcs, callee);
  dlcOpListPush(&c->calls, call);
  for (intptr_t r = 0; r < numResults; ++r)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(last, r), mlirOperationGetResult(call, r));

  for (intptr_t i = 0; i < numNests; ++i) {
    mlirOperationWalk(nests[i], replaceOperands, &o, MlirWalkPreOrder);
    mlirOperationRemoveFromParent(nests[i]);
    mlirBlockAppendOwnedOperation(o.body, nests[i]);
  }
  MlirValue *results = malloc(sizeof(MlirValue) * (size_t)(numResults + 1));
  if (!results)
    abort();
  for (intptr_t r = 0; r < numResults; ++r)
    results[r] = mlirOperationGetResult(last, r);
  MlirOperationState ret = mlirOperationStateGet(ref("func.return"), o.loc);
  mlirOperationStateAddOperands(&ret, numResults, results);
  mlirBlockAppendOwnedOperation(o.body, mlirOperationCreate(&ret));
  free(results);
  free(resultTypes);
  free(argTypes);
  free(argAttrs);
  freeOutline(&o);
  return true;
}

static MlirWalkResult countOps(MlirOperation op, void *userData) {
  (void)op;
  ++*(int64_t *)userData;
  return MlirWalkResultAdvance;
}

// Outlines the pending nests together, else each alone.
static void flush(MlirOperation func, Callees *c, DlcOpList *pending) {
  if (pending->count && !outline(func, c, pending->items, (intptr_t)pending->count) &&
      pending->count > 1)
    for (size_t i = 0; i < pending->count; ++i)
      outline(func, c, &pending->items[i], 1);
  pending->count = 0;
}

static void outlineFunction(MlirOperation func, Callees *callees, int64_t minOps) {
  MlirRegion body = mlirOperationGetRegion(func, 0);
  MlirBlock block = mlirRegionGetFirstBlock(body);
  if (mlirBlockIsNull(block) || !mlirBlockIsNull(mlirBlockGetNextInRegion(block)))
    return;
  // The block's ops before any moves: outlining edits the block.
  DlcOpList ops = {0}, pending = {0};
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    dlcOpListPush(&ops, op);
  callees->lastCallee = (MlirOperation){NULL};
  callees->counter = 0;
  int64_t size = 0;
  for (size_t i = 0; i < ops.count; ++i) {
    MlirOperation op = ops.items[i];
    if (isNest(op) && !mlirOperationGetNumResults(op) && !movesOwnership(op)) {
      dlcOpListPush(&pending, op);
      mlirOperationWalk(op, countOps, &size, MlirWalkPreOrder);
      if (size >= minOps) {
        flush(func, callees, &pending);
        size = 0;
      }
    } else if (!isPure(op)) {
      // A nest with results returns them from a callee of its own.
      flush(func, callees, &pending);
      size = 0;
      if (isNest(op) && !movesOwnership(op)) {
        dlcOpListPush(&pending, op);
        flush(func, callees, &pending);
      }
    }
  }
  flush(func, callees, &pending);
  dlcOpListFree(&ops);
  dlcOpListFree(&pending);
}

void dlcRunOutlineLoopNests(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  int64_t minOps = dlcPassOptionInt(options, "min-ops");
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  // The functions as they were: callees are added while walking.
  DlcOpList funcs = {0};
  for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f))
    if (dlcIsOp(f, "func.func") && mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0)).ptr)
      dlcOpListPush(&funcs, f);
  Callees callees = {mlirSymbolTableCreate(op), 0, {NULL}, {0}, {0}};
  for (size_t i = 0; i < funcs.count; ++i)
    outlineFunction(funcs.items[i], &callees, minOps);
  dlcMergeSameCallees(callees.funcs.items, callees.calls.items, (intptr_t)callees.funcs.count,
                      callees.symbols);
  mlirSymbolTableDestroy(callees.symbols);
  dlcOpListFree(&callees.funcs);
  dlcOpListFree(&callees.calls);
  dlcOpListFree(&funcs);
}
