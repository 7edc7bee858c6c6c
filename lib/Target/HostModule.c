//===- HostModule.c - A model as an LLVM module for the host ----*- C -*-===//

#include "Target/HostModule.h"

#include "Codegen/Codegen.h"

#include "Entry/Entry.h"
#include "dlc-c/Runtime.h"
#include "Support/Diag.h"
#include "Support/IR.h"
#include "Support/File.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Dialect/LLVM.h"
#include "mlir-c/Target/LLVMIR.h"
#include "llvm-c/Target.h"
#include "llvm-c/Transforms/PassBuilder.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void initializeNativeTarget(void) {
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
}

// The machine for the CPU the options name; records the CPU's name on
// `moduleOp` as `dlc.target_cpu`, which the C header reports.
static LLVMTargetMachineRef createMachine(const DlcCompileOptions *options, MlirLocation loc,
                                          MlirOperation moduleOp) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, initializeNativeTarget);
  char *triple = LLVMGetDefaultTargetTriple();
  char *error = NULL;
  LLVMTargetRef target;
  LLVMTargetMachineRef machine = NULL;
  if (LLVMGetTargetFromTriple(triple, &target, &error)) {
    dlcEmitError(loc, "no LLVM target for the host triple '%s': %s", triple, error);
    LLVMDisposeMessage(error);
    LLVMDisposeMessage(triple);
    return NULL;
  }
  // The host CPU by default: code for the generic CPU of the architecture
  // runs up to 1.5x slower (no AVX2/AVX-512 beyond what the JIT would use).
  const char *cpu = options->cpu && *options->cpu ? options->cpu : "native";
  if (!dlcTargetCPUGet(cpu, &(DlcTargetCPU){0})) {
    DlcStr message = DLC_STR_INIT;
    dlcTargetCPUPrintUnknown(&message, cpu);
    dlcEmitError(loc, "%s", dlcStrGet(&message));
    dlcStrFree(&message);
    LLVMDisposeMessage(triple);
    return NULL;
  }
  char *hostCpu = NULL, *features = NULL;
  if (!strcmp(cpu, "native")) {
    hostCpu = LLVMGetHostCPUName();
    features = LLVMGetHostCPUFeatures();
    cpu = hostCpu;
  }
  static const LLVMCodeGenOptLevel levels[] = {LLVMCodeGenLevelNone, LLVMCodeGenLevelLess,
                                               LLVMCodeGenLevelDefault,
                                               LLVMCodeGenLevelAggressive};
  int level = options->optLevel < 0 ? 0 : options->optLevel > 3 ? 3 : options->optLevel;
  machine = LLVMCreateTargetMachine(target, triple, cpu, features ? features : "", levels[level],
                                    LLVMRelocPIC, LLVMCodeModelDefault);
  if (!machine)
    dlcEmitError(loc, "cannot create an LLVM target machine for '%s' (CPU '%s')", triple, cpu);
  else
    mlirOperationSetAttributeByName(
        moduleOp, mlirStringRefCreateFromCString("dlc.target_cpu"),
        mlirStringAttrGet(mlirOperationGetContext(moduleOp), mlirStringRefCreateFromCString(cpu)));
  LLVMDisposeMessage(triple);
  if (hostCpu)
    LLVMDisposeMessage(hostCpu);
  if (features)
    LLVMDisposeMessage(features);
  return machine;
}

bool dlcModuleInternalizeAllButEntries(MlirModule module, bool cEntries) {
  MlirOperation *entries;
  intptr_t n = dlcModuleCollectEntries(module, &entries);
  bool ok = true;
  for (intptr_t i = 0; ok && cEntries && i < n; ++i) {
    MlirStringRef name = dlcEntryGetName(entries[i]);
    if (!dlcIsCIdentifier(name)) {
      dlcEmitError(mlirOperationGetLocation(entries[i]),
                   "entry @%.*s cannot be exported: its name is not a C identifier",
                   (int)name.length, name.data);
      ok = false;
    } else if (mlirStringRefEqual(name, mlirStringRefCreateFromCString("main"))) {
      dlcEmitError(mlirOperationGetLocation(entries[i]),
                   "entry @main cannot be exported as the C function 'main': name it (dlc-translate "
                   "--name, or the output file's stem)");
      ok = false;
    }
  }
  MlirContext ctx = mlirModuleGetContext(module);
  for (MlirOperation f = mlirBlockGetFirstOperation(mlirModuleGetBody(module));
       ok && !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f)) {
    if (!dlcIsLLVMFuncDefinition(f))
      continue;
    MlirStringRef name = mlirStringAttrGetValue(
        mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name")));
    bool isEntry = false;
    for (intptr_t i = 0; i < n && !isEntry; ++i) {
      MlirStringRef entry = dlcEntryGetName(entries[i]);
      // `<entry>_free` frees what a dynamic entry hands out (dlc-entry-abi).
      isEntry = mlirStringRefEqual(entry, name) ||
                (name.length == entry.length + 5 && !memcmp(name.data, entry.data, entry.length) &&
                 !memcmp(name.data + entry.length, "_free", 5));
    }
    if (!isEntry)
      mlirOperationSetAttributeByName(f, mlirStringRefCreateFromCString("linkage"),
                                      mlirLLVMLinkageAttrGet(ctx, MlirLLVMLinkageInternal));
  }
  free(entries);
  return ok;
}

bool dlcHostModuleTranslate(MlirModule module, const DlcCompileOptions *options,
                            DlcHostModule *out) {
  memset(out, 0, sizeof *out);
  MlirOperation op = mlirModuleGetOperation(module);
  MlirLocation loc = mlirOperationGetLocation(op);
  out->machine = createMachine(options, loc, op);
  if (!out->machine)
    return false;
  out->context = LLVMContextCreate();
  out->module = mlirTranslateModuleToLLVMIR(op, out->context);
  if (!out->module) {
    dlcEmitError(loc, "translation to LLVM IR failed");
    dlcHostModuleDestroy(out);
    return false;
  }
  char *triple = LLVMGetTargetMachineTriple(out->machine);
  LLVMSetTarget(out->module, triple);
  LLVMDisposeMessage(triple);
  LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(out->machine);
  LLVMSetModuleDataLayout(out->module, layout);
  LLVMDisposeTargetData(layout);
  return true;
}

char *dlcHostModuleOptimize(DlcHostModule *m, int optLevel) {
  char pipeline[32];
  snprintf(pipeline, sizeof pipeline, "default<O%d>", optLevel < 0 ? 0 : optLevel > 3 ? 3 : optLevel);
  LLVMPassBuilderOptionsRef passOptions = LLVMCreatePassBuilderOptions();
  LLVMErrorRef error = LLVMRunPasses(m->module, pipeline, m->machine, passOptions);
  LLVMDisposePassBuilderOptions(passOptions);
  if (!error)
    return NULL;
  char *message = LLVMGetErrorMessage(error);
  char *copy = dlcStrndup(message, strlen(message));
  LLVMDisposeErrorMessage(message);
  return copy;
}

bool dlcHostModuleCreate(MlirModule module, const DlcCompileOptions *options, bool optimize,
                         bool cEntries, DlcHostModule *out) {
  memset(out, 0, sizeof *out);
  MlirLocation loc = mlirOperationGetLocation(mlirModuleGetOperation(module));
  if (mlirLogicalResultIsFailure(dlcModuleLowerToLLVM(module, options)) ||
      !dlcModuleInternalizeAllButEntries(module, cEntries) ||
      !dlcHostModuleTranslate(module, options, out))
    return false;
  if (optimize && options->optLevel >= 0) {
    char *error = dlcHostModuleOptimize(out, options->optLevel);
    if (error) {
      dlcEmitError(loc, "LLVM optimization failed: %s", error);
      free(error);
      dlcHostModuleDestroy(out);
      return false;
    }
  }
  return true;
}

void dlcHostModuleDestroy(DlcHostModule *m) {
  if (m->module)
    LLVMDisposeModule(m->module);
  if (m->context)
    LLVMContextDispose(m->context);
  if (m->machine)
    LLVMDisposeTargetMachine(m->machine);
  memset(m, 0, sizeof *m);
}

// Into memory, then written whole: LLVM's file streams treat a failed write
// (a full disk) as a fatal error that exits the process and leaves the
// partial file behind.
bool dlcWriteObject(LLVMMemoryBufferRef object, const char *path, const char *shown,
                    MlirLocation loc) {
  DlcStr message = DLC_STR_INIT;
  const void *chunk = LLVMGetBufferStart(object);
  size_t size = LLVMGetBufferSize(object);
  bool ok = dlcWriteFileAtomicallyAs(path, shown, 1, &chunk, &size, &message);
  if (!ok)
    dlcEmitError(loc, "%s", dlcStrGet(&message));
  dlcStrFree(&message);
  return ok;
}

bool dlcHostModuleEmitObject(DlcHostModule *m, const char *path, const char *shown,
                             MlirLocation loc) {
  char *error = NULL;
  LLVMMemoryBufferRef object = NULL;
  bool ok = !LLVMTargetMachineEmitToMemoryBuffer(m->machine, m->module, LLVMObjectFile, &error,
                                                 &object);
  if (!ok)
    dlcEmitError(loc, "cannot write '%s': %s", shown, error ? error : "object emission failed");
  else
    ok = dlcWriteObject(object, path, shown, loc);
  if (object)
    LLVMDisposeMemoryBuffer(object);
  if (error)
    LLVMDisposeMessage(error);
  return ok;
}
