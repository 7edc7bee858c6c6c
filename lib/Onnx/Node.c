//===- Node.c - Importing one ONNX node -------------------------*- C -*-===//
//
// A node is checked against the op table first (domain, opset, op type,
// attribute names and types), then handed to its translator unless one of
// its inputs is already known to be unsupported. A node on f16 or bf16
// inputs computes in f32: its inputs are cast to f32 as the translator
// reads them and its f32 outputs cast back, so each op's result is rounded
// to half precision as numpy (ONNX's reference) and onnxruntime's CPU
// kernels do, and only the dlc_graph ops that take half types (casts,
// constants, data movement: Support/Types.h) see them. Also the helpers that
// translators use to read inputs, attributes and to define outputs.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Control.h"
#include "Onnx/Translate.h"
#include "Support/Diag.h"
#include "Support/SmallFloat.h"
#include "Tensor/TensorIO.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *str(const char *s) { return s ? s : ""; }

DlcOnnxStatus dlcOnnxUnsupported(DlcOnnxNode *n, const char *fmt, ...) {
  if (n->reason.len)
    dlcStrPuts(&n->reason, "; ");
  va_list ap;
  va_start(ap, fmt);
  dlcStrVPrintf(&n->reason, fmt, ap);
  va_end(ap);
  return DLC_ONNX_UNSUPPORTED;
}

DlcOnnxStatus dlcOnnxError(DlcOnnxNode *n, const char *fmt, ...) {
  DlcStr s = DLC_STR_INIT;
  dlcStrPrintf(&s, "node '%s' (%s): ", n->name, n->opType);
  va_list ap;
  va_start(ap, fmt);
  dlcStrVPrintf(&s, fmt, ap);
  va_end(ap);
  mlirEmitError(n->loc, dlcStrGet(&s));
  dlcStrFree(&s);
  return DLC_ONNX_ERROR;
}

void *dlcOnnxScratch(DlcOnnxNode *n, size_t bytes) {
  if (n->numScratch == DLC_ONNX_MAX_SCRATCH)
    return NULL;
  void *p = calloc(1, bytes ? bytes : 1);
  if (!p)
    abort();
  n->scratch[n->numScratch++] = p;
  return p;
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

// The type of an attribute: its `type` field, or the field that is set in
// models older than IR version 0.0.2.
static Onnx__AttributeProto__AttributeType attrType(const Onnx__AttributeProto *a) {
  if (a->has_type)
    return a->type;
  if (a->n_floats)
    return DLC_ONNX_FLOATS;
  if (a->n_ints)
    return DLC_ONNX_INTS;
  if (a->n_strings)
    return DLC_ONNX_STRINGS;
  if (a->t)
    return DLC_ONNX_TENSOR;
  if (a->sparse_tensor)
    return DLC_ONNX_SPARSE_TENSOR;
  if (a->g)
    return ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPH;
  if (a->has_s)
    return DLC_ONNX_STRING;
  if (a->has_i)
    return DLC_ONNX_INT;
  if (a->has_f)
    return DLC_ONNX_FLOAT;
  return ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__UNDEFINED;
}

static const char *attrTypeName(Onnx__AttributeProto__AttributeType t) {
  switch ((int)t) {
  case DLC_ONNX_INT:
    return "an int";
  case DLC_ONNX_INTS:
    return "a list of ints";
  case DLC_ONNX_FLOAT:
    return "a float";
  case DLC_ONNX_FLOATS:
    return "a list of floats";
  case DLC_ONNX_STRING:
    return "a string";
  case DLC_ONNX_STRINGS:
    return "a list of strings";
  case DLC_ONNX_TENSOR:
    return "a tensor";
  case DLC_ONNX_SPARSE_TENSOR:
    return "a sparse tensor";
  case ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPH:
    return "a graph";
  default:
    return "of another kind";
  }
}

const Onnx__AttributeProto *dlcOnnxAttr(const DlcOnnxNode *n, const char *name) {
  for (size_t i = 0; i < n->proto->n_attribute; ++i)
    if (!strcmp(str(n->proto->attribute[i]->name), name))
      return n->proto->attribute[i];
  return NULL;
}

int64_t dlcOnnxAttrInt(const DlcOnnxNode *n, const char *name, int64_t dflt) {
  const Onnx__AttributeProto *a = dlcOnnxAttr(n, name);
  return a ? a->i : dflt;
}

DlcOnnxStatus dlcOnnxAttrAxis(DlcOnnxNode *n, const char *name, int64_t dflt, int64_t rank,
                              int64_t *axis) {
  *axis = dlcOnnxAttrInt(n, name, dflt);
  if (*axis < -rank || *axis >= rank)
    return dlcOnnxError(n, "axis %lld is out of range for rank %lld", (long long)*axis,
                        (long long)rank);
  if (*axis < 0)
    *axis += rank;
  return DLC_ONNX_OK;
}

float dlcOnnxAttrFloat(const DlcOnnxNode *n, const char *name, float dflt) {
  const Onnx__AttributeProto *a = dlcOnnxAttr(n, name);
  return a ? a->f : dflt;
}

MlirStringRef dlcOnnxAttrString(const DlcOnnxNode *n, const char *name, const char *dflt) {
  const Onnx__AttributeProto *a = dlcOnnxAttr(n, name);
  if (!a)
    return mlirStringRefCreateFromCString(dflt);
  return mlirStringRefCreate((const char *)a->s.data, a->s.len);
}

bool dlcOnnxAttrInts(const DlcOnnxNode *n, const char *name, const int64_t **values,
                     int64_t *count) {
  const Onnx__AttributeProto *a = dlcOnnxAttr(n, name);
  if (!a)
    return false;
  *values = a->ints;
  *count = (int64_t)a->n_ints;
  return true;
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

int dlcOnnxNumInputs(const DlcOnnxNode *n) { return (int)n->proto->n_input; }

bool dlcOnnxHasInput(const DlcOnnxNode *n, int i) {
  return i >= 0 && (size_t)i < n->proto->n_input && n->proto->input[i] && *n->proto->input[i];
}

DlcOnnxValue *dlcOnnxInputValue(DlcOnnxNode *n, int i) {
  return dlcOnnxHasInput(n, i) ? dlcOnnxValueLookup(&n->imp->values, n->proto->input[i]) : NULL;
}

DlcOnnxStatus dlcOnnxOptionalInput(DlcOnnxNode *n, int i, MlirValue *out) {
  *out = (MlirValue){NULL};
  return dlcOnnxHasInput(n, i) ? dlcOnnxInput(n, i, out) : DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxInput(DlcOnnxNode *n, int i, MlirValue *out) {
  *out = (MlirValue){NULL};
  DlcOnnxValue *v = dlcOnnxInputValue(n, i);
  if (!v)
    return dlcOnnxError(n, "input #%d is missing", i);
  if (v->kind != DLC_ONNX_KIND_TENSOR)
    return dlcOnnxUnsupported(n, "input #%d ('%s') is %s, which only the Sequence and Optional "
                                 "ops and Identity take (DLC resolves them at import time)",
                              i, v->name,
                              v->kind == DLC_ONNX_KIND_SEQUENCE ? "a sequence" : "an optional");
  if (v->bound)
    return dlcOnnxError(n, "graph input '%s' is bound to a constant, but input #%d uses it as "
                           "data; only shape-like operands (shapes, axes, pads, ...) can be bound",
                        v->name, i);
  *out = mlirValueIsNull(v->value) ? dlcOnnxMaterialize(n->imp, v) : v->value;
  if (mlirValueIsNull(*out))
    return DLC_ONNX_ERROR;
  if (!mlirTypeIsNull(n->half) && dlcEltIn(mlirShapedTypeGetElementType(mlirValueGetType(*out)),
                                           DLC_T_HALF))
    return dlcOnnxCastOp(n, *out, mlirF32TypeGet(n->ctx), out);
  return DLC_ONNX_OK;
}

double dlcOnnxTensorElement(const DlcTensor *t, int64_t k) {
  const char *p = (const char *)t->data + (size_t)k * dlcDTypeSize(t->dtype);
  switch (t->dtype) {
  case DLC_DTYPE_F32: { float x; memcpy(&x, p, 4); return x; }
  case DLC_DTYPE_F64: { double x; memcpy(&x, p, 8); return x; }
  case DLC_DTYPE_I8: return *(const int8_t *)p;
  case DLC_DTYPE_U8: case DLC_DTYPE_BOOL: return *(const uint8_t *)p;
  case DLC_DTYPE_I16: { int16_t x; memcpy(&x, p, 2); return x; }
  case DLC_DTYPE_U16: { uint16_t x; memcpy(&x, p, 2); return x; }
  case DLC_DTYPE_I32: { int32_t x; memcpy(&x, p, 4); return x; }
  case DLC_DTYPE_U32: { uint32_t x; memcpy(&x, p, 4); return x; }
  case DLC_DTYPE_I64: { int64_t x; memcpy(&x, p, 8); return (double)x; }
  case DLC_DTYPE_F16: { _Float16 x; memcpy(&x, p, 2); return (double)x; }
  case DLC_DTYPE_BF16: { uint16_t b; memcpy(&b, p, 2); return dlcBF16ToFloat(b); }
  case DLC_DTYPE_U64: { uint64_t x; memcpy(&x, p, 8); return (double)x; }
  default: return dlcDTypeDecode(t->dtype, *(const uint8_t *)p); // the low-precision types
  }
}

void dlcOnnxSetTensorElement(DlcTensor *t, int64_t k, double x) {
  size_t size = dlcDTypeSize(t->dtype);
  char *p = (char *)t->data + (size_t)k * size;
  switch (t->dtype) {
  case DLC_DTYPE_F32: { float f = (float)x; memcpy(p, &f, 4); return; }
  case DLC_DTYPE_F64: memcpy(p, &x, 8); return;
  case DLC_DTYPE_F16: { _Float16 h = (_Float16)x; memcpy(p, &h, 2); return; }
  case DLC_DTYPE_BF16: { uint16_t b = dlcFloatToBF16((float)x); memcpy(p, &b, 2); return; }
  default: break;
  }
  DlcSmallFloat format;
  if (dlcSmallFloatOf(1u << t->dtype, &format)) { // a value of the type: exact
    *(uint8_t *)p = (uint8_t)dlcSmallFloatEncode(format, (float)x, false, DLC_ROUND_DOWN);
    return;
  }
  int64_t i = (int64_t)x;
  if ((1u << t->dtype) & DLC_T_SUBBYTE_INT) // one byte, the value in its low bits
    i &= (1 << dlcDTypePackedBits(t->dtype)) - 1;
  memcpy(p, &i, size); // little-endian
}

const DlcTensor *dlcOnnxConstInput(DlcOnnxNode *n, int i) {
  DlcOnnxValue *v = dlcOnnxInputValue(n, i);
  return v && v->isConstant ? &v->constant : NULL;
}

bool dlcOnnxInputIsComputed(DlcOnnxNode *n, int i) {
  DlcOnnxValue *v = dlcOnnxInputValue(n, i);
  return v && !v->isConstant && !v->graphInput;
}

static DlcOnnxStatus provideInput(DlcOnnxNode *n, DlcOnnxValue *v, const char *what);

// A graph input that the caller's input provider does not bind stays a
// run-time value, as do values other nodes compute.
DlcOnnxStatus dlcOnnxInputAtRunTime(DlcOnnxNode *n, int i, const char *what, bool *runTime) {
  DlcOnnxValue *v = dlcOnnxInputValue(n, i);
  *runTime = false;
  if (!v || v->isConstant)
    return DLC_ONNX_OK;
  if (v->graphInput && v->position >= 0 && !mlirValueIsNull(v->value) &&
      mlirOpOperandIsNull(mlirValueGetFirstUse(v->value)))
    DLC_ONNX_TRY(provideInput(n, v, what));
  *runTime = !v->isConstant;
  return DLC_ONNX_OK;
}

// Asks the caller's input provider for the value of graph input `v`, which
// input `what` needs at compile time. A graph input already used as data
// is not asked for: binding it would turn data into a constant.
static DlcOnnxStatus provideInput(DlcOnnxNode *n, DlcOnnxValue *v, const char *what) {
  const DlcOnnxImportOptions *o = n->imp->options;
  if (!o || !o->provideInput || v->asked || v->poisoned || mlirValueIsNull(v->value))
    return DLC_ONNX_OK;
  v->asked = true;
  if (!mlirOpOperandIsNull(mlirValueGetFirstUse(v->value)))
    return dlcOnnxUnsupported(n, "input '%s' is graph input '%s', which an earlier node uses "
                                 "as data; DLC needs it at compile time",
                              what, v->name);
  const DlcTensor *t = NULL;
  if (mlirLogicalResultIsFailure(o->provideInput(mlirStringRefCreateFromCString(v->name),
                                                 v->position, &t, o->providerUserData)))
    return dlcOnnxError(n, "cannot bind graph input '%s' (input '%s'): the input provider failed",
                        v->name, what);
  if (t && !dlcOnnxBindInput(n->imp, v, mlirValueGetType(v->value), t))
    return DLC_ONNX_ERROR;
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxKnownInput(DlcOnnxNode *n, int i, const char *what, const DlcTensor **out) {
  DlcOnnxValue *v = dlcOnnxInputValue(n, i);
  if (!v)
    return dlcOnnxUnsupported(n, "input '%s' is missing", what);
  if (!v->isConstant && v->position >= 0)
    DLC_ONNX_TRY(provideInput(n, v, what));
  if (!v->isConstant) {
    if (v->graphInput)
      return dlcOnnxUnsupported(n,
                                "input '%s' is graph input '%s', known only at run time; bind "
                                "it with --bind-input %s=FILE",
                                what, v->name, v->name);
    return dlcOnnxUnsupported(n,
                              "input '%s' ('%s') is computed at run time; DLC needs it at "
                              "compile time (an initializer, a Constant or a graph input bound "
                              "with --bind-input)",
                              what, v->name);
  }
  *out = &v->constant;
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxConstInts(DlcOnnxNode *n, int i, const char *what, int64_t **values,
                               int64_t *count) {
  const DlcTensor *t;
  DLC_ONNX_TRY(dlcOnnxKnownInput(n, i, what, &t));
  if ((t->dtype != DLC_DTYPE_I64 && t->dtype != DLC_DTYPE_I32) || t->rank > 1)
    return dlcOnnxUnsupported(n, "input '%s' must be an int32 or int64 tensor of rank 0 or 1, "
                                 "but is %s of rank %lld",
                              what, dlcDTypeName(t->dtype), (long long)t->rank);
  *count = dlcTensorNumElements(t);
  *values = dlcOnnxScratch(n, (size_t)*count * sizeof **values);
  if (!*values)
    return dlcOnnxError(n, "too many compile-time inputs");
  for (int64_t k = 0; k < *count; ++k) {
    if (t->dtype == DLC_DTYPE_I64) {
      memcpy(&(*values)[k], (const char *)t->data + 8 * k, 8);
    } else {
      int32_t x;
      memcpy(&x, (const char *)t->data + 4 * k, 4);
      (*values)[k] = x;
    }
  }
  return DLC_ONNX_OK;
}

//===----------------------------------------------------------------------===//
// Outputs
//===----------------------------------------------------------------------===//

int dlcOnnxNumOutputs(const DlcOnnxNode *n) { return (int)n->proto->n_output; }

bool dlcOnnxHasOutput(const DlcOnnxNode *n, int i) {
  return i >= 0 && (size_t)i < n->proto->n_output && n->proto->output[i] && *n->proto->output[i];
}

DlcOnnxValue *dlcOnnxDefineOutput(DlcOnnxNode *n, int i) {
  DlcOnnxValue *v = dlcOnnxValueGet(&n->imp->values, n->proto->output[i]);
  if (v->defined && v->producer != n->index) {
    dlcOnnxError(n, "output '%s' is already defined by %s", v->name,
                 v->producer >= 0 ? "an earlier node" : "a graph input or an initializer");
    return NULL;
  }
  v->defined = true;
  v->producer = n->index;
  v->loc = n->loc;
  return v;
}

// `value` with the more static `type`: a dlc_graph op's result takes it (its
// verifier accepts results more static than its operands imply); the result
// of an upstream op (a loop's, a copy's) would no longer verify, so a
// tensor.cast gives it.
static MlirValue refineType(DlcOnnxNode *n, MlirValue value, MlirType type) {
  if (mlirValueIsAOpResult(value)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(mlirOpResultGetOwner(value)));
    if (name.length < 10 || strncmp(name.data, "dlc_graph.", 10) != 0)
      return mlirOperationGetResult(
          dlcOnnxCreateOp(n, n->imp->body, "tensor.cast", 1, &value, 1, &type, 0, NULL, 0, NULL),
          0);
  }
  mlirValueSetType(value, type);
  return value;
}

DlcOnnxStatus dlcOnnxSetOutput(DlcOnnxNode *n, int i, MlirValue value) {
  if (!dlcOnnxHasOutput(n, i))
    return DLC_ONNX_OK;
  DlcOnnxValue *v = dlcOnnxDefineOutput(n, i);
  if (!v)
    return DLC_ONNX_ERROR;
  MlirType type = mlirValueGetType(value);
  if (!mlirTypeIsNull(n->half)) {
    // Computed in f32 for half inputs: round to the declared half type, or
    // to the inputs' when the model declares none. An output the model
    // declares f32 (or another type) stays as the op made it.
    MlirType declared = mlirTypeIsNull(v->hint) ? n->half : mlirShapedTypeGetElementType(v->hint);
    if (dlcOnnxIsPlaceholder(type) && !mlirTypeIsNull(v->hint) &&
        dlcEltIn(declared, DLC_T_HALF)) {
      // No shape rule had an opinion: the model's shape, in f32.
      DlcShape shape;
      if (dlcShapeOf(v->hint, &shape))
        mlirValueSetType(value, dlcTensorType(&shape, mlirF32TypeGet(n->ctx)));
      type = mlirValueGetType(value);
    }
    if (!dlcOnnxIsPlaceholder(type) && mlirTypeIsAF32(mlirShapedTypeGetElementType(type)) &&
        dlcEltIn(declared, DLC_T_HALF)) {
      DLC_ONNX_TRY(dlcOnnxCastOp(n, value, declared, &value));
      type = mlirValueGetType(value);
    }
  }
  if (dlcOnnxIsPlaceholder(type)) {
    // No shape rule had an opinion: take the model's word for it.
    if (mlirTypeIsNull(v->hint))
      return dlcOnnxError(n, "cannot infer the type of output '%s' and the model does not "
                             "declare it",
                          v->name);
    mlirValueSetType(value, v->hint);
  } else if (!mlirTypeIsNull(v->hint)) {
    if (!mlirTypeEqual(mlirShapedTypeGetElementType(type), mlirShapedTypeGetElementType(v->hint)) ||
        !dlcTypesCompatible(type, v->hint)) {
      DlcStr a = DLC_STR_INIT, b = DLC_STR_INIT;
      dlcStrAppendType(&a, type);
      dlcStrAppendType(&b, v->hint);
      dlcOnnxError(n, "output '%s' is %s by DLC's shape rules, but the model declares %s",
                   v->name, dlcStrGet(&a), dlcStrGet(&b));
      dlcStrFree(&a);
      dlcStrFree(&b);
      return DLC_ONNX_ERROR;
    }
    MlirType refined = dlcTypeMeet(type, v->hint);
    if (!mlirTypeEqual(refined, type))
      value = refineType(n, value, refined);
  }
  // A small result computed from constants becomes one. Its op stays: the
  // translator may still build on it; unused, it goes when @main is built.
  if (dlcOnnxFold(value, &v->constant)) {
    v->isConstant = v->ownsConstant = true;
    return DLC_ONNX_OK;
  }
  v->value = value;
  return DLC_ONNX_OK;
}

void dlcOnnxSetOutputContents(DlcOnnxNode *n, int i, const DlcTensor *t) {
  if (!dlcOnnxHasOutput(n, i))
    return;
  DlcOnnxValue *v = dlcOnnxValueLookup(&n->imp->values, n->proto->output[i]);
  if (!v || v->isConstant ||
      mlirLogicalResultIsFailure(dlcTensorCreate(t->dtype, t->rank, t->shape, &v->constant)))
    return;
  if (t->bytes)
    memcpy(v->constant.data, t->data, t->bytes);
  v->isConstant = v->ownsConstant = true;
}

DlcOnnxStatus dlcOnnxDefineConstant(DlcOnnxNode *n, int i, DlcTensor *t) {
  if (!dlcOnnxHasOutput(n, i)) {
    dlcTensorDestroy(t);
    return DLC_ONNX_OK;
  }
  DlcOnnxValue *v = dlcOnnxDefineOutput(n, i);
  if (!v) {
    dlcTensorDestroy(t);
    return DLC_ONNX_ERROR;
  }
  v->constant = *t;
  v->isConstant = v->ownsConstant = true;
  memset(t, 0, sizeof *t);
  return DLC_ONNX_OK;
}

//===----------------------------------------------------------------------===//
// The node
//===----------------------------------------------------------------------===//

static bool isDefaultDomain(const char *domain) {
  return !domain || !*domain || !strcmp(domain, "ai.onnx");
}

// What the op table says about the node before it is translated.
static DlcOnnxStatus checkNode(DlcOnnxNode *n, const DlcOnnxOpEntry **entry) {
  const Onnx__NodeProto *p = n->proto;
  if (!isDefaultDomain(p->domain))
    return dlcOnnxUnsupported(n, "domain '%s' is not supported", p->domain);
  if (n->opset == 0)
    return dlcOnnxUnsupported(n, "the model imports no opset of the default domain");
  if (n->opset < DLC_ONNX_MIN_OPSET || n->opset > DLC_ONNX_MAX_OPSET)
    return dlcOnnxUnsupported(n, "opset %lld is outside the supported range %d to %d",
                              (long long)n->opset, DLC_ONNX_MIN_OPSET, DLC_ONNX_MAX_OPSET);
  int firstSince;
  *entry = dlcOnnxLookupOp(n->opType, n->opset, &firstSince);
  if (!*entry && firstSince)
    return dlcOnnxUnsupported(n, "op type '%s' is supported from opset %d on, the model imports "
                                 "opset %lld",
                              n->opType, firstSince, (long long)n->opset);
  if (!*entry)
    return dlcOnnxUnsupported(n, "op type '%s' is not supported", n->opType);
  for (size_t i = 0; i < p->n_attribute; ++i) {
    const Onnx__AttributeProto *a = p->attribute[i];
    const char *name = str(a->name);
    if (a->ref_attr_name)
      return dlcOnnxUnsupported(n, "attribute '%s' refers to a function attribute", name);
    const DlcOnnxAttrSpec *spec = NULL;
    for (int k = 0; k < DLC_ONNX_MAX_ATTR_SPECS && (*entry)->attrs[k].name && !spec; ++k)
      if (!strcmp((*entry)->attrs[k].name, name))
        spec = &(*entry)->attrs[k];
    if (!spec)
      return dlcOnnxUnsupported(n, "attribute '%s' is not defined for %s in opset %lld", name,
                                n->opType, (long long)n->opset);
    Onnx__AttributeProto__AttributeType type = attrType(a);
    if (type != spec->type)
      return dlcOnnxUnsupported(n, "attribute '%s' must be %s, but is %s", name,
                                attrTypeName(spec->type), attrTypeName(type));
  }
  return DLC_ONNX_OK;
}

// The half type (f16 or bf16) of the node's first half-precision input
// when the node computes in f32 (see the top of the file); null when it has
// none, and for nodes whose dlc_graph op takes half types itself (casts,
// data movement). BitCast reinterprets bits: never through f32.
static MlirType halfInputType(DlcOnnxNode *n) {
  const char *op = n->entry->graphOp;
  const DlcOpDef *def = op ? dlcLookupOpDefByName(op, strlen(op)) : NULL;
  if (!strcmp(n->opType, "BitCast") || (def && (def->operands[0].types & DLC_T_HALF)))
    return (MlirType){NULL};
  for (int i = 0; i < dlcOnnxNumInputs(n); ++i) {
    DlcOnnxValue *v = dlcOnnxInputValue(n, i);
    MlirType elt = {NULL};
    if (v && !mlirValueIsNull(v->value))
      elt = mlirShapedTypeGetElementType(mlirValueGetType(v->value));
    else if (v && v->isConstant)
      elt = dlcDTypeToMlirType(n->ctx, v->constant.dtype);
    if (!mlirTypeIsNull(elt) && dlcEltIn(elt, DLC_T_HALF))
      return elt;
  }
  return (MlirType){NULL};
}

bool dlcOnnxImportNode(DlcOnnxImporter *imp, int index) {
  const Onnx__NodeProto *p = imp->graph->node[index];
  DlcOnnxNode n;
  memset(&n, 0, sizeof n);
  n.imp = imp;
  n.ctx = imp->ctx;
  n.proto = p;
  n.index = index;
  n.opType = str(p->op_type);
  n.opset = imp->opset;
  DlcStr name = DLC_STR_INIT;
  if (p->name && *p->name)
    dlcStrPuts(&name, p->name);
  else
    dlcStrPrintf(&name, "%s_%d", n.opType, index);
  n.name = dlcStrGet(&name);
  n.loc = dlcOnnxLoc(imp, n.name, index + 1);

  // Inputs must be defined earlier; those of unsupported producers make the
  // node unsupported too, which their producer's report explains.
  DlcOnnxStatus status = DLC_ONNX_OK;
  bool poisoned = false;
  for (size_t i = 0; i < p->n_input && status == DLC_ONNX_OK; ++i) {
    if (!dlcOnnxHasInput(&n, (int)i))
      continue;
    DlcOnnxValue *v = dlcOnnxValueLookup(&imp->values, p->input[i]);
    if (!v || !v->defined)
      status = dlcOnnxError(&n, "input '%s' is neither a graph input, an initializer nor an "
                                "output of an earlier node",
                            p->input[i]);
    else
      poisoned |= v->poisoned;
  }
  const DlcOnnxOpEntry *entry = NULL;
  if (status == DLC_ONNX_OK)
    status = checkNode(&n, &entry);
  if (status == DLC_ONNX_OK && !poisoned) {
    n.entry = entry;
    n.half = halfInputType(&n);
    status = entry->translate(&n);
    for (size_t i = 0; i < p->n_output && status == DLC_ONNX_OK; ++i) {
      DlcOnnxValue *v = dlcOnnxHasOutput(&n, (int)i)
                            ? dlcOnnxValueLookup(&imp->values, p->output[i])
                            : NULL;
      if (v && (!v->defined || v->producer != index))
        status = dlcOnnxUnsupported(&n, "output #%zu ('%s') is not supported", i, p->output[i]);
    }
  }
  if (status == DLC_ONNX_UNSUPPORTED)
    dlcOnnxReportUnsupported(imp, "node '%s' (%s, opset %lld): %s", n.name, n.opType,
                             (long long)n.opset, dlcStrGet(&n.reason));
  if (status != DLC_ONNX_OK || poisoned) {
    for (size_t i = 0; i < p->n_output; ++i) {
      if (!dlcOnnxHasOutput(&n, (int)i))
        continue;
      DlcOnnxValue *v = dlcOnnxValueGet(&imp->values, p->output[i]);
      if (v->defined && v->producer != index && status != DLC_ONNX_ERROR) {
        status = dlcOnnxError(&n, "output '%s' is already defined", v->name);
        break;
      }
      v->defined = v->poisoned = true;
      v->producer = index;
    }
  }
  for (int i = 0; i < n.numScratch; ++i)
    free(n.scratch[i]);
  dlcStrFree(&n.reason);
  dlcStrFree(&name);
  return status != DLC_ONNX_ERROR;
}
