//===- Lower.c - Lowering a model to the LLVM dialect -----------*- C -*-===//
//
// A model comes at any level; the pipeline to run depends on where it is:
// none for the LLVM dialect, dlc-loops-to-llvm once on buffers (buffer
// deallocation cannot run twice), dlc-lower-to-llvm otherwise.
//
//===----------------------------------------------------------------------===//

#include "Bridge/Bridge.h"
#include "Entry/Entry.h"
#include "Support/Diag.h"
#include "Support/IR.h"
#include "Support/Str.h"
#include "dlc-c/Passes.h"
#include "dlc-c/Runtime.h"
#include "dlc-c/Target.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Pass.h"

#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

typedef struct Level {
  bool nonLLVM; // an op of another dialect than llvm
  bool tensors; // a tensor value or a function on tensors: not bufferized yet
} Level;

static bool isTensor(MlirType t) { return mlirTypeIsATensor(t); }

static MlirWalkResult findLevel(MlirOperation op, void *userData) {
  Level *level = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  // OpenMP ops (code for more than one thread) are left to the translation
  // to LLVM IR, which outlines their regions: they are the LLVM level too.
  if (!(name.length > 5 && !strncmp(name.data, "llvm.", 5)) &&
      !(name.length > 4 && !strncmp(name.data, "omp.", 4)) &&
      !mlirStringRefEqual(name, ref("builtin.module")))
    level->nonLLVM = true;
  for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i)
    level->tensors = level->tensors || isTensor(mlirValueGetType(mlirOperationGetResult(op, i)));
  for (intptr_t r = 0, n = mlirOperationGetNumRegions(op); r < n; ++r) {
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
    for (intptr_t i = 0, m = mlirBlockIsNull(b) ? 0 : mlirBlockGetNumArguments(b); i < m; ++i)
      level->tensors = level->tensors || isTensor(mlirValueGetType(mlirBlockGetArgument(b, i)));
  }
  MlirAttribute fnType = mlirOperationGetAttributeByName(op, ref("function_type"));
  if (!mlirAttributeIsNull(fnType) && mlirAttributeIsAType(fnType) &&
      mlirTypeIsAFunction(mlirTypeAttrGetValue(fnType))) {
    MlirType t = mlirTypeAttrGetValue(fnType);
    for (intptr_t i = 0, n = mlirFunctionTypeGetNumInputs(t); i < n; ++i)
      level->tensors = level->tensors || isTensor(mlirFunctionTypeGetInput(t, i));
    for (intptr_t i = 0, n = mlirFunctionTypeGetNumResults(t); i < n; ++i)
      level->tensors = level->tensors || isTensor(mlirFunctionTypeGetResult(t, i));
  }
  return MlirWalkResultAdvance;
}

// Counts errors on their way to the handlers attached before it.
static MlirLogicalResult countErrors(MlirDiagnostic diag, void *userData) {
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++*(int *)userData;
  return mlirLogicalResultFailure();
}

// DlcCompileOptions.inputShapes, on every entry that is a function on
// tensors (the shapes of a model lowered to buffers are fixed already).
static MlirLogicalResult specializeEntries(MlirModule module, Level level, const char *shapes) {
  if (!level.tensors) {
    dlcEmitError(mlirOperationGetLocation(mlirModuleGetOperation(module)),
                 "cannot apply input shapes '%s': the model is lowered to buffers already", shapes);
    return mlirLogicalResultFailure();
  }
  MlirOperation *entries = NULL;
  intptr_t n = dlcModuleCollectEntries(module, &entries);
  bool ok = true;
  for (intptr_t i = 0; ok && i < n; ++i)
    if (dlcIsOp(entries[i], "func.func"))
      ok = mlirLogicalResultIsSuccess(dlcEntrySpecializeInputShapes(entries[i], ref(shapes)));
  free(entries);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

MlirLogicalResult dlcModuleLowerToLLVM(MlirModule module, const DlcCompileOptions *options) {
  MlirOperation op = mlirModuleGetOperation(module);
  Level level = {false, false};
  mlirOperationWalk(op, findLevel, &level, MlirWalkPreOrder);
  if (!level.nonLLVM)
    return mlirLogicalResultSuccess();
  DlcCompileOptions o = options ? *options : dlcCompileOptionsGetDefault();
  if (o.inputShapes && *o.inputShapes && mlirLogicalResultIsFailure(specializeEntries(module, level, o.inputShapes)))
    return mlirLogicalResultFailure();
  MlirContext ctx = mlirModuleGetContext(module);
  MlirPassManager pm = dlcBridgePassManagerCreate(ctx, ref("builtin.module"));
  MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
  // Graph optimizations first (they find nothing to do below dlc_graph).
  MlirLogicalResult result = mlirLogicalResultSuccess();
  DlcStr why = DLC_STR_INIT;
  if (level.tensors && o.optimize)
    result = dlcBuildOptimizePipeline(
        opm, mlirStringRefCreateFromCString(o.disabledPasses ? o.disabledPasses : ""),
        dlcStrCallback, &why);
  // Bufferized IR skips what must run once: bufferization, deallocation.
  if (mlirLogicalResultIsSuccess(result))
    result = level.tensors ? dlcBuildLowerToLLVMPipelineWithOptions(opm, &o, dlcStrCallback, &why)
                           : dlcBuildLoopsToLLVMPipelineWithOptions(opm, &o, dlcStrCallback, &why);
  if (mlirLogicalResultIsFailure(result)) {
    dlcEmitError(mlirOperationGetLocation(op), "cannot build the lowering pipeline: %s",
                 dlcStrGet(&why));
    dlcStrFree(&why);
    mlirPassManagerDestroy(pm);
    return result;
  }
  dlcStrFree(&why);
  if (o.reproducer && *o.reproducer)
    dlcBridgePassManagerEnableReproducer(pm, ref(o.reproducer));
  // The module is verified once, after the pipeline, rather than after
  // each of its ~60 passes: that was a fifth of the compile time of a
  // DenseNet-121 (docs/Codegen.md). dlc-opt, which runs the same pipeline,
  // still verifies after every pass, to find the one that broke the IR.
  mlirPassManagerEnableVerifier(pm, false);
  int errors = 0;
  MlirDiagnosticHandlerID counter =
      mlirContextAttachDiagnosticHandler(ctx, countErrors, &errors, NULL);
  result = mlirPassManagerRunOnOp(pm, op);
  if (mlirLogicalResultIsSuccess(result) && !mlirOperationVerify(op)) {
    dlcEmitError(mlirOperationGetLocation(op),
                 "DLC internal error: the module lowered to the LLVM dialect does not verify "
                 "(dlc-opt with the same pipeline verifies after each pass: docs/Debugging.md)");
    result = mlirLogicalResultFailure();
  }
  mlirContextDetachDiagnosticHandler(ctx, counter);
  mlirPassManagerDestroy(pm);
  // A pass may fail without saying why; never fail silently.
  if (mlirLogicalResultIsFailure(result) && !errors)
    dlcEmitError(mlirOperationGetLocation(op), "lowering to the LLVM dialect failed");
  return result;
}

// A dynamic entry's `<name>_free` (dlc-entry-abi) follows its entry.
static void renameFreeFunction(MlirModule module, MlirSymbolTable table, MlirStringRef old,
                               MlirStringRef to) {
  MlirContext ctx = mlirModuleGetContext(module);
  DlcStr from = DLC_STR_INIT, name = DLC_STR_INIT;
  dlcStrPrintf(&from, "%.*s_free", (int)old.length, old.data);
  dlcStrPrintf(&name, "%.*s_free", (int)to.length, to.data);
  MlirOperation f = mlirSymbolTableLookup(table, ref(dlcStrGet(&from)));
  if (!mlirOperationIsNull(f) &&
      !mlirAttributeIsNull(mlirOperationGetAttributeByName(f, ref("dlc.frees")))) {
    mlirOperationSetAttributeByName(f, mlirSymbolTableGetSymbolAttributeName(),
                                    mlirStringAttrGet(ctx, ref(dlcStrGet(&name))));
    mlirOperationSetAttributeByName(f, ref("dlc.frees"), mlirStringAttrGet(ctx, to));
  }
  dlcStrFree(&from);
  dlcStrFree(&name);
}

MlirLogicalResult dlcModuleRenameEntry(MlirModule module, MlirStringRef from, MlirStringRef to) {
  MlirOperation entry = dlcModuleLookupEntry(module, from);
  if (mlirOperationIsNull(entry))
    return mlirLogicalResultFailure();
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  MlirStringRef old = dlcEntryGetName(entry);
  if (mlirStringRefEqual(old, to))
    return mlirLogicalResultSuccess();
  if (!dlcIsCIdentifier(to)) {
    dlcEmitError(mlirOperationGetLocation(entry), "cannot name entry @%.*s '%.*s': not a C identifier",
                 (int)old.length, old.data, (int)to.length, to.data);
    return mlirLogicalResultFailure();
  }
  MlirSymbolTable table = mlirSymbolTableCreate(moduleOp);
  MlirLogicalResult result = mlirLogicalResultSuccess();
  if (!mlirOperationIsNull(mlirSymbolTableLookup(table, to))) {
    dlcEmitError(mlirOperationGetLocation(entry), "cannot rename entry @%.*s to '%.*s': the module "
                 "already has a symbol of that name", (int)old.length, old.data, (int)to.length,
                 to.data);
    result = mlirLogicalResultFailure();
  } else {
    // `old` lives in the context (a uniqued string attribute): it stays
    // valid while the symbol is renamed.
    result = mlirSymbolTableReplaceAllSymbolUses(old, to, moduleOp);
    if (mlirLogicalResultIsSuccess(result)) {
      renameFreeFunction(module, table, old, to);
      mlirOperationSetAttributeByName(entry, mlirSymbolTableGetSymbolAttributeName(),
                                      mlirStringAttrGet(mlirModuleGetContext(module), to));
    }
  }
  mlirSymbolTableDestroy(table);
  return result;
}
