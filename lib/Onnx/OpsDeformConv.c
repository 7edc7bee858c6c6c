//===- OpsDeformConv.c - DeformConv as sampled columns x weights -*- C -*-===//
//
// DeformConv (2-D), as ONNX's reference computes it: kernel tap k of
// output position q reads X at (q's window origin + k's dilated place +
// the offset for (k, q)), bilinearly (neighbours outside the image read
// 0), times the mask. The sampled values form columns [N, C x K, Q] (one
// gather_elements of each image's 4 neighbours), and the convolution is
// then a grouped product of the weight [M, C/group x K] with them.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static MlirType eltOf(MlirValue v) { return mlirShapedTypeGetElementType(typeOf(v)); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }

// A constant [K, Q] of each tap's undeformed coordinate along one axis:
// origin(q) + k's index along the axis * dilation.
static DlcOnnxStatus baseCoords(DlcOnnxNode *n, MlirType elt, int64_t kh, int64_t kw, int64_t oh,
                                int64_t ow, bool rows, int64_t stride, int64_t pad,
                                int64_t dilation, MlirValue *out) {
  int64_t k = kh * kw, q = oh * ow, dims[2] = {k, q};
  double *values = malloc((size_t)(k * q) * sizeof *values);
  if (!values)
    abort();
  for (int64_t i = 0; i < k; ++i)
    for (int64_t j = 0; j < q; ++j) {
      int64_t tap = rows ? i / kw : i % kw, at = rows ? j / ow : j % ow;
      values[i * q + j] = (double)(at * stride - pad + tap * dilation);
    }
  MlirType f64 = mlirF64TypeGet(n->ctx);
  MlirType type = mlirRankedTensorTypeGet(2, dims, f64, mlirAttributeGetNull());
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &op, "value", mlirDenseElementsAttrDoubleGet(type, k * q, values));
  free(values);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  return dlcOnnxCastOp(n, op.results[0], elt, out);
}

typedef struct Neighbours {
  MlirValue index[2], weight[2], inside[2]; ///< the lower and upper neighbour
} Neighbours;

// The two neighbours of coordinates c along an axis of `size`.
static DlcOnnxStatus neighbours(DlcOnnxNode *n, MlirValue c, int64_t size, Neighbours *nb) {
  MlirType elt = eltOf(c), i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue low, frac, one, zero, last;
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.floor", c, &low));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", c, low, &frac));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 1, &one));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, (double)size - 1, &last));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", one, frac, &nb->weight[0]));
  nb->weight[1] = frac;
  for (int k = 0; k < 2; ++k) {
    MlirValue t = low, ge, le;
    if (k)
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", low, one, &t));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.greater_equal", t, zero, &ge));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less_equal", t, last, &le));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", ge, le, &nb->inside[k]));
    DlcOnnxOp clip;
    dlcOnnxOpInit(&clip, "dlc_graph.clip");
    clip.operands[0] = t, clip.operands[1] = zero, clip.operands[2] = last;
    DLC_ONNX_TRY(dlcOnnxBuild(n, &clip));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, clip.results[0], i64, &nb->index[k]));
  }
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateDeformConv(DlcOnnxNode *n) {
  MlirValue x, w, offset, bias, mask;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &w));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &offset));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 3, &bias));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 4, &mask));
  if (rankOf(x) != 4)
    return dlcOnnxUnsupported(n, "only 2-D deformable convolutions (X of rank 4) are supported");
  if (!mlirShapedTypeHasStaticShape(typeOf(x)) || !mlirShapedTypeHasStaticShape(typeOf(w)) ||
      !mlirShapedTypeHasStaticShape(typeOf(offset)) || rankOf(w) != 4 || rankOf(offset) != 4)
    return dlcOnnxUnsupported(n, "X, W and offset must have static shapes of rank 4");
  int64_t nn = dimOf(x, 0), cc = dimOf(x, 1), h = dimOf(x, 2), wd = dimOf(x, 3);
  int64_t m = dimOf(w, 0), kh = dimOf(w, 2), kw = dimOf(w, 3);
  int64_t group = dlcOnnxAttrInt(n, "group", 1), og = dlcOnnxAttrInt(n, "offset_group", 1);
  const int64_t *list;
  int64_t count, strides[2] = {1, 1}, dil[2] = {1, 1}, pads[4] = {0, 0, 0, 0};
  if (dlcOnnxAttrInts(n, "kernel_shape", &list, &count) &&
      (count != 2 || list[0] != kh || list[1] != kw))
    return dlcOnnxError(n, "attribute 'kernel_shape' must be the weight's %lld x %lld",
                        (long long)kh, (long long)kw);
  bool bad = false;
  if (dlcOnnxAttrInts(n, "strides", &list, &count))
    bad |= count != 2, strides[0] = list[0], strides[1] = count > 1 ? list[1] : 1;
  if (dlcOnnxAttrInts(n, "dilations", &list, &count))
    bad |= count != 2, dil[0] = list[0], dil[1] = count > 1 ? list[1] : 1;
  if (dlcOnnxAttrInts(n, "pads", &list, &count)) {
    bad |= count != 4;
    for (int64_t i = 0; i < 4 && i < count; ++i)
      pads[i] = list[i];
  }
  if (bad || strides[0] < 1 || strides[1] < 1 || dil[0] < 1 || dil[1] < 1)
    return dlcOnnxError(n, "attributes 'strides' and 'dilations' need 2 positive values, "
                           "'pads' 4");
  if (group < 1 || og < 1 || cc % group || m % group || cc / group != dimOf(w, 1) || cc % og)
    return dlcOnnxError(n, "'group' (%lld) must divide C and M with W's dim 1 = C / group, and "
                           "'offset_group' (%lld) must divide C",
                        (long long)group, (long long)og);
  int64_t oh = (h + pads[0] + pads[2] - ((kh - 1) * dil[0] + 1)) / strides[0] + 1;
  int64_t ow = (wd + pads[1] + pads[3] - ((kw - 1) * dil[1] + 1)) / strides[1] + 1;
  int64_t k = kh * kw, q = oh * ow;
  if (dimOf(offset, 0) != nn || dimOf(offset, 1) != og * 2 * k || dimOf(offset, 2) != oh ||
      dimOf(offset, 3) != ow)
    return dlcOnnxError(n, "input 'offset' must be %lld x %lld x %lld x %lld", (long long)nn,
                        (long long)(og * 2 * k), (long long)oh, (long long)ow);
  MlirType elt = eltOf(x);
  // Sample coordinates [N, G, K, Q] along each axis.
  int64_t split[5] = {nn, og, k, 2, q}, perTap[4] = {nn, og, k, q};
  MlirValue offs, coord[2];
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", offset, split, 5, &offs));
  for (int axis = 0; axis < 2; ++axis) {
    MlirValue d, base;
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, offs, 3, axis, axis + 1, 1, &d));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", d, perTap, 4, &d));
    DLC_ONNX_TRY(baseCoords(n, elt, kh, kw, oh, ow, axis == 0, strides[axis], pads[axis],
                            dil[axis], &base));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", base, d, &coord[axis]));
  }
  if (!mlirValueIsNull(mask)) {
    if (!mlirShapedTypeHasStaticShape(typeOf(mask)) || rankOf(mask) != 4 ||
        dimOf(mask, 0) != nn || dimOf(mask, 1) != og * k || dimOf(mask, 2) != oh ||
        dimOf(mask, 3) != ow)
      return dlcOnnxError(n, "input 'mask' must be %lld x %lld x %lld x %lld", (long long)nn,
                          (long long)(og * k), (long long)oh, (long long)ow);
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", mask, perTap, 4, &mask));
  }
  Neighbours ny, nx;
  DLC_ONNX_TRY(neighbours(n, coord[0], h, &ny));
  DLC_ONNX_TRY(neighbours(n, coord[1], wd, &nx));
  MlirValue width, zero, index = {NULL}, weight = {NULL}, inside = {NULL};
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, mlirIntegerTypeGet(n->ctx, 64), (double)wd, &width));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 0, &zero));
  for (int corner = 0; corner < 4; ++corner) { // the 4 neighbours stacked along dim 2
    int yi = corner / 2, xi = corner % 2;
    MlirValue pos, wt, ok;
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", ny.index[yi], width, &pos));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", pos, nx.index[xi], &pos));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", ny.weight[yi], nx.weight[xi], &wt));
    if (!mlirValueIsNull(mask))
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", wt, mask, &wt));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", ny.inside[yi], nx.inside[xi], &ok));
    DLC_ONNX_TRY(dlcOnnxConcatOp(n, index, pos, 2, &index));
    DLC_ONNX_TRY(dlcOnnxConcatOp(n, weight, wt, 2, &weight));
    DLC_ONNX_TRY(dlcOnnxConcatOp(n, inside, ok, 2, &inside));
  }
  // Each offset group's channels read its samples: [N, G, C/G, 4 K Q].
  int64_t reads = 4 * k * q, cg = cc / og;
  int64_t images[4] = {nn, og, cg, h * wd}, perGroup[4] = {nn, og, 1, reads};
  int64_t readShape[4] = {nn, og, cg, reads}, corners[5] = {nn, cc, 4, k, q};
  MlirValue table, v;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, images, 4, &table));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", index, perGroup, 4, &index));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.expand", index, readShape, 4, &index));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", weight, perGroup, 4, &weight));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", inside, perGroup, 4, &inside));
  DlcOnnxOp gather;
  dlcOnnxOpInit(&gather, "dlc_graph.gather_elements");
  gather.operands[0] = table, gather.operands[1] = index;
  dlcOnnxOpInt(n, &gather, "axis", 3);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, inside, gather.results[0], zero, &v));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", v, weight, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, corners, 5, &v));
  int64_t cornerAxis = 2;
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", v, &cornerAxis, 1, false, &v));
  // Columns [N, group, C/group K, Q] times W as [group, M/group, C/group K].
  int64_t cols[4] = {nn, group, cc / group * k, q}, wShape[3] = {group, m / group, cc / group * k};
  int64_t outShape[4] = {nn, m, oh, ow};
  MlirValue wm, y;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, cols, 4, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", w, wShape, 3, &wm));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", wm, v, &y));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, outShape, 4, &y));
  if (!mlirValueIsNull(bias)) {
    int64_t bShape[3] = {m, 1, 1};
    if (rankOf(bias) != 1 || dimOf(bias, 0) != m)
      return dlcOnnxError(n, "input 'B' must be 1-D of size %lld", (long long)m);
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", bias, bShape, 3, &bias));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", y, bias, &y));
  }
  return dlcOnnxSetOutput(n, 0, y);
}

static const DlcOnnxOpEntry ops[] = {
    {"DeformConv", 19, translateDeformConv,
     {A_INTS("dilations"), A_INT("group"), A_INTS("kernel_shape"), A_INT("offset_group"),
      A_INTS("pads"), A_INTS("strides")},
     "dlc_graph.gather_elements", "2-D only; static shapes."},
};

const DlcOnnxOpEntry *dlcOnnxDeformConvOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
