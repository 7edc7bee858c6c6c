//===- OpsIndex.c - Iotas, one-hot masks and prefix scans -------*- C -*-===//
//
// OneHot, EyeLike and the losses that pick one class per sample
// (NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss) compare indices
// with a constant iota along the class dim: a one-hot mask selects with
// where, and a sum over the class dim picks, so no index is read out of
// bounds. CumSum and CumProd are prefix scans of shifted copies. A TopK
// K, or a CumSum/CumProd axis, fed at run time is read when the code runs.
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"
#include "Onnx/Translate.h"
#include "Support/Types.h"
#include "Tensor/TensorIO.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static MlirType eltOf(MlirValue v) { return mlirShapedTypeGetElementType(typeOf(v)); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }

// 0, 1, .., size - 1 (i64) along the first of `rank` dims, the others 1:
// it broadcasts against a tensor whose dim at that place has `size`.
static DlcOnnxStatus iota(DlcOnnxNode *n, int64_t size, int64_t rank, MlirValue *out) {
  int64_t *values = malloc((size_t)(size > 0 ? size : 1) * sizeof *values);
  if (!values)
    abort();
  int64_t dims[DLC_MAX_RANK];
  for (int64_t i = 0; i < size; ++i)
    values[i] = i;
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = i ? 1 : size;
  MlirType type =
      mlirRankedTensorTypeGet(rank, dims, mlirIntegerTypeGet(n->ctx, 64), mlirAttributeGetNull());
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &op, "value", mlirDenseElementsAttrInt64Get(type, size, values));
  free(values); // the attribute has its copy
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

//===----------------------------------------------------------------------===//
// OneHot, EyeLike
//===----------------------------------------------------------------------===//

// OneHot: output[.., j (at axis), ..] = indices[..] == j ? on : off, with
// negative indices counting from depth; depth and values known at compile
// time make the classes a constant (else oneHotAtRunTime).
// Entry k of the 1-D `v`, as a 0-d tensor.
static DlcOnnxStatus entryAt(DlcOnnxNode *n, MlirValue v, int64_t k, MlirValue *out) {
  DLC_ONNX_TRY(dlcOnnxSliceOp(n, v, 0, k, k + 1, 1, out));
  return dlcOnnxScalar(n, *out, out);
}

// OneHot of a depth (or values) known only at run time: the classes an
// iota of run-time length, the output dim along `axis` `?`.
static DlcOnnxStatus oneHotAtRunTime(DlcOnnxNode *n, MlirValue indices) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  int64_t rank = rankOf(indices) + 1, axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", -1, rank, &axis));
  MlirValue depth, values, idx, zero, negative, wrapped, classes, hit, on, off, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &depth));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &values));
  MlirType dt = typeOf(depth), vt = typeOf(values);
  if (mlirShapedTypeGetRank(dt) > 1 || (mlirShapedTypeGetRank(dt) == 1 && dimOf(depth, 0) != 1) ||
      mlirShapedTypeGetRank(vt) != 1 || dimOf(values, 0) != 2)
    return dlcOnnxError(n, "input 'depth' must hold one value and 'values' two");
  DLC_ONNX_TRY(dlcOnnxScalar(n, depth, &depth));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, depth, i64, &depth));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, indices, i64, &idx));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", idx, zero, &negative));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", idx, depth, &wrapped));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, negative, wrapped, idx, &idx));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", idx, &axis, 1, &idx));
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, depth, &classes));
  // Classes along `axis`: unit dims after it broadcast against the rest.
  int64_t after[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank - axis - 1; ++i)
    after[i] = i + 1;
  if (rank - axis > 1)
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", classes, after, rank - axis - 1, &classes));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", idx, classes, &hit));
  DLC_ONNX_TRY(entryAt(n, values, 1, &on));
  DLC_ONNX_TRY(entryAt(n, values, 0, &off));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, hit, on, off, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

static DlcOnnxStatus translateOneHot(DlcOnnxNode *n) {
  MlirValue indices;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &indices));
  bool runTime = false, valuesAtRunTime = false;
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "depth", &runTime));
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 2, "values", &valuesAtRunTime));
  if (runTime || valuesAtRunTime)
    return oneHotAtRunTime(n, indices);
  const DlcTensor *depthT, *valuesT;
  DlcOnnxStatus status = dlcOnnxKnownInput(n, 1, "depth", &depthT);
  status = dlcOnnxWorse(status, dlcOnnxKnownInput(n, 2, "values", &valuesT));
  DLC_ONNX_TRY(status);
  if (dlcTensorNumElements(depthT) != 1 || dlcTensorNumElements(valuesT) != 2)
    return dlcOnnxError(n, "input 'depth' must hold one value and 'values' two");
  int64_t depth = (int64_t)dlcOnnxTensorElement(depthT, 0), rank = rankOf(indices) + 1, axis;
  if (depth < 1 || depth > (1 << 24))
    return dlcOnnxError(n, "input 'depth' is %lld, not in [1, 2^24]", (long long)depth);
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", -1, rank, &axis));
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirType elt = dlcDTypeToMlirType(n->ctx, valuesT->dtype);
  MlirValue idx, zero, depthV, negative, wrapped, classes, hit, on, off, y;
  DLC_ONNX_TRY(dlcOnnxCastOp(n, indices, i64, &idx));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)depth, &depthV));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", idx, zero, &negative));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", idx, depthV, &wrapped));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, negative, wrapped, idx, &idx));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", idx, &axis, 1, &idx));
  DLC_ONNX_TRY(iota(n, depth, rank - axis, &classes));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", idx, classes, &hit));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, dlcOnnxTensorElement(valuesT, 1), &on));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, dlcOnnxTensorElement(valuesT, 0), &off));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, hit, on, off, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// EyeLike: ones on diagonal k of a static 2-D shape, a constant.
static DlcOnnxStatus translateEyeLike(DlcOnnxNode *n) {
  MlirValue input;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &input));
  MlirType type = typeOf(input);
  if (rankOf(input) != 2 || !mlirShapedTypeHasStaticShape(type))
    return dlcOnnxUnsupported(n, "input 'input' must be 2-D with a static shape");
  DlcDType dtype;
  const Onnx__AttributeProto *a = dlcOnnxAttr(n, "dtype");
  bool known = a ? dlcDTypeFromOnnx((int32_t)a->i, &dtype)
                 : mlirLogicalResultIsSuccess(dlcDTypeFromMlirType(eltOf(input), &dtype));
  if (!known)
    return dlcOnnxUnsupported(n, "attribute 'dtype' names a type DLC does not support");
  int64_t dims[2] = {mlirShapedTypeGetDimSize(type, 0), mlirShapedTypeGetDimSize(type, 1)};
  int64_t k = dlcOnnxAttrInt(n, "k", 0);
  DlcTensor t;
  if (mlirLogicalResultIsFailure(dlcTensorCreate(dtype, 2, dims, &t)))
    return dlcOnnxError(n, "out of memory");
  size_t size = dlcDTypeSize(dtype);
  memset(t.data, 0, t.bytes);
  for (int64_t i = 0; i < dims[0]; ++i) {
    int64_t j = i + k;
    if (j < 0 || j >= dims[1])
      continue;
    char *p = (char *)t.data + (size_t)(i * dims[1] + j) * size;
    if (dtype == DLC_DTYPE_F32) {
      float one = 1;
      memcpy(p, &one, 4);
    } else if (dtype == DLC_DTYPE_F64) {
      double one = 1;
      memcpy(p, &one, 8);
    } else {
      *p = 1; // the low byte of an integer 1 (little-endian)
    }
  }
  return dlcOnnxDefineConstant(n, 0, &t);
}

// `x` shifted by `by` along `axis` (toward the end, or the start when
// `back`), the vacated places filled with `fill`: a pad and a slice.
static DlcOnnxStatus shifted(DlcOnnxNode *n, MlirValue x, int64_t axis, int64_t len, int64_t by,
                             bool back, MlirValue fill, MlirValue *out) {
  int64_t pads[2] = {back ? 0 : by, back ? by : 0};
  DlcOnnxOp pad;
  dlcOnnxOpInit(&pad, "dlc_graph.pad");
  pad.operands[0] = x, pad.operands[1] = fill;
  dlcOnnxOpInts(n, &pad, "pads", pads, 2);
  dlcOnnxOpInts(n, &pad, "axes", &axis, 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &pad));
  int64_t begin = back ? by : 0;
  return dlcOnnxSliceOp(n, pad.results[0], axis, begin, begin + len, 1, out);
}

// CumSum and CumProd: a parallel prefix scan (Hillis-Steele) along `axis`,
// log2(n) steps of y = y op (y shifted by 1, 2, 4, ..), the shift filling
// with op's identity; exclusive scans shift the result once more. Integer
// results are exact (wrapping); float ones differ from a running sum or
// product only in rounding. An axis fed at run time picks among the scans
// along every dim (the rank, and so the result's shape, does not change).
static DlcOnnxStatus scanAlong(DlcOnnxNode *n, MlirValue x, int64_t axis, MlirValue *out) {
  if (mlirShapedTypeIsDynamicDim(typeOf(x), axis))
    return dlcOnnxUnsupported(n, "the dim along 'axis' must be static");
  int64_t len = mlirShapedTypeGetDimSize(typeOf(x), axis);
  bool product = !strcmp(n->opType, "CumProd");
  bool exclusive = dlcOnnxAttrInt(n, "exclusive", 0) != 0;
  bool reverse = dlcOnnxAttrInt(n, "reverse", 0) != 0;
  const char *op = product ? "dlc_graph.mul" : "dlc_graph.add";
  MlirValue identity, y = x, moved;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(x), product ? 1 : 0, &identity));
  for (int64_t by = 1; by < len; by *= 2) {
    DLC_ONNX_TRY(shifted(n, y, axis, len, by, reverse, identity, &moved));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, op, y, moved, &y));
  }
  if (exclusive && len > 0)
    DLC_ONNX_TRY(shifted(n, y, axis, len, 1, reverse, identity, &y));
  if (mlirValueEqual(y, x))
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.identity", x, &y));
  *out = y;
  return DLC_ONNX_OK;
}

// An axis known only at run time (the rank is known): the scan along every
// dim, the one the axis names picked when the code runs.
static DlcOnnxStatus scanAlongRunTimeAxis(DlcOnnxNode *n, MlirValue x, MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  int64_t rank = rankOf(x);
  MlirValue axis, zero, size, negative, wrapped, y = x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &axis));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, axis, i64, &axis));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)rank, &size));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", axis, zero, &negative));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", axis, size, &wrapped));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, negative, wrapped, axis, &axis));
  for (int64_t d = 0; d < rank; ++d) {
    MlirValue scanned, here, dv;
    DLC_ONNX_TRY(scanAlong(n, x, d, &scanned));
    if (d == 0) {
      y = scanned;
      continue;
    }
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)d, &dv));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", axis, dv, &here));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, here, scanned, y, &y));
  }
  *out = y;
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateCumulative(DlcOnnxNode *n) {
  MlirValue x, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  bool runTime = false;
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "axis", &runTime));
  if (runTime) {
    if (rankOf(x) == 0)
      return dlcOnnxError(n, "input 'x' must have a rank of at least 1");
    DLC_ONNX_TRY(scanAlongRunTimeAxis(n, x, &y));
    return dlcOnnxSetOutput(n, 0, y);
  }
  const DlcTensor *axisT;
  DLC_ONNX_TRY(dlcOnnxKnownInput(n, 1, "axis", &axisT));
  int64_t rank = rankOf(x), axis = (int64_t)dlcOnnxTensorElement(axisT, 0);
  if (dlcTensorNumElements(axisT) != 1 || axis < -rank || axis >= rank)
    return dlcOnnxError(n, "input 'axis' must be one value in [-%lld, %lld)", (long long)rank,
                        (long long)rank);
  axis = axis < 0 ? axis + rank : axis;
  DLC_ONNX_TRY(scanAlong(n, x, axis, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// iota as dlc_graph.constant of `n` along dim `at` of a rank-`rank` shape
// (1 elsewhere, trailing dims dropped as broadcasting allows).
static DlcOnnxStatus iotaAt(DlcOnnxNode *n, int64_t size, int64_t at, int64_t rank,
                            MlirValue *out) {
  return iota(n, size, rank - at, out);
}

// The first K (input 1, read when the code runs) entries of `v` along
// `axis`.
static DlcOnnxStatus firstK(DlcOnnxNode *n, MlirValue v, int64_t axis, MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue k, zero;
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &k));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, k, i64, &k));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  return dlcOnnxRunTimeSliceOp(n, v, zero, k, &axis, 1, out);
}

// TopK by ranks: element i's rank along `axis` counts the elements before
// it (larger, or equal at a lower index; smaller for largest = 0); output k
// is the element of rank k, picked by a one-hot sum (a K fed at run time:
// every rank, sliced to the first K when the code runs). Ties keep the lower
// index first, as ONNX asks; the output is always sorted. The work is n^2
// per row of n.
static DlcOnnxStatus translateTopK(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  bool runTime = false;
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "K", &runTime));
  const DlcTensor *kT = NULL;
  if (!runTime)
    DLC_ONNX_TRY(dlcOnnxKnownInput(n, 1, "K", &kT));
  int64_t rank = rankOf(x), axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", -1, rank, &axis));
  if (mlirShapedTypeIsDynamicDim(typeOf(x), axis))
    return dlcOnnxUnsupported(n, "the dim along 'axis' must be static");
  int64_t size = dimOf(x, axis), k = kT ? (int64_t)dlcOnnxTensorElement(kT, 0) : size;
  if (kT && (dlcTensorNumElements(kT) != 1 || k < 0 || k > size))
    return dlcOnnxError(n, "input 'K' must be one value in [0, %lld]", (long long)size);
  if (size > 4096)
    return dlcOnnxUnsupported(n, "the dim along 'axis' (%lld) is longer than 4096",
                              (long long)size);
  bool largest = dlcOnnxAttrInt(n, "largest", 1) != 0;
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64), elt = eltOf(x);
  int64_t self = axis + 1;
  // xi [.., n, 1, ..] against xj [.., 1, n, ..]: j ranks before i.
  MlirValue xi, xj, ahead, same, before, lower, jIota, iIota, one, zero, count, ranks;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", x, &self, 1, &xi));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", x, &axis, 1, &xj));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, largest ? "dlc_graph.greater" : "dlc_graph.less", xj, xi, &ahead));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", xj, xi, &same));
  DLC_ONNX_TRY(iotaAt(n, size, axis + 1, rank + 1, &jIota));
  DLC_ONNX_TRY(iotaAt(n, size, axis, rank + 1, &iIota));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", jIota, iIota, &lower));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", same, lower, &before));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.or", ahead, before, &before));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 1, &one));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, before, one, zero, &count));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", count, &self, 1, false, &ranks));
  // sel[.., r, i, ..] = ranks[.., i, ..] == r for r < K.
  MlirValue r, rIota, sel, picked, values, indices, zeroX;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", ranks, &axis, 1, &r));
  DLC_ONNX_TRY(iotaAt(n, k, axis, rank + 1, &rIota));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", r, rIota, &sel));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 0, &zeroX));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, sel, xj, zeroX, &picked));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", picked, &self, 1, false, &values));
  DLC_ONNX_TRY(iotaAt(n, size, axis + 1, rank + 1, &jIota));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, sel, jIota, zero, &picked));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", picked, &self, 1, false, &indices));
  if (runTime) {
    DLC_ONNX_TRY(firstK(n, values, axis, &values));
    DLC_ONNX_TRY(firstK(n, indices, axis, &indices));
  }
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, values));
  return dlcOnnxSetOutput(n, 1, indices);
}

//===----------------------------------------------------------------------===//
// Scatters
//===----------------------------------------------------------------------===//

typedef enum Reduction { R_NONE, R_ADD, R_MUL, R_MAX, R_MIN } Reduction;

static DlcOnnxStatus reductionOf(DlcOnnxNode *n, Reduction *out) {
  static const char *const names[] = {"none", "add", "mul", "max", "min"};
  MlirStringRef s = dlcOnnxAttrString(n, "reduction", "none");
  for (int i = 0; i < 5; ++i)
    if (mlirStringRefEqual(s, mlirStringRefCreateFromCString(names[i]))) {
      *out = (Reduction)i;
      return DLC_ONNX_OK;
    }
  return dlcOnnxError(n, "attribute 'reduction' is \"%.*s\", not none, add, mul, max or min",
                      (int)s.length, s.data);
}

// Scatters `updates` into `data` given the one-hot `hit`, which has a dim
// for the updates (`over`) just before the dim of the targets: updates
// meeting at a target combine with the reduction (with none, the largest:
// ONNX leaves duplicates undefined, and a maximum, unlike a float sum, does
// not depend on the order of the updates, so that dlc-fold-constants folds
// a scatter of constants, as exporters write masks); targets no update hits
// keep data.
static DlcOnnxStatus combine(DlcOnnxNode *n, Reduction r, MlirValue data, MlirValue hit,
                             MlirValue updates, int64_t over, MlirValue *out) {
  MlirType elt = eltOf(data), i32 = mlirIntegerTypeGet(n->ctx, 32);
  Reduction merge = r == R_NONE ? R_MAX : r;
  double identity = merge == R_MUL ? 1 : 0;
  if (merge == R_MAX || merge == R_MIN) { // the type's lowest or highest value
    int bits = (int)dlcEltWidth(elt) - !dlcIsUnsigned(elt);
    double lo = dlcIsUnsigned(elt) ? 0 : -ldexp(1, bits), hi = ldexp(1, bits) - 1;
    if (mlirTypeIsAFloat(elt))
      lo = -INFINITY, hi = INFINITY;
    if (dlcEltWidth(elt) == 1) // bool
      lo = 0, hi = 1;
    identity = merge == R_MAX ? lo : hi;
  }
  MlirValue fill, picked, merged, one, zero, count, any, y;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, identity, &fill));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, hit, updates, fill, &picked));
  const char *reduce = merge == R_MUL   ? "dlc_graph.reduce_prod"
                       : merge == R_MAX ? "dlc_graph.reduce_max"
                       : merge == R_MIN ? "dlc_graph.reduce_min"
                                        : "dlc_graph.reduce_sum";
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, reduce, picked, &over, 1, false, &merged));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i32, 1, &one));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i32, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, hit, one, zero, &count));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", count, &over, 1, false, &count));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.greater", count, zero, &any));
  switch (r) {
  case R_NONE: y = merged; break;
  case R_ADD: DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", data, merged, &y)); break;
  case R_MUL: DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", data, merged, &y)); break;
  case R_MAX: DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.max", data, merged, &y)); break;
  case R_MIN: DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.min", data, merged, &y)); break;
  }
  return dlcOnnxWhereOp(n, any, y, data, out);
}

// ScatterElements (and Scatter): a one-hot hit[.., q, t, ..] = (indices[..,
// q, ..] == t) over the update index q (at `axis`) and the target t (after
// it), combined over q. Memory: updates' size times the dim's.
static DlcOnnxStatus translateScatterElements(DlcOnnxNode *n) {
  MlirValue data, indices, updates;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &data));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &indices));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &updates));
  Reduction r;
  DLC_ONNX_TRY(reductionOf(n, &r));
  int64_t rank = rankOf(data), axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", 0, rank, &axis));
  MlirType dt = typeOf(data), it = typeOf(indices);
  if (!mlirShapedTypeHasStaticShape(dt) || !mlirShapedTypeHasStaticShape(it) ||
      rankOf(indices) != rank)
    return dlcOnnxUnsupported(n, "data and indices must have static shapes of the same rank");
  for (int64_t i = 0; i < rank; ++i)
    if (i != axis && dimOf(indices, i) != dimOf(data, i))
      return dlcOnnxUnsupported(n, "indices must have the data's dims but along 'axis'");
  int64_t size = dimOf(data, axis), target = axis + 1;
  MlirValue classes, hit, upd;
  DLC_ONNX_TRY(dlcOnnxWrapIndices(n, indices, size, &indices));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", indices, &target, 1, &indices));
  DLC_ONNX_TRY(iota(n, size, rank - axis, &classes));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", indices, classes, &hit));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", updates, &target, 1, &upd));
  MlirValue y;
  DLC_ONNX_TRY(combine(n, r, data, hit, upd, axis, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// ScatterND: each index tuple (the last dim of indices, k long) names a
// slice data[i0, .., ik-1, ...]; the tuples become row-major offsets into
// the first k dims flattened, then a one-hot scatter along that dim.
static DlcOnnxStatus translateScatterND(DlcOnnxNode *n) {
  MlirValue data, indices, updates;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &data));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &indices));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &updates));
  Reduction r;
  DLC_ONNX_TRY(reductionOf(n, &r));
  if (!mlirShapedTypeHasStaticShape(typeOf(data)) ||
      !mlirShapedTypeHasStaticShape(typeOf(indices)) || rankOf(indices) < 1)
    return dlcOnnxUnsupported(n, "data and indices must have static shapes");
  int64_t rank = rankOf(data), irank = rankOf(indices), k = dimOf(indices, irank - 1);
  if (k < 1 || k > rank)
    return dlcOnnxError(n, "index tuples of %lld for data of rank %lld", (long long)k,
                        (long long)rank);
  // offsets = sum_j wrap(indices[..., j]) * stride_j over the first k dims.
  int64_t strides[DLC_MAX_RANK], flat = 1;
  for (int64_t j = k - 1; j >= 0; --j)
    strides[j] = flat, flat *= dimOf(data, j);
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue offsets = {NULL};
  int64_t last = irank - 1;
  for (int64_t j = 0; j < k; ++j) {
    MlirValue part, stride;
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, indices, last, j, j + 1, 1, &part));
    DLC_ONNX_TRY(dlcOnnxWrapIndices(n, part, dimOf(data, j), &part));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)strides[j], &stride));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", part, stride, &part));
    if (mlirValueIsNull(offsets))
      offsets = part;
    else
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", offsets, part, &offsets));
  }
  // Q tuples; data as [flat, rest..], updates as [Q, rest..].
  int64_t q = 1, rest[DLC_MAX_RANK + 1], numRest = rank - k;
  for (int64_t i = 0; i < irank - 1; ++i)
    q *= dimOf(indices, i);
  int64_t dataShape[DLC_MAX_RANK + 1] = {flat}, updShape[DLC_MAX_RANK + 2] = {q, 1};
  for (int64_t i = 0; i < numRest; ++i)
    rest[i] = dimOf(data, k + i), dataShape[1 + i] = rest[i], updShape[2 + i] = rest[i];
  int64_t offShape[DLC_MAX_RANK + 2] = {q, 1};
  for (int64_t i = 0; i < numRest; ++i)
    offShape[2 + i] = 1;
  MlirValue d2, u2, o2, classes, hit, y;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", data, dataShape, 1 + numRest, &d2));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", updates, updShape, 2 + numRest, &u2));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", offsets, offShape, 2 + numRest, &o2));
  DLC_ONNX_TRY(iota(n, flat, 1 + numRest, &classes));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", o2, classes, &hit));
  DLC_ONNX_TRY(combine(n, r, d2, hit, u2, 0, &y));
  int64_t shape[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    shape[i] = dimOf(data, i);
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, shape, rank, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

// -input[n, target[n, d..], d..] * weight[target], over N x C x d..
// (the class dim 1), reduced as `reduction` says; targets equal to
// ignore_index count neither in the loss nor in the mean's weight.
static DlcOnnxStatus nllLoss(DlcOnnxNode *n, MlirValue input, MlirValue target, MlirValue weight,
                             MlirValue *out) {
  MlirType type = typeOf(input), elt = eltOf(input), i64 = mlirIntegerTypeGet(n->ctx, 64);
  int64_t rank = rankOf(input);
  if (rank < 2 || mlirShapedTypeIsDynamicDim(type, 1) || rankOf(target) != rank - 1)
    return dlcOnnxError(n, "needs an input N x C x d.. with a static C and a target N x d..");
  MlirStringRef reduction = dlcOnnxAttrString(n, "reduction", "mean");
  bool none = mlirStringRefEqual(reduction, mlirStringRefCreateFromCString("none"));
  bool sum = mlirStringRefEqual(reduction, mlirStringRefCreateFromCString("sum"));
  if (!none && !sum && !mlirStringRefEqual(reduction, mlirStringRefCreateFromCString("mean")))
    return dlcOnnxError(n, "attribute 'reduction' must be \"none\", \"sum\" or \"mean\"");
  int64_t classAxis = 1, all[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank - 1; ++i)
    all[i] = i;
  MlirValue t, classes, hit, zero, one, picked, w, loss;
  DLC_ONNX_TRY(dlcOnnxCastOp(n, target, i64, &t));
  // Ignored targets select nothing, and their weight is 0.
  MlirValue valid = {NULL};
  const Onnx__AttributeProto *ignore = dlcOnnxAttr(n, "ignore_index");
  if (ignore) {
    MlirValue ignored, zeroIndex;
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)ignore->i, &ignored));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", t, ignored, &valid));
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.not", valid, &valid));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zeroIndex));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, valid, t, zeroIndex, &t));
  }
  MlirValue tc;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", t, &classAxis, 1, &tc));
  DLC_ONNX_TRY(iota(n, mlirShapedTypeGetDimSize(type, 1), rank - 1, &classes));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", tc, classes, &hit));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 1, &one));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, hit, input, zero, &picked));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", picked, &classAxis, 1, false, &picked));
  if (!mlirValueIsNull(weight)) {
    DlcOnnxOp gather;
    dlcOnnxOpInit(&gather, "dlc_graph.gather");
    gather.operands[0] = weight;
    gather.operands[1] = t;
    DLC_ONNX_TRY(dlcOnnxBuild(n, &gather));
    w = gather.results[0];
  } else { // 1 per target, the mask summed over the classes
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, hit, one, zero, &w));
    DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", w, &classAxis, 1, false, &w));
  }
  if (!mlirValueIsNull(valid))
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, valid, w, zero, &w));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", picked, w, &loss));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.neg", loss, &loss));
  if (none) {
    *out = loss;
    return DLC_ONNX_OK;
  }
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", loss, all, rank - 1, false, &loss));
  if (!sum) {
    MlirValue total;
    DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", w, all, rank - 1, false, &total));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", loss, total, &loss));
  }
  *out = loss;
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateNllLoss(DlcOnnxNode *n) {
  MlirValue input, target, weight, loss;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &input));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &target));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &weight));
  DLC_ONNX_TRY(nllLoss(n, input, target, weight, &loss));
  return dlcOnnxSetOutput(n, 0, loss);
}

// SoftmaxCrossEntropyLoss: the NLL loss of log_softmax over the class dim;
// output 1 is that log-probability.
static DlcOnnxStatus translateSoftmaxCrossEntropy(DlcOnnxNode *n) {
  MlirValue scores, labels, weight, loss;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &scores));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &labels));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &weight));
  DlcOnnxOp logSoftmax;
  dlcOnnxOpInit(&logSoftmax, "dlc_graph.log_softmax");
  logSoftmax.operands[0] = scores;
  dlcOnnxOpInt(n, &logSoftmax, "axis", 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &logSoftmax));
  DLC_ONNX_TRY(nllLoss(n, logSoftmax.results[0], labels, weight, &loss));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, loss));
  return dlcOnnxSetOutput(n, 1, logSoftmax.results[0]);
}

#define LOSS_LIMITS "The class dim must be static."
#define TOPK_LIMITS                                                                                \
  "A `K` not known at compile time is read when the code runs (the output dim along `axis` is "   \
  "`?`). The dim along `axis` must be static, at most 4096 (ranks are counted pairwise); the "     \
  "output is sorted; NaN has no rank."
#define CUMULATIVE_NOTE                                                                            \
  "The dim along `axis` must be static; an `axis` not known at compile time is read when the "   \
  "code runs (every dim must then be static: the scan along each is computed and one picked)."
#define SCATTER_LIMITS                                                                             \
  "Static shapes; indices with the data's dims but along `axis`. A one-hot scatter: its memory "  \
  "is the updates' size times the dim's."
#define SCATTER_ND_LIMITS                                                                          \
  "Static shapes. A one-hot scatter: its memory is the updates' size times the indexed dims' "    \
  "product (folded when data, indices and updates are constants)."

static const DlcOnnxOpEntry ops[] = {
    {"OneHot", 9, translateOneHot, {A_INT("axis")}, "dlc_graph.where",
     "`depth` and `values` not known at compile time are read when the code runs (the output "
     "dim along `axis` is then `?`)."},
    {"CumSum", 11, translateCumulative, {A_INT("exclusive"), A_INT("reverse")}, "dlc_graph.add",
     CUMULATIVE_NOTE},
    {"CumProd", 26, translateCumulative, {A_INT("exclusive"), A_INT("reverse")}, "dlc_graph.mul",
     CUMULATIVE_NOTE},
    {"Scatter", 9, translateScatterElements, {A_INT("axis")}, "dlc_graph.where", SCATTER_LIMITS},
    {"ScatterElements", 11, translateScatterElements, {A_INT("axis")}, "dlc_graph.where",
     SCATTER_LIMITS},
    {"ScatterElements", 16, translateScatterElements, {A_INT("axis"), A_STRING("reduction")},
     "dlc_graph.where", SCATTER_LIMITS},
    {"ScatterND", 11, translateScatterND, {{0}}, "dlc_graph.where", SCATTER_ND_LIMITS},
    {"ScatterND", 16, translateScatterND, {A_STRING("reduction")}, "dlc_graph.where",
     SCATTER_ND_LIMITS},
    {"TopK", 10, translateTopK, {A_INT("axis")}, "dlc_graph.reduce_sum", TOPK_LIMITS},
    {"TopK", 11, translateTopK, {A_INT("axis"), A_INT("largest"), A_INT("sorted")},
     "dlc_graph.reduce_sum", TOPK_LIMITS},
    {"EyeLike", 9, translateEyeLike, {A_INT("dtype"), A_INT("k")}, "dlc_graph.constant",
     "The input must be 2-D with a static shape."},
    {"NegativeLogLikelihoodLoss", 12, translateNllLoss,
     {A_INT("ignore_index"), A_STRING("reduction")}, "dlc_graph.where", LOSS_LIMITS},
    {"SoftmaxCrossEntropyLoss", 12, translateSoftmaxCrossEntropy,
     {A_INT("ignore_index"), A_STRING("reduction")}, "dlc_graph.log_softmax", LOSS_LIMITS},
};

const DlcOnnxOpEntry *dlcOnnxIndexOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
