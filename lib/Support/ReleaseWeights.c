//===- ReleaseWeights.c - Weights no module refers to any more ---*- C -*-===//
//
// A weight lives in a dense_resource blob that the context owns until it
// is destroyed, whether or not anything still refers to it: the importer's
// copy of a weight that dlc-convert-layout repacked is dead once the
// module is lowered, yet it would stay resident while LLVM compiles. Only
// the context's owner knows which modules can still read its resources, so
// the release is an explicit call naming them.
//
//===----------------------------------------------------------------------===//

#include "Support/ReleaseWeights.h"
#include "Bridge/Bridge.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>

typedef struct Ranges {
  const void **data;
  size_t *sizes;
  intptr_t count, capacity;
} Ranges;

static void push(Ranges *r, const void *data, size_t size) {
  if (r->count == r->capacity) {
    r->capacity = r->capacity ? 2 * r->capacity : 64;
    r->data = realloc(r->data, (size_t)r->capacity * sizeof *r->data);
    r->sizes = realloc(r->sizes, (size_t)r->capacity * sizeof *r->sizes);
    if (!r->data || !r->sizes)
      abort(); // out of memory: DLC's policy (docs/Embedding.md)
  }
  r->data[r->count] = data;
  r->sizes[r->count++] = size;
}

// The bytes `attr` refers to, through arrays and dictionaries too (a
// resource may sit in any attribute, not only a constant's value).
static void collectAttribute(Ranges *r, MlirAttribute attr) {
  if (mlirAttributeIsADenseResourceElements(attr)) {
    const void *data;
    size_t size, align;
    if (mlirLogicalResultIsSuccess(dlcBridgeDenseResourceData(attr, &data, &size, &align)))
      push(r, data, size);
  } else if (mlirAttributeIsAArray(attr)) {
    for (intptr_t i = 0, n = mlirArrayAttrGetNumElements(attr); i < n; ++i)
      collectAttribute(r, mlirArrayAttrGetElement(attr, i));
  } else if (mlirAttributeIsADictionary(attr)) {
    for (intptr_t i = 0, n = mlirDictionaryAttrGetNumElements(attr); i < n; ++i)
      collectAttribute(r, mlirDictionaryAttrGetElement(attr, i).attribute);
  }
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  for (intptr_t i = 0, n = mlirOperationGetNumAttributes(op); i < n; ++i)
    collectAttribute(userData, mlirOperationGetAttribute(op, i).attribute);
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
  free(live.data);
  free(live.sizes);
  return released;
}
