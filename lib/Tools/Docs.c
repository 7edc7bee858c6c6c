//===- Docs.c - Markdown docs generated from DLC's tables -------*- C -*-===//
//
// docs/GraphDialect.md, docs/TensorDialect.md and docs/Passes.md are printed
// from the op tables (OpDef.h) and the pass table (PassDef.h), so they cannot
// drift from what the verifier, the passes and --help use. A lit test
// (test/docs/docs-up-to-date.test) fails when the committed pages are stale.
//
//===----------------------------------------------------------------------===//

#include "Tools/Docs.h"
#include "Dialect/OpDef.h"
#include "Pass/PassDef.h"
#include "Support/Str.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Passes.h"

#include <string.h>

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

// Prints text for a markdown table cell: '|' would end the cell.
static void putCell(const char *text, FILE *out) {
  for (const char *p = text ? text : ""; *p; ++p) {
    if (*p == '|')
      fputc('\\', out);
    fputc(*p, out);
  }
}

// The element types of a mask, spelled out.
static void putTypes(uint32_t mask, FILE *out) {
  static const struct {
    uint32_t mask;
    const char *text;
  } groups[] = {
      {DLC_T_STORED, "any, or a storage type: f32, f64, f16, bf16, i8-i64, ui8-ui64, i1"},
      {DLC_T_ANY, "any: f32, f64, i8-i64, ui8-ui64, i1"},
      {DLC_T_NUMERIC, "numeric: f32, f64, i8-i64, ui8-ui64"},
      {DLC_T_SIGNED, "f32, f64, i8-i64"},
      {DLC_T_FLOAT, "f32, f64"},
      {DLC_T_INT, "i8-i64, ui8-ui64"},
      {DLC_T_SINT, "i8-i64"},
      {DLC_T_UINT, "ui8-ui64"},
  };
  static const char *const names[] = {"f32", "f64",  "i8",   "i16",  "i32", "i64",
                                      "ui8", "ui16", "ui32", "ui64", "i1",
                                      "f16", "bf16"};
  for (size_t i = 0; i < sizeof groups / sizeof *groups; ++i) {
    if (mask == groups[i].mask) {
      fputs(groups[i].text, out);
      return;
    }
  }
  const char *sep = "";
  for (unsigned bit = 0; bit < sizeof names / sizeof *names; ++bit) {
    if (mask & (1u << bit)) {
      fprintf(out, "%s%s", sep, names[bit]);
      sep = ", ";
    }
  }
}

// How an attribute of each kind is written in MLIR.
static const char *kindText(DlcAttrKind k) {
  switch (k) {
  case DLC_ATTR_INT:
    return "integer, e.g. `1 : i64`";
  case DLC_ATTR_BOOL:
    return "bool: `true` or `false`";
  case DLC_ATTR_FLOAT:
    return "float, e.g. `0.5 : f32`";
  case DLC_ATTR_STRING:
    return "string, e.g. `\"text\"`";
  case DLC_ATTR_INTS:
    return "`array<i64: ..>`";
  case DLC_ATTR_TYPE:
    return "type, e.g. `f32`";
  case DLC_ATTR_ELEMENTS:
    return "`dense<..>` or `dense_resource<..>`";
  case DLC_ATTR_SYMBOL:
    return "symbol, e.g. `@name`";
  }
  return "?";
}

static const char *shortName(const DlcOpDef *d, const char *dialect) {
  return d->name + strlen(dialect) + 1;
}

//===----------------------------------------------------------------------===//
// Dialect pages
//===----------------------------------------------------------------------===//

// `%output = "dlc_graph.gemm"(%a, %b, %c?) {alpha?, ..}`: optional operands,
// results and attributes are marked with `?`.
static void printForm(const DlcOpDef *d, FILE *out) {
  int numResults = dlcDefNumResults(d), numOperands = dlcDefNumOperands(d);
  int numAttrs = dlcDefNumAttrs(d);
  fputs("```mlir\n", out);
  for (int i = 0; i < numResults; ++i)
    fprintf(out, "%s%%%s%s", i ? ", " : "", d->results[i].name, d->results[i].optional ? "?" : "");
  fprintf(out, " = \"%s\"(", d->name);
  for (int i = 0; i < numOperands; ++i)
    fprintf(out, "%s%%%s%s", i ? ", " : "", d->operands[i].name,
            d->operands[i].optional ? "?" : "");
  fputs(")", out);
  if (numAttrs) {
    fputs(" {", out);
    for (int i = 0; i < numAttrs; ++i)
      fprintf(out, "%s%s%s", i ? ", " : "", d->attrs[i].name, d->attrs[i].required ? "" : "?");
    fputs("}", out);
  }
  fputs(" : (...) -> ...\n```\n\n", out);
}

static void printValues(const char *what, const DlcValueDef *values, int n, FILE *out) {
  if (!n)
    return;
  fprintf(out, "| %s | element types | shape and notes |\n|---|---|---|\n", what);
  for (int i = 0; i < n; ++i) {
    fprintf(out, "| `%s`%s | ", values[i].name, values[i].optional ? " (optional)" : "");
    putTypes(values[i].types, out);
    fputs(" | ", out);
    putCell(values[i].doc, out);
    fputs(" |\n", out);
  }
  fputs("\n", out);
}

// Ops with more than one optional operand (result) need the segment
// attribute; IRDL asks for it even when none is present.
static void printSegments(const char *attr, const char *what, const DlcValueDef *values, int n,
                          FILE *out) {
  int optional = 0;
  for (int i = 0; i < n; ++i)
    optional += values[i].optional;
  if (optional < 2)
    return;
  fprintf(out, "`%s = array<i32: ", attr);
  for (int i = 0; i < n; ++i)
    fprintf(out, "%s%s", i ? ", " : "", values[i].optional ? "0|1" : "1");
  fprintf(out, ">` is required and says which optional %ss are present (one entry per %s in "
               "the order above, 1 if present).\n\n",
          what, what);
}

static void printAttrs(const DlcOpDef *d, FILE *out) {
  int n = dlcDefNumAttrs(d);
  if (!n)
    return;
  fputs("| attribute | kind | default | meaning |\n|---|---|---|---|\n", out);
  for (int i = 0; i < n; ++i) {
    const DlcAttrDef *a = &d->attrs[i];
    fprintf(out, "| `%s` | %s | ", a->name, kindText(a->kind));
    if (a->required)
      fputs("required", out);
    else if (a->defaultValue)
      fprintf(out, "`%s`", a->defaultValue);
    else
      fputs("from the operands (see meaning)", out);
    fputs(" | ", out);
    putCell(a->doc, out);
    fputs(" |\n", out);
  }
  fputs("\n", out);
}

static void printOp(const DlcOpDef *d, const char *dialect, FILE *out) {
  fprintf(out, "## %s\n\n`%s`: %s.\n\n", shortName(d, dialect), d->name, d->summary);
  printForm(d, out);
  fprintf(out, "%s\n\n", d->description);
  printValues("operand", d->operands, dlcDefNumOperands(d), out);
  printSegments("operandSegmentSizes", "operand", d->operands, dlcDefNumOperands(d), out);
  printValues("result", d->results, dlcDefNumResults(d), out);
  printSegments("resultSegmentSizes", "result", d->results, dlcDefNumResults(d), out);
  printAttrs(d, out);
}

static void printDialect(const char *dialect, FILE *out) {
  size_t count;
  const DlcOpDef *defs = dlcDialectOpDefs(dialect, &count);
  bool graph = !strcmp(dialect, "dlc_graph");
  fprintf(out, "<!-- Generated by `dlc-opt --dlc-print-docs=%s`; do not edit. -->\n\n", dialect);
  fprintf(out, "# The `%s` dialect\n\n", dialect);
  if (graph)
    fputs("Model-level operators, what a frontend (the ONNX importer) produces. Semantics follow "
          "ONNX v1.22.0 unless noted. The structure is defined in IRDL "
          "(`dialects/graph.irdl.mlir`); element types, shapes, attribute kinds and values, "
          "optional attributes and unknown attribute names are checked by DLC's verifier, after "
          "parsing in `dlc-opt` and on entry to DLC's passes. Ops are written in MLIR's generic "
          "form:\n\n"
          "```mlir\n%y = \"dlc_graph.conv\"(%x, %w) {strides = array<i64: 2, 2>} :\n"
          "    (tensor<1x3x32x32xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x15x15xf32>\n```\n\n"
          "Tensors are ranked (rank <= 16; `?` dims allowed) over f32, f64, i8-i64 (signed), "
          "ui8-ui64 (unsigned) and i1 (bool). An attribute that is not required may be left "
          "out: the op then behaves as with the default shown. Broadcasting is numpy's: shapes "
          "are aligned at the end and a size-1 dim stretches. A declared result type may be more "
          "static than what the operands imply, never contradict it; `dlc-infer-shapes` fills "
          "in `?` dims. Attributes with a dialect prefix (`onnx.name`) are annotations any op "
          "may carry.\n\n",
          out);
  else
    fputs("The primitive computations that graph ops decompose into (`dlc-graph-to-tensor`), "
          "each lowering to one linalg or tensor form (`dlc-tensor-to-linalg`). Every attribute "
          "is required: there are no defaults at this level. Structure in "
          "`dialects/tensor.irdl.mlir`; the rest is checked by DLC's verifier. Unsigned tensors "
          "(ui8-ui64) keep their signedness until lowering, which makes them signless.\n\n",
          out);
  fputs("| op | summary |\n|---|---|\n", out);
  for (size_t i = 0; i < count; ++i)
    fprintf(out, "| [`%s`](#%s) | %s |\n", shortName(&defs[i], dialect),
            shortName(&defs[i], dialect), defs[i].summary);
  fputs("\n", out);
  for (size_t i = 0; i < count; ++i)
    printOp(&defs[i], dialect, out);
}

//===----------------------------------------------------------------------===//
// The passes page
//===----------------------------------------------------------------------===//

// A pipeline's passes in order, as upstream prints pipelines but without
// the options every upstream pass prints, e.g.
// `builtin.module(dlc-infer-shapes,canonicalize,func.func(cse))`.
static void printExpansion(MlirContext ctx, const DlcPipelineDef *p, FILE *out) {
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString("builtin.module"));
  DlcPassOptions defaults = {0};
  if (p->options)
    defaults = dlcPassDefDefaultOptions(p->options);
  MlirLogicalResult built = p->build(mlirPassManagerGetAsOpPassManager(pm),
                                     p->options ? &defaults : NULL, NULL, NULL);
  if (mlirLogicalResultIsFailure(built)) {
    mlirPassManagerDestroy(pm);
    return;
  }
  DlcStr text = DLC_STR_INIT;
  mlirPrintPassPipeline(mlirPassManagerGetAsOpPassManager(pm), dlcStrCallback, &text);
  mlirPassManagerDestroy(pm);
  fputs("Runs, in order:\n\n```\n", out);
  // Drop the builtin.module( .. ) around the list, and every {options}.
  const char *c = dlcStrGet(&text), *end = c + text.len;
  static const char anchor[] = "builtin.module(";
  if (!strncmp(c, anchor, sizeof anchor - 1) && end[-1] == ')') {
    c += sizeof anchor - 1;
    --end;
  }
  int depth = 0;
  for (; c < end; ++c) {
    if (*c == '{')
      ++depth;
    else if (*c == '}')
      --depth;
    else if (!depth)
      fputc(*c == ',' ? '\n' : *c, out);
  }
  fputs("\n```\n\n", out);
  dlcStrFree(&text);
}

static void printPassEntry(const DlcPassInfo *p, FILE *out) {
  fprintf(out, "### `%s`\n\n%s.\n\n%s\n\n", p->argument, p->summary, p->description);
  const DlcPassDef *def = dlcLookupPassDef(p->argument, strlen(p->argument));
  if (def) {
    fprintf(out, "Runs on: %s%s%s.", *def->anchor ? "`" : "",
            *def->anchor ? def->anchor : "any op", *def->anchor ? "`" : "");
    for (int i = 0; i < 8 && def->dependentDialects[i]; ++i)
      fprintf(out, "%s`%s`", i ? ", " : " Creates ops of: ", def->dependentDialects[i]);
    fputs("\n\n", out);
  }
  if (!p->numOptions)
    return;
  fputs("| option | type | default | meaning |\n|---|---|---|---|\n", out);
  for (intptr_t k = 0; k < p->numOptions; ++k) {
    const DlcPassOptionInfo *o = &p->options[k];
    fprintf(out, "| `%s` | %s | `%s` | ", o->name, o->type, o->defaultValue);
    putCell(o->description, out);
    fputs(" |\n", out);
  }
  fputs("\n", out);
}

static bool printPasses(FILE *out) {
  MlirContext ctx = dlcContextCreate();
  if (mlirContextIsNull(ctx))
    return false;
  fputs("<!-- Generated by `dlc-opt --dlc-print-docs=passes`; do not edit. -->\n\n"
        "# DLC passes and pipelines\n\n"
        "Each is a `dlc-opt` flag (`--dlc-infer-shapes`, options as "
        "`--dlc-flatten-constants='min-elements=1024'`) and a pipeline element "
        "(`--pass-pipeline='builtin.module(dlc-infer-shapes,canonicalize)'`, options as "
        "`{name=value}`), freely mixed with upstream passes. From C: `include/dlc-c/Passes.h` "
        "(`dlcParsePassPipeline`, `dlcCreatePassFromString`, one builder per pipeline).\n\n"
        "| flag | kind | summary |\n|---|---|---|\n",
        out);
  intptr_t n = dlcGetNumPassInfos();
  for (int pipelines = 0; pipelines < 2; ++pipelines)
    for (intptr_t i = 0; i < n; ++i) {
      DlcPassInfo p = dlcGetPassInfo(i);
      if (p.isPipeline == pipelines)
        fprintf(out, "| [`%s`](#%s) | %s | %s |\n", p.argument, p.argument,
                pipelines ? "pipeline" : "pass", p.summary);
    }
  fputs("\n", out);
  for (int pipelines = 0; pipelines < 2; ++pipelines) {
    fputs(pipelines ? "## Pipelines\n\n" : "## Passes\n\n", out);
    for (intptr_t i = 0; i < n; ++i) {
      DlcPassInfo p = dlcGetPassInfo(i);
      if (p.isPipeline != pipelines)
        continue;
      printPassEntry(&p, out);
      if (pipelines)
        printExpansion(ctx, dlcLookupPipelineDef(p.argument, strlen(p.argument)), out);
    }
  }
  mlirContextDestroy(ctx);
  return true;
}

bool dlcPrintDocs(const char *which, FILE *out) {
  if (!strcmp(which, "dlc_graph") || !strcmp(which, "dlc_tensor")) {
    printDialect(which, out);
    return true;
  }
  if (!strcmp(which, "passes")) {
    if (printPasses(out))
      return true;
    fputs("dlc-opt: cannot load the DLC dialects\n", stderr);
    return false;
  }
  fprintf(stderr, "dlc-opt: --dlc-print-docs takes dlc_graph, dlc_tensor or passes, not '%s'\n",
          which);
  return false;
}
