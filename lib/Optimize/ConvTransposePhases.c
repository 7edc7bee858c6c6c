//===- ConvTransposePhases.c - The dlc-conv-transpose-phases pass -*- C -*-===//
//
// A transposed convolution of stride s lowers to a convolution of its
// input spread with s - 1 zeros between elements: of every s x s products
// all but one multiply a zero (a DCGAN generator's 4x4 stride-2 layers at
// 2-50 GFLOP/s, 5.6x onnxruntime's time). Output position o = s * j + e of
// a spatial dim only reads the kernel taps t = r + s * u, r = (e + pad) mod
// s: per residue e, the output is a plain convolution of the input with
// those taps' weights (flipped, channels swapped), and the outputs of the
// s^n residues interleave (depth to space). So each residue becomes a conv
// (pads chosen so that its output is j = 0 .., the input cropped where a
// pad would be negative), their results are concatenated along the
// channels, and a reshape, transpose and reshape interleave them. With
// stride 1 there is one residue: the transposed convolution is a conv,
// which the conv schedules and dlc-trim-conv-windows then take (DCGAN's
// first layer, 100 -> 512 channels from 1x1 to 4x4, reads one tap a pixel).
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

#include <stdlib.h>

#define MAX_RESIDUES 16

static MlirNamedAttribute ints(MlirContext ctx, const char *name, intptr_t n, const int64_t *v) {
  return dlcNamed(ctx, name, dlcI64ArrayAttr(ctx, n, v));
}

static MlirType withDims(MlirType like, intptr_t rank, const int64_t *dims) {
  return dlcTensorTypeOf(rank, dims, mlirShapedTypeGetElementType(like));
}

static int64_t floorDiv(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

// One spatial dim of one residue e: its taps r, r + s, .. (count taps), the
// input positions [first, first + count) its j = 0 .. output reads, and the
// pads that make a conv of the input produce exactly those outputs.
typedef struct Phase {
  int64_t r, taps, cropBegin, cropEnd, padBegin, padEnd;
} Phase;

static bool phaseOf(const DlcWindowGeometry *g, int64_t i, int64_t e, Phase *p) {
  int64_t s = g->strides[i], k = g->kernel[i], in = g->input[i], pb = g->padBegin[i];
  int64_t n = g->output[i] / s, q0 = floorDiv(e + pb, s);
  p->r = e + pb - q0 * s;
  p->taps = p->r < k ? (k - p->r + s - 1) / s : 0;
  if (p->taps == 0)
    return false;
  // out[j] = sum_u x[q0 + j - u] w[r + s u]: a correlation with the taps
  // flipped over x padded by taps - 1 - q0 before, enough after for n
  // outputs; negative pads crop x.
  int64_t before = p->taps - 1 - q0, after = n - 1 + p->taps - in - before;
  p->cropBegin = before < 0 ? -before : 0;
  p->padBegin = before > 0 ? before : 0;
  p->cropEnd = after < 0 ? -after : 0;
  p->padEnd = after > 0 ? after : 0;
  return p->cropBegin + p->cropEnd < in;
}

static MlirValue phaseConv(DlcRewriter *rw, const DlcWindowGeometry *g, MlirValue input,
                           const DlcElements *w, const Phase *ph, MlirValue bias) {
  DlcBuilder *b = &rw->b;
  MlirContext ctx = b->ctx;
  int64_t n = g->numSpatial;
  MlirType inputType = mlirValueGetType(input);
  DlcShape in;
  dlcShapeOf(inputType, &in);
  // The input crop, where a pad would be negative.
  int64_t starts[DLC_MAX_SPATIAL], ends[DLC_MAX_SPATIAL], axes[DLC_MAX_SPATIAL];
  bool crop = false;
  DlcShape cropped = in;
  for (int64_t i = 0; i < n; ++i) {
    axes[i] = 2 + i;
    starts[i] = ph[i].cropBegin;
    ends[i] = in.dims[2 + i] - ph[i].cropEnd;
    cropped.dims[2 + i] = ends[i] - starts[i];
    crop |= ph[i].cropBegin || ph[i].cropEnd;
  }
  MlirValue x = input;
  if (crop) {
    MlirNamedAttribute bounds[3] = {ints(ctx, "starts", n, starts), ints(ctx, "ends", n, ends),
                                    ints(ctx, "axes", n, axes)};
    x = dlcBuild1(b, "dlc_graph.slice", 1, &x, dlcTensorType(&cropped, dlcElementType(inputType)),
                  3, bounds);
  }
  // The conv weight M x C x taps..: w[c, m, r + s (taps - 1 - v)..].
  const DlcShape *ws = &w->shape;
  DlcShape kernel = {2 + n, {ws->dims[1], ws->dims[0]}};
  for (int64_t i = 0; i < n; ++i)
    kernel.dims[2 + i] = ph[i].taps;
  DlcElements k;
  dlcElementsCreate(dlcTensorType(&kernel, w->elt), &k);
  int64_t index[DLC_MAX_RANK], from[DLC_MAX_RANK];
  for (int64_t e = 0; e < k.count; ++e) {
    int64_t rest = e;
    for (int64_t d = kernel.rank - 1; d >= 0; --d) {
      index[d] = rest % kernel.dims[d];
      rest /= kernel.dims[d];
    }
    from[0] = index[1];
    from[1] = index[0];
    for (int64_t i = 0; i < n; ++i)
      from[2 + i] = ph[i].r + g->strides[i] * (ph[i].taps - 1 - index[2 + i]);
    int64_t f = 0;
    for (int64_t d = 0; d < ws->rank; ++d)
      f = f * ws->dims[d] + from[d];
    k.f[e] = w->f[f];
  }
  MlirValue operands[3] = {x, dlcBuildGraphConstantOf(b, &k), bias};
  dlcElementsFree(&k);
  int64_t pads[2 * DLC_MAX_SPATIAL];
  DlcShape out = {2 + n, {in.dims[0], ws->dims[1]}};
  for (int64_t i = 0; i < n; ++i) {
    pads[i] = ph[i].padBegin;
    pads[n + i] = ph[i].padEnd;
    out.dims[2 + i] = g->output[i] / g->strides[i];
  }
  MlirNamedAttribute attr = ints(ctx, "pads", 2 * n, pads);
  return dlcBuild1(b, "dlc_graph.conv", mlirValueIsNull(bias) ? 2 : 3, operands,
                   dlcTensorType(&out, dlcElementType(inputType)), 1, &attr);
}

static MlirLogicalResult convTransposePhases(DlcRewriter *rw) {
  MlirOperation op = rw->op;
  MlirValue input = dlcOpOperand(op, 0), weight = dlcOpOperand(op, 1), bias = dlcOpOperand(op, 2);
  MlirType inputType = mlirValueGetType(input), outType = mlirValueGetType(dlcOpResult(op, 0));
  MlirType weightType = mlirValueGetType(weight);
  if (!mlirShapedTypeHasStaticShape(inputType) || !mlirShapedTypeHasStaticShape(outType) ||
      !mlirShapedTypeHasStaticShape(weightType) || dlcOpInt(op, "group") != 1 ||
      mlirAttributeIsNull(dlcGraphConstantValue(weight)))
    return mlirLogicalResultFailure();
  DlcShape in, ws, out;
  dlcShapeOf(inputType, &in);
  dlcShapeOf(weightType, &ws);
  dlcShapeOf(outType, &out);
  DlcWindowGeometry g;
  if (!dlcWindowGeometry(op, &in, &ws, false, &g) || !g.padsKnown)
    return mlirLogicalResultFailure();
  int64_t n = g.numSpatial, residues = 1;
  for (int64_t i = 0; i < n; ++i) {
    if (g.dilations[i] != 1 || g.output[i] % g.strides[i] || g.padBegin[i] < 0)
      return mlirLogicalResultFailure();
    residues *= g.strides[i];
  }
  if (residues > MAX_RESIDUES)
    return mlirLogicalResultFailure();
  // Every residue's phase, in row-major order of (e_1, .., e_n).
  Phase phases[MAX_RESIDUES][DLC_MAX_SPATIAL];
  for (int64_t r = 0; r < residues; ++r)
    for (int64_t i = n - 1, rest = r; i >= 0; --i) {
      if (!phaseOf(&g, i, rest % g.strides[i], &phases[r][i]))
        return mlirLogicalResultFailure();
      rest /= g.strides[i];
    }
  DlcElements w;
  if (!dlcGraphConstantRead(weight, INT64_MAX, &w))
    return mlirLogicalResultFailure();
  if (!w.isFloat) {
    dlcElementsFree(&w);
    return mlirLogicalResultFailure();
  }
  // The residues' outputs side by side along the channels: N x (R * M) x
  // O1/s1 ...
  MlirValue all = (MlirValue){NULL};
  int64_t m = out.dims[1];
  DlcShape stacked = {2 + n, {out.dims[0], 0}};
  for (int64_t i = 0; i < n; ++i)
    stacked.dims[2 + i] = g.output[i] / g.strides[i];
  for (int64_t r = 0; r < residues; ++r) {
    MlirValue y = phaseConv(rw, &g, input, &w, phases[r], bias);
    stacked.dims[1] += m;
    if (mlirValueIsNull(all)) {
      all = y;
      continue;
    }
    MlirValue operands[2] = {all, y};
    MlirNamedAttribute axis = dlcNamed(rw->b.ctx, "axis", dlcI64Attr(rw->b.ctx, 1));
    all = dlcBuild1(&rw->b, "dlc_graph.concat", 2, operands, withDims(outType, stacked.rank,
                    stacked.dims), 1, &axis);
  }
  dlcElementsFree(&w);
  // N x s1 .. sn x M x J1 .. Jn -> N x M x J1 x s1 .. Jn x sn -> the output.
  DlcShape split = {2 + 2 * n, {out.dims[0]}}, moved = split;
  int64_t perm[DLC_MAX_RANK] = {0};
  for (int64_t i = 0; i < n; ++i)
    split.dims[1 + i] = g.strides[i];
  split.dims[1 + n] = m;
  for (int64_t i = 0; i < n; ++i)
    split.dims[2 + n + i] = stacked.dims[2 + i];
  perm[1] = 1 + n;
  for (int64_t i = 0; i < n; ++i) {
    perm[2 + 2 * i] = 2 + n + i;
    perm[3 + 2 * i] = 1 + i;
  }
  for (int64_t d = 0; d < split.rank; ++d)
    moved.dims[d] = split.dims[perm[d]];
  MlirContext ctx = rw->b.ctx;
  MlirNamedAttribute shape = ints(ctx, "shape", split.rank, split.dims);
  MlirValue v = dlcBuild1(&rw->b, "dlc_graph.reshape", 1, &all,
                          withDims(outType, split.rank, split.dims), 1, &shape);
  MlirNamedAttribute permAttr = ints(ctx, "perm", split.rank, perm);
  v = dlcBuild1(&rw->b, "dlc_graph.transpose", 1, &v, withDims(outType, moved.rank, moved.dims), 1,
                &permAttr);
  MlirNamedAttribute final = ints(ctx, "shape", out.rank, out.dims);
  v = dlcBuild1(&rw->b, "dlc_graph.reshape", 1, &v, outType, 1, &final);
  return dlcReplaceBySameType(rw, v);
}

static const DlcLowering patterns[] = {{"dlc_graph.conv_transpose", convTransposePhases}};

void dlcRunConvTransposePhases(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  dlcApplyRewrites(op, patterns, sizeof patterns / sizeof *patterns, NULL);
}
