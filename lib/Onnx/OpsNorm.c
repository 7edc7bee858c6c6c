//===- OpsNorm.c - Normalizations, softmax and reductions -------*- C -*-===//
//
// BatchNormalization (training mode from opset 14 decomposed into batch
// statistics), LayerNormalization, Softmax and
// LogSoftmax (before opset 13 they normalize the input flattened to 2-D at
// `axis`, expressed here as flatten + softmax + reshape), the reductions
// (axes became an input in opset 13 for ReduceSum, 18 for the others), and
// decompositions into them: RMS, mean-variance, instance and Lp
// normalization, LRN, GroupNormalization, GlobalMaxPool, ArgMax / ArgMin and Hardmax.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static DlcOnnxStatus translateBatchNormTraining(DlcOnnxNode *n);

static DlcOnnxStatus translateBatchNorm(DlcOnnxNode *n) {
  if (dlcOnnxAttrInt(n, "training_mode", 0))
    return translateBatchNormTraining(n);
  if (!dlcOnnxAttrInt(n, "spatial", 1))
    return dlcOnnxUnsupported(n, "spatial = 0 (statistics per element) is not supported");
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

// `axesTensor`, when not null, holds axes read at run time.
static DlcOnnxStatus buildReduce(DlcOnnxNode *n, const int64_t *axes, int64_t numAxes,
                                 MlirValue axesTensor) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  op.operands[1] = axesTensor;
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
  return buildReduce(n, axes, count, (MlirValue){NULL});
}

// Axes known only at run time (computed, or an unbound graph input) stay an
// operand when their count is static: it decides the result rank. An empty
// one is the same as no axes.
static DlcOnnxStatus translateReduceInput(DlcOnnxNode *n) {
  int64_t *axes = NULL, count = 0;
  bool runTime = false;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "axes", &runTime));
  if (runTime) {
    MlirValue v;
    DLC_ONNX_TRY(dlcOnnxInput(n, 1, &v));
    MlirType t = mlirValueGetType(v);
    if (mlirTypeIsARankedTensor(t) && mlirShapedTypeGetRank(t) == 1 &&
        !mlirShapedTypeIsDynamicDim(t, 0)) {
      if (mlirShapedTypeGetDimSize(t, 0) == 0)
        return buildReduce(n, NULL, 0, (MlirValue){NULL});
      return buildReduce(n, NULL, 0, v);
    }
  }
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxConstInts(n, 1, "axes", &axes, &count));
  return buildReduce(n, axes, count, (MlirValue){NULL});
}

//===----------------------------------------------------------------------===//
// Decomposed normalizations and index reductions
//===----------------------------------------------------------------------===//

static MlirType eltOf(MlirValue v) { return mlirShapedTypeGetElementType(mlirValueGetType(v)); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(mlirValueGetType(v)); }

// Training mode as ONNX's reference computes it: Y normalized with the
// batch's mean and biased variance over every dim but the channels, and
// the running statistics moved toward them: r * momentum + batch * (1 -
// momentum), the running variance with the biased variance too.
static DlcOnnxStatus translateBatchNormTraining(DlcOnnxNode *n) {
  MlirValue x, in[4]; // scale, bias, mean, var
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  int64_t rank = rankOf(x), axes[DLC_MAX_RANK], perChannel[DLC_MAX_RANK], numAxes = 0;
  MlirType elt = eltOf(x), scaleType, statsType = {NULL};
  for (int i = 0; i < 4; ++i) {
    DLC_ONNX_TRY(dlcOnnxInput(n, i + 1, &in[i]));
    statsType = eltOf(in[i]); // opset 15: mean and var may differ from x
    DLC_ONNX_TRY(dlcOnnxCastOp(n, in[i], elt, &in[i]));
  }
  scaleType = mlirValueGetType(in[0]);
  if (rank < 2 || mlirShapedTypeGetRank(scaleType) != 1 || mlirShapedTypeIsDynamicDim(scaleType, 0))
    return dlcOnnxUnsupported(n, "training mode needs an input of rank 2 or more and a 1-D "
                                 "'scale' with a static size");
  int64_t channels = mlirShapedTypeGetDimSize(scaleType, 0);
  for (int64_t i = 0; i < rank; ++i)
    if (i != 1)
      axes[numAxes++] = i;
  for (int64_t i = 0; i < rank - 1; ++i)
    perChannel[i] = i ? 1 : channels;
  MlirValue mean, centered, sq, var, eps, std, y, scale, bias;
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_mean", x, axes, numAxes, true, &mean));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", x, mean, &centered));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", centered, centered, &sq));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_mean", sq, axes, numAxes, true, &var));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, dlcOnnxAttrFloat(n, "epsilon", 1e-5f), &eps));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", var, eps, &std));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.sqrt", std, &std));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", in[0], perChannel, rank - 1, &scale));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", in[1], perChannel, rank - 1, &bias));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", centered, scale, &y));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", y, std, &y));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", y, bias, &y));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, y));
  double momentum = dlcOnnxAttrFloat(n, "momentum", 0.9f);
  MlirValue keep, move, batch[2] = {mean, var};
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, momentum, &keep));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 1 - momentum, &move));
  for (int i = 0; i < 2; ++i) {
    if (!dlcOnnxHasOutput(n, i + 1))
      continue;
    MlirValue old, now;
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", batch[i], &channels, 1, &now));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", now, move, &now));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", in[2 + i], keep, &old));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", old, now, &now));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, now, statsType, &now));
    DLC_ONNX_TRY(dlcOnnxSetOutput(n, i + 1, now));
  }
  return DLC_ONNX_OK;
}

// The dims [from, rank) as axes.
static int64_t trailingAxes(int64_t from, int64_t rank, int64_t *axes) {
  for (int64_t i = from; i < rank; ++i)
    axes[i - from] = i;
  return rank - from;
}

// RMSNormalization: x / sqrt(mean(x^2 over [axis, rank)) + epsilon) * scale,
// with float32 statistics (stash_type 1) for double inputs too.
static DlcOnnxStatus translateRmsNorm(DlcOnnxNode *n) {
  MlirValue x, scale;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &scale));
  int64_t stashType = dlcOnnxAttrInt(n, "stash_type", 1);
  if (stashType != 1)
    return dlcOnnxUnsupported(n, "stash_type = %lld is not supported (only 1, float32)",
                              (long long)stashType);
  int64_t axis, axes[DLC_MAX_RANK];
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", -1, rankOf(x), &axis));
  int64_t numAxes = trailingAxes(axis, rankOf(x), axes);
  MlirType elt = eltOf(x), f32 = mlirF32TypeGet(n->ctx);
  MlirValue v, sq, ms, eps, rms;
  DLC_ONNX_TRY(dlcOnnxCastOp(n, x, f32, &v));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", v, v, &sq));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_mean", sq, axes, numAxes, true, &ms));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f32, dlcOnnxAttrFloat(n, "epsilon", 1e-5f), &eps));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", ms, eps, &ms));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.sqrt", ms, &rms));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", v, rms, &v));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, v, elt, &v));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", v, scale, &v));
  return dlcOnnxSetOutput(n, 0, v);
}

// MeanVarianceNormalization, as ONNX's function body computes it:
// (x - mean) / (sqrt(mean(x^2) - mean^2) + 1e-9) over `axes`.
static DlcOnnxStatus translateMvn(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  static const int64_t defaultAxes[] = {0, 2, 3};
  const int64_t *axes = defaultAxes;
  int64_t numAxes = 3;
  dlcOnnxAttrInts(n, "axes", &axes, &numAxes);
  MlirValue mean, meanSq, sq, meanOfSq, var, std, eps, centered, y;
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_mean", x, axes, numAxes, true, &mean));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", mean, mean, &meanSq));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", x, x, &sq));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_mean", sq, axes, numAxes, true, &meanOfSq));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", meanOfSq, meanSq, &var));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.sqrt", var, &std));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(x), 1e-9, &eps));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", std, eps, &std));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", x, mean, &centered));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", centered, std, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// InstanceNormalization: per sample and channel, over the spatial dims:
// scale[c] * (x - mean) / sqrt(var + epsilon) + bias[c].
static DlcOnnxStatus translateInstanceNorm(DlcOnnxNode *n) {
  MlirValue x, scale, bias;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &scale));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &bias));
  int64_t rank = rankOf(x), axes[DLC_MAX_RANK], perChannel[DLC_MAX_RANK];
  if (rank < 3)
    return dlcOnnxError(n, "input 'input' must have rank 3 or more (N x C x D1 ...)");
  int64_t numAxes = trailingAxes(2, rank, axes);
  MlirType scaleType = mlirValueGetType(scale);
  if (mlirShapedTypeGetRank(scaleType) != 1 || mlirShapedTypeIsDynamicDim(scaleType, 0))
    return dlcOnnxUnsupported(n, "input 'scale' must be 1-D with a static size");
  perChannel[0] = mlirShapedTypeGetDimSize(scaleType, 0);
  for (int64_t i = 1; i < rank - 1; ++i)
    perChannel[i] = 1;
  MlirValue mean, centered, sq, var, eps, std, y;
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_mean", x, axes, numAxes, true, &mean));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", x, mean, &centered));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", centered, centered, &sq));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_mean", sq, axes, numAxes, true, &var));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(x), dlcOnnxAttrFloat(n, "epsilon", 1e-5f), &eps));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", var, eps, &var));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.sqrt", var, &std));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", centered, std, &y));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", scale, perChannel, rank - 1, &scale));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", bias, perChannel, rank - 1, &bias));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", y, scale, &y));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", y, bias, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// LRN: x / (bias + alpha / size * sum of x^2 over a window of `size`
// channels)^beta, the window from c - floor((size-1)/2) to c +
// ceil((size-1)/2). The window sum is an average pool (padding counted)
// of x^2 seen as [N, 1, C, rest], which already divides by size.
static DlcOnnxStatus translateLrn(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  MlirType type = mlirValueGetType(x);
  int64_t rank = rankOf(x), size = dlcOnnxAttrInt(n, "size", 0);
  if (!dlcOnnxAttr(n, "size") || size < 1)
    return dlcOnnxError(n, "attribute 'size' is required and must be positive");
  if (rank < 3)
    return dlcOnnxError(n, "input 'X' must have rank 3 or more (N x C x D1 ...)");
  for (int64_t i = 1; i < rank; ++i)
    if (mlirShapedTypeIsDynamicDim(type, i))
      return dlcOnnxUnsupported(n, "all dims but N must be static");
  int64_t rest = 1, shape[DLC_MAX_RANK], planes[4];
  for (int64_t i = 2; i < rank; ++i)
    rest *= mlirShapedTypeGetDimSize(type, i);
  shape[0] = 0; // N as it is (reshape copies a 0)
  for (int64_t i = 1; i < rank; ++i)
    shape[i] = mlirShapedTypeGetDimSize(type, i);
  planes[0] = 0, planes[1] = 1, planes[2] = shape[1], planes[3] = rest;
  MlirValue sq, sum, scale, bias, beta, y;
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", x, x, &sq));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", sq, planes, 4, &sq));
  DlcOnnxOp pool;
  int64_t kernel[2] = {size, 1}, pads[4] = {(size - 1) / 2, 0, size / 2, 0};
  dlcOnnxOpInit(&pool, "dlc_graph.avg_pool");
  pool.operands[0] = sq;
  dlcOnnxOpInts(n, &pool, "kernel_shape", kernel, 2);
  dlcOnnxOpInts(n, &pool, "pads", pads, 4);
  dlcOnnxOpBool(n, &pool, "count_include_pad", true);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &pool));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", pool.results[0], shape, rank, &sum));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(x), dlcOnnxAttrFloat(n, "alpha", 1e-4f), &scale));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(x), dlcOnnxAttrFloat(n, "bias", 1.0f), &bias));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(x), dlcOnnxAttrFloat(n, "beta", 0.75f), &beta));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", sum, scale, &sum));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", sum, bias, &sum));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.pow", sum, beta, &sum));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", x, sum, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// GroupNormalization: x [N, C, D..] seen as [N, G, C/G, prod(D)], each
// group normalized over its C/G channels and positions (statistics in
// float32, stash_type 1), then scaled and shifted per channel (opset 21)
// or per group (opset 18).
static DlcOnnxStatus translateGroupNorm(DlcOnnxNode *n) {
  MlirValue x, scale, bias;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &scale));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &bias));
  int64_t stashType = dlcOnnxAttrInt(n, "stash_type", 1);
  if (stashType != 1)
    return dlcOnnxUnsupported(n, "stash_type = %lld is not supported (only 1, float32)",
                              (long long)stashType);
  MlirType type = mlirValueGetType(x);
  int64_t rank = rankOf(x), groups = dlcOnnxAttrInt(n, "num_groups", 0);
  if (!dlcOnnxAttr(n, "num_groups"))
    return dlcOnnxError(n, "attribute 'num_groups' is required");
  if (rank < 3)
    return dlcOnnxError(n, "input 'X' must have rank 3 or more (N x C x D1 ...)");
  for (int64_t i = 1; i < rank; ++i)
    if (mlirShapedTypeIsDynamicDim(type, i))
      return dlcOnnxUnsupported(n, "all dims but N must be static");
  int64_t channels = mlirShapedTypeGetDimSize(type, 1);
  if (groups < 1 || channels % groups)
    return dlcOnnxError(n, "attribute 'num_groups' (%lld) must divide the %lld channels",
                        (long long)groups, (long long)channels);
  bool perGroup = n->entry->since < 21;
  int64_t affine = perGroup ? groups : channels;
  MlirType st = mlirValueGetType(scale), bt = mlirValueGetType(bias);
  if (mlirShapedTypeGetRank(st) != 1 || mlirShapedTypeGetDimSize(st, 0) != affine ||
      mlirShapedTypeGetRank(bt) != 1 || mlirShapedTypeGetDimSize(bt, 0) != affine)
    return dlcOnnxError(n, "inputs 'scale' and 'bias' must be 1-D of size %lld (the %s)",
                        (long long)affine, perGroup ? "groups" : "channels");
  int64_t rest = 1, shape[DLC_MAX_RANK];
  for (int64_t i = 2; i < rank; ++i)
    rest *= mlirShapedTypeGetDimSize(type, i);
  shape[0] = 0; // N as it is
  for (int64_t i = 1; i < rank; ++i)
    shape[i] = mlirShapedTypeGetDimSize(type, i);
  int64_t grouped[4] = {0, groups, channels / groups, rest}, axes[2] = {2, 3};
  int64_t affineShape[3] = {groups, perGroup ? 1 : channels / groups, 1};
  MlirType elt = eltOf(x), f32 = mlirF32TypeGet(n->ctx);
  MlirValue v, mean, centered, sq, var, eps, std, y;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, grouped, 4, &v));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, v, f32, &v));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_mean", v, axes, 2, true, &mean));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", v, mean, &centered));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", centered, centered, &sq));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_mean", sq, axes, 2, true, &var));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f32, dlcOnnxAttrFloat(n, "epsilon", 1e-5f), &eps));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", var, eps, &var));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.sqrt", var, &std));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", centered, std, &y));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, y, elt, &y));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", scale, affineShape, 3, &scale));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", bias, affineShape, 3, &bias));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", y, scale, &y));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", y, bias, &y));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, shape, rank, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// LpNormalization: x divided by its L1 or L2 norm along `axis`.
static DlcOnnxStatus translateLpNorm(DlcOnnxNode *n) {
  MlirValue x, norm, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  int64_t p = dlcOnnxAttrInt(n, "p", 2), axis;
  if (p != 1 && p != 2)
    return dlcOnnxError(n, "attribute 'p' must be 1 or 2, but is %lld", (long long)p);
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", -1, rankOf(x), &axis));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, p == 1 ? "dlc_graph.reduce_l1" : "dlc_graph.reduce_l2", x,
                               &axis, 1, true, &norm));
  // A zero norm (all elements 0) divides by 1 instead, as ONNX's reference.
  MlirValue zero, one, isZero;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(x), 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(x), 1, &one));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", norm, zero, &isZero));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, isZero, one, norm, &norm));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", x, norm, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// GlobalMaxPool: the maximum over the spatial dims, kept as 1s.
static DlcOnnxStatus translateGlobalMaxPool(DlcOnnxNode *n) {
  MlirValue x, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  int64_t axes[DLC_MAX_RANK];
  int64_t numAxes = trailingAxes(2, rankOf(x), axes);
  if (numAxes < 1)
    return dlcOnnxError(n, "input 'X' must have rank 3 or more (N x C x D1 ...)");
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_max", x, axes, numAxes, true, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// ArgMax / ArgMin: the first (or last, select_last_index) position along
// `axis` holding the maximum: min (max) over where(x == max, iota, sentinel).
// As in numpy, NaN is the extreme: max and min propagate it, and x != x
// marks where it is.
static DlcOnnxStatus argExtreme(DlcOnnxNode *n, MlirValue x, int64_t axis, bool isMax, bool last,
                                 bool keepdims, MlirValue *iotaOut, MlirValue *out) {
  MlirType type = mlirValueGetType(x);
  int64_t rank = rankOf(x);
  if (mlirShapedTypeIsDynamicDim(type, axis))
    return dlcOnnxUnsupported(n, "the reduced dim must be static");
  int64_t size = mlirShapedTypeGetDimSize(type, axis);
  // iota along `axis`, shaped to broadcast: [size, 1, ...] after the axis.
  int64_t *iota = dlcOnnxScratch(n, (size_t)(size > 0 ? size : 1) * sizeof *iota);
  if (!iota)
    return dlcOnnxError(n, "out of memory");
  for (int64_t i = 0; i < size; ++i)
    iota[i] = i;
  int64_t dims[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank - axis; ++i)
    dims[i] = i ? 1 : size;
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirType iotaType = mlirRankedTensorTypeGet(rank - axis, dims, i64, mlirAttributeGetNull());
  DlcOnnxOp cst;
  dlcOnnxOpInit(&cst, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &cst, "value", mlirDenseElementsAttrInt64Get(iotaType, size, iota));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &cst));
  MlirValue extreme, hit, sentinel, picked, y;
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, isMax ? "dlc_graph.reduce_max" : "dlc_graph.reduce_min", x,
                               &axis, 1, true, &extreme));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", x, extreme, &hit));
  if (mlirTypeIsAFloat(eltOf(x))) {
    MlirValue nan;
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.is_nan", x, &nan));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.or", hit, nan, &hit));
  }
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, last ? -1 : (double)size, &sentinel));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, hit, cst.results[0], sentinel, &picked));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, last ? "dlc_graph.reduce_max" : "dlc_graph.reduce_min", picked,
                               &axis, 1, keepdims, &y));
  if (iotaOut)
    *iotaOut = cst.results[0];
  *out = y;
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateArgExtreme(DlcOnnxNode *n) {
  MlirValue x, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  int64_t axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", 0, rankOf(x), &axis));
  DLC_ONNX_TRY(argExtreme(n, x, axis, !strcmp(n->opType, "ArgMax"),
                          dlcOnnxAttrInt(n, "select_last_index", 0) != 0,
                          dlcOnnxAttrInt(n, "keepdims", 1) != 0, NULL, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// Hardmax: 1 at the first maximum along `axis`, 0 elsewhere.
static DlcOnnxStatus translateHardmax(DlcOnnxNode *n) {
  MlirValue x, index, iota, hit, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  int64_t axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", -1, rankOf(x), &axis));
  DLC_ONNX_TRY(argExtreme(n, x, axis, true, false, true, &iota, &index));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", index, iota, &hit));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, hit, eltOf(x), &y));
  return dlcOnnxSetOutput(n, 0, y);
}

#define REDUCE(op, inputSince, graphOp)                                                            \
  {op, 1, translateReduceAttr, {A_INTS("axes"), A_INT("keepdims")}, graphOp, NULL},               \
  {                                                                                                \
    op, inputSince, translateReduceInput, {A_INT("keepdims"), A_INT("noop_with_empty_axes")},      \
        graphOp, "`axes` may be known only at run time when its length is static."                 \
  }

#define INFERENCE_ONLY                                                                             \
  "Inference only: no `running_mean` / `running_var` outputs."
#define SOFTMAX_11                                                                                 \
  "Unless `axis` is the last dim, at most one dim may be dynamic (the input is flattened to "      \
  "2-D at `axis`)."

static const DlcOnnxOpEntry ops[] = {
    // BatchNormalization-7's `spatial` (default 1) is gone from opset 9.
    {"BatchNormalization", 7, translateBatchNorm,
     {A_FLOAT("epsilon"), A_FLOAT("momentum"), A_INT("spatial")}, "dlc_graph.batch_norm",
     INFERENCE_ONLY " `spatial` = 1."},
    {"BatchNormalization", 9, translateBatchNorm, {A_FLOAT("epsilon"), A_FLOAT("momentum")},
     "dlc_graph.batch_norm", INFERENCE_ONLY},
    {"BatchNormalization", 14, translateBatchNorm,
     {A_FLOAT("epsilon"), A_FLOAT("momentum"), A_INT("training_mode")}, "dlc_graph.batch_norm",
     "`training_mode` = 1 is decomposed into reductions for the batch statistics (the input of "
     "rank 2 or more, `scale` 1-D with a static size)."},
    {"LayerNormalization", 17, translateLayerNorm,
     {A_INT("axis"), A_FLOAT("epsilon"), A_INT("stash_type")}, "dlc_graph.layer_norm",
     "`stash_type` = 1 (float32 statistics) only."},
    {"Softmax", 1, translateSoftmax11, {A_INT("axis")}, "dlc_graph.softmax", SOFTMAX_11},
    {"Softmax", 13, translateSoftmax13, {A_INT("axis")}, "dlc_graph.softmax", NULL},
    {"LogSoftmax", 1, translateSoftmax11, {A_INT("axis")}, "dlc_graph.log_softmax", SOFTMAX_11},
    {"LogSoftmax", 13, translateSoftmax13, {A_INT("axis")}, "dlc_graph.log_softmax", NULL},
    REDUCE("ReduceSum", 13, "dlc_graph.reduce_sum"),
    REDUCE("ReduceMean", 18, "dlc_graph.reduce_mean"),
    REDUCE("ReduceMax", 18, "dlc_graph.reduce_max"),
    REDUCE("ReduceMin", 18, "dlc_graph.reduce_min"),
    REDUCE("ReduceProd", 18, "dlc_graph.reduce_prod"),
    REDUCE("ReduceL1", 18, "dlc_graph.reduce_l1"),
    REDUCE("ReduceL2", 18, "dlc_graph.reduce_l2"),
    REDUCE("ReduceSumSquare", 18, "dlc_graph.reduce_sum_square"),
    REDUCE("ReduceLogSum", 18, "dlc_graph.reduce_log_sum"),
    REDUCE("ReduceLogSumExp", 18, "dlc_graph.reduce_log_sum_exp"),
    {"RMSNormalization", 23, translateRmsNorm,
     {A_INT("axis"), A_FLOAT("epsilon"), A_INT("stash_type")}, "dlc_graph.reduce_mean",
     "`stash_type` = 1 (float32 statistics) only."},
    {"MeanVarianceNormalization", 9, translateMvn, {A_INTS("axes")}, "dlc_graph.reduce_mean",
     NULL},
    {"InstanceNormalization", 6, translateInstanceNorm, {A_FLOAT("epsilon")},
     "dlc_graph.reduce_mean", "`scale` and `B` must have a static size."},
    {"LRN", 1, translateLrn,
     {A_FLOAT("alpha"), A_FLOAT("beta"), A_FLOAT("bias"), A_INT("size")}, "dlc_graph.avg_pool",
     "All dims but N must be static."},
    {"GroupNormalization", 18, translateGroupNorm, {A_FLOAT("epsilon"), A_INT("num_groups")},
     "dlc_graph.reduce_mean", "All dims but N must be static."},
    {"GroupNormalization", 21, translateGroupNorm,
     {A_FLOAT("epsilon"), A_INT("num_groups"), A_INT("stash_type")}, "dlc_graph.reduce_mean",
     "All dims but N must be static; `stash_type` = 1 (float32 statistics) only."},
    {"LpNormalization", 1, translateLpNorm, {A_INT("axis"), A_INT("p")}, "dlc_graph.reduce_l2",
     NULL},
    {"GlobalMaxPool", 1, translateGlobalMaxPool, {{0}}, "dlc_graph.reduce_max", NULL},
    {"ArgMax", 1, translateArgExtreme, {A_INT("axis"), A_INT("keepdims")}, "dlc_graph.reduce_max",
     "The reduced dim must be static."},
    {"ArgMax", 12, translateArgExtreme,
     {A_INT("axis"), A_INT("keepdims"), A_INT("select_last_index")}, "dlc_graph.reduce_max",
     "The reduced dim must be static."},
    {"Hardmax", 13, translateHardmax, {A_INT("axis")}, "dlc_graph.reduce_max",
     "The dim along `axis` must be static."},
    {"ArgMin", 1, translateArgExtreme, {A_INT("axis"), A_INT("keepdims")}, "dlc_graph.reduce_min",
     "The reduced dim must be static."},
    {"ArgMin", 12, translateArgExtreme,
     {A_INT("axis"), A_INT("keepdims"), A_INT("select_last_index")}, "dlc_graph.reduce_min",
     "The reduced dim must be static."},
};

const DlcOnnxOpEntry *dlcOnnxNormOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
