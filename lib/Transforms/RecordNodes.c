//===- RecordNodes.c - The dlc-record-nodes pass ----------------*- C -*-===//
//
// A profile names the model's nodes, but by the time the code is loops only
// their locations are left. This pass, run on dlc ops, records per node
// what a profile row shows: the op, the result type and the FLOPs of a run
// (`dlc.nodes` on each public function); dlc-instrument-profile matches the
// locations of loops against it. A node is a name its ops' locations carry
// (an ONNX node), several ops when the importer decomposed it.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

typedef struct Node {
  char *name;
  MlirOperation op;     ///< the op that names it: its first with FLOPs, else its last
  MlirOperation result; ///< its last op: the node's result
  double flops;
} Node;

typedef struct Nodes {
  Node *items;
  intptr_t count, capacity;
  MlirOperation current; // the op being recorded
  double currentFlops;
} Nodes;

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static double numElements(MlirType t) {
  if (!mlirTypeIsARankedTensor(t) || !mlirShapedTypeHasStaticShape(t))
    return 0;
  double n = 1;
  for (intptr_t i = 0, r = mlirShapedTypeGetRank(t); i < r; ++i)
    n *= (double)mlirShapedTypeGetDimSize(t, i);
  return n;
}

static MlirType operandType(MlirOperation op, intptr_t i) {
  return mlirValueGetType(mlirOperationGetOperand(op, i));
}

static int64_t dimOf(MlirType t, intptr_t i) {
  return mlirTypeIsARankedTensor(t) && i >= 0 && i < mlirShapedTypeGetRank(t)
             ? mlirShapedTypeGetDimSize(t, i)
             : 0;
}

// A multiply and an add per term of each result: what GFLOP/s compares.
static double flopsOf(MlirOperation op) {
  if (mlirOperationGetNumResults(op) < 1 || mlirOperationGetNumOperands(op) < 2)
    return 0;
  MlirType result = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType a = operandType(op, 0), w = operandType(op, 1);
  if (!mlirTypeIsARankedTensor(a) || !mlirTypeIsARankedTensor(w) ||
      !mlirShapedTypeHasStaticShape(w) || !mlirShapedTypeHasStaticShape(a))
    return 0;
  if (dlcIsOp(op, "dlc_graph.conv")) {
    // Each output element sums over C/group x kernel: the weight's dims 1...
    double terms = 1;
    for (intptr_t i = 1, r = mlirShapedTypeGetRank(w); i < r; ++i)
      terms *= (double)mlirShapedTypeGetDimSize(w, i);
    return 2 * numElements(result) * terms;
  }
  if (dlcIsOp(op, "dlc_graph.conv_transpose")) {
    // Each input element scatters into M/group x kernel outputs.
    double terms = 1;
    for (intptr_t i = 1, r = mlirShapedTypeGetRank(w); i < r; ++i)
      terms *= (double)mlirShapedTypeGetDimSize(w, i);
    return 2 * numElements(a) * terms;
  }
  if (dlcIsOp(op, "dlc_graph.matmul")) {
    intptr_t rank = mlirShapedTypeGetRank(a);
    return 2 * numElements(result) * (double)dimOf(a, rank - 1);
  }
  if (dlcIsOp(op, "dlc_graph.gemm")) {
    MlirAttribute transA = mlirOperationGetAttributeByName(op, ref("trans_a"));
    bool t = !mlirAttributeIsNull(transA) && mlirBoolAttrGetValue(transA);
    return 2 * numElements(result) * (double)dimOf(a, t ? 0 : 1);
  }
  return 0;
}

static void addNode(MlirStringRef name, void *userData) {
  Nodes *nodes = userData;
  Node *node = NULL;
  for (intptr_t i = 0; i < nodes->count && !node; ++i)
    if (strlen(nodes->items[i].name) == name.length &&
        !memcmp(nodes->items[i].name, name.data, name.length))
      node = &nodes->items[i];
  if (!node) {
    if (nodes->count == nodes->capacity) {
      nodes->capacity = nodes->capacity ? 2 * nodes->capacity : 32;
      nodes->items = realloc(nodes->items, sizeof(Node) * (size_t)nodes->capacity);
      if (!nodes->items)
        abort();
    }
    node = &nodes->items[nodes->count++];
    *node = (Node){dlcStrndup(name.data, name.length), nodes->current, nodes->current, 0};
  }
  node->result = nodes->current;
  if (node->flops == 0)
    node->op = nodes->current;
  node->flops += nodes->currentFlops;
}

// "1x64x56x56xf32": the type without `tensor<>`.
static void appendShape(DlcStr *s, MlirOperation op) {
  if (mlirOperationGetNumResults(op) < 1)
    return;
  DlcStr type = DLC_STR_INIT;
  dlcStrAppendType(&type, mlirValueGetType(mlirOperationGetResult(op, 0)));
  const char *t = dlcStrGet(&type);
  size_t len = type.len;
  if (len > 8 && !strncmp(t, "tensor<", 7) && t[len - 1] == '>')
    dlcStrAppend(s, t + 7, len - 8);
  else
    dlcStrAppend(s, t, len);
  dlcStrFree(&type);
}

static void record(MlirOperation func) {
  Nodes nodes = {0};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    // Constants run no code.
    if (!dlcIsDlcOp(op) || dlcIsOp(op, "dlc_graph.constant") || dlcIsOp(op, "dlc_tensor.constant"))
      continue;
    nodes.current = op;
    nodes.currentFlops = flopsOf(op);
    dlcLocationForEachNode(mlirOperationGetLocation(op), addNode, &nodes);
  }
  MlirContext ctx = mlirOperationGetContext(func);
  MlirAttribute *entries = malloc(sizeof(MlirAttribute) * (size_t)(nodes.count ? nodes.count : 1));
  if (!entries)
    abort();
  for (intptr_t i = 0; i < nodes.count; ++i) {
    const Node *n = &nodes.items[i];
    MlirIdentifier opName = mlirOperationGetName(n->op);
    MlirStringRef full = mlirIdentifierStr(opName);
    const char *dot = memchr(full.data, '.', full.length);
    MlirStringRef shortName =
        dot ? mlirStringRefCreate(dot + 1, full.length - (size_t)(dot + 1 - full.data)) : full;
    DlcStr shape = DLC_STR_INIT;
    appendShape(&shape, n->result);
    MlirNamedAttribute fields[4] = {
        dlcNamed(ctx, "name", mlirStringAttrGet(ctx, ref(n->name))),
        dlcNamed(ctx, "op", mlirStringAttrGet(ctx, shortName)),
        dlcNamed(ctx, "shape", mlirStringAttrGet(ctx, ref(dlcStrGet(&shape)))),
        dlcNamed(ctx, "flops", mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), n->flops)),
    };
    entries[i] = mlirDictionaryAttrGet(ctx, 4, fields);
    dlcStrFree(&shape);
    free(n->name);
  }
  mlirOperationSetAttributeByName(func, ref("dlc.nodes"),
                                  mlirArrayAttrGet(ctx, nodes.count, entries));
  free(entries);
  free(nodes.items);
}

void dlcRunRecordNodes(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f))
    if (dlcIsPublicFuncDefinition(f))
      record(f);
}
