//===- OpDef.c - Generic verification and accessors for DLC ops -*- C -*-===//

#include "Dialect/OpDef.h"
#include "Support/Diag.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

//===----------------------------------------------------------------------===//
// Def queries
//===----------------------------------------------------------------------===//

int dlcDefNumOperands(const DlcOpDef *def) {
  int n = 0;
  while (n < DLC_MAX_OPERANDS && def->operands[n].name)
    ++n;
  return n;
}

int dlcDefNumResults(const DlcOpDef *def) {
  int n = 0;
  while (n < DLC_MAX_RESULTS && def->results[n].name)
    ++n;
  return n;
}

int dlcDefNumAttrs(const DlcOpDef *def) {
  int n = 0;
  while (n < DLC_MAX_ATTRS && def->attrs[n].name)
    ++n;
  return n;
}

const DlcAttrDef *dlcDefFindAttr(const DlcOpDef *def, const char *name) {
  for (int i = 0, e = dlcDefNumAttrs(def); i < e; ++i)
    if (!strcmp(def->attrs[i].name, name))
      return &def->attrs[i];
  return NULL;
}

const DlcOpDef *dlcDialectOpDefs(const char *dialect, size_t *count) {
  if (!strcmp(dialect, "dlc_graph"))
    return dlcGraphOpDefs(count);
  if (!strcmp(dialect, "dlc_tensor"))
    return dlcTensorOpDefs(count);
  *count = 0;
  return NULL;
}

const DlcOpDef *dlcLookupOpDef(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length < 4 || strncmp(name.data, "dlc_", 4))
    return NULL;
  return dlcLookupOpDefByName(name.data, name.length);
}

const DlcOpDef *dlcLookupOpDefByName(const char *name, size_t len) {
  static const char *const dialects[] = {"dlc_graph", "dlc_tensor"};
  for (size_t d = 0; d < 2; ++d) {
    size_t count;
    const DlcOpDef *defs = dlcDialectOpDefs(dialects[d], &count);
    for (size_t i = 0; i < count; ++i)
      if (strlen(defs[i].name) == len && !strncmp(defs[i].name, name, len))
        return &defs[i];
  }
  return NULL;
}

//===----------------------------------------------------------------------===//
// Operands and results by def position
//===----------------------------------------------------------------------===//

// Fills `sizes` with how many values each def entry has (0 or 1), from the
// segment attribute when present, else from the count of values.
static void segmentSizes(MlirOperation op, const DlcValueDef *defs, int n,
                         const char *segmentAttr, intptr_t numValues, int32_t *sizes) {
  MlirAttribute seg =
      mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(segmentAttr));
  if (!mlirAttributeIsNull(seg) && mlirAttributeIsADenseI32Array(seg) &&
      mlirDenseArrayGetNumElements(seg) == n) {
    for (int i = 0; i < n; ++i)
      sizes[i] = mlirDenseI32ArrayGetElement(seg, i);
    return;
  }
  int required = 0;
  for (int i = 0; i < n; ++i)
    required += !defs[i].optional;
  intptr_t spare = numValues - required;
  for (int i = 0; i < n; ++i) {
    if (!defs[i].optional) {
      sizes[i] = 1;
    } else {
      sizes[i] = spare > 0 ? 1 : 0;
      spare -= sizes[i];
    }
  }
}

MlirValue dlcOpOperand(MlirOperation op, int i) {
  const DlcOpDef *def = dlcLookupOpDef(op);
  int n = def ? dlcDefNumOperands(def) : 0;
  if (i >= n)
    return (MlirValue){NULL};
  int32_t sizes[DLC_MAX_OPERANDS];
  intptr_t numValues = mlirOperationGetNumOperands(op);
  segmentSizes(op, def->operands, n, "operandSegmentSizes", numValues, sizes);
  intptr_t pos = 0;
  for (int k = 0; k < i; ++k)
    pos += sizes[k];
  if (!sizes[i] || pos >= numValues)
    return (MlirValue){NULL};
  return mlirOperationGetOperand(op, pos);
}

MlirValue dlcOpResult(MlirOperation op, int i) {
  const DlcOpDef *def = dlcLookupOpDef(op);
  int n = def ? dlcDefNumResults(def) : 0;
  if (i >= n)
    return (MlirValue){NULL};
  int32_t sizes[DLC_MAX_RESULTS];
  intptr_t numValues = mlirOperationGetNumResults(op);
  segmentSizes(op, def->results, n, "resultSegmentSizes", numValues, sizes);
  intptr_t pos = 0;
  for (int k = 0; k < i; ++k)
    pos += sizes[k];
  if (!sizes[i] || pos >= numValues)
    return (MlirValue){NULL};
  return mlirOperationGetResult(op, pos);
}

//===----------------------------------------------------------------------===//
// Attribute accessors
//===----------------------------------------------------------------------===//

bool dlcOpHasAttr(MlirOperation op, const char *name) {
  return !mlirAttributeIsNull(
      mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(name)));
}

MlirAttribute dlcOpAttr(MlirOperation op, const char *name) {
  MlirAttribute a =
      mlirOperationGetDiscardableAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (!mlirAttributeIsNull(a))
    return a;
  const DlcOpDef *def = dlcLookupOpDef(op);
  const DlcAttrDef *ad = def ? dlcDefFindAttr(def, name) : NULL;
  if (!ad || !ad->defaultValue)
    return mlirAttributeGetNull();
  return mlirAttributeParseGet(mlirOperationGetContext(op),
                               mlirStringRefCreateFromCString(ad->defaultValue));
}

int64_t dlcOpInt(MlirOperation op, const char *name) {
  MlirAttribute a = dlcOpAttr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return 0;
  return mlirIntegerAttrGetValueInt(a);
}

bool dlcOpBool(MlirOperation op, const char *name) {
  MlirAttribute a = dlcOpAttr(op, name);
  if (mlirAttributeIsNull(a))
    return false;
  if (mlirAttributeIsABool(a))
    return mlirBoolAttrGetValue(a);
  if (mlirAttributeIsAInteger(a))
    return mlirIntegerAttrGetValueInt(a) != 0;
  return false;
}

double dlcOpFloat(MlirOperation op, const char *name) {
  MlirAttribute a = dlcOpAttr(op, name);
  if (mlirAttributeIsNull(a))
    return 0.0;
  if (mlirAttributeIsAFloat(a))
    return mlirFloatAttrGetValueDouble(a);
  if (mlirAttributeIsAInteger(a))
    return (double)mlirIntegerAttrGetValueInt(a);
  return 0.0;
}

MlirStringRef dlcOpString(MlirOperation op, const char *name) {
  MlirAttribute a = dlcOpAttr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return mlirStringRefCreate("", 0);
  return mlirStringAttrGetValue(a);
}

int64_t dlcOpInts(MlirOperation op, const char *name, int64_t *out, int64_t cap) {
  MlirAttribute a = dlcOpAttr(op, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a))
    return -1;
  int64_t n = mlirDenseArrayGetNumElements(a);
  for (int64_t i = 0; i < n && i < cap; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return n;
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

static bool attrHasKind(MlirAttribute a, DlcAttrKind kind) {
  switch (kind) {
  case DLC_ATTR_INT:
    return mlirAttributeIsAInteger(a) && !mlirAttributeIsABool(a);
  case DLC_ATTR_BOOL:
    return mlirAttributeIsABool(a);
  case DLC_ATTR_FLOAT:
    return mlirAttributeIsAFloat(a);
  case DLC_ATTR_STRING:
    return mlirAttributeIsAString(a);
  case DLC_ATTR_INTS:
    return mlirAttributeIsADenseI64Array(a);
  case DLC_ATTR_TYPE:
    return mlirAttributeIsAType(a);
  case DLC_ATTR_ELEMENTS:
    return mlirAttributeIsAElements(a);
  case DLC_ATTR_SYMBOL:
    return mlirAttributeIsAFlatSymbolRef(a);
  }
  return false;
}

static const char *attrKindName(DlcAttrKind kind) {
  switch (kind) {
  case DLC_ATTR_INT:
    return "an integer attribute (e.g. 1 : i64)";
  case DLC_ATTR_BOOL:
    return "a bool attribute (true or false)";
  case DLC_ATTR_FLOAT:
    return "a float attribute (e.g. 1.0 : f32)";
  case DLC_ATTR_STRING:
    return "a string attribute";
  case DLC_ATTR_INTS:
    return "an array<i64: ...> attribute";
  case DLC_ATTR_TYPE:
    return "a type attribute";
  case DLC_ATTR_ELEMENTS:
    return "a dense<> or dense_resource<> elements attribute";
  case DLC_ATTR_SYMBOL:
    return "a symbol reference (@name)";
  }
  return "?";
}

static size_t editDistance(const char *a, size_t la, const char *b) {
  size_t lb = strlen(b);
  if (la > 63 || lb > 63)
    return 64;
  size_t row[64];
  for (size_t j = 0; j <= lb; ++j)
    row[j] = j;
  for (size_t i = 1; i <= la; ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= lb; ++j) {
      size_t up = row[j];
      size_t best = diag + (a[i - 1] != b[j - 1]);
      if (row[j] + 1 < best)
        best = row[j] + 1;
      if (row[j - 1] + 1 < best)
        best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[lb];
}

static bool isNamed(MlirStringRef name, const char *what) {
  return mlirStringRefEqual(name, mlirStringRefCreateFromCString(what));
}

// IRDL checks a segment attribute only on ops with more than one optional
// operand (result), but dlcOpOperand trusts it whenever it is present: it
// must describe the values exactly.
static bool verifySegments(MlirOperation op, MlirAttribute seg, const char *attrName,
                           const DlcValueDef *defs, int n, intptr_t numValues, const char *what) {
  if (!mlirAttributeIsADenseI32Array(seg) || mlirDenseArrayGetNumElements(seg) != n) {
    dlcEmitOpError(op, "attribute '%s' must be an array<i32> with one entry per %s (%d)", attrName,
                   what, n);
    return false;
  }
  int64_t sum = 0;
  for (int i = 0; i < n; ++i) {
    int32_t v = mlirDenseI32ArrayGetElement(seg, i);
    if (v != 1 && (v != 0 || !defs[i].optional)) {
      dlcEmitOpError(op, "attribute '%s' entry %d ('%s') must be %s, but is %d", attrName, i,
                     defs[i].name, defs[i].optional ? "0 or 1" : "1", (int)v);
      return false;
    }
    sum += v;
  }
  if (sum != numValues) {
    dlcEmitOpError(op, "attribute '%s' describes %lld %ss, but the op has %lld", attrName,
                   (long long)sum, what, (long long)numValues);
    return false;
  }
  return true;
}

// "unknown attribute 'x'" plus the closest known name, or the known names.
static void emitUnknownAttr(MlirOperation op, const DlcOpDef *def, MlirStringRef name) {
  const char *closest = NULL;
  size_t best = 3; // suggest names at most two edits away
  int numAttrs = dlcDefNumAttrs(def);
  for (int k = 0; k < numAttrs; ++k) {
    size_t d = editDistance(name.data, name.length, def->attrs[k].name);
    if (d < best) {
      best = d;
      closest = def->attrs[k].name;
    }
  }
  DlcStr hint = DLC_STR_INIT;
  if (closest) {
    dlcStrPrintf(&hint, "did you mean '%s'?", closest);
  } else if (!numAttrs) {
    dlcStrPuts(&hint, "it has no attributes");
  } else {
    dlcStrPuts(&hint, "known: ");
    for (int k = 0; k < numAttrs; ++k)
      dlcStrPrintf(&hint, "%s'%s'", k ? ", " : "", def->attrs[k].name);
  }
  dlcEmitOpError(op, "has unknown attribute '%.*s' (%s)", (int)name.length, name.data,
                 dlcStrGet(&hint));
  dlcStrFree(&hint);
}

static MlirLogicalResult verifyAttrs(MlirOperation op, const DlcOpDef *def) {
  bool ok = true;
  intptr_t n = mlirOperationGetNumDiscardableAttributes(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirNamedAttribute na = mlirOperationGetDiscardableAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(na.name);
    // Dialect-prefixed names (`onnx.name`) are annotations any op may carry.
    if (memchr(name.data, '.', name.length))
      continue;
    if (isNamed(name, "operandSegmentSizes")) {
      ok = verifySegments(op, na.attribute, "operandSegmentSizes", def->operands,
                          dlcDefNumOperands(def), mlirOperationGetNumOperands(op), "operand") &&
           ok;
      continue;
    }
    if (isNamed(name, "resultSegmentSizes")) {
      ok = verifySegments(op, na.attribute, "resultSegmentSizes", def->results,
                          dlcDefNumResults(def), mlirOperationGetNumResults(op), "result") &&
           ok;
      continue;
    }
    const DlcAttrDef *ad = NULL;
    for (int k = 0, e = dlcDefNumAttrs(def); k < e && !ad; ++k)
      if (strlen(def->attrs[k].name) == name.length &&
          !strncmp(def->attrs[k].name, name.data, name.length))
        ad = &def->attrs[k];
    if (!ad) {
      emitUnknownAttr(op, def, name);
      ok = false;
      continue;
    }
    if (!attrHasKind(na.attribute, ad->kind)) {
      DlcStr got = DLC_STR_INIT;
      dlcStrAppendAttr(&got, na.attribute);
      dlcEmitOpError(op, "attribute '%s' must be %s, but is %s", ad->name, attrKindName(ad->kind),
                     dlcStrGet(&got));
      dlcStrFree(&got);
      ok = false;
    }
  }
  for (int k = 0, e = dlcDefNumAttrs(def); k < e; ++k) {
    if (def->attrs[k].required && !dlcOpHasAttr(op, def->attrs[k].name)) {
      dlcEmitOpError(op, "requires attribute '%s' (%s)", def->attrs[k].name,
                     attrKindName(def->attrs[k].kind));
      ok = false;
    }
  }
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static bool checkValueType(MlirOperation op, const char *what, int index, const DlcValueDef *vd,
                           MlirType type) {
  DlcShape shape;
  if (!dlcShapeOf(type, &shape)) {
    DlcStr s = DLC_STR_INIT;
    dlcStrAppendType(&s, type);
    dlcEmitOpError(op, "%s #%d ('%s') must be a ranked tensor of rank <= %d, but got %s", what,
                   index, vd->name, DLC_MAX_RANK, dlcStrGet(&s));
    dlcStrFree(&s);
    return false;
  }
  if (!dlcShapeWithinLimit(&shape)) {
    DlcStr s = DLC_STR_INIT;
    dlcStrAppendType(&s, type);
    dlcEmitOpError(op, "%s #%d ('%s') has type %s, with more elements than DLC's limit (2^40)",
                   what, index, vd->name, dlcStrGet(&s));
    dlcStrFree(&s);
    return false;
  }
  if (vd->types && !dlcEltIn(dlcElementType(type), vd->types)) {
    DlcStr s = DLC_STR_INIT;
    dlcStrAppendType(&s, type);
    dlcEmitOpError(op, "%s #%d ('%s') must be a tensor of %s values, but got %s", what, index,
                   vd->name, dlcEltMaskName(vd->types), dlcStrGet(&s));
    dlcStrFree(&s);
    return false;
  }
  return true;
}

void dlcInferInit(DlcInfer *in, MlirOperation op, const DlcOpDef *def) {
  memset(in, 0, sizeof(*in));
  in->op = op;
  in->def = def;
  in->ctx = mlirOperationGetContext(op);
  in->numOperands = dlcDefNumOperands(def);
  in->numResults = dlcDefNumResults(def);
  for (int i = 0; i < in->numOperands; ++i) {
    in->operands[i] = dlcOpOperand(op, i);
    if (mlirValueIsNull(in->operands[i]))
      continue;
    in->types[i] = mlirValueGetType(in->operands[i]);
    if (dlcShapeOf(in->types[i], &in->shapes[i]))
      in->elts[i] = dlcElementType(in->types[i]);
  }
  for (int i = 0; i < in->numResults; ++i) {
    MlirValue r = dlcOpResult(op, i);
    in->hasResult[i] = !mlirValueIsNull(r);
    if (in->hasResult[i])
      in->declared[i] = mlirValueGetType(r);
  }
}

MlirLogicalResult dlcInferRun(DlcInfer *in) {
  if (!in->def->infer)
    return mlirLogicalResultSuccess();
  return in->def->infer(in);
}

MlirLogicalResult dlcVerifyOp(MlirOperation op, const DlcOpDef *def) {
  if (mlirLogicalResultIsFailure(verifyAttrs(op, def)))
    return mlirLogicalResultFailure();
  DlcInfer in;
  dlcInferInit(&in, op, def);
  bool ok = true;
  for (int i = 0; i < in.numOperands; ++i)
    if (in.types[i].ptr && !checkValueType(op, "operand", i, &def->operands[i], in.types[i]))
      ok = false;
  for (int i = 0; i < in.numResults; ++i)
    if (in.hasResult[i] && !checkValueType(op, "result", i, &def->results[i], in.declared[i]))
      ok = false;
  if (!ok || mlirLogicalResultIsFailure(dlcInferRun(&in)))
    return mlirLogicalResultFailure();
  for (int i = 0; i < in.numResults; ++i) {
    if (!in.hasResult[i] || !in.results[i].ptr || dlcTypesCompatible(in.declared[i], in.results[i]))
      continue;
    DlcStr got = DLC_STR_INIT, want = DLC_STR_INIT;
    dlcStrAppendType(&got, in.declared[i]);
    dlcStrAppendType(&want, in.results[i]);
    dlcEmitOpError(op, "result #%d ('%s') has type %s, but the operands and attributes imply %s", i,
                   def->results[i].name, dlcStrGet(&got), dlcStrGet(&want));
    dlcStrFree(&got);
    dlcStrFree(&want);
    ok = false;
  }
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
