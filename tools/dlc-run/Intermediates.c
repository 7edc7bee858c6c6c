//===- Intermediates.c - dlc-run's numerical bisection ----------*- C -*-===//

#include "Intermediates.h"

#include "Compare.h"
#include "TestData.h"
#include "Text.h"

#include "dlc-c/Diagnostics.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Onnx.h"
#include "mlir-c/BuiltinAttributes.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

// Entry `name` of `dict`; null when either is.
static MlirAttribute field(MlirAttribute dict, const char *name) {
  return mlirAttributeIsNull(dict) ? dict : mlirDictionaryAttrGetElementByName(dict, ref(name));
}

static char *stringOf(MlirAttribute dict, const char *name) {
  MlirAttribute a = field(dict, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return textDup("", 0);
  MlirStringRef s = mlirStringAttrGetValue(a);
  return textDup(s.data, s.length);
}

void dlcRunTapsRead(MlirOperation entry, DlcRunTaps *taps) {
  memset(taps, 0, sizeof *taps);
  MlirAttribute all = mlirOperationGetAttributeByName(entry, ref("res_attrs"));
  if (mlirAttributeIsNull(all) || !mlirAttributeIsAArray(all))
    return;
  intptr_t n = mlirArrayAttrGetNumElements(all);
  taps->items = calloc((size_t)(n ? n : 1), sizeof *taps->items);
  if (!taps->items)
    abort();
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute dict = mlirArrayAttrGetElement(all, i);
    if (!mlirAttributeIsADictionary(dict))
      dict = mlirAttributeGetNull();
    DlcRunTap *t = &taps->items[i];
    t->value = stringOf(dict, "onnx.name");
    t->node = stringOf(dict, "onnx.node");
    t->opType = stringOf(dict, "onnx.op_type");
    MlirAttribute inputs = field(dict, "onnx.node_inputs");
    MlirAttribute types = field(dict, "onnx.node_input_types");
    MlirAttribute index = field(dict, "onnx.node_index");
    t->tap = !mlirAttributeIsNull(field(dict, "onnx.tap"));
    if (!t->tap && taps->numGraphOutputs == i)
      ++taps->numGraphOutputs;
    t->nodeIndex = -1;
    bool computed = !mlirAttributeIsNull(index) && mlirAttributeIsAInteger(index) &&
                    !mlirAttributeIsNull(inputs) && mlirAttributeIsAArray(inputs) &&
                    !mlirAttributeIsNull(types) && mlirAttributeIsAArray(types) &&
                    mlirArrayAttrGetNumElements(types) == mlirArrayAttrGetNumElements(inputs);
    if (!computed)
      continue;
    t->nodeIndex = mlirIntegerAttrGetValueInt(index);
    intptr_t k = mlirArrayAttrGetNumElements(inputs);
    t->inputs = calloc((size_t)(k ? k : 1), sizeof(char *));
    t->inputTypes = calloc((size_t)(k ? k : 1), sizeof(DlcTensorType));
    if (!t->inputs || !t->inputTypes)
      abort();
    for (intptr_t j = 0; j < k; ++j) {
      MlirAttribute in = mlirArrayAttrGetElement(inputs, j);
      MlirAttribute type = mlirArrayAttrGetElement(types, j);
      MlirStringRef s = mlirAttributeIsAString(in) ? mlirStringAttrGetValue(in) : ref("?");
      t->inputs[j] = textDup(s.data, s.length);
      if (!mlirAttributeIsAType(type) ||
          mlirLogicalResultIsFailure(dlcTensorTypeFromMlirType(mlirTypeAttrGetValue(type),
                                                               &t->inputTypes[j])))
        t->inputTypes[j].rank = -1;
    }
    t->numInputs = k;
  }
  taps->count = n;
  taps->numInputs = dlcRunNumArguments(entry);
  taps->inputNames = calloc((size_t)(taps->numInputs > 0 ? taps->numInputs : 1), sizeof(char *));
  if (!taps->inputNames)
    abort();
  for (intptr_t i = 0; i < taps->numInputs; ++i) {
    MlirStringRef name = dlcRunArgumentName(entry, i);
    taps->inputNames[i] = textDup(name.data, name.length);
  }
  // Topological: by node; a node's outputs in their order.
  taps->order = calloc((size_t)(n ? n : 1), sizeof(intptr_t));
  if (!taps->order)
    abort();
  for (intptr_t i = 0; i < n; ++i) {
    if (taps->items[i].nodeIndex < 0)
      continue;
    intptr_t k = taps->numOrdered++;
    for (; k > 0 && taps->items[taps->order[k - 1]].nodeIndex > taps->items[i].nodeIndex; --k)
      taps->order[k] = taps->order[k - 1];
    taps->order[k] = i;
  }
}

void dlcRunTapsDestroy(DlcRunTaps *taps) {
  for (intptr_t i = 0; i < taps->count; ++i) {
    DlcRunTap *t = &taps->items[i];
    for (intptr_t j = 0; j < t->numInputs; ++j)
      free(t->inputs[j]);
    free(t->inputs);
    free(t->inputTypes);
    free(t->value);
    free(t->node);
    free(t->opType);
  }
  for (intptr_t i = 0; i < taps->numInputs; ++i)
    free(taps->inputNames[i]);
  free(taps->inputNames);
  free(taps->items);
  free(taps->order);
  memset(taps, 0, sizeof *taps);
}

// DIR/<name, every byte outside A-Za-z0-9._-~ as %XX><suffix>
static void filePath(Text *path, const char *dir, const char *name, const char *suffix) {
  textPrintf(path, "%s/", dir);
  for (const unsigned char *c = (const unsigned char *)name; *c; ++c) {
    bool plain = (*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') ||
                 (*c >= '0' && *c <= '9') || strchr("._-~", *c);
    if (plain)
      textAppend(path, (const char *)c, 1);
    else
      textPrintf(path, "%%%02X", *c);
  }
  textPuts(path, suffix);
}

bool dlcRunDumpIntermediates(const char *dir, const DlcRunTaps *taps, const DlcTensor *outputs) {
  if (!dlcRunMakeDirectory(dir, "directory"))
    return false;
  for (intptr_t i = 0; i < taps->count; ++i) {
    Text path = TEXT_INIT;
    filePath(&path, dir, taps->items[i].value, ".npy");
    bool ok = mlirLogicalResultIsSuccess(
        dlcTensorWriteNpy(&outputs[i], ref(textGet(&path)), dlcRunPrintError, NULL));
    textFree(&path);
    if (!ok)
      return false;
  }
  printf("wrote %ld values to %s\n", (long)taps->count, dir);
  return true;
}

// The reference of a value: DIR/<name>.npy, else .pb; 0 if neither exists,
// -1 after a message.
static int readReference(const char *dir, const char *name, DlcTensor *out) {
  static const char *const suffixes[] = {".npy", ".pb"};
  for (int k = 0; k < 2; ++k) {
    Text path = TEXT_INIT;
    filePath(&path, dir, name, suffixes[k]);
    struct stat st;
    int found = stat(textGet(&path), &st) == 0 ? 1 : 0;
    if (found && mlirLogicalResultIsFailure(
                     dlcTensorCreateFromFile(ref(textGet(&path)), out, dlcRunPrintError, NULL)))
      found = -1;
    textFree(&path);
    if (found)
      return found;
  }
  return 0;
}

static bool sameType(const DlcTensor *a, const DlcTensor *b) {
  if (a->dtype != b->dtype || a->rank != b->rank)
    return false;
  for (int64_t d = 0; d < a->rank; ++d)
    if (a->shape[d] != b->shape[d])
      return false;
  return true;
}

// "max_abs_err=.. max_rel_err=.. (n of N differ; first at [..]: got .., want ..)"
static void describe(Text *s, const DlcTensor *got, const DlcTensor *want, const DlcComparison *c) {
  textPrintf(s, "max_abs_err=%.3g max_rel_err=%.3g", c->maxAbsError, c->maxRelError);
  if (!c->numMismatches)
    return;
  textPrintf(s, " (%lld of %lld differ; first at ", (long long)c->numMismatches,
             (long long)dlcTensorNumElements(got));
  dlcAppendIndex(s, got, c->firstMismatch);
  textPuts(s, ": got ");
  dlcAppendValue(s, got, c->firstMismatch);
  textPuts(s, ", want ");
  dlcAppendValue(s, want, c->firstMismatch);
  textPuts(s, ")");
}

enum { MAX_DOWNSTREAM = 20 };

int dlcRunCompareIntermediates(const DlcRunArgs *o, const DlcRunTaps *taps,
                               const DlcTensor *outputs) {
  const char *dir = o->compareIntermediates;
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
    fprintf(stderr, "%s: --compare-intermediates: '%s' is not a directory\n", dlcRunTool, dir);
    return DLC_RUN_ERROR;
  }
  intptr_t compared = 0, missing = 0, diverged = 0, first = -1, after = 0;
  for (intptr_t k = 0; k < taps->numOrdered; ++k) {
    intptr_t i = taps->order[k];
    const DlcRunTap *t = &taps->items[i];
    DlcTensor want;
    int found = readReference(dir, t->value, &want);
    if (found < 0)
      return DLC_RUN_ERROR;
    if (!found) {
      ++missing;
      continue;
    }
    ++compared;
    Text line = TEXT_INIT;
    bool differs;
    if (!sameType(&outputs[i], &want)) {
      differs = true;
      textPuts(&line, "the reference holds ");
      dlcAppendTensorType(&line, &want);
      textPuts(&line, ", DLC computed ");
      dlcAppendTensorType(&line, &outputs[i]);
    } else {
      DlcComparison c = dlcCompareTensors(&outputs[i], &want, o->rtol, o->atol);
      differs = c.numMismatches > 0;
      describe(&line, &outputs[i], &want, &c);
    }
    if (differs && first < 0) {
      first = i;
      printf("first divergence: %s (%s)\n", t->node, t->opType);
      for (intptr_t j = 0; j < t->numInputs; ++j) {
        printf("  input %s: ", t->inputs[j]);
        Text type = TEXT_INIT;
        if (t->inputTypes[j].rank >= 0)
          dlcTensorTypePrint(&t->inputTypes[j], textCallback, &type);
        printf("%s\n", textGet(&type));
        textFree(&type);
      }
      printf("  output %s: %s\n", t->value, textGet(&line));
      printf("downstream, in topological order:\n");
    } else if (first >= 0 && ++after <= MAX_DOWNSTREAM) {
      printf("  %s (%s) %s: %s\n", t->node, t->opType, t->value, textGet(&line));
    }
    diverged += differs;
    textFree(&line);
    dlcTensorDestroy(&want);
  }
  if (after > MAX_DOWNSTREAM)
    printf("  ... and %ld more\n", (long)(after - MAX_DOWNSTREAM));
  printf("intermediates: %ld compared with %s (rtol %g, atol %g), %ld without a file, %ld "
         "diverge\n",
         (long)compared, dir, o->rtol, o->atol, (long)missing, (long)diverged);
  return diverged ? DLC_RUN_MISMATCH : DLC_RUN_OK;
}

int dlcRunExtractNode(const DlcRunArgs *o, const DlcRunTaps *taps, const DlcTensor *inputs,
                      const DlcTensor *outputs) {
  // Every value this run knows: the inputs, then each result (a tap, or a
  // graph output), each replaced by its reference when there is one.
  intptr_t n = taps->numInputs + taps->count;
  MlirStringRef *names = calloc((size_t)(n ? n : 1), sizeof *names);
  DlcTensor *values = calloc((size_t)(n ? n : 1), sizeof *values);
  DlcTensor *references = calloc((size_t)(n ? n : 1), sizeof *references);
  if (!names || !values || !references)
    abort();
  int status = DLC_RUN_OK;
  for (intptr_t i = 0; i < taps->numInputs; ++i) {
    names[i] = mlirStringRefCreateFromCString(taps->inputNames[i]);
    values[i] = inputs[i];
  }
  for (intptr_t i = 0; i < taps->count && status == DLC_RUN_OK; ++i) {
    intptr_t k = taps->numInputs + i;
    names[k] = mlirStringRefCreateFromCString(taps->items[i].value);
    values[k] = outputs[i];
    int found = 0;
    bool produced = !strcmp(taps->items[i].node, o->extractNode);
    if (o->compareIntermediates && produced)
      found = readReference(o->compareIntermediates, taps->items[i].value, &references[k]);
    if (found < 0)
      status = DLC_RUN_ERROR;
    else if (found)
      values[k] = references[k];
  }
  MlirContext ctx = dlcContextCreate();
  if (status == DLC_RUN_OK && !mlirContextIsNull(ctx)) {
    dlcContextAttachPrintingDiagnosticHandler(ctx, stderr);
    if (mlirLogicalResultIsFailure(dlcOnnxExtractNode(
            ctx, mlirStringRefCreateFromCString(o->model),
            mlirStringRefCreateFromCString(o->extractNode), n, names, values,
            mlirStringRefCreateFromCString(o->extractPath))))
      status = DLC_RUN_ERROR;
    else
      printf("extracted node '%s' into %s (test data in test_data_set_0/ beside it)\n",
             o->extractNode, o->extractPath);
  }
  if (!mlirContextIsNull(ctx))
    mlirContextDestroy(ctx);
  for (intptr_t i = 0; i < n; ++i)
    dlcTensorDestroy(&references[i]);
  free(references);
  free(values);
  free(names);
  return status;
}
