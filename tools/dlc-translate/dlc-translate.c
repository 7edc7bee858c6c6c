//===- dlc-translate.c - DLC's translation tool -----------------*- C -*-===//
//
// Moves a model between representations: ONNX -> dlc_graph MLIR, and MLIR
// at any level -> LLVM IR text, an object file or a shared library, each
// with a C header declaring the entry points next to it. Outputs appear
// completely or not at all. Exit status: 0 on success, 1 on any error.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Text.h"
#include "dlc-c/Diagnostics.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Runtime.h"
#include "dlc-c/Target.h"

#include "mlir-c/IR.h"
#include "Flags.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *tool = "dlc-translate";

typedef enum Mode {
  MODE_NONE,
  MODE_IMPORT_ONNX,
  MODE_LLVMIR,
  MODE_OBJECT,
  MODE_SHARED,
  MODE_PRINT_ONNX_OPS, ///< hidden: the importer's op table, for docs/SupportedOps.md
} Mode;

typedef struct Options {
  Mode mode;
  const char *modeFlag;
  const char *input;
  const char *output;
  const char *name;
  bool optLevelGiven;
  bool emitBytecode;
  bool exposeIntermediates;
  DlcCompileOptions compile;
  DlcBindingList bindings;
} Options;

static void printHelp(void) {
  printf("OVERVIEW: DLC translation tool\n\n"
         "USAGE: dlc-translate <mode> [options] <input>\n\n"
         "MODES:\n"
         "  --import-onnx      Import an .onnx model; print its dlc_graph module\n"
         "  --mlir-to-llvmir   Lower a model (.mlir at any level, or .onnx) and print LLVM IR\n"
         "                     for the host (target triple and data layout set)\n"
         "  --emit-obj         Lower a model and write an object file (-o) and a C header\n"
         "                     next to it (same name, .h)\n"
         "  --emit-shared      Lower a model and write a shared library (-o) and a C header\n\n"
         "OPTIONS:\n"
         "  -o <file>               Output file (text modes: default stdout)\n"
         "  --name <c-name>         C name of the default entry (the only public function, else\n"
         "                          @main); an entry @main is otherwise named after -o's stem\n"
         "  --bind-input NAME=FILE  Fold ONNX graph input NAME into a constant (.npy or .pb)\n"
         "  -O<0-3>                 LLVM optimization level (default 2; --mlir-to-llvmir prints\n"
         "                          the translation unoptimized unless -O is given)\n"
         "  --mcpu=<cpu>            Target CPU: 'native' (default: the host's, with its\n"
         "                          features), 'generic' (portable), or an LLVM CPU name;\n"
         "                          DLC's tiles follow its vector registers\n"
         "  --linker=<cc>           C compiler that links shared libraries (default cc)\n"
         "  --emit-bytecode         --import-onnx: write MLIR bytecode instead of text\n"
         "  --expose-intermediates  --import-onnx: every value a node computes is an output\n"
         "                          too (taps, for numerical bisection; docs/Debugging.md)\n");
  dlcPrintCodegenFlagsHelp("1, code that needs only libc and libm");
  printf("  --help, --version\n");
}

static bool takeValue(int argc, char **argv, int *i, const char *name, const char **value,
                      int *status) {
  return dlcTakeFlagValue(argc, argv, i, name, value, tool, status, 1);
}

static bool setMode(Options *o, Mode mode, const char *flag) {
  if (o->mode != MODE_NONE && o->mode != mode) {
    fprintf(stderr, "%s: '%s' and '%s' cannot be combined\n", tool, o->modeFlag, flag);
    return false;
  }
  o->mode = mode;
  o->modeFlag = flag;
  return true;
}

// Parses the command line; returns 0 to go on, -1 to exit successfully
// (--help), or an exit status.
static int parseArgs(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; ++i) {
    const char *raw = argv[i], *v = NULL;
    int status = 0;
    if (raw[0] != '-' || !strcmp(raw, "-")) {
      if (o->input) {
        fprintf(stderr, "%s: more than one input file ('%s' and '%s')\n", tool, o->input, raw);
        return 1;
      }
      o->input = raw;
      continue;
    }
    const char *a = raw + (raw[1] == '-' ? 2 : 1);
    if (!strcmp(a, "help") || !strcmp(a, "h")) {
      printHelp();
      return -1;
    } else if (!strcmp(a, "version")) {
      printf("dlc-translate (DLC %d.%d) on MLIR 22\n", DLC_VERSION_MAJOR, DLC_VERSION_MINOR);
      return -1;
    } else if (!strcmp(a, "import-onnx")) {
      if (!setMode(o, MODE_IMPORT_ONNX, raw))
        return 1;
    } else if (!strcmp(a, "mlir-to-llvmir")) {
      if (!setMode(o, MODE_LLVMIR, raw))
        return 1;
    } else if (!strcmp(a, "emit-obj")) {
      if (!setMode(o, MODE_OBJECT, raw))
        return 1;
    } else if (!strcmp(a, "emit-shared")) {
      if (!setMode(o, MODE_SHARED, raw))
        return 1;
    } else if (!strcmp(a, "print-onnx-ops")) {
      if (!setMode(o, MODE_PRINT_ONNX_OPS, raw))
        return 1;
    } else if (!strcmp(a, "emit-bytecode")) {
      o->emitBytecode = true;
    } else if (!strcmp(a, "expose-intermediates")) {
      o->exposeIntermediates = true;
    } else if (a[0] == 'O' && a[1] >= '0' && a[1] <= '3' && !a[2]) {
      o->compile.optLevel = a[1] - '0';
      o->optLevelGiven = true;
    } else if (dlcTakeCodegenFlag(argc, argv, &i, &o->compile, tool, &status, 1)) {
    } else if (takeValue(argc, argv, &i, "o", &v, &status)) {
      o->output = v;
    } else if (takeValue(argc, argv, &i, "name", &v, &status)) {
      o->name = v;
    } else if (takeValue(argc, argv, &i, "mcpu", &v, &status)) {
      o->compile.cpu = v;
    } else if (takeValue(argc, argv, &i, "linker", &v, &status)) {
      o->compile.linker = v;
    } else if (takeValue(argc, argv, &i, "bind-input", &v, &status)) {
      Text error = TEXT_INIT;
      if (!status && !dlcBindingListAdd(&o->bindings, v, &error)) {
        fprintf(stderr, "%s: %s\n", tool, textGet(&error));
        status = 1;
      }
      textFree(&error);
    } else {
      fprintf(stderr, "%s: unknown option '%s' (see --help)\n", tool, raw);
      return 1;
    }
    if (status)
      return status;
  }
  if (o->mode == MODE_NONE) {
    fprintf(stderr, "%s: no mode given: --import-onnx, --mlir-to-llvmir, --emit-obj or "
                    "--emit-shared\n", tool);
    return 1;
  }
  if (o->mode == MODE_PRINT_ONNX_OPS) {
    if (o->input) {
      fprintf(stderr, "%s: '%s' takes no input file\n", tool, o->modeFlag);
      return 1;
    }
    return 0;
  }
  if (!o->input) {
    fprintf(stderr, "%s: no input file\n", tool);
    return 1;
  }
  if (dlcOutputIsInput(tool, o->input, o->output))
    return 1;
  if ((o->mode == MODE_OBJECT || o->mode == MODE_SHARED) && (!o->output || !strcmp(o->output, "-"))) {
    fprintf(stderr, "%s: '%s' needs an output file (-o)\n", tool, o->modeFlag);
    return 1;
  }
  if (o->mode == MODE_IMPORT_ONNX) {
    size_t n = strlen(o->input);
    if (n < 5 || strcmp(o->input + n - 5, ".onnx")) {
      fprintf(stderr, "%s: --import-onnx expects an .onnx file, got '%s'\n", tool, o->input);
      return 1;
    }
  }
  if ((o->emitBytecode || o->exposeIntermediates) && o->mode != MODE_IMPORT_ONNX) {
    fprintf(stderr, "%s: --%s applies to --import-onnx only\n", tool,
            o->emitBytecode ? "emit-bytecode" : "expose-intermediates");
    return 1;
  }
  return 0;
}

static void printError(MlirStringRef message, void *userData) {
  (void)userData;
  fprintf(stderr, "%s: %.*s\n", tool, (int)message.length, message.data);
}

// Writes `data` to `path` ("-" or NULL: stdout) through a temporary file.
static bool writeOutput(const char *path, const char *data, size_t len) {
  if (!path || !strcmp(path, "-")) {
    fwrite(data, 1, len, stdout);
    return fflush(stdout) == 0;
  }
  return mlirLogicalResultIsSuccess(dlcFileWriteAtomically(mlirStringRefCreateFromCString(path),
                                                           data, len, printError, NULL));
}

// `path` without its directory, last extension and, for a shared library,
// "lib" prefix, made a C identifier: "out/libmlp.so" -> "mlp".
static char *cNameFromPath(const char *path) {
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  const char *dot = strrchr(base, '.');
  size_t n = dot && dot != base ? (size_t)(dot - base) : strlen(base);
  if (dot && !strcmp(dot, ".so") && n > 3 && !strncmp(base, "lib", 3)) {
    base += 3;
    n -= 3;
  }
  Text s = TEXT_INIT;
  if (!n || (base[0] >= '0' && base[0] <= '9'))
    textPuts(&s, "_");
  for (size_t i = 0; i < n; ++i) {
    char c = base[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    textAppend(&s, ok ? &c : "_", 1);
  }
  return s.data;
}

// `path` with its last extension replaced by ".h".
static char *headerPath(const char *path) {
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  const char *dot = strrchr(base, '.');
  size_t n = dot && dot != base ? (size_t)(dot - path) : strlen(path);
  Text s = TEXT_INIT;
  textAppend(&s, path, n);
  textPuts(&s, ".h");
  return s.data;
}

// Gives the default entry its C name: --name, or for @main the output's stem.
static bool nameEntries(MlirModule module, const Options *o) {
  if (o->name)
    return mlirLogicalResultIsSuccess(
        dlcModuleRenameEntry(module, mlirStringRefCreate("", 0), mlirStringRefCreateFromCString(o->name)));
  bool hasMain = false;
  for (intptr_t i = 0, n = dlcModuleGetNumEntries(module); i < n; ++i)
    hasMain = hasMain || mlirStringRefEqual(dlcEntryGetName(dlcModuleGetEntry(module, i)),
                                            mlirStringRefCreateFromCString("main"));
  if (!hasMain)
    return true;
  char *stem = cNameFromPath(o->output);
  bool ok = mlirLogicalResultIsSuccess(dlcModuleRenameEntry(
      module, mlirStringRefCreateFromCString("main"), mlirStringRefCreateFromCString(stem)));
  free(stem);
  return ok;
}

// The artifact and its header, both or neither. The artifact goes straight
// to its name (the library writes it whole or not at all, so its errors
// name the output the user gave, a full disk included); a header that then
// cannot be written takes the new artifact with it.
static bool emitArtifact(MlirModule module, const Options *o) {
  // Say so early, naming the output, when its directory cannot be written.
  char *dir = textDup(o->output, strrchr(o->output, '/') ? (size_t)(strrchr(o->output, '/') - o->output) + 1 : 0);
  bool writable = access(*dir ? dir : ".", W_OK) == 0;
  free(dir);
  if (!writable) {
    fprintf(stderr, "%s: cannot write '%s': %s\n", tool, o->output, strerror(errno));
    return false;
  }
  char *header = headerPath(o->output);
  if (!strcmp(header, o->output)) {
    fprintf(stderr, "%s: '%s' would be overwritten by its own header: name the output otherwise\n",
            tool, o->output);
    free(header);
    return false;
  }
  if (mlirLogicalResultIsFailure(dlcModuleLowerToLLVM(module, &o->compile)) ||
      !nameEntries(module, o)) {
    free(header);
    return false;
  }
  MlirStringRef output = mlirStringRefCreateFromCString(o->output);
  bool ok = mlirLogicalResultIsSuccess(o->mode == MODE_OBJECT
                                           ? dlcModuleEmitObjectFile(module, &o->compile, output)
                                           : dlcModuleEmitSharedLibrary(module, &o->compile, output));
  if (ok && mlirLogicalResultIsFailure(dlcModuleEmitCHeader(
                module, &o->compile, mlirStringRefCreateFromCString(header)))) {
    remove(o->output);
    ok = false;
  }
  free(header);
  return ok;
}

static bool printModule(MlirModule module, const Options *o) {
  Text out = TEXT_INIT;
  MlirOperation op = mlirModuleGetOperation(module);
  if (o->emitBytecode) {
    mlirOperationWriteBytecode(op, textCallback, &out);
  } else {
    mlirOperationPrint(op, textCallback, &out);
    textPuts(&out, "\n");
  }
  bool ok = writeOutput(o->output, textGet(&out), out.len);
  textFree(&out);
  return ok;
}

static bool printLLVMIR(MlirModule module, const Options *o) {
  DlcCompileOptions compile = o->compile;
  if (!o->optLevelGiven)
    compile.optLevel = -1;
  Text out = TEXT_INIT;
  bool ok = mlirLogicalResultIsSuccess(
                dlcModuleTranslateToLLVMIR(module, &compile, textCallback, &out)) &&
            writeOutput(o->output, textGet(&out), out.len);
  textFree(&out);
  return ok;
}

static void printToStdout(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

static int run(Options *o) {
  if (o->mode == MODE_PRINT_ONNX_OPS) {
    dlcOnnxPrintOpTable(printToStdout, NULL);
    return fflush(stdout) == 0 ? 0 : 1;
  }
  MlirContext ctx = dlcContextCreate();
  if (mlirContextIsNull(ctx)) {
    fprintf(stderr, "%s: cannot load the DLC dialects\n", tool);
    return 1;
  }
  dlcContextAttachPrintingDiagnosticHandler(ctx, stderr);
  DlcOnnxImportOptions onnx = dlcBindingListGetOptions(&o->bindings);
  onnx.exposeIntermediates = o->exposeIntermediates;
  MlirModule module =
      dlcModuleCreateFromFile(ctx, mlirStringRefCreateFromCString(o->input), &onnx);
  bool ok = !mlirModuleIsNull(module);
  if (ok) {
    switch (o->mode) {
    case MODE_IMPORT_ONNX:
      ok = printModule(module, o);
      break;
    case MODE_LLVMIR:
      ok = printLLVMIR(module, o);
      break;
    case MODE_OBJECT:
    case MODE_SHARED:
      ok = emitArtifact(module, o);
      break;
    case MODE_NONE:
    case MODE_PRINT_ONNX_OPS:
      break;
    }
    mlirModuleDestroy(module);
  }
  mlirContextDestroy(ctx);
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  Options o;
  memset(&o, 0, sizeof o);
  o.compile = dlcCompileOptionsGetDefault();
  int status = parseArgs(argc, argv, &o);
  if (!status)
    status = run(&o);
  dlcBindingListDestroy(&o.bindings);
  return status < 0 ? 0 : status;
}
