//===- OpsScan.c - Scan -----------------------------------------*- C -*-===//
//
// Scan becomes an scf.for over the scan axis calling the body (a function,
// Subgraph.c) on row i of each scan input (row T-1-i when reversed) and the
// state, inserting the body's scan outputs as row i of their results.
// Scan axes other than the first are transposed to the front and back.
// Opset 8's form (a batch dim first, sequence_lens) is supported for a
// batch of 1 without sequence_lens: it is reshaped to opset 9's.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Control.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define MAX_RANK 16

static int64_t attrAt(DlcOnnxNode *n, const char *name, int i) {
  const int64_t *v;
  int64_t count;
  return dlcOnnxAttrInts(n, name, &v, &count) && i < count ? v[i] : 0;
}

// `x` with dim `from` moved to position `to` (a transpose).
static DlcOnnxStatus moveDim(DlcOnnxNode *n, MlirValue x, int64_t from, int64_t to,
                             MlirValue *out) {
  *out = x;
  if (from == to)
    return DLC_ONNX_OK;
  int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(x));
  int64_t perm[MAX_RANK], k = 0;
  for (int64_t d = 0; d < rank; ++d)
    if (d != from)
      perm[k++] = d;
  memmove(&perm[to + 1], &perm[to], (size_t)(rank - 1 - to) * sizeof *perm);
  perm[to] = from;
  return dlcOnnxShapeOp(n, "dlc_graph.transpose", x, perm, rank, out);
}

// `x` reshaped to its type without dim 0 (batch 1), or with a dim 1 first.
static DlcOnnxStatus dropBatch(DlcOnnxNode *n, MlirValue x, MlirValue *out) {
  MlirType t = mlirValueGetType(x);
  int64_t rank = mlirShapedTypeGetRank(t), dims[MAX_RANK];
  if (rank < 1 || mlirShapedTypeGetDimSize(t, 0) != 1)
    return dlcOnnxUnsupported(n, "opset 8's Scan is supported for a batch of 1 only");
  for (int64_t d = 1; d < rank; ++d)
    dims[d - 1] = mlirShapedTypeGetDimSize(t, d);
  return dlcOnnxShapeOp(n, "dlc_graph.reshape", x, dims, rank - 1, out);
}

static DlcOnnxStatus translateScan(DlcOnnxNode *n) {
  MlirContext ctx = n->ctx;
  const Onnx__GraphProto *g;
  DLC_ONNX_TRY(dlcOnnxSubgraphGet(n, "body", &g));
  bool batched = n->entry->since < 9;
  int first = batched ? 1 : 0; // opset 8: sequence_lens first
  if (batched && dlcOnnxHasInput(n, 0))
    return dlcOnnxUnsupported(n, "sequence_lens is not supported");
  int numIn = dlcOnnxNumInputs(n) - first;
  int M = (int)dlcOnnxAttrInt(n, "num_scan_inputs", 0);
  int N = numIn - M;
  if (M < 1 || N < 0)
    return dlcOnnxError(n, "num_scan_inputs is %d, but the node has %d inputs", M, numIn);
  if (g->n_input != (size_t)(N + M))
    return dlcOnnxError(n, "the body has %zu inputs, but the Scan passes %d (%d states and %d "
                           "scan inputs)",
                        g->n_input, N + M, N, M);
  if (g->n_output < (size_t)N || (size_t)dlcOnnxNumOutputs(n) != g->n_output)
    return dlcOnnxError(n, "the body has %zu outputs and the node %d; both must be the %d states "
                           "followed by the scan outputs",
                        g->n_output, dlcOnnxNumOutputs(n), N);
  int K = (int)g->n_output - N;
  const char *inDirs = batched ? "directions" : "scan_input_directions";

  MlirValue *values = malloc((size_t)(N + M + K + 1) * sizeof *values);
  MlirType *types = malloc((size_t)(N + M + K + 1) * sizeof *types);
  if (!values || !types)
    abort();
  DlcOnnxStatus s = DLC_ONNX_OK;
  int64_t T = -1;
  for (int j = 0; j < N + M && s == DLC_ONNX_OK; ++j) {
    MlirType half = n->half;
    n->half = (MlirType){NULL};
    s = dlcOnnxInput(n, first + j, &values[j]);
    n->half = half;
    if (s == DLC_ONNX_OK && batched)
      s = dropBatch(n, values[j], &values[j]);
    if (s != DLC_ONNX_OK || j < N) {
      if (s == DLC_ONNX_OK)
        types[j] = mlirValueGetType(values[j]);
      continue;
    }
    // A scan input: its scan axis first; the body sees one row.
    MlirType t = mlirValueGetType(values[j]);
    int64_t rank = mlirShapedTypeGetRank(t);
    int64_t axis = batched ? 0 : attrAt(n, "scan_input_axes", j - N);
    if (axis < -rank || axis >= rank) {
      s = dlcOnnxError(n, "scan input axis %lld is out of range for rank %lld", (long long)axis,
                       (long long)rank);
      break;
    }
    axis = axis < 0 ? axis + rank : axis;
    s = moveDim(n, values[j], axis, 0, &values[j]);
    if (s != DLC_ONNX_OK)
      break;
    t = mlirValueGetType(values[j]);
    int64_t len = mlirShapedTypeGetDimSize(t, 0);
    if (mlirShapedTypeIsDynamicSize(len) || !mlirShapedTypeHasStaticShape(t))
      s = dlcOnnxUnsupported(n, "scan input #%d has no static shape", j - N);
    else if (T >= 0 && len != T)
      s = dlcOnnxError(n, "scan inputs have different lengths (%lld and %lld)", (long long)T,
                       (long long)len);
    T = len;
    int64_t dims[MAX_RANK];
    for (int64_t d = 1; d < rank; ++d)
      dims[d - 1] = mlirShapedTypeGetDimSize(t, d);
    types[j] = mlirRankedTensorTypeGet(rank - 1, dims, mlirShapedTypeGetElementType(t),
                                       mlirAttributeGetNull());
  }
  DlcOnnxSubgraph sg;
  memset(&sg, 0, sizeof sg);
  MlirAttribute symbol;
  MlirType fnType = {NULL};
  if (s == DLC_ONNX_OK)
    s = dlcOnnxImportBody(n, "body", g, types, NULL, NULL, &sg, &symbol, &fnType);
  for (int j = 0; j < N && s == DLC_ONNX_OK; ++j)
    if (!mlirTypeEqual(mlirFunctionTypeGetResult(fnType, j), types[j]))
      s = dlcOnnxUnsupported(n, "state #%d changes its type in the body; DLC needs it to keep "
                                "its shape",
                             j);
  MlirBlock body = n->imp->body;
  // The loop carries the states and the scan outputs being filled.
  MlirValue *init = malloc((size_t)(N + K + 1) * sizeof *init);
  MlirType *carried = malloc((size_t)(N + K + 1) * sizeof *carried);
  MlirLocation *locs = malloc((size_t)(N + K + 2) * sizeof *locs);
  if (!init || !carried || !locs)
    abort();
  for (int j = 0; j < N; ++j) {
    init[j] = values[j];
    carried[j] = types[j];
  }
  for (int j = 0; j < K && s == DLC_ONNX_OK; ++j) {
    MlirType row = mlirFunctionTypeGetResult(fnType, N + j);
    if (!mlirShapedTypeHasStaticShape(row) || mlirShapedTypeGetRank(row) >= MAX_RANK) {
      s = dlcOnnxUnsupported(n, "scan output #%d has no static shape", j);
      break;
    }
    carried[N + j] = dlcOnnxStackedType(row, T);
    init[N + j] = dlcOnnxZeros(n, body, carried[N + j]);
  }
  if (s == DLC_ONNX_OK) {
    MlirType index = mlirIndexTypeGet(ctx);
    MlirValue bounds[3] = {
        dlcOnnxArithConstant(n, body, mlirIntegerAttrGet(index, 0)),
        dlcOnnxArithConstant(n, body, mlirIntegerAttrGet(index, T)),
        dlcOnnxArithConstant(n, body, mlirIntegerAttrGet(index, 1)),
    };
    intptr_t count = N + K;
    MlirType *argTypes = malloc((size_t)(count + 2) * sizeof *argTypes);
    if (!argTypes)
      abort();
    argTypes[0] = index;
    for (intptr_t i = 0; i <= count; ++i)
      locs[i] = n->loc;
    for (intptr_t i = 0; i < count; ++i)
      argTypes[1 + i] = carried[i];
    MlirBlock loopBody = mlirBlockCreate(count + 1, argTypes, locs);
    free(argTypes);
    MlirValue iv = mlirBlockGetArgument(loopBody, 0);
    MlirValue last = dlcOnnxArithConstant(n, loopBody, mlirIntegerAttrGet(index, T - 1));
    MlirValue reversed = dlcOnnxArith(n, loopBody, "arith.subi", last, iv);
    MlirValue *operands = malloc((size_t)(N + M + sg.numCaptures + 1) * sizeof *operands);
    if (!operands)
      abort();
    for (int j = 0; j < N; ++j)
      operands[j] = mlirBlockGetArgument(loopBody, 1 + j);
    for (int j = 0; j < M; ++j)
      operands[N + j] = dlcOnnxExtractRow(n, loopBody, values[N + j],
                                          attrAt(n, inDirs, j) ? reversed : iv, types[N + j]);
    for (int j = 0; j < sg.numCaptures; ++j)
      operands[N + M + j] = sg.captures[j];
    MlirOperation call = dlcOnnxCall(n, loopBody, symbol, fnType, N + M + sg.numCaptures, operands);
    MlirValue *yield = malloc((size_t)(count + 1) * sizeof *yield);
    if (!yield)
      abort();
    for (int j = 0; j < N; ++j)
      yield[j] = dlcOnnxCopyInto(n, loopBody, mlirOperationGetResult(call, j),
                                      mlirBlockGetArgument(loopBody, 1 + j));
    for (int j = 0; j < K; ++j)
      yield[N + j] = dlcOnnxInsertRow(
          n, loopBody, mlirOperationGetResult(call, N + j), mlirBlockGetArgument(loopBody, 1 + N + j),
          !batched && attrAt(n, "scan_output_directions", j) ? reversed : iv);
    dlcOnnxCreateOp(n, loopBody, "scf.yield", count, yield, 0, NULL, 0, NULL, 0, NULL);
    free(yield);
    free(operands);
    MlirRegion region = mlirRegionCreate();
    mlirRegionAppendOwnedBlock(region, loopBody);
    MlirValue *forOperands = malloc((size_t)(3 + count) * sizeof *forOperands);
    if (!forOperands)
      abort();
    memcpy(forOperands, bounds, sizeof bounds);
    memcpy(forOperands + 3, init, (size_t)count * sizeof *init);
    MlirOperation loop = dlcOnnxCreateOp(n, body, "scf.for", 3 + count, forOperands, count,
                                         carried, 0, NULL, 1, &region);
    free(forOperands);
    for (int j = 0; j < N + K && s == DLC_ONNX_OK; ++j) {
      MlirValue out = mlirOperationGetResult(loop, j);
      if (j >= N && !batched) {
        int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(out));
        int64_t axis = attrAt(n, "scan_output_axes", j - N);
        if (axis < -rank || axis >= rank)
          s = dlcOnnxError(n, "scan output axis %lld is out of range for rank %lld",
                           (long long)axis, (long long)rank);
        else
          s = moveDim(n, out, 0, axis < 0 ? axis + rank : axis, &out);
      }
      if (s == DLC_ONNX_OK && batched)
        s = dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", out, (int64_t[]){0}, 1, &out);
      if (s == DLC_ONNX_OK)
        s = dlcOnnxSetOutput(n, j, out);
    }
  }
  dlcOnnxSubgraphFree(&sg);
  free(init);
  free(carried);
  free(locs);
  free(values);
  free(types);
  return s;
}

static const DlcOnnxOpEntry entries[] = {
    {"Scan", 8, translateScan, {A_GRAPH("body"), A_INTS("directions"), A_INT("num_scan_inputs")},
     "scf.for", "A batch of 1 without sequence_lens. States keep their types; static shapes."},
    {"Scan", 9, translateScan,
     {A_GRAPH("body"), A_INT("num_scan_inputs"), A_INTS("scan_input_axes"),
      A_INTS("scan_input_directions"), A_INTS("scan_output_axes"),
      A_INTS("scan_output_directions")},
     "scf.for", "States keep their types; scan inputs and outputs have static shapes."},
};

const DlcOnnxOpEntry *dlcOnnxScanOps(size_t *count) {
  *count = sizeof entries / sizeof *entries;
  return entries;
}
