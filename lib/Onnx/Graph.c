//===- Graph.c - An ONNX graph as func.func @main ---------------*- C -*-===//
//
// Graph inputs become @main's arguments (named by an `onnx.name` argument
// attribute), initializers and Constant nodes become dlc_graph.constant ops
// at the top of the body (created when first used as data, so that shapes
// and axes read at import time leave no dead constants), nodes become
// dlc_graph ops, and the graph outputs are returned. A graph input that is
// also an initializer is a constant. A bound input is a constant that only
// shape-like operands may read; it is not an argument. Inputs are bound up
// front (options->bindings) or when a shape-like operand first needs one
// (options->provideInput, from Node.c): their arguments are dropped at the end.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"
#include "Tensor/TensorIO.h"
#include "Support/Diag.h"
#include "dlc-c/Dialects.h"

#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>


MlirValue dlcOnnxMaterialize(DlcOnnxImporter *imp, DlcOnnxValue *v) {
  if (!mlirValueIsNull(v->value))
    return v->value;
  DlcTensor copy;
  const DlcTensor *t = &v->constant;
  if (!v->ownsConstant) {
    // The contents belong to someone else (a blob): give MLIR its own copy.
    if (mlirLogicalResultIsFailure(dlcTensorCreate(t->dtype, t->rank, t->shape, &copy))) {
      dlcEmitError(v->loc, "cannot allocate constant '%s'", v->name);
      return (MlirValue){NULL};
    }
    if (t->bytes)
      memcpy(copy.data, t->data, t->bytes);
    t = &copy;
  }
  bool tookData;
  MlirAttribute value = dlcOnnxElementsAttr(imp->ctx, t, v->name, &tookData);
  if (t == &copy && !tookData)
    dlcTensorDestroy(&copy);
  else if (tookData)
    v->ownsConstant = false; // v->constant now reads the blob
  MlirNamedAttribute attr = mlirNamedAttributeGet(
      mlirIdentifierGet(imp->ctx, mlirStringRefCreateFromCString("value")), value);
  MlirType type = mlirAttributeGetType(value);
  MlirOperationState state =
      mlirOperationStateGet(mlirStringRefCreateFromCString("dlc_graph.constant"), v->loc);
  mlirOperationStateAddResults(&state, 1, &type);
  mlirOperationStateAddAttributes(&state, 1, &attr);
  MlirOperation op = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationAfter(imp->body, imp->lastConst, op);
  imp->lastConst = op;
  v->value = mlirOperationGetResult(op, 0);
  return v->value;
}

// Whether `vi` declares a tensor type with an element type DLC has and a
// shape. Anything less declares nothing (exporters leave types out or
// partial); an element type DLC lacks is reported at the node making it.
static bool declaresTensorType(DlcOnnxImporter *imp, const Onnx__ValueInfoProto *vi) {
  const Onnx__TypeProto *t = vi->type;
  return t && t->value_case == ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE && t->tensor_type &&
         t->tensor_type->has_elem_type &&
         !mlirTypeIsNull(dlcOnnxElementType(imp->ctx, t->tensor_type->elem_type)) &&
         t->tensor_type->shape;
}

// Types declared for outputs and intermediate values refine what DLC infers.
static void collectHints(DlcOnnxImporter *imp) {
  const Onnx__GraphProto *g = imp->graph;
  for (size_t k = 0; k < g->n_value_info + g->n_output; ++k) {
    const Onnx__ValueInfoProto *vi =
        k < g->n_value_info ? g->value_info[k] : g->output[k - g->n_value_info];
    if (!vi->name || !*vi->name)
      continue;
    DlcStr why = DLC_STR_INIT;
    MlirType type = dlcOnnxValueInfoType(imp->ctx, vi, &why);
    if (!mlirTypeIsNull(type))
      dlcOnnxValueGet(&imp->values, vi->name)->hint = type;
    else if (declaresTensorType(imp, vi))
      // A declaration that is invalid (a negative dim) or beyond DLC (a
      // rank above its limit) is reported, not ignored.
      dlcOnnxReportUnsupported(imp, "%s '%s': %s", k < g->n_value_info ? "value_info" : "output",
                               vi->name, dlcStrGet(&why));
    dlcStrFree(&why);
  }
}

static bool importInitializers(DlcOnnxImporter *imp) {
  const Onnx__GraphProto *g = imp->graph;
  for (size_t i = 0; i < g->n_sparse_initializer; ++i) {
    const Onnx__SparseTensorProto *s = g->sparse_initializer[i];
    const char *name = s->values ? dlcOnnxNameOr(s->values->name) : "";
    dlcOnnxReportUnsupported(imp, "sparse initializer '%s': sparse tensors are not supported",
                             name);
    if (*name)
      dlcOnnxValueGet(&imp->values, name)->poisoned = true;
  }
  for (size_t i = 0; i < g->n_initializer; ++i) {
    const Onnx__TensorProto *p = g->initializer[i];
    if (!p->name || !*p->name) {
      dlcEmitError(imp->fileLoc, "initializer #%zu has no name", i);
      return false;
    }
    DlcOnnxValue *v = dlcOnnxValueGet(&imp->values, p->name);
    if (v->defined) {
      dlcEmitError(imp->fileLoc, "initializer '%s' is defined twice", p->name);
      return false;
    }
    v->defined = true;
    v->loc = dlcOnnxLoc(imp, p->name, 0);
    DlcDType dtype;
    if (!p->has_data_type || !dlcDTypeFromOnnx(p->data_type, &dtype)) {
      dlcOnnxReportUnsupported(imp, "initializer '%s': data type %s is not supported", p->name,
                               dlcOnnxDataTypeName(p->has_data_type ? p->data_type : 0));
      v->poisoned = true;
      continue;
    }
    DlcStr why = DLC_STR_INIT;
    bool ok = dlcOnnxDecodeTensor(imp, p, &v->constant, &why);
    if (!ok)
      dlcEmitError(imp->fileLoc, "initializer '%s' is broken: %s", p->name, dlcStrGet(&why));
    dlcStrFree(&why);
    if (!ok)
      return false;
    v->isConstant = v->ownsConstant = true;
  }
  return true;
}

static const DlcOnnxBinding *findBinding(const DlcOnnxImporter *imp, const char *name) {
  const DlcOnnxImportOptions *o = imp->options;
  for (intptr_t i = 0; o && i < o->numBindings; ++i)
    if (o->bindings[i].name && o->bindings[i].value && !strcmp(o->bindings[i].name, name))
      return &o->bindings[i];
  return NULL;
}

bool dlcOnnxBindInput(DlcOnnxImporter *imp, DlcOnnxValue *v, MlirType declared,
                      const DlcTensor *t) {
  MlirType given = dlcOnnxTensorType(imp->ctx, t);
  if (!mlirTypeIsNull(declared) &&
      (!mlirTypeEqual(mlirShapedTypeGetElementType(declared), mlirShapedTypeGetElementType(given)) ||
       !dlcTypesCompatible(declared, given))) {
    DlcStr a = DLC_STR_INIT, c = DLC_STR_INIT;
    dlcStrAppendType(&a, given);
    dlcStrAppendType(&c, declared);
    dlcEmitError(v->loc, "the tensor bound to graph input '%s' is %s, but the input is %s",
                 v->name, dlcStrGet(&a), dlcStrGet(&c));
    dlcStrFree(&a);
    dlcStrFree(&c);
    return false;
  }
  if (mlirLogicalResultIsFailure(dlcTensorCreate(t->dtype, t->rank, t->shape, &v->constant))) {
    dlcEmitError(v->loc, "cannot allocate the tensor bound to '%s'", v->name);
    return false;
  }
  if (t->bytes)
    memcpy(v->constant.data, t->data, t->bytes);
  v->isConstant = v->ownsConstant = v->bound = true;
  return true;
}

typedef struct Signature {
  intptr_t num, cap;
  MlirType *types;
  MlirLocation *locs;
  const char **names;
  DlcOnnxValue **values;
  int64_t *elements; ///< a list's tensor the argument holds; -1 for a tensor
} Signature;

static void signatureFree(Signature *s) {
  free(s->types);
  free(s->locs);
  free(s->names);
  free(s->values);
  free(s->elements);
}

static void signatureResize(Signature *s, size_t k) {
  s->cap = (intptr_t)k;
  s->types = realloc(s->types, k * sizeof *s->types);
  s->locs = realloc(s->locs, k * sizeof *s->locs);
  s->names = realloc(s->names, k * sizeof *s->names);
  s->values = realloc(s->values, k * sizeof *s->values);
  s->elements = realloc(s->elements, k * sizeof *s->elements);
  if (!s->types || !s->locs || !s->names || !s->values || !s->elements)
    abort();
}

static void signatureAlloc(Signature *s, size_t n) {
  memset(s, 0, sizeof *s);
  signatureResize(s, n ? n : 1);
}

// A sequence or an optional: an argument per tensor the run feeds it.
static bool importListInput(DlcOnnxImporter *imp, const Onnx__ValueInfoProto *vi,
                            DlcOnnxValue *v, Signature *args, DlcStr *why) {
  MlirType *types;
  int64_t count;
  int status = dlcOnnxListInput(imp, vi, v, &types, &count, why);
  if (status == 0) {
    dlcOnnxReportUnsupported(imp, "graph input '%s': %s", vi->name, dlcStrGet(why));
    v->poisoned = true;
  }
  for (int64_t k = 0; status > 0 && k < count; ++k) {
    if (args->num == args->cap)
      signatureResize(args, 2 * (size_t)args->cap);
    args->types[args->num] = types[k];
    args->locs[args->num] = v->loc;
    args->names[args->num] = vi->name;
    args->values[args->num] = v;
    args->elements[args->num] = k;
    ++args->num;
  }
  free(types);
  return status >= 0;
}

// Graph inputs that are not initializers become arguments (or constants when bound).
static bool importInputs(DlcOnnxImporter *imp, Signature *args) {
  const Onnx__GraphProto *g = imp->graph;
  signatureAlloc(args, g->n_input);
  intptr_t position = 0;
  for (size_t i = 0; i < g->n_input; ++i) {
    const Onnx__ValueInfoProto *vi = g->input[i];
    if (!vi->name || !*vi->name) {
      dlcEmitError(imp->fileLoc, "graph input #%zu has no name", i);
      return false;
    }
    DlcOnnxValue *v = dlcOnnxValueGet(&imp->values, vi->name);
    const DlcOnnxBinding *b = findBinding(imp, vi->name);
    if (v->graphInput) {
      dlcEmitError(imp->fileLoc, "graph input '%s' is listed twice", vi->name);
      return false;
    }
    v->graphInput = true;
    if (v->defined) { // an initializer: its value is the default, used as a constant
      if (b) {
        dlcEmitError(imp->fileLoc, "cannot bind '%s': it is an initializer, not a graph input",
                     vi->name);
        return false;
      }
      continue;
    }
    v->defined = true;
    v->loc = dlcOnnxLoc(imp, vi->name, 0);
    v->position = position++;
    DlcStr why = DLC_STR_INIT;
    if (!b && dlcOnnxIsListType(vi)) {
      bool ok = importListInput(imp, vi, v, args, &why);
      dlcStrFree(&why);
      if (!ok)
        return false;
      continue;
    }
    MlirType type = dlcOnnxValueInfoType(imp->ctx, vi, &why);
    if (b) {
      dlcStrFree(&why);
      if (!dlcOnnxBindInput(imp, v, type, b->value))
        return false;
      continue;
    }
    if (mlirTypeIsNull(type)) {
      dlcOnnxReportUnsupported(imp, "graph input '%s': %s", vi->name, dlcStrGet(&why));
      v->poisoned = true;
    } else {
      if (args->num == args->cap)
        signatureResize(args, 2 * (size_t)args->cap);
      args->types[args->num] = type;
      args->locs[args->num] = v->loc;
      args->names[args->num] = vi->name;
      args->values[args->num] = v;
      args->elements[args->num] = -1;
      ++args->num;
    }
    dlcStrFree(&why);
  }
  // Every binding must name a graph input.
  const DlcOnnxImportOptions *o = imp->options;
  for (intptr_t i = 0; o && i < o->numBindings; ++i) {
    const char *name = o->bindings[i].name ? o->bindings[i].name : "";
    bool found = false;
    for (size_t k = 0; k < g->n_input && !found; ++k)
      found = !strcmp(g->input[k]->name, name);
    if (!found || !o->bindings[i].value) {
      dlcEmitError(imp->fileLoc, "cannot bind '%s': the model has no graph input of that name",
                   name);
      return false;
    }
  }
  return true;
}

// Inputs bound on demand (by the input provider) were arguments until then;
// nothing uses those arguments (Node.c checks), so they go.
static void dropBoundArguments(DlcOnnxImporter *imp, Signature *args) {
  intptr_t kept = 0;
  for (intptr_t i = 0; i < args->num; ++i) {
    if (args->values[i]->bound) {
      mlirBlockEraseArgument(imp->body, (unsigned)kept);
      args->values[i]->value = (MlirValue){NULL};
      continue;
    }
    args->types[kept] = args->types[i];
    args->locs[kept] = args->locs[i];
    args->names[kept] = args->names[i];
    args->values[kept] = args->values[i];
    args->elements[kept] = args->elements[i];
    ++kept;
  }
  args->num = kept;
}

static bool collectOutputs(DlcOnnxImporter *imp, Signature *results, MlirValue *values) {
  const Onnx__GraphProto *g = imp->graph;
  for (size_t i = 0; i < g->n_output; ++i) {
    const Onnx__ValueInfoProto *vi = g->output[i];
    const char *name = dlcOnnxNameOr(vi->name);
    DlcOnnxValue *v = dlcOnnxValueLookup(&imp->values, name);
    if (!v || !v->defined) {
      dlcEmitError(imp->fileLoc, "graph output '%s' is not produced by any node, input or "
                                 "initializer", name);
      return false;
    }
    if (v->poisoned)
      continue; // its producer is reported
    if (v->bound) {
      dlcEmitError(v->loc, "graph input '%s' is bound, but it is also a graph output; only "
                           "shape-like operands can be bound", name);
      return false;
    }
    // An optional of a sequence where the graph declares a sequence (a
    // Loop's state that started empty): its sequence.
    if (v->atRunTime && dlcOnnxDeclaresSequence(vi) && v->kind == DLC_ONNX_KIND_OPTIONAL &&
        v->ofSequence) {
      v->kind = DLC_ONNX_KIND_SEQUENCE;
      memmove(v->parts, v->parts + 1, 2 * sizeof *v->parts);
    }
    if (v->kind != DLC_ONNX_KIND_TENSOR) { // its run-time parts, or its elements in order
      const MlirValue *items = v->atRunTime ? v->parts : v->elems;
      int64_t count = v->atRunTime ? dlcOnnxListNumParts(v) : v->numElems;
      for (int64_t k = 0; k < count; ++k) {
        values[results->num] = items[k];
        results->types[results->num] = mlirValueGetType(items[k]);
        results->names[results->num] = name;
        results->values[results->num] = v;
        ++results->num;
      }
      continue;
    }
    MlirValue value = v->value;
    if (mlirValueIsNull(value) && v->isConstant)
      value = dlcOnnxMaterialize(imp, v);
    if (mlirValueIsNull(value))
      return false;
    values[results->num] = value;
    results->types[results->num] = mlirValueGetType(value);
    results->names[results->num] = name;
    results->values[results->num] = v;
    ++results->num;
  }
  return true;
}

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute value) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), value);
}

// With exposeIntermediates, every value a node computes, after the graph's
// outputs.
static bool collectIntermediates(DlcOnnxImporter *imp, Signature *results, MlirValue *values) {
  const Onnx__GraphProto *g = imp->graph;
  for (size_t n = 0; n < g->n_node; ++n) {
    const Onnx__NodeProto *node = g->node[n];
    for (size_t k = 0; k < node->n_output; ++k) {
      const char *name = dlcOnnxNameOr(node->output[k]);
      DlcOnnxValue *v = *name ? dlcOnnxValueLookup(&imp->values, name) : NULL;
      if (!v || !v->defined || v->poisoned || v->isConstant || mlirValueIsNull(v->value) ||
          !mlirTypeIsARankedTensor(mlirValueGetType(v->value)))
        continue;
      bool listed = false;
      for (intptr_t i = 0; i < results->num && !listed; ++i)
        listed = !strcmp(results->names[i], name);
      if (listed)
        continue;
      values[results->num] = v->value;
      results->types[results->num] = mlirValueGetType(v->value);
      results->names[results->num] = name;
      results->values[results->num] = v;
      ++results->num;
    }
  }
  return true;
}

// The type of value `name` as the importer knows it, or null.
static MlirAttribute valueTypeAttr(DlcOnnxImporter *imp, const char *name) {
  const DlcOnnxValue *v = dlcOnnxValueLookup(&imp->values, name);
  if (!v)
    return mlirAttributeGetNull();
  if (!mlirValueIsNull(v->value))
    return mlirTypeAttrGet(mlirValueGetType(v->value));
  if (v->isConstant) {
    DlcTensorType t = dlcTensorGetType(&v->constant);
    return mlirTypeAttrGet(dlcTensorTypeToMlirType(imp->ctx, &t));
  }
  return mlirAttributeGetNull();
}

// Where result `v` comes from, for bisection: its node's name, position,
// op type, inputs and their types; `onnx.tap` when only the taps return it.
static MlirAttribute tapAttrs(DlcOnnxImporter *imp, MlirNamedAttribute name,
                              const DlcOnnxValue *v, bool tap) {
  MlirContext ctx = imp->ctx;
  const Onnx__NodeProto *node = imp->graph->node[v->producer];
  MlirAttribute *inputs = malloc(sizeof(MlirAttribute) * (node->n_input + 1));
  MlirAttribute *types = malloc(sizeof(MlirAttribute) * (node->n_input + 1));
  if (!inputs || !types)
    abort();
  intptr_t count = 0;
  for (size_t i = 0; i < node->n_input; ++i) {
    const char *in = dlcOnnxNameOr(node->input[i]);
    MlirAttribute type = *in ? valueTypeAttr(imp, in) : mlirAttributeGetNull();
    if (mlirAttributeIsNull(type))
      continue;
    inputs[count] = mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(in));
    types[count++] = type;
  }
  MlirNamedAttribute entries[7] = {
      name,
      named(ctx, "onnx.node_index", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), v->producer)),
      named(ctx, "onnx.node", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(dlcOnnxNameOr(node->name)))),
      named(ctx, "onnx.op_type",
            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(dlcOnnxNameOr(node->op_type)))),
      named(ctx, "onnx.node_inputs", mlirArrayAttrGet(ctx, count, inputs)),
      named(ctx, "onnx.node_input_types", mlirArrayAttrGet(ctx, count, types)),
  };
  free(inputs);
  free(types);
  intptr_t n = 6;
  if (tap)
    entries[n++] = named(ctx, "onnx.tap", mlirUnitAttrGet(ctx));
  return mlirDictionaryAttrGet(ctx, n, entries);
}

// The dim_param names of graph input `name` ("" for other dims) as an
// array attribute, or null when it has none: dims of one name are one size,
// which a dynamic entry checks at run time (dlc-entry-abi).
static MlirAttribute dimParams(DlcOnnxImporter *imp, const char *name) {
  const Onnx__GraphProto *g = imp->graph;
  const Onnx__TypeProto__Tensor *tt = NULL;
  for (size_t i = 0; i < g->n_input && !tt; ++i)
    if (g->input[i]->name && !strcmp(g->input[i]->name, name) && g->input[i]->type &&
        g->input[i]->type->value_case == ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE)
      tt = g->input[i]->type->tensor_type;
  if (!tt || !tt->shape)
    return mlirAttributeGetNull();
  bool any = false;
  MlirAttribute dims[DLC_MAX_RANK];
  for (size_t d = 0; d < tt->shape->n_dim && d < DLC_MAX_RANK; ++d) {
    const Onnx__TensorShapeProto__Dimension *dim = tt->shape->dim[d];
    bool param = dim->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM &&
                 dim->dim_param && *dim->dim_param;
    any = any || param;
    dims[d] = mlirStringAttrGet(imp->ctx, mlirStringRefCreateFromCString(param ? dim->dim_param : ""));
  }
  return any ? mlirArrayAttrGet(imp->ctx, (intptr_t)tt->shape->n_dim, dims) : mlirAttributeGetNull();
}

// `onnx.name` of each argument or result (and `onnx.dim_params` of an
// argument with named dims); with taps, also where each result that a node
// computes comes from.
static MlirAttribute signatureAttrs(DlcOnnxImporter *imp, const Signature *s, bool arguments) {
  MlirContext ctx = imp->ctx;
  MlirAttribute *dicts = malloc((size_t)(s->num ? s->num : 1) * sizeof *dicts);
  if (!dicts)
    abort();
  bool taps = imp->options && imp->options->exposeIntermediates;
  for (intptr_t i = 0; i < s->num; ++i) {
    MlirNamedAttribute name = named(ctx, DLC_ONNX_ATTR_NAME,
                                    mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s->names[i])));
    MlirAttribute params = arguments ? dimParams(imp, s->names[i]) : mlirAttributeGetNull();
    MlirNamedAttribute entries[2] = {name, named(ctx, "onnx.dim_params", params)};
    if (arguments && s->elements[i] >= 0) // which tensor of a sequence or an optional
      entries[1] = named(ctx, "onnx.element",
                         mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), s->elements[i]));
    bool two = !mlirAttributeIsNull(entries[1].attribute);
    dicts[i] = taps && s->values[i] && s->values[i]->producer >= 0
                   ? tapAttrs(imp, name, s->values[i], i >= (intptr_t)imp->graph->n_output)
                   : mlirDictionaryAttrGet(ctx, two ? 2 : 1, entries);
  }
  MlirAttribute array = mlirArrayAttrGet(ctx, s->num, dicts);
  free(dicts);
  return array;
}

// The names of the graph inputs that are not initializers (bound ones too).
static MlirAttribute graphInputs(DlcOnnxImporter *imp) {
  const Onnx__GraphProto *g = imp->graph;
  MlirAttribute *names = malloc((g->n_input ? g->n_input : 1) * sizeof *names);
  if (!names)
    abort();
  intptr_t count = 0;
  for (size_t i = 0; i < g->n_input; ++i) {
    const DlcOnnxValue *v = dlcOnnxValueLookup(&imp->values, g->input[i]->name);
    if (v && (!v->isConstant || v->bound))
      names[count++] = mlirStringAttrGet(imp->ctx, mlirStringRefCreateFromCString(v->name));
  }
  MlirAttribute array = mlirArrayAttrGet(imp->ctx, count, names);
  free(names);
  return array;
}

// Wraps the body into func.func @main inside a new module.
static MlirModule buildModule(DlcOnnxImporter *imp, const Signature *args,
                              const Signature *results, const MlirValue *values) {
  MlirContext ctx = imp->ctx;
  MlirLocation loc = dlcOnnxLoc(imp, imp->graph->name ? imp->graph->name : "main", 0);
  MlirOperationState ret = mlirOperationStateGet(mlirStringRefCreateFromCString("func.return"), loc);
  mlirOperationStateAddOperands(&ret, results->num, values);
  mlirBlockAppendOwnedOperation(imp->body, mlirOperationCreate(&ret));

  MlirType fnType = mlirFunctionTypeGet(ctx, args->num, args->types, results->num, results->types);
  MlirNamedAttribute attrs[7];
  int numAttrs = 0;
  attrs[numAttrs++] = named(ctx, "sym_name", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("main")));
  attrs[numAttrs++] = named(ctx, "function_type", mlirTypeAttrGet(fnType));
  attrs[numAttrs++] = named(ctx, "arg_attrs", signatureAttrs(imp, args, true));
  attrs[numAttrs++] = named(ctx, "res_attrs", signatureAttrs(imp, results, false));
  attrs[numAttrs++] = named(ctx, DLC_ONNX_ATTR_GRAPH_INPUTS, graphInputs(imp));
  MlirAttribute kinds = dlcOnnxOutputKinds(imp);
  if (!mlirAttributeIsNull(kinds))
    attrs[numAttrs++] = named(ctx, DLC_ONNX_ATTR_OUTPUT_KINDS, kinds);
  if (imp->graph->name)
    attrs[numAttrs++] = named(ctx, DLC_ONNX_ATTR_GRAPH_NAME,
                              mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(imp->graph->name)));
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, imp->body);
  MlirOperationState fn = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), loc);
  mlirOperationStateAddAttributes(&fn, numAttrs, attrs);
  mlirOperationStateAddOwnedRegions(&fn, 1, &region);
  MlirOperation func = mlirOperationCreate(&fn);

  MlirModule module = mlirModuleCreateEmpty(imp->fileLoc);
  MlirOperation m = mlirModuleGetOperation(module);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  mlirOperationSetAttributeByName(m, mlirStringRefCreateFromCString(DLC_ONNX_ATTR_IR_VERSION),
                                  mlirIntegerAttrGet(i64, imp->model->ir_version));
  mlirOperationSetAttributeByName(m, mlirStringRefCreateFromCString(DLC_ONNX_ATTR_OPSET),
                                  mlirIntegerAttrGet(i64, imp->opset));
  if (imp->model->producer_name && *imp->model->producer_name) {
    DlcStr producer = DLC_STR_INIT;
    dlcStrPuts(&producer, imp->model->producer_name);
    if (imp->model->producer_version && *imp->model->producer_version)
      dlcStrPrintf(&producer, " %s", imp->model->producer_version);
    mlirOperationSetAttributeByName(
        m, mlirStringRefCreateFromCString(DLC_ONNX_ATTR_PRODUCER),
        mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(dlcStrGet(&producer))));
    dlcStrFree(&producer);
  }
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), func);
  // Subgraph bodies, in the order their nodes were imported.
  for (size_t i = 0; i < imp->numBodies; ++i)
    mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), imp->bodies[i]);
  imp->numBodies = 0;
  return module;
}

static bool isUnused(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}

// The ops of nodes computed while importing (Fold.c) and the constants
// only they read have no uses left; dlc_graph ops have no side effects.
// Backwards, so that an op's operands lose their last use before they are
// visited.
void dlcOnnxEraseUnusedOps(MlirBlock body) {
  size_t count = 0, i = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    ++count;
  MlirOperation *ops = malloc((count + 1) * sizeof *ops);
  if (!ops)
    abort();
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    ops[i++] = op;
  while (i-- > 0)
    if (mlirOperationGetNumResults(ops[i]) > 0 && isUnused(ops[i]))
      mlirOperationDestroy(ops[i]);
  free(ops);
}

MlirModule dlcOnnxImportGraph(DlcOnnxImporter *imp) {
  collectHints(imp);
  Signature args = {0}, results = {0};
  MlirValue *values = NULL;
  MlirModule module = {NULL};
  bool ok = importInitializers(imp) && importInputs(imp, &args);
  if (ok) {
    imp->body = mlirBlockCreate(args.num, args.types, args.locs);
    for (intptr_t i = 0; i < args.num; ++i) {
      if (args.elements[i] >= 0)
        args.values[i]->elems[args.elements[i]] = mlirBlockGetArgument(imp->body, i);
      else
        args.values[i]->value = mlirBlockGetArgument(imp->body, i);
    }
  }
  for (size_t i = 0; ok && i < imp->graph->n_node; ++i)
    ok = dlcOnnxImportNode(imp, (int)i);
  bool taps = imp->options && imp->options->exposeIntermediates;
  if (ok) {
    size_t capacity = imp->graph->n_output;
    for (size_t i = 0; i < imp->graph->n_output; ++i) { // sequences: one per element
      DlcOnnxValue *v =
          dlcOnnxValueLookup(&imp->values, dlcOnnxNameOr(imp->graph->output[i]->name));
      capacity += v ? (size_t)v->numElems + 3 : 0;
    }
    for (size_t i = 0; taps && i < imp->graph->n_node; ++i)
      capacity += imp->graph->node[i]->n_output;
    signatureAlloc(&results, capacity);
    values = malloc((capacity + 1) * sizeof *values);
    if (!values)
      abort();
    ok = collectOutputs(imp, &results, values);
  }
  if (ok && taps)
    ok = collectIntermediates(imp, &results, values);
  if (ok)
    dropBoundArguments(imp, &args);
  if (ok && !imp->numUnsupported) {
    module = buildModule(imp, &args, &results, values);
    dlcOnnxEraseUnusedOps(imp->body);
    imp->body = (MlirBlock){NULL}; // owned by the module now
    // DLC's verifier and MLIR's (IRDL structure) check what was built.
    dlcOnnxCaptureBegin(imp);
    bool valid = mlirOperationVerify(mlirModuleGetOperation(module)) &&
                 mlirLogicalResultIsSuccess(dlcVerify(mlirModuleGetOperation(module)));
    if (dlcOnnxCaptureEnd(imp) || !valid) {
      mlirModuleDestroy(module);
      module = (MlirModule){NULL};
    }
  }
  if (!mlirBlockIsNull(imp->body))
    mlirBlockDestroy(imp->body);
  for (size_t i = 0; i < imp->numBodies; ++i)
    mlirOperationDestroy(imp->bodies[i]);
  free(imp->bodies);
  imp->bodies = NULL;
  imp->numBodies = imp->capBodies = 0;
  imp->body = (MlirBlock){NULL};
  free(values);
  signatureFree(&args);
  signatureFree(&results);
  return module;
}
