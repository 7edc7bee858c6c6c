//===- CommandLine.c - Flags of dlc-run and dlc-translate -------*- C -*-===//

#include "Flags.h"

#include "dlc-c/Passes.h"
#include "Text.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool dlcTakeFlagValue(int argc, char **argv, int *i, const char *name, const char **value,
                      const char *tool, int *status, int errorStatus) {
  const char *a = argv[*i] + (argv[*i][1] == '-' ? 2 : 1);
  size_t n = strlen(name);
  if (strncmp(a, name, n))
    return false;
  if (a[n] == '=') {
    *value = a + n + 1;
    return true;
  }
  if (a[n])
    return false;
  if (*i + 1 == argc) {
    fprintf(stderr, "%s: option '%s' requires a value\n", tool, argv[*i]);
    *status = errorStatus;
    return true;
  }
  *value = argv[++*i];
  return true;
}

typedef struct ToolError {
  const char *tool;
} ToolError;

static void printToolError(MlirStringRef message, void *userData) {
  fprintf(stderr, "%s: --disable-pass: %.*s\n", ((ToolError *)userData)->tool,
          (int)message.length, message.data);
}

void dlcPrintCodegenFlagsHelp(const char *threadsDefault) {
  printf("  --codegen=fast|naive    fast (default): DLC's schedules, tiled vector code; naive:\n"
         "                          one scalar loop nest per op, the reference for testing\n"
         "  --layout=nhwc|nchw      The layout convolutions and pooling compute in (fast\n"
         "                          codegen): nhwc (default), which DLC's schedules\n"
         "                          vectorize, or nchw, as ONNX models come\n"
         "  --threads N             Threads the compiled code runs its parallel loops on;\n"
         "                          more than 1 calls LLVM's OpenMP runtime, libomp\n"
         "                          (default: %s)\n"
         "  --compile-threads N     Threads LLVM compiles on, each a part of the module's\n"
         "                          functions (default: the available cores); results are\n"
         "                          the same for any count\n"
         "  --schedules FILE        A transform library whose named sequences replace DLC's\n"
         "                          schedules of the same name (see docs/Codegen.md)\n"
         "  --no-optimize           Skip DLC's graph optimizations (dlc-optimize)\n"
         "  --unchecked             No run-time checks: an out-of-range Gather index or an\n"
         "                          integer division by zero is not reported (the code\n"
         "                          still clamps and divides safely; docs/RuntimeErrors.md)\n"
         "  --disable-pass NAME     Leave one dlc-optimize pass out (repeatable), to bisect\n"
         "                          a miscompile (docs/GraphOptimizations.md)\n"
         "  --input-shape NAME=DIMS Fix an input's dynamic dims at compile time, e.g.\n"
         "                          data=1x3x224x224 (NAME: its ONNX name or position from 0;\n"
         "                          ? keeps a dim dynamic); repeatable, or NAME=DIMS,...\n"
         "  --reproducer FILE       When lowering fails, write the IR it started from and its\n"
         "                          pipeline to FILE, for dlc-opt --run-reproducer FILE\n",
         threadsDefault);
}

// The two values of a flag that names one of two choices, and the enum
// value each selects.
typedef struct Choice {
  const char *name;
  int value;
} Choice;

static const Choice kCodegenChoices[] = {{"fast", DlcCodegenFast}, {"naive", DlcCodegenNaive}};
static const Choice kLayoutChoices[] = {{"nhwc", DlcLayoutNHWC}, {"nchw", DlcLayoutNCHW}};

// Matches the flag `name` whose value must be one of `choices`, setting
// *out to its enum value; a value that is neither prints both and sets
// *status, leaving *out.
static bool takeChoiceFlag(int argc, char **argv, int *i, const char *name,
                           const Choice choices[2], int *out, const char *tool, int *status,
                           int errorStatus) {
  const char *v = NULL;
  if (!dlcTakeFlagValue(argc, argv, i, name, &v, tool, status, errorStatus))
    return false;
  if (!v)
    return true;
  for (int c = 0; c < 2; ++c) {
    if (!strcmp(v, choices[c].name)) {
      *out = choices[c].value;
      return true;
    }
  }
  fprintf(stderr, "%s: --%s expects '%s' or '%s', got '%s'\n", tool, name, choices[0].name,
          choices[1].name, v);
  *status = errorStatus;
  return true;
}

// Matches the flag `name`, a positive thread count set into *out; any
// other value is reported and sets *status.
static bool takeThreadsFlag(int argc, char **argv, int *i, const char *name, int64_t *out,
                            const char *tool, int *status, int errorStatus) {
  const char *v = NULL;
  if (!dlcTakeFlagValue(argc, argv, i, name, &v, tool, status, errorStatus))
    return false;
  if (!v)
    return true;
  char *end;
  errno = 0;
  long long n = strtoll(v, &end, 10);
  // The team size reaches OpenMP as an i32.
  if (end == v || *end || errno || n < 1 || n > INT32_MAX) {
    fprintf(stderr, "%s: --%s expects a positive thread count, got '%s'\n", tool, name, v);
    *status = errorStatus;
  } else {
    *out = n;
  }
  return true;
}

bool dlcTakeCodegenFlag(int argc, char **argv, int *i, DlcCompileOptions *options,
                        const char *tool, int *status, int errorStatus) {
  const char *v = NULL;
  int choice = -1;
  if (takeChoiceFlag(argc, argv, i, "codegen", kCodegenChoices, &choice, tool, status,
                     errorStatus)) {
    if (choice >= 0)
      options->codegen = (DlcCodegen)choice;
    return true;
  }
  if (takeChoiceFlag(argc, argv, i, "layout", kLayoutChoices, &choice, tool, status,
                     errorStatus)) {
    if (choice >= 0)
      options->layout = (DlcLayout)choice;
    return true;
  }
  if (takeThreadsFlag(argc, argv, i, "threads", &options->threads, tool, status, errorStatus) ||
      takeThreadsFlag(argc, argv, i, "compile-threads", &options->compileThreads, tool, status,
                      errorStatus))
    return true;
  if (dlcTakeFlagValue(argc, argv, i, "schedules", &v, tool, status, errorStatus)) {
    if (v)
      options->schedules = v;
    return true;
  }
  if (dlcTakeFlagValue(argc, argv, i, "reproducer", &v, tool, status, errorStatus)) {
    if (v)
      options->reproducer = v;
    return true;
  }
  if (!strcmp(argv[*i], "--no-optimize") || !strcmp(argv[*i], "-no-optimize")) {
    options->optimize = false;
    return true;
  }
  if (!strcmp(argv[*i], "--unchecked") || !strcmp(argv[*i], "-unchecked")) {
    options->checks = false;
    return true;
  }
  if (dlcTakeFlagValue(argc, argv, i, "input-shape", &v, tool, status, errorStatus)) {
    if (!v)
      return true;
    // The tool's lifetime: the options point at it until exit.
    static Text shapes = TEXT_INIT;
    textPrintf(&shapes, "%s%s", textGet(&shapes)[0] ? "," : "", v);
    options->inputShapes = textGet(&shapes);
    return true;
  }
  if (dlcTakeFlagValue(argc, argv, i, "disable-pass", &v, tool, status, errorStatus)) {
    if (!v)
      return true;
    ToolError e = {tool};
    if (!dlcOptimizeCheckDisabled(mlirStringRefCreateFromCString(v), printToolError, &e)) {
      *status = errorStatus;
      return true;
    }
    // The tool's lifetime: the options point at it until exit.
    static Text disabled = TEXT_INIT;
    textPrintf(&disabled, "%s%s", textGet(&disabled)[0] ? "," : "", v);
    options->disabledPasses = textGet(&disabled);
    return true;
  }
  return false;
}

bool dlcOutputIsInput(const char *tool, const char *input, const char *output) {
  struct stat in, out;
  if (!input || !output || !strcmp(input, "-") || !strcmp(output, "-") || stat(input, &in) != 0 ||
      stat(output, &out) != 0 || in.st_dev != out.st_dev || in.st_ino != out.st_ino)
    return false;
  fprintf(stderr, "%s: -o '%s' is the input file; write the output elsewhere\n", tool, output);
  return true;
}
