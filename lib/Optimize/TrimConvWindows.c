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
// spanned. The sums lose only zero terms; a dropped tap with an infinite
// or NaN weight (whose product with a padded zero is NaN) keeps the
// window whole.
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

static MlirLogicalResult trimConv(DlcRewriter *rw) {
  MlirOperation op = rw->op;
  MlirValue input = dlcOpOperand(op, 0), weight = dlcOpOperand(op, 1);
  MlirType inputType = mlirValueGetType(input), weightType = mlirValueGetType(weight);
  if (!mlirShapedTypeHasStaticShape(weightType) || !mlirShapedTypeHasRank(inputType) ||
      mlirAttributeIsNull(dlcGraphConstantValue(weight)))
    return mlirLogicalResultFailure();
  DlcShape inputShape, weightShape;
  dlcShapeOf(inputType, &inputShape);
  dlcShapeOf(weightType, &weightShape);
  DlcWindowGeometry g;
  if (!dlcWindowGeometry(op, &inputShape, &weightShape, false, &g) || !g.padsKnown)
    return mlirLogicalResultFailure();
  for (int64_t i = 0; i < g.numSpatial; ++i)
    if (g.input[i] == DLC_DYN || g.output[i] == DLC_DYN)
      return mlirLogicalResultFailure();
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

static const DlcLowering patterns[] = {{"dlc_graph.conv", trimConv}};

void dlcRunTrimConvWindows(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  dlcApplyRewrites(op, patterns, sizeof patterns / sizeof *patterns, NULL);
}
