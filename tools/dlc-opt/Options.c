//===- Options.c - dlc-opt's command line -----------------------*- C -*-===//

#include "Options.h"

#include "dlc-c/Passes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *tool = "dlc-opt";

// Prints `text` wrapped at 80 columns, each line indented by `indent`.
static void printWrapped(const char *text, int indent) {
  const int width = 80;
  int column = 0;
  for (const char *p = text; *p;) {
    while (*p == ' ')
      ++p;
    size_t n = strcspn(p, " ");
    if (!n)
      break;
    if (column && column + 1 + (int)n > width) {
      putchar('\n');
      column = 0;
    }
    if (!column)
      column = printf("%*s", indent, "");
    else
      column += printf(" ");
    column += printf("%.*s", (int)n, p);
    p += n;
  }
  if (column)
    putchar('\n');
}

static void printHelp(void) {
  printf("OVERVIEW: DLC modular optimizer driver: mlir-opt with the dlc_graph and dlc_tensor "
         "dialects and DLC's passes\n\n"
         "USAGE: dlc-opt [options] <input file>\n\n"
         "The input is MLIR text or bytecode; stdin when absent or '-'. Options are accepted "
         "with one or two dashes.\n\n"
         "OPTIONS:\n"
         "  -o <file>                          Output file (default stdout); not written when "
         "processing fails\n"
         "  --pass-pipeline=<text>, -p <text>  A textual pipeline anchored on the top-level op,\n"
         "                                     e.g. 'builtin.module(dlc-infer-shapes,"
         "func.func(cse))';\n"
         "                                     DLC passes take options as {name=value}\n"
         "  --<pass>[=<options>]               Add a pass or pipeline (DLC's, listed below, or "
         "any\n"
         "                                     upstream one such as --canonicalize); options as\n"
         "                                     --<pass>='name=value name2=value2'\n"
         "  --split-input-file[=<marker>]      Process chunks separated by '// -----' (or "
         "<marker>)\n"
         "                                     independently\n"
         "  --output-split-marker=<marker>     Marker between output chunks (default '// -----')\n"
         "  --verify-diagnostics[=all|only-expected]\n"
         "                                     Check diagnostics against expected-error/warning/"
         "note/\n"
         "                                     remark comments (@+N, @-N, @above, @below, "
         "@unknown;\n"
         "                                     expected-error-re for {{regex}})\n"
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
         "  --mlir-elide-elementsattrs-if-larger=<n>\n"
         "                                     Elide constants with more than <n> elements\n"
         "  --mlir-disable-threading           Run passes on one thread\n"
         "  --emit-bytecode                    Write MLIR bytecode instead of text\n"
         "  --allow-unregistered-dialect       Accept ops of unknown dialects\n"
         "  --dlc-print-docs=<dlc_graph|dlc_tensor|passes>\n"
         "                                     Print docs/GraphDialect.md, TensorDialect.md or "
         "Passes.md\n"
         "  --help, --version\n");
  for (int pipelines = 0; pipelines < 2; ++pipelines) {
    printf(pipelines ? "\nDLC PIPELINES:\n" : "\nDLC PASSES:\n");
    for (intptr_t i = 0, n = dlcGetNumPassInfos(); i < n; ++i) {
      DlcPassInfo info = dlcGetPassInfo(i);
      if (info.isPipeline != pipelines)
        continue;
      printf("  --%s - %s\n", info.argument, info.summary);
      printWrapped(info.description, 6);
      for (intptr_t k = 0; k < info.numOptions; ++k) {
        const DlcPassOptionInfo *opt = &info.options[k];
        printf("      %s=<%s> (default %s)\n", opt->name, opt->type, opt->defaultValue);
        printWrapped(opt->description, 10);
      }
    }
  }
  printf("\nEvery upstream MLIR pass and pipeline (canonicalize, cse, one-shot-bufferize, ...) is "
         "accepted too; see mlir-opt --help.\n");
}

// Matches the dash-stripped `arg` against `name`: true for "name" (*value
// NULL) and "name=<value>".
static bool flag(const char *arg, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) || (arg[n] && arg[n] != '='))
    return false;
  *value = arg[n] ? arg + n + 1 : NULL;
  return true;
}

// A boolean flag: absent value, true/false, 1/0 as LLVM's cl accepts.
static bool boolFlag(const char *arg, const char *name, bool *out, bool *bad) {
  const char *v;
  if (!flag(arg, name, &v))
    return false;
  if (!v || !strcmp(v, "true") || !strcmp(v, "TRUE") || !strcmp(v, "True") || !strcmp(v, "1"))
    *out = true;
  else if (!strcmp(v, "false") || !strcmp(v, "FALSE") || !strcmp(v, "False") || !strcmp(v, "0"))
    *out = false;
  else
    *bad = true;
  return true;
}

// An option that needs a value: `--name=v`, or `--name v` taking the next
// argument. Returns false (after a message) when the value is missing.
static bool takeValue(int argc, char **argv, int *i, const char *value, const char **out) {
  if (value) {
    *out = value;
    return true;
  }
  if (*i + 1 < argc) {
    *out = argv[++*i];
    return true;
  }
  fprintf(stderr, "%s: for the %s option: requires a value!\n", tool, argv[*i]);
  return false;
}

static void addFlagPass(DlcOptOptions *o, const char *arg, const char *body) {
  DlcOptFlagPass *grown = realloc(o->flagPasses, (size_t)(o->numFlagPasses + 1) * sizeof *grown);
  if (!grown)
    abort();
  o->flagPasses = grown;
  const char *eq = strchr(body, '=');
  grown[o->numFlagPasses++] =
      (DlcOptFlagPass){arg, body, eq ? (size_t)(eq - body) : strlen(body), eq ? eq + 1 : NULL};
}

int dlcOptParseArgs(int argc, char **argv, DlcOptOptions *o) {
  memset(o, 0, sizeof *o);
  o->verifyEach = true;
  o->outputMarker = "// -----";
  bool positionalOnly = false;
  for (int i = 1; i < argc; ++i) {
    const char *raw = argv[i], *v;
    if (positionalOnly || raw[0] != '-' || !strcmp(raw, "-")) {
      if (o->input) {
        fprintf(stderr, "%s: Too many positional arguments specified! Can specify at most 1 "
                        "positional argument: See: %s --help\n", tool, tool);
        return 1;
      }
      o->input = raw;
      continue;
    }
    if (!strcmp(raw, "--")) {
      positionalOnly = true;
      continue;
    }
    const char *a = raw + (raw[1] == '-' ? 2 : 1);
    bool bad = false;
    if (!strcmp(a, "help") || !strcmp(a, "h") || !strcmp(a, "help-hidden")) {
      printHelp();
      return 0;
    } else if (!strcmp(a, "version")) {
      printf("dlc-opt (DLC 0.1) on MLIR 22\n");
      return 0;
    } else if (flag(a, "o", &v)) {
      if (!takeValue(argc, argv, &i, v, &o->output))
        return 1;
    } else if (flag(a, "pass-pipeline", &v) || flag(a, "p", &v)) {
      if (!takeValue(argc, argv, &i, v, &o->pipeline))
        return 1;
    } else if (flag(a, "split-input-file", &v)) {
      o->splitMarker = v && *v ? v : "// -----";
    } else if (flag(a, "output-split-marker", &v)) {
      if (!takeValue(argc, argv, &i, v, &o->outputMarker))
        return 1;
    } else if (flag(a, "verify-diagnostics", &v)) {
      o->verifyDiagnostics = true;
      o->onlyExpected = v && !strcmp(v, "only-expected");
      bad = v && *v && strcmp(v, "only-expected") && strcmp(v, "all");
    } else if (flag(a, "mlir-elide-elementsattrs-if-larger", &v)) {
      char *end = NULL;
      if (v)
        o->elideLimit = strtoll(v, &end, 10);
      bad = !v || !*v || *end;
    } else if (flag(a, "dlc-print-docs", &v)) {
      if (!takeValue(argc, argv, &i, v, &o->docs))
        return 1;
    } else if (boolFlag(a, "verify-each", &o->verifyEach, &bad) ||
               boolFlag(a, "mlir-print-ir-before-all", &o->printBefore, &bad) ||
               boolFlag(a, "mlir-print-ir-after-all", &o->printAfter, &bad) ||
               boolFlag(a, "mlir-print-ir-after-change", &o->printAfterChange, &bad) ||
               boolFlag(a, "mlir-print-ir-after-failure", &o->printAfterFailure, &bad) ||
               boolFlag(a, "mlir-print-ir-module-scope", &o->printModuleScope, &bad) ||
               boolFlag(a, "mlir-timing", &o->timing, &bad) ||
               boolFlag(a, "mlir-print-debuginfo", &o->debugInfo, &bad) ||
               boolFlag(a, "mlir-print-op-generic", &o->genericForm, &bad) ||
               boolFlag(a, "mlir-print-local-scope", &o->localScope, &bad) ||
               boolFlag(a, "mlir-disable-threading", &o->disableThreading, &bad) ||
               boolFlag(a, "emit-bytecode", &o->emitBytecode, &bad) ||
               boolFlag(a, "allow-unregistered-dialect", &o->allowUnregistered, &bad)) {
      // Set by the matcher.
    } else {
      // Anything else must name a pass or pipeline: checked once the pass
      // manager is built, where unknown names are reported.
      addFlagPass(o, raw, a);
    }
    if (bad) {
      fprintf(stderr, "%s: invalid value in '%s'. Try: '%s --help'\n", tool, raw, tool);
      return 1;
    }
  }
  if (o->pipeline && o->numFlagPasses) {
    fprintf(stderr, "%s: '--pass-pipeline' cannot be used with individual pass options ('%s')\n",
            tool, o->flagPasses[0].arg);
    return 1;
  }
  return -1;
}

void dlcOptOptionsFree(DlcOptOptions *o) {
  free(o->flagPasses);
  o->flagPasses = NULL;
  o->numFlagPasses = 0;
}

void dlcOptFlagPipeline(const DlcOptOptions *o, DlcStr *out) {
  for (int i = 0; i < o->numFlagPasses; ++i) {
    const DlcOptFlagPass *f = &o->flagPasses[i];
    if (i)
      dlcStrPuts(out, ",");
    dlcStrAppend(out, f->name, f->nameLength);
    if (f->options && *f->options)
      dlcStrPrintf(out, "{%s}", f->options);
  }
}
