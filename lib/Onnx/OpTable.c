//===- OpTable.c - Which translator imports which ONNX op -------*- C -*-===//
//
// Each family file (Ops*.c) lists its op types, one entry per version whose
// semantics or attributes differ up to opset 27. A node uses the
// newest entry not newer than the model's opset, as ONNX resolves versions.
// dlcOnnxPrintOpTable lists the tables for docs/SupportedOps.md.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef const DlcOnnxOpEntry *(*TableFn)(size_t *count);

static const TableFn tables[] = {
    dlcOnnxElementwiseOps, dlcOnnxLinearOps,     dlcOnnxNormOps,       dlcOnnxShapeOps,
    dlcOnnxTensorOps,      dlcOnnxIndexOps,      dlcOnnxResizeOps,     dlcOnnxAttentionOps,
    dlcOnnxQuantOps,       dlcOnnxEinsumOps,     dlcOnnxSpectralOps,   dlcOnnxRecurrentOps,
    dlcOnnxSelectOps,      dlcOnnxGridSampleOps, dlcOnnxRoiAlignOps,   dlcOnnxDeformConvOps,
    dlcOnnxStatefulOps,    dlcOnnxTfIdfOps,      dlcOnnxControlOps,    dlcOnnxScanOps,
    dlcOnnxDataDepOps,     dlcOnnxSequenceOps};

const DlcOnnxOpEntry *dlcOnnxLookupOp(const char *opType, int64_t opset, int *firstSince) {
  const DlcOnnxOpEntry *best = NULL;
  int first = INT_MAX;
  for (size_t t = 0; t < sizeof tables / sizeof *tables; ++t) {
    size_t count;
    const DlcOnnxOpEntry *entries = tables[t](&count);
    for (size_t i = 0; i < count; ++i) {
      const DlcOnnxOpEntry *e = &entries[i];
      if (strcmp(e->opType, opType))
        continue;
      if (e->since < first)
        first = e->since;
      if (e->since <= opset && (!best || e->since > best->since))
        best = e;
    }
  }
  *firstSince = first == INT_MAX ? 0 : first;
  return best;
}

//===----------------------------------------------------------------------===//
// The listing for docs/SupportedOps.md
//===----------------------------------------------------------------------===//

static int compareEntries(const void *a, const void *b) {
  const DlcOnnxOpEntry *x = *(const DlcOnnxOpEntry *const *)a;
  const DlcOnnxOpEntry *y = *(const DlcOnnxOpEntry *const *)b;
  int c = strcmp(x->opType, y->opType);
  return c ? c : (x->since > y->since) - (x->since < y->since);
}

// ONNX's names for DLC's element types, in DLC_T_* bit order.
static const char *const typeNames[] = {"FLOAT",  "DOUBLE", "INT8",   "INT16",
                                        "INT32",  "INT64",  "UINT8",  "UINT16",
                                        "UINT32", "UINT64", "BOOL",   "FLOAT16",
                                        "BFLOAT16", "FLOAT8E4M3FN", "FLOAT8E4M3FNUZ", "FLOAT8E5M2",
                                        "FLOAT8E5M2FNUZ", "FLOAT8E8M0", "FLOAT4E2M1", "INT4",
                                        "UINT4", "INT2", "UINT2"};

// "a, b: FLOAT DOUBLE; c: BOOL": values with the same types share a group.
static void appendValueTypes(DlcStr *s, const DlcValueDef *values, int n) {
  bool done[DLC_MAX_OPERANDS] = {false};
  for (int i = 0; i < n; ++i) {
    if (done[i])
      continue;
    dlcStrPuts(s, i ? "; " : "");
    for (int k = i; k < n; ++k) {
      if (values[k].types != values[i].types)
        continue;
      dlcStrPrintf(s, "%s%s", k == i ? "" : ", ", values[k].name);
      done[k] = true;
    }
    dlcStrPuts(s, ":");
    for (size_t bit = 0; bit < sizeof typeNames / sizeof *typeNames; ++bit)
      if (values[i].types & (1u << bit))
        dlcStrPrintf(s, " %s", typeNames[bit]);
  }
}

// The types of the graph op's operands, or of its results when it has none.
static void appendTypes(DlcStr *s, const char *graphOp) {
  const DlcOpDef *def = dlcLookupOpDefByName(graphOp, strlen(graphOp));
  if (!def)
    dlcStrPrintf(s, "? (no op %s)", graphOp);
  else if (dlcDefNumOperands(def))
    appendValueTypes(s, def->operands, dlcDefNumOperands(def));
  else
    appendValueTypes(s, def->results, dlcDefNumResults(def));
}

static void printEntry(DlcStr *s, const DlcOnnxOpEntry *e, int from, int until) {
  dlcStrPrintf(s, "%s\t%d\t%d\t%s\t", e->opType, from, until, e->graphOp);
  appendTypes(s, e->graphOp);
  dlcStrPuts(s, "\t");
  for (int k = 0; k < DLC_ONNX_MAX_ATTR_SPECS && e->attrs[k].name; ++k)
    dlcStrPrintf(s, "%s%s", k ? ", " : "", e->attrs[k].name);
  if (!e->attrs[0].name)
    dlcStrPuts(s, "-");
  dlcStrPrintf(s, "\t%s\n", e->limits ? e->limits : "-");
}

void dlcOnnxPrintOpTable(MlirStringCallback callback, void *userData) {
  size_t total = 0;
  for (size_t t = 0; t < sizeof tables / sizeof *tables; ++t) {
    size_t count;
    tables[t](&count);
    total += count;
  }
  const DlcOnnxOpEntry **all = malloc(total * sizeof *all);
  if (!all)
    abort();
  size_t n = 0;
  for (size_t t = 0; t < sizeof tables / sizeof *tables; ++t) {
    size_t count;
    const DlcOnnxOpEntry *entries = tables[t](&count);
    for (size_t i = 0; i < count; ++i)
      all[n++] = &entries[i];
  }
  qsort(all, n, sizeof *all, compareEntries);
  DlcStr s = DLC_STR_INIT;
  for (size_t i = 0; i < n; ++i) {
    const DlcOnnxOpEntry *e = all[i];
    bool last = i + 1 == n || strcmp(all[i + 1]->opType, e->opType);
    int until = last ? DLC_ONNX_MAX_OPSET : all[i + 1]->since - 1;
    int from = e->since > DLC_ONNX_MIN_OPSET ? e->since : DLC_ONNX_MIN_OPSET;
    if (until >= from) // else superseded before the first supported opset
      printEntry(&s, e, from, until);
  }
  callback(mlirStringRefCreate(dlcStrGet(&s), s.len), userData);
  dlcStrFree(&s);
  free(all);
}
