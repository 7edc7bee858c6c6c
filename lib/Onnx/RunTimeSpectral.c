//===- RunTimeSpectral.c - DFT weights and frames at run time ---*- C -*-===//
//
// The pieces of DFT and STFT (OpsSpectral.c) whose sizes are known only
// when the code runs: the weight matrices of a run-time transform length,
// computed as the constant ones are (the angle's product reduced exactly
// in integers, then cos or the signed sin in f64), DFT along an axis fed
// at run time that resizes the dim it names, and STFT's frame
// positions for a run-time step or frame length, on run-time iotas.
//
// An axis fed at run time that resizes the dim it names (onesided, a
// dft_length) cannot pick among transforms of different shapes. The
// transform is instead a product along every dim with [in, ?] weights:
// the transform's where the axis names the dim, the identity elsewhere
// (sum over the dims' sizes of the work of one product), so every dim the
// axis could name has a run-time size.
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

// The transform's K outputs for a run-time `length`: length / 2 + 1 for a
// onesided forward transform, else length.
static DlcOnnxStatus outputCount(DlcOnnxNode *n, bool inverse, bool onesided, MlirValue length,
                                 MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue c;
  *out = length;
  if (inverse || !onesided)
    return DLC_ONNX_OK;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 2, &c));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", length, c, out));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 1, &c));
  return dlcOnnxBinaryOp(n, "dlc_graph.add", *out, c, out);
}

// The weights of input rows `t` (a column) in outputs `k` (a row) for the
// 1-element i64 `length`.
static DlcOnnxStatus weightsOf(DlcOnnxNode *n, MlirValue t, MlirValue k, bool inverse,
                               bool onesided, MlirValue length, bool sine, MlirValue *out) {
  MlirType f64 = mlirF64TypeGet(n->ctx);
  bool irfft = inverse && onesided;
  MlirValue angle, lf, scale, w, zero;
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

DlcOnnxStatus dlcOnnxRunTimeDftWeights(DlcOnnxNode *n, int64_t in, bool inverse, bool onesided,
                                       MlirValue length, bool sine, MlirValue *out) {
  MlirValue count, k, t;
  DLC_ONNX_TRY(outputCount(n, inverse, onesided, length, &count));
  DLC_ONNX_TRY(runTimeIota2d(n, count, false, &k));
  if (in >= 0)
    DLC_ONNX_TRY(constantIota(n, in, true, &t));
  else
    DLC_ONNX_TRY(runTimeIota2d(n, length, true, &t));
  return weightsOf(n, t, k, inverse, onesided, length, sine, out);
}

DlcOnnxStatus dlcOnnxRunTimeDftAxis(DlcOnnxNode *n, int64_t rank, const bool *invalid,
                                    MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue axis, zero, size, negative, wrapped, past, valid, k, other;
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &axis));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, axis, i64, &axis));
  DLC_ONNX_TRY(dlcOnnxScalar(n, axis, &axis));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)rank, &size));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)(rank - 1), &past));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", axis, zero, &negative));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", axis, size, &wrapped));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, negative, wrapped, axis, out));
  // The complex dim (rank - 1) is no signal axis.
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.greater_equal", *out, zero, &valid));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", *out, past, &other));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", valid, other, &valid));
  for (int64_t a = 0; invalid && a < rank - 1; ++a) {
    if (!invalid[a])
      continue;
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)a, &k));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", *out, k, &other));
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.not", other, &other));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", valid, other, &valid));
  }
  return dlcOnnxRunTimeCheck(n, valid);
}

// The weights along a dim of `in` that the run-time axis picks (the 0-d i1
// `picked`) or leaves: the transform's of `length`, else the identity (cos)
// and 0 (sin), [in, ?] either way. The transform's length and output
// count are used only where picked, so a length the dim cannot take (0 for
// an irfft of one frequency) divides nothing where it is not.
static DlcOnnxStatus axisWeights(DlcOnnxNode *n, int64_t in, bool inverse, bool onesided,
                                 MlirValue length, MlirValue picked, bool sine, MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64), f64 = mlirF64TypeGet(n->ctx);
  MlirValue dim, count, k, t, w, other;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)(in > 0 ? in : 1), &dim));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, picked, length, dim, &length));
  DLC_ONNX_TRY(outputCount(n, inverse, onesided, length, &count));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)in, &dim));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, picked, count, dim, &count));
  DLC_ONNX_TRY(runTimeIota2d(n, count, false, &k));
  DLC_ONNX_TRY(constantIota(n, in, true, &t));
  DLC_ONNX_TRY(weightsOf(n, t, k, inverse, onesided, length, sine, &w));
  if (sine) {
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 0, &other));
  } else {
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", t, k, &other));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, other, f64, &other));
  }
  return dlcOnnxWhereOp(n, picked, w, other, out);
}

// x [.., in, ..] times `w` [in, ?] along dim `d` of `rank`.
static DlcOnnxStatus productAlong(DlcOnnxNode *n, MlirValue x, MlirValue w, int64_t d,
                                  int64_t rank, MlirValue *out) {
  int64_t perm[DLC_MAX_RANK], r = 0;
  for (int64_t i = 0; i < rank; ++i)
    if (i != d)
      perm[r++] = i;
  perm[r] = d;
  int64_t back[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    back[perm[i]] = i;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", x, perm, rank, &x));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", x, w, &x));
  return dlcOnnxShapeOp(n, "dlc_graph.transpose", x, back, rank, out);
}

DlcOnnxStatus dlcOnnxRunTimeAxisDft(DlcOnnxNode *n, MlirValue re, MlirValue im, bool inverse,
                                    bool onesided, MlirValue axis, const MlirValue *lengths,
                                    MlirValue *reOut, MlirValue *imOut) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(re));
  for (int64_t d = 0; d < rank; ++d) {
    // With s the signed sine weight: (re + i im)(c + i s).
    MlirValue k, picked, c, s, rc, rs, ic, is;
    int64_t in = mlirShapedTypeGetDimSize(mlirValueGetType(re), d);
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)d, &k));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", axis, k, &picked));
    DLC_ONNX_TRY(axisWeights(n, in, inverse, onesided, lengths[d], picked, false, &c));
    DLC_ONNX_TRY(axisWeights(n, in, inverse, onesided, lengths[d], picked, true, &s));
    DLC_ONNX_TRY(productAlong(n, re, c, d, rank, &rc));
    DLC_ONNX_TRY(productAlong(n, re, s, d, rank, &rs));
    if (mlirValueIsNull(im)) {
      re = rc, im = rs;
      continue;
    }
    DLC_ONNX_TRY(productAlong(n, im, c, d, rank, &ic));
    DLC_ONNX_TRY(productAlong(n, im, s, d, rank, &is));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", rc, is, &re));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", rs, ic, &im));
  }
  *reOut = re, *imOut = im;
  return DLC_ONNX_OK;
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
