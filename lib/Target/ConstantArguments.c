//===- ConstantArguments.c - Constants moved into their callees -*- C -*-===//

#include "Target/ConstantArguments.h"

#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

typedef struct SymbolUses {
  DlcOpList calls;    ///< llvm.call ops
  DlcOpList mentions; ///< ops with any other symbol reference
} SymbolUses;

static bool isCallee(MlirOperation op, MlirNamedAttribute a) {
  return dlcIsOp(op, "llvm.call") &&
         mlirStringRefEqual(mlirIdentifierStr(a.name), ref("callee"));
}

static MlirWalkResult collectUses(MlirOperation op, void *userData) {
  SymbolUses *uses = userData;
  bool call = dlcIsOp(op, "llvm.call") &&
              !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref("callee")));
  if (call)
    dlcOpListPush(&uses->calls, op);
  for (intptr_t i = 0, n = mlirOperationGetNumAttributes(op); i < n; ++i) {
    MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
    if (!isCallee(op, a) &&
        (mlirAttributeIsAFlatSymbolRef(a.attribute) || mlirAttributeIsAArray(a.attribute))) {
      dlcOpListPush(&uses->mentions, op);
      break;
    }
  }
  return MlirWalkResultAdvance;
}

typedef struct Names {
  MlirStringRef *items;
  size_t count, capacity;
} Names;

static void addNames(Names *names, MlirAttribute attr) {
  if (mlirAttributeIsAArray(attr)) {
    for (intptr_t i = 0, n = mlirArrayAttrGetNumElements(attr); i < n; ++i)
      addNames(names, mlirArrayAttrGetElement(attr, i));
    return;
  }
  if (!mlirAttributeIsAFlatSymbolRef(attr))
    return;
  if (names->count == names->capacity) {
    names->capacity = names->capacity ? 2 * names->capacity : 64;
    names->items = realloc(names->items, sizeof(MlirStringRef) * names->capacity);
    if (!names->items)
      abort();
  }
  names->items[names->count++] = mlirFlatSymbolRefAttrGetValue(attr);
}

static int compareNames(const void *a, const void *b) {
  const MlirStringRef *x = a, *y = b;
  size_t n = x->length < y->length ? x->length : y->length;
  int c = memcmp(x->data, y->data, n);
  return c ? c : (x->length > y->length) - (x->length < y->length);
}

// The symbols that ops other than calls name, sorted.
static Names mentionedNames(const DlcOpList *mentions) {
  Names names = {NULL, 0, 0};
  for (size_t k = 0; k < mentions->count; ++k) {
    MlirOperation op = mentions->items[k];
    for (intptr_t i = 0, n = mlirOperationGetNumAttributes(op); i < n; ++i) {
      MlirNamedAttribute a = mlirOperationGetAttribute(op, i);
      if (!isCallee(op, a))
        addNames(&names, a.attribute);
    }
  }
  if (names.count)
    qsort(names.items, names.count, sizeof(MlirStringRef), compareNames);
  return names;
}

static MlirStringRef calleeOf(MlirOperation call) {
  return mlirFlatSymbolRefAttrGetValue(mlirOperationGetAttributeByName(call, ref("callee")));
}

static int64_t onlyPosition(MlirOperation op) {
  MlirAttribute position = mlirOperationGetAttributeByName(op, ref("position"));
  return mlirDenseArrayGetNumElements(position) == 1 ? mlirDenseI64ArrayGetElement(position, 0)
                                                        : -1;
}

// What `value` is, looked through the struct a memref descriptor is built
// in: the value inserted at the field an extractvalue reads.
static MlirValue traced(MlirValue value) {
  while (mlirValueIsAOpResult(value)) {
    MlirOperation def = mlirOpResultGetOwner(value);
    if (!dlcIsOp(def, "llvm.extractvalue"))
      break;
    int64_t field = onlyPosition(def);
    MlirValue s = mlirOperationGetOperand(def, 0);
    while (field >= 0 && mlirValueIsAOpResult(s) &&
           dlcIsOp(mlirOpResultGetOwner(s), "llvm.insertvalue") &&
           onlyPosition(mlirOpResultGetOwner(s)) != field)
      s = mlirOperationGetOperand(mlirOpResultGetOwner(s), 0);
    if (field < 0 || !mlirValueIsAOpResult(s) ||
        !dlcIsOp(mlirOpResultGetOwner(s), "llvm.insertvalue"))
      break;
    value = mlirOperationGetOperand(mlirOpResultGetOwner(s), 1);
  }
  return value;
}

// Whether `value` is made of constants and global addresses only (through
// getelementptr): the callee can make it itself.
static bool isMaterializable(MlirValue value, int depth) {
  value = traced(value);
  if (!mlirValueIsAOpResult(value) || depth > 8)
    return false;
  MlirOperation def = mlirOpResultGetOwner(value);
  if (dlcIsOp(def, "llvm.mlir.constant") || dlcIsOp(def, "llvm.mlir.addressof"))
    return true;
  if (!dlcIsOp(def, "llvm.getelementptr"))
    return false;
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(def); i < n; ++i)
    if (!isMaterializable(mlirOperationGetOperand(def, i), depth + 1))
      return false;
  return true;
}

// Copies what makes `value` (isMaterializable) into `block`, each op
// after `*last` (the start of the block when null), which it updates.
static MlirValue materialize(MlirValue value, MlirBlock block, MlirOperation *last) {
  MlirOperation copy = mlirOperationClone(mlirOpResultGetOwner(traced(value)));
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(copy); i < n; ++i)
    mlirOperationSetOperand(copy, i, materialize(mlirOperationGetOperand(copy, i), block, last));
  if (mlirOperationIsNull(*last))
    mlirBlockInsertOwnedOperation(block, 0, copy);
  else
    mlirBlockInsertOwnedOperationAfter(block, *last, copy);
  *last = copy;
  return mlirOperationGetResult(copy, 0);
}

// Whether two materializable values are made the same way.
static bool sameMaterialized(MlirValue a, MlirValue b) {
  a = traced(a), b = traced(b);
  if (mlirValueEqual(a, b))
    return true;
  if (!mlirValueIsAOpResult(a) || !mlirValueIsAOpResult(b))
    return false; // another call's argument of its own
  MlirOperation x = mlirOpResultGetOwner(a), y = mlirOpResultGetOwner(b);
  intptr_t n = mlirOperationGetNumOperands(x), numAttributes = mlirOperationGetNumAttributes(x);
  if (!mlirIdentifierEqual(mlirOperationGetName(x), mlirOperationGetName(y)) ||
      !mlirTypeEqual(mlirValueGetType(a), mlirValueGetType(b)) ||
      n != mlirOperationGetNumOperands(y) ||
      numAttributes != mlirOperationGetNumAttributes(y))
    return false;
  for (intptr_t i = 0; i < numAttributes; ++i) {
    MlirNamedAttribute attr = mlirOperationGetAttribute(x, i);
    if (!mlirAttributeEqual(attr.attribute, mlirOperationGetAttributeByName(
                                                y, mlirIdentifierStr(attr.name))))
      return false;
  }
  for (intptr_t i = 0; i < n; ++i)
    if (!sameMaterialized(mlirOperationGetOperand(x, i), mlirOperationGetOperand(y, i)))
      return false;
  return true;
}

// Rewrites the uses of each argument of `fn` that every call of it passes
// the same constant or global address in (layers of one shape share a
// callee, each with its own weights, but the same bounds of a clip) into
// uses of a copy made in `fn`.
static void propagateConstants(MlirOperation fn, const MlirOperation *calls, size_t numCalls) {
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  intptr_t n = mlirBlockGetNumArguments(entry);
  for (size_t c = 0; c < numCalls; ++c)
    if (mlirOperationGetNumOperands(calls[c]) != n)
      return;
  MlirOperation last = {NULL};
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue arg = mlirBlockGetArgument(entry, i), passed = mlirOperationGetOperand(calls[0], i);
    bool same = !mlirOpOperandIsNull(mlirValueGetFirstUse(arg)) && isMaterializable(passed, 0);
    for (size_t c = 1; same && c < numCalls; ++c)
      same = sameMaterialized(passed, mlirOperationGetOperand(calls[c], i));
    if (same)
      mlirValueReplaceAllUsesOfWith(arg, materialize(passed, entry, &last));
  }
}

void dlcModuleMoveConstantArguments(MlirModule module) {
  SymbolUses uses = {{0}, {0}};
  mlirOperationWalk(mlirModuleGetOperation(module), collectUses, &uses, MlirWalkPreOrder);
  Names mentioned = mentionedNames(&uses.mentions);
  DlcOpList calls = {0};
  for (MlirOperation fn = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
       !mlirOperationIsNull(fn); fn = mlirOperationGetNextInBlock(fn)) {
    if (!dlcIsLLVMFuncDefinition(fn))
      continue;
    MlirStringRef name =
        mlirStringAttrGetValue(mlirOperationGetAttributeByName(fn, ref("sym_name")));
    calls.count = 0;
    for (size_t k = 0; k < uses.calls.count; ++k)
      if (mlirStringRefEqual(calleeOf(uses.calls.items[k]), name))
        dlcOpListPush(&calls, uses.calls.items[k]);
    if (calls.count && !(mentioned.count && bsearch(&name, mentioned.items, mentioned.count,
                                                    sizeof(MlirStringRef), compareNames)))
      propagateConstants(fn, calls.items, calls.count);
  }
  free(mentioned.items);
  dlcOpListFree(&calls);
  dlcOpListFree(&uses.calls);
  dlcOpListFree(&uses.mentions);
}

