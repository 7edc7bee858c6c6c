//===- Reduce.c - reduce_sum/mean/max to dlc_tensor.reduce ------*- C -*-===//
//
// A reduction becomes one dlc_tensor.reduce over the sorted dims, then a
// reshape for keepdims. reduce_mean divides the sum by the element count,
// a 0-d constant input (or, over `?` dims, a sum of ones). Integer means
// sum in 64 bits and truncate the quotient back, as ONNX's reference
// (numpy's mean, then a cast) does.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Dialect/Graph/GraphInfer.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinTypes.h"

// The dims the op reduces, sorted; 0 when it reduces nothing (empty axes
// with noop_with_empty_axes, or a 0-d input). The op is verified.
static int64_t reducedDims(MlirOperation op, int64_t rank, int64_t *dims) {
  bool reduced[DLC_MAX_RANK];
  dlcGraphReducedDims(op, rank, reduced);
  int64_t count = 0;
  for (int64_t i = 0; i < rank; ++i)
    if (reduced[i])
      dims[count++] = i;
  return count;
}

// Replaces the op with `reduced` (dims `dims` of the input reduced away),
// reshaped to keep them as 1s when the op says keepdims.
static MlirLogicalResult replaceWith(DlcRewriter *rw, MlirValue reduced, int64_t n,
                                     const int64_t *dims) {
  if (n && dlcOpBool(rw->op, "keepdims")) {
    DlcShape keep = dlcShapeOfValue(dlcOpOperand(rw->op, 0));
    for (int64_t i = 0; i < n; ++i)
      keep.dims[dims[i]] = 1;
    reduced = dlcReshape(rw, reduced, dlcTensorType(&keep, dlcEltOfValue(reduced)));
  }
  MlirValue v = dlcCastTo(&rw->b, reduced, mlirValueGetType(dlcOpResult(rw->op, 0)));
  dlcReplaceOp(rw, 1, &v);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult lowerReduce(DlcRewriter *rw, const char *kind) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  int64_t dims[DLC_MAX_RANK];
  int64_t n = reducedDims(rw->op, dlcShapeOfValue(x).rank, dims);
  return replaceWith(rw, n ? dlcReduce(rw, x, kind, n, dims) : x, n, dims);
}

static MlirLogicalResult lowerReduceSum(DlcRewriter *rw) { return lowerReduce(rw, "sum"); }
static MlirLogicalResult lowerReduceMax(DlcRewriter *rw) { return lowerReduce(rw, "max"); }

//===----------------------------------------------------------------------===//
// reduce_mean
//===----------------------------------------------------------------------===//

static MlirValue castBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)data;
  return dlcScalarCast(b, e[0], r, a[0]);
}

static MlirValue oneBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)a, (void)e, (void)data;
  return dlcScalarConst(b, r, 1);
}

// sum / count in the sum's type, then converted to the result type. An
// integer count of 0 (an empty `?` dim) divides by 1 rather than trap.
static MlirValue meanBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)data;
  MlirValue count = a[1];
  if (!dlcIsFloat(e[1]))
    count = dlcScalarBinary(b, DLC_MAX, e[1], count, dlcScalarConst(b, e[1], 1));
  return dlcScalarCast(b, e[0], r, dlcScalarBinary(b, DLC_DIV, e[0], a[0], count));
}

static MlirType withElt(MlirValue v, MlirType elt) {
  DlcShape s = dlcShapeOfValue(v);
  return dlcTensorType(&s, elt);
}

// How many elements each output element averages: a 0-d constant, or,
// when a reduced dim is `?`, a reduction of ones shaped like the sum.
static MlirValue elementCount(DlcRewriter *rw, MlirValue x, int64_t n, const int64_t *dims,
                              MlirType elt) {
  DlcShape s = dlcShapeOfValue(x);
  int64_t count = 1;
  for (int64_t i = 0; i < n && count != DLC_DYN; ++i)
    count = s.dims[dims[i]] == DLC_DYN ? DLC_DYN : count * s.dims[dims[i]];
  if (count != DLC_DYN)
    return dlcScalarTensor(rw, elt, (double)count);
  MlirValue ones = dlcMap(rw, "one", 1, &x, withElt(x, elt), oneBody, NULL);
  return dlcReduce(rw, ones, "sum", n, dims);
}

static MlirLogicalResult lowerReduceMean(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  int64_t dims[DLC_MAX_RANK];
  int64_t n = reducedDims(rw->op, dlcShapeOfValue(x).rank, dims);
  if (!n)
    return replaceWith(rw, x, 0, dims);
  MlirType elt = dlcEltOfValue(x), acc = elt;
  if (!dlcIsFloat(elt) && dlcEltWidth(elt) < 64) {
    acc = mlirIntegerTypeUnsignedGet(rw->b.ctx, 64);
    if (!dlcIsUnsigned(elt))
      acc = mlirIntegerTypeGet(rw->b.ctx, 64);
    x = dlcMap(rw, "cast", 1, &x, withElt(x, acc), castBody, NULL);
  }
  MlirValue in[2] = {dlcReduce(rw, x, "sum", n, dims), elementCount(rw, x, n, dims, acc)};
  // Float means are plain divisions and share elementwise div's body.
  const char *name = dlcIsFloat(elt) ? "div" : "mean_div";
  return replaceWith(rw, dlcMap(rw, name, 2, in, withElt(in[0], elt), meanBody, NULL), n, dims);
}

const DlcLowering dlcReduceLowerings[] = {
    {"dlc_graph.reduce_sum", lowerReduceSum},
    {"dlc_graph.reduce_mean", lowerReduceMean},
    {"dlc_graph.reduce_max", lowerReduceMax},
};
const size_t dlcNumReduceLowerings = sizeof dlcReduceLowerings / sizeof *dlcReduceLowerings;
