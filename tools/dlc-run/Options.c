//===- Options.c - dlc-run's command line -----------------------*- C -*-===//

#include "Options.h"

#include "RandomInputs.h"

#include "Text.h"
#include "Flags.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *const dlcRunTool = "dlc-run";

void dlcRunPrintError(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "%s: %.*s\n", dlcRunTool, (int)message.length, message.data);
}

bool dlcRunMakeDirectory(const char *dir, const char *what) {
  struct stat st;
  if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
    return true;
  fprintf(stderr, "%s: cannot create %s '%s': %s\n", dlcRunTool, what, dir,
          errno == EEXIST ? "a file of that name exists" : strerror(errno));
  return false;
}

static void printHelp(void) {
  printf("OVERVIEW: compile a DLC model, run it and check its results\n\n"
         "USAGE: dlc-run MODEL [options]\n"
         "       dlc-run --test-dirs DIR... [options]\n\n"
         "MODEL is a .mlir file at any level (dlc_graph ... LLVM dialect) or an .onnx model.\n"
         "Tensors are NumPy .npy (little-endian, C order) or ONNX TensorProto .pb files.\n"
         "--input and --expect files match the entry's arguments and results by position;\n"
         "--test-data's input_N.pb is the model's Nth graph input (an ONNX backend test).\n"
         "An ONNX sequence or optional is an onnx.SequenceProto or OptionalProto .pb file;\n"
         "a sequence output is one result per tensor.\n\n"
         "OPTIONS:\n"
         "  --input FILE            The next input (repeat for each)\n"
         "  --expect FILE           The next expected output (repeat for each)\n"
         "  --test-data DIR         Inputs DIR/input_N.pb, expectations DIR/output_N.pb\n"
         "  --test-dirs             Each argument is an ONNX backend test directory (DIR/\n"
         "                          model.onnx, DIR/test_data_set_0/): run each as MODEL\n"
         "                          DIR/model.onnx --test-data DIR/test_data_set_0 would, all\n"
         "                          in one process; '==== DIR' starts each one's output (on\n"
         "                          stdout and stderr) and '==== DIR: ok|mismatch|error T s'\n"
         "                          ends it; the exit status is the worst of them\n"
         "  --bind-shape-inputs     With --test-data: fold the graph inputs that the importer\n"
         "                          needs at compile time (shapes, axes, pads, ...) into\n"
         "                          constants, read from their input_N.pb; feed the others\n"
         "  --bind-input NAME=FILE  Fold ONNX graph input NAME into a constant\n"
         "  --dynamic               Compile `?` dims as they are (one compile for every size)\n"
         "                          instead of for the inputs' sizes\n"
         "  --random-inputs[=SEED]  Seeded inputs instead of files (default seed 0): floats in\n"
         "                          [-1, 1), gather indices (token ids) in [0, rows), other\n"
         "                          integers in [0, 10), bools 0 or 1\n"
         "  --rtol R, --atol A      |got-want| <= atol + rtol*|want| (defaults 1e-4, 1e-5);\n"
         "                          integers and bools must be equal, NaN matches NaN\n"
         "  --entry NAME            The function to run (default: the only public one, else "
         "main)\n"
         "  --repeat N              Run N more times after a warm-up; print the compile time\n"
         "                          and the min and median latency\n"
         "  --profile               Time each node (or fused group of nodes) over the --repeat\n"
         "                          runs (default 10); print a table before the latency\n"
         "  --profile-json FILE     Write those times as a Chrome trace (chrome://tracing,\n"
         "                          Perfetto): one event per node and run\n"
         "  --compare-intermediates REFDIR\n"
         "                          (.onnx) Compare every value a node computes with\n"
         "                          REFDIR/<name>.npy or .pb (name percent-encoded; see\n"
         "                          tools/ort-intermediates.py) in topological order; report\n"
         "                          the first node whose output differs, exit 1 if one does\n"
         "  --dump-intermediates DIR (.onnx) Write every value a node computes (and the\n"
         "                          outputs) as DIR/<name>.npy, to compare two pipelines\n"
         "  --extract-subgraph NODE -o FILE.onnx\n"
         "                          (.onnx) Write node NODE as a model of its own, with its\n"
         "                          inputs as this run computed them and its expected outputs\n"
         "                          (the --compare-intermediates reference's, else this run's)\n"
         "                          in test_data_set_0/ next to FILE: a bug report in one\n"
         "                          directory, replayed with dlc-run FILE --test-data\n"
         "  -o OUTDIR               Write each result to OUTDIR/output_N.npy (.pb for the\n"
         "                          types NumPy lacks: bfloat16, float8, float4, int4, int2)\n"
         "  -O<0-3>                 LLVM optimization level of the JIT (default 2)\n"
         "  --mcpu=<cpu>            The CPU the JIT compiles for: 'native' (default) or an\n"
         "                          LLVM CPU name whose features this host has (haswell on\n"
         "                          an AVX-512 host runs the AVX2 code of another machine)\n");
  printf("  --max-memory SIZE       Refuse a run whose tensors (inputs, outputs and\n"
         "                          intermediates) need more than SIZE bytes (K, M, G, T:\n"
         "                          binary units; default: 80%% of the physical memory)\n");
  dlcPrintCodegenFlagsHelp("the available cores");
  printf("  --help, --version\n\n"
         "EXIT STATUS: 0 all outputs match, 1 a mismatch, 2 any error.\n");
}

void dlcRunAddFile(DlcRunFiles *list, const char *path) {
  list->paths = realloc(list->paths, sizeof(char *) * (size_t)(list->count + 1));
  if (!list->paths)
    abort();
  list->paths[list->count++] = textDup(path, strlen(path));
}

void dlcRunFilesClear(DlcRunFiles *list) {
  for (intptr_t i = 0; i < list->count; ++i)
    free(list->paths[i]);
  free(list->paths);
  memset(list, 0, sizeof *list);
}

void dlcRunOptionsDestroy(DlcRunArgs *o) {
  dlcRunFilesClear(&o->inputs);
  dlcRunFilesClear(&o->expects);
  dlcRunFilesClear(&o->positional);
  dlcBindingListDestroy(&o->bindings);
}

static bool takeValue(int argc, char **argv, int *i, const char *name, const char **value,
                      int *status) {
  return dlcTakeFlagValue(argc, argv, i, name, value, dlcRunTool, status, DLC_RUN_ERROR);
}

static bool parseNumber(const char *flag, const char *text, double *out) {
  char *end;
  errno = 0;
  double v = strtod(text, &end);
  if (end == text || *end || errno || !(v >= 0) || isinf(v)) {
    fprintf(stderr, "%s: %s expects a non-negative number, got '%s'\n", dlcRunTool, flag, text);
    return false;
  }
  *out = v;
  return true;
}

// "4G", "512M", "1000000": bytes, with binary K, M, G or T.
static bool parseSize(const char *flag, const char *text, int64_t *out) {
  char *end;
  errno = 0;
  double v = strtod(text, &end);
  static const char units[] = "KMGT";
  const char *unit = *end ? strchr(units, *end) : NULL;
  double scale = unit ? (double)(INT64_C(1) << (10 * (unit - units + 1))) : 1;
  if (end == text || errno || !(v > 0) || (*end && (!unit || end[1])) || v * scale > 9e18) {
    fprintf(stderr, "%s: %s expects a size in bytes (such as 4G or 512M), got '%s'\n",
            dlcRunTool, flag, text);
    return false;
  }
  *out = (int64_t)(v * scale);
  return true;
}

// --test-dirs: the directories give each run its model and test data.
static int checkTestDirs(const DlcRunArgs *o) {
  if (!o->positional.count) {
    fprintf(stderr, "%s: --test-dirs: no test directory given\n", dlcRunTool);
    return DLC_RUN_ERROR;
  }
  const char *other = o->testData                ? "--test-data"
                      : o->inputs.count          ? "--input"
                      : o->expects.count         ? "--expect"
                      : o->randomInputs          ? "--random-inputs"
                      : o->outDir                ? "-o"
                      : o->compareIntermediates  ? "--compare-intermediates"
                      : o->dumpIntermediates     ? "--dump-intermediates"
                      : o->extractNode           ? "--extract-subgraph"
                      : o->profile || o->profileJson ? "--profile"
                                                 : NULL;
  if (other) {
    fprintf(stderr, "%s: --test-dirs cannot be combined with %s (each directory gives its "
                    "own model and data)\n", dlcRunTool, other);
    return DLC_RUN_ERROR;
  }
  return 0;
}

static int checkCombination(DlcRunArgs *o) {
  if (o->testDirs)
    return checkTestDirs(o);
  if (o->positional.count > 1) {
    fprintf(stderr, "%s: more than one model ('%s' and '%s')\n", dlcRunTool,
            o->positional.paths[0], o->positional.paths[1]);
    return DLC_RUN_ERROR;
  }
  o->model = o->positional.count ? o->positional.paths[0] : NULL;
  if (!o->model) {
    fprintf(stderr, "%s: no model given (see --help)\n", dlcRunTool);
    return DLC_RUN_ERROR;
  }
  if (o->testData && (o->inputs.count || o->expects.count)) {
    fprintf(stderr, "%s: --test-data cannot be combined with --input or --expect\n", dlcRunTool);
    return DLC_RUN_ERROR;
  }
  size_t len = strlen(o->model);
  bool onnx = len >= 5 && !strcmp(o->model + len - 5, ".onnx");
  if ((o->compareIntermediates || o->dumpIntermediates || o->extractNode) && !onnx) {
    fprintf(stderr, "%s: --%s needs an .onnx model: its values are tapped at import\n",
            dlcRunTool,
            o->compareIntermediates ? "compare-intermediates"
            : o->dumpIntermediates  ? "dump-intermediates"
                                    : "extract-subgraph");
    return DLC_RUN_ERROR;
  }
  if (o->extractNode && !o->extractPath) {
    fprintf(stderr, "%s: --extract-subgraph needs -o FILE.onnx\n", dlcRunTool);
    return DLC_RUN_ERROR;
  }
  if (o->randomInputs && (o->testData || o->inputs.count || o->expects.count)) {
    fprintf(stderr, "%s: --random-inputs cannot be combined with --test-data, --input or "
                    "--expect\n", dlcRunTool);
    return DLC_RUN_ERROR;
  }
  if (o->bindShapeInputs && !o->testData) {
    fprintf(stderr, "%s: --bind-shape-inputs needs --test-data (it reads the values from "
                    "DIR/input_N.pb)\n", dlcRunTool);
    return DLC_RUN_ERROR;
  }
  return 0;
}

int dlcRunParseArgs(int argc, char **argv, DlcRunArgs *o) {
  memset(o, 0, sizeof *o);
  o->rtol = 1e-4;
  o->atol = 1e-5;
  o->compile = dlcCompileOptionsGetDefault();
  // dlc-run compiles for this machine: every core it may use, unless told.
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  o->compile.threads = cores > 1 ? cores : 1;
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  o->maxMemory = pages > 0 && pageSize > 0 ? (int64_t)((double)pages * (double)pageSize * 0.8)
                                           : INT64_MAX;
  for (int i = 1; i < argc; ++i) {
    const char *raw = argv[i], *v = NULL;
    int status = 0;
    if (raw[0] != '-' || !raw[1]) {
      dlcRunAddFile(&o->positional, raw);
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
      o->compile.optLevel = a[1] - '0';
    } else if (!strcmp(a, "dynamic")) {
      o->dynamic = true;
    } else if (!strcmp(a, "random-inputs") || !strncmp(a, "random-inputs=", 14)) {
      o->randomInputs = true;
      if (a[13] == '=') {
        char *end;
        errno = 0;
        unsigned long long seed = strtoull(a + 14, &end, 10);
        if (end == a + 14 || *end || errno || a[14] == '-') {
          fprintf(stderr, "%s: --random-inputs=SEED expects a non-negative integer, got '%s'\n",
                  dlcRunTool, a + 14);
          return DLC_RUN_ERROR;
        }
        o->randomSeed = seed;
      }
    } else if (!strcmp(a, "profile")) {
      o->profile = true;
    } else if (!strcmp(a, "test-dirs")) {
      o->testDirs = true;
    } else if (!strcmp(a, "bind-shape-inputs")) {
      o->bindShapeInputs = true;
    } else if (dlcTakeCodegenFlag(argc, argv, &i, &o->compile, dlcRunTool, &status,
                                  DLC_RUN_ERROR)) {
    } else if (takeValue(argc, argv, &i, "mcpu", &v, &status)) {
      o->compile.cpu = v;
    } else if (takeValue(argc, argv, &i, "input", &v, &status)) {
      if (v)
        dlcRunAddFile(&o->inputs, v);
    } else if (takeValue(argc, argv, &i, "expect", &v, &status)) {
      if (v)
        dlcRunAddFile(&o->expects, v);
    } else if (takeValue(argc, argv, &i, "test-data", &v, &status)) {
      o->testData = v;
    } else if (takeValue(argc, argv, &i, "compare-intermediates", &v, &status)) {
      o->compareIntermediates = v;
    } else if (takeValue(argc, argv, &i, "extract-subgraph", &v, &status)) {
      o->extractNode = v;
    } else if (takeValue(argc, argv, &i, "dump-intermediates", &v, &status)) {
      o->dumpIntermediates = v;
    } else if (takeValue(argc, argv, &i, "profile-json", &v, &status)) {
      o->profileJson = v;
    } else if (takeValue(argc, argv, &i, "entry", &v, &status)) {
      o->entry = v;
    } else if (takeValue(argc, argv, &i, "o", &v, &status)) {
      o->outDir = v;
    } else if (takeValue(argc, argv, &i, "rtol", &v, &status)) {
      if (v && !parseNumber(raw, v, &o->rtol))
        return DLC_RUN_ERROR;
    } else if (takeValue(argc, argv, &i, "atol", &v, &status)) {
      if (v && !parseNumber(raw, v, &o->atol))
        return DLC_RUN_ERROR;
    } else if (takeValue(argc, argv, &i, "repeat", &v, &status)) {
      char *end;
      if (v) {
        errno = 0;
        o->repeat = strtol(v, &end, 10);
        if (end == v || *end || errno || o->repeat < 1) {
          fprintf(stderr, "%s: --repeat expects a positive count, got '%s'\n", dlcRunTool, v);
          return DLC_RUN_ERROR;
        }
      }
    } else if (takeValue(argc, argv, &i, "max-memory", &v, &status)) {
      if (v && !parseSize(raw, v, &o->maxMemory))
        return DLC_RUN_ERROR;
    } else if (takeValue(argc, argv, &i, "bind-input", &v, &status)) {
      Text error = TEXT_INIT;
      if (v && !dlcBindingListAdd(&o->bindings, v, &error)) {
        fprintf(stderr, "%s: %s\n", dlcRunTool, textGet(&error));
        status = DLC_RUN_ERROR;
      }
      textFree(&error);
    } else {
      fprintf(stderr, "%s: unknown option '%s' (see --help)\n", dlcRunTool, raw);
      return DLC_RUN_ERROR;
    }
    if (status)
      return status;
  }
  // With --extract-subgraph, -o names the extracted model, not a
  // directory of outputs.
  if (o->extractNode) {
    o->extractPath = o->outDir;
    o->outDir = NULL;
  }
  // A profile is a separate compile: the code reads the clock per node.
  if (o->profile || o->profileJson) {
    o->compile.profile = true;
    if (!o->repeat)
      o->repeat = 10;
  }
  return checkCombination(o);
}
