//===- Entries.c - Which functions of a module are entries -------*- C -*-===//
//
// The entry concept that lib/Target (exports, headers) and lib/Runtime
// (the JIT) share: public func.func definitions and externally visible
// llvm.func definitions, found by name or as the module's default.
//
//===----------------------------------------------------------------------===//

#include "Entry/Entry.h"
#include "Support/Diag.h"
#include "Support/IR.h"
#include "Support/Str.h"
#include "dlc-c/Runtime.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool attrPrintsAs(MlirAttribute attr, const char *text) {
  DlcStr s = DLC_STR_INIT;
  dlcStrAppendAttr(&s, attr);
  bool same = !strcmp(dlcStrGet(&s), text);
  dlcStrFree(&s);
  return same;
}

static bool isEntry(MlirOperation op) {
  bool func = dlcIsOp(op, "func.func"), llvmFunc = dlcIsOp(op, "llvm.func");
  if (!func && !llvmFunc)
    return false;
  if (mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
    return false; // a declaration
  // What frees a dynamic entry's outputs (dlc-entry-abi) is part of it.
  if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref("dlc.frees"))))
    return false;
  MlirAttribute vis = mlirOperationGetAttributeByName(op, ref("sym_visibility"));
  if (!mlirAttributeIsNull(vis) && !mlirStringRefEqual(mlirStringAttrGetValue(vis), ref("public")))
    return false;
  MlirAttribute linkage = mlirOperationGetAttributeByName(op, ref("linkage"));
  return !llvmFunc || mlirAttributeIsNull(linkage) ||
         attrPrintsAs(linkage, "#llvm.linkage<external>");
}

intptr_t dlcModuleCollectEntries(MlirModule module, MlirOperation **entries) {
  intptr_t count = 0, cap = 0;
  *entries = NULL;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isEntry(op))
      continue;
    if (count == cap) {
      cap = cap ? 2 * cap : 4;
      *entries = realloc(*entries, sizeof(MlirOperation) * (size_t)cap);
    }
    (*entries)[count++] = op;
  }
  return count;
}

intptr_t dlcModuleGetNumEntries(MlirModule module) {
  MlirOperation *entries;
  intptr_t n = dlcModuleCollectEntries(module, &entries);
  free(entries);
  return n;
}

MlirOperation dlcModuleGetEntry(MlirModule module, intptr_t pos) {
  MlirOperation *entries;
  intptr_t n = dlcModuleCollectEntries(module, &entries);
  MlirOperation entry = pos >= 0 && pos < n ? entries[pos] : (MlirOperation){NULL};
  free(entries);
  return entry;
}

MlirStringRef dlcEntryGetName(MlirOperation entry) {
  return mlirStringAttrGetValue(mlirOperationGetAttributeByName(entry, ref("sym_name")));
}

static MlirWalkResult findOpenMP(MlirOperation op, void *userData) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length > 4 && !strncmp(name.data, "omp.", 4)) {
    *(bool *)userData = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

bool dlcModuleUsesOpenMP(MlirModule module) {
  bool found = false;
  mlirOperationWalk(mlirModuleGetOperation(module), findOpenMP, &found, MlirWalkPreOrder);
  return found;
}

const char dlcOpenMPRuntimePath[] = DLC_OPENMP_RUNTIME;

bool dlcIsCIdentifier(MlirStringRef name) {
  if (!name.length || (name.data[0] >= '0' && name.data[0] <= '9'))
    return false;
  for (size_t i = 0; i < name.length; ++i) {
    char c = name.data[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  }
  return true;
}

static void appendNames(DlcStr *s, MlirOperation *entries, intptr_t n) {
  for (intptr_t i = 0; i < n; ++i) {
    MlirStringRef name = dlcEntryGetName(entries[i]);
    dlcStrPrintf(s, "%s@%.*s", i ? ", " : "", (int)name.length, name.data);
  }
}

MlirOperation dlcModuleLookupEntry(MlirModule module, MlirStringRef name) {
  MlirOperation *entries;
  intptr_t n = dlcModuleCollectEntries(module, &entries);
  MlirOperation found = {NULL};
  for (intptr_t i = 0; i < n && mlirOperationIsNull(found); ++i) {
    MlirStringRef entryName = dlcEntryGetName(entries[i]);
    if (name.length ? mlirStringRefEqual(entryName, name)
                    : (n == 1 || mlirStringRefEqual(entryName, ref("main"))))
      found = entries[i];
  }
  if (mlirOperationIsNull(found)) {
    MlirLocation loc = mlirOperationGetLocation(mlirModuleGetOperation(module));
    DlcStr names = DLC_STR_INIT;
    appendNames(&names, entries, n);
    if (!n)
      dlcEmitError(loc, "the module has no public function to run");
    else if (name.length)
      dlcEmitError(loc, "no public function named '%.*s' (the module has %s)", (int)name.length,
                   name.data, dlcStrGet(&names));
    else
      dlcEmitError(loc, "cannot choose an entry among %s (none is named 'main'): name one",
                   dlcStrGet(&names));
    dlcStrFree(&names);
  }
  free(entries);
  return found;
}
