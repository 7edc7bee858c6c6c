//===- Emit.c - LLVM IR text, object files, shared libraries ----*- C -*-===//

#include "Entry/Entry.h"
#include "Support/Diag.h"
#include "Support/Str.h"
#include "Target/HostModule.h"
#include "Target/Parts.h"

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

// The parts that `options->compileThreads` threads would compile, one
// after the other, each after a line "; part K of N".
static MlirLogicalResult printParts(MlirModule module, const DlcCompileOptions *options,
                                    MlirStringCallback callback, void *userData) {
  DlcParts parts;
  if (mlirLogicalResultIsFailure(dlcModuleLowerToLLVM(module, options)) ||
      !dlcModuleInternalizeAllButEntries(module, false) ||
      !dlcPartsCreate(module, options, &parts))
    return mlirLogicalResultFailure();
  MlirLogicalResult result = mlirLogicalResultSuccess();
  for (intptr_t p = 0; p < parts.count; ++p) {
    char *error = options->optLevel >= 0 ? dlcHostModuleOptimize(&parts.modules[p],
                                                                 options->optLevel)
                                         : NULL;
    if (error) {
      dlcEmitError(locationOf(module), "LLVM optimization failed: %s", error);
      free(error);
      result = mlirLogicalResultFailure();
      break;
    }
    char header[64];
    snprintf(header, sizeof header, "; part %ld of %ld\n", (long)p + 1, (long)parts.count);
    callback(mlirStringRefCreateFromCString(header), userData);
    char *text = LLVMPrintModuleToString(parts.modules[p].module);
    callback(mlirStringRefCreateFromCString(text), userData);
    LLVMDisposeMessage(text);
  }
  dlcPartsDestroy(&parts);
  return result;
}

MlirLogicalResult dlcModuleTranslateToLLVMIR(MlirModule module, const DlcCompileOptions *options,
                                             MlirStringCallback callback, void *userData) {
  DlcCompileOptions defaults = dlcCompileOptionsGetDefault();
  options = options ? options : &defaults;
  if (options->compileThreads > 1)
    return printParts(module, options, callback, userData);
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

// Lowers, compiles the parts of and writes `module` as object files next
// to `file`, their paths in *objects (free them and each). False after an
// error diagnostic; then nothing is left behind.
static bool emitParts(MlirModule module, const DlcCompileOptions *options, const char *file,
                      char ***objects, intptr_t *count) {
  *objects = NULL;
  *count = 0;
  MlirLocation loc = locationOf(module);
  DlcParts parts;
  if (mlirLogicalResultIsFailure(dlcModuleLowerToLLVM(module, options)) ||
      !dlcModuleInternalizeAllButEntries(module, true) ||
      !dlcPartsCreate(module, options, &parts))
    return false;
  bool ok = dlcPartsCompile(&parts, options->optLevel, loc);
  *objects = calloc((size_t)parts.count, sizeof(char *));
  if (!*objects)
    abort();
  for (intptr_t p = 0; ok && p < parts.count; ++p) {
    char suffix[32];
    snprintf(suffix, sizeof suffix, ".%ld.o", (long)p);
    (*objects)[p] = dlcTemporaryPath(file, suffix);
    ++*count;
    ok = dlcWriteObject(parts.objects[p], (*objects)[p], file, loc);
  }
  dlcPartsDestroy(&parts);
  if (!ok) {
    for (intptr_t p = 0; p < *count; ++p) {
      remove((*objects)[p]);
      free((*objects)[p]);
    }
    free(*objects);
    *objects = NULL;
    *count = 0;
  }
  return ok;
}

MlirLogicalResult dlcModuleEmitSharedLibrary(MlirModule module, const DlcCompileOptions *options,
                                             MlirStringRef path) {
  DlcCompileOptions defaults = dlcCompileOptionsGetDefault();
  options = options ? options : &defaults;
  MlirLocation loc = locationOf(module);
  char *file = dlcStrndup(path.data, path.length);
  char **objects;
  intptr_t numObjects;
  if (!emitParts(module, options, file, &objects, &numObjects)) {
    free(file);
    return mlirLogicalResultFailure();
  }
  // Code for more than one thread calls the OpenMP runtime: the library
  // names it (and where it is), so that callers link only the library.
  bool openmp = dlcModuleUsesOpenMP(module);
  bool ok = true;
  if (openmp && !*dlcOpenMPRuntimePath) {
    dlcEmitError(loc, "the code runs on OpenMP threads, but DLC was built without libomp to link "
                      "it with (install libomp-22-dev and rebuild, or compile for 1 thread)");
    ok = false;
  }
  char *library = dlcTemporaryPath(file, ".so");
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
    char **argv = calloc((size_t)numObjects + 8, sizeof(char *));
    if (!argv)
      abort();
    intptr_t argc = 0;
    argv[argc++] = linker;
    argv[argc++] = shared;
    argv[argc++] = out;
    argv[argc++] = library;
    for (intptr_t p = 0; p < numObjects; ++p)
      argv[argc++] = objects[p];
    argv[argc++] = libm;
    if (openmp) {
      argv[argc++] = runtime;
      argv[argc++] = rpath.data;
    }
    ok = runCommand(argv, loc, dlcStrGet(&what));
    free(argv);
    free(runtime);
    dlcStrFree(&rpath);
    free(linker);
    dlcStrFree(&what);
  }
  for (intptr_t p = 0; p < numObjects; ++p) {
    remove(objects[p]);
    free(objects[p]);
  }
  free(objects);
  if (ok && rename(library, file) != 0) {
    dlcEmitError(loc, "cannot write '%s': %s", file, strerror(errno));
    ok = false;
  }
  if (!ok)
    remove(library);
  free(library);
  free(file);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
