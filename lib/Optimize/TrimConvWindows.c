//===- TrimConvWindows.c - The dlc-trim-conv-windows pass -------*- C -*-===//
//
// A dilated window can reach further than the image: DeepLabV3's ASPP
// convolutions (3x3, dilations 12, 24 and 36, pads equal to them) on a
// 20x20 feature map read, for every output pixel, only padding with all
// but the centre tap of the 24 and 36 ones; they computed nine times the
// products they need. A kernel tap whose input position is padding for
// every output position of its spatial dim adds only products of zeros,
// so the taps before the first live one and after the last are dropped:
// the weights are sliced and the pads shrink by what the dropped taps
// spanned. A window live in part of the output only is split by output
// region (splitPays). The sums lose only zero terms; a dropped tap with
// an infinite or NaN weight (whose product with a padded zero is NaN)
// keeps the window whole.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Graph/WindowGeometry.h"
#include "Dialect/OpDef.h"
#include "Optimize/GraphRewrite.h"
#include "Pass/PassDef.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>

// Whether tap `t` of spatial dim `i` reads the input at some output
// position: positions o * stride + t * dilation - padBegin for o in
// [0, output) form a progression, and the first that is not before the
// input must be inside it.
static bool tapIsLive(const DlcWindowGeometry *g, int64_t i, int64_t t) {
  int64_t offset = t * g->dilations[i] - g->padBegin[i];
  int64_t first = offset >= 0 ? 0 : (-offset + g->strides[i] - 1) / g->strides[i];
  return first < g->output[i] && first * g->strides[i] + offset < g->input[i];
}

// The live taps [low[i], high[i]] of each spatial dim; false when none is
// trimmed, or when a dim has no live tap (a window of padding only) or
// the trimmed window would need a negative pad.
static bool liveWindow(const DlcWindowGeometry *g, int64_t *low, int64_t *high,
                       int64_t *padBegin, int64_t *padEnd) {
  bool trimmed = false;
  for (int64_t i = 0; i < g->numSpatial; ++i) {
    int64_t k = g->kernel[i], d = g->dilations[i], s = g->strides[i];
    for (low[i] = 0; low[i] < k && !tapIsLive(g, i, low[i]); ++low[i])
      ;
    for (high[i] = k - 1; high[i] > low[i] && !tapIsLive(g, i, high[i]); --high[i])
      ;
    if (low[i] == k)
      return false;
    trimmed |= low[i] > 0 || high[i] < k - 1;
    // The same output count from the trimmed window: the smallest end pad
    // that reaches the last output position, none if the window already
    // does and the stride's rounding keeps the count.
    padBegin[i] = g->padBegin[i] - low[i] * d;
    int64_t span = (high[i] - low[i]) * d + 1;
    int64_t needed = (g->output[i] - 1) * s + span - g->input[i] - padBegin[i];
    padEnd[i] = needed > 0 ? needed : 0;
    if (padBegin[i] < 0 ||
        (g->input[i] + padBegin[i] + padEnd[i] - span) / s + 1 != g->output[i])
      return false;
  }
  return trimmed;
}

// Row-major index of weight element (m, c, taps..).
static int64_t weightIndex(const DlcShape *shape, const int64_t *index) {
  int64_t k = 0;
  for (int64_t d = 0; d < shape->rank; ++d)
    k = k * shape->dims[d] + index[d];
  return k;
}

// Copies the live window of `w` into `out` (shaped as the sliced weight);
// false when a dropped weight is not finite.
static bool sliceWeights(const DlcElements *w, const int64_t *low, const int64_t *high,
                         DlcElements *out) {
  int64_t index[DLC_MAX_RANK];
  for (int64_t k = 0; k < w->count; ++k) {
    int64_t rest = k;
    bool live = true;
    for (int64_t d = w->shape.rank - 1; d >= 0; --d) {
      index[d] = rest % w->shape.dims[d];
      rest /= w->shape.dims[d];
      if (d >= 2)
        live &= index[d] >= low[d - 2] && index[d] <= high[d - 2];
    }
    if (!live) {
      if (!isfinite(w->f[k]))
        return false;
      continue;
    }
    for (int64_t d = 2; d < w->shape.rank; ++d)
      index[d] -= low[d - 2];
    out->f[weightIndex(&out->shape, index)] = w->f[k];
  }
  return true;
}

// The geometry of a conv whose windows this pass can cut: a constant
// weight, known pads and static spatial sizes.
static bool cuttable(MlirOperation op, DlcWindowGeometry *g) {
  MlirValue input = dlcOpOperand(op, 0), weight = dlcOpOperand(op, 1);
  MlirType inputType = mlirValueGetType(input), weightType = mlirValueGetType(weight);
  if (!mlirShapedTypeHasStaticShape(weightType) || !mlirShapedTypeHasRank(inputType) ||
      mlirAttributeIsNull(dlcGraphConstantValue(weight)))
    return false;
  DlcShape inputShape, weightShape;
  dlcShapeOf(inputType, &inputShape);
  dlcShapeOf(weightType, &weightShape);
  if (!dlcWindowGeometry(op, &inputShape, &weightShape, false, g) || !g->padsKnown)
    return false;
  for (int64_t i = 0; i < g->numSpatial; ++i)
    if (g->input[i] == DLC_DYN || g->output[i] == DLC_DYN)
      return false;
  return true;
}

static MlirLogicalResult trimConv(DlcRewriter *rw) {
  MlirOperation op = rw->op;
  MlirValue weight = dlcOpOperand(op, 1);
  MlirType weightType = mlirValueGetType(weight);
  DlcWindowGeometry g;
  if (!cuttable(op, &g))
    return mlirLogicalResultFailure();
  DlcShape weightShape;
  dlcShapeOf(weightType, &weightShape);
  int64_t low[DLC_MAX_SPATIAL], high[DLC_MAX_SPATIAL], pads[2 * DLC_MAX_SPATIAL];
  if (!liveWindow(&g, low, high, pads, pads + g.numSpatial))
    return mlirLogicalResultFailure();
  DlcElements w;
  if (!dlcGraphConstantRead(weight, INT64_MAX, &w))
    return mlirLogicalResultFailure();
  DlcShape sliced = weightShape;
  for (int64_t i = 0; i < g.numSpatial; ++i)
    sliced.dims[2 + i] = high[i] - low[i] + 1;
  DlcElements nw;
  dlcElementsCreate(dlcTensorType(&sliced, mlirShapedTypeGetElementType(weightType)), &nw);
  bool finite = w.isFloat && sliceWeights(&w, low, high, &nw);
  dlcElementsFree(&w);
  if (!finite) {
    dlcElementsFree(&nw);
    return mlirLogicalResultFailure();
  }
  // The same op on the sliced weight, with explicit pads (an automatic
  // auto_pad computed the old ones) and the new kernel shape.
  MlirOperation trimmed = mlirOperationClone(op);
  mlirOperationSetOperand(trimmed, 1, dlcBuildGraphConstantOf(&rw->b, &nw));
  dlcElementsFree(&nw);
  MlirContext ctx = rw->b.ctx;
  mlirOperationRemoveAttributeByName(trimmed, mlirStringRefCreateFromCString("auto_pad"));
  mlirOperationSetAttributeByName(trimmed, mlirStringRefCreateFromCString("pads"),
                                  dlcI64ArrayAttr(ctx, 2 * g.numSpatial, pads));
  if (dlcOpHasAttr(op, "kernel_shape"))
    mlirOperationSetAttributeByName(trimmed, mlirStringRefCreateFromCString("kernel_shape"),
                                    dlcI64ArrayAttr(ctx, g.numSpatial, sliced.dims + 2));
  mlirRewriterBaseInsert(rw->rewriter, trimmed);
  mlirRewriterBaseReplaceOpWithOperation(rw->rewriter, op, trimmed);
  return mlirLogicalResultSuccess();
}

//===----------------------------------------------------------------------===//
// Output regions
//===----------------------------------------------------------------------===//

#define MAX_SEGMENTS 8
#define MAX_REGIONS 16

// Along one spatial dim, the output positions [begin, end) whose live taps
// are the same [first, last].
typedef struct Segment {
  int64_t begin, end, first, last;
} Segment;

static int64_t floorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// The taps of dim i that output position o reads the input with (first >
// last: none).
static void liveTaps(const DlcWindowGeometry *g, int64_t i, int64_t o, int64_t *first,
                     int64_t *last) {
  int64_t base = o * g->strides[i] - g->padBegin[i], d = g->dilations[i];
  *first = base >= 0 ? 0 : (-base + d - 1) / d;
  *last = floorDiv(g->input[i] - 1 - base, d);
  if (*last > g->kernel[i] - 1)
    *last = g->kernel[i] - 1;
}

// The segments of dim i; false when there are more than MAX_SEGMENTS or
// one reads no tap (an output of bias only).
static bool segments(const DlcWindowGeometry *g, int64_t i, Segment *out, int64_t *count) {
  *count = 0;
  for (int64_t o = 0; o < g->output[i]; ++o) {
    int64_t first, last;
    liveTaps(g, i, o, &first, &last);
    if (first > last)
      return false;
    Segment *prev = *count ? &out[*count - 1] : NULL;
    if (prev && prev->first == first && prev->last == last) {
      prev->end = o + 1;
      continue;
    }
    if (*count == MAX_SEGMENTS)
      return false;
    out[(*count)++] = (Segment){o, o + 1, first, last};
  }
  return true;
}

// Where a window that is live only in part of the output (dilated windows
// on a small image: DeepLabV3's dilation 12 on a 14x14 map reads the
// image with 3 taps a dim at 4 of the 14 positions, with 1 at the 10
// others) costs at least twice what its live taps do, each region of the
// output with the same live taps is a convolution of its own, on the
// input it reads (no padding) with those taps' weights, and the regions
// are concatenated. The estimate counts a weight read from memory like
// the multiply-adds of 8 output positions: splitting reads some weights
// once per region, which on small images (a 3x3 window on 2x2) costs more
// than the products of padding it saves.
static bool splitPays(const DlcWindowGeometry *g, Segment seg[][MAX_SEGMENTS],
                      const int64_t *numSegments) {
  double whole = 1, live = 1, taps = 1, pixels = 1, regions = 1, regionTaps = 1;
  for (int64_t i = 0; i < g->numSpatial; ++i) {
    double dimLive = 0, dimTaps = 0;
    for (int64_t k = 0; k < numSegments[i]; ++k) {
      double n = (double)(seg[i][k].last - seg[i][k].first + 1);
      dimLive += n * (double)(seg[i][k].end - seg[i][k].begin);
      dimTaps += n;
    }
    live *= dimLive;
    regionTaps *= dimTaps;
    taps *= (double)g->kernel[i];
    pixels *= (double)g->output[i];
    regions *= (double)numSegments[i];
  }
  whole = (pixels + 8) * taps;
  return regions > 1 && regions <= MAX_REGIONS && 2 * (live + 8 * regionTaps) < whole;
}

static MlirNamedAttribute named(MlirContext ctx, const char *name, intptr_t n, const int64_t *v) {
  return dlcNamed(ctx, name, dlcI64ArrayAttr(ctx, n, v));
}

// The convolution of one region: `conv` on the input rows it reads, with
// the weights of its taps and no padding.
static MlirValue regionConv(DlcRewriter *rw, const DlcWindowGeometry *g, const DlcElements *w,
                            MlirType weightElt, const Segment *const *region) {
  MlirOperation conv = rw->op;
  MlirValue input = dlcOpOperand(conv, 0);
  MlirType inputType = mlirValueGetType(input), outType = mlirValueGetType(dlcOpResult(conv, 0));
  int64_t n = g->numSpatial, axes[DLC_MAX_SPATIAL], starts[DLC_MAX_SPATIAL], ends[DLC_MAX_SPATIAL];
  int64_t low[DLC_MAX_SPATIAL], high[DLC_MAX_SPATIAL], zeros[2 * DLC_MAX_SPATIAL] = {0};
  DlcShape in, out, weight = w->shape;
  dlcShapeOf(inputType, &in);
  dlcShapeOf(outType, &out);
  for (int64_t i = 0; i < n; ++i) {
    const Segment *s = region[i];
    axes[i] = 2 + i;
    starts[i] = s->begin * g->strides[i] - g->padBegin[i] + s->first * g->dilations[i];
    ends[i] = (s->end - 1) * g->strides[i] - g->padBegin[i] + s->last * g->dilations[i] + 1;
    in.dims[2 + i] = ends[i] - starts[i];
    out.dims[2 + i] = s->end - s->begin;
    weight.dims[2 + i] = s->last - s->first + 1;
    low[i] = s->first;
    high[i] = s->last;
  }
  MlirContext ctx = rw->b.ctx;
  MlirNamedAttribute bounds[3] = {named(ctx, "starts", n, starts), named(ctx, "ends", n, ends),
                                  named(ctx, "axes", n, axes)};
  MlirValue slice = dlcBuild1(&rw->b, "dlc_graph.slice", 1, &input,
                              dlcTensorType(&in, mlirShapedTypeGetElementType(inputType)), 3,
                              bounds);
  DlcElements sliced;
  dlcElementsCreate(dlcTensorType(&weight, weightElt), &sliced);
  sliceWeights(w, low, high, &sliced);
  MlirValue weightValue = dlcBuildGraphConstantOf(&rw->b, &sliced);
  dlcElementsFree(&sliced);
  MlirOperation part = mlirOperationClone(conv);
  mlirOperationSetOperand(part, 0, slice);
  mlirOperationSetOperand(part, 1, weightValue);
  mlirOperationRemoveAttributeByName(part, mlirStringRefCreateFromCString("auto_pad"));
  mlirOperationSetAttributeByName(part, mlirStringRefCreateFromCString("pads"),
                                  dlcI64ArrayAttr(ctx, 2 * n, zeros));
  if (dlcOpHasAttr(conv, "kernel_shape"))
    mlirOperationSetAttributeByName(part, mlirStringRefCreateFromCString("kernel_shape"),
                                    dlcI64ArrayAttr(ctx, n, weight.dims + 2));
  MlirValue result = mlirOperationGetResult(part, 0);
  mlirValueSetType(result, dlcTensorType(&out, mlirShapedTypeGetElementType(outType)));
  mlirRewriterBaseInsert(rw->rewriter, part);
  return result;
}

// The regions' results concatenated along spatial dim `dim` and those
// after it: region `first` onwards, `count[dim]` segments along it.
static MlirValue concatRegions(DlcRewriter *rw, const MlirValue *parts, const int64_t *count,
                               int64_t n, int64_t dim, int64_t first) {
  int64_t stride = 1;
  for (int64_t i = dim + 1; i < n; ++i)
    stride *= count[i];
  MlirValue v = (MlirValue){NULL};
  for (int64_t k = 0; k < count[dim]; ++k) {
    MlirValue part = dim + 1 == n ? parts[first + k]
                                  : concatRegions(rw, parts, count, n, dim + 1, first + k * stride);
    if (mlirValueIsNull(v)) {
      v = part;
      continue;
    }
    DlcShape a, b;
    dlcShapeOf(mlirValueGetType(v), &a);
    dlcShapeOf(mlirValueGetType(part), &b);
    a.dims[2 + dim] += b.dims[2 + dim];
    MlirValue operands[2] = {v, part};
    MlirNamedAttribute axis = dlcNamed(rw->b.ctx, "axis", dlcI64Attr(rw->b.ctx, 2 + dim));
    v = dlcBuild1(&rw->b, "dlc_graph.concat", 2, operands,
                  dlcTensorType(&a, mlirShapedTypeGetElementType(mlirValueGetType(v))), 1, &axis);
  }
  return v;
}

static MlirLogicalResult splitConv(DlcRewriter *rw) {
  MlirOperation op = rw->op;
  MlirValue weight = dlcOpOperand(op, 1);
  MlirType weightType = mlirValueGetType(weight);
  DlcWindowGeometry g;
  if (!cuttable(op, &g))
    return mlirLogicalResultFailure();
  Segment seg[DLC_MAX_SPATIAL][MAX_SEGMENTS];
  int64_t numSegments[DLC_MAX_SPATIAL];
  for (int64_t i = 0; i < g.numSpatial; ++i)
    if (!segments(&g, i, seg[i], &numSegments[i]))
      return mlirLogicalResultFailure();
  if (!splitPays(&g, seg, numSegments))
    return mlirLogicalResultFailure();
  DlcElements w;
  if (!dlcGraphConstantRead(weight, INT64_MAX, &w))
    return mlirLogicalResultFailure();
  // Each region drops some taps: every weight must be finite.
  bool finite = w.isFloat;
  for (int64_t k = 0; finite && k < w.count; ++k)
    finite = isfinite(w.f[k]);
  if (!finite) {
    dlcElementsFree(&w);
    return mlirLogicalResultFailure();
  }
  // Regions in row-major order of their segments.
  MlirValue parts[MAX_REGIONS];
  int64_t numRegions = 1;
  for (int64_t i = 0; i < g.numSpatial; ++i)
    numRegions *= numSegments[i];
  for (int64_t r = 0; r < numRegions; ++r) {
    const Segment *region[DLC_MAX_SPATIAL];
    for (int64_t i = g.numSpatial - 1, rest = r; i >= 0; --i) {
      region[i] = &seg[i][rest % numSegments[i]];
      rest /= numSegments[i];
    }
    parts[r] = regionConv(rw, &g, &w, mlirShapedTypeGetElementType(weightType), region);
  }
  dlcElementsFree(&w);
  return dlcReplaceBySameType(rw, concatRegions(rw, parts, numSegments, g.numSpatial, 0, 0));
}

// The whole output's trim first: a window trimmed may still be live in
// part of the output only.
static MlirLogicalResult trimOrSplitConv(DlcRewriter *rw) {
  if (mlirLogicalResultIsSuccess(trimConv(rw)))
    return mlirLogicalResultSuccess();
  return splitConv(rw);
}

static const DlcLowering patterns[] = {{"dlc_graph.conv", trimOrSplitConv}};

void dlcRunTrimConvWindows(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  dlcApplyRewrites(op, patterns, sizeof patterns / sizeof *patterns, NULL);
}
