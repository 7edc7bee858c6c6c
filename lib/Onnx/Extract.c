//===- Extract.c - One node of a model as a model of its own ----*- C -*-===//
//
// A bug report in one directory: the node, what it reads, and the data of
// a backend test (the directory of the model is created if needed). The new model is packed from the loaded one's messages
// (the node, opsets, functions are shared, not copied); only the graph,
// its inputs and outputs and re-encoded initializers are new.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"
#include "Support/Diag.h"
#include "Support/File.h"
#include "Support/Str.h"
#include "Tensor/TensorIO.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

// The value named `name` among those given, or NULL.
static const DlcTensor *given(const char *name, intptr_t n, const MlirStringRef *names,
                              const DlcTensor *values) {
  for (intptr_t i = 0; i < n; ++i)
    if (names[i].length == strlen(name) && !memcmp(names[i].data, name, names[i].length))
      return &values[i];
  return NULL;
}

static const Onnx__TensorProto *initializer(const Onnx__GraphProto *g, const char *name) {
  for (size_t i = 0; i < g->n_initializer; ++i)
    if (!strcmp(dlcOnnxNameOr(g->initializer[i]->name), name))
      return g->initializer[i];
  return NULL;
}

static Onnx__NodeProto *constantProducer(const Onnx__GraphProto *g, const char *name) {
  for (size_t i = 0; i < g->n_node; ++i) {
    Onnx__NodeProto *n = g->node[i];
    if (strcmp(dlcOnnxNameOr(n->op_type), "Constant") || (n->domain && *n->domain))
      continue;
    for (size_t k = 0; k < n->n_output; ++k)
      if (!strcmp(dlcOnnxNameOr(n->output[k]), name))
        return n;
  }
  return NULL;
}

// A graph input or output of `t`'s type: what its ValueInfoProto holds.
typedef struct TypedValue {
  Onnx__ValueInfoProto info;
  Onnx__TypeProto type;
  Onnx__TypeProto__Tensor tensor;
  Onnx__TensorShapeProto shape;
  Onnx__TensorShapeProto__Dimension dims[DLC_TENSOR_MAX_RANK];
  Onnx__TensorShapeProto__Dimension *dimPointers[DLC_TENSOR_MAX_RANK];
} TypedValue;

static void typedValue(TypedValue *v, const char *name, const DlcTensor *t) {
  onnx__value_info_proto__init(&v->info);
  onnx__type_proto__init(&v->type);
  onnx__type_proto__tensor__init(&v->tensor);
  onnx__tensor_shape_proto__init(&v->shape);
  for (int64_t d = 0; d < t->rank; ++d) {
    onnx__tensor_shape_proto__dimension__init(&v->dims[d]);
    v->dims[d].value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
    v->dims[d].dim_value = t->shape[d];
    v->dimPointers[d] = &v->dims[d];
  }
  v->shape.n_dim = (size_t)t->rank;
  v->shape.dim = v->dimPointers;
  v->tensor.has_elem_type = true;
  v->tensor.elem_type = dlcDTypeToOnnx(t->dtype);
  v->tensor.shape = &v->shape;
  v->type.value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
  v->type.tensor_type = &v->tensor;
  v->info.name = (char *)name;
  v->info.type = &v->type;
}

typedef struct Extracted {
  Onnx__NodeProto **nodes;
  size_t numNodes;
  Onnx__TensorProto *initializers; // re-encoded, raw_data
  Onnx__TensorProto **initializerPointers;
  DlcTensor *initializerValues;
  int64_t (*initializerDims)[DLC_TENSOR_MAX_RANK];
  void **initializerPacked; // the packed bytes of 4- and 2-bit initializers
  size_t numInitializers;
  TypedValue *inputs, *outputs;
  Onnx__ValueInfoProto **inputPointers, **outputPointers;
  const DlcTensor **inputValues, **outputValues;
  size_t numInputs, numOutputs;
} Extracted;

static void freeExtracted(Extracted *e) {
  for (size_t i = 0; i < e->numInitializers; ++i) {
    dlcTensorDestroy(&e->initializerValues[i]);
    free(e->initializerPacked[i]);
  }
  free(e->initializerPacked);
  free(e->nodes);
  free(e->initializers);
  free(e->initializerPointers);
  free(e->initializerValues);
  free(e->initializerDims);
  free(e->inputs);
  free(e->outputs);
  free(e->inputPointers);
  free(e->outputPointers);
  free(e->inputValues);
  free(e->outputValues);
}

static void *allocArray(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p)
    abort();
  return p;
}

static bool listed(char *const *names, size_t n, const char *name) {
  for (size_t i = 0; i < n; ++i)
    if (!strcmp(names[i], name))
      return true;
  return false;
}

// Sorts the node's inputs into initializers, Constant nodes and graph
// inputs; false after an error.
static bool collect(DlcOnnxImporter *imp, Onnx__NodeProto *node, intptr_t numValues,
                    const MlirStringRef *names, const DlcTensor *values, Extracted *e) {
  const Onnx__GraphProto *g = imp->graph;
  size_t n = node->n_input;
  e->nodes = allocArray(n + 1, sizeof *e->nodes);
  e->initializers = allocArray(n, sizeof *e->initializers);
  e->initializerPointers = allocArray(n, sizeof *e->initializerPointers);
  e->initializerValues = allocArray(n, sizeof *e->initializerValues);
  e->initializerDims = allocArray(n, sizeof *e->initializerDims);
  e->initializerPacked = allocArray(n, sizeof *e->initializerPacked);
  e->inputs = allocArray(n, sizeof *e->inputs);
  e->inputPointers = allocArray(n, sizeof *e->inputPointers);
  e->inputValues = allocArray(n, sizeof *e->inputValues);
  e->outputs = allocArray(node->n_output, sizeof *e->outputs);
  e->outputPointers = allocArray(node->n_output, sizeof *e->outputPointers);
  e->outputValues = allocArray(node->n_output, sizeof *e->outputValues);
  char **seen = allocArray(n, sizeof *seen);
  size_t numSeen = 0;
  bool ok = true;
  for (size_t i = 0; ok && i < n; ++i) {
    const char *in = dlcOnnxNameOr(node->input[i]);
    if (!*in || listed(seen, numSeen, in))
      continue;
    seen[numSeen++] = (char *)in;
    const Onnx__TensorProto *init = initializer(g, in);
    Onnx__NodeProto *constant = init ? NULL : constantProducer(g, in);
    if (init) {
      DlcStr why = DLC_STR_INIT;
      size_t k = e->numInitializers;
      ok = dlcTensorFromProto(init, imp->baseDir, &e->initializerValues[k], &why);
      if (!ok) {
        dlcEmitError(imp->fileLoc, "initializer '%s' is broken: %s", in, dlcStrGet(&why));
      } else {
        onnx__tensor_proto__init(&e->initializers[k]);
        e->initializerPacked[k] = dlcTensorToProto(&e->initializerValues[k], in,
                                                   e->initializerDims[k], &e->initializers[k]);
        e->initializerPointers[k] = &e->initializers[k];
        ++e->numInitializers;
      }
      dlcStrFree(&why);
    } else if (constant) {
      e->nodes[e->numNodes++] = constant;
    } else {
      const DlcTensor *v = given(in, numValues, names, values);
      if (!v) {
        dlcEmitError(imp->fileLoc, "cannot extract node '%s': no value of its input '%s'",
                     dlcOnnxNameOr(node->name), in);
        ok = false;
        break;
      }
      size_t k = e->numInputs++;
      typedValue(&e->inputs[k], in, v);
      e->inputPointers[k] = &e->inputs[k].info;
      e->inputValues[k] = v;
    }
  }
  free(seen);
  e->nodes[e->numNodes++] = node;
  for (size_t i = 0; ok && i < node->n_output; ++i) {
    const char *out = dlcOnnxNameOr(node->output[i]);
    if (!*out)
      continue;
    const DlcTensor *v = given(out, numValues, names, values);
    if (!v) {
      dlcEmitError(imp->fileLoc, "cannot extract node '%s': no value of its output '%s'",
                   dlcOnnxNameOr(node->name), out);
      return false;
    }
    size_t k = e->numOutputs++;
    typedValue(&e->outputs[k], out, v);
    e->outputPointers[k] = &e->outputs[k].info;
    e->outputValues[k] = v;
  }
  return ok;
}

static void reportWrite(MlirStringRef message, void *userData) {
  DlcOnnxImporter *imp = userData;
  dlcEmitError(imp->fileLoc, "%.*s", (int)message.length, message.data);
}

static bool writeModel(DlcOnnxImporter *imp, Onnx__NodeProto *node, const Extracted *e,
                       const char *outPath) {
  Onnx__GraphProto graph = ONNX__GRAPH_PROTO__INIT;
  graph.name = (char *)dlcOnnxNameOr(node->name);
  graph.n_node = e->numNodes;
  graph.node = e->nodes;
  graph.n_initializer = e->numInitializers;
  graph.initializer = e->initializerPointers;
  graph.n_input = e->numInputs;
  graph.input = e->inputPointers;
  graph.n_output = e->numOutputs;
  graph.output = e->outputPointers;
  const Onnx__ModelProto *m = imp->model;
  Onnx__ModelProto model = ONNX__MODEL_PROTO__INIT;
  model.has_ir_version = true;
  model.ir_version = m->ir_version;
  model.n_opset_import = m->n_opset_import;
  model.opset_import = m->opset_import;
  model.n_functions = m->n_functions;
  model.functions = m->functions;
  model.producer_name = "dlc-run --extract-subgraph";
  model.graph = &graph;
  size_t size = onnx__model_proto__get_packed_size(&model);
  uint8_t *bytes = malloc(size ? size : 1);
  if (!bytes)
    abort();
  onnx__model_proto__pack(&model, bytes);
  bool ok = mlirLogicalResultIsSuccess(dlcFileWriteAtomically(
      mlirStringRefCreateFromCString(outPath), bytes, size, reportWrite, imp));
  free(bytes);
  return ok;
}

// Creates directory `dir` unless it exists (its parent must).
static bool makeDirectory(DlcOnnxImporter *imp, const char *dir) {
  struct stat st;
  if (mkdir(dir, 0777) == 0 || (errno == EEXIST && stat(dir, &st) == 0 && S_ISDIR(st.st_mode)))
    return true;
  dlcEmitError(imp->fileLoc, "cannot create '%s': %s", dir,
               errno == EEXIST ? "a file of that name exists" : strerror(errno));
  return false;
}

// DIR/test_data_set_0/{input,output}_N.pb next to the model.
static bool writeTestData(DlcOnnxImporter *imp, const Extracted *e, const char *outPath) {
  char *dir = dlcOnnxDirectoryOf(outPath);
  DlcStr data = DLC_STR_INIT;
  dlcStrPrintf(&data, "%s/test_data_set_0", dir);
  free(dir);
  bool ok = makeDirectory(imp, dlcStrGet(&data));
  for (int kind = 0; ok && kind < 2; ++kind) {
    size_t n = kind ? e->numOutputs : e->numInputs;
    for (size_t i = 0; ok && i < n; ++i) {
      const TypedValue *v = kind ? &e->outputs[i] : &e->inputs[i];
      DlcStr file = DLC_STR_INIT;
      dlcStrPrintf(&file, "%s/%s_%zu.pb", dlcStrGet(&data), kind ? "output" : "input", i);
      ok = mlirLogicalResultIsSuccess(dlcTensorWritePb(
          kind ? e->outputValues[i] : e->inputValues[i], mlirStringRefCreateFromCString(v->info.name),
          mlirStringRefCreateFromCString(dlcStrGet(&file)), reportWrite, imp));
      dlcStrFree(&file);
    }
  }
  dlcStrFree(&data);
  return ok;
}

MlirLogicalResult dlcOnnxExtractNode(MlirContext ctx, MlirStringRef path, MlirStringRef nodeName,
                                     intptr_t numValues, const MlirStringRef *names,
                                     const DlcTensor *values, MlirStringRef outPath) {
  DlcOnnxImporter imp;
  memset(&imp, 0, sizeof imp);
  char *pathCopy = dlcStrndup(path.data, path.length);
  char *wanted = dlcStrndup(nodeName.data, nodeName.length);
  char *out = dlcStrndup(outPath.data, outPath.length);
  imp.ctx = ctx;
  imp.path = pathCopy;
  imp.baseDir = dlcOnnxDirectoryOf(pathCopy);
  imp.fileLoc = mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(pathCopy), 0, 0);
  bool ok = dlcOnnxLoadModel(&imp);
  Onnx__NodeProto *node = NULL;
  for (size_t i = 0; ok && !node && i < imp.graph->n_node; ++i)
    if (!strcmp(dlcOnnxNameOr(imp.graph->node[i]->name), wanted))
      node = imp.graph->node[i];
  if (ok && !node) {
    dlcEmitError(imp.fileLoc, "'%s' has no node named '%s'", pathCopy, wanted);
    ok = false;
  }
  Extracted e;
  memset(&e, 0, sizeof e);
  char *outDir = dlcOnnxDirectoryOf(out);
  ok = ok && collect(&imp, node, numValues, names, values, &e) && makeDirectory(&imp, outDir) &&
       writeModel(&imp, node, &e, out) && writeTestData(&imp, &e, out);
  free(outDir);
  freeExtracted(&e);
  if (imp.model)
    onnx__model_proto__free_unpacked(imp.model, NULL);
  free(imp.baseDir);
  free(pathCopy);
  free(wanted);
  free(out);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}
