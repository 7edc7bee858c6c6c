//===- OpsRoiAlign.c - RoiAlign as gathers of bilinear taps -----*- C -*-===//
//
// RoiAlign, as ONNX's reference computes it: each output bin of a region
// samples sampling_ratio x sampling_ratio points, each the bilinear
// interpolation of its 4 neighbours (points more than one pixel outside
// the map read 0, points past the last row or column read it); mode avg
// averages the samples, mode max takes the largest weighted neighbour of
// any sample. Regions are run-time data: their sample coordinates are
// computed by graph ops (in double), the neighbours of every sample read
// with one gather_elements from the regions' images.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }

typedef struct Roi {
  DlcOnnxNode *n;
  MlirType f64;
  int64_t regions, bins, samples; ///< R, output bins along the axis, sampling ratio
} Roi;

static DlcOnnxStatus cst(Roi *r, double v, MlirValue *out) {
  return dlcOnnxConstantScalar(r->n, r->f64, v, out);
}

static DlcOnnxStatus opC(Roi *r, const char *op, MlirValue a, double b, MlirValue *out) {
  MlirValue c;
  DLC_ONNX_TRY(cst(r, b, &c));
  return dlcOnnxBinaryOp(r->n, op, a, c, out);
}

// Column `col` of rois ([R, 4]) as [R, 1].
static DlcOnnxStatus column(Roi *r, MlirValue rois, int64_t col, MlirValue *out) {
  return dlcOnnxSliceOp(r->n, rois, 1, col, col + 1, 1, out);
}

// A constant [1, bins * samples] of f(bin, sample).
static DlcOnnxStatus perSample(Roi *r, bool offset, MlirValue *out) {
  int64_t count = r->bins * r->samples, dims[2] = {1, count};
  double *values = malloc((size_t)count * sizeof *values);
  if (!values)
    abort();
  for (int64_t b = 0; b < r->bins; ++b)
    for (int64_t s = 0; s < r->samples; ++s)
      values[b * r->samples + s] = offset ? (double)s + 0.5 : (double)b;
  MlirType type = mlirRankedTensorTypeGet(2, dims, r->f64, mlirAttributeGetNull());
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  dlcOnnxOpAttr(r->n, &op, "value", mlirDenseElementsAttrDoubleGet(type, count, values));
  free(values);
  DLC_ONNX_TRY(dlcOnnxBuild(r->n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

typedef struct Axis {
  MlirValue outside;     ///< the sample is too far out: it reads 0
  MlirValue low, high;   ///< neighbour indices (i64)
  MlirValue wLow, wHigh; ///< their weights
} Axis;

// The samples along one axis of a map of `size`, for regions from `begin`
// to `end` ([R, 1], already scaled and offset): [R, bins * samples].
static DlcOnnxStatus axisSamples(Roi *r, MlirValue begin, MlirValue end, bool clampSize,
                                 int64_t size, Axis *a) {
  DlcOnnxNode *n = r->n;
  MlirValue extent, bin, binIndex, offset, c, lo, hi, big, last, one;
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", end, begin, &extent));
  if (clampSize) // malformed regions become 1 pixel
    DLC_ONNX_TRY(opC(r, "dlc_graph.max", extent, 1, &extent));
  DLC_ONNX_TRY(opC(r, "dlc_graph.div", extent, (double)r->bins, &bin));
  DLC_ONNX_TRY(perSample(r, false, &binIndex));
  DLC_ONNX_TRY(perSample(r, true, &offset));
  // begin + bin index * bin + (sample + 0.5) * bin / samples
  MlirValue step;
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", binIndex, bin, &c));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", begin, c, &c));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", offset, bin, &step));
  DLC_ONNX_TRY(opC(r, "dlc_graph.div", step, (double)r->samples, &step));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", c, step, &c));
  DLC_ONNX_TRY(opC(r, "dlc_graph.less", c, -1, &lo));
  DLC_ONNX_TRY(opC(r, "dlc_graph.greater", c, (double)size, &hi));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.or", lo, hi, &a->outside));
  DLC_ONNX_TRY(opC(r, "dlc_graph.max", c, 0, &c));
  MlirValue low, high;
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", c, &low));
  DLC_ONNX_TRY(opC(r, "dlc_graph.greater_equal", low, (double)size - 1, &big));
  DLC_ONNX_TRY(cst(r, (double)size - 1, &last));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, big, last, low, &low));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, big, last, c, &c));
  DLC_ONNX_TRY(opC(r, "dlc_graph.add", low, 1, &high));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, big, last, high, &high));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", c, low, &a->wHigh));
  DLC_ONNX_TRY(cst(r, 1, &one));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", one, a->wHigh, &a->wLow));
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  DLC_ONNX_TRY(dlcOnnxCastOp(n, low, i64, &a->low));
  return dlcOnnxCastOp(n, high, i64, &a->high);
}

static DlcOnnxStatus translateRoiAlign(DlcOnnxNode *n) {
  MlirValue x, rois, batchIndices;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &rois));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &batchIndices));
  MlirStringRef mode = dlcOnnxAttrString(n, "mode", "avg");
  bool isMax = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("max"));
  if (!isMax && !mlirStringRefEqual(mode, mlirStringRefCreateFromCString("avg")))
    return dlcOnnxError(n, "attribute 'mode' is \"%.*s\", not avg or max", (int)mode.length,
                        mode.data);
  // Before opset 16 there is no attribute and no half-pixel offset.
  MlirStringRef ctm = dlcOnnxAttrString(n, "coordinate_transformation_mode",
                                        n->entry->since < 16 ? "output_half_pixel" : "half_pixel");
  bool halfPixel = mlirStringRefEqual(ctm, mlirStringRefCreateFromCString("half_pixel"));
  if (!halfPixel && !mlirStringRefEqual(ctm, mlirStringRefCreateFromCString("output_half_pixel")))
    return dlcOnnxError(n, "attribute 'coordinate_transformation_mode' is \"%.*s\", not "
                           "half_pixel or output_half_pixel",
                        (int)ctm.length, ctm.data);
  int64_t ph = dlcOnnxAttrInt(n, "output_height", 1), pw = dlcOnnxAttrInt(n, "output_width", 1);
  int64_t ratio = dlcOnnxAttrInt(n, "sampling_ratio", 0);
  double scale = dlcOnnxAttrFloat(n, "spatial_scale", 1.0f);
  if (ph < 1 || pw < 1 || ratio < 0)
    return dlcOnnxError(n, "attributes 'output_height' and 'output_width' must be positive and "
                           "'sampling_ratio' not negative");
  if (ratio == 0)
    return dlcOnnxUnsupported(n, "sampling_ratio = 0 (samples per bin from each region's "
                                 "run-time size) is not supported");
  if (rankOf(x) != 4 || rankOf(rois) != 2 || rankOf(batchIndices) != 1 ||
      !mlirShapedTypeHasStaticShape(typeOf(x)) || !mlirShapedTypeHasStaticShape(typeOf(rois)) ||
      dimOf(rois, 1) != 4 || dimOf(batchIndices, 0) != dimOf(rois, 0))
    return dlcOnnxUnsupported(n, "needs static shapes: X [N, C, H, W], rois [R, 4] and "
                                 "batch_indices [R]");
  int64_t regions = dimOf(rois, 0), cc = dimOf(x, 1), h = dimOf(x, 2), w = dimOf(x, 3);
  MlirType f64 = mlirF64TypeGet(n->ctx), elt = mlirShapedTypeGetElementType(typeOf(x));
  Roi ry = {n, f64, regions, ph, ratio}, rx = {n, f64, regions, pw, ratio};
  MlirValue box[4];
  DLC_ONNX_TRY(dlcOnnxCastOp(n, rois, f64, &rois));
  for (int64_t i = 0; i < 4; ++i) { // x1, y1, x2, y2, scaled and offset
    DLC_ONNX_TRY(column(&ry, rois, i, &box[i]));
    DLC_ONNX_TRY(opC(&ry, "dlc_graph.mul", box[i], scale, &box[i]));
    if (halfPixel)
      DLC_ONNX_TRY(opC(&ry, "dlc_graph.sub", box[i], 0.5, &box[i]));
  }
  Axis ay, ax;
  DLC_ONNX_TRY(axisSamples(&ry, box[1], box[3], !halfPixel, h, &ay));
  DLC_ONNX_TRY(axisSamples(&rx, box[0], box[2], !halfPixel, w, &ax));
  // Rows as [R, PH*S, 1], columns as [R, 1, PW*S]; then flattened to Q.
  int64_t ys = ph * ratio, xs = pw * ratio, q = ys * xs;
  int64_t yDims[3] = {regions, ys, 1}, xDims[3] = {regions, 1, xs}, flat[3] = {regions, 1, q};
  Axis *axes[2] = {&ay, &ax};
  int64_t *dims[2] = {yDims, xDims};
  for (int k = 0; k < 2; ++k) {
    MlirValue *fields[5] = {&axes[k]->outside, &axes[k]->low, &axes[k]->high, &axes[k]->wLow,
                            &axes[k]->wHigh};
    for (int f = 0; f < 5; ++f)
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", *fields[f], dims[k], 3, fields[f]));
  }
  MlirValue outside, zero, width, index = {NULL}, weight = {NULL};
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.or", ay.outside, ax.outside, &outside));
  DLC_ONNX_TRY(cst(&ry, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, mlirIntegerTypeGet(n->ctx, 64), (double)w, &width));
  MlirValue rowsI[2] = {ay.low, ay.high}, colsI[2] = {ax.low, ax.high};
  MlirValue rowsW[2] = {ay.wLow, ay.wHigh}, colsW[2] = {ax.wLow, ax.wHigh};
  for (int corner = 0; corner < 4; ++corner) { // (low, low), (low, high), (high, low), (high, high)
    int yi = corner / 2, xi = corner % 2;
    MlirValue pos, wt;
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", rowsI[yi], width, &pos));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", pos, colsI[xi], &pos));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", rowsW[yi], colsW[xi], &wt));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, outside, zero, wt, &wt));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", pos, flat, 3, &pos));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", wt, flat, 3, &wt));
    if (corner == 0) {
      index = pos, weight = wt;
    } else {
      DLC_ONNX_TRY(dlcOnnxConcatOp(n, index, pos, 1, &index));
      DLC_ONNX_TRY(dlcOnnxConcatOp(n, weight, wt, 1, &weight));
    }
  }
  // index and weight are [R, 4, Q]: each region's image read at once.
  int64_t imageShape[3] = {regions, cc, h * w}, readShape[3] = {regions, cc, 4 * q};
  int64_t indexShape[3] = {regions, 1, 4 * q}, cornerShape[4] = {regions, cc, 4, q};
  int64_t binShape[6] = {regions, cc, ph, ratio, pw, ratio}, outShape[4] = {regions, cc, ph, pw};
  MlirValue images, v;
  DlcOnnxOp gather, pick;
  dlcOnnxOpInit(&gather, "dlc_graph.gather");
  gather.operands[0] = x, gather.operands[1] = batchIndices;
  DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", gather.results[0], imageShape, 3, &images));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", index, indexShape, 3, &index));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.expand", index, readShape, 3, &index));
  dlcOnnxOpInit(&pick, "dlc_graph.gather_elements");
  pick.operands[0] = images, pick.operands[1] = index;
  dlcOnnxOpInt(n, &pick, "axis", 2);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &pick));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", weight, indexShape, 3, &weight));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, weight, elt, &weight));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", pick.results[0], weight, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, cornerShape, 4, &v));
  int64_t cornerAxis = 2, sampleAxes[2] = {3, 5};
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, isMax ? "dlc_graph.reduce_max" : "dlc_graph.reduce_sum", v,
                               &cornerAxis, 1, false, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, binShape, 6, &v));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, isMax ? "dlc_graph.reduce_max" : "dlc_graph.reduce_mean", v,
                               sampleAxes, 2, false, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, outShape, 4, &v));
  return dlcOnnxSetOutput(n, 0, v);
}

#define LIMITS                                                                                     \
  "Static shapes; `sampling_ratio` > 0 (0 sizes the samples from run-time regions)."

static const DlcOnnxOpEntry ops[] = {
    {"RoiAlign", 10, translateRoiAlign,
     {A_STRING("mode"), A_INT("output_height"), A_INT("output_width"), A_INT("sampling_ratio"),
      A_FLOAT("spatial_scale")},
     "dlc_graph.gather_elements", LIMITS},
    {"RoiAlign", 16, translateRoiAlign,
     {A_STRING("coordinate_transformation_mode"), A_STRING("mode"), A_INT("output_height"),
      A_INT("output_width"), A_INT("sampling_ratio"), A_FLOAT("spatial_scale")},
     "dlc_graph.gather_elements", LIMITS},
};

const DlcOnnxOpEntry *dlcOnnxRoiAlignOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
