//===- TestData.c - ONNX backend-test data for dlc-run ----------*- C -*-===//

#include "TestData.h"

#include "Compare.h"
#include "Text.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

bool dlcRunCollectTestData(DlcRunArgs *o) {
  struct stat st;
  if (stat(o->testData, &st) != 0 || !S_ISDIR(st.st_mode)) {
    fprintf(stderr, "%s: --test-data: '%s' is not a directory\n", dlcRunTool, o->testData);
    return false;
  }
  for (int kind = 0; kind < 2; ++kind) {
    for (int n = 0;; ++n) {
      Text path = TEXT_INIT;
      textPrintf(&path, "%s/%s_%d.pb", o->testData, kind ? "output" : "input", n);
      bool exists = stat(textGet(&path), &st) == 0;
      if (exists)
        dlcRunAddFile(kind ? &o->expects : &o->inputs, textGet(&path));
      textFree(&path);
      if (!exists)
        break;
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The input provider
//===----------------------------------------------------------------------===//

void dlcTestInputsInit(DlcTestInputs *t, const char *dir, const DlcRunFiles *files) {
  size_t n = (size_t)(files->count ? files->count : 1);
  t->dir = dir;
  t->files = files;
  t->values = calloc(n, sizeof *t->values);
  t->names = calloc(n, sizeof *t->names);
  t->order = calloc(n, sizeof *t->order);
  t->numBound = 0;
  t->lists = calloc(n, sizeof *t->lists);
  t->listCounts = calloc(n, sizeof *t->listCounts);
  t->listTypes = calloc(n, sizeof *t->listTypes);
  if (!t->values || !t->names || !t->order || !t->lists || !t->listCounts || !t->listTypes)
    abort();
}

void dlcTestInputsDestroy(DlcTestInputs *t) {
  for (intptr_t i = 0; i < t->files->count; ++i) {
    dlcTensorDestroy(&t->values[i]);
    free(t->names[i]);
    for (intptr_t k = 0; k < t->listCounts[i]; ++k)
      dlcTensorDestroy(&t->lists[i][k]);
    free(t->lists[i]);
    free(t->listTypes[i]);
  }
  free(t->lists);
  free(t->listCounts);
  free(t->listTypes);
  free(t->values);
  free(t->names);
  free(t->order);
}

MlirLogicalResult dlcTestInputsProvide(MlirStringRef name, intptr_t position,
                                       const DlcTensor **value, void *userData) {
  DlcTestInputs *t = userData;
  if (position < 0 || position >= t->files->count) {
    fprintf(stderr,
            "%s: graph input '%.*s' is needed at compile time, but '%s' has no input_%ld.pb\n",
            dlcRunTool, (int)name.length, name.data, t->dir, (long)position);
    return mlirLogicalResultFailure();
  }
  if (mlirLogicalResultIsFailure(
          dlcTensorCreateFromFile(mlirStringRefCreateFromCString(t->files->paths[position]),
                                  &t->values[position], dlcRunPrintError, NULL)))
    return mlirLogicalResultFailure();
  t->names[position] = textDup(name.data, name.length);
  t->order[t->numBound++] = position;
  *value = &t->values[position];
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcTestInputsProvideList(MlirStringRef name, intptr_t position, bool optional,
                                           intptr_t *count, const DlcTensorType **types,
                                           void *userData) {
  DlcTestInputs *t = userData;
  if (position < 0 || position >= t->files->count) {
    fprintf(stderr, "%s: graph input '%.*s' is %s, whose length DLC needs at compile time, "
                    "but no input file #%ld was given\n",
            dlcRunTool, (int)name.length, name.data, optional ? "an optional" : "a sequence",
            (long)position);
    return mlirLogicalResultFailure();
  }
  if (mlirLogicalResultIsFailure(dlcTensorListCreateFromFile(
          mlirStringRefCreateFromCString(t->files->paths[position]), optional,
          &t->lists[position], &t->listCounts[position], dlcRunPrintError, NULL)))
    return mlirLogicalResultFailure();
  intptr_t n = t->listCounts[position];
  DlcTensorType *listTypes = calloc((size_t)(n > 0 ? n : 1), sizeof *listTypes);
  if (!listTypes)
    abort();
  for (intptr_t k = 0; k < n; ++k)
    listTypes[k] = dlcTensorGetType(&t->lists[position][k]);
  t->listTypes[position] = listTypes;
  *count = n;
  *types = listTypes;
  return mlirLogicalResultSuccess();
}

// `onnx.element` of argument `i`: which tensor of its list it holds; -1 for
// a tensor argument.
static int64_t argElement(MlirOperation entry, intptr_t i);

bool dlcTestInputsRead(const DlcTestInputs *t, MlirOperation entry, const DlcRunFiles *files,
                       DlcTensor *out) {
  for (intptr_t i = 0; i < files->count; ++i) {
    int64_t k = argElement(entry, i);
    if (k < 0) {
      if (mlirLogicalResultIsFailure(dlcTensorCreateFromFile(
              mlirStringRefCreateFromCString(files->paths[i]), &out[i], dlcRunPrintError, NULL)))
        return false;
      continue;
    }
    const DlcTensor *from = NULL;
    for (intptr_t p = 0; p < t->files->count && !from; ++p)
      if (t->lists[p] && k < t->listCounts[p] && !strcmp(t->files->paths[p], files->paths[i]))
        from = &t->lists[p][k];
    if (!from) {
      fprintf(stderr, "%s: argument %ld holds tensor %lld of '%s', which was not read as a "
                      "sequence or an optional\n",
              dlcRunTool, (long)i, (long long)k, files->paths[i]);
      return false;
    }
    if (mlirLogicalResultIsFailure(dlcTensorCreate(from->dtype, from->rank, from->shape, &out[i])))
      return false;
    if (from->bytes)
      memcpy(out[i].data, from->data, from->bytes);
  }
  return true;
}

void dlcTestInputsPrint(const DlcTestInputs *t) {
  for (intptr_t k = 0; k < t->numBound; ++k) {
    intptr_t i = t->order[k];
    Text s = TEXT_INIT;
    textPrintf(&s, "bound input '%s' from %s: ", t->names[i], t->files->paths[i]);
    dlcAppendTensorType(&s, &t->values[i]);
    textPuts(&s, " values=");
    dlcAppendValues(&s, &t->values[i], 10);
    printf("%s\n", textGet(&s));
    textFree(&s);
  }
}

//===----------------------------------------------------------------------===//
// Matching files to arguments
//===----------------------------------------------------------------------===//

static MlirAttribute attrOf(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

// The `onnx.name` of argument `i`, or a null attribute.
static MlirAttribute argName(MlirAttribute argAttrs, intptr_t i) {
  if (mlirAttributeIsNull(argAttrs) || !mlirAttributeIsAArray(argAttrs) ||
      i >= mlirArrayAttrGetNumElements(argAttrs))
    return (MlirAttribute){NULL};
  MlirAttribute dict = mlirArrayAttrGetElement(argAttrs, i);
  if (!mlirAttributeIsADictionary(dict))
    return (MlirAttribute){NULL};
  MlirAttribute name = mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString("onnx.name"));
  return !mlirAttributeIsNull(name) && mlirAttributeIsAString(name) ? name : (MlirAttribute){NULL};
}

static int64_t argElement(MlirOperation entry, intptr_t i) {
  MlirAttribute argAttrs = attrOf(entry, "arg_attrs");
  if (mlirAttributeIsNull(argAttrs) || !mlirAttributeIsAArray(argAttrs) ||
      i >= mlirArrayAttrGetNumElements(argAttrs))
    return -1;
  MlirAttribute dict = mlirArrayAttrGetElement(argAttrs, i);
  MlirAttribute k = mlirAttributeIsADictionary(dict)
                        ? mlirDictionaryAttrGetElementByName(
                              dict, mlirStringRefCreateFromCString("onnx.element"))
                        : (MlirAttribute){NULL};
  return !mlirAttributeIsNull(k) && mlirAttributeIsAInteger(k) ? mlirIntegerAttrGetValueInt(k)
                                                               : -1;
}

bool dlcRunHasListArguments(MlirOperation entry) {
  for (intptr_t i = 0, n = dlcRunNumArguments(entry); i < n; ++i)
    if (argElement(entry, i) >= 0)
      return true;
  return false;
}

MlirStringRef dlcRunArgumentName(MlirOperation entry, intptr_t i) {
  MlirAttribute name = argName(attrOf(entry, "arg_attrs"), i);
  return mlirAttributeIsNull(name) ? mlirStringRefCreate(NULL, 0) : mlirStringAttrGetValue(name);
}

intptr_t dlcRunNumArguments(MlirOperation entry) {
  MlirAttribute type = attrOf(entry, "function_type");
  if (mlirAttributeIsNull(type) || !mlirAttributeIsAType(type) ||
      !mlirTypeIsAFunction(mlirTypeAttrGetValue(type)))
    return -1;
  return mlirFunctionTypeGetNumInputs(mlirTypeAttrGetValue(type));
}

static void copyAll(const DlcRunFiles *files, DlcRunFiles *out) {
  for (intptr_t i = 0; i < files->count; ++i)
    dlcRunAddFile(out, files->paths[i]);
}

bool dlcRunArgumentFiles(MlirOperation entry, const char *dir, const DlcRunFiles *files,
                         DlcRunFiles *out) {
  MlirAttribute inputs = attrOf(entry, "onnx.graph_inputs");
  intptr_t numArgs = dlcRunNumArguments(entry);
  if (mlirAttributeIsNull(inputs) || !mlirAttributeIsAArray(inputs) || numArgs < 0) {
    copyAll(files, out);
    return true;
  }
  intptr_t numInputs = mlirArrayAttrGetNumElements(inputs);
  if (files->count != numInputs) {
    fprintf(stderr, "%s: '%s' holds %ld input files (input_N.pb), but the model has %ld graph "
                    "inputs\n",
            dlcRunTool, dir, (long)files->count, (long)numInputs);
    return false;
  }
  // Find each argument's graph input; any argument without one: by position.
  MlirAttribute argAttrs = attrOf(entry, "arg_attrs");
  intptr_t *positions = malloc(sizeof(intptr_t) * (size_t)(numArgs ? numArgs : 1));
  if (!positions)
    abort();
  bool byName = true;
  for (intptr_t i = 0; i < numArgs && byName; ++i) {
    MlirAttribute name = argName(argAttrs, i);
    positions[i] = -1;
    for (intptr_t k = 0; !mlirAttributeIsNull(name) && k < numInputs && positions[i] < 0; ++k)
      if (mlirAttributeEqual(name, mlirArrayAttrGetElement(inputs, k)))
        positions[i] = k;
    byName = positions[i] >= 0;
  }
  if (byName) {
    for (intptr_t i = 0; i < numArgs; ++i)
      dlcRunAddFile(out, files->paths[positions[i]]);
  } else {
    copyAll(files, out);
  }
  free(positions);
  return true;
}

//===----------------------------------------------------------------------===//
// Sequence and optional outputs
//===----------------------------------------------------------------------===//

char *dlcRunOutputKinds(MlirOperation entry) {
  MlirAttribute kinds = attrOf(entry, "onnx.output_kinds");
  if (mlirAttributeIsNull(kinds) || !mlirAttributeIsAArray(kinds))
    return NULL;
  intptr_t n = mlirArrayAttrGetNumElements(kinds);
  char *out = calloc((size_t)n + 1, 1);
  if (!out)
    abort();
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute k = mlirArrayAttrGetElement(kinds, i);
    MlirStringRef s = mlirAttributeIsAString(k) ? mlirStringAttrGetValue(k)
                                                : mlirStringRefCreate("t", 1);
    // "run-time sequence" / "run-time optional": their tensors (dlc-c/Tensor.h).
    bool runTime = s.length > 9 && !strncmp(s.data, "run-time ", 9);
    bool ofSequence = s.length > 18 && !strncmp(s.data + s.length - 8, "sequence", 8);
    out[i] = runTime ? (s.data[9] == 's' ? 'S' : ofSequence ? 'Q' : 'O') : s.length ? s.data[0] : 't';
  }
  return out;
}

// The tensors that hold list `list` (`n` tensors, -1 for an empty
// optional) at run time, as results `types` (where the run-time form
// starts) type them: into *out (malloc'ed), *numOut of them.
static bool packList(const char *path, char kind, DlcTensor *list, intptr_t n,
                     const DlcTensorType *types, intptr_t numTypes, DlcTensor **out,
                     intptr_t *numOut) {
  bool optional = kind == 'O' || kind == 'Q';
  bool ofSequence = kind != 'O';
  intptr_t parts = optional ? (ofSequence ? 3 : 2) : 2;
  *out = calloc((size_t)parts, sizeof **out);
  *numOut = 0;
  if (!*out)
    abort();
  if (numTypes < parts) {
    fprintf(stderr, "%s: '%s' holds a %s, but the model has too few outputs for it\n",
            dlcRunTool, path, optional ? "optional" : "sequence");
    return false;
  }
  DlcTensor *at = *out;
  if (optional) {
    if (mlirLogicalResultIsFailure(dlcTensorCreate(DLC_DTYPE_BOOL, 0, NULL, at)))
      abort();
    *(uint8_t *)at->data = n >= 0;
    ++at;
    ++types;
  }
  bool ok = true;
  if (ofSequence) {
    ok = mlirLogicalResultIsSuccess(
        dlcTensorListPack(list, n > 0 ? n : 0, types[0].dtype, &at[0], &at[1]));
  } else if (n > 0) {
    at[0] = list[0];
    memset(&list[0], 0, sizeof list[0]);
  } else { // an empty optional's tensor: every dim 0
    int64_t zeros[DLC_TENSOR_MAX_RANK] = {0};
    ok = mlirLogicalResultIsSuccess(dlcTensorCreate(types[0].dtype, types[0].rank, zeros, at));
  }
  if (!ok) {
    fprintf(stderr, "%s: '%s' holds tensors of different dtypes or over %d dims\n", dlcRunTool,
            path, DLC_TENSOR_LIST_MAX_RANK);
    return false;
  }
  *numOut = parts;
  return true;
}

bool dlcRunReadExpects(const DlcRunFiles *files, const char *kinds, const DlcTensorType *types,
                       intptr_t numTypes, DlcRunFiles *paths, DlcTensor **tensors,
                       intptr_t *count) {
  intptr_t cap = files->count ? files->count : 1;
  *tensors = calloc((size_t)cap, sizeof **tensors);
  *count = 0;
  if (!*tensors)
    abort();
  size_t numKinds = kinds ? strlen(kinds) : 0;
  for (intptr_t i = 0; i < files->count; ++i) {
    MlirStringRef path = mlirStringRefCreateFromCString(files->paths[i]);
    char kind = (size_t)i < numKinds ? kinds[i] : 't';
    DlcTensor *list = NULL;
    intptr_t n = 1;
    if (kind == 't') {
      list = calloc(1, sizeof *list);
      if (!list)
        abort();
      if (mlirLogicalResultIsFailure(
              dlcTensorCreateFromFile(path, list, dlcRunPrintError, NULL))) {
        free(list);
        return false;
      }
    } else if (mlirLogicalResultIsFailure(dlcTensorListCreateFromFile(
                   path, kind == 'o' || kind == 'O' || kind == 'Q', &list, &n, dlcRunPrintError,
                   NULL))) {
      return false;
    }
    if (kind == 'S' || kind == 'O' || kind == 'Q') {
      DlcTensor *packed;
      intptr_t numPacked;
      bool ok = packList(files->paths[i], kind, list, n, types + *count,
                         numTypes - *count, &packed, &numPacked);
      for (intptr_t k = 0; k < n; ++k)
        dlcTensorDestroy(&list[k]);
      free(list);
      if (!ok) {
        for (intptr_t k = 0; k < numPacked; ++k)
          dlcTensorDestroy(&packed[k]);
        free(packed);
        return false;
      }
      list = packed;
      n = numPacked;
    }
    if (*count + n > cap) {
      cap = 2 * (*count + n);
      *tensors = realloc(*tensors, (size_t)cap * sizeof **tensors);
      if (!*tensors)
        abort();
    }
    for (intptr_t k = 0; k < n; ++k) {
      (*tensors)[(*count)++] = list[k];
      dlcRunAddFile(paths, files->paths[i]);
    }
    free(list);
  }
  return true;
}
