//===- Emit.c - LLVM IR text, object files, shared libraries ----*- C -*-===//

#include "Entry/Entry.h"
#include "Support/Diag.h"
#include "Support/Str.h"
#include "Target/HostModule.h"

#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

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
  bool ok = dlcHostModuleEmitObject(&m, file, locationOf(module));
  free(file);
  dlcHostModuleDestroy(&m);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

// Runs `argv` and waits; false (after an error at `loc`) unless it ran and
// exited with status 0.
static bool runCommand(char *const *argv, MlirLocation loc, const char *what) {
  DlcStr command = DLC_STR_INIT;
  for (int i = 0; argv[i]; ++i)
    dlcStrPrintf(&command, "%s%s", i ? " " : "", argv[i]);
  pid_t pid;
  int spawnError = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
  bool ok = false;
  if (spawnError) {
    dlcEmitError(loc, "%s: cannot run '%s': %s", what, argv[0], strerror(spawnError));
  } else {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
      ;
    ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (!ok && WIFEXITED(status))
      dlcEmitError(loc, "%s: '%s' exited with status %d", what, dlcStrGet(&command),
                   WEXITSTATUS(status));
    else if (!ok)
      dlcEmitError(loc, "%s: '%s' was killed by signal %d", what, dlcStrGet(&command),
                   WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  }
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
  bool ok = dlcHostModuleEmitObject(&m, object, loc);
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
