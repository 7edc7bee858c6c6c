//===- dlc-opt.c - DLC's optimizer driver -----------------------*- C -*-===//
//
// An mlir-opt for DLC, in C: parses a file (or stdin), verifies it (MLIR's
// verifier and DLC's), runs a pass pipeline mixing DLC and upstream passes,
// and prints the result. Flags follow mlir-opt (`-x` and `--x` alike).
//
//===----------------------------------------------------------------------===//

#include "Bridge/Bridge.h"
#include "Support/Str.h"
#include "Tools/Docs.h"
#include "Tools/SourceDiagnostics.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Passes.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Options {
  const char *input;
  const char *output;
  const char *pipeline; // --pass-pipeline / -p
  DlcStr flagPipeline;  // passes given as flags, in order
  bool splitInput;
  const char *splitMarker;
  bool verifyDiagnostics;
  bool printBefore, printAfter, printAfterChange, printAfterFailure, printModuleScope;
  bool timing;
  bool debugInfo, genericForm, localScope;
  intptr_t elideLimit;
  bool emitBytecode;
  bool verifyEach;
  bool allowUnregistered;
  bool disableThreading;
  const char *docs;
} Options;

static const char *tool = "dlc-opt";

static void printHelp(void) {
  printf("OVERVIEW: DLC modular optimizer driver (mlir-opt for the dlc_graph and dlc_tensor "
         "dialects)\n\n"
         "USAGE: dlc-opt [options] [input file]   (stdin when absent or '-')\n\n"
         "OPTIONS:\n"
         "  -o <file>                          Output file (default stdout); not created on "
         "failure\n"
         "  --pass-pipeline=<text>, -p <text>  Textual pipeline, e.g. "
         "'builtin.module(dlc-infer-shapes,canonicalize)'\n"
         "  --<pass>[=<options>]               Add a pass or pipeline, DLC's or any upstream "
         "one\n"
         "  --split-input-file[=<marker>]      Process chunks separated by '// -----' "
         "separately\n"
         "  --verify-diagnostics               Check diagnostics against expected-* comments\n"
         "  --verify-each[=<bool>]             Verify the IR after each pass (default true)\n"
         "  --mlir-print-ir-before-all         Print the IR before each pass (stderr)\n"
         "  --mlir-print-ir-after-all          Print the IR after each pass (stderr)\n"
         "  --mlir-print-ir-after-change       ... only when the pass changed it\n"
         "  --mlir-print-ir-after-failure      ... only after a pass failed\n"
         "  --mlir-print-ir-module-scope       Print the whole module when printing IR\n"
         "  --mlir-timing                      Report pass timing (stderr)\n"
         "  --mlir-print-debuginfo             Print locations\n"
         "  --mlir-print-op-generic            Print ops in generic form\n"
         "  --mlir-print-local-scope           Print types and attributes inline\n"
         "  --mlir-elide-elementsattrs-if-larger=<n>  Elide large constants when printing\n"
         "  --mlir-disable-threading           Run passes on one thread\n"
         "  --emit-bytecode                    Write MLIR bytecode instead of text\n"
         "  --allow-unregistered-dialect       Accept ops of unknown dialects\n"
         "  --help, --version\n\n"
         "DLC PASSES AND PIPELINES (also usable inside --pass-pipeline, options as "
         "{name=value}):\n");
  for (intptr_t i = 0, n = dlcGetNumPassInfos(); i < n; ++i) {
    DlcPassInfo info = dlcGetPassInfo(i);
    printf("  --%-28s %s%s\n", info.argument, info.isPipeline ? "(pipeline) " : "", info.summary);
    for (intptr_t k = 0; k < info.numOptions; ++k)
      printf("      %s=<%s> (default %s): %s\n", info.options[k].name, info.options[k].type,
             info.options[k].defaultValue, info.options[k].description);
  }
  printf("\nAny upstream MLIR pass or pipeline (canonicalize, cse, one-shot-bufferize, ...) is "
         "accepted too.\n");
}

// Matches `arg` (dashes stripped) against `name`; sets *value to the text
// after '=' (or NULL).
static bool flag(const char *arg, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n))
    return false;
  if (arg[n] == '\0') {
    *value = NULL;
    return true;
  }
  if (arg[n] == '=') {
    *value = arg + n + 1;
    return true;
  }
  return false;
}

static bool parseBool(const char *v, bool dflt) {
  if (!v)
    return dflt;
  return !(strcmp(v, "false") == 0 || strcmp(v, "0") == 0);
}

static void addFlagPass(Options *o, const char *name, size_t nameLen, const char *opts) {
  if (o->flagPipeline.len)
    dlcStrPuts(&o->flagPipeline, ",");
  dlcStrAppend(&o->flagPipeline, name, nameLen);
  if (opts && *opts)
    dlcStrPrintf(&o->flagPipeline, "{%s}", opts);
}

// Parses the command line; returns 0 to go on, or an exit status.
static int parseArgs(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; ++i) {
    const char *raw = argv[i], *v;
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
      printf("dlc-opt (DLC %d.%d) on MLIR 22\n", 0, 1);
      return -1;
    } else if (!strcmp(a, "o") || !strcmp(a, "p")) {
      if (i + 1 == argc) {
        fprintf(stderr, "%s: option '%s' requires a value\n", tool, raw);
        return 1;
      }
      if (a[0] == 'o')
        o->output = argv[++i];
      else
        o->pipeline = argv[++i];
    } else if (flag(a, "pass-pipeline", &v) || flag(a, "p", &v)) {
      if (!v) {
        fprintf(stderr, "%s: option '%s' requires a value\n", tool, raw);
        return 1;
      }
      o->pipeline = v;
    } else if (flag(a, "split-input-file", &v)) {
      o->splitInput = true;
      if (v && *v)
        o->splitMarker = v;
    } else if (flag(a, "verify-diagnostics", &v)) {
      o->verifyDiagnostics = parseBool(v, true);
    } else if (flag(a, "verify-each", &v)) {
      o->verifyEach = parseBool(v, true);
    } else if (flag(a, "mlir-print-ir-before-all", &v)) {
      o->printBefore = parseBool(v, true);
    } else if (flag(a, "mlir-print-ir-after-all", &v)) {
      o->printAfter = parseBool(v, true);
    } else if (flag(a, "mlir-print-ir-after-change", &v)) {
      o->printAfterChange = parseBool(v, true);
    } else if (flag(a, "mlir-print-ir-after-failure", &v)) {
      o->printAfterFailure = parseBool(v, true);
    } else if (flag(a, "mlir-print-ir-module-scope", &v)) {
      o->printModuleScope = parseBool(v, true);
    } else if (flag(a, "mlir-timing", &v)) {
      o->timing = parseBool(v, true);
    } else if (flag(a, "mlir-print-debuginfo", &v)) {
      o->debugInfo = parseBool(v, true);
    } else if (flag(a, "mlir-print-op-generic", &v)) {
      o->genericForm = parseBool(v, true);
    } else if (flag(a, "mlir-print-local-scope", &v)) {
      o->localScope = parseBool(v, true);
    } else if (flag(a, "mlir-elide-elementsattrs-if-larger", &v) && v) {
      o->elideLimit = strtol(v, NULL, 10);
    } else if (flag(a, "mlir-disable-threading", &v)) {
      o->disableThreading = parseBool(v, true);
    } else if (flag(a, "emit-bytecode", &v)) {
      o->emitBytecode = parseBool(v, true);
    } else if (flag(a, "allow-unregistered-dialect", &v)) {
      o->allowUnregistered = parseBool(v, true);
    } else if (flag(a, "dlc-print-docs", &v) && v) {
      o->docs = v;
    } else {
      // Anything else must name a pass or pipeline: --name or --name=opts.
      const char *eq = strchr(a, '=');
      size_t nameLen = eq ? (size_t)(eq - a) : strlen(a);
      addFlagPass(o, a, nameLen, eq ? eq + 1 : NULL);
    }
  }
  if (o->pipeline && o->flagPipeline.len) {
    fprintf(stderr, "%s: '--pass-pipeline' cannot be combined with pass flags (%s)\n", tool,
            dlcStrGet(&o->flagPipeline));
    return 1;
  }
  return 0;
}

static void printError(MlirStringRef message, void *userData) {
  DlcStr *s = userData;
  dlcStrAppend(s, message.data, message.length);
}

// Builds the pass manager for one run; prints and fails on a bad pipeline.
static MlirPassManager buildPassManager(MlirContext ctx, const Options *o, bool quietOk) {
  MlirPassManager pm = dlcBridgePassManagerCreate(ctx, mlirStringRefCreateFromCString("builtin.module"));
  const char *text = o->pipeline ? o->pipeline : dlcStrGet(&o->flagPipeline);
  DlcStr error = DLC_STR_INIT;
  if (*text && mlirLogicalResultIsFailure(dlcParsePassPipeline(
                   mlirPassManagerGetAsOpPassManager(pm), mlirStringRefCreateFromCString(text),
                   printError, &error))) {
    if (!o->pipeline && !quietOk)
      fprintf(stderr, "%s: unknown option or invalid pass in '%s': %s\n", tool, text,
              dlcStrGet(&error));
    else if (!quietOk)
      fprintf(stderr, "%s: invalid pass pipeline '%s': %s\n", tool, text, dlcStrGet(&error));
    dlcStrFree(&error);
    mlirPassManagerDestroy(pm);
    return (MlirPassManager){NULL};
  }
  dlcStrFree(&error);
  mlirPassManagerEnableVerifier(pm, o->verifyEach);
  if (o->timing)
    mlirPassManagerEnableTiming(pm);
  if (o->printBefore || o->printAfter || o->printAfterChange || o->printAfterFailure) {
    MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
    if (o->debugInfo)
      mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
    mlirPassManagerEnableIRPrinting(pm, o->printBefore,
                                    o->printAfter || o->printAfterChange || o->printAfterFailure,
                                    o->printModuleScope, o->printAfterChange, o->printAfterFailure,
                                    flags, mlirStringRefCreate(NULL, 0));
    mlirOpPrintingFlagsDestroy(flags);
  }
  return pm;
}

static void printModule(MlirOperation module, const Options *o, DlcStr *out) {
  if (o->emitBytecode) {
    mlirOperationWriteBytecode(module, dlcStrCallback, out);
    return;
  }
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  if (o->debugInfo)
    mlirOpPrintingFlagsEnableDebugInfo(flags, true, false);
  if (o->genericForm)
    mlirOpPrintingFlagsPrintGenericOpForm(flags);
  if (o->localScope)
    mlirOpPrintingFlagsUseLocalScope(flags);
  if (o->elideLimit > 0)
    mlirOpPrintingFlagsElideLargeElementsAttrs(flags, o->elideLimit);
  mlirOperationPrintWithFlags(module, flags, dlcStrCallback, out);
  mlirOpPrintingFlagsDestroy(flags);
  dlcStrPuts(out, "\n");
}

// Parses, verifies, transforms and prints one buffer; true on success.
static bool processBuffer(MlirContext ctx, const Options *o, const char *name, const char *text,
                          size_t length, const char *path, DlcStr *out) {
  MlirOperation module = path ? dlcBridgeParseFile(ctx, mlirStringRefCreateFromCString(path))
                              : dlcBridgeParseSource(ctx, mlirStringRefCreate(text, length),
                                                     mlirStringRefCreateFromCString(name));
  if (mlirOperationIsNull(module))
    return false;
  bool ok = mlirLogicalResultIsSuccess(dlcVerify(module));
  if (ok) {
    MlirPassManager pm = buildPassManager(ctx, o, false);
    ok = !mlirPassManagerIsNull(pm) && mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, module));
    if (!mlirPassManagerIsNull(pm))
      mlirPassManagerDestroy(pm);
  }
  if (ok)
    printModule(module, o, out);
  mlirOperationDestroy(module);
  return ok;
}

static char *readAll(const char *path, size_t *length) {
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f)
    return NULL;
  DlcStr s = DLC_STR_INIT;
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0)
    dlcStrAppend(&s, buf, n);
  if (f != stdin)
    fclose(f);
  if (!s.data)
    dlcStrAppend(&s, "", 0);
  *length = s.len;
  return s.data;
}

// Is the line starting at `p` a split marker (optionally indented, trailing
// spaces allowed)?
static bool isMarker(const char *p, const char *end, const char *marker) {
  while (p < end && (*p == ' ' || *p == '\t'))
    ++p;
  size_t n = strlen(marker);
  if ((size_t)(end - p) < n || strncmp(p, marker, n))
    return false;
  for (p += n; p < end && *p != '\n'; ++p)
    if (*p != ' ' && *p != '\t' && *p != '\r')
      return false;
  return true;
}

static int run(const Options *o) {
  MlirContext ctx = dlcContextCreate();
  if (mlirContextIsNull(ctx)) {
    fprintf(stderr, "%s: cannot load the DLC dialects\n", tool);
    return 1;
  }
  if (o->allowUnregistered)
    mlirContextSetAllowUnregisteredDialects(ctx, true);
  if (o->disableThreading)
    mlirContextEnableMultithreading(ctx, false);
  DlcDiagnostics *diags = dlcDiagnosticsCreate(ctx, stderr, o->verifyDiagnostics);

  // Reject a bad pipeline once, before reading the input.
  MlirPassManager probe = buildPassManager(ctx, o, false);
  if (mlirPassManagerIsNull(probe)) {
    dlcDiagnosticsDestroy(diags);
    mlirContextDestroy(ctx);
    return 1;
  }
  mlirPassManagerDestroy(probe);

  const char *input = o->input ? o->input : "-";
  const char *name = strcmp(input, "-") ? input : "<stdin>";
  size_t length = 0;
  char *text = readAll(input, &length);
  if (!text) {
    fprintf(stderr, "%s: cannot open input file '%s': ", tool, input);
    perror(NULL);
    dlcDiagnosticsDestroy(diags);
    mlirContextDestroy(ctx);
    return 1;
  }
  bool ok = true;
  DlcStr out = DLC_STR_INIT;
  if (!o->splitInput) {
    ok = dlcDiagnosticsAddSource(diags, name, text, length);
    // Bytecode cannot be re-parsed from a copy: read files directly.
    bool bytecode = length >= 4 && !memcmp(text, "ML\xefR", 4);
    if (ok)
      ok = processBuffer(ctx, o, name, text, length, bytecode && strcmp(input, "-") ? input : NULL,
                         &out);
    if (o->verifyDiagnostics)
      ok = dlcDiagnosticsVerifyFinish(diags);
  } else {
    // Each chunk is padded with newlines so that lines keep their numbers.
    const char *marker = o->splitMarker ? o->splitMarker : "// -----";
    const char *p = text, *end = text + length, *chunk = text;
    unsigned chunkLine = 1, line = 1;
    bool first = true;
    while (true) {
      bool atEnd = p >= end;
      if (atEnd || isMarker(p, end, marker)) {
        DlcStr buf = DLC_STR_INIT;
        for (unsigned i = 1; i < chunkLine; ++i)
          dlcStrPuts(&buf, "\n");
        dlcStrAppend(&buf, chunk, (size_t)(p - chunk));
        if (!buf.data)
          dlcStrPuts(&buf, "");
        if (!first)
          dlcStrPuts(&out, "// -----\n");
        first = false;
        DlcStr chunkOut = DLC_STR_INIT;
        bool chunkOk = dlcDiagnosticsAddSource(diags, name, buf.data, buf.len);
        if (chunkOk)
          chunkOk = processBuffer(ctx, o, name, buf.data, buf.len, NULL, &chunkOut);
        if (o->verifyDiagnostics)
          chunkOk = dlcDiagnosticsVerifyFinish(diags);
        else if (chunkOk && chunkOut.len)
          dlcStrPuts(&chunkOut, "\n");
        if (chunkOk || o->verifyDiagnostics)
          dlcStrAppend(&out, chunkOut.data ? chunkOut.data : "", chunkOut.len);
        ok = ok && chunkOk;
        dlcStrFree(&chunkOut);
        // Keep the chunk text alive: diagnostics may quote it later.
        (void)buf;
        if (atEnd)
          break;
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        p = nl ? nl + 1 : end;
        ++line;
        chunk = p;
        chunkLine = line;
        continue;
      }
      const char *nl = memchr(p, '\n', (size_t)(end - p));
      p = nl ? nl + 1 : end;
      ++line;
    }
  }

  int status = ok ? 0 : 1;
  if (ok || (o->verifyDiagnostics && !o->output)) {
    FILE *f = o->output && strcmp(o->output, "-") ? fopen(o->output, "wb") : stdout;
    if (!f) {
      fprintf(stderr, "%s: cannot open output file '%s': ", tool, o->output);
      perror(NULL);
      status = 1;
    } else {
      if (ok || !o->verifyDiagnostics)
        fwrite(out.data ? out.data : "", 1, out.len, f);
      if (f != stdout)
        fclose(f);
      else
        fflush(stdout);
    }
  }
  dlcStrFree(&out);
  dlcDiagnosticsDestroy(diags);
  mlirContextDestroy(ctx);
  free(text);
  return status;
}

int main(int argc, char **argv) {
  Options o;
  memset(&o, 0, sizeof o);
  o.verifyEach = true;
  int status = parseArgs(argc, argv, &o);
  if (status)
    return status < 0 ? 0 : status;
  if (o.docs)
    return dlcPrintDocs(o.docs, stdout) ? 0 : 1;
  status = run(&o);
  dlcStrFree(&o.flagPipeline);
  return status;
}
