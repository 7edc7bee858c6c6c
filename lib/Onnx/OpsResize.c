//===- OpsResize.c - Resize, Upsample and AffineGrid ------------*- C -*-===//
//
// Resizing is separable: each resized axis becomes a gather of the input at
// the taps that interpolate each output position (a constant out x n index
// table, clamped into the input, which is the edge padding ONNX specifies),
// a multiplication by the taps' weights (a constant out x n table) and a
// sum over the taps (up to 4, linear and cubic, one gather and product per
// tap, added); nearest takes one tap and no weights. The tables are
// computed here from the static shapes with the formulas of ONNX's
// reference (onnx/reference/ops/op_resize.py): every coordinate
// transformation, nearest mode, linear, cubic, antialiasing and
// exclude_outside. tf_crop_and_resize's positions outside the input take
// extrapolation_value through a constant mask. When roi, scales or sizes
// come at run time, or the input's dims do, the same tables are computed by
// graph ops when the code runs (ResizeRunTime.c). AffineGrid is theta times a
// constant grid of homogeneous coordinates.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Resize.h"
#include "Onnx/RunTimeValues.h"
#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef DlcResizeParams Params;

// Linear (2 taps a dim) and cubic (4) interpolation as a sum of products
// per tap; antialiased downsampling's wider windows as one reduction.
#define MAX_UNROLLED_TAPS 4

// The position in the input that output position y of one axis maps to.
// *outside is set for tf_crop_and_resize positions beyond the input.
static double sourceCoordinate(const Params *p, double y, double scale, int64_t in, int64_t out,
                               const double roi[2], bool *outside) {
  double outWidth = scale * (double)in, x;
  *outside = false;
  switch (p->transform) {
  case DLC_RESIZE_ALIGN_CORNERS:
    return outWidth == 1 ? 0 : y * (double)(in - 1) / (outWidth - 1);
  case DLC_RESIZE_ASYMMETRIC:
    return y / scale;
  case DLC_RESIZE_TF_CROP_AND_RESIZE:
    x = outWidth == 1 ? (roi[1] - roi[0]) * (double)(in - 1) / 2
                      : y * (roi[1] - roi[0]) * (double)(in - 1) / (outWidth - 1);
    x += roi[0] * (double)(in - 1);
    *outside = x < 0 || x > (double)(in - 1);
    return x;
  case DLC_RESIZE_PYTORCH_HALF_PIXEL:
    return outWidth == 1 ? -0.5 : (y + 0.5) / scale - 0.5;
  case DLC_RESIZE_HALF_PIXEL_SYMMETRIC: {
    double adjustment = (double)out / outWidth, center = (double)in / 2;
    return center * (1 - adjustment) + (y + 0.5) / scale - 0.5;
  }
  case DLC_RESIZE_HALF_PIXEL:
    break;
  }
  return (y + 0.5) / scale - 0.5;
}

static double cubicWeight(double x, double a) {
  x = fabs(x);
  if (x <= 1)
    return ((a + 2) * x - (a + 3)) * x * x + 1;
  if (x < 2)
    return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
  return 0;
}

// How many taps each output position reads.
static int64_t numTaps(const Params *p, double scale) {
  double s = scale < 1 ? scale : 1;
  if (p->mode == DLC_RESIZE_NEAREST)
    return 2; // the two neighbors, one of weight 1
  if (!p->antialias)
    return p->mode == DLC_RESIZE_LINEAR ? 2 : 4;
  int64_t start = (int64_t)floor((p->mode == DLC_RESIZE_LINEAR ? -1 : -2) / s) + 1;
  return 2 - 2 * start;
}

// The taps' weights for the fraction `ratio` in (0, 1].
static void tapWeights(const Params *p, double ratio, double scale, int64_t n, double *w) {
  double s = scale < 1 ? scale : 1, sum = 0;
  if (p->mode == DLC_RESIZE_NEAREST) {
    bool right = ratio == 1;
    if (!right) {
      switch (p->nearest) {
      case DLC_RESIZE_ROUND_PREFER_FLOOR: right = ratio > 0.5; break;
      case DLC_RESIZE_ROUND_PREFER_CEIL: right = ratio >= 0.5; break;
      case DLC_RESIZE_FLOOR: right = false; break;
      case DLC_RESIZE_CEIL: right = true; break;
      }
    }
    w[0] = !right, w[1] = right;
    return;
  }
  if (!p->antialias && p->mode == DLC_RESIZE_LINEAR) {
    w[0] = 1 - ratio, w[1] = ratio;
    return;
  }
  if (!p->antialias) {
    for (int64_t k = 0; k < 4; ++k)
      w[k] = cubicWeight((double)(k - 1) - ratio, p->cubicA);
    return;
  }
  int64_t start = 1 - n / 2; // the first tap's offset from floor(x)
  for (int64_t k = 0; k < n; ++k) {
    double x = s * ((double)(start + k) - ratio);
    w[k] = p->mode == DLC_RESIZE_LINEAR ? fmax(0, fmin(1, 1 - fabs(x))) : cubicWeight(x, p->cubicA);
    sum += w[k];
  }
  for (int64_t k = 0; k < n; ++k)
    w[k] /= sum;
}

// The tables of one axis: taps [out][n] (clamped), weights [out][n],
// outside [out].
static void axisTables(const Params *p, int64_t in, int64_t out, double scale, const double roi[2],
                       int64_t n, int64_t *taps, double *weights, bool *outside) {
  for (int64_t y = 0; y < out; ++y) {
    double x = sourceCoordinate(p, (double)y, scale, in, out, roi, &outside[y]);
    double floorX = floor(x), ratio = x == floorX ? 1 : x - floorX;
    double *w = weights + y * n;
    int64_t *t = taps + y * n;
    tapWeights(p, ratio, scale, n, w);
    // The n taps nearest x, ties to the smaller ones (ONNX's edge-padded
    // neighbors).
    int64_t pad = (n + 1) / 2;
    double padded = x + (double)pad, base = floor(padded), frac = padded - base;
    int64_t offset = n % 2 == 0 ? (frac == 0 ? -(n / 2) : -(n / 2) + 1)
                                : (frac <= 0.5 ? -((n - 1) / 2) : -((n - 1) / 2) + 1);
    int64_t start = (int64_t)base + offset - pad;
    double sum = 0;
    for (int64_t k = 0; k < n; ++k) {
      t[k] = start + k;
      if (p->excludeOutside && (t[k] < 0 || t[k] >= in))
        w[k] = 0;
      sum += w[k];
    }
    for (int64_t k = 0; k < n; ++k) {
      if (p->excludeOutside && sum != 0)
        w[k] /= sum;
      t[k] = t[k] < 0 ? 0 : t[k] >= in ? in - 1 : t[k];
    }
  }
}

static DlcOnnxStatus constantOf(DlcOnnxNode *n, MlirAttribute value, MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &op, "value", value);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

// The ops of one axis from its tables.
static DlcOnnxStatus buildAxis(DlcOnnxNode *n, const Params *p, MlirValue x, int64_t axis,
                               int64_t out, int64_t taps, int64_t *index, const double *weights,
                               float *weights32, const bool *outside, MlirValue *result) {
  MlirType xType = mlirValueGetType(x), elt = mlirShapedTypeGetElementType(xType);
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  int64_t rank = mlirShapedTypeGetRank(xType), cells = out * taps;
  MlirValue v, indices;
  DlcOnnxOp gather;
  dlcOnnxOpInit(&gather, "dlc_graph.gather");
  dlcOnnxOpInt(n, &gather, "axis", axis);
  if (p->mode == DLC_RESIZE_NEAREST) { // the tap of weight 1
    for (int64_t y = 0; y < out; ++y)
      index[y] = index[y * 2 + (weights[y * 2 + 1] == 1)];
    MlirType t = mlirRankedTensorTypeGet(1, &out, i64, mlirAttributeGetNull());
    DLC_ONNX_TRY(constantOf(n, mlirDenseElementsAttrInt64Get(t, out, index), &indices));
    gather.operands[0] = x, gather.operands[1] = indices;
    DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
    v = gather.results[0];
  } else if (taps <= MAX_UNROLLED_TAPS) {
    // Per tap: gather -> [.., out, ..], times weights [out, 1..], added:
    // elementwise ops that fuse into one loop nest. Summed by a reduction,
    // the taps' products were a tensor of their own (DeepLabV3's 21 x 320
    // x 2 x 320 floats).
    int64_t dims[DLC_MAX_RANK] = {out};
    for (int64_t i = 1; i < rank - axis; ++i)
      dims[i] = 1;
    MlirType it = mlirRankedTensorTypeGet(1, &out, i64, mlirAttributeGetNull());
    MlirType wt = mlirRankedTensorTypeGet(rank - axis, dims, elt, mlirAttributeGetNull());
    int64_t *tapIndex = index + cells;
    for (int64_t t = 0; t < taps; ++t) {
      for (int64_t y = 0; y < out; ++y) {
        tapIndex[y] = index[y * taps + t];
        weights32[y] = (float)weights[y * taps + t];
      }
      MlirAttribute w;
      if (mlirTypeIsAF32(elt)) {
        w = mlirDenseElementsAttrFloatGet(wt, out, weights32);
      } else {
        double *column = malloc((size_t)out * sizeof *column);
        if (!column)
          abort();
        for (int64_t y = 0; y < out; ++y)
          column[y] = weights[y * taps + t];
        w = mlirDenseElementsAttrDoubleGet(wt, out, column);
        free(column);
      }
      MlirValue wv, product;
      DLC_ONNX_TRY(constantOf(n, mlirDenseElementsAttrInt64Get(it, out, tapIndex), &indices));
      DlcOnnxOp tap;
      dlcOnnxOpInit(&tap, "dlc_graph.gather");
      dlcOnnxOpInt(n, &tap, "axis", axis);
      tap.operands[0] = x, tap.operands[1] = indices;
      DLC_ONNX_TRY(dlcOnnxBuild(n, &tap));
      DLC_ONNX_TRY(constantOf(n, w, &wv));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", tap.results[0], wv, &product));
      if (t == 0)
        v = product;
      else
        DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", v, product, &v));
    }
  } else {
    // gather -> [.., out, taps, ..], times weights [out, taps, 1..], summed.
    int64_t dims[DLC_MAX_RANK + 1] = {out, taps}, tapAxis = axis + 1;
    for (int64_t i = 2; i < rank - axis + 1; ++i)
      dims[i] = 1;
    MlirType it = mlirRankedTensorTypeGet(2, dims, i64, mlirAttributeGetNull());
    MlirType wt = mlirRankedTensorTypeGet(rank - axis + 1, dims, elt, mlirAttributeGetNull());
    MlirAttribute w;
    if (mlirTypeIsAF32(elt)) {
      for (int64_t k = 0; k < cells; ++k)
        weights32[k] = (float)weights[k];
      w = mlirDenseElementsAttrFloatGet(wt, cells, weights32);
    } else {
      w = mlirDenseElementsAttrDoubleGet(wt, cells, weights);
    }
    MlirValue wv;
    DLC_ONNX_TRY(constantOf(n, mlirDenseElementsAttrInt64Get(it, cells, index), &indices));
    gather.operands[0] = x, gather.operands[1] = indices;
    DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
    DLC_ONNX_TRY(constantOf(n, w, &wv));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", gather.results[0], wv, &v));
    DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", v, &tapAxis, 1, false, &v));
  }
  bool anyOutside = false;
  for (int64_t y = 0; y < out; ++y)
    anyOutside |= outside[y];
  if (anyOutside) {
    int64_t dims[DLC_MAX_RANK] = {out};
    for (int64_t i = 1; i < rank - axis; ++i)
      dims[i] = 1;
    MlirType mt = mlirRankedTensorTypeGet(rank - axis, dims, mlirIntegerTypeGet(n->ctx, 1),
                                          mlirAttributeGetNull());
    int *mask = malloc((size_t)(out + 1) * sizeof *mask);
    if (!mask)
      abort();
    for (int64_t y = 0; y < out; ++y)
      mask[y] = outside[y];
    MlirAttribute maskAttr = mlirDenseElementsAttrBoolGet(mt, out, mask);
    free(mask);
    MlirValue beyond, fill;
    DLC_ONNX_TRY(constantOf(n, maskAttr, &beyond));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, p->extrapolation, &fill));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, beyond, fill, v, &v));
  }
  *result = v;
  return DLC_ONNX_OK;
}

// Resizes `x` along `axis` from `in` to `out` elements.
static DlcOnnxStatus resizeAxis(DlcOnnxNode *n, const Params *p, MlirValue x, int64_t axis,
                                int64_t in, int64_t out, double scale, const double roi[2],
                                MlirValue *result) {
  int64_t taps = numTaps(p, scale), cells = out * taps;
  if (taps > 4096 || cells > (1 << 26))
    return dlcOnnxUnsupported(n, "resizing dim %lld to %lld elements by %g needs %lld taps each",
                              (long long)axis, (long long)out, scale, (long long)taps);
  // Room for one tap's column of the table after it (buildAxis).
  int64_t *index = malloc((size_t)(cells + out + 1) * sizeof *index);
  double *weights = malloc((size_t)(cells + 1) * sizeof *weights);
  float *weights32 = malloc((size_t)(cells + 1) * sizeof *weights32);
  bool *outside = malloc((size_t)(out + 1) * sizeof *outside);
  if (!index || !weights || !weights32 || !outside)
    abort();
  axisTables(p, in, out, scale, roi, taps, index, weights, outside);
  DlcOnnxStatus status =
      buildAxis(n, p, x, axis, out, taps, index, weights, weights32, outside, result);
  free(index);
  free(weights);
  free(weights32);
  free(outside);
  return status;
}

static bool pick(MlirStringRef s, const char *const *names, int count, int *out) {
  for (int i = 0; i < count; ++i)
    if (mlirStringRefEqual(s, mlirStringRefCreateFromCString(names[i]))) {
      *out = i;
      return true;
    }
  return false;
}

static DlcOnnxStatus readParams(DlcOnnxNode *n, Params *p) {
  static const char *const modes[] = {"nearest", "linear", "cubic"};
  static const char *const transforms[] = {"half_pixel",   "half_pixel_symmetric",
                                           "pytorch_half_pixel", "align_corners",
                                           "asymmetric",   "tf_crop_and_resize"};
  static const char *const nearests[] = {"round_prefer_floor", "round_prefer_ceil", "floor",
                                         "ceil"};
  int mode, transform = DLC_RESIZE_ASYMMETRIC, nearest = DLC_RESIZE_FLOOR;
  MlirStringRef s = dlcOnnxAttrString(n, "mode", "nearest");
  // Resize-10 and Upsample: asymmetric coordinates, nearest rounds down;
  // their "bilinear" / "trilinear" spellings are linear.
  bool old = n->opset < 11 || !strcmp(n->opType, "Upsample");
  if (old && (mlirStringRefEqual(s, mlirStringRefCreateFromCString("bilinear")) ||
              mlirStringRefEqual(s, mlirStringRefCreateFromCString("trilinear"))))
    s = mlirStringRefCreateFromCString("linear");
  if (!pick(s, modes, 3, &mode))
    return dlcOnnxError(n, "attribute 'mode' must be \"nearest\", \"linear\" or \"cubic\", but "
                           "is \"%.*s\"",
                        (int)s.length, s.data);
  if (!old) {
    s = dlcOnnxAttrString(n, "coordinate_transformation_mode", "half_pixel");
    if (!pick(s, transforms, 6, &transform))
      return dlcOnnxError(n, "attribute 'coordinate_transformation_mode' is \"%.*s\", not one "
                             "ONNX defines",
                          (int)s.length, s.data);
    s = dlcOnnxAttrString(n, "nearest_mode", "round_prefer_floor");
    if (!pick(s, nearests, 4, &nearest))
      return dlcOnnxError(n, "attribute 'nearest_mode' is \"%.*s\", not one ONNX defines",
                          (int)s.length, s.data);
  }
  *p = (Params){.mode = (DlcResizeMode)mode,
                .transform = (DlcResizeTransform)transform,
                .nearest = (DlcResizeNearest)nearest,
                .cubicA = dlcOnnxAttrFloat(n, "cubic_coeff_a", -0.75f),
                .extrapolation = dlcOnnxAttrFloat(n, "extrapolation_value", 0),
                .excludeOutside = dlcOnnxAttrInt(n, "exclude_outside", 0) != 0,
                .antialias = dlcOnnxAttrInt(n, "antialias", 0) != 0};
  if (p->antialias && p->mode == DLC_RESIZE_NEAREST)
    return dlcOnnxError(n, "antialias applies to linear and cubic modes only");
  return DLC_ONNX_OK;
}

// A known float input (roi, scales) as doubles; *count is 0 when absent or
// empty (an omitted input).
static DlcOnnxStatus knownFloats(DlcOnnxNode *n, int i, const char *what, double *out,
                                 int64_t *count) {
  *count = 0;
  if (!dlcOnnxHasInput(n, i))
    return DLC_ONNX_OK;
  const DlcTensor *t;
  DLC_ONNX_TRY(dlcOnnxKnownInput(n, i, what, &t));
  int64_t c = dlcTensorNumElements(t);
  if (c > 2 * DLC_MAX_RANK)
    return dlcOnnxError(n, "input '%s' has %lld values, more than twice the rank",
                        what, (long long)c);
  for (int64_t k = 0; k < c; ++k) {
    const char *p = (const char *)t->data + (size_t)k * dlcDTypeSize(t->dtype);
    if (t->dtype == DLC_DTYPE_F32) {
      float f;
      memcpy(&f, p, 4);
      out[k] = f;
    } else if (t->dtype == DLC_DTYPE_F64) {
      memcpy(&out[k], p, 8);
    } else {
      return dlcOnnxError(n, "input '%s' must be float or double", what);
    }
  }
  *count = c;
  return DLC_ONNX_OK;
}

// axes (opset 18): the dims scales, sizes and roi name; default all.
static DlcOnnxStatus readAxes(DlcOnnxNode *n, int64_t rank, int64_t *axes, int64_t *numAxes) {
  const int64_t *given;
  if (!dlcOnnxAttrInts(n, "axes", &given, numAxes)) {
    *numAxes = rank;
    for (int64_t i = 0; i < rank; ++i)
      axes[i] = i;
    return DLC_ONNX_OK;
  }
  if (*numAxes > rank)
    return dlcOnnxError(n, "attribute 'axes' has %lld values for rank %lld", (long long)*numAxes,
                        (long long)rank);
  for (int64_t i = 0; i < *numAxes; ++i) {
    axes[i] = given[i] < 0 ? given[i] + rank : given[i];
    if (axes[i] < 0 || axes[i] >= rank)
      return dlcOnnxError(n, "attribute 'axes' has %lld, out of range for rank %lld",
                          (long long)given[i], (long long)rank);
  }
  return DLC_ONNX_OK;
}

// A shape-like input fed at run time as a data operand: null when absent
// or empty; its length, which ONNX ties to the number of axes, must be
// static.
static DlcOnnxStatus runTimeOperand(DlcOnnxNode *n, int i, const char *what, MlirValue *out,
                                    int64_t *count) {
  *out = (MlirValue){NULL};
  *count = 0;
  if (!dlcOnnxHasInput(n, i))
    return DLC_ONNX_OK;
  MlirValue v;
  DLC_ONNX_TRY(dlcOnnxInput(n, i, &v));
  MlirType t = mlirValueGetType(v);
  if (!mlirShapedTypeHasRank(t) || mlirShapedTypeGetRank(t) != 1 ||
      mlirShapedTypeIsDynamicDim(t, 0))
    return dlcOnnxError(n, "input '%s' fed at run time must be 1-D with a static length (one "
                           "value per resized axis)",
                        what);
  *count = mlirShapedTypeGetDimSize(t, 0);
  if (*count)
    *out = v;
  return DLC_ONNX_OK;
}

// Resize takes `scales` or `sizes` (one, not both), one value per resized
// axis.
static DlcOnnxStatus checkScalesOrSizes(DlcOnnxNode *n, int64_t numScales, int64_t numSizes,
                                        int64_t numAxes) {
  if ((numSizes != 0) == (numScales != 0))
    return dlcOnnxError(n, "exactly one of 'scales' and 'sizes' must be given");
  int64_t numGiven = numSizes ? numSizes : numScales;
  if (numGiven != numAxes)
    return dlcOnnxError(n, "'%s' has %lld values for %lld axes", numSizes ? "sizes" : "scales",
                        (long long)numGiven, (long long)numAxes);
  return DLC_ONNX_OK;
}

// Resize whose scales, sizes or roi come at run time, or whose input has
// dynamic dims (ResizeRunTime.c).
static DlcOnnxStatus translateAtRunTime(DlcOnnxNode *n, const Params *p, MlirValue x, bool old,
                                        const int64_t *axes, int64_t numAxes, int keep) {
  MlirValue roi = {NULL}, scales, sizes = {NULL}, y;
  int64_t numRoi = 0, numScales, numSizes = 0;
  DlcOnnxStatus status = DLC_ONNX_OK;
  if (old) {
    status = runTimeOperand(n, 1, "scales", &scales, &numScales);
  } else {
    if (p->transform == DLC_RESIZE_TF_CROP_AND_RESIZE)
      status = runTimeOperand(n, 1, "roi", &roi, &numRoi);
    status = dlcOnnxWorse(status, runTimeOperand(n, 2, "scales", &scales, &numScales));
    status = dlcOnnxWorse(status, runTimeOperand(n, 3, "sizes", &sizes, &numSizes));
  }
  DLC_ONNX_TRY(status);
  DLC_ONNX_TRY(checkScalesOrSizes(n, numScales, numSizes, numAxes));
  if (numSizes && !mlirTypeIsAInteger(mlirShapedTypeGetElementType(mlirValueGetType(sizes))))
    return dlcOnnxError(n, "input 'sizes' must be int64");
  if (numScales && !mlirTypeIsAFloat(mlirShapedTypeGetElementType(mlirValueGetType(scales))))
    return dlcOnnxError(n, "input 'scales' must be float or double");
  if (numRoi != 2 * numAxes) // as at compile time: the whole input
    roi = (MlirValue){NULL};
  DLC_ONNX_TRY(dlcOnnxResizeAtRunTime(n, p, x, axes, numAxes, roi, scales, sizes,
                                      numSizes ? keep : 0, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

static DlcOnnxStatus translateResize(DlcOnnxNode *n) {
  Params p = {0};
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(readParams(n, &p));
  MlirType type = mlirValueGetType(x);
  if (!mlirShapedTypeHasRank(type))
    return dlcOnnxUnsupported(n, "input 'X' must have a known rank");
  if (p.mode != DLC_RESIZE_NEAREST && !mlirTypeIsAFloat(mlirShapedTypeGetElementType(type)))
    return dlcOnnxUnsupported(n, "linear and cubic modes need a float input");
  int64_t rank = mlirShapedTypeGetRank(type), in[DLC_MAX_RANK], out[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    in[i] = mlirShapedTypeGetDimSize(type, i);
  int64_t axes[DLC_MAX_RANK], numAxes;
  DLC_ONNX_TRY(readAxes(n, rank, axes, &numAxes));
  MlirStringRef policy = dlcOnnxAttrString(n, "keep_aspect_ratio_policy", "stretch");
  bool notLarger = mlirStringRefEqual(policy, mlirStringRefCreateFromCString("not_larger"));
  bool notSmaller = mlirStringRefEqual(policy, mlirStringRefCreateFromCString("not_smaller"));
  // The inputs: Resize-10 and Upsample-9 (X, scales); Resize-11 on (X,
  // roi, scales, sizes); roi matters to tf_crop_and_resize only.
  bool old = n->opset < 11 || !strcmp(n->opType, "Upsample");
  bool usesRoi = !old && p.transform == DLC_RESIZE_TF_CROP_AND_RESIZE;
  static const char *const names[4] = {"X", "roi", "scales", "sizes"};
  bool runTime = false;
  for (int i = old ? 2 : usesRoi ? 1 : 2; i <= (old ? 2 : 3) && !runTime; ++i) {
    int input = old ? 1 : i;
    if (dlcOnnxHasInput(n, input))
      DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, input, names[i], &runTime));
  }
  if (runTime)
    return translateAtRunTime(n, &p, x, old, axes, numAxes, notLarger ? -1 : notSmaller ? 1 : 0);
  double roiIn[2 * DLC_MAX_RANK], scalesIn[2 * DLC_MAX_RANK];
  int64_t numRoi = 0, numScales, numSizes = 0, *sizes = NULL;
  if (old) {
    DLC_ONNX_TRY(knownFloats(n, 1, "scales", scalesIn, &numScales));
  } else {
    DlcOnnxStatus status = usesRoi ? knownFloats(n, 1, "roi", roiIn, &numRoi) : DLC_ONNX_OK;
    status = dlcOnnxWorse(status, knownFloats(n, 2, "scales", scalesIn, &numScales));
    if (dlcOnnxHasInput(n, 3))
      status = dlcOnnxWorse(status, dlcOnnxConstInts(n, 3, "sizes", &sizes, &numSizes));
    DLC_ONNX_TRY(status);
  }
  DLC_ONNX_TRY(checkScalesOrSizes(n, numScales, numSizes, numAxes));
  // A dynamic dim may only keep its size here (a scale of 1, the whole
  // roi); sizes, or another scale, need its size: computed at run time.
  for (int64_t i = 0; i < numAxes; ++i) {
    bool whole = numRoi != 2 * numAxes || (roiIn[i] == 0 && roiIn[numAxes + i] == 1);
    if (mlirShapedTypeIsDynamicDim(type, axes[i]) && (numSizes || scalesIn[i] != 1 || !whole))
      return translateAtRunTime(n, &p, x, old, axes, numAxes,
                                notLarger ? -1 : notSmaller ? 1 : 0);
  }
  double scale[DLC_MAX_RANK], roi[2 * DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    scale[i] = 1, out[i] = in[i], roi[i] = 0, roi[rank + i] = 1;
  for (int64_t i = 0; i < numAxes; ++i) {
    if (numRoi == 2 * numAxes)
      roi[axes[i]] = roiIn[i], roi[rank + axes[i]] = roiIn[numAxes + i];
    if (numScales) {
      scale[axes[i]] = scalesIn[i];
      out[axes[i]] = (int64_t)(scalesIn[i] * (double)in[axes[i]]);
    } else {
      out[axes[i]] = sizes[i];
      scale[axes[i]] = (double)sizes[i] / (double)in[axes[i]];
    }
  }
  if (numSizes && (notLarger || notSmaller)) {
    double s = scale[axes[0]];
    for (int64_t i = 1; i < numAxes; ++i)
      s = notLarger ? fmin(s, scale[axes[i]]) : fmax(s, scale[axes[i]]);
    for (int64_t i = 0; i < numAxes; ++i) {
      scale[axes[i]] = s;
      out[axes[i]] = (int64_t)(s * (double)in[axes[i]] + 0.5);
    }
  }
  // Axes that shrink first, outermost first, so that later steps work on
  // less; then those that grow, innermost first: a gather along the
  // innermost axis reads single elements, one along an outer axis whole
  // rows, which vectorize, so the innermost one runs on the smaller
  // tensor. DeepLabV3's bilinear 20x20 -> 320x320 of 21 channels, one
  // thread: 2.22 ms (outer axis first, taps summed by a reduction), 1.43
  // with the taps added, 0.17 innermost first too (onnxruntime 5.05).
  int64_t order[DLC_MAX_RANK], numOrdered = 0;
  for (int64_t a = 0; a < rank; ++a)
    if (out[a] < in[a])
      order[numOrdered++] = a;
  for (int64_t a = rank - 1; a >= 0; --a)
    if (out[a] >= in[a])
      order[numOrdered++] = a;
  MlirValue v = x;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t a = order[i];
    if (mlirShapedTypeIsDynamicDim(type, a)) // kept, as checked above
      continue;
    if (!(scale[a] > 0) || out[a] < 0 || out[a] > (1 << 24))
      return dlcOnnxError(n, "dim %lld resizes %lld elements by %g to %lld", (long long)a,
                          (long long)in[a], scale[a], (long long)out[a]);
    bool identity = fabs(scale[a] - 1) < 1e-9 && out[a] == in[a] && roi[a] == 0 &&
                    roi[rank + a] == 1;
    if (identity)
      continue;
    if (in[a] == 0 || out[a] == 0)
      return dlcOnnxUnsupported(n, "an empty dim (%lld to %lld elements) is not supported",
                                (long long)in[a], (long long)out[a]);
    double axisRoi[2] = {roi[a], roi[rank + a]};
    DLC_ONNX_TRY(resizeAxis(n, &p, v, a, in[a], out[a], scale[a], axisRoi, &v));
  }
  if (mlirValueEqual(v, x))
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.identity", x, &v));
  return dlcOnnxSetOutput(n, 0, v);
}

// AffineGrid: each output position's normalized coordinates (x along the
// last dim, then y, z; -1 to 1, at pixel centers unless align_corners) with
// a 1 appended, times theta^T: [positions, dims + 1] x [N, dims + 1, dims].
static DlcOnnxStatus translateAffineGrid(DlcOnnxNode *n) {
  MlirValue theta;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &theta));
  bool align = dlcOnnxAttrInt(n, "align_corners", 0) != 0, runTime;
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "size", &runTime));
  if (runTime) { // a grid of run-time sizes (RunTimeSizes.c)
    MlirValue y;
    DLC_ONNX_TRY(dlcOnnxRunTimeAffineGrid(n, theta, align, &y));
    return dlcOnnxSetOutput(n, 0, y);
  }
  int64_t *size, count;
  DLC_ONNX_TRY(dlcOnnxConstInts(n, 1, "size", &size, &count));
  int64_t dims = count - 2, positions = 1;
  if (dims != 2 && dims != 3)
    return dlcOnnxError(n, "input 'size' must be N, C, H, W or N, C, D, H, W");
  for (int64_t i = 2; i < count; ++i) {
    if (size[i] < 1 || size[i] > (1 << 16))
      return dlcOnnxError(n, "size %lld is out of range", (long long)size[i]);
    positions *= size[i];
  }
  if (positions > (1 << 24))
    return dlcOnnxUnsupported(n, "a grid of %lld positions is too large", (long long)positions);
  int64_t cols = dims + 1, cells = positions * cols;
  float *base = malloc((size_t)cells * sizeof *base);
  if (!base)
    abort();
  for (int64_t p = 0; p < positions; ++p) {
    int64_t rest = p;
    for (int64_t d = dims - 1; d >= 0; --d) { // x is the last dim of size
      int64_t s = size[2 + d], i = rest % s;
      rest /= s;
      double c = align ? (s == 1 ? -1 : -1 + 2.0 * (double)i / (double)(s - 1))
                       : -1 + (2.0 * (double)i + 1) / (double)s;
      base[p * cols + (dims - 1 - d)] = (float)c;
    }
    base[p * cols + dims] = 1;
  }
  int64_t shape[2] = {positions, cols};
  MlirType type = mlirRankedTensorTypeGet(2, shape, mlirF32TypeGet(n->ctx), mlirAttributeGetNull());
  MlirAttribute value = mlirDenseElementsAttrFloatGet(type, cells, base);
  free(base);
  static const int64_t swap[3] = {0, 2, 1};
  MlirValue grid, thetaT, y;
  DLC_ONNX_TRY(constantOf(n, value, &grid));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", theta, swap, 3, &thetaT));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", grid, thetaT, &y));
  int64_t out[5] = {size[0]};
  for (int64_t i = 0; i < dims; ++i)
    out[1 + i] = size[2 + i];
  out[1 + dims] = dims;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, out, dims + 2, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

#define RESIZE_LIMITS                                                                              \
  "`roi`, `scales` and `sizes` may be known only at run time when their lengths are static "     \
  "(the resized dims are then computed when the code runs), as may the input's dims; its rank "   \
  "must be known. Linear and cubic modes take float inputs."

static const DlcOnnxOpEntry ops[] = {
    {"AffineGrid", 20, translateAffineGrid, {A_INT("align_corners")}, "dlc_graph.matmul",
     "Float theta. A `size` not known at compile time is read when the code runs (its static "
     "length decides the rank; the spatial output dims are `?`)."},
    {"Upsample", 9, translateResize, {A_STRING("mode")}, "dlc_graph.gather", RESIZE_LIMITS},
    {"Resize", 10, translateResize, {A_STRING("mode")}, "dlc_graph.gather", RESIZE_LIMITS},
    {"Resize", 11, translateResize,
     {A_STRING("coordinate_transformation_mode"), A_FLOAT("cubic_coeff_a"),
      A_INT("exclude_outside"), A_FLOAT("extrapolation_value"), A_STRING("mode"),
      A_STRING("nearest_mode")},
     "dlc_graph.gather", RESIZE_LIMITS},
    {"Resize", 18, translateResize,
     {A_INT("antialias"), A_INTS("axes"), A_STRING("coordinate_transformation_mode"),
      A_FLOAT("cubic_coeff_a"), A_INT("exclude_outside"), A_FLOAT("extrapolation_value"),
      A_STRING("keep_aspect_ratio_policy"), A_STRING("mode"), A_STRING("nearest_mode")},
     "dlc_graph.gather", RESIZE_LIMITS},
};

const DlcOnnxOpEntry *dlcOnnxResizeOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
