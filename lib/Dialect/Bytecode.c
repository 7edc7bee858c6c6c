//===- Bytecode.c - Reading untrusted MLIR bytecode --------------*- C -*-===//
//
// The child (dlcSandboxRun) writes one byte, 'T' (text follows) or 'E' (an
// error message follows), then the text or message. A child that dies by a
// signal or exceeds its limits is reported by the parent: the child cannot
// say anything then.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Bytecode.h"
#include "Support/Sandbox.h"
#include "dlc-c/Dialects.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

bool dlcIsBytecode(const char *data, size_t size) {
  return size >= 4 && !memcmp(data, "ML\xefR", 4);
}

static void writeChunk(MlirStringRef piece, void *userData) {
  dlcSandboxWrite(*(int *)userData, piece.data, piece.length);
}

typedef struct ChildErrors {
  int fd;
  bool any;
} ChildErrors;

static MlirLogicalResult forwardError(MlirDiagnostic d, void *userData) {
  ChildErrors *errors = userData;
  if (mlirDiagnosticGetSeverity(d) != MlirDiagnosticError || errors->any)
    return mlirLogicalResultSuccess();
  errors->any = true;
  dlcSandboxWrite(errors->fd, "E", 1);
  mlirDiagnosticPrint(d, writeChunk, &errors->fd);
  return mlirLogicalResultSuccess();
}

// At least any section alignment a bytecode writer asks for.
#define BUFFER_ALIGNMENT 4096

typedef struct Bytes {
  const char *data;
  size_t size;
} Bytes;

static void runChild(int fd, void *userData) {
  const char *data = ((Bytes *)userData)->data;
  size_t size = ((Bytes *)userData)->size;
  // Limits first: the reader is what they are for.
  unsigned long long memory = 16ull * size > (4ull << 30) ? 16ull * size : 4ull << 30;
  struct rlimit cpu = {30, 31}, as = {memory, memory};
  setrlimit(RLIMIT_CPU, &cpu);
#ifndef DLC_ASAN
  setrlimit(RLIMIT_AS, &as);
#else
  (void)as;
#endif
  MlirContext ctx = dlcContextCreate();
  mlirContextEnableMultithreading(ctx, false);
  ChildErrors errors = {fd, false};
  mlirContextAttachDiagnosticHandler(ctx, forwardError, &errors, NULL);
  // The reader refuses a buffer less aligned than the file's sections
  // (64 bytes for the blobs of dlc-flatten-constants), and a large
  // malloc'd buffer sits 16 bytes past a page: read a page-aligned copy.
  if ((uintptr_t)data % BUFFER_ALIGNMENT) {
    char *aligned = aligned_alloc(BUFFER_ALIGNMENT, (size + BUFFER_ALIGNMENT - 1) /
                                                        BUFFER_ALIGNMENT * BUFFER_ALIGNMENT);
    if (!aligned) {
      dlcSandboxWrite(fd, "Eout of memory", 14);
      _exit(1);
    }
    memcpy(aligned, data, size);
    data = aligned;
  }
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreate(data, size));
  if (mlirModuleIsNull(module)) {
    if (!errors.any)
      dlcSandboxWrite(fd, "Enot valid MLIR bytecode", 24);
    _exit(1);
  }
  dlcSandboxWrite(fd, "T", 1);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(mlirModuleGetOperation(module), flags, writeChunk, &fd);
  _exit(0);
}

char *dlcBytecodeToText(const char *data, size_t size, const char *name, size_t *textSize,
                        DlcStr *error) {
  Bytes bytes = {data, size};
  DlcStr out = DLC_STR_INIT, why = DLC_STR_INIT;
  DlcSandboxEnd end;
  if (!dlcSandboxRun(runChild, &bytes, &out, &end, &why)) {
    dlcStrPrintf(error, "cannot read bytecode '%s': %s", name, dlcStrGet(&why));
    dlcStrFree(&why);
    dlcStrFree(&out);
    return NULL;
  }
  const char *got = dlcStrGet(&out);
  if (end.exited && end.status == 0 && out.len && got[0] == 'T') {
    char *text = dlcStrndup(got + 1, out.len - 1);
    *textSize = out.len - 1;
    dlcStrFree(&out);
    return text;
  }
  if (!end.exited && end.signal == SIGXCPU)
    dlcStrPrintf(error, "cannot read bytecode '%s': the reader ran out of time", name);
  else if (dlcSandboxCrashed(&end))
    dlcStrPrintf(error, "cannot read bytecode '%s': the reader crashed (%s)", name,
                 end.exited ? "a sanitizer's report" : strsignal(end.signal));
  else if (out.len && got[0] == 'E')
    dlcStrPrintf(error, "cannot read bytecode '%s': %s", name, got + 1);
  else
    dlcStrPrintf(error, "cannot read bytecode '%s': the reader failed (out of memory?)", name);
  dlcStrFree(&out);
  return NULL;
}
