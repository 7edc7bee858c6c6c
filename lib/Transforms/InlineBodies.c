//===- InlineBodies.c - The dlc-inline-bodies pass --------------*- C -*-===//
//
// The ONNX importer puts the bodies of If, Loop and Scan into private
// functions marked `dlc.body` that scf ops call (an IRDL op cannot hold a
// region ending in a terminator of its own). Once their ops are lowered,
// each call is replaced by the body's ops, so that bufferization, codegen
// and the entry ABI see one function per entry as for any model; the bodies
// then go. Upstream's inliner would also inline a model's own private
// helpers, which stay functions.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Diag.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>

#define BODY_ATTR "dlc.body"

typedef struct Calls {
  MlirOperation *items;
  size_t count, cap;
} Calls;

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static void push(Calls *c, MlirOperation op) {
  if (c->count == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 16;
    c->items = realloc(c->items, c->cap * sizeof *c->items);
    if (!c->items)
      abort();
  }
  c->items[c->count++] = op;
}

typedef struct Collect {
  MlirSymbolTable symbols;
  Calls calls;  ///< func.call ops of bodies
  Calls bodies; ///< their callees, one per call
  Calls all;    ///< every body function
} Collect;

static bool isBody(MlirOperation op) {
  return dlcIsOp(op, "func.func") &&
         !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref(BODY_ATTR)));
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Collect *c = userData;
  if (isBody(op))
    push(&c->all, op);
  if (!dlcIsOp(op, "func.call"))
    return MlirWalkResultAdvance;
  MlirAttribute callee = mlirOperationGetAttributeByName(op, ref("callee"));
  if (mlirAttributeIsNull(callee) || !mlirAttributeIsAFlatSymbolRef(callee))
    return MlirWalkResultAdvance;
  MlirOperation fn =
      mlirSymbolTableLookup(c->symbols, mlirFlatSymbolRefAttrGetValue(callee));
  if (!mlirOperationIsNull(fn) && isBody(fn)) {
    push(&c->calls, op);
    push(&c->bodies, fn);
  }
  return MlirWalkResultAdvance;
}

// Replaces `call` by the ops of `fn`'s single block (moved, not copied).
static bool inlineCall(MlirOperation call, MlirOperation fn) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  if (mlirBlockIsNull(entry) || !mlirBlockIsNull(mlirBlockGetNextInRegion(entry))) {
    dlcEmitOpError(fn, "a body must have one block");
    return false;
  }
  MlirOperation ret = mlirBlockGetTerminator(entry);
  if (mlirBlockGetNumArguments(entry) != mlirOperationGetNumOperands(call) ||
      mlirOperationIsNull(ret) ||
      mlirOperationGetNumOperands(ret) != mlirOperationGetNumResults(call)) {
    dlcEmitOpError(call, "does not match the signature of the body it calls");
    return false;
  }
  for (intptr_t k = 0; k < mlirBlockGetNumArguments(entry); ++k)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(entry, k), mlirOperationGetOperand(call, k));
  for (MlirOperation op = mlirBlockGetFirstOperation(entry); !mlirOperationEqual(op, ret);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, call);
    op = next;
  }
  for (intptr_t r = 0; r < mlirOperationGetNumResults(call); ++r)
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(call, r), mlirOperationGetOperand(ret, r));
  mlirOperationDestroy(call);
  return true;
}

void dlcRunInlineBodies(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)options;
  Collect c;
  memset(&c, 0, sizeof c);
  c.symbols = mlirSymbolTableCreate(op);
  mlirOperationWalk(op, collect, &c, MlirWalkPreOrder);
  bool ok = true;
  for (size_t i = 0; i < c.calls.count && ok; ++i) {
    // A body called more than once is copied for every call but its last.
    bool later = false;
    for (size_t k = i + 1; k < c.calls.count && !later; ++k)
      later = mlirOperationEqual(c.bodies.items[k], c.bodies.items[i]);
    MlirOperation fn = later ? mlirOperationClone(c.bodies.items[i]) : c.bodies.items[i];
    ok = inlineCall(c.calls.items[i], fn);
    if (later)
      mlirOperationDestroy(fn);
  }
  // Every call is gone, so are the bodies (those of branches never taken too).
  for (size_t i = 0; i < c.all.count && ok; ++i)
    mlirOperationDestroy(c.all.items[i]);
  mlirSymbolTableDestroy(c.symbols);
  free(c.calls.items);
  free(c.bodies.items);
  free(c.all.items);
  if (!ok)
    dlcPassRunSignalFailure(run);
}
