//===- Jit.c - Object files linked into this process ------------*- C -*-===//

#include "Runtime/Jit.h"

#include "llvm-c/Error.h"
#include "llvm-c/LLJIT.h"
#include "llvm-c/Orc.h"

#include <stdlib.h>

struct DlcJit {
  LLVMOrcLLJITRef lljit;
  LLVMOrcJITDylibRef dylib;
};

// Appends LLVM's message to `error` and consumes it.
static bool failed(LLVMErrorRef err, DlcStr *error) {
  if (!err)
    return false;
  char *message = LLVMGetErrorMessage(err);
  dlcStrPrintf(error, "%s", message);
  LLVMDisposeErrorMessage(message);
  return true;
}

DlcJit *dlcJitCreate(const char *runtimeLibrary, DlcStr *error) {
  DlcJit *jit = calloc(1, sizeof *jit);
  if (!jit)
    abort();
  if (failed(LLVMOrcCreateLLJIT(&jit->lljit, NULL), error)) {
    free(jit);
    return NULL;
  }
  jit->dylib = LLVMOrcLLJITGetMainJITDylib(jit->lljit);
  char prefix = LLVMOrcLLJITGetGlobalPrefix(jit->lljit);
  LLVMOrcDefinitionGeneratorRef process, runtime;
  if (failed(LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&process, prefix, NULL, NULL),
             error)) {
    dlcJitDestroy(jit);
    return NULL;
  }
  LLVMOrcJITDylibAddGenerator(jit->dylib, process);
  if (runtimeLibrary) {
    if (failed(LLVMOrcCreateDynamicLibrarySearchGeneratorForPath(&runtime, runtimeLibrary,
                                                                 prefix, NULL, NULL),
               error)) {
      dlcJitDestroy(jit);
      return NULL;
    }
    LLVMOrcJITDylibAddGenerator(jit->dylib, runtime);
  }
  return jit;
}

bool dlcJitAddObject(DlcJit *jit, LLVMMemoryBufferRef object, DlcStr *error) {
  return !failed(LLVMOrcLLJITAddObjectFile(jit->lljit, jit->dylib, object), error);
}

bool dlcJitDefine(DlcJit *jit, const char *name, void *address, DlcStr *error) {
  LLVMOrcCSymbolMapPair pair = {
      LLVMOrcLLJITMangleAndIntern(jit->lljit, name),
      {(LLVMOrcExecutorAddress)(uintptr_t)address,
       {LLVMJITSymbolGenericFlagsExported | LLVMJITSymbolGenericFlagsCallable, 0}}};
  LLVMOrcMaterializationUnitRef unit = LLVMOrcAbsoluteSymbols(&pair, 1);
  LLVMErrorRef err = LLVMOrcJITDylibDefine(jit->dylib, unit);
  if (err)
    LLVMOrcDisposeMaterializationUnit(unit);
  return !failed(err, error);
}

void *dlcJitLookup(DlcJit *jit, const char *name, DlcStr *error) {
  LLVMOrcExecutorAddress address = 0;
  if (failed(LLVMOrcLLJITLookup(jit->lljit, &address, name), error))
    return NULL;
  return (void *)(uintptr_t)address;
}

void dlcJitDestroy(DlcJit *jit) {
  if (!jit)
    return;
  if (jit->lljit)
    LLVMConsumeError(LLVMOrcDisposeLLJIT(jit->lljit));
  free(jit);
}
