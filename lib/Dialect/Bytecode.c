//===- Bytecode.c - Reading untrusted MLIR bytecode --------------*- C -*-===//
//
// The child writes one byte, 'T' (text follows) or 'E' (an error message
// follows), then the text or message, to a pipe the parent reads to its
// end. A child that dies by a signal or exceeds its limits is reported by
// the parent: the child cannot say anything then. The child exits with
// _exit, leaving the parent's state (and atexit handlers) alone.
//
// This is the one place DLC uses a child process: nothing else can keep a
// crash in code DLC does not control out of the caller's process.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Bytecode.h"
#include "dlc-c/Dialects.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define DLC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DLC_ASAN 1
#endif
#endif
#ifdef DLC_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

bool dlcIsBytecode(const char *data, size_t size) {
  return size >= 4 && !memcmp(data, "ML\xefR", 4);
}

static void writeAll(int fd, const void *data, size_t size) {
  const char *p = data;
  while (size) {
    ssize_t n = write(fd, p, size);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      _exit(3);
    p += n;
    size -= (size_t)n;
  }
}

static void writeChunk(MlirStringRef piece, void *userData) {
  writeAll(*(int *)userData, piece.data, piece.length);
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
  writeAll(errors->fd, "E", 1);
  mlirDiagnosticPrint(d, writeChunk, &errors->fd);
  return mlirLogicalResultSuccess();
}

// At least any section alignment a bytecode writer asks for.
#define BUFFER_ALIGNMENT 4096

static void runChild(int fd, const char *data, size_t size) {
  // What the reader prints when it fails (LLVM ERROR, glibc's heap
  // checks) is not the caller's: the parent reports what happened.
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null >= 0)
    dup2(null, 2);
  // Nor is a crash: a handler inherited from the host (a crash reporter,
  // libFuzzer's, which would record the input as a crash of its own)
  // must not run here; the child dies of the signal and the parent says so.
  static const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGXCPU};
  for (size_t i = 0; i < sizeof fatal / sizeof *fatal; ++i)
    signal(fatal[i], SIG_DFL);
#ifdef DLC_ASAN
  __sanitizer_set_death_callback(NULL);
#endif
  // Limits first: the reader is what they are for.
  unsigned long long memory = 16ull * size > (4ull << 30) ? 16ull * size : 4ull << 30;
  struct rlimit cpu = {30, 31}, as = {memory, memory};
  setrlimit(RLIMIT_CPU, &cpu);
#ifndef DLC_ASAN
  // (ASan reserves terabytes of address space for its shadow.)
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
      writeAll(fd, "Eout of memory", 14);
      _exit(1);
    }
    memcpy(aligned, data, size);
    data = aligned;
  }
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreate(data, size));
  if (mlirModuleIsNull(module)) {
    if (!errors.any)
      writeAll(fd, "Enot valid MLIR bytecode", 24);
    _exit(1);
  }
  writeAll(fd, "T", 1);
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  mlirOperationPrintWithFlags(mlirModuleGetOperation(module), flags, writeChunk, &fd);
  _exit(0);
}

char *dlcBytecodeToText(const char *data, size_t size, const char *name, size_t *textSize,
                        DlcStr *error) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    dlcStrPrintf(error, "cannot read bytecode '%s': %s", name, strerror(errno));
    return NULL;
  }
  pid_t pid = fork();
  if (pid < 0) {
    dlcStrPrintf(error, "cannot read bytecode '%s': %s", name, strerror(errno));
    close(fds[0]);
    close(fds[1]);
    return NULL;
  }
  if (pid == 0) {
    close(fds[0]);
    runChild(fds[1], data, size);
  }
  close(fds[1]);
  DlcStr out = DLC_STR_INIT;
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    dlcStrAppend(&out, buffer, (size_t)n);
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  const char *got = dlcStrGet(&out);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && out.len && got[0] == 'T') {
    char *text = dlcStrndup(got + 1, out.len - 1);
    *textSize = out.len - 1;
    dlcStrFree(&out);
    return text;
  }
  if (WIFSIGNALED(status))
    dlcStrPrintf(error, "cannot read bytecode '%s': the reader %s (%s)", name,
                 WTERMSIG(status) == SIGXCPU ? "ran out of time" : "crashed",
                 strsignal(WTERMSIG(status)));
  else if (out.len && got[0] == 'E')
    dlcStrPrintf(error, "cannot read bytecode '%s': %s", name, got + 1);
  else
    dlcStrPrintf(error, "cannot read bytecode '%s': the reader failed (out of memory?)", name);
  dlcStrFree(&out);
  return NULL;
}
