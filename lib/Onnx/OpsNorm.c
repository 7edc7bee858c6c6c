//===- OpsNorm.c - Normalizations, softmax and reductions -------*- C -*-===//
//
// BatchNormalization (inference only), LayerNormalization, Softmax and
// LogSoftmax (before opset 13 they normalize the input flattened to 2-D at
// `axis`, expressed here as flatten + softmax + reshape), and ReduceSum /
// ReduceMean / ReduceMax (axes became an input in opset 13 for ReduceSum,
// 18 for the others).
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinTypes.h"


static DlcOnnxStatus translateBatchNorm(DlcOnnxNode *n) {
  if (dlcOnnxAttrInt(n, "training_mode", 0))
    return dlcOnnxUnsupported(n, "training mode is not supported");
  for (int i = 1; i < dlcOnnxNumOutputs(n); ++i)
    if (dlcOnnxHasOutput(n, i))
      return dlcOnnxUnsupported(n, "output #%d (running or saved statistics) exists only in "
                                   "training mode, which is not supported",
                                i);
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  for (int i = 0; i < 5; ++i)
    DLC_ONNX_TRY(dlcOnnxInput(n, i, &op.operands[i]));
  float epsilon = dlcOnnxAttrFloat(n, "epsilon", 1e-5f);
  float momentum = dlcOnnxAttrFloat(n, "momentum", 0.9f);
  if (epsilon != 1e-5f)
    dlcOnnxOpF32(n, &op, "epsilon", epsilon);
  if (momentum != 0.9f)
    dlcOnnxOpF32(n, &op, "momentum", momentum);
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateLayerNorm(DlcOnnxNode *n) {
  int64_t stashType = dlcOnnxAttrInt(n, "stash_type", 1);
  if (stashType != 1)
    return dlcOnnxUnsupported(n, "stash_type = %lld is not supported (only 1, float32)",
                              (long long)stashType);
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &op.operands[1]));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &op.operands[2]));
  int64_t axis = dlcOnnxAttrInt(n, "axis", -1);
  float epsilon = dlcOnnxAttrFloat(n, "epsilon", 1e-5f);
  if (axis != -1)
    dlcOnnxOpInt(n, &op, "axis", axis);
  if (epsilon != 1e-5f)
    dlcOnnxOpF32(n, &op, "epsilon", epsilon);
  op.wantResult[1] = dlcOnnxHasOutput(n, 1);
  op.wantResult[2] = dlcOnnxHasOutput(n, 2);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  for (int i = 0; i < 3; ++i)
    if (!mlirValueIsNull(op.results[i]))
      DLC_ONNX_TRY(dlcOnnxSetOutput(n, i, op.results[i]));
  return DLC_ONNX_OK;
}

static DlcOnnxStatus buildSoftmax(DlcOnnxNode *n, MlirValue input, int64_t axis, MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  op.operands[0] = input;
  if (axis != -1)
    dlcOnnxOpInt(n, &op, "axis", axis);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateSoftmax13(DlcOnnxNode *n) {
  MlirValue input, out;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &input));
  DLC_ONNX_TRY(buildSoftmax(n, input, dlcOnnxAttrInt(n, "axis", -1), &out));
  return dlcOnnxSetOutput(n, 0, out);
}

// Before opset 13: coerce to 2-D at `axis` (default 1), normalize each row,
// restore the shape. On the last axis that is the opset-13 op.
static DlcOnnxStatus translateSoftmax11(DlcOnnxNode *n) {
  MlirValue input, out;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &input));
  MlirType type = mlirValueGetType(input);
  int64_t rank = mlirShapedTypeGetRank(type);
  int64_t axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", 1, rank, &axis));
  if (axis == rank - 1) {
    DLC_ONNX_TRY(buildSoftmax(n, input, -1, &out));
    return dlcOnnxSetOutput(n, 0, out);
  }
  int64_t shape[DLC_MAX_RANK];
  int dynamic = 0;
  bool zero = false;
  for (int64_t i = 0; i < rank; ++i) {
    shape[i] = mlirShapedTypeGetDimSize(type, i);
    zero |= shape[i] == 0;
    if (mlirShapedTypeIsDynamicSize(shape[i])) {
      shape[i] = -1;
      ++dynamic;
    }
  }
  if (dynamic > 1)
    return dlcOnnxUnsupported(n, "softmax over a flattened suffix (opset < 13, axis %lld) needs "
                                 "at most one dynamic dim",
                              (long long)axis);
  DlcOnnxOp flatten, reshape;
  dlcOnnxOpInit(&flatten, "dlc_graph.flatten");
  flatten.operands[0] = input;
  dlcOnnxOpInt(n, &flatten, "axis", axis);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &flatten));
  DLC_ONNX_TRY(buildSoftmax(n, flatten.results[0], -1, &out));
  dlcOnnxOpInit(&reshape, "dlc_graph.reshape");
  reshape.operands[0] = out;
  dlcOnnxOpInts(n, &reshape, "shape", shape, rank);
  if (zero && !dynamic) // a 0 in `shape` would otherwise copy a dim of the 2-D tensor
    dlcOnnxOpBool(n, &reshape, "allowzero", true);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &reshape));
  return dlcOnnxSetOutput(n, 0, reshape.results[0]);
}

static DlcOnnxStatus buildReduce(DlcOnnxNode *n, const int64_t *axes, int64_t numAxes) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  if (numAxes) // no axes and empty axes mean the same
    dlcOnnxOpInts(n, &op, "axes", axes, numAxes);
  if (!dlcOnnxAttrInt(n, "keepdims", 1))
    dlcOnnxOpBool(n, &op, "keepdims", false);
  if (dlcOnnxAttrInt(n, "noop_with_empty_axes", 0))
    dlcOnnxOpBool(n, &op, "noop_with_empty_axes", true);
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateReduceAttr(DlcOnnxNode *n) {
  const int64_t *axes = NULL;
  int64_t count = 0;
  dlcOnnxAttrInts(n, "axes", &axes, &count);
  return buildReduce(n, axes, count);
}

static DlcOnnxStatus translateReduceInput(DlcOnnxNode *n) {
  int64_t *axes = NULL, count = 0;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxConstInts(n, 1, "axes", &axes, &count));
  return buildReduce(n, axes, count);
}

#define REDUCE(op, inputSince, graphOp)                                                            \
  {op, 11, translateReduceAttr, {A_INTS("axes"), A_INT("keepdims")}, graphOp, NULL},               \
  {                                                                                                \
    op, inputSince, translateReduceInput, {A_INT("keepdims"), A_INT("noop_with_empty_axes")},      \
        graphOp, DLC_ONNX_COMPILE_TIME("`axes`")                                                   \
  }

#define INFERENCE_ONLY                                                                             \
  "Inference only: `training_mode` = 0, and no `running_mean` / `running_var` outputs."
#define SOFTMAX_11                                                                                 \
  "Unless `axis` is the last dim, at most one dim may be dynamic (the input is flattened to "      \
  "2-D at `axis`)."

static const DlcOnnxOpEntry ops[] = {
    {"BatchNormalization", 9, translateBatchNorm, {A_FLOAT("epsilon"), A_FLOAT("momentum")},
     "dlc_graph.batch_norm", INFERENCE_ONLY},
    {"BatchNormalization", 14, translateBatchNorm,
     {A_FLOAT("epsilon"), A_FLOAT("momentum"), A_INT("training_mode")}, "dlc_graph.batch_norm",
     INFERENCE_ONLY},
    {"LayerNormalization", 17, translateLayerNorm,
     {A_INT("axis"), A_FLOAT("epsilon"), A_INT("stash_type")}, "dlc_graph.layer_norm",
     "`stash_type` = 1 (float32 statistics) only."},
    {"Softmax", 11, translateSoftmax11, {A_INT("axis")}, "dlc_graph.softmax", SOFTMAX_11},
    {"Softmax", 13, translateSoftmax13, {A_INT("axis")}, "dlc_graph.softmax", NULL},
    {"LogSoftmax", 11, translateSoftmax11, {A_INT("axis")}, "dlc_graph.log_softmax", SOFTMAX_11},
    {"LogSoftmax", 13, translateSoftmax13, {A_INT("axis")}, "dlc_graph.log_softmax", NULL},
    REDUCE("ReduceSum", 13, "dlc_graph.reduce_sum"),
    REDUCE("ReduceMean", 18, "dlc_graph.reduce_mean"),
    REDUCE("ReduceMax", 18, "dlc_graph.reduce_max"),
};

const DlcOnnxOpEntry *dlcOnnxNormOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
