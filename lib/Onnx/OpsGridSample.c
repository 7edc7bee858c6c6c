//===- OpsGridSample.c - GridSample as gathers of taps ----------*- C -*-===//
//
// GridSample, as ONNX's reference computes it: each grid coordinate (x, y,
// z: the last spatial dim first) is denormalized (align_corners), rounded
// for nearest (halves to even), moved inside by the padding mode when it lies outside
// [-0.5, size - 0.5] ([0, size - 1] with align_corners), then read at its
// taps (1 for nearest, 2 per dim for linear, 4 for cubic with Keys'
// A = -0.75), each tap again by the padding mode (zeros reads 0 outside,
// border clamps, reflection mirrors). Every combination of taps over the
// spatial dims reads X flattened to [N, C, positions] (all of them in one
// gather_elements), weighted by the product of the taps' coefficients; the
// sum over the combinations is the output.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

#define MAX_SPATIAL 3

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static MlirType eltOf(MlirValue v) { return mlirShapedTypeGetElementType(typeOf(v)); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }

typedef enum Mode { NEAREST, LINEAR, CUBIC } Mode;
typedef enum Padding { ZEROS, BORDER, REFLECTION } Padding;

typedef struct Sampler {
  DlcOnnxNode *n;
  MlirType f; ///< the grid's float type: coordinates and coefficients
  Padding padding;
  bool alignCorners;
} Sampler;

static DlcOnnxStatus cst(Sampler *s, double v, MlirValue *out) {
  return dlcOnnxConstantScalar(s->n, s->f, v, out);
}

// a op b with b a constant.
static DlcOnnxStatus opC(Sampler *s, const char *op, MlirValue a, double b, MlirValue *out) {
  MlirValue c;
  DLC_ONNX_TRY(cst(s, b, &c));
  return dlcOnnxBinaryOp(s->n, op, a, c, out);
}

// b op a with b a constant.
static DlcOnnxStatus cOp(Sampler *s, const char *op, double b, MlirValue a, MlirValue *out) {
  MlirValue c;
  DLC_ONNX_TRY(cst(s, b, &c));
  return dlcOnnxBinaryOp(s->n, op, c, a, out);
}

static DlcOnnxStatus clamp(Sampler *s, MlirValue v, double lo, double hi, MlirValue *out) {
  DlcOnnxOp clip;
  dlcOnnxOpInit(&clip, "dlc_graph.clip");
  clip.operands[0] = v;
  DLC_ONNX_TRY(cst(s, lo, &clip.operands[1]));
  DLC_ONNX_TRY(cst(s, hi, &clip.operands[2]));
  DLC_ONNX_TRY(dlcOnnxBuild(s->n, &clip));
  *out = clip.results[0];
  return DLC_ONNX_OK;
}

// The reference's reflection of v (assumed outside [lo, hi]) by the near
// border until inside: k = trunc(distance / range) reflections, odd ones
// landing at the far border.
static DlcOnnxStatus reflect(Sampler *s, MlirValue v, double lo, double hi, MlirValue *out) {
  DlcOnnxNode *n = s->n;
  double range = hi - lo;
  if (range <= 0) // one position: everything reflects onto it
    return clamp(s, v, lo, lo, out);
  MlirValue below, dxBelow, dxAbove, dx, k, r, half, parity, even, fromLo, fromHi, pickLo;
  DLC_ONNX_TRY(opC(s, "dlc_graph.less", v, lo, &below));
  DLC_ONNX_TRY(cOp(s, "dlc_graph.sub", lo, v, &dxBelow));
  DLC_ONNX_TRY(opC(s, "dlc_graph.sub", v, hi, &dxAbove));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, below, dxBelow, dxAbove, &dx));
  DLC_ONNX_TRY(opC(s, "dlc_graph.div", dx, range, &k));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", k, &k)); // dx >= 0: floor truncates
  DLC_ONNX_TRY(opC(s, "dlc_graph.mul", k, range, &r));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", dx, r, &r));
  DLC_ONNX_TRY(opC(s, "dlc_graph.mul", k, 0.5, &half));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", half, &half));
  DLC_ONNX_TRY(opC(s, "dlc_graph.mul", half, 2, &half));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", k, half, &parity));
  DLC_ONNX_TRY(opC(s, "dlc_graph.equal", parity, 0, &even));
  DLC_ONNX_TRY(cOp(s, "dlc_graph.add", lo, r, &fromLo));
  DLC_ONNX_TRY(cOp(s, "dlc_graph.sub", hi, r, &fromHi));
  // below and even, or above and odd, end near lo.
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.xor", below, even, &pickLo));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.not", pickLo, &pickLo));
  return dlcOnnxWhereOp(n, pickLo, fromLo, fromHi, out);
}

// The borders a coordinate must lie within.
static void borders(const Sampler *s, int64_t size, double *lo, double *hi) {
  *lo = s->alignCorners ? 0 : -0.5;
  *hi = s->alignCorners ? (double)size - 1 : (double)size - 0.5;
}

// Toward zero, as the reference's int().
static DlcOnnxStatus trunc0(Sampler *s, MlirValue v, MlirValue *out) {
  MlirValue negative, up, down;
  DLC_ONNX_TRY(opC(s, "dlc_graph.less", v, 0, &negative));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(s->n, "dlc_graph.ceil", v, &up));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(s->n, "dlc_graph.floor", v, &down));
  return dlcOnnxWhereOp(s->n, negative, up, down, out);
}

// A tap at integral position t of a dim of `size`: the index read (i64,
// inside the dim) and, for zeros padding, whether it is inside at all.
static DlcOnnxStatus tapIndex(Sampler *s, MlirValue t, int64_t size, MlirValue *index,
                              MlirValue *valid) {
  DlcOnnxNode *n = s->n;
  valid->ptr = NULL;
  if (s->padding == ZEROS) {
    MlirValue ge, le;
    DLC_ONNX_TRY(opC(s, "dlc_graph.greater_equal", t, 0, &ge));
    DLC_ONNX_TRY(opC(s, "dlc_graph.less_equal", t, (double)size - 1, &le));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", ge, le, valid));
  } else if (s->padding == REFLECTION) {
    double lo, hi;
    MlirValue outside, above, moved;
    borders(s, size, &lo, &hi);
    DLC_ONNX_TRY(opC(s, "dlc_graph.less", t, lo, &outside));
    DLC_ONNX_TRY(opC(s, "dlc_graph.greater", t, hi, &above));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.or", outside, above, &outside));
    DLC_ONNX_TRY(reflect(s, t, lo, hi, &moved));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, outside, moved, t, &t));
    DLC_ONNX_TRY(trunc0(s, t, &t));
  }
  DLC_ONNX_TRY(clamp(s, t, 0, (double)size - 1, &t));
  return dlcOnnxCastOp(n, t, mlirIntegerTypeGet(n->ctx, 64), index);
}

// Keys' cubic coefficient (A = -0.75) of a tap at distance d (0 to 2)
// from the point.
static DlcOnnxStatus cubicWeight(Sampler *s, MlirValue d, MlirValue *out) {
  const double a = -0.75;
  MlirValue near, far, isNear;
  // ((a + 2) d - (a + 3)) d d + 1 within 1, ((a d - 5a) d + 8a) d - 4a beyond
  DLC_ONNX_TRY(opC(s, "dlc_graph.mul", d, a + 2, &near));
  DLC_ONNX_TRY(opC(s, "dlc_graph.sub", near, a + 3, &near));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(s->n, "dlc_graph.mul", near, d, &near));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(s->n, "dlc_graph.mul", near, d, &near));
  DLC_ONNX_TRY(opC(s, "dlc_graph.add", near, 1, &near));
  DLC_ONNX_TRY(opC(s, "dlc_graph.mul", d, a, &far));
  DLC_ONNX_TRY(opC(s, "dlc_graph.sub", far, 5 * a, &far));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(s->n, "dlc_graph.mul", far, d, &far));
  DLC_ONNX_TRY(opC(s, "dlc_graph.add", far, 8 * a, &far));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(s->n, "dlc_graph.mul", far, d, &far));
  DLC_ONNX_TRY(opC(s, "dlc_graph.sub", far, 4 * a, &far));
  DLC_ONNX_TRY(opC(s, "dlc_graph.less", d, 1, &isNear));
  return dlcOnnxWhereOp(s->n, isNear, near, far, out);
}

/// One spatial dim's taps, stacked along their own axis 2 + i of
/// [N, 1, 1 (once per spatial dim), Q].
typedef struct Taps {
  int count;
  MlirValue index, valid, weight; ///< valid null: all inside; weight null: 1
} Taps;

// The taps of spatial dim i (of `size`) for coordinates g ([N, 1, Q]).
static DlcOnnxStatus dimTaps(Sampler *s, Mode mode, MlirValue g, int64_t i, int64_t spatial,
                             int64_t size, Taps *taps) {
  DlcOnnxNode *n = s->n;
  MlirValue v;
  if (s->alignCorners) { // (g + 1) / 2 * (size - 1)
    DLC_ONNX_TRY(opC(s, "dlc_graph.add", g, 1, &v));
    DLC_ONNX_TRY(opC(s, "dlc_graph.div", v, 2, &v));
    DLC_ONNX_TRY(opC(s, "dlc_graph.mul", v, (double)size - 1, &v));
  } else { // ((g + 1) * size - 1) / 2
    DLC_ONNX_TRY(opC(s, "dlc_graph.add", g, 1, &v));
    DLC_ONNX_TRY(opC(s, "dlc_graph.mul", v, (double)size, &v));
    DLC_ONNX_TRY(opC(s, "dlc_graph.sub", v, 1, &v));
    DLC_ONNX_TRY(opC(s, "dlc_graph.div", v, 2, &v));
  }
  // Halves to even (nearbyint), for 3-D grids too: the node tests' data
  // says so, although PyTorch's 3-D kernel rounds them away from 0.
  if (mode == NEAREST)
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.round", v, &v));
  if (s->padding != ZEROS) {
    double lo, hi;
    MlirValue outside, above, moved;
    borders(s, size, &lo, &hi);
    DLC_ONNX_TRY(opC(s, "dlc_graph.less", v, lo, &outside));
    DLC_ONNX_TRY(opC(s, "dlc_graph.greater", v, hi, &above));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.or", outside, above, &outside));
    if (s->padding == BORDER)
      DLC_ONNX_TRY(clamp(s, v, 0, (double)size - 1, &moved));
    else
      DLC_ONNX_TRY(reflect(s, v, lo, hi, &moved));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, outside, moved, v, &v));
  }
  int64_t stacked[DLC_MAX_RANK] = {dimOf(g, 0), 1}, q = dimOf(g, 2), rank = 3 + spatial;
  for (int64_t k = 0; k < spatial; ++k)
    stacked[2 + k] = 1;
  stacked[2 + spatial] = q;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, stacked, rank, &v));
  taps->weight.ptr = NULL;
  if (mode == NEAREST) {
    MlirValue t;
    DLC_ONNX_TRY(trunc0(s, v, &t));
    taps->count = 1;
    return tapIndex(s, t, size, &taps->index, &taps->valid);
  }
  // Tap offsets -1 .. 2 (cubic) or 0 .. 1 (linear) from floor(v), along axis 2 + i.
  static const float cubic[4] = {-1, 0, 1, 2}, linear[2] = {0, 1};
  taps->count = mode == CUBIC ? 4 : 2;
  int64_t offDims[DLC_MAX_RANK];
  for (int64_t k = 0; k < rank; ++k)
    offDims[k] = k == 2 + i ? taps->count : 1;
  MlirType offType = mlirRankedTensorTypeGet(rank, offDims, mlirF32TypeGet(n->ctx),
                                             mlirAttributeGetNull());
  DlcOnnxOp off;
  dlcOnnxOpInit(&off, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &off, "value",
                mlirDenseElementsAttrFloatGet(offType, taps->count, mode == CUBIC ? cubic : linear));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &off));
  MlirValue offsets, x0, frac, t, d;
  DLC_ONNX_TRY(dlcOnnxCastOp(n, off.results[0], s->f, &offsets));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", v, &x0));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", v, x0, &frac));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", x0, offsets, &t));
  DLC_ONNX_TRY(tapIndex(s, t, size, &taps->index, &taps->valid));
  // The weights of the taps at distance d = |frac - offset|.
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", frac, offsets, &d));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.abs", d, &d));
  if (mode == LINEAR)
    return cOp(s, "dlc_graph.sub", 1, d, &taps->weight);
  return cubicWeight(s, d, &taps->weight);
}

// acc op v, where a null acc or v stands for nothing yet.
static DlcOnnxStatus accumulate(DlcOnnxNode *n, const char *op, MlirValue acc, MlirValue v,
                                MlirValue *out) {
  if (mlirValueIsNull(acc) || mlirValueIsNull(v)) {
    *out = mlirValueIsNull(acc) ? v : acc;
    return DLC_ONNX_OK;
  }
  return dlcOnnxBinaryOp(n, op, acc, v, out);
}

static bool isString(MlirStringRef s, const char *what) {
  return mlirStringRefEqual(s, mlirStringRefCreateFromCString(what));
}

static DlcOnnxStatus translateGridSample(DlcOnnxNode *n) {
  MlirValue x, grid;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &grid));
  bool old = n->entry->since < 20; // bilinear / bicubic, 4-D only
  MlirStringRef m = dlcOnnxAttrString(n, "mode", old ? "bilinear" : "linear");
  MlirStringRef p = dlcOnnxAttrString(n, "padding_mode", "zeros");
  Mode mode;
  if (isString(m, old ? "bilinear" : "linear"))
    mode = LINEAR;
  else if (isString(m, old ? "bicubic" : "cubic"))
    mode = CUBIC;
  else if (isString(m, "nearest"))
    mode = NEAREST;
  else
    return dlcOnnxError(n, "attribute 'mode' is \"%.*s\", not %s", (int)m.length, m.data,
                        old ? "bilinear, nearest or bicubic" : "linear, nearest or cubic");
  Sampler s = {n, eltOf(grid), ZEROS, dlcOnnxAttrInt(n, "align_corners", 0) != 0};
  if (isString(p, "border"))
    s.padding = BORDER;
  else if (isString(p, "reflection"))
    s.padding = REFLECTION;
  else if (!isString(p, "zeros"))
    return dlcOnnxError(n, "attribute 'padding_mode' is \"%.*s\", not zeros, border or "
                           "reflection",
                        (int)p.length, p.data);
  int64_t rank = rankOf(x), spatial = rank - 2;
  if (spatial < 1 || rankOf(grid) != rank || dimOf(grid, rank - 1) != spatial ||
      (old && spatial != 2))
    return dlcOnnxError(n, "X must be N x C x D1 .. Dr and grid N x O1 .. Or x r%s",
                        old ? ", with r = 2 before opset 20" : "");
  if (spatial > MAX_SPATIAL)
    return dlcOnnxUnsupported(n, "%lld spatial dims; at most %d are supported",
                              (long long)spatial, MAX_SPATIAL);
  if (!mlirShapedTypeHasStaticShape(typeOf(x)) || !mlirShapedTypeHasStaticShape(typeOf(grid)))
    return dlcOnnxUnsupported(n, "X and grid must have static shapes");
  if (dimOf(grid, 0) != dimOf(x, 0))
    return dlcOnnxError(n, "X and grid have different batch sizes");
  int64_t nn = dimOf(x, 0), cc = dimOf(x, 1), positions = 1, q = 1, strides[MAX_SPATIAL];
  for (int64_t i = spatial - 1; i >= 0; --i)
    strides[i] = positions, positions *= dimOf(x, 2 + i);
  for (int64_t i = 1; i < rank - 1; ++i)
    q *= dimOf(grid, i);
  // Per spatial dim i, its coordinates (grid's component r - 1 - i) as [N, 1, Q].
  Taps taps[MAX_SPATIAL];
  int64_t coordShape[3] = {nn, 1, q}, last = rank - 1;
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t begin = spatial - 1 - i;
    MlirValue g;
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, grid, last, begin, begin + 1, 1, &g));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", g, coordShape, 3, &g));
    DLC_ONNX_TRY(dimTaps(&s, mode, g, i, spatial, dimOf(x, 2 + i), &taps[i]));
  }
  // Each dim's taps lie along their own axis of [N, 1, T0, .., Tr-1, Q]:
  // broadcasting forms every combination of taps at once.
  int64_t full[DLC_MAX_RANK] = {nn, 1}, all = 1;
  for (int64_t i = 0; i < spatial; ++i)
    full[2 + i] = taps[i].count, all *= taps[i].count;
  full[2 + spatial] = q;
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue index = {NULL}, valid = {NULL}, weight = {NULL};
  for (int64_t i = 0; i < spatial; ++i) {
    MlirValue stride, idx;
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)strides[i], &stride));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", taps[i].index, stride, &idx));
    DLC_ONNX_TRY(accumulate(n, "dlc_graph.add", index, idx, &index));
    DLC_ONNX_TRY(accumulate(n, "dlc_graph.and", valid, taps[i].valid, &valid));
    DLC_ONNX_TRY(accumulate(n, "dlc_graph.mul", weight, taps[i].weight, &weight));
  }
  int64_t flatShape[3] = {nn, cc, positions}, gatherShape[3] = {nn, cc, all * q};
  int64_t indexShape[3] = {nn, 1, all * q}, valueShape[DLC_MAX_RANK] = {nn, cc};
  memcpy(valueShape + 2, full + 2, (size_t)(spatial + 1) * sizeof *full);
  MlirType elt = eltOf(x);
  MlirValue table, sum;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.expand", index, full, 3 + spatial, &index));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", index, indexShape, 3, &index));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.expand", index, gatherShape, 3, &index));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, flatShape, 3, &table));
  DlcOnnxOp gather;
  dlcOnnxOpInit(&gather, "dlc_graph.gather_elements");
  gather.operands[0] = table, gather.operands[1] = index;
  dlcOnnxOpInt(n, &gather, "axis", 2);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", gather.results[0], valueShape, 3 + spatial,
                              &sum));
  if (!mlirValueIsNull(valid)) { // zeros padding: taps outside read 0
    MlirValue zero;
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 0, &zero));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, valid, sum, zero, &sum));
  }
  if (!mlirValueIsNull(weight)) {
    int64_t axes[MAX_SPATIAL];
    for (int64_t i = 0; i < spatial; ++i)
      axes[i] = 2 + i;
    DLC_ONNX_TRY(dlcOnnxCastOp(n, weight, elt, &weight));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", sum, weight, &sum));
    DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", sum, axes, spatial, false, &sum));
  }
  int64_t outShape[DLC_MAX_RANK] = {nn, cc};
  for (int64_t i = 0; i < spatial; ++i)
    outShape[2 + i] = dimOf(grid, 1 + i);
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", sum, outShape, rank, &sum));
  return dlcOnnxSetOutput(n, 0, sum);
}

static const DlcOnnxOpEntry ops[] = {
    {"GridSample", 16, translateGridSample,
     {A_INT("align_corners"), A_STRING("mode"), A_STRING("padding_mode")},
     "dlc_graph.gather_elements", "Static shapes."},
    {"GridSample", 20, translateGridSample,
     {A_INT("align_corners"), A_STRING("mode"), A_STRING("padding_mode")},
     "dlc_graph.gather_elements", "Static shapes; 1 to 3 spatial dims."},
};

const DlcOnnxOpEntry *dlcOnnxGridSampleOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
