//===- Subgraph.c - Importing the bodies of If, Loop and Scan ---*- C -*-===//
//
// A subgraph is imported with the importer's own node loop, on a name table
// of its own: the outer state (graph, names, block) is set aside while its
// nodes are imported and restored after. Inline, its ops join the current
// block and outer values are used directly. In a function (IRDL ops cannot
// hold a region ending in a terminator of ours, so a body is a private
// func.func that lowering inlines), every outer value the body reads
// becomes a trailing argument that the caller passes; outer constants are
// copied in, so shape-like operands still see their contents.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"
#include "Support/Diag.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

DlcOnnxStatus dlcOnnxSubgraphGet(DlcOnnxNode *n, const char *attr, const Onnx__GraphProto **g) {
  const Onnx__AttributeProto *a = dlcOnnxAttr(n, attr);
  *g = a ? a->g : NULL;
  if (!*g)
    return dlcOnnxError(n, "attribute '%s' is missing or is not a graph", attr);
  for (size_t i = 0; i < (*g)->n_input + (*g)->n_output; ++i) {
    const Onnx__ValueInfoProto *vi =
        i < (*g)->n_input ? (*g)->input[i] : (*g)->output[i - (*g)->n_input];
    if (!vi->name || !*vi->name)
      return dlcOnnxError(n, "%s: %s #%zu has no name", attr,
                          i < (*g)->n_input ? "input" : "output",
                          i < (*g)->n_input ? i : i - (*g)->n_input);
  }
  return DLC_ONNX_OK;
}

typedef struct Names {
  const char **items;
  size_t count, cap;
} Names;

static bool namesHas(const Names *s, const char *name) {
  for (size_t i = 0; i < s->count; ++i)
    if (!strcmp(s->items[i], name))
      return true;
  return false;
}

static void namesAdd(Names *s, const char *name) {
  if (!name || !*name || namesHas(s, name))
    return;
  if (s->count == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 16;
    s->items = realloc(s->items, s->cap * sizeof *s->items);
    if (!s->items)
      abort();
  }
  s->items[s->count++] = name;
}

// Every name `g` (and the subgraphs of its nodes) defines, and every name
// they read, in the order of first use.
static void collectNames(const Onnx__GraphProto *g, Names *defined, Names *used) {
  for (size_t i = 0; i < g->n_input; ++i)
    namesAdd(defined, g->input[i]->name);
  for (size_t i = 0; i < g->n_initializer; ++i)
    namesAdd(defined, g->initializer[i]->name);
  for (size_t k = 0; k < g->n_node; ++k) {
    const Onnx__NodeProto *node = g->node[k];
    for (size_t i = 0; i < node->n_input; ++i)
      namesAdd(used, node->input[i]);
    for (size_t i = 0; i < node->n_output; ++i)
      namesAdd(defined, node->output[i]);
    for (size_t i = 0; i < node->n_attribute; ++i) {
      const Onnx__AttributeProto *a = node->attribute[i];
      if (a->g)
        collectNames(a->g, defined, used);
      for (size_t j = 0; j < a->n_graphs; ++j)
        collectNames(a->graphs[j], defined, used);
    }
  }
  for (size_t i = 0; i < g->n_output; ++i)
    namesAdd(used, g->output[i]->name);
}

// A body's view of outer value `o`: its contents when it is a constant, its
// SSA value inline; the caller makes it an argument in a function.
static DlcOnnxValue *captureEntry(DlcOnnxSubgraph *sg, const DlcOnnxValue *o) {
  DlcOnnxValue *v = dlcOnnxValueGet(&sg->values, o->name);
  v->defined = true;
  v->poisoned = o->poisoned;
  v->hint = o->hint;
  v->loc = o->loc;
  if (o->kind != DLC_ONNX_KIND_TENSOR) {
    dlcOnnxCopyList(v, o);
  } else if (o->isConstant) {
    v->constant = o->constant; // shared: materializing copies it
    v->isConstant = true;
    v->bound = o->bound;
    if (!sg->inFunc)
      v->value = o->value;
  } else if (!sg->inFunc) {
    v->value = o->value;
  }
  return v;
}

// Initializers of the body are constants of its own.
static DlcOnnxStatus importInitializers(DlcOnnxSubgraph *sg) {
  DlcOnnxNode *n = sg->node;
  const Onnx__GraphProto *g = sg->graph;
  for (size_t i = 0; i < g->n_initializer; ++i) {
    const Onnx__TensorProto *p = g->initializer[i];
    if (!p->name || !*p->name)
      return dlcOnnxError(n, "%s: initializer #%zu has no name", sg->attr, i);
    DlcOnnxValue *v = dlcOnnxValueGet(&sg->values, p->name);
    DlcStr why = DLC_STR_INIT;
    bool ok = dlcOnnxDecodeTensor(n->imp, p, &v->constant, &why);
    DlcOnnxStatus status =
        ok ? DLC_ONNX_OK
           : dlcOnnxUnsupported(n, "%s: initializer '%s': %s", sg->attr, p->name, dlcStrGet(&why));
    dlcStrFree(&why);
    if (!ok)
      return status;
    v->defined = v->isConstant = v->ownsConstant = true;
    v->loc = n->loc;
  }
  return DLC_ONNX_OK;
}

// Types the body declares for its values refine what the shape rules infer.
static void collectHints(DlcOnnxSubgraph *sg) {
  const Onnx__GraphProto *g = sg->graph;
  for (size_t k = 0; k < g->n_value_info + g->n_output; ++k) {
    const Onnx__ValueInfoProto *vi =
        k < g->n_value_info ? g->value_info[k] : g->output[k - g->n_value_info];
    DlcStr why = DLC_STR_INIT;
    MlirType type = dlcOnnxValueInfoType(sg->node->ctx, vi, &why);
    dlcStrFree(&why);
    if (!mlirTypeIsNull(type) && vi->name && *vi->name)
      dlcOnnxValueGet(&sg->values, vi->name)->hint = type;
  }
}

DlcOnnxStatus dlcOnnxSubgraphBegin(DlcOnnxNode *n, const char *attr, const Onnx__GraphProto *g,
                                   const MlirType *formalTypes,
                                   const DlcOnnxValue *const *lists, DlcOnnxSubgraph *sg) {
  memset(sg, 0, sizeof *sg);
  DlcOnnxImporter *imp = n->imp;
  sg->node = n;
  sg->attr = attr;
  sg->graph = g;
  sg->inFunc = formalTypes != NULL;
  sg->unsupportedBefore = imp->numUnsupported;
  collectHints(sg);

  Names defined = {0}, used = {0};
  collectNames(g, &defined, &used);
  size_t numFormals = g->n_input;
  // A run-time list takes up to 3 arguments, its parts.
  size_t cap = 3 * (numFormals + used.count) + 1;
  MlirType *types = malloc(cap * sizeof *types);
  MlirLocation *locs = malloc(cap * sizeof *locs);
  sg->captures = malloc(cap * sizeof *sg->captures);
  if (!types || !locs || !sg->captures)
    abort();
  DlcOnnxStatus status = DLC_ONNX_OK;
  // args[k]: the entry argument k defines; part[k] its part, -1 for a tensor.
  DlcOnnxValue **args = malloc(cap * sizeof *args);
  int *part = malloc(cap * sizeof *part);
  if (!args || !part)
    abort();
  size_t numArgs = 0;
  for (size_t i = 0; i < numFormals; ++i) {
    DlcOnnxValue *v = dlcOnnxValueGet(&sg->values, g->input[i]->name);
    v->defined = true;
    v->loc = n->loc;
    const DlcOnnxValue *list = lists ? lists[i] : NULL;
    int numParts = list ? dlcOnnxListNumParts(list) : 1;
    if (list)
      dlcOnnxCopyList(v, list);
    for (int k = 0; k < numParts; ++k) {
      args[numArgs] = v;
      part[numArgs] = list ? k : -1;
      if (sg->inFunc) {
        types[numArgs] = formalTypes[numArgs];
        locs[numArgs] = n->loc;
      }
      ++numArgs;
    }
  }
  for (size_t i = 0; i < used.count && status == DLC_ONNX_OK; ++i) {
    const char *name = used.items[i];
    if (namesHas(&defined, name))
      continue;
    const DlcOnnxValue *o = dlcOnnxValueLookup(&imp->values, name);
    if (!o || !o->defined) {
      status = dlcOnnxError(n, "%s reads '%s', which is defined neither in it nor before the node",
                            attr, name);
      break;
    }
    DlcOnnxValue *v = captureEntry(sg, o);
    if (sg->inFunc && o->kind != DLC_ONNX_KIND_TENSOR && !o->poisoned) {
      // A list a function reads: its run-time parts are arguments.
      status = dlcOnnxListToRunTime(n, o, v);
      if (status != DLC_ONNX_OK)
        break;
      for (int k = 0; k < dlcOnnxListNumParts(v); ++k) {
        sg->captures[sg->numCaptures++] = v->parts[k];
        types[numArgs] = mlirValueGetType(v->parts[k]);
        locs[numArgs] = o->loc;
        part[numArgs] = k;
        args[numArgs++] = v;
      }
      continue;
    }
    if (!sg->inFunc || o->isConstant || o->poisoned || o->kind != DLC_ONNX_KIND_TENSOR)
      continue;
    if (o->bound) {
      status = dlcOnnxError(n, "%s reads graph input '%s' as data, but it is bound to a constant",
                            attr, name);
      break;
    }
    sg->captures[sg->numCaptures++] = o->value;
    types[numArgs] = mlirValueGetType(o->value);
    locs[numArgs] = o->loc;
    part[numArgs] = -1;
    args[numArgs++] = v;
  }
  if (status == DLC_ONNX_OK && sg->inFunc) {
    sg->block = mlirBlockCreate((intptr_t)numArgs, types, locs);
    for (size_t i = 0; i < numArgs; ++i) {
      if (part[i] >= 0)
        args[i]->parts[part[i]] = mlirBlockGetArgument(sg->block, (intptr_t)i);
      else
        args[i]->value = mlirBlockGetArgument(sg->block, (intptr_t)i);
    }
  }
  free(part);
  free(defined.items);
  free(used.items);
  free(types);
  free(locs);
  free(args);
  if (status == DLC_ONNX_OK)
    status = importInitializers(sg);
  return status;
}

void dlcOnnxSubgraphBindValue(DlcOnnxSubgraph *sg, int i, MlirValue v) {
  dlcOnnxValueGet(&sg->values, sg->graph->input[i]->name)->value = v;
}

void dlcOnnxSubgraphBindList(DlcOnnxSubgraph *sg, int i, const DlcOnnxValue *list) {
  const Onnx__ValueInfoProto *formal = sg->graph->input[i];
  DlcOnnxValue *v = dlcOnnxValueGet(&sg->values, formal->name);
  dlcOnnxCopyList(v, list);
  // A sequence where the body takes an optional (a Loop's state that
  // starts empty) is a present one.
  if (list->kind == DLC_ONNX_KIND_SEQUENCE && formal->type &&
      formal->type->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE) {
    v->kind = DLC_ONNX_KIND_OPTIONAL;
    v->present = v->ofSequence = true;
  }
}

void dlcOnnxSubgraphBindConstant(DlcOnnxSubgraph *sg, int i, const DlcTensor *t) {
  DlcOnnxValue *v = dlcOnnxValueGet(&sg->values, sg->graph->input[i]->name);
  if (mlirLogicalResultIsFailure(dlcTensorCreate(t->dtype, t->rank, t->shape, &v->constant)))
    abort();
  if (t->bytes)
    memcpy(v->constant.data, t->data, t->bytes);
  v->isConstant = v->ownsConstant = true;
}

DlcOnnxStatus dlcOnnxSubgraphImport(DlcOnnxSubgraph *sg) {
  DlcOnnxImporter *imp = sg->node->imp;
  sg->outerGraph = imp->graph;
  sg->outerValues = imp->values;
  sg->outerBody = imp->body;
  sg->outerLastConst = imp->lastConst;
  imp->graph = sg->graph;
  imp->values = sg->values;
  if (sg->inFunc) {
    imp->body = sg->block;
    imp->lastConst = (MlirOperation){NULL};
  }
  bool ok = true;
  for (size_t i = 0; ok && i < sg->graph->n_node; ++i)
    ok = dlcOnnxImportNode(imp, (int)i);
  sg->values = imp->values; // the table may have grown
  imp->graph = sg->outerGraph;
  imp->values = sg->outerValues;
  if (sg->inFunc) {
    imp->body = sg->outerBody;
    imp->lastConst = sg->outerLastConst;
  }
  if (!ok)
    return DLC_ONNX_ERROR;
  if (imp->numUnsupported > sg->unsupportedBefore)
    return dlcOnnxUnsupported(sg->node, "%s has unsupported nodes (listed)", sg->attr);
  for (size_t k = 0; k < sg->graph->n_output; ++k) {
    DlcOnnxValue *v = dlcOnnxSubgraphOutput(sg, (int)k);
    if (!v || !v->defined)
      return dlcOnnxError(sg->node, "%s: output '%s' is not computed by it", sg->attr,
                          sg->graph->output[k]->name);
    if (v->poisoned)
      return dlcOnnxUnsupported(sg->node, "%s: output '%s' is not supported", sg->attr, v->name);
  }
  return DLC_ONNX_OK;
}

DlcOnnxValue *dlcOnnxSubgraphOutput(DlcOnnxSubgraph *sg, int k) {
  return dlcOnnxValueLookup(&sg->values, sg->graph->output[k]->name);
}

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute value) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), value);
}

// "<node>.<attr>", with a number added when an earlier body has that name.
static MlirAttribute symbolName(DlcOnnxSubgraph *sg) {
  DlcOnnxImporter *imp = sg->node->imp;
  DlcStr s = DLC_STR_INIT;
  for (int k = 0;; ++k) {
    s.len = 0;
    dlcStrPrintf(&s, k ? "%s.%s.%d" : "%s.%s", sg->node->name, sg->attr, k);
    bool taken = false;
    for (size_t i = 0; i < imp->numBodies && !taken; ++i) {
      MlirAttribute name = mlirOperationGetAttributeByName(
          imp->bodies[i], mlirStringRefCreateFromCString("sym_name"));
      MlirStringRef ref = mlirStringAttrGetValue(name);
      taken = ref.length == s.len && !memcmp(ref.data, dlcStrGet(&s), s.len);
    }
    if (!taken)
      break;
  }
  MlirAttribute attr =
      mlirStringAttrGet(imp->ctx, mlirStringRefCreate(dlcStrGet(&s), s.len));
  dlcStrFree(&s);
  return attr;
}

// Body output `v` as the run-time list `want` (NULL: as it is) wants it:
// its parts into `out` (*count of them).
static DlcOnnxStatus listResult(DlcOnnxNode *n, DlcOnnxValue *v, const DlcOnnxValue *want,
                                MlirValue *out, int *count) {
  DLC_ONNX_TRY(dlcOnnxListToRunTime(n, v, v));
  bool wantOptional = want && want->kind == DLC_ONNX_KIND_OPTIONAL;
  bool wantSequence = want && want->kind == DLC_ONNX_KIND_SEQUENCE;
  if (wantOptional && v->kind == DLC_ONNX_KIND_SEQUENCE && want->ofSequence) {
    MlirValue wrapped[3];
    dlcOnnxRunTimePresent(n, v->parts, wrapped);
    dlcOnnxMakeRunTimeList(v, DLC_ONNX_KIND_OPTIONAL, true, wrapped, v->elemRank);
  } else if (wantSequence && v->kind == DLC_ONNX_KIND_OPTIONAL && v->ofSequence) {
    MlirValue seq[2] = {v->parts[1], v->parts[2]};
    dlcOnnxMakeRunTimeList(v, DLC_ONNX_KIND_SEQUENCE, false, seq, v->elemRank);
  } else if (want && (want->kind != v->kind || want->ofSequence != v->ofSequence)) {
    return dlcOnnxUnsupported(n, "body output '%s' is a %s where a %s is carried", v->name,
                              v->kind == DLC_ONNX_KIND_SEQUENCE ? "sequence" : "optional",
                              want->kind == DLC_ONNX_KIND_SEQUENCE ? "sequence" : "optional");
  }
  *count = dlcOnnxListNumParts(v);
  memcpy(out, v->parts, (size_t)*count * sizeof *out);
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxSubgraphFinishFunc(DlcOnnxSubgraph *sg, const DlcOnnxValue *const *resultLists,
                                        MlirAttribute *symbol) {
  DlcOnnxNode *n = sg->node;
  DlcOnnxImporter *imp = n->imp;
  size_t numOutputs = sg->graph->n_output, numResults = 0;
  MlirValue *results = malloc((3 * numOutputs + 1) * sizeof *results);
  MlirType *types = malloc((3 * numOutputs + 1) * sizeof *types);
  if (!results || !types)
    abort();
  // Constant outputs are materialized inside the body.
  MlirBlock outer = imp->body;
  MlirOperation outerLast = imp->lastConst;
  imp->body = sg->block;
  imp->lastConst = (MlirOperation){NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(sg->block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (dlcIsOp(op, "dlc_graph.constant"))
      imp->lastConst = op;
  DlcOnnxStatus status = DLC_ONNX_OK;
  for (size_t k = 0; k < numOutputs && status == DLC_ONNX_OK; ++k) {
    DlcOnnxValue *v = dlcOnnxSubgraphOutput(sg, (int)k);
    const DlcOnnxValue *want = resultLists ? resultLists[k] : NULL;
    if (v->kind != DLC_ONNX_KIND_TENSOR) {
      int count = 0;
      status = listResult(n, v, want, results + numResults, &count);
      for (int j = 0; j < count; ++j, ++numResults)
        types[numResults] = mlirValueGetType(results[numResults]);
      continue;
    }
    if (want) {
      status = dlcOnnxUnsupported(n, "body output '%s' is a tensor where a sequence or an "
                                     "optional is carried",
                                  v->name);
      break;
    }
    results[numResults] = mlirValueIsNull(v->value) ? dlcOnnxMaterialize(imp, v) : v->value;
    if (mlirValueIsNull(results[numResults]))
      status = DLC_ONNX_ERROR;
    else
      types[numResults] = mlirValueGetType(results[numResults]);
    ++numResults;
  }
  imp->body = outer;
  imp->lastConst = outerLast;
  if (status != DLC_ONNX_OK) {
    free(results);
    free(types);
    return status;
  }
  MlirOperationState ret =
      mlirOperationStateGet(mlirStringRefCreateFromCString("func.return"), n->loc);
  mlirOperationStateAddOperands(&ret, (intptr_t)numResults, results);
  mlirBlockAppendOwnedOperation(sg->block, mlirOperationCreate(&ret));
  dlcOnnxEraseUnusedOps(sg->block);

  intptr_t numArgs = mlirBlockGetNumArguments(sg->block);
  MlirType *inputs = malloc((size_t)(numArgs + 1) * sizeof *inputs);
  if (!inputs)
    abort();
  for (intptr_t i = 0; i < numArgs; ++i)
    inputs[i] = mlirValueGetType(mlirBlockGetArgument(sg->block, i));
  MlirType fnType =
      mlirFunctionTypeGet(imp->ctx, numArgs, inputs, (intptr_t)numResults, types);
  free(inputs);
  free(results);
  free(types);
  MlirAttribute name = symbolName(sg);
  // `dlc.body`: dlc-inline-bodies inlines it into the scf op calling it.
  MlirNamedAttribute attrs[4] = {
      named(imp->ctx, "sym_name", name),
      named(imp->ctx, "function_type", mlirTypeAttrGet(fnType)),
      named(imp->ctx, "sym_visibility",
            mlirStringAttrGet(imp->ctx, mlirStringRefCreateFromCString("private"))),
      named(imp->ctx, "dlc.body", mlirUnitAttrGet(imp->ctx)),
  };
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, sg->block);
  sg->block = (MlirBlock){NULL};
  MlirOperationState fn = mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), n->loc);
  mlirOperationStateAddAttributes(&fn, 4, attrs);
  mlirOperationStateAddOwnedRegions(&fn, 1, &region);
  MlirOperation func = mlirOperationCreate(&fn);
  if (imp->numBodies == imp->capBodies) {
    imp->capBodies = imp->capBodies ? 2 * imp->capBodies : 4;
    imp->bodies = realloc(imp->bodies, imp->capBodies * sizeof *imp->bodies);
    if (!imp->bodies)
      abort();
  }
  imp->bodies[imp->numBodies++] = func;
  *symbol = mlirFlatSymbolRefAttrGet(imp->ctx, mlirStringAttrGetValue(name));
  return DLC_ONNX_OK;
}

void dlcOnnxSubgraphFree(DlcOnnxSubgraph *sg) {
  // Captured constants share their contents with the outer entries.
  for (size_t i = 0; i < sg->values.cap; ++i) {
    DlcOnnxValue *v = sg->values.slots[i];
    if (v && v->isConstant && !v->ownsConstant)
      memset(&v->constant, 0, sizeof v->constant);
  }
  dlcOnnxValueTableFree(&sg->values);
  if (!mlirBlockIsNull(sg->block))
    mlirBlockDestroy(sg->block);
  free(sg->captures);
  memset(sg, 0, sizeof *sg);
}
