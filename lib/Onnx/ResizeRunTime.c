//===- ResizeRunTime.c - Resize of run-time scales, sizes, roi --*- C -*-===//
//
// When `scales`, `sizes` or `roi` are fed at run time, one compiled
// artifact serves every value: each resized axis is still a gather of taps
// times weights summed over the taps (OpsResize.c), but its size, the
// source coordinates, the taps and the weights are computed by graph ops
// when the code runs, in f64 with the same formulas and in the same order
// as the compile-time tables, so both paths give the same numbers. The
// positions are an iota of the run-time output size; the taps of one
// position a row of n (2 for nearest and linear, 4 for cubic, and for
// antialiasing a count that follows from the scale, so a run-time iota
// too). Every axis the operands name is resized, a scale of 1 included:
// whether it is 1 is only known when the code runs.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Resize.h"
#include "Onnx/RunTimeValues.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

typedef struct Ctx {
  DlcOnnxNode *n;
  MlirType f64, i64;
} Ctx;

static DlcOnnxStatus num(Ctx *c, double v, MlirValue *out) {
  return dlcOnnxConstantScalar(c->n, c->f64, v, out);
}

static DlcOnnxStatus bin(Ctx *c, const char *op, MlirValue a, MlirValue b, MlirValue *out) {
  return dlcOnnxBinaryOp(c->n, op, a, b, out);
}

// a `op` v for a constant v.
static DlcOnnxStatus binK(Ctx *c, const char *op, MlirValue a, double v, MlirValue *out) {
  MlirValue k;
  DLC_ONNX_TRY(num(c, v, &k));
  return bin(c, op, a, k, out);
}

// v `op` a for a constant v.
static DlcOnnxStatus kBin(Ctx *c, const char *op, double v, MlirValue a, MlirValue *out) {
  MlirValue k;
  DLC_ONNX_TRY(num(c, v, &k));
  return bin(c, op, k, a, out);
}

static DlcOnnxStatus select(Ctx *c, MlirValue cond, MlirValue a, MlirValue b, MlirValue *out) {
  return dlcOnnxWhereOp(c->n, cond, a, b, out);
}

// Element i of a 1-D value, as a 1-element 1-D value.
static DlcOnnxStatus element(Ctx *c, MlirValue v, int64_t i, MlirValue *out) {
  return dlcOnnxSliceOp(c->n, v, 0, i, i + 1, 1, out);
}

// The position in the input of each output position y (sourceCoordinate
// of OpsResize.c). *outside is null unless tf_crop_and_resize.
static DlcOnnxStatus coordinates(Ctx *c, const DlcResizeParams *p, MlirValue y, MlirValue scale,
                                 MlirValue in, MlirValue out, MlirValue roiStart, MlirValue roiEnd,
                                 MlirValue *x, MlirValue *outside) {
  MlirValue outWidth, isOne, a, b, inLess1, half;
  *outside = (MlirValue){NULL};
  DLC_ONNX_TRY(bin(c, "dlc_graph.mul", scale, in, &outWidth));
  DLC_ONNX_TRY(binK(c, "dlc_graph.equal", outWidth, 1, &isOne));
  DLC_ONNX_TRY(binK(c, "dlc_graph.sub", in, 1, &inLess1));
  // (y + 0.5) / scale - 0.5, the half-pixel forms' common part.
  DLC_ONNX_TRY(binK(c, "dlc_graph.add", y, 0.5, &half));
  DLC_ONNX_TRY(bin(c, "dlc_graph.div", half, scale, &half));
  switch (p->transform) {
  case DLC_RESIZE_ALIGN_CORNERS:
    DLC_ONNX_TRY(bin(c, "dlc_graph.mul", y, inLess1, &a));
    DLC_ONNX_TRY(binK(c, "dlc_graph.sub", outWidth, 1, &b));
    DLC_ONNX_TRY(bin(c, "dlc_graph.div", a, b, &a));
    DLC_ONNX_TRY(num(c, 0, &b));
    return select(c, isOne, b, a, x);
  case DLC_RESIZE_ASYMMETRIC:
    return bin(c, "dlc_graph.div", y, scale, x);
  case DLC_RESIZE_TF_CROP_AND_RESIZE: {
    MlirValue width, one, many, below;
    DLC_ONNX_TRY(bin(c, "dlc_graph.sub", roiEnd, roiStart, &width));
    DLC_ONNX_TRY(bin(c, "dlc_graph.mul", width, inLess1, &one));
    DLC_ONNX_TRY(binK(c, "dlc_graph.div", one, 2, &one));
    DLC_ONNX_TRY(bin(c, "dlc_graph.mul", y, width, &many));
    DLC_ONNX_TRY(bin(c, "dlc_graph.mul", many, inLess1, &many));
    DLC_ONNX_TRY(binK(c, "dlc_graph.sub", outWidth, 1, &b));
    DLC_ONNX_TRY(bin(c, "dlc_graph.div", many, b, &many));
    DLC_ONNX_TRY(select(c, isOne, one, many, &a));
    DLC_ONNX_TRY(bin(c, "dlc_graph.mul", roiStart, inLess1, &b));
    DLC_ONNX_TRY(bin(c, "dlc_graph.add", a, b, x));
    DLC_ONNX_TRY(binK(c, "dlc_graph.less", *x, 0, &below));
    DLC_ONNX_TRY(bin(c, "dlc_graph.greater", *x, inLess1, &b));
    return bin(c, "dlc_graph.or", below, b, outside);
  }
  case DLC_RESIZE_PYTORCH_HALF_PIXEL:
    DLC_ONNX_TRY(binK(c, "dlc_graph.sub", half, 0.5, &a));
    DLC_ONNX_TRY(num(c, -0.5, &b));
    return select(c, isOne, b, a, x);
  case DLC_RESIZE_HALF_PIXEL_SYMMETRIC: {
    MlirValue adjustment, center;
    DLC_ONNX_TRY(bin(c, "dlc_graph.div", out, outWidth, &adjustment));
    DLC_ONNX_TRY(binK(c, "dlc_graph.div", in, 2, &center));
    DLC_ONNX_TRY(kBin(c, "dlc_graph.sub", 1, adjustment, &a));
    DLC_ONNX_TRY(bin(c, "dlc_graph.mul", center, a, &a));
    DLC_ONNX_TRY(bin(c, "dlc_graph.add", a, half, &a));
    return binK(c, "dlc_graph.sub", a, 0.5, x);
  }
  case DLC_RESIZE_HALF_PIXEL:
    break;
  }
  return binK(c, "dlc_graph.sub", half, 0.5, x);
}

// cubicWeight of OpsResize.c, elementwise.
static DlcOnnxStatus cubic(Ctx *c, MlirValue d, double a, MlirValue *out) {
  MlirValue x, near, far, zero, isNear, isFar;
  DLC_ONNX_TRY(dlcOnnxUnaryOp(c->n, "dlc_graph.abs", d, &x));
  // ((a + 2) * x - (a + 3)) * x * x + 1
  DLC_ONNX_TRY(kBin(c, "dlc_graph.mul", a + 2, x, &near));
  DLC_ONNX_TRY(binK(c, "dlc_graph.sub", near, a + 3, &near));
  DLC_ONNX_TRY(bin(c, "dlc_graph.mul", near, x, &near));
  DLC_ONNX_TRY(bin(c, "dlc_graph.mul", near, x, &near));
  DLC_ONNX_TRY(binK(c, "dlc_graph.add", near, 1, &near));
  // ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
  DLC_ONNX_TRY(kBin(c, "dlc_graph.mul", a, x, &far));
  DLC_ONNX_TRY(binK(c, "dlc_graph.sub", far, 5 * a, &far));
  DLC_ONNX_TRY(bin(c, "dlc_graph.mul", far, x, &far));
  DLC_ONNX_TRY(binK(c, "dlc_graph.add", far, 8 * a, &far));
  DLC_ONNX_TRY(bin(c, "dlc_graph.mul", far, x, &far));
  DLC_ONNX_TRY(binK(c, "dlc_graph.sub", far, 4 * a, &far));
  DLC_ONNX_TRY(num(c, 0, &zero));
  DLC_ONNX_TRY(binK(c, "dlc_graph.less", x, 2, &isFar));
  DLC_ONNX_TRY(select(c, isFar, far, zero, &far));
  DLC_ONNX_TRY(binK(c, "dlc_graph.less_equal", x, 1, &isNear));
  return select(c, isNear, near, far, out);
}

// The tap offsets 0 .. n-1 as f64 [n]: constant unless antialiasing, where
// n = 2 - 2 * (floor(-support / min(scale, 1)) + 1) (numTaps of
// OpsResize.c). *count is n as f64 [1].
static DlcOnnxStatus tapOffsets(Ctx *c, const DlcResizeParams *p, MlirValue scale, MlirValue *k,
                                MlirValue *count) {
  if (!p->antialias) {
    int64_t n = p->mode == DLC_RESIZE_CUBIC ? 4 : 2;
    double values[4] = {0, 1, 2, 3};
    MlirType t = mlirRankedTensorTypeGet(1, &n, c->f64, mlirAttributeGetNull());
    DlcOnnxOp op;
    dlcOnnxOpInit(&op, "dlc_graph.constant");
    dlcOnnxOpAttr(c->n, &op, "value", mlirDenseElementsAttrDoubleGet(t, n, values));
    DLC_ONNX_TRY(dlcOnnxBuild(c->n, &op));
    *k = op.results[0];
    return num(c, (double)n, count);
  }
  MlirValue s, start, countI64;
  DLC_ONNX_TRY(binK(c, "dlc_graph.min", scale, 1, &s));
  DLC_ONNX_TRY(kBin(c, "dlc_graph.div", p->mode == DLC_RESIZE_LINEAR ? -1 : -2, s, &start));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(c->n, "dlc_graph.floor", start, &start));
  DLC_ONNX_TRY(binK(c, "dlc_graph.add", start, 1, &start));
  DLC_ONNX_TRY(kBin(c, "dlc_graph.mul", 2, start, count));
  DLC_ONNX_TRY(kBin(c, "dlc_graph.sub", 2, *count, count));
  DLC_ONNX_TRY(dlcOnnxCastOp(c->n, *count, c->i64, &countI64));
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(c->n, countI64, k));
  return dlcOnnxCastOp(c->n, *k, c->f64, k);
}

// Output positions y (i64 [out, 1..]) as f64 on the grid of positions x
// taps with offsets k [n, 1..]: y + 0 * k.
static DlcOnnxStatus onGrid(Ctx *c, MlirValue y, MlirValue k, MlirValue *out) {
  MlirValue noOffset;
  DLC_ONNX_TRY(dlcOnnxCastOp(c->n, y, c->f64, &y));
  DLC_ONNX_TRY(binK(c, "dlc_graph.mul", k, 0, &noOffset));
  return bin(c, "dlc_graph.add", y, noOffset, out);
}

// From positions y: the first of the taps of each (as f64), the ratio
// and whether the source coordinate is whole; *outside as coordinates().
static DlcOnnxStatus tapStart(Ctx *c, const DlcResizeParams *p, MlirValue y, MlirValue scale,
                              MlirValue in, MlirValue out, MlirValue roiStart, MlirValue roiEnd,
                              MlirValue halfCount, MlirValue *start, MlirValue *ratio,
                              MlirValue *isWhole, MlirValue *outside) {
  DlcOnnxNode *n = c->n;
  MlirValue x, floorX, one, zero, padded, base, frac, offset;
  DLC_ONNX_TRY(coordinates(c, p, y, scale, in, out, roiStart, roiEnd, &x, outside));
  // ratio in (0, 1]: a whole x is the end of the span below it.
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", x, &floorX));
  DLC_ONNX_TRY(bin(c, "dlc_graph.equal", x, floorX, isWhole));
  DLC_ONNX_TRY(bin(c, "dlc_graph.sub", x, floorX, ratio));
  DLC_ONNX_TRY(num(c, 1, &one));
  DLC_ONNX_TRY(select(c, *isWhole, one, *ratio, ratio));
  // The first of the n taps nearest x, ties to the smaller ones (n even):
  // floor(x + n/2) - n/2 + (a fraction ? 1 : 0) - n/2.
  DLC_ONNX_TRY(bin(c, "dlc_graph.add", x, halfCount, &padded));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", padded, &base));
  DLC_ONNX_TRY(bin(c, "dlc_graph.sub", padded, base, &frac));
  DLC_ONNX_TRY(binK(c, "dlc_graph.equal", frac, 0, &frac));
  DLC_ONNX_TRY(num(c, 0, &zero));
  DLC_ONNX_TRY(select(c, frac, zero, one, &offset));
  DLC_ONNX_TRY(bin(c, "dlc_graph.sub", offset, halfCount, &offset));
  DLC_ONNX_TRY(bin(c, "dlc_graph.add", base, offset, start));
  return bin(c, "dlc_graph.sub", *start, halfCount, start);
}

static DlcOnnxStatus squeezeAxis(Ctx *c, MlirValue v, int64_t axis, MlirValue *out) {
  DlcOnnxOp squeeze;
  dlcOnnxOpInit(&squeeze, "dlc_graph.squeeze");
  squeeze.operands[0] = v;
  dlcOnnxOpInts(c->n, &squeeze, "axes", &axis, 1);
  DLC_ONNX_TRY(dlcOnnxBuild(c->n, &squeeze));
  *out = squeeze.results[0];
  return DLC_ONNX_OK;
}

// Resizes axis `axis` of `v` (in elements `in`) to `out` elements by
// `scale` (each f64 [1]; out also i64 [1]).
static DlcOnnxStatus resizeAxis(Ctx *c, const DlcResizeParams *p, MlirValue v, int64_t axis,
                                MlirValue in, MlirValue out, MlirValue outI64, MlirValue scale,
                                MlirValue roiStart, MlirValue roiEnd, MlirValue *result) {
  DlcOnnxNode *n = c->n;
  MlirType xType = mlirValueGetType(v), elt = mlirShapedTypeGetElementType(xType);
  int64_t rank = mlirShapedTypeGetRank(xType), one = 1;
  bool nearest = p->mode == DLC_RESIZE_NEAREST;
  MlirValue y, positions, outside, isWhole, ratio, k, count, halfCount, start, zero, inLess1;
  DLC_ONNX_TRY(tapOffsets(c, p, scale, &k, &count));
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, outI64, &y));
  DLC_ONNX_TRY(binK(c, "dlc_graph.div", count, 2, &halfCount));
  DLC_ONNX_TRY(num(c, 0, &zero));
  DLC_ONNX_TRY(binK(c, "dlc_graph.sub", in, 1, &inLess1));
  if (nearest) {
    DLC_ONNX_TRY(dlcOnnxCastOp(n, y, c->f64, &positions));
  } else {
    // Every value below on the grid of positions x taps [out, n] of the
    // taps and weights: each is then elementwise on the values before it,
    // and the elementwise fusion makes one loop nest of them (a position's
    // values computed once per tap; y + 0 is y).
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", y, &one, 1, &positions));
    DLC_ONNX_TRY(onGrid(c, positions, k, &positions));
  }
  DLC_ONNX_TRY(tapStart(c, p, positions, scale, in, out, roiStart, roiEnd, halfCount, &start,
                        &ratio, &isWhole, &outside));
  MlirValue taps, weights = {NULL}, picked;
  int64_t weightsRank = 0;
  if (nearest) {
    // The right neighbor (weight 1 in tapWeights) or the left one.
    MlirValue right;
    switch (p->nearest) {
    case DLC_RESIZE_ROUND_PREFER_FLOOR:
      DLC_ONNX_TRY(binK(c, "dlc_graph.greater", ratio, 0.5, &right));
      break;
    case DLC_RESIZE_ROUND_PREFER_CEIL:
      DLC_ONNX_TRY(binK(c, "dlc_graph.greater_equal", ratio, 0.5, &right));
      break;
    case DLC_RESIZE_FLOOR:
    case DLC_RESIZE_CEIL:
      DLC_ONNX_TRY(binK(c, "dlc_graph.greater_equal", ratio,
                        p->nearest == DLC_RESIZE_CEIL ? 0 : 1, &right));
      break;
    }
    DLC_ONNX_TRY(bin(c, "dlc_graph.or", isWhole, right, &right));
    DLC_ONNX_TRY(binK(c, "dlc_graph.add", start, 1, &taps));
    if (p->excludeOutside) { // a right tap outside weighs 0: the left one is taken
      MlirValue below, above;
      DLC_ONNX_TRY(binK(c, "dlc_graph.less", taps, 0, &below));
      DLC_ONNX_TRY(bin(c, "dlc_graph.greater", taps, inLess1, &above));
      DLC_ONNX_TRY(bin(c, "dlc_graph.or", below, above, &below));
      DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.not", below, &below));
      DLC_ONNX_TRY(bin(c, "dlc_graph.and", right, below, &right));
    }
    DLC_ONNX_TRY(select(c, right, taps, start, &taps));
  } else {
    MlirValue d, sum, empty, quotient, kW = k;
    DLC_ONNX_TRY(bin(c, "dlc_graph.add", start, k, &taps));
    // The weights take the gather's rank, [out, n, 1..]. With a run-time
    // n (antialiasing) they are computed on that grid, from 1-D values
    // made [out, 1..] and [n, 1..]: a reshape lowers with one dynamic dim
    // at most. Otherwise [out, n] reshaped once they are made.
    weightsRank = 2;
    if (p->antialias && rank - axis > 1) {
      MlirValue yW, unused;
      int64_t wAxes[DLC_MAX_RANK + 1], numW = 0;
      for (int64_t i = 1; i <= rank - axis; ++i)
        wAxes[numW++] = i;
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", y, wAxes, numW, &yW));
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", k, wAxes, numW - 1, &kW));
      DLC_ONNX_TRY(onGrid(c, yW, kW, &yW));
      DLC_ONNX_TRY(tapStart(c, p, yW, scale, in, out, roiStart, roiEnd, halfCount, &start,
                            &ratio, &isWhole, &unused));
      weightsRank = rank - axis + 1;
    }
    MlirValue tapsW;
    DLC_ONNX_TRY(bin(c, "dlc_graph.add", start, kW, &tapsW));
    if (!p->antialias && p->mode == DLC_RESIZE_LINEAR) { // 1 - ratio, then ratio
      MlirValue first, left;
      DLC_ONNX_TRY(binK(c, "dlc_graph.equal", kW, 0, &first));
      DLC_ONNX_TRY(kBin(c, "dlc_graph.sub", 1, ratio, &left));
      DLC_ONNX_TRY(select(c, first, left, ratio, &weights));
    } else {
      // Offsets from floor(x): 1 - n/2 + k, less the ratio, by min(scale, 1)
      // when antialiasing.
      DLC_ONNX_TRY(kBin(c, "dlc_graph.sub", 1, halfCount, &d));
      DLC_ONNX_TRY(bin(c, "dlc_graph.add", d, kW, &d));
      DLC_ONNX_TRY(bin(c, "dlc_graph.sub", d, ratio, &d));
      if (p->antialias) {
        MlirValue s;
        DLC_ONNX_TRY(binK(c, "dlc_graph.min", scale, 1, &s));
        DLC_ONNX_TRY(bin(c, "dlc_graph.mul", s, d, &d));
      }
      if (p->mode == DLC_RESIZE_LINEAR) { // max(0, min(1, 1 - |d|))
        DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.abs", d, &d));
        DLC_ONNX_TRY(kBin(c, "dlc_graph.sub", 1, d, &d));
        DLC_ONNX_TRY(binK(c, "dlc_graph.min", d, 1, &d));
        DLC_ONNX_TRY(binK(c, "dlc_graph.max", d, 0, &weights));
      } else {
        DLC_ONNX_TRY(cubic(c, d, p->cubicA, &weights));
      }
      if (p->antialias) {
        DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", weights, &one, 1, true, &sum));
        DLC_ONNX_TRY(bin(c, "dlc_graph.div", weights, sum, &weights));
      }
    }
    if (p->excludeOutside) { // taps outside weigh 0, the rest renormalized
      MlirValue below, above;
      DLC_ONNX_TRY(binK(c, "dlc_graph.less", tapsW, 0, &below));
      DLC_ONNX_TRY(bin(c, "dlc_graph.greater", tapsW, inLess1, &above));
      DLC_ONNX_TRY(bin(c, "dlc_graph.or", below, above, &below));
      DLC_ONNX_TRY(select(c, below, zero, weights, &weights));
      DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", weights, &one, 1, true, &sum));
      DLC_ONNX_TRY(binK(c, "dlc_graph.equal", sum, 0, &empty));
      DLC_ONNX_TRY(bin(c, "dlc_graph.div", weights, sum, &quotient));
      DLC_ONNX_TRY(select(c, empty, weights, quotient, &weights));
    }
    // tf_crop_and_resize's test is the position's: the first tap's.
    if (!mlirValueIsNull(outside)) {
      int64_t tapAxis = 1;
      DLC_ONNX_TRY(dlcOnnxSliceOp(n, outside, 1, 0, 1, 1, &outside));
      DLC_ONNX_TRY(squeezeAxis(c, outside, tapAxis, &outside));
    }
  }
  // Taps clamped into the input: ONNX's edge padding.
  DLC_ONNX_TRY(binK(c, "dlc_graph.max", taps, 0, &taps));
  DLC_ONNX_TRY(bin(c, "dlc_graph.min", taps, inLess1, &taps));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, taps, c->i64, &taps));
  DlcOnnxOp gather;
  dlcOnnxOpInit(&gather, "dlc_graph.gather");
  dlcOnnxOpInt(n, &gather, "axis", axis);
  gather.operands[0] = v, gather.operands[1] = taps;
  DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
  picked = gather.results[0];
  int64_t trailing[DLC_MAX_RANK], numTrailing = 0;
  if (!mlirValueIsNull(weights)) { // [out, n, 1..] against [.., out, n, ..], summed over n
    int64_t tapAxis = axis + 1;
    DLC_ONNX_TRY(dlcOnnxCastOp(n, weights, elt, &weights));
    for (int64_t i = weightsRank; i <= rank - axis; ++i)
      trailing[numTrailing++] = i;
    if (numTrailing)
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", weights, trailing, numTrailing,
                                  &weights));
    DLC_ONNX_TRY(bin(c, "dlc_graph.mul", picked, weights, &picked));
    DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", picked, &tapAxis, 1, false, &picked));
  }
  if (!mlirValueIsNull(outside)) { // tf_crop_and_resize beyond the input
    MlirValue fill;
    numTrailing = 0;
    for (int64_t i = 1; i < rank - axis; ++i)
      trailing[numTrailing++] = i;
    if (numTrailing)
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", outside, trailing, numTrailing,
                                  &outside));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, p->extrapolation, &fill));
    DLC_ONNX_TRY(select(c, outside, fill, picked, &picked));
  }
  *result = picked;
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxResizeAtRunTime(DlcOnnxNode *n, const DlcResizeParams *p, MlirValue x,
                                     const int64_t *axes, int64_t numAxes, MlirValue roi,
                                     MlirValue scales, MlirValue sizes, int keep,
                                     MlirValue *out) {
  Ctx c = {n, mlirF64TypeGet(n->ctx), mlirIntegerTypeGet(n->ctx, 64)};
  int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(x)), zeroAxis = 0;
  MlirValue dims, axesV, in, scale, size, sizeI64;
  // The input dims the operands name, as f64 [numAxes].
  {
    MlirType t = mlirRankedTensorTypeGet(1, &numAxes, c.i64, mlirAttributeGetNull());
    DlcOnnxOp op;
    dlcOnnxOpInit(&op, "dlc_graph.constant");
    dlcOnnxOpAttr(n, &op, "value", mlirDenseElementsAttrInt64Get(t, numAxes, axes));
    DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
    axesV = op.results[0];
  }
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.shape", x, &dims));
  DlcOnnxOp gather;
  dlcOnnxOpInit(&gather, "dlc_graph.gather");
  dlcOnnxOpInt(n, &gather, "axis", 0);
  gather.operands[0] = dims, gather.operands[1] = axesV;
  DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, gather.results[0], c.f64, &in));
  if (!mlirValueIsNull(roi))
    DLC_ONNX_TRY(dlcOnnxCastOp(n, roi, c.f64, &roi));
  // Sizes and scales (resize's rounding: scales truncate; a kept aspect
  // ratio scales every axis by the smallest or largest ratio, rounded).
  if (!mlirValueIsNull(scales)) {
    DLC_ONNX_TRY(dlcOnnxCastOp(n, scales, c.f64, &scale));
    DLC_ONNX_TRY(bin(&c, "dlc_graph.mul", scale, in, &size));
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", size, &size));
  } else {
    DLC_ONNX_TRY(dlcOnnxCastOp(n, sizes, c.f64, &size));
    DLC_ONNX_TRY(bin(&c, "dlc_graph.div", size, in, &scale));
    if (keep) {
      DLC_ONNX_TRY(dlcOnnxReduceOp(n, keep < 0 ? "dlc_graph.reduce_min" : "dlc_graph.reduce_max",
                                   scale, &zeroAxis, 1, true, &scale));
      DLC_ONNX_TRY(bin(&c, "dlc_graph.mul", scale, in, &size));
      DLC_ONNX_TRY(binK(&c, "dlc_graph.add", size, 0.5, &size));
      DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", size, &size));
    }
  }
  DLC_ONNX_TRY(dlcOnnxCastOp(n, size, c.i64, &sizeI64));
  bool scalarScale = keep && mlirValueIsNull(scales);
  MlirValue v = x;
  // Axis by axis in increasing order: which axes grow is known only when
  // the code runs (the compile-time path takes shrinking axes first and
  // growing ones innermost first).
  for (int64_t a = 0; a < rank; ++a) {
    int64_t i = 0;
    while (i < numAxes && axes[i] != a)
      ++i;
    if (i == numAxes)
      continue;
    MlirValue axisIn, axisOut, axisOutI64, axisScale, roiStart = {NULL}, roiEnd = {NULL};
    DLC_ONNX_TRY(element(&c, in, i, &axisIn));
    DLC_ONNX_TRY(element(&c, size, i, &axisOut));
    DLC_ONNX_TRY(element(&c, sizeI64, i, &axisOutI64));
    if (scalarScale)
      axisScale = scale;
    else
      DLC_ONNX_TRY(element(&c, scale, i, &axisScale));
    if (!mlirValueIsNull(roi)) {
      DLC_ONNX_TRY(element(&c, roi, i, &roiStart));
      DLC_ONNX_TRY(element(&c, roi, numAxes + i, &roiEnd));
    } else {
      DLC_ONNX_TRY(num(&c, 0, &roiStart));
      DLC_ONNX_TRY(num(&c, 1, &roiEnd));
    }
    DLC_ONNX_TRY(resizeAxis(&c, p, v, a, axisIn, axisOut, axisOutI64, axisScale, roiStart, roiEnd,
                            &v));
  }
  *out = v;
  return DLC_ONNX_OK;
}
