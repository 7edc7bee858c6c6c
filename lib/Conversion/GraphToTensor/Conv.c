//===- Conv.c - conv and conv_transpose to dlc_tensor.conv ------*- C -*-===//
//
// conv: zero padding (amounts from WindowGeometry), dlc_tensor.conv, then
// the bias added per output channel.
//
// conv_transpose is a plain convolution of a spread input: zeros inserted
// between input elements (stride - 1 of them) and dilation * (k - 1) - pad
// zeros around (plus output_padding at the end; cropped where negative),
// convolved with stride 1 by the weight flipped in every spatial dim and
// with its channel dims swapped within each group.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Dialect/Graph/WindowGeometry.h"
#include "Dialect/OpDef.h"

static MlirValue addBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  return dlcScalarBinary(b, DLC_ADD, e[0], a[0], a[1]);
}

// Adds bias[m] to y[n, m, o..], the bias seen as M x 1 x .. x 1.
static MlirValue addBias(DlcRewriter *rw, MlirValue y, MlirValue bias) {
  if (mlirValueIsNull(bias))
    return y;
  DlcShape ys = dlcShapeOfValue(y), bs = {.rank = ys.rank - 1};
  bs.dims[0] = dlcShapeOfValue(bias).dims[0];
  for (int64_t i = 1; i < bs.rank; ++i)
    bs.dims[i] = 1;
  MlirValue in[2] = {y, dlcReshape(rw, bias, dlcTensorType(&bs, dlcEltOfValue(bias)))};
  return dlcMap(rw, "add", 2, in, mlirValueGetType(y), addBody, NULL);
}

// Replaces the op with `v`, reshaped to the declared result type where that
// is less static than what the decomposition computed.
static MlirLogicalResult replaceWith(DlcRewriter *rw, MlirValue v) {
  v = dlcReshape(rw, v, mlirValueGetType(dlcOpResult(rw->op, 0)));
  dlcReplaceOp(rw, 1, &v);
  return mlirLogicalResultSuccess();
}

static bool geometryOf(DlcRewriter *rw, DlcWindowGeometry *g) {
  DlcShape x = dlcShapeOfValue(dlcOpOperand(rw->op, 0));
  DlcShape w = dlcShapeOfValue(dlcOpOperand(rw->op, 1));
  return dlcWindowGeometry(rw->op, &x, &w, false, g);
}

static MlirLogicalResult lowerConv(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0), w = dlcOpOperand(rw->op, 1);
  DlcWindowGeometry g;
  if (!geometryOf(rw, &g))
    return dlcLoweringUnsupported(rw, "inconsistent geometry attributes");
  if (!g.padsKnown)
    return dlcLoweringUnsupported(rw, "automatic padding of a dynamic spatial dim");
  int64_t low[DLC_MAX_RANK] = {0}, high[DLC_MAX_RANK] = {0};
  bool padded = false;
  for (int64_t i = 0; i < g.numSpatial; ++i) {
    low[2 + i] = g.padBegin[i];
    high[2 + i] = g.padEnd[i];
    padded |= low[2 + i] || high[2 + i];
  }
  if (padded)
    x = dlcPad(rw, x, dlcScalarTensor(rw, dlcEltOfValue(x), 0), low, high, NULL);
  MlirValue y = dlcConvPrim(rw, x, w, g.strides, g.dilations, dlcOpInt(rw->op, "group"));
  return replaceWith(rw, addBias(rw, y, dlcOpOperand(rw->op, 2)));
}

// The input spread for the equivalent convolution: interior zeros for the
// stride, dilation * (k - 1) - pad around each spatial dim (output_padding
// more at the end), a crop where that is negative.
static MlirValue spreadInput(DlcRewriter *rw, MlirValue x, const DlcWindowGeometry *g) {
  int64_t low[DLC_MAX_RANK] = {0}, high[DLC_MAX_RANK] = {0}, interior[DLC_MAX_RANK] = {0};
  int64_t cropLow[DLC_MAX_RANK] = {0}, cropHigh[DLC_MAX_RANK] = {0};
  bool pad = false, crop = false;
  for (int64_t i = 0; i < g->numSpatial; ++i) {
    int64_t reach = g->dilations[i] * (g->kernel[i] - 1);
    int64_t lo = reach - g->padBegin[i], hi = reach - g->padEnd[i] + g->outputPadding[i];
    low[2 + i] = lo > 0 ? lo : 0;
    high[2 + i] = hi > 0 ? hi : 0;
    interior[2 + i] = g->strides[i] - 1;
    cropLow[2 + i] = lo < 0 ? -lo : 0;
    cropHigh[2 + i] = hi < 0 ? -hi : 0;
    pad |= low[2 + i] || high[2 + i] || interior[2 + i];
    crop |= cropLow[2 + i] || cropHigh[2 + i];
  }
  if (pad)
    x = dlcPad(rw, x, dlcScalarTensor(rw, dlcEltOfValue(x), 0), low, high, interior);
  if (!crop)
    return x;
  DlcShape s = dlcShapeOfValue(x);
  int64_t ones[DLC_MAX_RANK];
  for (int64_t i = 0; i < s.rank; ++i) {
    ones[i] = 1;
    if (s.dims[i] != DLC_DYN)
      s.dims[i] -= cropLow[i] + cropHigh[i];
  }
  return dlcSlice(rw, x, cropLow, ones, dlcTensorType(&s, dlcEltOfValue(x)));
}

// C x M/G x k.. (conv_transpose) -> M x C/G x k.. (conv): every spatial dim
// reversed, and the two channel dims swapped within each group.
static MlirValue convWeight(DlcRewriter *rw, MlirValue w, int64_t groups, const int64_t *kernel) {
  DlcShape s = dlcShapeOfValue(w);
  MlirType elt = dlcEltOfValue(w);
  int64_t offsets[DLC_MAX_RANK] = {0}, strides[DLC_MAX_RANK] = {1, 1};
  bool flip = false;
  for (int64_t i = 2; i < s.rank; ++i) {
    offsets[i] = kernel[i - 2] - 1;
    strides[i] = -1;
    flip |= kernel[i - 2] != 1;
  }
  if (flip)
    w = dlcSlice(rw, w, offsets, strides, mlirValueGetType(w));
  // Seen as G x C/G x M/G x k.., the weight needs its dims 1 and 2 swapped;
  // when one of them is 1 that is only a reshape.
  int64_t c = s.dims[0], mg = s.dims[1];
  int64_t cg = c == DLC_DYN ? DLC_DYN : c / groups;
  DlcShape grouped = {.rank = s.rank + 1}, out = s;
  grouped.dims[0] = groups;
  grouped.dims[1] = cg;
  grouped.dims[2] = mg;
  for (int64_t i = 2; i < s.rank; ++i)
    grouped.dims[i + 1] = s.dims[i];
  out.dims[0] = mg == DLC_DYN ? DLC_DYN : mg * groups;
  out.dims[1] = cg;
  if (cg != 1 && mg != 1) {
    // With one group the group dim is left out.
    int64_t first = groups == 1 ? 0 : 1, perm[DLC_MAX_RANK];
    for (int64_t i = 0; i < grouped.rank; ++i)
      perm[i] = i;
    perm[first] = first + 1, perm[first + 1] = first;
    if (groups != 1)
      w = dlcReshape(rw, w, dlcTensorType(&grouped, elt));
    w = dlcTranspose(rw, w, perm);
  }
  return dlcReshape(rw, w, dlcTensorType(&out, elt));
}

static MlirLogicalResult lowerConvTranspose(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0), w = dlcOpOperand(rw->op, 1);
  DlcWindowGeometry g;
  if (!geometryOf(rw, &g))
    return dlcLoweringUnsupported(rw, "inconsistent geometry attributes");
  if (!g.padsKnown)
    return dlcLoweringUnsupported(rw, "output_shape or automatic padding with a dynamic spatial "
                                      "dim");
  for (int64_t i = 0; i < g.numSpatial; ++i)
    if (g.kernel[i] == DLC_DYN)
      return dlcLoweringUnsupported(rw, "a dynamic kernel size");
  int64_t groups = dlcOpInt(rw->op, "group"), ones[DLC_MAX_SPATIAL] = {1, 1, 1};
  MlirValue y = dlcConvPrim(rw, spreadInput(rw, x, &g), convWeight(rw, w, groups, g.kernel), ones,
                            g.dilations, groups);
  return replaceWith(rw, addBias(rw, y, dlcOpOperand(rw->op, 2)));
}

const DlcLowering dlcConvLowerings[] = {
    {"dlc_graph.conv", lowerConv},
    {"dlc_graph.conv_transpose", lowerConvTranspose},
};
const size_t dlcNumConvLowerings = sizeof dlcConvLowerings / sizeof *dlcConvLowerings;
