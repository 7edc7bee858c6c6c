//===- PlanMemory.c - The dlc-plan-memory pass ------------------*- C -*-===//
//
// After bufferization every intermediate tensor is its own memref.alloc and
// memref.dealloc. Buffers whose lifetimes do not overlap can share memory:
// this pass gives each function one arena and places the static buffers of
// its body in it by liveness (greedy interval packing, largest first), each
// becoming a memref.view of the arena.
//
// Buffers with one dynamic dim (a model compiled for any batch) are placed
// the same way in an arena of their own whose size and offsets are
// multiples of that dim's size, one arena per size value: their bytes
// grow linearly with it, so a packing of the bytes per unit of it is a
// packing at any size. Otherwise each was a malloc and a free per run,
// of memory the allocator gave back to the system between runs: every run
// page-faulted its activations in anew (resnet18 at a dynamic batch of 8
// spent a quarter of its time in the kernel).
//
// A buffer is planned only when everything about it is known: allocated in
// the function's block with a static shape (or one dynamic dim), identity layout and default
// memory space, freed (if at all) in that block, and used only by ops that
// read or write through it or make views of it, whose uses are known in
// turn. A buffer (or view of it) reaching a return, a call, a loop's
// iteration arguments or any op not listed here is left alone. Its live
// range runs from its alloc to its last use (not its dealloc, which the
// deallocation pipeline puts at the end of the block), an op nested in a
// region (a loop body) counting at the position of its ancestor in the
// function's block.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Diag.h"
#include "Support/IR.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static const char peakAttr[] = "dlc.peak_intermediate_bytes";
static const char unplannedAttr[] = "dlc.intermediate_bytes_unplanned";

//===----------------------------------------------------------------------===//
// Positions of the ops of a block
//===----------------------------------------------------------------------===//

typedef struct Position {
  const void *op;
  intptr_t index;
} Position;

typedef struct Positions {
  Position *items;
  intptr_t count;
} Positions;

static int comparePositions(const void *a, const void *b) {
  const void *x = ((const Position *)a)->op, *y = ((const Position *)b)->op;
  return x < y ? -1 : x > y;
}

static Positions positionsOf(MlirBlock block) {
  Positions p = {NULL, 0};
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    ++p.count;
  p.items = malloc(sizeof(Position) * (size_t)(p.count ? p.count : 1));
  if (!p.items)
    abort();
  intptr_t i = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op), ++i)
    p.items[i] = (Position){op.ptr, i};
  qsort(p.items, (size_t)p.count, sizeof(Position), comparePositions);
  return p;
}

// The index in the function's block of `op` or of its ancestor there; -1
// when it is in none (another block of the function).
static intptr_t positionOf(const Positions *p, MlirOperation func, MlirOperation op) {
  for (MlirOperation parent = mlirOperationGetParentOperation(op);
       !mlirOperationIsNull(parent) && !mlirOperationEqual(parent, func);
       parent = mlirOperationGetParentOperation(parent))
    op = parent;
  Position key = {op.ptr, 0};
  const Position *found =
      bsearch(&key, p->items, (size_t)p->count, sizeof(Position), comparePositions);
  return found ? found->index : -1;
}

//===----------------------------------------------------------------------===//
// Which buffers can be planned, and their live ranges
//===----------------------------------------------------------------------===//

typedef struct Buffer {
  MlirOperation alloc;
  MlirOperation dealloc; ///< null when never freed
  MlirValue scale;       ///< the dynamic dim's size (size is per unit of it), or null
  int64_t size, alignment, offset;
  intptr_t start, end;   ///< positions in the block, both included
} Buffer;

typedef struct Buffers {
  Buffer *items;
  intptr_t count, capacity;
} Buffers;

static void pushBuffer(Buffers *list, Buffer b) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 32;
    list->items = realloc(list->items, sizeof(Buffer) * (size_t)list->capacity);
    if (!list->items)
      abort();
  }
  list->items[list->count++] = b;
}

static bool nameStartsWith(MlirOperation op, const char *prefix) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(prefix);
  return name.length >= n && !strncmp(name.data, prefix, n);
}

// Ops whose result 0 is a view of their operand 0.
static bool isAlias(MlirOperation op) {
  static const char *const names[] = {
      "memref.subview",        "memref.view",           "memref.cast",
      "memref.expand_shape",   "memref.collapse_shape", "memref.reinterpret_cast",
      "memref.transpose",      "memref.reshape",        "memref.extract_strided_metadata"};
  for (size_t i = 0; i < sizeof names / sizeof *names; ++i)
    if (dlcIsOp(op, names[i]))
      return true;
  return false;
}

// Ops that read or write through a memref operand, or ask for its shape,
// and keep no reference to it once they have run.
static bool isAccess(MlirOperation op) {
  static const char *const names[] = {
      "memref.load",          "memref.store",         "memref.copy",
      "memref.dim",           "memref.rank",          "memref.prefetch",
      "memref.atomic_rmw",    "memref.generic_atomic_rmw",
      "vector.transfer_read", "vector.transfer_write", "vector.load",
      "vector.store",         "vector.maskedload",    "vector.maskedstore",
      "vector.gather",        "vector.scatter",       "vector.expandload",
      "vector.compressstore", "affine.load",          "affine.store",
      "affine.vector_load",   "affine.vector_store"};
  for (size_t i = 0; i < sizeof names / sizeof *names; ++i)
    if (dlcIsOp(op, names[i]))
      return true;
  // Structured linalg ops on buffers have no results that could alias.
  return nameStartsWith(op, "linalg.") && !dlcIsOp(op, "linalg.yield") &&
         !mlirOperationGetNumResults(op);
}

typedef struct Liveness {
  const Positions *positions;
  MlirOperation func;
  MlirOperation dealloc;
  intptr_t end;
} Liveness;

// Follows the uses of `v` (the buffer or a view of it); false when one is
// not understood. Extends `l->end` to the last use other than the dealloc:
// the deallocation pipeline frees buffers at the end of their block, long
// after their contents are dead.
static bool followUses(Liveness *l, MlirValue v) {
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    intptr_t position = positionOf(l->positions, l->func, user);
    if (position < 0)
      return false;
    if (dlcIsOp(user, "memref.dealloc")) {
      // One dealloc, in the function's block (not a conditional one).
      if (!mlirOperationEqual(mlirOperationGetParentOperation(user), l->func) ||
          !mlirOperationIsNull(l->dealloc))
        return false;
      l->dealloc = user;
      continue;
    }
    if (position > l->end)
      l->end = position;
    if (isAlias(user)) {
      if (mlirOpOperandGetOperandNumber(use) == 0 && !followUses(l, mlirOperationGetResult(user, 0)))
        return false;
    } else if (!isAccess(user)) {
      return false;
    }
  }
  return true;
}

// Bytes per element, 0 for element types not planned.
static int64_t elementBytes(MlirType t) {
  unsigned bits = 0;
  if (mlirTypeIsAIndex(t))
    bits = 64;
  else if (mlirTypeIsAInteger(t))
    bits = mlirIntegerTypeGetWidth(t);
  else if (mlirTypeIsAFloat(t))
    bits = mlirFloatTypeGetWidth(t);
  switch (bits) {
  case 1:
  case 8:
    return 1;
  case 16:
    return 2;
  case 32:
    return 4;
  case 64:
    return 8;
  default:
    return 0;
  }
}

// The buffer `alloc` (a memref.alloc in the function's block at `index`)
// describes, with `size` 0 when it cannot be planned.
static Buffer describe(const Positions *p, MlirOperation func, MlirOperation alloc,
                       intptr_t index, int64_t minAlignment) {
  Buffer b = {alloc, {NULL}, {NULL}, 0, minAlignment, 0, index, index};
  MlirType type = mlirValueGetType(mlirOperationGetResult(alloc, 0));
  // One dynamic size, no symbol operands (the alloc's only operand).
  intptr_t dynamic = 0;
  for (intptr_t i = 0, rank = mlirShapedTypeGetRank(type); i < rank; ++i)
    dynamic += mlirShapedTypeIsDynamicDim(type, i);
  if (dynamic > 1 || mlirOperationGetNumOperands(alloc) != dynamic ||
      !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(type)) ||
      !mlirAttributeIsNull(mlirMemRefTypeGetMemorySpace(type)))
    return b;
  if (dynamic)
    b.scale = mlirOperationGetOperand(alloc, 0);
  int64_t size = elementBytes(mlirShapedTypeGetElementType(type));
  for (intptr_t i = 0, rank = mlirShapedTypeGetRank(type); i < rank; ++i)
    if (!mlirShapedTypeIsDynamicDim(type, i))
      size *= mlirShapedTypeGetDimSize(type, i);
  MlirAttribute align = mlirOperationGetAttributeByName(alloc, ref("alignment"));
  if (!mlirAttributeIsNull(align)) {
    int64_t a = mlirIntegerAttrGetValueInt(align);
    if (a > b.alignment)
      b.alignment = a;
  }
  Liveness l = {p, func, {NULL}, index};
  if (size <= 0 || !followUses(&l, mlirOperationGetResult(alloc, 0)))
    return b;
  b.size = size;
  b.dealloc = l.dealloc;
  b.end = l.end;
  return b;
}

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

static int compareBySize(const void *a, const void *b) {
  const Buffer *x = a, *y = b;
  if (x->size != y->size)
    return x->size > y->size ? -1 : 1;
  return x->start < y->start ? -1 : x->start > y->start;
}

static int compareByOffset(const void *a, const void *b) {
  const Buffer *x = a, *y = b;
  if (x->offset != y->offset)
    return x->offset < y->offset ? -1 : 1;
  return x->start < y->start ? -1 : x->start > y->start;
}

static int64_t alignUp(int64_t v, int64_t alignment) {
  return (v + alignment - 1) / alignment * alignment;
}

static bool overlap(int64_t a, int64_t aSize, int64_t b, int64_t bSize) {
  return a < b + bSize && b < a + aSize;
}

// Places buffers largest first, each at the lowest aligned offset where it
// overlaps no buffer placed before that is live at the same time. Returns
// the arena's size.
static int64_t pack(Buffer *buffers, intptr_t n) {
  if (n > 1) // qsort may not take a null array, even empty
    qsort(buffers, (size_t)n, sizeof(Buffer), compareBySize);
  int64_t total = 0;
  for (intptr_t i = 0; i < n; ++i) {
    Buffer *b = &buffers[i];
    // Candidates: 0 and the end of every live buffer placed already.
    int64_t best = -1;
    for (intptr_t c = -1; c < i; ++c) {
      const Buffer *at = c < 0 ? NULL : &buffers[c];
      if (at && (at->end < b->start || b->end < at->start))
        continue;
      int64_t offset = alignUp(at ? at->offset + at->size : 0, b->alignment);
      if (best >= 0 && offset >= best)
        continue;
      bool fits = true;
      for (intptr_t j = 0; fits && j < i; ++j) {
        const Buffer *o = &buffers[j];
        fits = o->end < b->start || b->end < o->start ||
               !overlap(offset, b->size, o->offset, o->size);
      }
      if (fits)
        best = offset;
    }
    b->offset = best;
    if (best + b->size > total)
      total = best + b->size;
  }
  return total;
}

//===----------------------------------------------------------------------===//
// Rewriting
//===----------------------------------------------------------------------===//

static MlirOperation insertBefore(MlirOperation before, MlirOperationState *state) {
  MlirOperation op = mlirOperationCreate(state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, op);
  return op;
}

static MlirValue indexConstant(MlirOperation before, int64_t value) {
  MlirContext ctx = mlirOperationGetContext(before);
  MlirType index = mlirIndexTypeGet(ctx);
  MlirNamedAttribute attr = mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("value")),
                                                  mlirIntegerAttrGet(index, value));
  MlirOperationState state =
      mlirOperationStateGet(ref("arith.constant"), mlirOperationGetLocation(before));
  mlirOperationStateAddResults(&state, 1, &index);
  mlirOperationStateAddAttributes(&state, 1, &attr);
  return mlirOperationGetResult(insertBefore(before, &state), 0);
}

static MlirValue binary(MlirOperation before, const char *name, MlirValue a, MlirValue b) {
  MlirValue operands[2] = {a, b};
  MlirType index = mlirIndexTypeGet(mlirOperationGetContext(before));
  MlirOperationState state = mlirOperationStateGet(ref(name), mlirOperationGetLocation(before));
  mlirOperationStateAddOperands(&state, 2, operands);
  mlirOperationStateAddResults(&state, 1, &index);
  return mlirOperationGetResult(insertBefore(before, &state), 0);
}

// memref.alloc() {alignment} : memref<size x i8> at the start of `block`;
// with `bytes`, memref.alloc(bytes) : memref<?xi8> before `before`.
static MlirValue createArena(MlirBlock block, MlirLocation loc, int64_t size, int64_t alignment,
                             MlirValue bytes, MlirOperation before) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirType i8 = mlirIntegerTypeGet(ctx, 8);
  bool dynamic = !mlirValueIsNull(bytes);
  if (dynamic)
    size = mlirShapedTypeGetDynamicSize();
  MlirType type = mlirMemRefTypeContiguousGet(i8, 1, &size, mlirAttributeGetNull());
  int32_t segments[2] = {dynamic ? 1 : 0, 0};
  // `dlc.arena` marks a static arena for dlc-cache-arenas.
  MlirNamedAttribute attrs[3] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("alignment")),
                            mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), alignment)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("operandSegmentSizes")),
                            mlirDenseI32ArrayGet(ctx, 2, segments)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("dlc.arena")), mlirUnitAttrGet(ctx))};
  MlirOperationState state = mlirOperationStateGet(ref("memref.alloc"), loc);
  mlirOperationStateAddResults(&state, 1, &type);
  mlirOperationStateAddAttributes(&state, dynamic ? 2 : 3, attrs);
  if (dynamic)
    mlirOperationStateAddOperands(&state, 1, &bytes);
  MlirOperation arena = mlirOperationCreate(&state);
  if (dynamic)
    mlirBlockInsertOwnedOperationBefore(block, before, arena);
  else
    mlirBlockInsertOwnedOperation(block, 0, arena);
  return mlirOperationGetResult(arena, 0);
}

// The buffer becomes `memref.view %arena[%offset][]`; its dealloc goes.
static void replaceWithView(const Buffer *b, MlirValue arena, MlirValue offset) {
  if (!mlirOperationIsNull(b->dealloc))
    mlirOperationDestroy(b->dealloc);
  MlirValue old = mlirOperationGetResult(b->alloc, 0);
  MlirType type = mlirValueGetType(old);
  MlirValue operands[3] = {arena, offset, b->scale};
  MlirOperationState state =
      mlirOperationStateGet(ref("memref.view"), mlirOperationGetLocation(b->alloc));
  mlirOperationStateAddOperands(&state, mlirValueIsNull(b->scale) ? 2 : 3, operands);
  mlirOperationStateAddResults(&state, 1, &type);
  MlirOperation view = insertBefore(b->alloc, &state);
  mlirValueReplaceAllUsesOfWith(old, mlirOperationGetResult(view, 0));
  mlirOperationDestroy(b->alloc);
}

static void setBytes(MlirOperation func, const char *name, int64_t bytes) {
  MlirContext ctx = mlirOperationGetContext(func);
  mlirOperationSetDiscardableAttributeByName(
      func, ref(name), mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), bytes));
}

// The buffers scaled by one value each get an arena of (packed bytes per
// unit) x that value, allocated where the first of them was and freed
// before the block's terminator; each becomes a view at (its offset per
// unit) x the value.
static void planScaled(MlirBlock block, Buffers *scaled, int64_t minAlignment) {
  MlirOperation terminator = mlirBlockGetTerminator(block);
  bool *done = calloc((size_t)scaled->count + 1, sizeof(bool));
  Buffers group = {NULL, 0, 0};
  if (!done)
    abort();
  for (intptr_t first = 0; first < scaled->count && !mlirOperationIsNull(terminator); ++first) {
    if (done[first])
      continue;
    MlirValue scale = scaled->items[first].scale;
    // The buffers are in block order: the first one's alloc is the first.
    MlirOperation before = scaled->items[first].alloc;
    group.count = 0;
    int64_t alignment = minAlignment;
    for (intptr_t i = first; i < scaled->count; ++i)
      if (!done[i] && mlirValueEqual(scaled->items[i].scale, scale)) {
        done[i] = true;
        pushBuffer(&group, scaled->items[i]);
        if (scaled->items[i].alignment > alignment)
          alignment = scaled->items[i].alignment;
      }
    int64_t total = pack(group.items, group.count);
    MlirValue bytes = binary(before, "arith.muli", scale, indexConstant(before, total));
    MlirValue arena =
        createArena(block, mlirOperationGetLocation(before), 0, alignment, bytes, before);
    for (intptr_t i = 0; i < group.count; ++i) {
      MlirOperation at = group.items[i].alloc;
      MlirValue offset = binary(at, "arith.muli", scale, indexConstant(at, group.items[i].offset));
      replaceWithView(&group.items[i], arena, offset);
    }
    MlirOperationState state =
        mlirOperationStateGet(ref("memref.dealloc"), mlirOperationGetLocation(terminator));
    mlirOperationStateAddOperands(&state, 1, &arena);
    insertBefore(terminator, &state);
  }
  free(group.items);
  free(done);
}

static void planFunction(MlirOperation func, int64_t minAlignment) {
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  // Definitions of one block only: the arena is freed before its
  // terminator. Planned once: a second run would see only the arena.
  if (mlirBlockIsNull(block) || !mlirBlockIsNull(mlirBlockGetNextInRegion(block)) ||
      !mlirAttributeIsNull(mlirOperationGetDiscardableAttributeByName(func, ref(peakAttr))))
    return;
  Positions positions = positionsOf(block);
  Buffers buffers = {NULL, 0, 0}, scaled = {NULL, 0, 0};
  intptr_t index = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op), ++index) {
    if (!dlcIsOp(op, "memref.alloc"))
      continue;
    Buffer b = describe(&positions, func, op, index, minAlignment);
    if (b.size)
      pushBuffer(&buffers, b);
  }
  free(positions.items);
  // The scaled buffers, one arena per scale, then the static ones.
  intptr_t numStatic = 0;
  for (intptr_t i = 0; i < buffers.count; ++i)
    if (mlirValueIsNull(buffers.items[i].scale))
      buffers.items[numStatic++] = buffers.items[i];
    else
      pushBuffer(&scaled, buffers.items[i]);
  buffers.count = numStatic;
  planScaled(block, &scaled, minAlignment);
  free(scaled.items);
  int64_t unplanned = 0, alignment = minAlignment;
  for (intptr_t i = 0; i < buffers.count; ++i) {
    unplanned += buffers.items[i].size;
    if (buffers.items[i].alignment > alignment)
      alignment = buffers.items[i].alignment;
  }
  int64_t total = pack(buffers.items, buffers.count);
  MlirOperation terminator = mlirBlockGetTerminator(block);
  if (buffers.count && !mlirOperationIsNull(terminator)) {
    MlirValue arena = createArena(block, mlirOperationGetLocation(func), total, alignment,
                                  (MlirValue){NULL}, (MlirOperation){NULL});
    // One constant per offset after the arena, lowest first, all created
    // before any alloc (maybe the op after the arena) goes.
    qsort(buffers.items, (size_t)buffers.count, sizeof(Buffer), compareByOffset);
    MlirOperation next = mlirOperationGetNextInBlock(mlirBlockGetFirstOperation(block));
    MlirValue *offsets = malloc(sizeof(MlirValue) * (size_t)buffers.count);
    if (!offsets)
      abort();
    for (intptr_t i = 0; i < buffers.count; ++i)
      offsets[i] = i && buffers.items[i].offset == buffers.items[i - 1].offset
                       ? offsets[i - 1]
                       : indexConstant(next, buffers.items[i].offset);
    for (intptr_t i = 0; i < buffers.count; ++i)
      replaceWithView(&buffers.items[i], arena, offsets[i]);
    free(offsets);
    MlirOperationState state =
        mlirOperationStateGet(ref("memref.dealloc"), mlirOperationGetLocation(terminator));
    mlirOperationStateAddOperands(&state, 1, &arena);
    insertBefore(terminator, &state);
  } else {
    total = unplanned = 0;
  }
  setBytes(func, peakAttr, total);
  setBytes(func, unplannedAttr, unplanned);
  free(buffers.items);
}

static MlirWalkResult collectFunctions(MlirOperation op, void *userData) {
  if (!dlcIsOp(op, "func.func"))
    return MlirWalkResultAdvance;
  dlcOpListPush(userData, op);
  return MlirWalkResultSkip;
}

void dlcRunPlanMemory(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  int64_t alignment = dlcPassOptionInt(options, "alignment");
  if (alignment < 1 || (alignment & (alignment - 1))) {
    dlcEmitError(mlirOperationGetLocation(op),
                 "dlc-plan-memory: alignment must be a power of two, got %lld",
                 (long long)alignment);
    dlcPassRunSignalFailure(run);
    return;
  }
  DlcOpList funcs = {NULL, 0, 0};
  mlirOperationWalk(op, collectFunctions, &funcs, MlirWalkPreOrder);
  for (size_t i = 0; i < funcs.count; ++i)
    planFunction(funcs.items[i], alignment);
  dlcOpListFree(&funcs);
}
