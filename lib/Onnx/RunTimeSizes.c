//===- RunTimeSizes.c - Ops whose sizes are fed at run time -----*- C -*-===//
//
// Ops whose output sizes follow from input values that are known only
// when the code runs, decomposed into graph ops on run-time iotas
// (RunTimeValues.c), so that one compiled artifact serves every value:
//
// - Hann, Hamming and Blackman windows of a run-time `size`: the cosine
//   sums of RunTimeValues' iota, in f64 as the constant form computes them.
// - Pad in edge, reflect and wrap modes with run-time pads: per padded dim
//   a gather at source positions computed from the pads and the dim (the
//   constant mode has its own lowering, RunTimePad.c). Negative pads crop
//   first; the positive pads then extend what is left, as dlc_graph.pad.
// - AffineGrid of a run-time `size`: each output coordinate is theta's row
//   times (x, y[, z], 1), with x, y, z the normalized positions along each
//   spatial dim, broadcast against each other (no reshape of run-time
//   sizes is needed). The rank follows from the static length of `size`.
// - Col2Im of a run-time image_shape or block_shape: for each output
//   channel, block offset and image position, the block position (if any)
//   that puts the offset there; a gather from the flattened input at those
//   positions, summed over the offsets.
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>

static MlirType i64Of(DlcOnnxNode *n) { return mlirIntegerTypeGet(n->ctx, 64); }

// `x op c` for a 0-d constant c of x's element type.
static DlcOnnxStatus withConstant(DlcOnnxNode *n, const char *name, MlirValue x, double c,
                                  MlirValue *out) {
  MlirValue k;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, mlirShapedTypeGetElementType(mlirValueGetType(x)), c, &k));
  return dlcOnnxBinaryOp(n, name, x, k, out);
}

// Input `i` as a 1-D i64 tensor of a static length (`what` names it).
static DlcOnnxStatus staticLengthI64(DlcOnnxNode *n, int i, const char *what, MlirValue *out,
                                     int64_t *length) {
  DLC_ONNX_TRY(dlcOnnxInput(n, i, out));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, *out, i64Of(n), out));
  MlirType type = mlirValueGetType(*out);
  int64_t rank = mlirShapedTypeGetRank(type);
  if (rank > 1 || (rank == 1 && mlirShapedTypeIsDynamicDim(type, 0)))
    return dlcOnnxUnsupported(n, "input '%s' known only at run time needs a static length: it "
                                 "decides the result's rank; bind it with --bind-input",
                              what);
  *length = rank == 0 ? 1 : mlirShapedTypeGetDimSize(type, 0);
  if (rank == 0) {
    int64_t one = 1;
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", *out, &one, 1, out));
  }
  return DLC_ONNX_OK;
}

// Entry k of the 1-D `t` as a 1-element 1-D tensor.
static DlcOnnxStatus entry(DlcOnnxNode *n, MlirValue t, int64_t k, MlirValue *out) {
  return dlcOnnxSliceOp(n, t, 0, k, k + 1, 1, out);
}

//===----------------------------------------------------------------------===//
// Windows
//===----------------------------------------------------------------------===//

DlcOnnxStatus dlcOnnxRunTimeWindow(DlcOnnxNode *n, const double a[3], bool periodic,
                                   MlirType elt, MlirValue *out) {
  MlirType f64 = mlirF64TypeGet(n->ctx);
  MlirValue size, k, period, x, c1, c2;
  int64_t length;
  DLC_ONNX_TRY(staticLengthI64(n, 0, "size", &size, &length));
  if (length != 1)
    return dlcOnnxError(n, "input 'size' must hold one value");
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, size, &k));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, k, f64, &k));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, size, f64, &period));
  if (!periodic)
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.sub", period, 1, &period));
  // x = 2 pi k / N, as the constant form computes it.
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", k, 2 * M_PI, &x));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", x, period, &x));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.cos", x, &c1));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", x, 2, &c2));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.cos", c2, &c2));
  // a0 - a1 cos(x) + a2 cos(2x)
  MlirValue w, a0;
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", c1, -a[1], &w));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", c2, a[2], &c2));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", w, c2, &w));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, a[0], &a0));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", a0, w, &w));
  return dlcOnnxCastOp(n, w, elt, out);
}

//===----------------------------------------------------------------------===//
// Pad: edge, reflect and wrap modes
//===----------------------------------------------------------------------===//

static DlcOnnxStatus maxConst(DlcOnnxNode *n, MlirValue x, double c, MlirValue *out) {
  return withConstant(n, "dlc_graph.max", x, c, out);
}

// The input positions output dim `d` reads: with b, e the pads (1-element
// i64) and s the dim, the kept part is [cb, s - ce) of k elements, cb and
// ce the crops; p = i - max(b, 0) for output position i, and the source is
// cb + clamp(p, 0, k - 1) (edge), p mod k (wrap) or p mirrored with period
// 2 (k - 1) (reflect).
static DlcOnnxStatus padSource(DlcOnnxNode *n, DlcPadMode mode, MlirValue b, MlirValue e,
                               MlirValue s, MlirValue *out) {
  MlirValue zero, cb, ce, k, lo, hi, length, i, p, src;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64Of(n), 0, &zero));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", zero, b, &cb));
  DLC_ONNX_TRY(maxConst(n, cb, 0, &cb));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", zero, e, &ce));
  DLC_ONNX_TRY(maxConst(n, ce, 0, &ce));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", s, cb, &k));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", k, ce, &k));
  DLC_ONNX_TRY(maxConst(n, k, 0, &k));
  DLC_ONNX_TRY(maxConst(n, b, 0, &lo));
  DLC_ONNX_TRY(maxConst(n, e, 0, &hi));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", k, lo, &length));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", length, hi, &length));
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, length, &i));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", i, lo, &p));
  // An empty kept part has no source: every case below reads position cb
  // of an empty length only when the output is empty too.
  MlirValue kk;
  DLC_ONNX_TRY(maxConst(n, k, 1, &kk));
  if (mode == DLC_PAD_EDGE) {
    MlirValue last;
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.sub", kk, 1, &last));
    DLC_ONNX_TRY(maxConst(n, p, 0, &src));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.min", src, last, &src));
  } else if (mode == DLC_PAD_WRAP) {
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mod", p, kk, &src));
  } else {
    MlirValue period, m, mirrored, inside;
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.sub", kk, 1, &period));
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", period, 2, &period));
    DLC_ONNX_TRY(maxConst(n, period, 1, &period)); // k = 1: every position reads the one element
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mod", p, period, &m));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", period, m, &mirrored));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", m, kk, &inside));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, inside, m, mirrored, &src));
  }
  return dlcOnnxBinaryOp(n, "dlc_graph.add", src, cb, out);
}

DlcOnnxStatus dlcOnnxRunTimePadGather(DlcOnnxNode *n, MlirValue x, DlcPadMode mode, MlirValue pads,
                                      const int64_t *axes, int64_t numAxes, MlirValue *out) {
  int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(x));
  int64_t count = mlirShapedTypeGetDimSize(mlirValueGetType(pads), 0) / 2;
  if (numAxes < 0 && count != rank)
    return dlcOnnxError(n, "input 'pads' has %lld values for an input of rank %lld",
                        (long long)(2 * count), (long long)rank);
  MlirValue dims;
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.shape", x, &dims));
  for (int64_t j = 0; j < count; ++j) {
    int64_t axis = numAxes >= 0 ? axes[j] : j;
    axis = axis < 0 ? axis + rank : axis;
    if (axis < 0 || axis >= rank)
      return dlcOnnxError(n, "axis %lld is out of range for rank %lld", (long long)axes[j],
                          (long long)rank);
    MlirValue b, e, s, src;
    DLC_ONNX_TRY(entry(n, pads, j, &b));
    DLC_ONNX_TRY(entry(n, pads, count + j, &e));
    DLC_ONNX_TRY(entry(n, dims, axis, &s));
    DLC_ONNX_TRY(padSource(n, mode, b, e, s, &src));
    DlcOnnxOp gather;
    dlcOnnxOpInit(&gather, "dlc_graph.gather");
    gather.operands[0] = x;
    gather.operands[1] = src;
    dlcOnnxOpInt(n, &gather, "axis", axis);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
    x = gather.results[0];
  }
  *out = x;
  return DLC_ONNX_OK;
}

//===----------------------------------------------------------------------===//
// AffineGrid
//===----------------------------------------------------------------------===//

// The normalized positions (f64, `?` long) along a dim of the 1-element
// i64 size `s`: -1 + 2 i / (s - 1) with align_corners (-1 when s is 1),
// else -1 + (2 i + 1) / s, pixel centers.
static DlcOnnxStatus gridPositions(DlcOnnxNode *n, MlirValue s, bool align, MlirValue *out) {
  MlirType f64 = mlirF64TypeGet(n->ctx);
  MlirValue i, sf, c;
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, s, &i));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, i, f64, &i));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, s, f64, &sf));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", i, 2, &c));
  if (align) {
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.sub", sf, 1, &sf));
    DLC_ONNX_TRY(maxConst(n, sf, 1, &sf));
  } else {
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.add", c, 1, &c));
  }
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", c, sf, &c));
  return withConstant(n, "dlc_graph.sub", c, 1, out);
}

DlcOnnxStatus dlcOnnxRunTimeAffineGrid(DlcOnnxNode *n, MlirValue theta, bool align,
                                       MlirValue *out) {
  MlirValue size;
  int64_t count;
  DLC_ONNX_TRY(staticLengthI64(n, 1, "size", &size, &count));
  int64_t dims = count - 2;
  MlirType thetaType = mlirValueGetType(theta);
  if (dims != 2 && dims != 3)
    return dlcOnnxError(n, "input 'size' must be N, C, H, W or N, C, D, H, W");
  if (mlirShapedTypeGetRank(thetaType) != 3 || mlirShapedTypeGetDimSize(thetaType, 1) != dims ||
      mlirShapedTypeGetDimSize(thetaType, 2) != dims + 1)
    return dlcOnnxError(n, "input 'theta' must be N x %lld x %lld", (long long)dims,
                        (long long)(dims + 1));
  // Coordinate c (x, y, z) varies along output dim dims - c (after N):
  // shaped 1 x .. x ? x .. x 1 (rank dims + 2, the last the coordinate's)
  // to broadcast; no reshape of more than one run-time dim is needed.
  MlirType elt = mlirShapedTypeGetElementType(thetaType);
  MlirValue coord[3];
  for (int64_t c = 0; c < dims; ++c) {
    MlirValue s;
    DLC_ONNX_TRY(entry(n, size, 2 + dims - 1 - c, &s));
    DLC_ONNX_TRY(gridPositions(n, s, align, &coord[c]));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, coord[c], elt, &coord[c]));
    int64_t shape[5] = {1, 1, 1, 1, 1};
    shape[dims - c] = -1;
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", coord[c], shape, dims + 2, &coord[c]));
  }
  MlirValue result = {NULL};
  int64_t batch = mlirShapedTypeGetDimSize(thetaType, 0);
  for (int64_t r = 0; r < dims; ++r) {
    MlirValue row, acc = {NULL};
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, theta, 1, r, r + 1, 1, &row));
    for (int64_t c = 0; c <= dims; ++c) {
      // theta[:, r, c] as N x 1 x .. x 1.
      MlirValue t, term;
      int64_t shape[5] = {batch, 1, 1, 1, 1};
      DLC_ONNX_TRY(dlcOnnxSliceOp(n, row, 2, c, c + 1, 1, &t));
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", t, shape, dims + 2, &t));
      if (c == dims)
        term = t;
      else
        DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", t, coord[c], &term));
      if (mlirValueIsNull(acc))
        acc = term;
      else
        DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", acc, term, &acc));
    }
    DLC_ONNX_TRY(dlcOnnxConcatOp(n, result, acc, dims + 1, &result));
  }
  *out = result;
  return DLC_ONNX_OK;
}

//===----------------------------------------------------------------------===//
// Col2Im
//===----------------------------------------------------------------------===//

// `v` (1-D, ? long) reshaped to vary along dim `at` of rank `rank`.
static DlcOnnxStatus along(DlcOnnxNode *n, MlirValue v, int64_t at, int64_t rank, MlirValue *out) {
  int64_t shape[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    shape[i] = i == at ? -1 : 1;
  return dlcOnnxShapeOp(n, "dlc_graph.reshape", v, shape, rank, out);
}

static DlcOnnxStatus iotaAlong(DlcOnnxNode *n, MlirValue count, int64_t at, int64_t rank,
                               MlirValue *out) {
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, count, out));
  return along(n, *out, at, rank, out);
}

DlcOnnxStatus dlcOnnxRunTimeCol2Im(DlcOnnxNode *n, MlirValue x, MlirValue *out) {
  MlirType xType = mlirValueGetType(x);
  MlirValue image, block;
  int64_t s, nb;
  DLC_ONNX_TRY(staticLengthI64(n, 1, "image_shape", &image, &s));
  DLC_ONNX_TRY(staticLengthI64(n, 2, "block_shape", &block, &nb));
  if (s < 1 || nb != s || s > DLC_MAX_RANK - 3)
    return dlcOnnxError(n, "inputs 'image_shape' and 'block_shape' must have the same length, "
                           "1 to %d",
                        DLC_MAX_RANK - 3);
  const int64_t *dil, *pads, *strides;
  DLC_ONNX_TRY(dlcOnnxCol2ImAttributes(n, s, &dil, &pads, &strides));
  for (int64_t i = 0; i < s; ++i)
    if ((dil && dil[i] < 1) || (strides && strides[i] < 1))
      return dlcOnnxError(n, "dilations and strides must be positive");
  if (mlirShapedTypeGetRank(xType) != 3 || !mlirShapedTypeHasStaticShape(xType))
    return dlcOnnxUnsupported(n, "the input must be 3-D (N x C*prod(block_shape) x L) with a "
                                 "static shape");
  int64_t nn = mlirShapedTypeGetDimSize(xType, 0), ck = mlirShapedTypeGetDimSize(xType, 1);
  int64_t l = mlirShapedTypeGetDimSize(xType, 2), rank = 2 + s; // [C, K, image..]
  MlirType i64 = i64Of(n);
  MlirValue img[DLC_MAX_RANK], blk[DLC_MAX_RANK], blocks[DLC_MAX_RANK], k = {NULL};
  for (int64_t i = 0; i < s; ++i) {
    DLC_ONNX_TRY(entry(n, image, i, &img[i]));
    DLC_ONNX_TRY(entry(n, block, i, &blk[i]));
    if (mlirValueIsNull(k))
      k = blk[i];
    else
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", k, blk[i], &k));
    // Block positions along dim i: (image + pads - (d (block - 1) + 1)) / stride + 1.
    MlirValue span;
    int64_t d = dil ? dil[i] : 1, padded = pads ? pads[i] + pads[s + i] : 0;
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.sub", blk[i], 1, &span));
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", span, (double)d, &span));
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.add", img[i], (double)(padded - 1), &blocks[i]));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", blocks[i], span, &blocks[i]));
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.div", blocks[i], (double)(strides ? strides[i] : 1),
                              &blocks[i]));
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.add", blocks[i], 1, &blocks[i]));
  }
  // Output channel c, block offset kk and image position p (one dim each):
  // the block offset's own position ks_i along each dim, and the block
  // position l_i that puts it at p_i, when there is one.
  MlirValue channels, c, kk, valid = {NULL}, lflat = {NULL}, zero;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)ck, &channels));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", channels, k, &channels));
  DLC_ONNX_TRY(iotaAlong(n, channels, 0, rank, &c));
  DLC_ONNX_TRY(iotaAlong(n, k, 1, rank, &kk));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  MlirValue inner = {NULL}, innerBlocks = {NULL}; // products of the dims after i
  for (int64_t i = s - 1; i >= 0; --i) {
    MlirValue ks = kk, p, t, li, ok, rem, inRange;
    if (!mlirValueIsNull(inner))
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", ks, inner, &ks));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mod", ks, blk[i], &ks));
    DLC_ONNX_TRY(iotaAlong(n, img[i], 2 + i, rank, &p));
    // t = p + pad_begin - ks * d; l_i = t / stride when t >= 0 divides.
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", ks, (double)(dil ? dil[i] : 1), &ks));
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.add", p, (double)(pads ? pads[i] : 0), &t));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", t, ks, &t));
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.mod", t, (double)(strides ? strides[i] : 1), &rem));
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.div", t, (double)(strides ? strides[i] : 1), &li));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", rem, zero, &ok));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less_equal", zero, t, &inRange));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", ok, inRange, &ok));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", li, blocks[i], &inRange));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", ok, inRange, &ok));
    if (!mlirValueIsNull(innerBlocks))
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", li, innerBlocks, &li));
    if (mlirValueIsNull(valid)) {
      valid = ok, lflat = li;
    } else {
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", valid, ok, &valid));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", lflat, li, &lflat));
    }
    if (mlirValueIsNull(inner)) {
      inner = blk[i], innerBlocks = blocks[i];
    } else {
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", inner, blk[i], &inner));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", innerBlocks, blocks[i], &innerBlocks));
    }
  }
  // x[n, c * K + kk, l] as a gather from x flattened to [N, C*K*L]; the
  // positions no block lands on read element 0 and add nothing.
  MlirValue flat, row, picked, y, zeroX;
  int64_t flatDims[2] = {nn, ck * l}, sumAxis = 2;
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", c, k, &row));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", row, kk, &row));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", row, (double)l, &row));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, valid, lflat, zero, &lflat));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", row, lflat, &row));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, flatDims, 2, &flat));
  DlcOnnxOp gather;
  dlcOnnxOpInit(&gather, "dlc_graph.gather");
  gather.operands[0] = flat, gather.operands[1] = row;
  dlcOnnxOpInt(n, &gather, "axis", 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, mlirShapedTypeGetElementType(xType), 0, &zeroX));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, valid, gather.results[0], zeroX, &picked));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", picked, &sumAxis, 1, false, &y));
  *out = y;
  return DLC_ONNX_OK;
}

//===----------------------------------------------------------------------===//
// MelWeightMatrix
//===----------------------------------------------------------------------===//

// Input `i` (one value) cast to `elt`, as a 1-element tensor.
static DlcOnnxStatus oneValue(DlcOnnxNode *n, int i, const char *what, MlirType elt,
                              MlirValue *out) {
  int64_t single = 1;
  DLC_ONNX_TRY(dlcOnnxInput(n, i, out));
  MlirType type = mlirValueGetType(*out);
  if (mlirShapedTypeGetRank(type) > 1 ||
      (mlirShapedTypeGetRank(type) == 1 && mlirShapedTypeGetDimSize(type, 0) != 1))
    return dlcOnnxError(n, "input '%s' must hold one value", what);
  DLC_ONNX_TRY(dlcOnnxCastOp(n, *out, elt, out));
  return dlcOnnxShapeOp(n, "dlc_graph.reshape", *out, &single, 1, out);
}

// The mels of hertz `hz` (f32, as the reference's float32 edges):
// 2595 log10(1 + hz / 700).
static DlcOnnxStatus toMel(DlcOnnxNode *n, MlirValue hz, MlirValue *out) {
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.div", hz, 700, out));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.add", *out, 1, out));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.log", *out, out));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.div", *out, M_LN10, out));
  return withConstant(n, "dlc_graph.mul", *out, 2595, out);
}

// DFT bin of mel point `i` (f64): floor((length + 1) hz / rate), hz =
// 700 (10^((i step + low) / 2595) - 1).
static DlcOnnxStatus melPoint(DlcOnnxNode *n, MlirValue i, MlirValue step, MlirValue low,
                              MlirValue lengthPlus1, MlirValue rate, MlirValue *out) {
  MlirValue v;
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", i, step, &v));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", v, low, &v));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", v, M_LN10 / 2595, &v));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.exp", v, &v));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.sub", v, 1, &v));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.mul", v, 700, &v));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", v, lengthPlus1, &v));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", v, rate, &v));
  return dlcOnnxUnaryOp(n, "dlc_graph.floor", v, out);
}

DlcOnnxStatus dlcOnnxRunTimeMelWeightMatrix(DlcOnnxNode *n, MlirType elt, MlirValue *out) {
  MlirType i64 = i64Of(n), f32 = mlirF32TypeGet(n->ctx), f64 = mlirF64TypeGet(n->ctx);
  MlirValue bins, length, rate, lower, upper;
  DLC_ONNX_TRY(oneValue(n, 0, "num_mel_bins", i64, &bins));
  DLC_ONNX_TRY(oneValue(n, 1, "dft_length", i64, &length));
  DLC_ONNX_TRY(oneValue(n, 2, "sample_rate", f64, &rate));
  DLC_ONNX_TRY(oneValue(n, 3, "lower_edge_hertz", f32, &lower));
  DLC_ONNX_TRY(oneValue(n, 4, "upper_edge_hertz", f32, &upper));
  // The mel step in f32: (high - low) / (bins + 2).
  MlirValue lowMel, highMel, step, parts;
  DLC_ONNX_TRY(toMel(n, lower, &lowMel));
  DLC_ONNX_TRY(toMel(n, upper, &highMel));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.add", bins, 2, &parts));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, parts, f32, &parts));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", highMel, lowMel, &step));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", step, parts, &step));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, step, f64, &step));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, lowMel, f64, &lowMel));
  // Rows j (the DFT bins, length / 2 + 1) down, mel bins i across; bin i
  // rises from point i to point i + 1 and falls to point i + 2.
  MlirValue rows, j, i, lengthPlus1, point[3];
  int64_t column[2] = {-1, 1}, row[2] = {1, -1};
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.div", length, 2, &rows));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.add", rows, 1, &rows));
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, rows, &j));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, j, f64, &j));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", j, column, 2, &j));
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, bins, &i));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, i, f64, &i));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", i, row, 2, &i));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, length, f64, &lengthPlus1));
  DLC_ONNX_TRY(withConstant(n, "dlc_graph.add", lengthPlus1, 1, &lengthPlus1));
  for (int k = 0; k < 3; ++k) {
    MlirValue shifted;
    DLC_ONNX_TRY(withConstant(n, "dlc_graph.add", i, k, &shifted));
    DLC_ONNX_TRY(melPoint(n, shifted, step, lowMel, lengthPlus1, rate, &point[k]));
  }
  MlirValue left = point[0], center = point[1], right = point[2];
  MlirValue up, upVal, down, downVal, a, b, flat, one, zero, w;
  // Rising: left <= j <= center, (j - left) / (center - left), 1 when the
  // two points coincide.
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less_equal", left, j, &a));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less_equal", j, center, &b));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", a, b, &up));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", j, left, &a));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", center, left, &b));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", a, b, &upVal));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", center, left, &flat));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 1, &one));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, flat, one, upVal, &upVal));
  // Falling (written last, so it wins at the center): center <= j < right.
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less_equal", center, j, &a));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", j, right, &b));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", a, b, &down));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", right, j, &a));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", right, center, &b));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", a, b, &downVal));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, up, upVal, zero, &w));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, down, downVal, w, &w));
  return dlcOnnxCastOp(n, w, elt, out);
}
