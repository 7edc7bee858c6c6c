//===- TrainingDropout.c - Dropout in training mode -------------*- C -*-===//
//
// Training-mode Dropout keeps each element with probability 1 - ratio and
// scales the kept ones by 1 / (1 - ratio). The draws come from a
// counter-based generator, so the code keeps no state and any element's
// draw is computed on its own: splitmix64's finalizer applied to the seed
// chained with each coordinate of the element (a dim at a time, so the
// draws of a dim broadcast against the next: no flat index, no strides,
// and dims known only at run time need only their own iota). The draw's
// top 53 bits are a uniform double u in [0, 1); the element is kept when
// u >= ratio, so a ratio of 0 keeps everything and the output is the
// input, scaled by exactly 1. The same seed gives the same mask on every
// run and every target.
//
// training_mode and ratio may be fed at run time: training false then
// keeps everything with a scale of 1, and a ratio outside [0, 1) in
// training mode is DlcStatusInvalidInput when the code runs.
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

// splitmix64's increment and finalizer constants.
#define GOLDEN 0x9E3779B97F4A7C15ull
#define MIX1 0xBF58476D1CE4E5B9ull
#define MIX2 0x94D049BB133111EBull

static uint64_t mixNow(uint64_t z) {
  z = (z ^ (z >> 30)) * MIX1;
  z = (z ^ (z >> 27)) * MIX2;
  return z ^ (z >> 31);
}

static MlirType u64Type(DlcOnnxNode *n) { return mlirIntegerTypeUnsignedGet(n->ctx, 64); }

// A ui64 constant of `count` values shaped `dims` (rank `rank`).
static DlcOnnxStatus u64Constant(DlcOnnxNode *n, int64_t rank, const int64_t *dims,
                                 int64_t count, const uint64_t *values, MlirValue *out) {
  MlirType type = mlirRankedTensorTypeGet(rank, dims, u64Type(n), mlirAttributeGetNull());
  DlcOnnxOp c;
  dlcOnnxOpInit(&c, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &c, "value", mlirDenseElementsAttrUInt64Get(type, count, values));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &c));
  *out = c.results[0];
  return DLC_ONNX_OK;
}

static DlcOnnxStatus u64Scalar(DlcOnnxNode *n, uint64_t value, MlirValue *out) {
  return u64Constant(n, 0, NULL, 1, &value, out);
}

// z ^ (z >> shift), then times `factor` unless it is 0.
static DlcOnnxStatus shiftXor(DlcOnnxNode *n, MlirValue z, uint64_t shift, uint64_t factor,
                              MlirValue *out) {
  MlirValue s, shifted;
  DLC_ONNX_TRY(u64Scalar(n, shift, &s));
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.bit_shift");
  op.operands[0] = z, op.operands[1] = s;
  dlcOnnxOpString(n, &op, "direction", mlirStringRefCreateFromCString("RIGHT"));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  shifted = op.results[0];
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.bitwise_xor", z, shifted, out));
  if (!factor)
    return DLC_ONNX_OK;
  MlirValue f;
  DLC_ONNX_TRY(u64Scalar(n, factor, &f));
  return dlcOnnxBinaryOp(n, "dlc_graph.mul", *out, f, out);
}

// splitmix64's finalizer, as mixNow, on a ui64 tensor.
static DlcOnnxStatus mix(DlcOnnxNode *n, MlirValue z, MlirValue *out) {
  DLC_ONNX_TRY(shiftXor(n, z, 30, MIX1, &z));
  DLC_ONNX_TRY(shiftXor(n, z, 27, MIX2, &z));
  return shiftXor(n, z, 31, 0, out);
}

// 1, 2, .. size along dim `d` of `x` (rank `rank`), ui64, shaped 1 but there.
static DlcOnnxStatus coordinates(DlcOnnxNode *n, MlirValue x, int64_t d, int64_t rank,
                                 MlirValue *out) {
  int64_t size = mlirShapedTypeGetDimSize(mlirValueGetType(x), d), dims[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = 1;
  if (mlirShapedTypeIsDynamicSize(size)) {
    MlirValue count, one;
    DlcOnnxOp shape;
    dlcOnnxOpInit(&shape, "dlc_graph.shape");
    shape.operands[0] = x;
    dlcOnnxOpInt(n, &shape, "start", d);
    dlcOnnxOpInt(n, &shape, "end", d + 1);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &shape));
    DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, shape.results[0], &count));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, count, u64Type(n), &count));
    DLC_ONNX_TRY(u64Scalar(n, 1, &one));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", count, one, &count));
    dims[d] = -1;
    return dlcOnnxShapeOp(n, "dlc_graph.reshape", count, dims, rank, out);
  }
  uint64_t *values = malloc((size_t)(size > 0 ? size : 1) * sizeof *values);
  if (!values)
    abort();
  for (int64_t i = 0; i < size; ++i)
    values[i] = (uint64_t)i + 1;
  dims[d] = size;
  DlcOnnxStatus status = u64Constant(n, rank, dims, size, values, out);
  free(values);
  return status;
}

// A uniform double in [0, 1) per element of `x`.
static DlcOnnxStatus uniform(DlcOnnxNode *n, MlirValue x, int64_t seed, MlirValue *out) {
  int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(x));
  MlirValue z, c, golden;
  DLC_ONNX_TRY(u64Scalar(n, mixNow((uint64_t)seed + GOLDEN), &z));
  DLC_ONNX_TRY(u64Scalar(n, GOLDEN, &golden));
  for (int64_t d = 0; d < rank; ++d) {
    DLC_ONNX_TRY(coordinates(n, x, d, rank, &c));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", c, golden, &c));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", z, c, &z));
    DLC_ONNX_TRY(mix(n, z, &z));
  }
  MlirValue shift, scale;
  DLC_ONNX_TRY(u64Scalar(n, 11, &shift));
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.bit_shift");
  op.operands[0] = z, op.operands[1] = shift;
  dlcOnnxOpString(n, &op, "direction", mlirStringRefCreateFromCString("RIGHT"));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  MlirType f64 = mlirF64TypeGet(n->ctx);
  DLC_ONNX_TRY(dlcOnnxCastOp(n, op.results[0], f64, &z));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 0x1p-53, &scale));
  return dlcOnnxBinaryOp(n, "dlc_graph.mul", z, scale, out);
}

// `cond` or not `training`: what holds outside training mode.
static DlcOnnxStatus orIdle(DlcOnnxNode *n, MlirValue cond, MlirValue training, MlirValue *out) {
  MlirValue idle;
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.not", training, &idle));
  return dlcOnnxBinaryOp(n, "dlc_graph.or", cond, idle, out);
}

// A 0-d f64 ratio outside [0, 1) in training mode is an invalid input.
static DlcOnnxStatus checkRatio(DlcOnnxNode *n, MlirValue ratio, MlirValue training) {
  MlirType f64 = mlirF64TypeGet(n->ctx);
  MlirValue zero, one, low, high, valid;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 1, &one));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.greater_equal", ratio, zero, &low));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", ratio, one, &high));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", low, high, &valid));
  if (!mlirValueIsNull(training))
    DLC_ONNX_TRY(orIdle(n, valid, training, &valid));
  return dlcOnnxRunTimeCheck(n, valid);
}

DlcOnnxStatus dlcOnnxTrainingDropout(DlcOnnxNode *n, MlirValue x, MlirValue ratio,
                                     bool ratioChecked, MlirValue training, int64_t seed,
                                     MlirValue *out, MlirValue *mask) {
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(x));
  MlirType f64 = mlirF64TypeGet(n->ctx);
  MlirValue u, keep, kept, scale, one;
  DLC_ONNX_TRY(dlcOnnxCastOp(n, ratio, f64, &ratio));
  DLC_ONNX_TRY(dlcOnnxScalar(n, ratio, &ratio));
  if (!mlirValueIsNull(training))
    DLC_ONNX_TRY(dlcOnnxScalar(n, training, &training));
  if (!ratioChecked)
    DLC_ONNX_TRY(checkRatio(n, ratio, training));
  DLC_ONNX_TRY(uniform(n, x, seed, &u));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.greater_equal", u, ratio, &keep));
  // ONNX's scale: 1 / (1 - ratio) in double, rounded to x's type.
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 1, &one));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", one, ratio, &scale));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", one, scale, &scale));
  if (!mlirValueIsNull(training)) {
    DLC_ONNX_TRY(orIdle(n, keep, training, &keep));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, training, scale, one, &scale));
  }
  DLC_ONNX_TRY(dlcOnnxCastOp(n, scale, elt, &scale));
  // x * mask * scale: a dropped element is x * 0 (-0 for a negative x).
  DLC_ONNX_TRY(dlcOnnxCastOp(n, keep, elt, &kept));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", x, kept, out));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", *out, scale, out));
  *mask = keep;
  return DLC_ONNX_OK;
}
