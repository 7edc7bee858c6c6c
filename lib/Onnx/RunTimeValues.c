//===- RunTimeValues.c - Ops of values fed at run time ----------*- C -*-===//
//
// A value fed at run time that its op does not accept is a status code
// the entry returns (DlcStatusInvalidInput): a dlc_tensor.check of it,
// which no graph pass removes (it has no result, so it is kept for its
// effect).
//
// An iota of a run-time length: the indices of the NonZero of a run-time
// ConstantOfShape of ones (Range and OneHot use it).
//
// Which dims Squeeze removes or Unsqueeze inserts is a run-time value, but
// the result rank is not: it follows from the number of axes. The result
// is the input reshaped (allowzero) to a shape computed with graph ops when
// the code runs. With P the positions of the result (Unsqueeze) or of the
// input (Squeeze) as a column and the wrapped axes as a row, an equality
// matrix says which positions are axes; a sum over its row picks, for each
// result dim, the input dim it comes from (matrices of the ranks' size,
// so no index is read out of range). Squeeze does not check at run time
// that the removed dims are 1 (ONNX calls that input invalid).
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"
#include "dlc-c/Status.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static DlcOnnxStatus constI64(DlcOnnxNode *n, int64_t rows, int64_t cols, const int64_t *values,
                              MlirValue *out) {
  int64_t shape[2] = {rows, cols};
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  MlirType type = mlirRankedTensorTypeGet(2, shape, mlirIntegerTypeGet(n->ctx, 64),
                                          mlirAttributeGetNull());
  dlcOnnxOpAttr(n, &op, "value", mlirDenseElementsAttrInt64Get(type, rows * cols, values));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

// 0, 1, .. count-1 as a count x 1 column (`column`) or a 1 x count row.
static DlcOnnxStatus iota(DlcOnnxNode *n, int64_t count, bool column, MlirValue *out) {
  int64_t values[2 * DLC_MAX_RANK];
  for (int64_t i = 0; i < count; ++i)
    values[i] = i;
  return column ? constI64(n, count, 1, values, out) : constI64(n, 1, count, values, out);
}

// sum over dim 1 of where(cond, x, 0), as i64.
static DlcOnnxStatus sumWhere(DlcOnnxNode *n, MlirValue cond, MlirValue x, MlirValue *out) {
  MlirValue zero, picked;
  int64_t axis = 1;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, mlirIntegerTypeGet(n->ctx, 64), 0, &zero));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, cond, x, zero, &picked));
  return dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", picked, &axis, 1, false, out);
}

DlcOnnxStatus dlcOnnxSqueezeAtRunTime(DlcOnnxNode *n, MlirValue x, bool unsqueeze, MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue axes;
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &axes));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, axes, i64, &axes));
  MlirType axesType = mlirValueGetType(axes);
  int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(x));
  if (mlirShapedTypeGetRank(axesType) != 1 || mlirShapedTypeIsDynamicDim(axesType, 0))
    return dlcOnnxUnsupported(n, "input 'axes' known only at run time needs a static length: it "
                                 "decides the result's rank; bind it with --bind-input");
  int64_t m = mlirShapedTypeGetDimSize(axesType, 0);
  int64_t outRank = unsqueeze ? rank + m : rank - m;
  if (outRank < 0 || outRank > DLC_MAX_RANK || (unsqueeze ? outRank : rank) > DLC_MAX_RANK)
    return dlcOnnxError(n, "input 'axes' has %lld values for an input of rank %lld",
                        (long long)m, (long long)rank);
  // Axes wrap around the rank they index: the result's for Unsqueeze.
  int64_t positions = unsqueeze ? outRank : rank, one = 1, row[2] = {1, m};
  MlirValue zero, size, negative, wrapped, p, hit, isAxis, dims, shape;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)positions, &size));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", axes, zero, &negative));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", axes, size, &wrapped));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, negative, wrapped, axes, &axes));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", axes, row, 2, &axes));
  DLC_ONNX_TRY(iota(n, positions, true, &p));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", p, axes, &hit));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, hit, i64, &hit));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", hit, &one, 1, false, &isAxis));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", zero, isAxis, &isAxis));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.shape", x, &dims));
  int64_t dimsRow[2] = {1, rank};
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", dims, dimsRow, 2, &dims));
  MlirValue source, inputIota, pick, ones;
  if (unsqueeze) {
    // Result dim p is 1 at an axis, else input dim p - #(axes below p).
    MlirValue below, belowCount;
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", axes, p, &below));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, below, i64, &below));
    DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", below, &one, 1, true, &belowCount));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", p, belowCount, &source));
    DLC_ONNX_TRY(iota(n, rank, false, &inputIota));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", source, inputIota, &pick));
    DLC_ONNX_TRY(sumWhere(n, pick, dims, &shape));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 1, &ones));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, isAxis, ones, shape, &shape));
  } else {
    // Result dim q is input dim i, the kept one with q kept dims before it.
    MlirValue keep, keepI64, lower, count, q, target, isTarget, rowJ;
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.not", isAxis, &keep));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, keep, i64, &keepI64));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", keepI64, dimsRow, 2, &keepI64));
    DLC_ONNX_TRY(iota(n, rank, false, &rowJ));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less_equal", rowJ, p, &lower));
    DLC_ONNX_TRY(sumWhere(n, lower, keepI64, &count)); // kept dims up to i
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", count, dimsRow, 2, &count));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", keep, dimsRow, 2, &keep));
    DLC_ONNX_TRY(iota(n, outRank, true, &q));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 1, &ones));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", q, ones, &target));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", count, target, &isTarget));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", isTarget, keep, &isTarget));
    DLC_ONNX_TRY(sumWhere(n, isTarget, dims, &shape));
  }
  DlcOnnxOp reshape;
  dlcOnnxOpInit(&reshape, "dlc_graph.reshape");
  reshape.operands[0] = x;
  reshape.operands[1] = shape;
  dlcOnnxOpBool(n, &reshape, "allowzero", true);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &reshape));
  *out = reshape.results[0];
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxRunTimeCheck(DlcOnnxNode *n, MlirValue ok) {
  MlirType i32 = mlirIntegerTypeGet(n->ctx, 32);
  MlirValue fine, invalid, codes;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i32, DlcStatusOk, &fine));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i32, DlcStatusInvalidInput, &invalid));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, ok, fine, invalid, &codes));
  DlcOnnxOp check;
  dlcOnnxOpInit(&check, "dlc_tensor.check");
  check.operands[0] = codes;
  return dlcOnnxBuild(n, &check);
}

DlcOnnxStatus dlcOnnxRunTimeIota(DlcOnnxNode *n, MlirValue count, MlirValue *out) {
  MlirValue ones, positions;
  int64_t one = 1, first = 0;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", count, &one, 1, &count));
  DlcOnnxOp fill;
  dlcOnnxOpInit(&fill, "dlc_graph.constant_of_shape");
  fill.operands[0] = count;
  dlcOnnxOpAttr(n, &fill, "dtype", mlirTypeAttrGet(mlirIntegerTypeGet(n->ctx, 8)));
  dlcOnnxOpAttr(n, &fill, "value", mlirFloatAttrDoubleGet(n->ctx, mlirF64TypeGet(n->ctx), 1));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &fill));
  ones = fill.results[0];
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.nonzero", ones, &positions));
  DlcOnnxOp squeeze;
  dlcOnnxOpInit(&squeeze, "dlc_graph.squeeze");
  squeeze.operands[0] = positions;
  dlcOnnxOpInts(n, &squeeze, "axes", &first, 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &squeeze));
  *out = squeeze.results[0];
  return DLC_ONNX_OK;
}
