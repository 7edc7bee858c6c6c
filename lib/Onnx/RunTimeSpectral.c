//===- RunTimeSpectral.c - DFT weights and frames at run time ---*- C -*-===//
//
// The pieces of DFT and STFT (OpsSpectral.c) whose sizes are known only
// when the code runs: the weight matrices of a run-time transform length,
// computed as the constant ones are (the angle's product reduced exactly
// in integers, then cos or the signed sin in f64), and STFT's frame
// positions for a run-time step or frame length, on run-time iotas.
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>

// 0, 1, .. count-1 as an i64 constant of `count` rows (`column`) or a row.
static DlcOnnxStatus constantIota(DlcOnnxNode *n, int64_t count, bool column, MlirValue *out) {
  int64_t dims[2] = {column ? count : 1, column ? 1 : count};
  int64_t *values = malloc((size_t)(count > 0 ? count : 1) * sizeof *values);
  if (!values)
    abort();
  for (int64_t i = 0; i < count; ++i)
    values[i] = i;
  MlirType type = mlirRankedTensorTypeGet(2, dims, mlirIntegerTypeGet(n->ctx, 64),
                                          mlirAttributeGetNull());
  DlcOnnxOp c;
  dlcOnnxOpInit(&c, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &c, "value", mlirDenseElementsAttrInt64Get(type, count, values));
  free(values);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &c));
  *out = c.results[0];
  return DLC_ONNX_OK;
}

// The run-time iota of the 1-element i64 `count`, as a column or a row.
static DlcOnnxStatus runTimeIota2d(DlcOnnxNode *n, MlirValue count, bool column, MlirValue *out) {
  int64_t shape[2] = {column ? -1 : 1, column ? 1 : -1};
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, count, out));
  return dlcOnnxShapeOp(n, "dlc_graph.reshape", *out, shape, 2, out);
}

DlcOnnxStatus dlcOnnxRunTimeDftWeights(DlcOnnxNode *n, int64_t in, bool inverse, bool onesided,
                                       MlirValue length, bool sine, MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64), f64 = mlirF64TypeGet(n->ctx);
  bool irfft = inverse && onesided;
  MlirValue count = length, k, t, angle, lf, scale, w, zero, c;
  if (!inverse && onesided) {
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 2, &c));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", length, c, &count));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 1, &c));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", count, c, &count));
  }
  DLC_ONNX_TRY(runTimeIota2d(n, count, false, &k));
  if (in >= 0)
    DLC_ONNX_TRY(constantIota(n, in, true, &t));
  else
    DLC_ONNX_TRY(runTimeIota2d(n, length, true, &t));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", t, k, &angle));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mod", angle, length, &angle));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, angle, f64, &angle));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, length, f64, &lf));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 2 * M_PI, &scale));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", angle, scale, &angle));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", angle, lf, &angle));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, sine ? "dlc_graph.sin" : "dlc_graph.cos", angle, &w));
  if (sine && !inverse)
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.neg", w, &w));
  // Per input row t: 0 past the length (or, for irfft, past its half);
  // 1 / length for the inverse, doubled for irfft's inner frequencies.
  MlirValue tf, keep, rowScale, one;
  DLC_ONNX_TRY(dlcOnnxCastOp(n, t, f64, &tf));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 1, &one));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", tf, lf, &keep));
  rowScale = one;
  if (inverse)
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", one, lf, &rowScale));
  if (irfft) {
    // Kept up to length / 2; inner (0 < t and 2 t < length: an even
    // length's Nyquist frequency counts once) doubled.
    MlirValue half, two, inner, below, doubled, le, twoT;
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 2, &two));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", lf, two, &half));
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", half, &half));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less_equal", tf, half, &le));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", keep, le, &keep));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", tf, two, &twoT));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", zero, tf, &inner));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", twoT, lf, &below));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", inner, below, &inner));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", rowScale, two, &doubled));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, inner, doubled, rowScale, &rowScale));
  }
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, keep, rowScale, zero, &rowScale));
  return dlcOnnxBinaryOp(n, "dlc_graph.mul", w, rowScale, out);
}

DlcOnnxStatus dlcOnnxRunTimeFrames(DlcOnnxNode *n, int64_t samples, int64_t length,
                                   MlirValue lengthV, MlirValue step, MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue span, one, frames, i, row;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)samples, &span));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", span, lengthV, &span));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 1, &one));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", span, step, &frames));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", frames, one, &frames));
  DLC_ONNX_TRY(runTimeIota2d(n, frames, true, &i));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", i, step, &i));
  if (length < 0)
    DLC_ONNX_TRY(runTimeIota2d(n, lengthV, false, &row));
  else
    DLC_ONNX_TRY(constantIota(n, length, false, &row));
  return dlcOnnxBinaryOp(n, "dlc_graph.add", i, row, out);
}
