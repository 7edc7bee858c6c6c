//===- Emit.c - LLVM IR text, object files, shared libraries ----*- C -*-===//

#include "Entry/Entry.h"
#include "Support/Diag.h"
#include "Support/Str.h"
#include "Target/HostModule.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static MlirLocation locationOf(MlirModule module) {
  return mlirOperationGetLocation(mlirModuleGetOperation(module));
}

MlirLogicalResult dlcModuleTranslateToLLVMIR(MlirModule module, const DlcCompileOptions *options,
                                             MlirStringCallback callback, void *userData) {
  DlcCompileOptions defaults = dlcCompileOptionsGetDefault();
  options = options ? options : &defaults;
  DlcHostModule m;
  if (!dlcHostModuleCreate(module, options, true, false, &m))
    return mlirLogicalResultFailure();
  char *text = LLVMPrintModuleToString(m.module);
  callback(mlirStringRefCreateFromCString(text), userData);
  LLVMDisposeMessage(text);
  dlcHostModuleDestroy(&m);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcModuleEmitObjectFile(MlirModule module, const DlcCompileOptions *options,
                                          MlirStringRef path) {
  DlcCompileOptions defaults = dlcCompileOptionsGetDefault();
  options = options ? options : &defaults;
  DlcHostModule m;
  if (!dlcHostModuleCreate(module, options, true, true, &m))
    return mlirLogicalResultFailure();
  char *file = dlcStrndup(path.data, path.length);
  bool ok = dlcHostModuleEmitObject(&m, file, file, locationOf(module));
  free(file);
  dlcHostModuleDestroy(&m);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

// What `fd` delivers until its end, on one line: each line of it trimmed and
// joined with "; ", at most about 1000 characters.
static void readOneLine(int fd, DlcStr *out) {
  char buffer[4096];
  bool lineStart = true;
  for (;;) {
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return;
    for (ssize_t i = 0; i < n && out->len < 1000; ++i) {
      char c = buffer[i];
      if (c == '\n' || c == '\r') {
        lineStart = true;
      } else if (c != ' ' || !lineStart) {
        if (lineStart && out->len)
          dlcStrPrintf(out, "; ");
        lineStart = false;
        dlcStrPrintf(out, "%c", c);
      }
    }
  }
}

// Runs `argv` and waits; false (after an error at `loc`) unless it ran and
// exited with status 0. What it prints (a linker's complaints: "final link
// failed: No space left on device") ends that error, on the same line,
// rather than going to the caller's terminal around DLC's diagnostics.
static bool runCommand(char *const *argv, MlirLocation loc, const char *what) {
  DlcStr command = DLC_STR_INIT, output = DLC_STR_INIT;
  for (int i = 0; argv[i]; ++i)
    dlcStrPrintf(&command, "%s%s", i ? " " : "", argv[i]);
  int fds[2];
  int spawnError = pipe(fds) != 0 ? errno : 0;
  pid_t pid;
  if (!spawnError) {
    // Not inherited by other children the caller starts meanwhile.
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
    posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
    spawnError = posix_spawnp(&pid, argv[0], &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (!spawnError)
      readOneLine(fds[0], &output);
    close(fds[0]);
  }
  bool ok = false;
  if (spawnError) {
    dlcEmitError(loc, "%s: cannot run '%s': %s", what, argv[0], strerror(spawnError));
  } else {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
      ;
    ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    const char *colon = output.len ? ": " : "";
    if (!ok && WIFEXITED(status))
      dlcEmitError(loc, "%s: '%s' exited with status %d%s%s", what, dlcStrGet(&command),
                   WEXITSTATUS(status), colon, dlcStrGet(&output));
    else if (!ok)
      dlcEmitError(loc, "%s: '%s' was killed by signal %d%s%s", what, dlcStrGet(&command),
                   WIFSIGNALED(status) ? WTERMSIG(status) : 0, colon, dlcStrGet(&output));
  }
  dlcStrFree(&output);
  dlcStrFree(&command);
  return ok;
}

MlirLogicalResult dlcModuleEmitSharedLibrary(MlirModule module, const DlcCompileOptions *options,
                                             MlirStringRef path) {
  DlcCompileOptions defaults = dlcCompileOptionsGetDefault();
  options = options ? options : &defaults;
  DlcHostModule m;
  if (!dlcHostModuleCreate(module, options, true, true, &m))
    return mlirLogicalResultFailure();
  MlirLocation loc = locationOf(module);
  // Code for more than one thread calls the OpenMP runtime: the library
  // names it (and where it is), so that callers link only the library.
  bool openmp = dlcModuleUsesOpenMP(module);
  if (openmp && !*dlcOpenMPRuntimePath) {
    dlcEmitError(loc, "the code runs on OpenMP threads, but DLC was built without libomp to link "
                      "it with (install libomp-22-dev and rebuild, or compile for 1 thread)");
    dlcHostModuleDestroy(&m);
    return mlirLogicalResultFailure();
  }
  char *file = dlcStrndup(path.data, path.length);
  char *object = dlcTemporaryPath(file, ".o");
  char *library = dlcTemporaryPath(file, ".so");
  bool ok = dlcHostModuleEmitObject(&m, object, file, loc);
  dlcHostModuleDestroy(&m);
  if (ok) {
    DlcStr what = DLC_STR_INIT;
    dlcStrPrintf(&what, "linking '%s' failed", file);
    const char *cc = options->linker && *options->linker ? options->linker : "cc";
    char *linker = dlcStrndup(cc, strlen(cc));
    char shared[] = "-shared", out[] = "-o", libm[] = "-lm";
    char *runtime = dlcStrndup(dlcOpenMPRuntimePath, strlen(dlcOpenMPRuntimePath));
    DlcStr rpath = DLC_STR_INIT;
    const char *slash = strrchr(runtime, '/');
    dlcStrPrintf(&rpath, "-Wl,-rpath,%.*s", slash ? (int)(slash - runtime) : 1,
                 slash ? runtime : ".");
    char *argv[] = {linker, shared, out, library, object, libm, NULL, NULL, NULL};
    if (openmp) {
      argv[6] = runtime;
      argv[7] = rpath.data;
    }
    ok = runCommand(argv, loc, dlcStrGet(&what));
    free(runtime);
    dlcStrFree(&rpath);
    free(linker);
    dlcStrFree(&what);
    remove(object);
  }
  if (ok && rename(library, file) != 0) {
    dlcEmitError(loc, "cannot write '%s': %s", file, strerror(errno));
    ok = false;
  }
  if (!ok)
    remove(library);
  free(object);
  free(library);
  free(file);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
