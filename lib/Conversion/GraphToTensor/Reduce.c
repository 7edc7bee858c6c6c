//===- Reduce.c - reduce_sum/mean/max to dlc_tensor.reduce ------*- C -*-===//
//
// A reduction becomes one dlc_tensor.reduce over the sorted dims, then a
// reshape for keepdims. reduce_mean divides the sum by the element count,
// a 0-d constant input (or, over `?` dims, a sum of ones). Integer means
// sum in 64 bits and truncate the quotient back, as ONNX's reference
// (numpy's mean, then a cast) does.
//
// Axes read at run time (operand `axes_tensor`) become a mask of i1s, one
// per dim; each dim in turn is split in two by a tensor.reshape, the
// second part holding the dim when it is masked (else 1) and reduced, so
// one compiled artifact serves every axes value. Without keepdims, a tensor.reshape to the sizes of the
// unmasked dims drops the masked ones. Constant axes never come here:
// dlc-fold-constants makes them the attribute.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Dialect/Graph/GraphInfer.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

// Axes read at run time (below).
static bool runTimeMask(DlcRewriter *rw, int64_t rank, MlirValue *mask);
static MlirValue reduceMasked(DlcRewriter *rw, MlirValue x, const char *kind,
                              const MlirValue *mask);
static MlirLogicalResult replaceMasked(DlcRewriter *rw, MlirValue kept, const MlirValue *mask);

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
  MlirValue x = dlcOpOperand(rw->op, 0), mask[DLC_MAX_RANK];
  if (runTimeMask(rw, dlcShapeOfValue(x).rank, mask))
    return replaceMasked(rw, reduceMasked(rw, x, kind, mask), mask);
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
  MlirValue x = dlcOpOperand(rw->op, 0), mask[DLC_MAX_RANK];
  bool runTime = runTimeMask(rw, dlcShapeOfValue(x).rank, mask);
  int64_t dims[DLC_MAX_RANK];
  int64_t n = runTime ? 0 : reducedDims(rw->op, dlcShapeOfValue(x).rank, dims);
  if (before)
    x = dlcMap(rw, beforeName, 1, &x, mlirValueGetType(x), before, beforeData);
  MlirValue sum = runTime ? reduceMasked(rw, x, "sum", mask)
                 : n     ? dlcReduce(rw, x, "sum", n, dims)
                         : x;
  if (after)
    sum = dlcMap(rw, afterName, 1, &sum, mlirValueGetType(sum), after, afterData);
  return runTime ? replaceMasked(rw, sum, mask) : replaceWith(rw, sum, n, dims);
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
  MlirValue x = dlcOpOperand(rw->op, 0), mask[DLC_MAX_RANK];
  DlcShape shape = dlcShapeOfValue(x);
  if (runTimeMask(rw, shape.rank, mask))
    return replaceMasked(rw, reduceMasked(rw, x, "log_sum_exp", mask), mask);
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
// Axes read at run time
//===----------------------------------------------------------------------===//

static MlirValue build2(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, name, 2, operands, mlirValueGetType(x), 0, NULL);
}

static MlirValue dimIndex(DlcBuilder *b, MlirValue v, int64_t dim) {
  MlirValue operands[2] = {v, dlcConstIndex(b, dim)};
  return dlcBuild1(b, "tensor.dim", 2, operands, mlirIndexTypeGet(b->ctx), 0, NULL);
}

// A tensor of `rank` dims, all `?`, except a 1 at `one` (-1: none).
static MlirType dynamicType(int64_t rank, int64_t one, MlirType elt) {
  DlcShape s = {.rank = rank};
  for (int64_t i = 0; i < rank; ++i)
    s.dims[i] = i == one ? 1 : DLC_DYN;
  return dlcTensorType(&s, elt);
}

// `v` reshaped (tensor.reshape, sizes read at run time) to `n` sizes
// (index scalars), with type `type`.
static MlirValue reshapeTo(DlcBuilder *b, MlirValue v, int64_t n, const MlirValue *sizes,
                           MlirType type) {
  MlirType shapeType =
      mlirRankedTensorTypeGet(1, &n, mlirIndexTypeGet(b->ctx), mlirAttributeGetNull());
  MlirValue operands[2] = {v, dlcBuild1(b, "tensor.from_elements", n, sizes, shapeType, 0, NULL)};
  return dlcBuild1(b, "tensor.reshape", 2, operands, type, 0, NULL);
}

// `reduced` (`like` with dim `dim` reduced away) with that dim kept as 1.
static MlirValue keepDim(DlcRewriter *rw, MlirValue reduced, MlirValue like, int64_t dim) {
  int64_t rank = dlcShapeOfValue(like).rank;
  MlirValue sizes[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    sizes[i] = i == dim ? dlcConstIndex(&rw->b, 1) : dimIndex(&rw->b, like, i);
  return reshapeTo(&rw->b, reduced, rank, sizes, dynamicType(rank, dim, dlcEltOfValue(reduced)));
}

// Dim `dim` of `x` reduced away by `kind`. "log_sum_exp" is its own step
// (shifted by the maximum over the dim): log-sum-exp over several dims is
// log-sum-exp over each in turn.
static MlirValue reduceDim(DlcRewriter *rw, MlirValue x, int64_t dim, const char *kind) {
  if (strcmp(kind, "log_sum_exp"))
    return dlcReduce(rw, x, kind, 1, &dim);
  MlirValue max = dlcReduce(rw, x, "max", 1, &dim);
  MlirValue in[2] = {x, keepDim(rw, max, x, dim)};
  MlirValue exps = dlcMap(rw, "shifted_exp", 2, in, mlirValueGetType(x), shiftedExpBody, NULL);
  MlirValue out[2] = {dlcReduce(rw, exps, "sum", 1, &dim), max};
  return dlcMap(rw, "log_plus_shift", 2, out, mlirValueGetType(max), logPlusShiftBody, NULL);
}

// The dims a run-time `axes_tensor` names: mask[d] is an i1, set when an
// entry (negative ones count from the end) is d. False when the op has
// attribute axes instead.
static bool runTimeMask(DlcRewriter *rw, int64_t rank, MlirValue *mask) {
  MlirValue axes = dlcOpOperand(rw->op, 1);
  if (mlirValueIsNull(axes))
    return false;
  DlcBuilder *b = &rw->b;
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64), elt = dlcEltOfValue(axes);
  int64_t n = dlcShapeOfValue(axes).dims[0];
  MlirValue zero = dlcConstScalar(b, i64, 0), rankV = dlcConstScalar(b, i64, (double)rank);
  MlirValue entries[DLC_MAX_RANK];
  for (int64_t k = 0; k < n; ++k) {
    MlirValue operands[2] = {axes, dlcConstIndex(b, k)};
    MlirValue a = dlcBuild1(b, "tensor.extract", 2, operands, dlcSignless(elt), 0, NULL);
    a = dlcScalarCast(b, elt, i64, a);
    MlirValue negative = dlcScalarCompare(b, DLC_LT, i64, a, zero);
    entries[k] = dlcScalarSelect(b, negative, build2(b, "arith.addi", a, rankV), a);
  }
  for (int64_t d = 0; d < rank; ++d) {
    MlirValue dV = dlcConstScalar(b, i64, (double)d);
    mask[d] = dlcScalarCompare(b, DLC_EQ, i64, entries[0], dV);
    for (int64_t k = 1; k < n; ++k)
      mask[d] = build2(b, "arith.ori", mask[d], dlcScalarCompare(b, DLC_EQ, i64, entries[k], dV));
  }
  return true;
}

// `x` reduced by `kind` over the masked dims, each kept as 1; every dim of
// the result is `?`. Without branches: dim d of size n is split into
// (1, n) when masked, else (n, 1), and the second of the two is reduced;
// a reduction over one element is that element.
static MlirValue reduceMasked(DlcRewriter *rw, MlirValue x, const char *kind,
                              const MlirValue *mask) {
  DlcBuilder *b = &rw->b;
  int64_t rank = dlcShapeOfValue(x).rank;
  MlirType split = dynamicType(rank + 1, -1, dlcEltOfValue(x));
  MlirValue one = dlcConstIndex(b, 1);
  for (int64_t d = 0; d < rank; ++d) {
    MlirValue sizes[DLC_MAX_RANK + 1];
    for (int64_t i = 0; i < rank; ++i)
      sizes[i < d ? i : i + 1] = dimIndex(b, x, i);
    sizes[d] = dlcScalarSelect(b, mask[d], one, sizes[d + 1]);
    sizes[d + 1] = dlcScalarSelect(b, mask[d], sizes[d + 1], one);
    x = reduceDim(rw, reshapeTo(b, x, rank + 1, sizes, split), d + 1, kind);
  }
  return x;
}

// Replaces the op with `kept` (reduced dims kept as 1), dropping the masked
// dims unless keepdims: the sizes of the unmasked dims, in order, select
// the dim whose count of unmasked dims before it is the output position.
static MlirLogicalResult replaceMasked(DlcRewriter *rw, MlirValue kept, const MlirValue *mask) {
  MlirType resultType = mlirValueGetType(dlcOpResult(rw->op, 0));
  if (!dlcOpBool(rw->op, "keepdims")) {
    DlcBuilder *b = &rw->b;
    int64_t rank = dlcShapeOfValue(kept).rank, outRank = mlirShapedTypeGetRank(resultType);
    MlirValue zero = dlcConstIndex(b, 0), one = dlcConstIndex(b, 1);
    MlirValue sizes[DLC_MAX_RANK], position = zero;
    for (int64_t j = 0; j < outRank; ++j)
      sizes[j] = zero;
    for (int64_t d = 0; d < rank; ++d) {
      MlirValue size = dimIndex(b, kept, d);
      for (int64_t j = 0; j < outRank; ++j) {
        MlirValue at = dlcScalarCompare(b, DLC_EQ, mlirIndexTypeGet(b->ctx), position,
                                        dlcConstIndex(b, j));
        MlirValue taken = dlcScalarSelect(b, mask[d], zero, dlcScalarSelect(b, at, size, zero));
        sizes[j] = build2(b, "arith.addi", sizes[j], taken);
      }
      position = build2(b, "arith.addi", position, dlcScalarSelect(b, mask[d], zero, one));
    }
    kept = reshapeTo(b, kept, outRank, sizes, dynamicType(outRank, -1, dlcEltOfValue(kept)));
  }
  MlirValue v = dlcCastTo(&rw->b, kept, resultType);
  dlcReplaceOp(rw, 1, &v);
  return mlirLogicalResultSuccess();
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
  MlirValue x = dlcOpOperand(rw->op, 0), mask[DLC_MAX_RANK];
  bool runTime = runTimeMask(rw, dlcShapeOfValue(x).rank, mask);
  int64_t dims[DLC_MAX_RANK];
  int64_t n = runTime ? 0 : reducedDims(rw->op, dlcShapeOfValue(x).rank, dims);
  if (!n && !runTime)
    return replaceWith(rw, x, 0, dims);
  MlirType elt = dlcEltOfValue(x), acc = elt;
  if (!dlcIsFloat(elt) && dlcEltWidth(elt) < 64) {
    acc = mlirIntegerTypeUnsignedGet(rw->b.ctx, 64);
    if (!dlcIsUnsigned(elt))
      acc = mlirIntegerTypeGet(rw->b.ctx, 64);
    x = dlcMap(rw, "cast", 1, &x, withElt(x, acc), castBody, NULL);
  }
  // Float means are plain divisions and share elementwise div's body.
  const char *name = dlcIsFloat(elt) ? "div" : "mean_div";
  if (runTime) { // the count is a sum of ones over the same dims
    MlirValue ones = dlcMap(rw, "one", 1, &x, mlirValueGetType(x), oneBody, NULL);
    MlirValue in[2] = {reduceMasked(rw, x, "sum", mask), reduceMasked(rw, ones, "sum", mask)};
    return replaceMasked(rw, dlcMap(rw, name, 2, in, withElt(in[0], elt), meanBody, NULL), mask);
  }
  MlirValue in[2] = {dlcReduce(rw, x, "sum", n, dims), elementCount(rw, x, n, dims, acc)};
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
