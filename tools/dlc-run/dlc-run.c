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
#include "Intermediates.h"
#include "Options.h"
#include "RandomInputs.h"
#include "TestData.h"

#include "Bindings.h"
#include "Text.h"
#include "dlc-c/Diagnostics.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Profile.h"
#include "dlc-c/Runtime.h"
#include "dlc-c/Target.h"
#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static void destroyTensors(DlcTensor *t, intptr_t n) {
  for (intptr_t i = 0; t && i < n; ++i)
    dlcTensorDestroy(&t[i]);
  free(t);
}

static DlcTensor *allocTensors(intptr_t n) {
  DlcTensor *t = calloc((size_t)(n ? n : 1), sizeof(DlcTensor));
  if (!t)
    abort();
  return t;
}

static void typeString(Text *s, const DlcTensorType *t) { dlcTensorTypePrint(t, textCallback, s); }

// Checks that each file's tensor fits the type at its position.
static bool checkFits(const char *what, const DlcRunFiles *files, const DlcTensor *tensors,
                      const DlcTensorType *types) {
  for (intptr_t i = 0; i < files->count; ++i) {
    if (dlcTensorTypeAccepts(&types[i], &tensors[i]))
      continue;
    DlcTensorType got = dlcTensorGetType(&tensors[i]);
    Text s = TEXT_INIT;
    typeString(&s, &got);
    textPuts(&s, ", but the model's ");
    textPrintf(&s, "%s %ld is ", what, (long)i);
    typeString(&s, &types[i]);
    fprintf(stderr, "%s: '%s' holds %s\n", dlcRunTool, files->paths[i], textGet(&s));
    textFree(&s);
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
    Text s = TEXT_INIT;
    textPrintf(&s, "bound input '%s' from %s: ", bindings->names[i], bindings->paths[i]);
    dlcAppendTensorType(&s, &bindings->values[i]);
    textPuts(&s, " values=");
    dlcAppendValues(&s, &bindings->values[i], 10);
    printf("%s\n", textGet(&s));
    textFree(&s);
  }
}

// One line per output; returns true when every output matches.
static bool report(const DlcRunArgs *o, const DlcTensor *outputs, intptr_t numOutputs,
                   const DlcTensor *expects) {
  bool allMatch = true;
  for (intptr_t i = 0; i < numOutputs; ++i) {
    Text s = TEXT_INIT;
    textPrintf(&s, "output %ld: ", (long)i);
    dlcAppendTensorType(&s, &outputs[i]);
    if (!expects) {
      textPuts(&s, " values=");
      dlcAppendValues(&s, &outputs[i], 10);
    } else {
      DlcComparison c = dlcCompareTensors(&outputs[i], &expects[i], o->rtol, o->atol);
      textPrintf(&s, " max_abs_err=%.3g max_rel_err=%.3g ", c.maxAbsError, c.maxRelError);
      if (!c.numMismatches) {
        textPuts(&s, "ok");
      } else {
        allMatch = false;
        textPrintf(&s, "MISMATCH (%lld of %lld differ; first at ", (long long)c.numMismatches,
                     (long long)dlcTensorNumElements(&outputs[i]));
        dlcAppendIndex(&s, &outputs[i], c.firstMismatch);
        textPuts(&s, ": got ");
        dlcAppendValue(&s, &outputs[i], c.firstMismatch);
        textPuts(&s, ", want ");
        dlcAppendValue(&s, &expects[i], c.firstMismatch);
        textPuts(&s, ")");
      }
    }
    printf("%s\n", textGet(&s));
    textFree(&s);
  }
  return allMatch;
}

static bool writeOutputs(const char *dir, const DlcTensor *outputs, intptr_t n) {
  if (!dlcRunMakeDirectory(dir, "output directory"))
    return false;
  for (intptr_t i = 0; i < n; ++i) {
    // NumPy has no bfloat16, float8, float4, int4 or int2: those are
    // written as ONNX TensorProto files.
    bool pb = outputs[i].dtype == DLC_DTYPE_BF16 || outputs[i].dtype >= DLC_DTYPE_F8E4M3FN;
    Text path = TEXT_INIT, name = TEXT_INIT;
    textPrintf(&path, "%s/output_%ld.%s", dir, (long)i, pb ? "pb" : "npy");
    textPrintf(&name, "output_%ld", (long)i);
    MlirStringRef file = mlirStringRefCreateFromCString(textGet(&path));
    bool ok = mlirLogicalResultIsSuccess(
        pb ? dlcTensorWritePb(&outputs[i], mlirStringRefCreateFromCString(textGet(&name)), file,
                              dlcRunPrintError, NULL)
           : dlcTensorWriteNpy(&outputs[i], file, dlcRunPrintError, NULL));
    textFree(&name);
    textFree(&path);
    if (!ok)
      return false;
  }
  return true;
}

// `bytes` in B, KiB, MiB or GiB (one decimal above B).
static void printBytes(FILE *f, int64_t bytes) {
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024) {
    fprintf(f, "%lld B", (long long)bytes);
    return;
  }
  double v = (double)bytes / 1024;
  int u = 0;
  for (; u < 3 && v >= 1024; ++u)
    v /= 1024;
  fprintf(f, "%.1f %s", v, units[u]);
}

// The arena that the entry's temporaries share, when the pipeline planned
// one (see dlc-plan-memory).
static void printIntermediateMemory(DlcExecutable exe) {
  int64_t planned, unplanned;
  if (!dlcExecutableGetIntermediateBytes(exe, &planned, &unplanned))
    return;
  printf("intermediate memory: ");
  printBytes(stdout, planned);
  printf(" planned (");
  printBytes(stdout, unplanned);
  printf(" without reuse)\n");
}

static int64_t tensorBytes(const DlcTensorType *t) {
  int64_t n = (int64_t)dlcDTypeSize(t->dtype);
  for (int64_t d = 0; d < t->rank; ++d)
    if (__builtin_mul_overflow(n, t->shape[d], &n))
      return INT64_MAX;
  return n;
}

// The memory a run needs (inputs, outputs, and the intermediates
// dlc-plan-memory recorded) against --max-memory, before anything is
// allocated for it. Outputs with `?` dims are not known before the run.
static bool checkMemory(const DlcRunArgs *o, DlcExecutable exe, const DlcTensor *inputs) {
  const DlcSignature *sig = dlcExecutableGetSignature(exe);
  int64_t in = 0, out = 0, planned = 0, unplanned = 0;
  for (intptr_t i = 0; i < sig->numInputs; ++i)
    in = __builtin_add_overflow(in, (int64_t)inputs[i].bytes, &in) ? INT64_MAX : in;
  for (intptr_t i = 0; i < sig->numOutputs; ++i)
    if (dlcTensorTypeIsStatic(&sig->outputs[i]))
      out = __builtin_add_overflow(out, tensorBytes(&sig->outputs[i]), &out) ? INT64_MAX : out;
  // Without a plan every intermediate is its own allocation.
  int64_t intermediates = 0;
  if (dlcExecutableGetIntermediateBytes(exe, &planned, &unplanned))
    intermediates = planned;
  int64_t total;
  if (__builtin_add_overflow(in, out, &total) ||
      __builtin_add_overflow(total, intermediates, &total))
    total = INT64_MAX;
  if (total <= o->maxMemory)
    return true;
  MlirStringRef name = dlcExecutableGetEntryName(exe);
  fprintf(stderr, "%s: @%.*s needs ", dlcRunTool, (int)name.length, name.data);
  printBytes(stderr, total);
  fprintf(stderr, " (inputs ");
  printBytes(stderr, in);
  fprintf(stderr, ", outputs ");
  printBytes(stderr, out);
  fprintf(stderr, ", intermediates ");
  printBytes(stderr, intermediates);
  fprintf(stderr, "), more than --max-memory (");
  printBytes(stderr, o->maxMemory);
  fprintf(stderr, ")\n");
  return false;
}

static void printToFile(MlirStringRef piece, void *userData) {
  fwrite(piece.data, 1, piece.length, (FILE *)userData);
}

// The table on stdout (--profile), the trace into its file (--profile-json).
static bool reportProfile(const DlcRunArgs *o, DlcProfile profile) {
  if (o->profile)
    dlcProfilePrint(profile, printToFile, stdout);
  if (!o->profileJson)
    return true;
  Text trace = TEXT_INIT;
  dlcProfilePrintTrace(profile, textCallback, &trace);
  bool ok = mlirLogicalResultIsSuccess(
      dlcFileWriteAtomically(mlirStringRefCreateFromCString(o->profileJson), textGet(&trace),
                             strlen(textGet(&trace)), dlcRunPrintError, NULL));
  textFree(&trace);
  return ok;
}

// Runs the executable once (the results checked) and, with --repeat, N
// more times for the latency (and the profile). With taps only the graph's
// outputs are reported as outputs.
static int execute(const DlcRunArgs *o, DlcExecutable exe, const DlcTensor *inputs,
                   intptr_t numInputs, const DlcRunTaps *taps, const char *outputKinds) {
  const DlcSignature *sig = dlcExecutableGetSignature(exe);
  intptr_t numOutputs = sig->numOutputs;
  intptr_t numReported = taps->count ? taps->numGraphOutputs : numOutputs;
  // A sequence's or an optional's file holds the tensors of several results.
  DlcRunFiles expectFiles = {NULL, 0};
  DlcTensor *expects = NULL;
  intptr_t numExpects = 0;
  DlcTensor *outputs = allocTensors(numOutputs);
  DlcProfile profile = {NULL};
  int status = DLC_RUN_ERROR;
  if (!dlcRunReadExpects(&o->expects, outputKinds, sig->outputs, numOutputs, &expectFiles,
                         &expects, &numExpects))
    goto done;
  if (o->expects.count && numExpects != numReported) {
    fprintf(stderr, "%s: the model has %ld outputs, but %ld expectations were given\n",
            dlcRunTool, (long)numReported, (long)numExpects);
    goto done;
  }
  if (!checkMemory(o, exe, inputs))
    goto done;
  if (o->compile.profile) {
    profile = dlcProfileCreate(exe);
    if (dlcProfileIsNull(profile)) {
      fprintf(stderr, "%s: cannot profile '%s': it comes lowered to the LLVM dialect, and the "
                      "instrumentation is added while lowering\n", dlcRunTool, o->model);
      goto done;
    }
  }
  if (!checkFits("output", &expectFiles, expects, sig->outputs))
    goto done;
  for (intptr_t i = 0; i < numOutputs; ++i) {
    if (!dlcTensorTypeIsStatic(&sig->outputs[i]))
      continue; // the run makes it
    if (mlirLogicalResultIsFailure(dlcTensorCreate(sig->outputs[i].dtype, sig->outputs[i].rank,
                                                   sig->outputs[i].shape, &outputs[i]))) {
      fprintf(stderr, "%s: cannot allocate output %ld\n", dlcRunTool, (long)i);
      goto done;
    }
  }
  DlcRunOptions checked = dlcRunOptionsGetDefault();
  checked.errorCallback = dlcRunPrintError;
  if (mlirLogicalResultIsFailure(
          dlcExecutableRun(exe, numInputs, inputs, numOutputs, outputs, &checked)))
    goto done;
  double *times = NULL;
  if (o->repeat) {
    times = malloc(sizeof(double) * (size_t)o->repeat);
    if (!times)
      abort();
    DlcRunOptions timed = dlcRunOptionsGetDefault();
    timed.profile = profile;
    for (long r = 0; r < o->repeat; ++r) {
      double start = now();
      dlcExecutableRun(exe, numInputs, inputs, numOutputs, outputs, &timed);
      times[r] = now() - start;
    }
    qsort(times, (size_t)o->repeat, sizeof(double), compareDoubles);
  }
  bool match = report(o, outputs, numReported, o->expects.count ? expects : NULL);
  if (!dlcProfileIsNull(profile) && !reportProfile(o, profile)) {
    free(times);
    goto done;
  }
  if (times) {
    double median = o->repeat % 2 ? times[o->repeat / 2]
                                  : (times[o->repeat / 2 - 1] + times[o->repeat / 2]) / 2;
    printf("latency: min=%.4g ms median=%.4g ms over %ld runs\n", times[0] * 1e3, median * 1e3,
           o->repeat);
    printIntermediateMemory(exe);
    free(times);
  }
  fflush(stdout);
  if (o->outDir && !writeOutputs(o->outDir, outputs, numReported))
    goto done;
  if (o->dumpIntermediates && !dlcRunDumpIntermediates(o->dumpIntermediates, taps, outputs))
    goto done;
  status = match ? DLC_RUN_OK : DLC_RUN_MISMATCH;
  if (o->compareIntermediates) {
    int bisected = dlcRunCompareIntermediates(o, taps, outputs);
    status = bisected == DLC_RUN_ERROR ? DLC_RUN_ERROR : bisected ? DLC_RUN_MISMATCH : status;
  }
  if (o->extractNode && dlcRunExtractNode(o, taps, inputs, outputs) != DLC_RUN_OK)
    status = DLC_RUN_ERROR;
done:
  if (!dlcProfileIsNull(profile))
    dlcProfileDestroy(profile);
  destroyTensors(expects, numExpects);
  destroyTensors(outputs, numOutputs);
  for (intptr_t i = 0; i < expectFiles.count; ++i)
    free(expectFiles.paths[i]);
  free(expectFiles.paths);
  return status;
}

typedef struct Compiled {
  DlcExecutable exe;
  DlcRunTaps taps; ///< the entry's results as the importer named them, with taps
  DlcTensor *inputs; ///< one per argument of the entry
  intptr_t numInputs;
  double importSeconds, lowerSeconds, jitSeconds;
  char *outputKinds; ///< dlcRunOutputKinds of the entry, or NULL
} Compiled;

// Input files larger than --max-memory in all are refused before they are
// read (a tensor is never larger than its file).
static bool checkFileSizes(const DlcRunArgs *o, const DlcRunFiles *files) {
  int64_t total = 0;
  for (intptr_t i = 0; i < files->count; ++i) {
    struct stat st;
    if (stat(files->paths[i], &st) == 0 && S_ISREG(st.st_mode))
      total += (int64_t)st.st_size;
  }
  if (total <= o->maxMemory)
    return true;
  fprintf(stderr, "%s: the inputs hold ", dlcRunTool);
  printBytes(stderr, total);
  fprintf(stderr, ", more than --max-memory (");
  printBytes(stderr, o->maxMemory);
  fprintf(stderr, ")\n");
  return false;
}

// Fits the entry's `?` dims to the inputs made for it (unless --dynamic).
static bool specialize(const DlcRunArgs *o, MlirOperation entry, const DlcSignature *sig,
                       const DlcTensor *inputs) {
  if (o->dynamic)
    return true;
  bool dynamic = false;
  for (intptr_t i = 0; i < sig->numInputs; ++i)
    dynamic = dynamic || !dlcTensorTypeIsStatic(&sig->inputs[i]);
  if (!dynamic)
    return true;
  DlcTensorType *types = malloc(sizeof(DlcTensorType) * (size_t)sig->numInputs);
  if (!types)
    abort();
  for (intptr_t i = 0; i < sig->numInputs; ++i)
    types[i] = dlcTensorGetType(&inputs[i]);
  bool ok = mlirLogicalResultIsSuccess(dlcEntrySpecialize(entry, sig->numInputs, types));
  free(types);
  return ok;
}

// --random-inputs: seeded tensors of the entry's types.
static bool randomInputs(const DlcRunArgs *o, MlirOperation entry, Compiled *c) {
  DlcSignature sig = {0, 0, NULL, NULL};
  if (mlirLogicalResultIsFailure(dlcEntryGetSignature(entry, &sig)))
    return false;
  c->inputs = allocTensors(sig.numInputs);
  c->numInputs = sig.numInputs;
  bool ok = dlcRunRandomInputs(o, entry, &sig, c->inputs) && specialize(o, entry, &sig, c->inputs);
  dlcSignatureDestroy(&sig);
  return ok;
}

// Reads the tensors for the entry's arguments: --input files by position,
// --test-data files by graph input.
static bool readInputs(const DlcRunArgs *o, MlirOperation entry, const DlcTestInputs *provided,
                       Compiled *c) {
  if (o->randomInputs)
    return randomInputs(o, entry, c);
  DlcRunFiles files = {NULL, 0};
  // Files match arguments by name in a data set, and when a sequence's or
  // an optional's file feeds several arguments.
  bool byName = o->testData || dlcRunHasListArguments(entry);
  bool ok = byName ? dlcRunArgumentFiles(entry, o->testData ? o->testData : "--input",
                                         &o->inputs, &files)
                   : (memcpy(&files, &o->inputs, sizeof files), true);
  const DlcRunFiles *list = &files;
  DlcSignature sig = {0, 0, NULL, NULL};
  if (ok)
    ok = mlirLogicalResultIsSuccess(dlcEntryGetSignature(entry, &sig));
  if (ok && sig.numInputs != list->count) {
    MlirStringRef name = dlcEntryGetName(entry);
    fprintf(stderr, "%s: @%.*s takes %ld inputs, but %ld were given\n", dlcRunTool,
            (int)name.length, name.data, (long)sig.numInputs, (long)list->count);
    ok = false;
  }
  if (ok) {
    c->inputs = allocTensors(list->count);
    c->numInputs = list->count;
    ok = checkFileSizes(o, list) && dlcTestInputsRead(provided, entry, list, c->inputs) &&
         checkFits("input", list, c->inputs, sig.inputs);
  }
  ok = ok && specialize(o, entry, &sig, c->inputs);
  dlcSignatureDestroy(&sig);
  if (byName) {
    for (intptr_t i = 0; i < files.count; ++i)
      free(files.paths[i]);
    free(files.paths);
  }
  return ok;
}

// Loads the model (binding what it needs), reads its inputs, compiles it.
static bool compile(const DlcRunArgs *o, MlirContext ctx, DlcBindingList *bindings,
                    DlcTestInputs *provided, Compiled *c) {
  DlcOnnxImportOptions onnx = dlcBindingListGetOptions(bindings);
  if (o->bindShapeInputs)
    onnx.provideInput = dlcTestInputsProvide;
  onnx.provideList = dlcTestInputsProvideList;
  onnx.providerUserData = provided;
  onnx.exposeIntermediates = o->compareIntermediates || o->dumpIntermediates || o->extractNode;
  double start = now();
  MlirModule module = dlcModuleCreateFromFile(ctx, mlirStringRefCreateFromCString(o->model), &onnx);
  if (mlirModuleIsNull(module))
    return false;
  c->importSeconds = now() - start;
  MlirStringRef entryName = mlirStringRefCreateFromCString(o->entry ? o->entry : "");
  MlirOperation entry = dlcModuleLookupEntry(module, entryName);
  // --input-shape first: the inputs (files or random) are then checked
  // against, or made for, the shapes it gives.
  bool ok = !mlirOperationIsNull(entry) &&
            (!o->compile.inputShapes ||
             mlirLogicalResultIsSuccess(dlcEntrySpecializeInputShapes(
                 entry, mlirStringRefCreateFromCString(o->compile.inputShapes)))) &&
            readInputs(o, entry, provided, c);
  if (ok && onnx.exposeIntermediates)
    dlcRunTapsRead(entry, &c->taps);
  if (ok)
    c->outputKinds = dlcRunOutputKinds(entry);
  if (ok) {
    start = now();
    // The context is dlc-run's and holds no other module: lowering may free
    // the weights it leaves dead as it goes (dlc-release-dead-weights).
    mlirOperationSetAttributeByName(mlirModuleGetOperation(module),
                                    mlirStringRefCreateFromCString("dlc.sole_module"),
                                    mlirUnitAttrGet(ctx));
    ok = mlirLogicalResultIsSuccess(dlcModuleLowerToLLVM(module, &o->compile));
    double lowered = now();
    c->lowerSeconds = lowered - start;
    if (ok) {
      // The context is dlc-run's and holds no other module: the importer's
      // copies of the weights that lowering repacked are dead, and go
      // before LLVM compiles instead of with the context.
      dlcContextReleaseUnusedWeights(ctx, 1, &module);
      // The module goes before LLVM compiles and the executable keeps
      // the weights' blobs: peak memory is one copy of the weights.
      c->exe = dlcExecutableCreateFromOwnedModule(module, entryName, &o->compile);
      module = (MlirModule){NULL};
    }
    c->jitSeconds = now() - lowered;
    ok = !dlcExecutableIsNull(c->exe);
  }
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  return ok;
}

static int run(DlcRunArgs *o) {
  if (o->testData && !dlcRunCollectTestData(o))
    return DLC_RUN_ERROR;
  MlirContext ctx = dlcContextCreate();
  if (mlirContextIsNull(ctx)) {
    fprintf(stderr, "%s: cannot load the DLC dialects\n", dlcRunTool);
    return DLC_RUN_ERROR;
  }
  dlcContextAttachPrintingDiagnosticHandler(ctx, stderr);
  DlcTestInputs provided;
  dlcTestInputsInit(&provided, o->testData, &o->inputs);
  Compiled c;
  memset(&c, 0, sizeof c);
  int status = DLC_RUN_ERROR;
  bool compiled = compile(o, ctx, &o->bindings, &provided, &c);
  // The executable owns its code and weights: the context's copies of the
  // weights (the importer's blobs, the layouts repacked from them) go
  // before the runs, so peak memory is the executable's, not the compiler's.
  mlirContextDestroy(ctx);
#ifdef __GLIBC__
  // What the compiler freed sits in malloc's arenas, above the runs' needs:
  // give it back to the system.
  malloc_trim(0);
#endif
  if (compiled) {
    printBindings(&o->bindings);
    dlcTestInputsPrint(&provided);
    if (o->repeat)
      printf("compile: import=%.1f ms lower=%.1f ms jit=%.1f ms\n", c.importSeconds * 1e3,
             c.lowerSeconds * 1e3, c.jitSeconds * 1e3);
    status = execute(o, c.exe, c.inputs, c.numInputs, &c.taps, c.outputKinds);
  }
  if (!dlcExecutableIsNull(c.exe))
    dlcExecutableDestroy(c.exe);
  destroyTensors(c.inputs, c.numInputs);
  free(c.outputKinds);
  dlcRunTapsDestroy(&c.taps);
  dlcTestInputsDestroy(&provided);
  return status;
}

// --test-dirs: each directory runs as `dlc-run DIR/model.onnx --test-data
// DIR/test_data_set_0` would, in this one process, so that a suite of
// small tests (ONNX's node tests) pays for loading LLVM and MLIR once, not
// per test. Markers on both streams tell each test's lines apart.
static int runTestDirs(DlcRunArgs *o) {
  static const char *const names[] = {"ok", "mismatch", "error"};
  intptr_t counts[3] = {0, 0, 0};
  int worst = DLC_RUN_OK;
  for (intptr_t i = 0; i < o->positional.count; ++i) {
    const char *dir = o->positional.paths[i];
    Text model = TEXT_INIT, data = TEXT_INIT;
    textPrintf(&model, "%s/model.onnx", dir);
    textPrintf(&data, "%s/test_data_set_0", dir);
    o->model = textGet(&model);
    o->testData = textGet(&data);
    printf("==== %s\n", dir);
    fflush(stdout);
    fprintf(stderr, "==== %s\n", dir);
    double start = now();
    struct stat st;
    int status = DLC_RUN_ERROR;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
      fprintf(stderr, "%s: --test-dirs: '%s' is not a directory\n", dlcRunTool, dir);
    else
      status = run(o);
    if (status < DLC_RUN_OK || status > DLC_RUN_ERROR)
      status = status < 0 ? DLC_RUN_OK : DLC_RUN_ERROR;
    ++counts[status];
    worst = status > worst ? status : worst;
    printf("==== %s: %s %.3f s\n", dir, names[status], now() - start);
    fflush(stdout);
    fflush(stderr);
    dlcRunFilesClear(&o->inputs);
    dlcRunFilesClear(&o->expects);
    textFree(&model);
    textFree(&data);
  }
  o->model = o->testData = NULL;
  printf("%ld tests: %ld ok, %ld mismatched, %ld with errors\n", (long)o->positional.count,
         (long)counts[DLC_RUN_OK], (long)counts[DLC_RUN_MISMATCH], (long)counts[DLC_RUN_ERROR]);
  return worst;
}

int main(int argc, char **argv) {
  DlcRunArgs o;
  int status = dlcRunParseArgs(argc, argv, &o);
  if (!status)
    status = o.testDirs ? runTestDirs(&o) : run(&o);
  dlcRunOptionsDestroy(&o);
  return status < 0 ? 0 : status;
}
