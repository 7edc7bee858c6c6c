//===- dlc-run.c - Compile a model, run it, check its results ---*- C -*-===//
//
// The runner that tests, benchmarks and users share. It reads a model (MLIR
// at any level, or .onnx), specializes `?` dims from the inputs, lowers and
// JIT-compiles it, runs it on .npy / .pb inputs and prints one line per
// output: checked against expectations when given, else its first values.
// Exit status: 0 when everything matches, 1 on a mismatch, 2 on any error.
//
//===----------------------------------------------------------------------===//

#include "Compare.h"
#include "Runtime/Bindings.h"
#include "Runtime/Entry.h"
#include "Support/Str.h"
#include "Tools/SourceDiagnostics.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Runtime.h"
#include "dlc-c/Target.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

enum { EXIT_OK = 0, EXIT_MISMATCH = 1, EXIT_ERROR = 2 };

static const char *tool = "dlc-run";

typedef struct FileList {
  char **paths; // owned
  intptr_t count;
} FileList;

typedef struct Options {
  const char *model;
  FileList inputs, expects;
  const char *testData;
  const char *entry;
  const char *outDir;
  double rtol, atol;
  long repeat;
  int optLevel;
  DlcBindingList bindings;
} Options;

static void printHelp(void) {
  printf("OVERVIEW: compile a DLC model, run it and check its results\n\n"
         "USAGE: dlc-run MODEL [options]\n\n"
         "MODEL is a .mlir file at any level (dlc_graph ... LLVM dialect) or an .onnx model.\n"
         "Tensors are NumPy .npy (little-endian, C order) or ONNX TensorProto .pb files,\n"
         "matched to the entry's arguments and results by position.\n\n"
         "OPTIONS:\n"
         "  --input FILE            The next input (repeat for each)\n"
         "  --expect FILE           The next expected output (repeat for each)\n"
         "  --test-data DIR         Inputs DIR/input_N.pb, expectations DIR/output_N.pb\n"
         "  --rtol R, --atol A      |got-want| <= atol + rtol*|want| (defaults 1e-4, 1e-5)\n"
         "  --entry NAME            The function to run (default: the only public one, else "
         "main)\n"
         "  --repeat N              Run N more times after a warm-up; print min and median "
         "latency\n"
         "  -o OUTDIR               Write each result to OUTDIR/output_N.npy\n"
         "  --bind-input NAME=FILE  Fold ONNX graph input NAME into a constant\n"
         "  -O<0-3>                 LLVM optimization level of the JIT (default 2)\n"
         "  --help, --version\n\n"
         "EXIT STATUS: 0 all outputs match, 1 a mismatch, 2 any error.\n");
}

static void addFile(FileList *list, const char *path) {
  list->paths = realloc(list->paths, sizeof(char *) * (size_t)(list->count + 1));
  list->paths[list->count++] = dlcStrndup(path, strlen(path));
}

static void freeFiles(FileList *list) {
  for (intptr_t i = 0; i < list->count; ++i)
    free(list->paths[i]);
  free(list->paths);
  memset(list, 0, sizeof *list);
}

// Matches "--name", "-name" (value in the next argument) and "--name=value".
static bool takeValue(int argc, char **argv, int *i, const char *name, const char **value,
                      int *status) {
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
    *status = EXIT_ERROR;
    return true;
  }
  *value = argv[++*i];
  return true;
}

static bool parseNumber(const char *flag, const char *text, double *out) {
  char *end;
  errno = 0;
  double v = strtod(text, &end);
  if (end == text || *end || errno || !(v >= 0) || isinf(v)) {
    fprintf(stderr, "%s: %s expects a non-negative number, got '%s'\n", tool, flag, text);
    return false;
  }
  *out = v;
  return true;
}

// Parses the command line; returns 0 to go on, -1 to exit successfully
// (--help), or an exit status.
static int parseArgs(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; ++i) {
    const char *raw = argv[i], *v = NULL;
    int status = 0;
    if (raw[0] != '-' || !raw[1]) {
      if (o->model) {
        fprintf(stderr, "%s: more than one model ('%s' and '%s')\n", tool, o->model, raw);
        return EXIT_ERROR;
      }
      o->model = raw;
      continue;
    }
    const char *a = raw + (raw[1] == '-' ? 2 : 1);
    if (!strcmp(a, "help") || !strcmp(a, "h")) {
      printHelp();
      return -1;
    } else if (!strcmp(a, "version")) {
      printf("dlc-run (DLC %d.%d) on MLIR 22\n", DLC_VERSION_MAJOR, DLC_VERSION_MINOR);
      return -1;
    } else if (a[0] == 'O' && a[1] >= '0' && a[1] <= '3' && !a[2]) {
      o->optLevel = a[1] - '0';
    } else if (takeValue(argc, argv, &i, "input", &v, &status)) {
      if (v)
        addFile(&o->inputs, v);
    } else if (takeValue(argc, argv, &i, "expect", &v, &status)) {
      if (v)
        addFile(&o->expects, v);
    } else if (takeValue(argc, argv, &i, "test-data", &v, &status)) {
      o->testData = v;
    } else if (takeValue(argc, argv, &i, "entry", &v, &status)) {
      o->entry = v;
    } else if (takeValue(argc, argv, &i, "o", &v, &status)) {
      o->outDir = v;
    } else if (takeValue(argc, argv, &i, "rtol", &v, &status)) {
      if (v && !parseNumber(raw, v, &o->rtol))
        return EXIT_ERROR;
    } else if (takeValue(argc, argv, &i, "atol", &v, &status)) {
      if (v && !parseNumber(raw, v, &o->atol))
        return EXIT_ERROR;
    } else if (takeValue(argc, argv, &i, "repeat", &v, &status)) {
      char *end;
      if (v) {
        errno = 0;
        o->repeat = strtol(v, &end, 10);
        if (end == v || *end || errno || o->repeat < 1) {
          fprintf(stderr, "%s: --repeat expects a positive count, got '%s'\n", tool, v);
          return EXIT_ERROR;
        }
      }
    } else if (takeValue(argc, argv, &i, "bind-input", &v, &status)) {
      DlcStr error = DLC_STR_INIT;
      if (v && !dlcBindingListAdd(&o->bindings, v, &error)) {
        fprintf(stderr, "%s: %s\n", tool, dlcStrGet(&error));
        status = EXIT_ERROR;
      }
      dlcStrFree(&error);
    } else {
      fprintf(stderr, "%s: unknown option '%s' (see --help)\n", tool, raw);
      return EXIT_ERROR;
    }
    if (status)
      return status;
  }
  if (!o->model) {
    fprintf(stderr, "%s: no model given (see --help)\n", tool);
    return EXIT_ERROR;
  }
  if (o->testData && (o->inputs.count || o->expects.count)) {
    fprintf(stderr, "%s: --test-data cannot be combined with --input or --expect\n", tool);
    return EXIT_ERROR;
  }
  return 0;
}

// DIR/input_N.pb and DIR/output_N.pb for N = 0, 1, ... while they exist.
static bool collectTestData(Options *o) {
  struct stat st;
  if (stat(o->testData, &st) != 0 || !S_ISDIR(st.st_mode)) {
    fprintf(stderr, "%s: --test-data: '%s' is not a directory\n", tool, o->testData);
    return false;
  }
  for (int kind = 0; kind < 2; ++kind) {
    for (int n = 0;; ++n) {
      DlcStr path = DLC_STR_INIT;
      dlcStrPrintf(&path, "%s/%s_%d.pb", o->testData, kind ? "output" : "input", n);
      bool exists = stat(dlcStrGet(&path), &st) == 0;
      if (exists)
        addFile(kind ? &o->expects : &o->inputs, dlcStrGet(&path));
      dlcStrFree(&path);
      if (!exists)
        break;
    }
  }
  return true;
}

static void printError(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "%s: %.*s\n", tool, (int)message.length, message.data);
}

// Reads each file of `list`; false (after a message) on the first failure.
static bool readTensors(const FileList *list, DlcTensor *out) {
  for (intptr_t i = 0; i < list->count; ++i)
    if (mlirLogicalResultIsFailure(dlcTensorReadFile(list->paths[i], &out[i], printError, NULL)))
      return false;
  return true;
}

static void destroyTensors(DlcTensor *t, intptr_t n) {
  for (intptr_t i = 0; t && i < n; ++i)
    dlcTensorDestroy(&t[i]);
  free(t);
}

static DlcTensor *allocTensors(intptr_t n) { return calloc((size_t)(n ? n : 1), sizeof(DlcTensor)); }

static void typeString(DlcStr *s, const DlcTensorType *t) { dlcTensorTypePrint(t, dlcStrCallback, s); }

// Checks that each file's tensor fits the type at its position.
static bool checkFits(const char *what, const FileList *files, const DlcTensor *tensors,
                      const DlcTensorType *types) {
  for (intptr_t i = 0; i < files->count; ++i) {
    if (dlcTensorTypeAccepts(&types[i], &tensors[i]))
      continue;
    DlcTensorType got = dlcTensorGetType(&tensors[i]);
    DlcStr s = DLC_STR_INIT;
    typeString(&s, &got);
    dlcStrPuts(&s, ", but the model's ");
    dlcStrPrintf(&s, "%s %ld is ", what, (long)i);
    typeString(&s, &types[i]);
    fprintf(stderr, "%s: '%s' holds %s\n", tool, files->paths[i], dlcStrGet(&s));
    dlcStrFree(&s);
    return false;
  }
  return true;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compareDoubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void printBindings(const DlcBindingList *bindings) {
  for (intptr_t i = 0; i < bindings->count; ++i) {
    DlcStr s = DLC_STR_INIT;
    dlcStrPrintf(&s, "bound input '%s': ", bindings->names[i]);
    dlcAppendTensorType(&s, &bindings->values[i]);
    dlcStrPuts(&s, " values=");
    dlcAppendValues(&s, &bindings->values[i], 10);
    printf("%s\n", dlcStrGet(&s));
    dlcStrFree(&s);
  }
}

// One line per output; returns true when every output matches.
static bool report(const Options *o, const DlcTensor *outputs, intptr_t numOutputs,
                   const DlcTensor *expects) {
  bool allMatch = true;
  for (intptr_t i = 0; i < numOutputs; ++i) {
    DlcStr s = DLC_STR_INIT;
    dlcStrPrintf(&s, "output %ld: ", (long)i);
    dlcAppendTensorType(&s, &outputs[i]);
    if (!o->expects.count) {
      dlcStrPuts(&s, " values=");
      dlcAppendValues(&s, &outputs[i], 10);
    } else {
      DlcComparison c = dlcCompareTensors(&outputs[i], &expects[i], o->rtol, o->atol);
      dlcStrPrintf(&s, " max_abs_err=%.3g max_rel_err=%.3g ", c.maxAbsError, c.maxRelError);
      if (!c.numMismatches) {
        dlcStrPuts(&s, "ok");
      } else {
        allMatch = false;
        dlcStrPrintf(&s, "MISMATCH (%lld of %lld differ; first at ", (long long)c.numMismatches,
                     (long long)dlcTensorNumElements(&outputs[i]));
        dlcAppendIndex(&s, &outputs[i], c.firstMismatch);
        dlcStrPuts(&s, ": got ");
        dlcAppendValue(&s, &outputs[i], c.firstMismatch);
        dlcStrPuts(&s, ", want ");
        dlcAppendValue(&s, &expects[i], c.firstMismatch);
        dlcStrPuts(&s, ")");
      }
    }
    printf("%s\n", dlcStrGet(&s));
    dlcStrFree(&s);
  }
  return allMatch;
}

static bool writeOutputs(const char *dir, const DlcTensor *outputs, intptr_t n) {
  struct stat st;
  if (mkdir(dir, 0777) != 0 && !(errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode))) {
    fprintf(stderr, "%s: cannot create output directory '%s': %s\n", tool, dir,
            errno == EEXIST ? "a file of that name exists" : strerror(errno));
    return false;
  }
  for (intptr_t i = 0; i < n; ++i) {
    DlcStr path = DLC_STR_INIT;
    dlcStrPrintf(&path, "%s/output_%ld.npy", dir, (long)i);
    bool ok = mlirLogicalResultIsSuccess(
        dlcTensorWriteNpy(dlcStrGet(&path), &outputs[i], printError, NULL));
    dlcStrFree(&path);
    if (!ok)
      return false;
  }
  return true;
}

// Runs the executable once (the results checked) and, with --repeat, N
// more times for the latency.
static int execute(const Options *o, DlcExecutable exe, const DlcTensor *inputs,
                   intptr_t numInputs) {
  const DlcSignature *sig = dlcExecutableGetSignature(exe);
  intptr_t numOutputs = sig->numOutputs;
  if (o->expects.count && o->expects.count != numOutputs) {
    fprintf(stderr, "%s: the model has %ld outputs, but %ld expectations were given\n", tool,
            (long)numOutputs, (long)o->expects.count);
    return EXIT_ERROR;
  }
  DlcTensor *expects = allocTensors(o->expects.count);
  DlcTensor *outputs = allocTensors(numOutputs);
  int status = EXIT_ERROR;
  if (!readTensors(&o->expects, expects) ||
      !checkFits("output", &o->expects, expects, sig->outputs))
    goto done;
  for (intptr_t i = 0; i < numOutputs; ++i) {
    if (mlirLogicalResultIsFailure(dlcTensorCreate(sig->outputs[i].dtype, sig->outputs[i].rank,
                                                   sig->outputs[i].shape, &outputs[i]))) {
      fprintf(stderr, "%s: cannot allocate output %ld\n", tool, (long)i);
      goto done;
    }
  }
  if (mlirLogicalResultIsFailure(
          dlcExecutableRun(exe, numInputs, inputs, numOutputs, outputs, printError, NULL)))
    goto done;
  double *times = NULL;
  if (o->repeat) {
    times = malloc(sizeof(double) * (size_t)o->repeat);
    for (long r = 0; r < o->repeat; ++r) {
      double start = now();
      dlcExecutableRun(exe, numInputs, inputs, numOutputs, outputs, NULL, NULL);
      times[r] = now() - start;
    }
    qsort(times, (size_t)o->repeat, sizeof(double), compareDoubles);
  }
  bool match = report(o, outputs, numOutputs, expects);
  if (times) {
    double median = o->repeat % 2 ? times[o->repeat / 2]
                                  : (times[o->repeat / 2 - 1] + times[o->repeat / 2]) / 2;
    printf("latency: min=%.4g ms median=%.4g ms over %ld runs\n", times[0] * 1e3, median * 1e3,
           o->repeat);
    free(times);
  }
  fflush(stdout);
  if (o->outDir && !writeOutputs(o->outDir, outputs, numOutputs))
    goto done;
  status = match ? EXIT_OK : EXIT_MISMATCH;
done:
  destroyTensors(expects, o->expects.count);
  destroyTensors(outputs, numOutputs);
  return status;
}

// Loads the model, fits it to the inputs and compiles it.
static DlcExecutable compile(Options *o, MlirContext ctx, const DlcTensor *inputs,
                             double *lowerSeconds, double *jitSeconds) {
  DlcOnnxImportOptions onnx = dlcBindingListGetOptions(&o->bindings);
  MlirModule module = dlcModuleCreateFromFile(ctx, mlirStringRefCreateFromCString(o->model), &onnx);
  if (mlirModuleIsNull(module))
    return (DlcExecutable){NULL};
  DlcExecutable exe = {NULL};
  MlirStringRef entryName = mlirStringRefCreateFromCString(o->entry ? o->entry : "");
  MlirOperation entry = dlcModuleLookupEntry(module, entryName);
  DlcSignature sig = {0, 0, NULL, NULL};
  if (mlirOperationIsNull(entry) || mlirLogicalResultIsFailure(dlcEntryGetSignature(entry, &sig)))
    goto done;
  if (sig.numInputs != o->inputs.count) {
    MlirStringRef name = dlcEntryGetName(entry);
    fprintf(stderr, "%s: @%.*s takes %ld inputs, but %ld were given\n", tool, (int)name.length,
            name.data, (long)sig.numInputs, (long)o->inputs.count);
    goto done;
  }
  if (!checkFits("input", &o->inputs, inputs, sig.inputs))
    goto done;
  bool dynamic = false;
  for (intptr_t i = 0; i < sig.numInputs; ++i)
    dynamic = dynamic || !dlcTensorTypeIsStatic(&sig.inputs[i]);
  if (dynamic) {
    DlcTensorType *types = malloc(sizeof(DlcTensorType) * (size_t)sig.numInputs);
    for (intptr_t i = 0; i < sig.numInputs; ++i)
      types[i] = dlcTensorGetType(&inputs[i]);
    MlirLogicalResult specialized = dlcEntrySpecialize(entry, sig.numInputs, types);
    free(types);
    if (mlirLogicalResultIsFailure(specialized))
      goto done;
  }
  double start = now();
  if (mlirLogicalResultIsFailure(dlcModuleLowerToLLVM(module)))
    goto done;
  double lowered = now();
  exe = dlcExecutableCreate(module, entryName, o->optLevel);
  *lowerSeconds = lowered - start;
  *jitSeconds = now() - lowered;
done:
  dlcSignatureDestroy(&sig);
  mlirModuleDestroy(module);
  return exe;
}

static int run(Options *o) {
  if (o->testData && !collectTestData(o))
    return EXIT_ERROR;
  DlcTensor *inputs = allocTensors(o->inputs.count);
  if (!readTensors(&o->inputs, inputs)) {
    destroyTensors(inputs, o->inputs.count);
    return EXIT_ERROR;
  }
  MlirContext ctx = dlcContextCreate();
  if (mlirContextIsNull(ctx)) {
    fprintf(stderr, "%s: cannot load the DLC dialects\n", tool);
    destroyTensors(inputs, o->inputs.count);
    return EXIT_ERROR;
  }
  DlcDiagnostics *diags = dlcDiagnosticsCreate(ctx, stderr, false);
  double lowerSeconds = 0, jitSeconds = 0;
  DlcExecutable exe = compile(o, ctx, inputs, &lowerSeconds, &jitSeconds);
  int status = EXIT_ERROR;
  if (!dlcExecutableIsNull(exe)) {
    printBindings(&o->bindings);
    if (o->repeat)
      printf("compile: lower=%.1f ms jit=%.1f ms\n", lowerSeconds * 1e3, jitSeconds * 1e3);
    status = execute(o, exe, inputs, o->inputs.count);
    dlcExecutableDestroy(exe);
  }
  dlcDiagnosticsDestroy(diags);
  mlirContextDestroy(ctx);
  destroyTensors(inputs, o->inputs.count);
  return status;
}

int main(int argc, char **argv) {
  Options o;
  memset(&o, 0, sizeof o);
  o.rtol = 1e-4;
  o.atol = 1e-5;
  o.optLevel = 2;
  int status = parseArgs(argc, argv, &o);
  if (!status)
    status = run(&o);
  freeFiles(&o.inputs);
  freeFiles(&o.expects);
  dlcBindingListDestroy(&o.bindings);
  return status < 0 ? 0 : status;
}
