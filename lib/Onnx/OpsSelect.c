//===- OpsSelect.c - Gathers and scatters by computed positions -*- C -*-===//
//
// GatherND, ReverseSequence, TensorScatter, MaxUnpool and Col2Im, as
// decompositions into dlc_graph ops: index tuples become row-major offsets
// read by one gather; reversed or shifted positions become gather_elements
// indices; unpooling is a one-hot scatter per (N, C) plane; Col2Im is a
// product with a constant 0/1 matrix that sends each column entry to its
// image position (sums of x * 1 and 0, so exact up to the order of
// additions where blocks overlap).
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"
#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static MlirType eltOf(MlirValue v) { return mlirShapedTypeGetElementType(typeOf(v)); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }
static bool isStatic(MlirValue v) { return mlirShapedTypeHasStaticShape(typeOf(v)); }

// An i64 constant of shape `dims` holding `values`.
static DlcOnnxStatus constantI64(DlcOnnxNode *n, const int64_t *dims, int64_t rank,
                                 const int64_t *values, MlirValue *out) {
  int64_t count = 1;
  for (int64_t i = 0; i < rank; ++i)
    count *= dims[i];
  MlirType type =
      mlirRankedTensorTypeGet(rank, dims, mlirIntegerTypeGet(n->ctx, 64), mlirAttributeGetNull());
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &op, "value", mlirDenseElementsAttrInt64Get(type, count, values));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

// 0 .. size-1 along the first of `rank` dims (the others 1), to broadcast
// against a dim of `size` that is `rank` dims from the end.
static DlcOnnxStatus iota(DlcOnnxNode *n, int64_t size, int64_t rank, MlirValue *out) {
  int64_t *values = malloc((size_t)(size > 0 ? size : 1) * sizeof *values);
  if (!values)
    abort();
  int64_t dims[DLC_MAX_RANK];
  for (int64_t i = 0; i < size; ++i)
    values[i] = i;
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = i ? 1 : size;
  DlcOnnxStatus status = constantI64(n, dims, rank, values, out);
  free(values);
  return status;
}

//===----------------------------------------------------------------------===//
// GatherND
//===----------------------------------------------------------------------===//

// GatherND: data [B.., D..] and indices [B.., I.., k] (B the batch_dims
// leading dims); each tuple names data[b.., i0, .., ik-1, ...]. The batch
// position and the tuple become one row-major offset into data reshaped
// to [prod(B) * prod(D[:k]), D[k:]..], which one gather reads; its
// result already has the output's shape [B.., I.., D[k:]..].
static DlcOnnxStatus translateGatherND(DlcOnnxNode *n) {
  MlirValue data, indices;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &data));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &indices));
  int64_t b = dlcOnnxAttrInt(n, "batch_dims", 0);
  int64_t rank = rankOf(data), irank = rankOf(indices);
  if (!isStatic(data) || !isStatic(indices))
    return dlcOnnxUnsupported(n, "data and indices must have static shapes");
  if (irank < 1 || b < 0 || b >= irank || b >= rank)
    return dlcOnnxError(n, "attribute 'batch_dims' is %lld, not in [0, min(rank of data, rank "
                           "of indices))",
                        (long long)b);
  int64_t k = dimOf(indices, irank - 1);
  if (k < 1 || b + k > rank)
    return dlcOnnxError(n, "index tuples of %lld after %lld batch dims for data of rank %lld",
                        (long long)k, (long long)b, (long long)rank);
  for (int64_t i = 0; i < b; ++i)
    if (dimOf(data, i) != dimOf(indices, i))
      return dlcOnnxError(n, "the batch dims of data and indices differ");
  int64_t strides[DLC_MAX_RANK], flat = 1, batches = 1;
  for (int64_t j = k - 1; j >= 0; --j)
    strides[j] = flat, flat *= dimOf(data, b + j);
  for (int64_t i = 0; i < b; ++i)
    batches *= dimOf(data, i);
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  // offsets[B.., I..] = batch * flat + sum_j wrap(indices[.., j]) * stride_j
  int64_t offRank = irank - 1, offShape[DLC_MAX_RANK];
  for (int64_t i = 0; i < offRank; ++i)
    offShape[i] = dimOf(indices, i);
  MlirValue offsets = {NULL};
  for (int64_t j = 0; j < k; ++j) {
    MlirValue part, stride;
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, indices, irank - 1, j, j + 1, 1, &part));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", part, offShape, offRank, &part));
    DLC_ONNX_TRY(dlcOnnxWrapIndices(n, part, dimOf(data, b + j), &part));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)strides[j], &stride));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", part, stride, &part));
    if (mlirValueIsNull(offsets))
      offsets = part;
    else
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", offsets, part, &offsets));
  }
  if (b > 0) { // batch * flat, shaped [B.., 1..] to broadcast over I..
    int64_t *base = malloc((size_t)batches * sizeof *base), dims[DLC_MAX_RANK];
    if (!base)
      abort();
    for (int64_t i = 0; i < batches; ++i)
      base[i] = i * flat;
    for (int64_t i = 0; i < offRank; ++i)
      dims[i] = i < b ? dimOf(data, i) : 1;
    MlirValue baseV;
    DlcOnnxStatus status = constantI64(n, dims, offRank, base, &baseV);
    free(base);
    DLC_ONNX_TRY(status);
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", offsets, baseV, &offsets));
  }
  int64_t dataShape[DLC_MAX_RANK] = {batches * flat}, numRest = rank - b - k;
  for (int64_t i = 0; i < numRest; ++i)
    dataShape[1 + i] = dimOf(data, b + k + i);
  MlirValue table, out;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", data, dataShape, 1 + numRest, &table));
  MlirValue operands[2] = {table, offsets};
  DLC_ONNX_TRY(dlcOnnxBuildSimple(n, "dlc_graph.gather", 2, operands, &out));
  return dlcOnnxSetOutput(n, 0, out);
}

//===----------------------------------------------------------------------===//
// ReverseSequence, TensorScatter
//===----------------------------------------------------------------------===//

// `idx` (i64, broadcastable to `like`) expanded to its shape, then the
// elements of `x` it names along `axis`.
static DlcOnnxStatus gatherAlong(DlcOnnxNode *n, MlirValue x, MlirValue idx, MlirValue like,
                                 int64_t axis, MlirValue *out) {
  int64_t rank = rankOf(like), dims[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = dimOf(like, i);
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.expand", idx, dims, rank, &idx));
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.gather_elements");
  op.operands[0] = x, op.operands[1] = idx;
  dlcOnnxOpInt(n, &op, "axis", axis);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

// `v` (1-D of the batch dim) reshaped to [.., B (at batchAxis), 1 ..] of
// rank `rank`.
static DlcOnnxStatus alongBatch(DlcOnnxNode *n, MlirValue v, int64_t batchAxis, int64_t size,
                                int64_t rank, MlirValue *out) {
  int64_t dims[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = i == batchAxis ? size : 1;
  return dlcOnnxShapeOp(n, "dlc_graph.reshape", v, dims, rank, out);
}

// ReverseSequence: y[b, t] = x[b, len[b] - 1 - t] for t < len[b], else
// x[b, t] (b along batch_axis, t along time_axis): one gather_elements.
static DlcOnnxStatus translateReverseSequence(DlcOnnxNode *n) {
  MlirValue x, lens;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &lens));
  int64_t rank = rankOf(x);
  int64_t batchAxis = dlcOnnxAttrInt(n, "batch_axis", 1);
  int64_t timeAxis = dlcOnnxAttrInt(n, "time_axis", 0);
  if (rank < 2 || batchAxis < 0 || batchAxis > 1 || timeAxis < 0 || timeAxis > 1 ||
      batchAxis == timeAxis)
    return dlcOnnxError(n, "attributes 'batch_axis' and 'time_axis' must be 0 and 1 (or 1 and "
                           "0) of an input of rank 2 or more");
  if (!isStatic(x))
    return dlcOnnxUnsupported(n, "the input must have a static shape");
  int64_t batch = dimOf(x, batchAxis), time = dimOf(x, timeAxis);
  if (rankOf(lens) != 1 || dimOf(lens, 0) != batch)
    return dlcOnnxError(n, "input 'sequence_lens' must be 1-D of the batch size %lld",
                        (long long)batch);
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue len, t, one, last, reversed, inside, idx, y;
  DLC_ONNX_TRY(dlcOnnxCastOp(n, lens, i64, &len));
  DLC_ONNX_TRY(alongBatch(n, len, batchAxis, batch, rank, &len));
  DLC_ONNX_TRY(iota(n, time, rank - timeAxis, &t));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 1, &one));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", len, one, &last));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", last, t, &reversed));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", t, len, &inside));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, inside, reversed, t, &idx));
  DLC_ONNX_TRY(gatherAlong(n, x, idx, x, timeAxis, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// TensorScatter: present[b, .., t (at axis), ..] = update[b, .., i, ..]
// where i = t - write_indices[b] (modulo the cache's length when mode is
// circular) is in [0, update's length), else past_cache's element.
static DlcOnnxStatus translateTensorScatter(DlcOnnxNode *n) {
  MlirValue cache, update, writes;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &cache));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &update));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &writes));
  MlirStringRef mode = dlcOnnxAttrString(n, "mode", "linear");
  bool circular = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("circular"));
  if (!circular && !mlirStringRefEqual(mode, mlirStringRefCreateFromCString("linear")))
    return dlcOnnxError(n, "attribute 'mode' is \"%.*s\", not \"linear\" or \"circular\"",
                        (int)mode.length, mode.data);
  int64_t rank = rankOf(cache), axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", -2, rank, &axis));
  if (!isStatic(cache) || !isStatic(update))
    return dlcOnnxUnsupported(n, "past_cache and update must have static shapes");
  if (axis == 0 || rankOf(update) != rank)
    return dlcOnnxError(n, "'axis' must not be the batch dim 0, and update must have the "
                           "cache's rank");
  for (int64_t i = 0; i < rank; ++i)
    if (i != axis && dimOf(update, i) != dimOf(cache, i))
      return dlcOnnxError(n, "update must have the cache's dims but along 'axis'");
  int64_t batch = dimOf(cache, 0), length = dimOf(cache, axis), seq = dimOf(update, axis);
  if (seq > length)
    return dlcOnnxError(n, "update holds %lld positions, more than the cache's %lld",
                        (long long)seq, (long long)length);
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue w, t, i, zero, seqV, lenV, ge, lt, valid, clamped, picked, y;
  if (mlirValueIsNull(writes)) {
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &w));
  } else {
    if (rankOf(writes) != 1 || dimOf(writes, 0) != batch)
      return dlcOnnxError(n, "input 'write_indices' must be 1-D of the batch size %lld",
                          (long long)batch);
    DLC_ONNX_TRY(dlcOnnxCastOp(n, writes, i64, &w));
    DLC_ONNX_TRY(alongBatch(n, w, 0, batch, rank, &w));
  }
  DLC_ONNX_TRY(iota(n, length, rank - axis, &t));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", t, w, &i));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)seq, &seqV));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)length, &lenV));
  if (circular) { // i in (-length, length): add length to the negative ones
    MlirValue negative, wrapped;
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", i, zero, &negative));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", i, lenV, &wrapped));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, negative, wrapped, i, &i));
  }
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.greater_equal", i, zero, &ge));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", i, seqV, &lt));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.and", ge, lt, &valid));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, valid, i, zero, &clamped));
  DLC_ONNX_TRY(gatherAlong(n, update, clamped, cache, axis, &picked));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, valid, picked, cache, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

//===----------------------------------------------------------------------===//
// MaxUnpool, Col2Im
//===----------------------------------------------------------------------===//

// MaxUnpool: zeros of the unpooled shape (from the window attributes)
// with X[p] written at the flat position I[p] (an index into that whole
// tensor, as MaxPool returns it); a larger output_shape pads it at the end
// (a pad of run-time pads when output_shape is known only at run time).
// Per (N, C) plane of P positions: hit[n, c, q, p] = (I[n, c, q] - plane
// offset == p), and the sum over q of where(hit, X, 0).
static DlcOnnxStatus translateMaxUnpool(DlcOnnxNode *n) {
  MlirValue x, indices;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &indices));
  int64_t rank = rankOf(x), spatial = rank - 2;
  if (rank < 3 || !isStatic(x) || !isStatic(indices))
    return dlcOnnxUnsupported(n, "X and I must have static shapes of rank 3 or more");
  for (int64_t i = 0; i < rank; ++i)
    if (dimOf(indices, i) != dimOf(x, i))
      return dlcOnnxError(n, "inputs 'X' and 'I' must have the same shape");
  const int64_t *kernel, *strides = NULL, *pads = NULL;
  int64_t nk, ns = 0, np = 0, inferred[DLC_MAX_RANK], outShape[DLC_MAX_RANK];
  if (!dlcOnnxAttrInts(n, "kernel_shape", &kernel, &nk) || nk != spatial)
    return dlcOnnxError(n, "attribute 'kernel_shape' must have %lld values", (long long)spatial);
  dlcOnnxAttrInts(n, "strides", &strides, &ns);
  dlcOnnxAttrInts(n, "pads", &pads, &np);
  if ((strides && ns != spatial) || (pads && np != 2 * spatial))
    return dlcOnnxError(n, "attributes 'strides' and 'pads' must have %lld and %lld values",
                        (long long)spatial, (long long)(2 * spatial));
  inferred[0] = dimOf(x, 0), inferred[1] = dimOf(x, 1);
  for (int64_t i = 0; i < spatial; ++i)
    inferred[2 + i] = (dimOf(x, 2 + i) - 1) * (strides ? strides[i] : 1) -
                      (pads ? pads[i] + pads[spatial + i] : 0) + kernel[i];
  memcpy(outShape, inferred, (size_t)rank * sizeof *inferred);
  bool runTimeShape = false;
  if (dlcOnnxHasInput(n, 2))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 2, "output_shape", &runTimeShape));
  if (dlcOnnxHasInput(n, 2) && !runTimeShape) { // the unpooled tensor at its start, zeros after it
    int64_t *shape, count;
    DLC_ONNX_TRY(dlcOnnxConstInts(n, 2, "output_shape", &shape, &count));
    bool fits = count == rank;
    for (int64_t i = 0; fits && i < rank; ++i)
      fits = shape[i] >= inferred[i] && (i > 1 || shape[i] == inferred[i]);
    if (!fits)
      return dlcOnnxError(n, "input 'output_shape' must have %lld values, X's N and C, then "
                             "sizes no smaller than the unpooled ones",
                          (long long)rank);
    memcpy(outShape, shape, (size_t)rank * sizeof *shape);
  }
  int64_t plane = 1, q = 1;
  for (int64_t i = 2; i < rank; ++i)
    plane *= inferred[i], q *= dimOf(x, i);
  if (plane < 1 || plane * q > (1 << 24))
    return dlcOnnxUnsupported(n, "the one-hot scatter of %lld inputs to %lld positions per plane "
                                 "is larger than 2^24",
                              (long long)q, (long long)plane);
  int64_t nn = dimOf(x, 0), cc = dimOf(x, 1);
  int64_t flatX[4] = {nn, cc, q, 1};
  int64_t *base = malloc((size_t)(nn * cc > 0 ? nn * cc : 1) * sizeof *base);
  if (!base)
    abort();
  for (int64_t i = 0; i < nn * cc; ++i)
    base[i] = i * plane;
  int64_t baseDims[4] = {nn, cc, 1, 1};
  MlirValue baseV, xs, idx, positions, hit, zero, picked, y;
  DlcOnnxStatus status = constantI64(n, baseDims, 4, base, &baseV);
  free(base);
  DLC_ONNX_TRY(status);
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, flatX, 4, &xs));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", indices, flatX, 4, &idx));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, idx, mlirIntegerTypeGet(n->ctx, 64), &idx));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", idx, baseV, &idx));
  DLC_ONNX_TRY(iota(n, plane, 1, &positions));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", idx, positions, &hit));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, eltOf(x), 0, &zero));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, hit, xs, zero, &picked));
  int64_t over = 2;
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_sum", picked, &over, 1, false, &y));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, inferred, rank, &y));
  if (runTimeShape) { // padded at the end to output_shape when the code runs
    MlirValue shape, pads;
    DLC_ONNX_TRY(dlcOnnxInput(n, 2, &shape));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, shape, mlirIntegerTypeGet(n->ctx, 64), &shape));
    MlirType shapeType = mlirValueGetType(shape);
    if (mlirShapedTypeGetRank(shapeType) != 1 || mlirShapedTypeGetDimSize(shapeType, 0) != rank)
      return dlcOnnxError(n, "input 'output_shape' must be 1-D with %lld values", (long long)rank);
    int64_t zeros[DLC_MAX_RANK] = {0}, rankDims[1] = {rank};
    MlirValue inferredV, begins;
    DLC_ONNX_TRY(constantI64(n, rankDims, 1, inferred, &inferredV));
    DLC_ONNX_TRY(constantI64(n, rankDims, 1, zeros, &begins));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", shape, inferredV, &pads));
    DLC_ONNX_TRY(dlcOnnxConcatOp(n, begins, pads, 0, &pads));
    DlcOnnxOp pad;
    dlcOnnxOpInit(&pad, "dlc_graph.pad");
    pad.operands[0] = y, pad.operands[1] = zero, pad.operands[2] = pads;
    DLC_ONNX_TRY(dlcOnnxBuild(n, &pad));
    y = pad.results[0];
  } else if (memcmp(outShape, inferred, (size_t)rank * sizeof *inferred)) {
    int64_t padding[2 * DLC_MAX_RANK] = {0};
    for (int64_t i = 0; i < rank; ++i)
      padding[rank + i] = outShape[i] - inferred[i];
    DlcOnnxOp pad;
    dlcOnnxOpInit(&pad, "dlc_graph.pad");
    pad.operands[0] = y, pad.operands[1] = zero;
    dlcOnnxOpInts(n, &pad, "pads", padding, 2 * rank);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &pad));
    y = pad.results[0];
  }
  return dlcOnnxSetOutput(n, 0, y);
}

// Col2Im of an image_shape or block_shape known only at run time: a sum of
// gathers (RunTimeSizes.c), its output dims other than N `?`.
static DlcOnnxStatus col2ImAtRunTime(DlcOnnxNode *n, MlirValue x) {
  MlirValue y;
  DLC_ONNX_TRY(dlcOnnxRunTimeCol2Im(n, x, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

DlcOnnxStatus dlcOnnxCol2ImAttributes(DlcOnnxNode *n, int64_t s, const int64_t **dil,
                                      const int64_t **pads, const int64_t **strides) {
  int64_t nd = 0, np = 0, ns = 0;
  *dil = *pads = *strides = NULL;
  dlcOnnxAttrInts(n, "dilations", dil, &nd);
  dlcOnnxAttrInts(n, "pads", pads, &np);
  dlcOnnxAttrInts(n, "strides", strides, &ns);
  if ((*dil && nd != s) || (*pads && np != 2 * s) || (*strides && ns != s))
    return dlcOnnxError(n, "attributes 'dilations', 'strides' and 'pads' must have %lld, %lld "
                           "and %lld values",
                        (long long)s, (long long)s, (long long)(2 * s));
  return DLC_ONNX_OK;
}

// Col2Im: input [N, C * prod(block), L] holds, for each of the L block
// positions, the block's values; they are summed into the image at
// position l * stride + k * dilation - pad_begin (per spatial dim). Here a
// matmul of the input as [N, C, K * L] with a 0/1 matrix [K * L, P]
// (P the image's positions; entries landing in the padding go nowhere).
static DlcOnnxStatus translateCol2Im(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  bool runTime[2];
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "image_shape", &runTime[0]));
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 2, "block_shape", &runTime[1]));
  if (runTime[0] || runTime[1])
    return col2ImAtRunTime(n, x);
  int64_t *image, *block, ni, nb;
  DlcOnnxStatus status = dlcOnnxConstInts(n, 1, "image_shape", &image, &ni);
  status = dlcOnnxWorse(status, dlcOnnxConstInts(n, 2, "block_shape", &block, &nb));
  DLC_ONNX_TRY(status);
  int64_t s = ni;
  if (s < 1 || nb != s || s > DLC_MAX_RANK - 2)
    return dlcOnnxError(n, "inputs 'image_shape' and 'block_shape' must have the same length, "
                           "1 to %d",
                        DLC_MAX_RANK - 2);
  const int64_t *dil, *pads, *strides;
  DLC_ONNX_TRY(dlcOnnxCol2ImAttributes(n, s, &dil, &pads, &strides));
  if (rankOf(x) != 3 || !isStatic(x))
    return dlcOnnxUnsupported(n, "the input must be 3-D (N x C*prod(block_shape) x L) with a "
                                 "static shape");
  int64_t blocks[DLC_MAX_RANK], k = 1, l = 1, p = 1;
  for (int64_t i = 0; i < s; ++i) {
    int64_t d = dil ? dil[i] : 1, st = strides ? strides[i] : 1;
    int64_t padded = image[i] + (pads ? pads[i] + pads[s + i] : 0);
    if (d < 1 || st < 1 || block[i] < 1 || image[i] < 1)
      return dlcOnnxError(n, "sizes, dilations and strides must be positive");
    blocks[i] = (padded - (d * (block[i] - 1) + 1)) / st + 1;
    if (blocks[i] < 1)
      return dlcOnnxError(n, "the block does not fit the padded image along dim %lld",
                          (long long)i);
    k *= block[i], l *= blocks[i], p *= image[i];
  }
  int64_t nn = dimOf(x, 0), ck = dimOf(x, 1);
  if (ck % k || dimOf(x, 2) != l)
    return dlcOnnxError(n, "the input is %lld x %lld x %lld, not N x C*%lld x %lld", (long long)nn,
                        (long long)ck, (long long)dimOf(x, 2), (long long)k, (long long)l);
  if (k * l * p > (1 << 24))
    return dlcOnnxUnsupported(n, "the placement matrix (%lld x %lld) is larger than 2^24",
                              (long long)(k * l), (long long)p);
  MlirType elt = eltOf(x);
  bool f64 = mlirTypeIsAF64(elt);
  if (!f64 && !mlirTypeIsAF32(elt))
    return dlcOnnxUnsupported(n, "the input must be float or double");
  size_t count = (size_t)(k * l * p);
  void *m = calloc(count, f64 ? sizeof(double) : sizeof(float));
  if (!m)
    return dlcOnnxError(n, "out of memory");
  for (int64_t kk = 0; kk < k; ++kk)
    for (int64_t ll = 0; ll < l; ++ll) {
      int64_t pos = 0, kr = kk, lr = ll, ks[DLC_MAX_RANK], ls[DLC_MAX_RANK];
      for (int64_t i = s - 1; i >= 0; --i)
        ks[i] = kr % block[i], kr /= block[i], ls[i] = lr % blocks[i], lr /= blocks[i];
      bool inside = true;
      for (int64_t i = 0; i < s; ++i) {
        int64_t at = ls[i] * (strides ? strides[i] : 1) + ks[i] * (dil ? dil[i] : 1) -
                     (pads ? pads[i] : 0);
        inside &= at >= 0 && at < image[i];
        pos = pos * image[i] + at;
      }
      if (!inside)
        continue;
      size_t at = (size_t)((kk * l + ll) * p + pos);
      if (f64)
        ((double *)m)[at] = 1;
      else
        ((float *)m)[at] = 1;
    }
  int64_t mDims[2] = {k * l, p};
  MlirType mType = mlirRankedTensorTypeGet(2, mDims, elt, mlirAttributeGetNull());
  MlirAttribute value = f64 ? mlirDenseElementsAttrDoubleGet(mType, (intptr_t)count, m)
                            : mlirDenseElementsAttrFloatGet(mType, (intptr_t)count, m);
  free(m);
  DlcOnnxOp cst;
  dlcOnnxOpInit(&cst, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &cst, "value", value);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &cst));
  int64_t cols[3] = {nn, ck / k, k * l}, outShape[DLC_MAX_RANK] = {nn, ck / k};
  for (int64_t i = 0; i < s; ++i)
    outShape[2 + i] = image[i];
  MlirValue y;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, cols, 3, &y));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", y, cst.results[0], &y));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, outShape, 2 + s, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

#define STATIC_SHAPES "Static shapes."

static const DlcOnnxOpEntry ops[] = {
    {"GatherND", 11, translateGatherND, {{0}}, "dlc_graph.gather", STATIC_SHAPES},
    {"GatherND", 12, translateGatherND, {A_INT("batch_dims")}, "dlc_graph.gather", STATIC_SHAPES},
    {"ReverseSequence", 10, translateReverseSequence, {A_INT("batch_axis"), A_INT("time_axis")},
     "dlc_graph.gather_elements", STATIC_SHAPES},
    {"TensorScatter", 24, translateTensorScatter, {A_INT("axis"), A_STRING("mode")},
     "dlc_graph.gather_elements", STATIC_SHAPES},
    {"MaxUnpool", 9, translateMaxUnpool,
     {A_INTS("kernel_shape"), A_INTS("pads"), A_INTS("strides")}, "dlc_graph.where",
     STATIC_SHAPES " An `output_shape` not known at compile time is read when the code runs "
                   "(a run-time pad at the end: every output dim is `?`). A one-hot scatter per (N, C) "
                   "plane: inputs times outputs per plane at most 2^24."},
    {"Col2Im", 18, translateCol2Im,
     {A_INTS("dilations"), A_INTS("pads"), A_INTS("strides")}, "dlc_graph.matmul",
     "Float or double; static shapes. A product with a 0/1 placement matrix of at most 2^24 "
     "elements. An `image_shape` or `block_shape` not known at compile time is read when the code "
     "runs (their static length decides the rank; the output dims after N are `?`): a sum over "
     "the block offsets of gathers, N * C * prod(block_shape) * prod(image_shape) work."},
};

const DlcOnnxOpEntry *dlcOnnxSelectOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
