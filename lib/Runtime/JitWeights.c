//===- JitWeights.c - Weights an executable owns, outside LLVM ---*- C -*-===//

#include "Runtime/JitWeights.h"

#include "Bridge/Bridge.h"
#include "Support/IR.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>

// The alignment every slice gets: what dlc-flatten-constants gives blobs
// and LLVM then assumes of the globals.
#define WEIGHT_ALIGNMENT 64

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

typedef struct Collected {
  DlcOpList globals;
  size_t minBytes;
} Collected;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Collected *c = userData;
  if (!dlcIsOp(op, "llvm.mlir.global") ||
      mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref("constant"))))
    return MlirWalkResultAdvance;
  // LLVM assumes the global's alignment of its slice.
  MlirAttribute alignment = mlirOperationGetAttributeByName(op, ref("alignment"));
  if (!mlirAttributeIsNull(alignment) &&
      (!mlirAttributeIsAInteger(alignment) ||
       mlirIntegerAttrGetValueInt(alignment) > WEIGHT_ALIGNMENT))
    return MlirWalkResultSkip;
  MlirAttribute value = mlirOperationGetAttributeByName(op, ref("value"));
  const void *data;
  size_t size, align;
  if (!mlirAttributeIsNull(value) && mlirAttributeIsADenseResourceElements(value) &&
      mlirLogicalResultIsSuccess(dlcBridgeDenseResourceData(value, &data, &size, &align)) &&
      size >= c->minBytes && align <= WEIGHT_ALIGNMENT)
    dlcOpListPush(&c->globals, op);
  return MlirWalkResultSkip; // a global holds no globals
}

// Each weight not adopted gets the next aligned slice of the buffer.
static void layOut(DlcJitWeights *weights) {
  weights->size = 0;
  for (intptr_t i = 0; i < weights->count; ++i) {
    DlcJitWeight *w = &weights->items[i];
    if (w->adopted)
      continue;
    w->offset = weights->size;
    weights->size += (w->size + WEIGHT_ALIGNMENT - 1) / WEIGHT_ALIGNMENT * WEIGHT_ALIGNMENT;
  }
}

void dlcJitWeightsExternalize(MlirModule module, size_t minBytes, DlcJitWeights *weights) {
  memset(weights, 0, sizeof *weights);
  Collected c = {{0}, minBytes};
  mlirOperationWalk(mlirModuleGetOperation(module), collect, &c, MlirWalkPreOrder);
  if (!c.globals.count) {
    dlcOpListFree(&c.globals);
    return;
  }
  weights->items = calloc(c.globals.count, sizeof *weights->items);
  if (!weights->items)
    abort();
  MlirContext ctx = mlirModuleGetContext(module);
  MlirAttribute external = mlirAttributeParseGet(ctx, ref("#llvm.linkage<external>"));
  for (size_t i = 0; i < c.globals.count; ++i) {
    MlirOperation global = c.globals.items[i];
    MlirAttribute value = mlirOperationGetAttributeByName(global, ref("value"));
    DlcJitWeight *w = &weights->items[weights->count++];
    size_t align;
    dlcBridgeDenseResourceData(value, &w->data, &w->size, &align);
    MlirStringRef symbol =
        mlirStringAttrGetValue(mlirOperationGetAttributeByName(global, ref("sym_name")));
    w->name = dlcStrndup(symbol.data, symbol.length);
    // A declaration: no initializer, visible to the JIT's symbol lookup.
    mlirOperationRemoveAttributeByName(global, ref("value"));
    mlirOperationSetAttributeByName(global, ref("linkage"), external);
  }
  dlcOpListFree(&c.globals);
  layOut(weights);
}

void dlcJitWeightsAdopt(DlcJitWeights *weights, MlirContext ctx) {
  if (!weights->count)
    return;
  const void **data = calloc((size_t)weights->count, sizeof *data);
  size_t *sizes = calloc((size_t)weights->count, sizeof *sizes);
  bool *owned = calloc((size_t)weights->count, sizeof *owned);
  if (!data || !sizes || !owned)
    abort();
  // Only data aligned as its slice would be: LLVM assumes the globals'
  // alignment.
  intptr_t n = 0;
  for (intptr_t i = 0; i < weights->count; ++i) {
    const DlcJitWeight *w = &weights->items[i];
    if ((uintptr_t)w->data % WEIGHT_ALIGNMENT == 0) {
      data[n] = w->data;
      sizes[n++] = w->size;
    }
  }
  weights->blobs = dlcBridgeResourceBlobsTake(ctx, n, data, sizes, owned);
  for (intptr_t i = 0, k = 0; i < weights->count; ++i) {
    DlcJitWeight *w = &weights->items[i];
    if ((uintptr_t)w->data % WEIGHT_ALIGNMENT == 0)
      w->adopted = owned[k++];
  }
  layOut(weights);
  free(owned);
  free(sizes);
  free(data);
}

bool dlcJitWeightsBind(DlcJitWeights *weights, DlcJit *jit, DlcStr *error) {
  if (!weights->count)
    return true;
  // Untouched until filled: a large allocation is fresh pages.
  if (weights->size && !(weights->buffer = aligned_alloc(WEIGHT_ALIGNMENT, weights->size))) {
    dlcStrPrintf(error, "out of memory for %zu bytes of weights", weights->size);
    return false;
  }
  bool ok = true;
  for (intptr_t i = 0; ok && i < weights->count; ++i) {
    const DlcJitWeight *w = &weights->items[i];
    ok = dlcJitDefine(jit, w->name,
                      w->adopted ? (void *)(uintptr_t)w->data : weights->buffer + w->offset,
                      error);
  }
  return ok;
}

void dlcJitWeightsFill(DlcJitWeights *weights) {
  for (intptr_t i = 0; i < weights->count; ++i) {
    DlcJitWeight *w = &weights->items[i];
    if (w->adopted)
      continue;
    memcpy(weights->buffer + w->offset, w->data, w->size);
    w->data = NULL;
  }
}

void dlcJitWeightsDestroy(DlcJitWeights *weights) {
  for (intptr_t i = 0; i < weights->count; ++i)
    free(weights->items[i].name);
  free(weights->items);
  free(weights->buffer);
  dlcBridgeResourceBlobsDestroy(weights->blobs);
  memset(weights, 0, sizeof *weights);
}
