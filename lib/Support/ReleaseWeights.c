//===- ReleaseWeights.c - Weights no module refers to any more ---*- C -*-===//
//
// A weight lives in a dense_resource blob that the context owns until it
// is destroyed, whether or not anything still refers to it: the importer's
// copy of a weight that dlc-convert-layout repacked is dead once the
// module is lowered, yet it would stay resident while LLVM compiles. Only
// the context's owner knows which modules can still read its resources, so
// the release is an explicit call naming them.
//
// A pass that replaces weights one at a time (a layout change, packing)
// would still hold both copies of all of them at its end: it counts the
// references once (DlcWeightRefs) and frees each old blob when it erases
// the blob's last reader, so that lowering holds one copy and one weight.
//
//===----------------------------------------------------------------------===//

#include "Support/ReleaseWeights.h"
#include "Bridge/Bridge.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

typedef struct Ranges {
  const void **data;
  size_t *sizes;
  MlirAttribute *attrs; ///< the dense_resource attribute of each range
  intptr_t count, capacity;
} Ranges;

static void push(Ranges *r, const void *data, size_t size, MlirAttribute attr) {
  if (r->count == r->capacity) {
    r->capacity = r->capacity ? 2 * r->capacity : 64;
    r->data = realloc(r->data, (size_t)r->capacity * sizeof *r->data);
    r->sizes = realloc(r->sizes, (size_t)r->capacity * sizeof *r->sizes);
    r->attrs = realloc(r->attrs, (size_t)r->capacity * sizeof *r->attrs);
    if (!r->data || !r->sizes || !r->attrs)
      abort(); // out of memory: DLC's policy (docs/Embedding.md)
  }
  r->data[r->count] = data;
  r->sizes[r->count] = size;
  r->attrs[r->count++] = attr;
}

static void freeRanges(Ranges *r) {
  free(r->data);
  free(r->sizes);
  free(r->attrs);
}

// Freed blobs leave holes in the heap, which glibc keeps resident unless
// asked: the next weights reuse them only if they fit.
static void returnFreedPages(void) {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

// The bytes `attr` refers to, through arrays and dictionaries too (a
// resource may sit in any attribute, not only a constant's value).
static void collectAttribute(Ranges *r, MlirAttribute attr) {
  if (mlirAttributeIsADenseResourceElements(attr)) {
    const void *data;
    size_t size, align;
    if (mlirLogicalResultIsSuccess(dlcBridgeDenseResourceData(attr, &data, &size, &align)))
      push(r, data, size, attr);
  } else if (mlirAttributeIsAArray(attr)) {
    for (intptr_t i = 0, n = mlirArrayAttrGetNumElements(attr); i < n; ++i)
      collectAttribute(r, mlirArrayAttrGetElement(attr, i));
  } else if (mlirAttributeIsADictionary(attr)) {
    for (intptr_t i = 0, n = mlirDictionaryAttrGetNumElements(attr); i < n; ++i)
      collectAttribute(r, mlirDictionaryAttrGetElement(attr, i).attribute);
  }
}

static void collectOp(Ranges *r, MlirOperation op) {
  for (intptr_t i = 0, n = mlirOperationGetNumAttributes(op); i < n; ++i)
    collectAttribute(r, mlirOperationGetAttribute(op, i).attribute);
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  collectOp(userData, op);
  return MlirWalkResultAdvance;
}

intptr_t dlcReleaseUnreferencedWeights(MlirContext ctx, intptr_t numModules,
                                       const MlirModule *modules) {
  Ranges live = {0};
  for (intptr_t i = 0; i < numModules; ++i) {
    // A module of another context refers to none of this one's blobs.
    if (mlirContextEqual(mlirModuleGetContext(modules[i]), ctx))
      mlirOperationWalk(mlirModuleGetOperation(modules[i]), collect, &live, MlirWalkPreOrder);
  }
  intptr_t released = dlcBridgeResourceBlobsReleaseExcept(ctx, live.count, live.data, live.sizes);
  freeRanges(&live);
  if (released)
    returnFreedPages();
  return released;
}

//===----------------------------------------------------------------------===//
// References counted once
//===----------------------------------------------------------------------===//

struct DlcWeightRefs {
  Ranges live; ///< one range per reference of an op to a blob
  bool freed;  ///< whether a blob was emptied
};

static bool isDeadConstant(MlirOperation op) {
  return dlcIsOp(op, "arith.constant") &&
         mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0)));
}

typedef struct Counting {
  Ranges *live;
  DlcOpList dead;
} Counting;

static MlirWalkResult count(MlirOperation op, void *userData) {
  Counting *c = userData;
  if (isDeadConstant(op))
    dlcOpListPush(&c->dead, op);
  else
    collectOp(c->live, op);
  return MlirWalkResultAdvance;
}

static bool overlapsLive(const Ranges *live, const void *data, size_t size) {
  const char *begin = data;
  for (intptr_t i = 0; i < live->count; ++i) {
    const char *b = live->data[i];
    if (b < begin + size && begin < b + live->sizes[i])
      return true;
  }
  return false;
}

// Removes one reference to [data, data + size) from the count; false if
// there was none.
static bool uncount(Ranges *live, const void *data, size_t size) {
  for (intptr_t i = 0; i < live->count; ++i)
    if (live->data[i] == data && live->sizes[i] == size) {
      --live->count;
      live->data[i] = live->data[live->count];
      live->sizes[i] = live->sizes[live->count];
      live->attrs[i] = live->attrs[live->count];
      return true;
    }
  return false;
}

// Destroys `op`; frees the blobs it referred to that no counted op refers
// to any more, if they were counted: by `op` (`counted`), or by any op
// (`uncounted`: a dead op, which the count left out).
static void erase(DlcWeightRefs *refs, MlirOperation op, bool uncounted) {
  Ranges dying = {0};
  if (refs)
    collectOp(&dying, op);
  mlirOperationDestroy(op);
  for (intptr_t d = 0; d < dying.count; ++d) {
    // A blob made since the count may have readers it does not know; an
    // alias into the blob (dlc-flatten-constants') keeps it too.
    bool counted = uncounted || uncount(&refs->live, dying.data[d], dying.sizes[d]);
    if (counted && !overlapsLive(&refs->live, dying.data[d], dying.sizes[d]) &&
        dlcBridgeDenseResourceRelease(dying.attrs[d]))
      refs->freed = true;
  }
  freeRanges(&dying);
}

DlcWeightRefs *dlcWeightRefsCreate(MlirOperation module) {
  if (mlirAttributeIsNull(mlirOperationGetAttributeByName(
          module, mlirStringRefCreateFromCString("dlc.sole_module"))))
    return NULL;
  DlcWeightRefs *refs = calloc(1, sizeof *refs);
  if (!refs)
    abort(); // out of memory: DLC's policy (docs/Embedding.md)
  // Dead constants (the copies a rewrite left behind for canonicalize)
  // would keep their weights alive: they go first.
  Counting counting = {&refs->live, {0}};
  mlirOperationWalk(module, count, &counting, MlirWalkPreOrder);
  for (size_t i = 0; i < counting.dead.count; ++i)
    erase(refs, counting.dead.items[i], true);
  dlcOpListFree(&counting.dead);
  return refs;
}

void dlcWeightRefsErase(DlcWeightRefs *refs, MlirOperation op) { erase(refs, op, false); }

void dlcWeightRefsEraseIfDead(DlcWeightRefs *refs, MlirOperation op) {
  if (refs && !mlirOperationIsNull(op) && isDeadConstant(op))
    erase(refs, op, false);
}

void dlcWeightRefsDestroy(DlcWeightRefs *refs) {
  if (!refs)
    return;
  if (refs->freed)
    returnFreedPages();
  freeRanges(&refs->live);
  free(refs);
}
