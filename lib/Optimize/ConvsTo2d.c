//===- ConvsTo2d.c - The dlc-convs-to-2d pass -------------------*- C -*-===//
//
// DLC's schedules compute 2-D convolutions (NHWC, tiled and vectorized);
// 1-D and 3-D ones lowered to scalar loops: torchvision's R3D-18 on 8
// frames of 112x112 took 12.3 s (as 2-D ones 0.20; onnxruntime 0.30), a
// 1-D 256 -> 256 channel layer of width 3 over 1000 steps (a TCN's, an
// audio encoder's) 55 ms (1.8; onnxruntime 2.8), one thread.
//
// A 1-D convolution is a 2-D one of one row: input N x C x 1 x L, weight
// F x C/g x 1 x K, the window's attributes with a unit first dim.
//
// A 3-D convolution is a sum over its temporal taps of 2-D convolutions:
// for tap k, the frames `t * stride + k * dilation` (of the input
// zero-padded in time) of every output frame t, taken as a batch of
// images, convolved with the weights of tap k. So the input is padded in
// time, its frames moved before the channels (N x T x C x H x W), and per
// tap sliced and reshaped to an (N * To) x C x H x W batch; the taps'
// results (the bias with the first) are added and put back as N x F x To x
// Ho x Wo. Only the summation order changes (tap by tap rather than all
// taps of a pixel at once). A window across time only is simpler still
// (conv3dTemporal).
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

static MlirNamedAttribute ints(MlirContext ctx, const char *name, intptr_t n, const int64_t *v) {
  return dlcNamed(ctx, name, dlcI64ArrayAttr(ctx, n, v));
}

static MlirType withDims(MlirType like, intptr_t rank, const int64_t *dims) {
  return dlcTensorTypeOf(rank, dims, mlirShapedTypeGetElementType(like));
}

static MlirValue reshape(DlcBuilder *b, MlirValue x, intptr_t rank, const int64_t *dims,
                         MlirType type) {
  MlirNamedAttribute shape = ints(b->ctx, "shape", rank, dims);
  return dlcBuild1(b, "dlc_graph.reshape", 1, &x, type, 1, &shape);
}

// Temporal tap k of a 3-D weight (F x C/g x KT x KH x KW) as a 2-D one (F x
// C/g x KH x KW): a new constant when the weight is one (so that it is
// repacked when compiling, as every weight), else a slice.
static MlirValue tapWeight(DlcBuilder *b, MlirValue weight, const DlcElements *w, int64_t k) {
  MlirType type = mlirValueGetType(weight);
  DlcShape s;
  dlcShapeOf(type, &s);
  int64_t dims[4] = {s.dims[0], s.dims[1], s.dims[3], s.dims[4]};
  if (!w) {
    int64_t end = k + 1, axis = 2, sliced[5] = {s.dims[0], s.dims[1], 1, s.dims[3], s.dims[4]};
    MlirNamedAttribute bounds[3] = {ints(b->ctx, "starts", 1, &k), ints(b->ctx, "ends", 1, &end),
                                    ints(b->ctx, "axes", 1, &axis)};
    MlirValue v = dlcBuild1(b, "dlc_graph.slice", 1, &weight, withDims(type, 5, sliced), 3, bounds);
    return reshape(b, v, 4, dims, withDims(type, 4, dims));
  }
  DlcElements tap;
  dlcElementsCreate(withDims(type, 4, dims), &tap);
  int64_t plane = s.dims[3] * s.dims[4], outer = s.dims[0] * s.dims[1];
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t p = 0; p < plane; ++p)
      tap.f[o * plane + p] = w->f[(o * s.dims[2] + k) * plane + p];
  MlirValue v = dlcBuildGraphConstantOf(b, &tap);
  dlcElementsFree(&tap);
  return v;
}

// `weight` with the 4-D shape `kernel` (the same elements): a new constant
// when it is one (repacked when compiling, as every weight), else a reshape.
static MlirValue weightAs4d(DlcBuilder *b, MlirValue weight, const int64_t *kernel) {
  MlirType type = mlirValueGetType(weight);
  DlcElements w;
  if (mlirAttributeIsNull(dlcGraphConstantValue(weight)) ||
      !dlcGraphConstantRead(weight, INT64_MAX, &w))
    return reshape(b, weight, 4, kernel, withDims(type, 4, kernel));
  DlcElements k = w;
  k.shape = (DlcShape){4, {kernel[0], kernel[1], kernel[2], kernel[3]}};
  k.type = withDims(type, 4, kernel);
  MlirValue v = dlcBuildGraphConstantOf(b, &k);
  dlcElementsFree(&w);
  return v;
}

// The 2-D conv of `operands` (input, weight and, unless null, bias) with
// the group of `conv` and the given window; its result of `type`.
static MlirValue conv2d(DlcBuilder *b, MlirOperation conv, const MlirValue *operands,
                        const int64_t *pads, const int64_t *strides, const int64_t *dilations,
                        MlirType type) {
  MlirContext ctx = b->ctx;
  MlirNamedAttribute attrs[4] = {ints(ctx, "pads", 4, pads), ints(ctx, "strides", 2, strides),
                                 ints(ctx, "dilations", 2, dilations),
                                 dlcNamed(ctx, "group", dlcI64Attr(ctx, dlcOpInt(conv, "group")))};
  return dlcBuild1(b, "dlc_graph.conv", mlirValueIsNull(operands[2]) ? 2 : 3, operands, type, 4,
                   attrs);
}

static MlirLogicalResult conv3d(DlcRewriter *rw, const DlcWindowGeometry *g) {
  MlirOperation op = rw->op;
  MlirValue input = dlcOpOperand(op, 0), weight = dlcOpOperand(op, 1), bias = dlcOpOperand(op, 2);
  MlirType inputType = mlirValueGetType(input), weightType = mlirValueGetType(weight);
  MlirType outType = mlirValueGetType(dlcOpResult(op, 0));
  if (!mlirShapedTypeHasStaticShape(inputType) || !mlirShapedTypeHasStaticShape(outType))
    return mlirLogicalResultFailure();
  DlcShape in, ws, out;
  dlcShapeOf(inputType, &in);
  dlcShapeOf(weightType, &ws);
  dlcShapeOf(outType, &out);
  DlcElements w;
  bool constant = !mlirAttributeIsNull(dlcGraphConstantValue(weight)) &&
                  dlcGraphConstantRead(weight, INT64_MAX, &w);
  if (constant && !w.isFloat) {
    dlcElementsFree(&w);
    return mlirLogicalResultFailure();
  }
  MlirContext ctx = rw->b.ctx;
  DlcBuilder *b = &rw->b;
  int64_t n = in.dims[0], c = in.dims[1], f = out.dims[1], frames = out.dims[2];
  // Zero frames before and after, as the time pads say.
  MlirValue x = input;
  int64_t padded = in.dims[2] + g->padBegin[0] + g->padEnd[0];
  if (g->padBegin[0] || g->padEnd[0]) {
    int64_t pads[10] = {0}, dims[5] = {n, c, padded, in.dims[3], in.dims[4]};
    pads[2] = g->padBegin[0];
    pads[7] = g->padEnd[0];
    int32_t segments[3] = {1, 0, 0};
    MlirNamedAttribute attrs[2] = {
        ints(ctx, "pads", 10, pads),
        dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 3, segments))};
    x = dlcBuild1(b, "dlc_graph.pad", 1, &x, withDims(inputType, 5, dims), 2, attrs);
  }
  // N x T x C x H x W: a frame's channels and pixels contiguous.
  int64_t toFrames[5] = {0, 2, 1, 3, 4};
  int64_t framesFirst[5] = {n, padded, c, in.dims[3], in.dims[4]};
  MlirNamedAttribute perm = ints(ctx, "perm", 5, toFrames);
  x = dlcBuild1(b, "dlc_graph.transpose", 1, &x, withDims(inputType, 5, framesFirst), 1, &perm);
  int64_t pads2d[4] = {g->padBegin[1], g->padBegin[2], g->padEnd[1], g->padEnd[2]};
  int64_t batch[4] = {n * frames, f, out.dims[3], out.dims[4]};
  MlirValue sum = (MlirValue){NULL};
  for (int64_t k = 0; k < ws.dims[2]; ++k) {
    int64_t start = k * g->dilations[0], end = start + (frames - 1) * g->strides[0] + 1, axis = 1;
    int64_t sliced[5] = {n, frames, c, in.dims[3], in.dims[4]};
    MlirNamedAttribute bounds[4] = {ints(ctx, "starts", 1, &start), ints(ctx, "ends", 1, &end),
                                    ints(ctx, "axes", 1, &axis),
                                    ints(ctx, "steps", 1, &g->strides[0])};
    MlirValue s = dlcBuild1(b, "dlc_graph.slice", 1, &x, withDims(inputType, 5, sliced), 4, bounds);
    int64_t images[4] = {n * frames, c, in.dims[3], in.dims[4]};
    MlirValue operands[3] = {reshape(b, s, 4, images, withDims(inputType, 4, images)),
                             tapWeight(b, weight, constant ? &w : NULL, k),
                             k == 0 ? bias : (MlirValue){NULL}};
    MlirValue y = conv2d(b, op, operands, pads2d, g->strides + 1, g->dilations + 1,
                         withDims(outType, 4, batch));
    if (mlirValueIsNull(sum)) {
      sum = y;
      continue;
    }
    MlirValue terms[2] = {sum, y};
    sum = dlcBuild1(b, "dlc_graph.add", 2, terms, withDims(outType, 4, batch), 0, NULL);
  }
  if (constant)
    dlcElementsFree(&w);
  int64_t split[5] = {n, frames, f, out.dims[3], out.dims[4]};
  sum = reshape(b, sum, 5, split, withDims(outType, 5, split));
  MlirNamedAttribute back = ints(ctx, "perm", 5, toFrames);
  sum = dlcBuild1(b, "dlc_graph.transpose", 1, &sum, outType, 1, &back);
  return dlcReplaceBySameType(rw, sum);
}

// A 1-D convolution as a 2-D one of one row. A dynamic batch stays one: the
// reshapes copy dim 0 (shape entry 0).
static MlirLogicalResult conv1d(DlcRewriter *rw, const DlcWindowGeometry *g) {
  MlirOperation op = rw->op;
  MlirValue input = dlcOpOperand(op, 0), weight = dlcOpOperand(op, 1);
  MlirType inputType = mlirValueGetType(input), weightType = mlirValueGetType(weight);
  MlirType outType = mlirValueGetType(dlcOpResult(op, 0));
  DlcShape in, ws, out;
  dlcShapeOf(inputType, &in);
  dlcShapeOf(weightType, &ws);
  dlcShapeOf(outType, &out);
  if (!mlirShapedTypeHasStaticShape(weightType) || in.dims[1] == DLC_DYN ||
      in.dims[2] == DLC_DYN || out.dims[1] == DLC_DYN || out.dims[2] == DLC_DYN)
    return mlirLogicalResultFailure();
  DlcBuilder *b = &rw->b;
  int64_t rows[4] = {0, in.dims[1], 1, in.dims[2]}, rowsType[4] = {in.dims[0], in.dims[1], 1, in.dims[2]};
  int64_t kernel[4] = {ws.dims[0], ws.dims[1], 1, ws.dims[2]};
  MlirValue operands[3] = {reshape(b, input, 4, rows, withDims(inputType, 4, rowsType)),
                           weightAs4d(b, weight, kernel), dlcOpOperand(op, 2)};
  int64_t pads[4] = {0, g->padBegin[0], 0, g->padEnd[0]}, strides[2] = {1, g->strides[0]};
  int64_t dilations[2] = {1, g->dilations[0]};
  int64_t rowOut[4] = {out.dims[0], out.dims[1], 1, out.dims[2]};
  MlirValue y = conv2d(b, op, operands, pads, strides, dilations, withDims(outType, 4, rowOut));
  int64_t back[3] = {0, out.dims[1], out.dims[2]};
  return dlcReplaceBySameType(rw, reshape(b, y, 3, back, outType));
}

// A 3-D convolution whose window spans time only (a (2+1)-D network's
// temporal layers, kernel KT x 1 x 1, no stride or pads across the image):
// a 2-D one over (time, pixel), the image's rows and columns one dim
// (contiguous: the reshapes are views), with no per-tap slices or sums.
static bool temporalOnly(const DlcWindowGeometry *g) {
  for (int64_t i = 1; i < 3; ++i)
    if (g->kernel[i] != 1 || g->strides[i] != 1 || g->padBegin[i] || g->padEnd[i])
      return false;
  return true;
}

static MlirLogicalResult conv3dTemporal(DlcRewriter *rw, const DlcWindowGeometry *g) {
  MlirOperation op = rw->op;
  MlirValue input = dlcOpOperand(op, 0), weight = dlcOpOperand(op, 1);
  MlirType inputType = mlirValueGetType(input), weightType = mlirValueGetType(weight);
  MlirType outType = mlirValueGetType(dlcOpResult(op, 0));
  if (!mlirShapedTypeHasStaticShape(inputType) || !mlirShapedTypeHasStaticShape(outType))
    return mlirLogicalResultFailure();
  DlcShape in, ws, out;
  dlcShapeOf(inputType, &in);
  dlcShapeOf(weightType, &ws);
  dlcShapeOf(outType, &out);
  DlcBuilder *b = &rw->b;
  int64_t rows[4] = {in.dims[0], in.dims[1], in.dims[2], in.dims[3] * in.dims[4]};
  int64_t kernel[4] = {ws.dims[0], ws.dims[1], ws.dims[2], 1};
  MlirValue operands[3] = {reshape(b, input, 4, rows, withDims(inputType, 4, rows)),
                           weightAs4d(b, weight, kernel), dlcOpOperand(op, 2)};
  int64_t pads[4] = {g->padBegin[0], 0, g->padEnd[0], 0}, strides[2] = {g->strides[0], 1};
  int64_t dilations[2] = {g->dilations[0], 1};
  int64_t flat[4] = {out.dims[0], out.dims[1], out.dims[2], out.dims[3] * out.dims[4]};
  MlirValue y = conv2d(b, op, operands, pads, strides, dilations, withDims(outType, 4, flat));
  return dlcReplaceBySameType(rw, reshape(b, y, 5, out.dims, outType));
}

static MlirLogicalResult convTo2d(DlcRewriter *rw) {
  MlirOperation op = rw->op;
  MlirType inputType = mlirValueGetType(dlcOpOperand(op, 0));
  MlirType weightType = mlirValueGetType(dlcOpOperand(op, 1));
  if (!mlirShapedTypeHasRank(inputType) || !mlirShapedTypeHasStaticShape(weightType))
    return mlirLogicalResultFailure();
  intptr_t rank = mlirShapedTypeGetRank(inputType);
  if (rank != 3 && rank != 5)
    return mlirLogicalResultFailure();
  DlcShape in, ws;
  dlcShapeOf(inputType, &in);
  dlcShapeOf(weightType, &ws);
  DlcWindowGeometry g;
  if (!dlcWindowGeometry(op, &in, &ws, false, &g) || !g.padsKnown)
    return mlirLogicalResultFailure();
  return rank == 3 ? conv1d(rw, &g) : temporalOnly(&g) ? conv3dTemporal(rw, &g) : conv3d(rw, &g);
}

static const DlcLowering patterns[] = {{"dlc_graph.conv", convTo2d}};

void dlcRunConvsTo2d(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  dlcApplyRewrites(op, patterns, sizeof patterns / sizeof *patterns, NULL);
}
