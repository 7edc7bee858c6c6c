//===- InputShapes.c - Input shapes given at compile time -------*- C -*-===//
//
// `--input-shape` / DlcCompileOptions.inputShapes: "NAME=1x3x224x224,..."
// fixes `?` dims of an entry's inputs before lowering, as onnx-mlir's
// --shapeInformation does. NAME is the input's ONNX name (`onnx.name`) or
// its position; a dim written `?` stays dynamic. The rest is
// dlcEntrySpecialize.
//
//===----------------------------------------------------------------------===//

#include "Entry/Entry.h"
#include "Support/Diag.h"
#include "Support/Str.h"
#include "dlc-c/Runtime.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }


// The `onnx.name` of argument `i`, or a null string ref.
static MlirStringRef argName(MlirOperation entry, intptr_t i) {
  MlirAttribute attrs = mlirOperationGetAttributeByName(entry, ref("arg_attrs"));
  if (mlirAttributeIsNull(attrs) || !mlirAttributeIsAArray(attrs) ||
      i >= mlirArrayAttrGetNumElements(attrs))
    return (MlirStringRef){NULL, 0};
  MlirAttribute dict = mlirArrayAttrGetElement(attrs, i);
  if (!mlirAttributeIsADictionary(dict))
    return (MlirStringRef){NULL, 0};
  MlirAttribute name = mlirDictionaryAttrGetElementByName(dict, ref("onnx.name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return (MlirStringRef){NULL, 0};
  return mlirStringAttrGetValue(name);
}

static bool equals(MlirStringRef a, const char *b, size_t n) {
  return a.data && a.length == n && !memcmp(a.data, b, n);
}

// "input 'x' (0)" or "input 0".
static void describeInput(DlcStr *s, MlirOperation entry, intptr_t i) {
  MlirStringRef name = argName(entry, i);
  if (name.data)
    dlcStrPrintf(s, "input '%.*s' (%ld)", (int)name.length, name.data, (long)i);
  else
    dlcStrPrintf(s, "input %ld", (long)i);
}

// The input that `key` (n bytes) names: an ONNX name first, else a position.
static intptr_t findInput(MlirOperation entry, const DlcSignature *sig, const char *key, size_t n) {
  for (intptr_t i = 0; i < sig->numInputs; ++i)
    if (equals(argName(entry, i), key, n))
      return i;
  if (!n || strspn(key, "0123456789") < n)
    return -1;
  char *end;
  errno = 0;
  long long pos = strtoll(key, &end, 10);
  return errno || pos >= sig->numInputs ? -1 : (intptr_t)pos;
}

static void listInputs(DlcStr *s, MlirOperation entry, const DlcSignature *sig) {
  for (intptr_t i = 0; i < sig->numInputs; ++i) {
    dlcStrPuts(s, i ? ", " : "");
    describeInput(s, entry, i);
  }
}

// Parses one "DIMS" (n bytes; `?` for a dynamic dim) into `t`'s rank and
// shape; false on anything else.
static bool parseDims(const char *dims, size_t n, DlcTensorType *t) {
  t->rank = 0;
  if (!n)
    return true; // a scalar
  size_t at = 0;
  while (at <= n) {
    size_t len = 0;
    while (at + len < n && dims[at + len] != 'x')
      ++len;
    if (t->rank == DLC_TENSOR_MAX_RANK || !len)
      return false;
    if (len == 1 && dims[at] == '?') {
      t->shape[t->rank++] = DLC_DIM_DYNAMIC;
    } else {
      if (strspn(dims + at, "0123456789") < len || len > 18)
        return false;
      int64_t v = 0;
      for (size_t k = 0; k < len; ++k)
        v = v * 10 + (dims[at + k] - '0');
      t->shape[t->rank++] = v;
    }
    at += len + 1;
  }
  return true;
}

// Applies one "KEY=DIMS" item (n bytes) to `types`; false after an error.
static bool applyItem(MlirOperation entry, const DlcSignature *sig, DlcTensorType *types,
                      bool *given, const char *item, size_t n) {
  const char *eq = NULL;
  for (size_t k = 0; k < n; ++k)
    if (item[k] == '=')
      eq = item + k; // the last one: ONNX names may hold '='
  if (!eq || eq == item) {
    dlcEntryEmitError(entry, ": input shape '%.*s' is not NAME=DIMS (an input's name or position, "
                          "then its dims such as 1x3x224x224)", (int)n, item);
    return false;
  }
  size_t keyLen = (size_t)(eq - item), dimsLen = n - keyLen - 1;
  DlcTensorType shape;
  if (!parseDims(eq + 1, dimsLen, &shape)) {
    dlcEntryEmitError(entry, ": input shape '%.*s': '%.*s' is not a shape (dims >= 0 separated by "
                          "'x', ? for one that stays dynamic)", (int)n, item, (int)dimsLen, eq + 1);
    return false;
  }
  intptr_t i = findInput(entry, sig, item, keyLen);
  DlcStr s = DLC_STR_INIT;
  bool ok = false;
  if (i < 0) {
    dlcStrPrintf(&s, "input shape '%.*s' names no input (", (int)n, item);
    listInputs(&s, entry, sig);
    dlcStrPuts(&s, sig->numInputs ? ")" : "it has none)");
  } else if (given[i]) {
    dlcStrPrintf(&s, "input shape '%.*s': the shape of ", (int)n, item);
    describeInput(&s, entry, i);
    dlcStrPuts(&s, " is given twice");
  } else if (shape.rank != types[i].rank) {
    describeInput(&s, entry, i);
    dlcStrPuts(&s, " is ");
    dlcTensorTypePrint(&sig->inputs[i], dlcStrCallback, &s);
    dlcStrPrintf(&s, " of rank %ld, but input shape '%.*s' gives %ld dims", (long)types[i].rank,
                 (int)n, item, (long)shape.rank);
  } else {
    ok = true;
    for (int64_t d = 0; ok && d < shape.rank; ++d) {
      int64_t want = types[i].shape[d];
      // `?` keeps whatever the dim is.
      if (want == DLC_DIM_DYNAMIC || shape.shape[d] == DLC_DIM_DYNAMIC || want == shape.shape[d])
        continue;
      describeInput(&s, entry, i);
      dlcStrPuts(&s, " is ");
      dlcTensorTypePrint(&sig->inputs[i], dlcStrCallback, &s);
      dlcStrPrintf(&s, ": dim %ld is %ld, not %ld as input shape '%.*s' says", (long)d, (long)want,
                   (long)shape.shape[d], (int)n, item);
      ok = false;
    }
  }
  if (!ok) {
    dlcEntryEmitError(entry, ": %s", dlcStrGet(&s));
    dlcStrFree(&s);
    return false;
  }
  given[i] = true;
  for (int64_t d = 0; d < shape.rank; ++d)
    if (shape.shape[d] != DLC_DIM_DYNAMIC)
      types[i].shape[d] = shape.shape[d];
  return true;
}

MlirLogicalResult dlcEntrySpecializeInputShapes(MlirOperation entry, MlirStringRef shapes) {
  DlcSignature sig;
  if (mlirLogicalResultIsFailure(dlcEntryGetSignature(entry, &sig)))
    return mlirLogicalResultFailure();
  DlcTensorType *types = malloc(sizeof(DlcTensorType) * (size_t)(sig.numInputs ? sig.numInputs : 1));
  bool *given = calloc((size_t)(sig.numInputs ? sig.numInputs : 1), sizeof(bool));
  if (!types || !given)
    abort();
  memcpy(types, sig.inputs, sizeof(DlcTensorType) * (size_t)sig.numInputs);
  bool ok = true;
  for (size_t at = 0; ok && at < shapes.length;) {
    size_t len = 0;
    while (at + len < shapes.length && shapes.data[at + len] != ',')
      ++len;
    ok = applyItem(entry, &sig, types, given, shapes.data + at, len);
    at += len + 1;
  }
  if (ok)
    ok = mlirLogicalResultIsSuccess(dlcEntrySpecialize(entry, sig.numInputs, types));
  free(types);
  free(given);
  dlcSignatureDestroy(&sig);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
