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

#include <math.h>

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
static MlirLogicalResult lowerReduceMin(DlcRewriter *rw) { return lowerReduce(rw, "min"); }
static MlirLogicalResult lowerReduceProd(DlcRewriter *rw) { return lowerReduce(rw, "prod"); }

//===----------------------------------------------------------------------===//
// Norms and logs: maps before and after a sum
//===----------------------------------------------------------------------===//

static MlirValue absBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  return dlcScalarAbs(b, e[0], a[0]);
}

static MlirValue squareBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                            const void *data) {
  (void)r, (void)data;
  return dlcScalarBinary(b, DLC_MUL, e[0], a[0], a[0]);
}

static MlirValue mathBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)e, (void)r;
  return dlcScalarUnary(b, (const char *)data, a[0]);
}

// A sum of `before` (or of x) over the op's dims, then `after` of it.
static MlirLogicalResult lowerMappedSum(DlcRewriter *rw, const char *beforeName, DlcBodyFn before,
                                        const void *beforeData, const char *afterName,
                                        DlcBodyFn after, const void *afterData) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  int64_t dims[DLC_MAX_RANK];
  int64_t n = reducedDims(rw->op, dlcShapeOfValue(x).rank, dims);
  if (before)
    x = dlcMap(rw, beforeName, 1, &x, mlirValueGetType(x), before, beforeData);
  MlirValue sum = n ? dlcReduce(rw, x, "sum", n, dims) : x;
  if (after)
    sum = dlcMap(rw, afterName, 1, &sum, mlirValueGetType(sum), after, afterData);
  return replaceWith(rw, sum, n, dims);
}

static MlirLogicalResult lowerReduceL1(DlcRewriter *rw) {
  return lowerMappedSum(rw, "abs", absBody, NULL, NULL, NULL, NULL);
}
static MlirLogicalResult lowerReduceL2(DlcRewriter *rw) {
  return lowerMappedSum(rw, "square", squareBody, NULL, "sqrt", mathBody, "math.sqrt");
}
static MlirLogicalResult lowerReduceSumSquare(DlcRewriter *rw) {
  return lowerMappedSum(rw, "square", squareBody, NULL, NULL, NULL, NULL);
}
static MlirLogicalResult lowerReduceLogSum(DlcRewriter *rw) {
  return lowerMappedSum(rw, NULL, NULL, NULL, "log", mathBody, "math.log");
}

// The maximum as the shift of log-sum-exp, 0 where it is infinite (all
// -inf, an empty set, or a +inf): then the plain formula is exact.
static MlirValue finiteShift(DlcBuilder *b, MlirType t, MlirValue m) {
  MlirValue isInf = dlcScalarCompare(b, DLC_EQ, t, dlcScalarAbs(b, t, m),
                                     dlcScalarConst(b, t, INFINITY));
  return dlcScalarSelect(b, isInf, dlcScalarConst(b, t, 0), m);
}

static MlirValue shiftedExpBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                                const void *data) {
  (void)r, (void)data;
  MlirValue shifted = dlcScalarBinary(b, DLC_SUB, e[0], a[0], finiteShift(b, e[0], a[1]));
  return dlcScalarUnary(b, "math.exp", shifted);
}

static MlirValue logPlusShiftBody(DlcBuilder *b, const MlirValue *a, const MlirType *e,
                                  MlirType r, const void *data) {
  (void)r, (void)data;
  return dlcScalarBinary(b, DLC_ADD, e[0], dlcScalarUnary(b, "math.log", a[0]),
                         finiteShift(b, e[0], a[1]));
}

static MlirLogicalResult lowerReduceLogSumExp(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  DlcShape shape = dlcShapeOfValue(x);
  int64_t dims[DLC_MAX_RANK];
  int64_t n = reducedDims(rw->op, shape.rank, dims);
  if (!n) // an identity (noop_with_empty_axes, or a 0-d input)
    return replaceWith(rw, x, 0, dims);
  MlirValue max = dlcReduce(rw, x, "max", n, dims);
  DlcShape keep = shape;
  for (int64_t i = 0; i < n; ++i)
    keep.dims[dims[i]] = 1;
  MlirValue in[2] = {x, dlcReshape(rw, max, dlcTensorType(&keep, dlcEltOfValue(x)))};
  MlirValue exps = dlcMap(rw, "shifted_exp", 2, in, mlirValueGetType(x), shiftedExpBody, NULL);
  MlirValue out[2] = {dlcReduce(rw, exps, "sum", n, dims), max};
  return replaceWith(rw, dlcMap(rw, "log_plus_shift", 2, out, mlirValueGetType(max),
                                logPlusShiftBody, NULL),
                     n, dims);
}

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
    {"dlc_graph.reduce_min", lowerReduceMin},
    {"dlc_graph.reduce_prod", lowerReduceProd},
    {"dlc_graph.reduce_l1", lowerReduceL1},
    {"dlc_graph.reduce_l2", lowerReduceL2},
    {"dlc_graph.reduce_sum_square", lowerReduceSumSquare},
    {"dlc_graph.reduce_log_sum", lowerReduceLogSum},
    {"dlc_graph.reduce_log_sum_exp", lowerReduceLogSumExp},
};
const size_t dlcNumReduceLowerings = sizeof dlcReduceLowerings / sizeof *dlcReduceLowerings;
