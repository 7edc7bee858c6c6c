//===- ShapeOps.c - Shape ops to data-movement primitives -------*- C -*-===//
//
// reshape, flatten, squeeze and unsqueeze become dlc_tensor.reshape (a
// reshape with a run-time shape, RunTimeShape.c, as is a slice with
// run-time bounds);
// transpose, concat, slice and gather their primitives (gather after a map
// that wraps negative indices); expand a broadcast; pad a slice for
// negative pads, then dlc_tensor.pad in constant mode (RunTimePad.c with
// run-time pads) or, per padded dim,
// slices and concats of the input in the other modes; shape a constant, or
// tensor.dim reads for dynamic dims. Attributes are read through
// ShapeOpParams.h, as the shape rules read them.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Conversion/GraphToTensor/RunTimePad.h"
#include "Conversion/GraphToTensor/RunTimeShape.h"
#include "Dialect/Graph/ShapeOpParams.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static MlirValue operand(DlcRewriter *rw, int i) { return dlcOpOperand(rw->op, i); }
static MlirType declaredType(DlcRewriter *rw) { return mlirValueGetType(dlcOpResult(rw->op, 0)); }

// The declared result type refined by the op's shape rule: primitives get
// every static dim known, even when shape inference has not run.
static MlirType resultType(DlcRewriter *rw) {
  MlirType declared = declaredType(rw);
  DlcInfer in;
  dlcInferInit(&in, rw->op, dlcLookupOpDef(rw->op));
  if (mlirLogicalResultIsFailure(dlcInferRun(&in)) || !in.results[0].ptr)
    return declared;
  return dlcTypeMeet(declared, in.results[0]);
}

// Replaces the op with `v`, with a tensor.cast where its type has other
// static dims than the declared one (shape inference has not run).
static MlirLogicalResult finish(DlcRewriter *rw, MlirValue v) {
  return dlcReplaceOpCast(rw, 1, &v);
}

static MlirType withDim(MlirValue v, int64_t dim, int64_t size) {
  DlcShape s = dlcShapeOfValue(v);
  s.dims[dim] = size;
  return dlcTensorType(&s, dlcEltOfValue(v));
}

// `size` elements of dim `dim` of `v` from `offset` in steps of `stride`.
static MlirValue sliceDim(DlcRewriter *rw, MlirValue v, int64_t dim, int64_t offset,
                          int64_t stride, int64_t size) {
  int64_t offsets[DLC_MAX_RANK] = {0}, strides[DLC_MAX_RANK];
  for (int64_t i = 0; i < DLC_MAX_RANK; ++i)
    strides[i] = 1;
  offsets[dim] = offset;
  strides[dim] = stride;
  return dlcSlice(rw, v, offsets, strides, withDim(v, dim, size));
}

// Dim `dim` of `v` as a scalar of integer type `elt`.
static MlirValue dimValue(DlcRewriter *rw, MlirValue v, int64_t dim, MlirType elt) {
  int64_t size = dlcShapeOfValue(v).dims[dim];
  if (size != DLC_DYN)
    return dlcConstScalar(&rw->b, elt, (double)size);
  MlirValue operands[2] = {v, dlcConstIndex(&rw->b, dim)};
  MlirType indexType = mlirIndexTypeGet(rw->b.ctx);
  MlirValue index = dlcBuild1(&rw->b, "tensor.dim", 2, operands, indexType, 0, NULL);
  return dlcBuild1(&rw->b, "arith.index_cast", 1, &index, elt, 0, NULL);
}

static MlirValue fromElements(DlcRewriter *rw, int64_t n, const MlirValue *scalars,
                              MlirType type) {
  return dlcBuild1(&rw->b, "tensor.from_elements", n, scalars, type, 0, NULL);
}

//===----------------------------------------------------------------------===//
// Reshapes, transpose, concat, expand
//===----------------------------------------------------------------------===//

// reshape, flatten, squeeze, unsqueeze: the rule gave the result shape.
// A shape operand is read when the code runs (RunTimeShape.c).
static MlirLogicalResult lowerReshape(DlcRewriter *rw) {
  MlirValue shape = dlcOpOperand(rw->op, 1);
  if (!mlirValueIsNull(shape))
    return finish(rw, dlcRunTimeReshape(rw, operand(rw, 0), shape, dlcOpBool(rw->op, "allowzero")));
  return finish(rw, dlcReshape(rw, operand(rw, 0), resultType(rw)));
}

static MlirLogicalResult lowerTranspose(DlcRewriter *rw) {
  MlirValue x = operand(rw, 0);
  int64_t rank = dlcShapeOfValue(x).rank, perm[DLC_MAX_RANK];
  if (!dlcTransposePerm(rw->op, rank, perm))
    return dlcLoweringUnsupported(rw, "invalid 'perm'");
  bool identity = true;
  for (int64_t i = 0; i < rank; ++i)
    identity &= perm[i] == i;
  return finish(rw, identity ? x : dlcTranspose(rw, x, perm));
}

static MlirLogicalResult lowerConcat(DlcRewriter *rw) {
  MlirValue lhs = operand(rw, 0), rhs = operand(rw, 1);
  int64_t axis;
  if (!dlcShapeOpAxis(rw->op, "axis", dlcShapeOfValue(lhs).rank, false, &axis))
    return dlcLoweringUnsupported(rw, "invalid 'axis'");
  return finish(rw, dlcConcat(rw, lhs, rhs, axis));
}

// A static result is a splat constant (lowered in turn like any
// dlc_graph.constant); the shape operand only said what it is. Otherwise
// the shape is read when the code runs (RunTimeShape.c).
static MlirLogicalResult lowerConstantOfShape(DlcRewriter *rw) {
  MlirType type = resultType(rw);
  if (!mlirShapedTypeHasStaticShape(type))
    return finish(rw, dlcRunTimeConstantOfShape(rw, operand(rw, 0), mlirShapedTypeGetElementType(type),
                                                dlcOpFloat(rw->op, "value")));
  MlirNamedAttribute value =
      dlcNamed(rw->b.ctx, "value", dlcSplatAttr(type, dlcOpFloat(rw->op, "value")));
  MlirValue c = dlcBuild1(&rw->b, "dlc_graph.constant", 0, NULL, type, 1, &value);
  return finish(rw, c);
}

static MlirLogicalResult lowerExpand(DlcRewriter *rw) {
  MlirValue shape = dlcOpOperand(rw->op, 1);
  if (!mlirValueIsNull(shape))
    return finish(rw, dlcRunTimeExpand(rw, operand(rw, 0), shape));
  return finish(rw, dlcBroadcastTo(rw, operand(rw, 0), resultType(rw)));
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

static MlirLogicalResult lowerSlice(DlcRewriter *rw) {
  MlirValue bounds = dlcOpOperand(rw->op, 1);
  if (!mlirValueIsNull(bounds)) {
    int64_t axes[DLC_MAX_RANK], steps[DLC_MAX_RANK];
    int64_t numAxes = dlcOpInts(rw->op, "axes", axes, DLC_MAX_RANK);
    int64_t numSteps = dlcOpInts(rw->op, "steps", steps, DLC_MAX_RANK);
    return finish(rw, dlcRunTimeSlice(rw, operand(rw, 0), bounds, axes, numAxes, steps, numSteps));
  }
  MlirValue x = operand(rw, 0);
  DlcShape in = dlcShapeOfValue(x);
  DlcSliceParams p;
  if (!dlcSliceParams(rw->op, &in, &p))
    return dlcLoweringUnsupported(rw, "invalid slice attributes");
  bool any = false;
  DlcShape out = {.rank = in.rank};
  for (int64_t i = 0; i < in.rank; ++i) {
    if (p.sliced[i] && in.dims[i] == DLC_DYN)
      return dlcLoweringUnsupported(rw, "dim %lld is sliced but has a dynamic size",
                                    (long long)i);
    any |= p.sliced[i];
    out.dims[i] = p.sizes[i];
  }
  if (!any)
    return finish(rw, x);
  return finish(rw, dlcSlice(rw, x, p.offsets, p.strides, dlcTensorType(&out, dlcEltOfValue(x))));
}

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

// idx < 0 ? idx + size : idx
static MlirValue wrapIndexBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                               const void *data) {
  (void)r, (void)data;
  MlirValue negative = dlcScalarCompare(b, DLC_LT, e[0], a[0], dlcScalarConst(b, e[0], 0));
  return dlcScalarSelect(b, negative, dlcScalarBinary(b, DLC_ADD, e[0], a[0], a[1]), a[0]);
}

// True when `v` is a constant whose elements are all >= 0.
static bool isNonNegativeConstant(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(def));
  if (!mlirStringRefEqual(name, mlirStringRefCreateFromCString("arith.constant")) &&
      !mlirStringRefEqual(name, mlirStringRefCreateFromCString("dlc_graph.constant")))
    return false;
  MlirAttribute value =
      mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(value) || !mlirAttributeIsADenseIntElements(value))
    return false;
  bool is64 = mlirIntegerTypeGetWidth(dlcElementType(mlirAttributeGetType(value))) == 64;
  for (int64_t i = 0, n = mlirElementsAttrGetNumElements(value); i < n; ++i) {
    int64_t x = is64 ? mlirDenseElementsAttrGetInt64Value(value, i)
                     : mlirDenseElementsAttrGetInt32Value(value, i);
    if (x < 0)
      return false;
  }
  return true;
}

// Both gathers count negative indices from the end of the axis.
static MlirLogicalResult lowerGatherOf(DlcRewriter *rw, bool elements) {
  MlirValue x = operand(rw, 0), indices = operand(rw, 1);
  int64_t axis;
  if (!dlcShapeOpAxis(rw->op, "axis", dlcShapeOfValue(x).rank, false, &axis))
    return dlcLoweringUnsupported(rw, "invalid 'axis'");
  if (!isNonNegativeConstant(indices)) {
    MlirType elt = dlcEltOfValue(indices);
    MlirType scalar = mlirRankedTensorTypeGet(0, NULL, elt, mlirAttributeGetNull());
    MlirValue size = dimValue(rw, x, axis, elt);
    MlirValue in[2] = {indices, fromElements(rw, 1, &size, scalar)};
    indices = dlcMap(rw, "wrap_index", 2, in, mlirValueGetType(indices), wrapIndexBody, NULL);
  }
  return finish(rw, elements ? dlcGatherElements(rw, x, indices, axis)
                             : dlcGather(rw, x, indices, axis));
}

static MlirLogicalResult lowerGather(DlcRewriter *rw) { return lowerGatherOf(rw, false); }
static MlirLogicalResult lowerGatherElements(DlcRewriter *rw) { return lowerGatherOf(rw, true); }

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

// Non-constant modes pad each dim with slices of the input: one per run of
// padded positions whose input positions move by -1, 0 (broadcast) or +1.
// Pads much longer than the dim need many runs; past this many per dim, a
// gather with constant indices does the dim in one op instead.
#define MAX_PAD_RUNS 8

typedef struct PadRun {
  int64_t src, delta, length;
} PadRun;

// The run of output positions [j, to) that starts at j.
static PadRun padRun(DlcPadMode mode, int64_t j, int64_t to, int64_t size) {
  PadRun r = {dlcPadSourceIndex(mode, j, size), 0, 1};
  if (j + 1 < to)
    r.delta = dlcPadSourceIndex(mode, j + 1, size) - r.src;
  if (r.delta < -1 || r.delta > 1) {
    r.delta = 0;
    return r;
  }
  while (j + r.length < to &&
         dlcPadSourceIndex(mode, j + r.length, size) == r.src + r.length * r.delta)
    ++r.length;
  return r;
}

static int64_t countRuns(DlcPadMode mode, int64_t from, int64_t to, int64_t size) {
  int64_t n = 0;
  for (int64_t j = from; j < to && n <= MAX_PAD_RUNS; j += padRun(mode, j, to, size).length)
    ++n;
  return n;
}

// Appends to `acc` (null: starts) the padding for output positions
// [from, to) of dim `dim`.
static MlirValue padRange(DlcRewriter *rw, MlirValue acc, MlirValue x, int64_t dim,
                          DlcPadMode mode, int64_t from, int64_t to) {
  int64_t size = dlcShapeOfValue(x).dims[dim];
  for (int64_t j = from; j < to;) {
    PadRun r = padRun(mode, j, to, size);
    MlirValue piece;
    if (r.delta != 0 || r.length == 1)
      piece = sliceDim(rw, x, dim, r.src, r.delta ? r.delta : 1, r.length);
    else // the edge: one slice, broadcast to the pad width
      piece = dlcBroadcastTo(rw, sliceDim(rw, x, dim, r.src, 1, 1), withDim(x, dim, r.length));
    acc = mlirValueIsNull(acc) ? piece : dlcConcat(rw, acc, piece, dim);
    j += r.length;
  }
  return acc;
}

// The input position each of the low + size + high output positions reads,
// for a gather; NULL when too large to allocate.
static int64_t *padIndices(DlcPadMode mode, int64_t low, int64_t size, int64_t high) {
  int64_t n = low + size + high;
  int64_t *idx = malloc((size_t)n * sizeof *idx);
  for (int64_t i = 0; idx && i < n; ++i)
    idx[i] = dlcPadSourceIndex(mode, i - low, size);
  return idx;
}

static MlirValue gatherIndices(DlcRewriter *rw, MlirValue x, int64_t dim, int64_t n,
                               const int64_t *idx) {
  MlirType type = dlcTensorTypeOf(1, &n, mlirIntegerTypeGet(rw->b.ctx, 64));
  MlirValue indices = dlcConstTensor(rw, mlirDenseElementsAttrInt64Get(type, n, idx));
  return dlcGather(rw, x, indices, dim);
}

static MlirValue padValue(DlcRewriter *rw, MlirValue x) {
  MlirValue v = operand(rw, 1);
  MlirType elt = dlcEltOfValue(x);
  if (mlirValueIsNull(v))
    return dlcScalarTensor(rw, elt, 0);
  return dlcReshape(rw, v, mlirRankedTensorTypeGet(0, NULL, elt, mlirAttributeGetNull()));
}

static MlirLogicalResult lowerPad(DlcRewriter *rw) {
  MlirValue x = operand(rw, 0);
  MlirValue pads = dlcOpOperand(rw->op, 2);
  if (!mlirValueIsNull(pads)) {
    int64_t axes[DLC_MAX_RANK];
    int64_t numAxes = dlcOpInts(rw->op, "axes", axes, DLC_MAX_RANK);
    return finish(rw, dlcRunTimePad(rw, x, padValue(rw, x), pads, axes, numAxes));
  }
  DlcShape in = dlcShapeOfValue(x), out;
  DlcPadParams p;
  if (!dlcPadParams(rw->op, &in, &p, &out))
    return dlcLoweringUnsupported(rw, "invalid pad attributes");
  // Negative pads crop first; the positive ones then pad what is left.
  int64_t low[DLC_MAX_RANK], high[DLC_MAX_RANK], offsets[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  DlcShape kept = in;
  bool cropped = false, padded = false;
  for (int64_t i = 0; i < in.rank; ++i) {
    int64_t b = p.begin[i], e = p.end[i];
    if ((b || e) && in.dims[i] == DLC_DYN && (p.mode != DLC_PAD_CONSTANT || b < 0 || e < 0))
      return dlcLoweringUnsupported(rw, "dim %lld is padded but has a dynamic size",
                                    (long long)i);
    offsets[i] = b < 0 ? -b : 0;
    strides[i] = 1;
    if (b < 0 || e < 0)
      kept.dims[i] += (b < 0 ? b : 0) + (e < 0 ? e : 0);
    cropped |= b < 0 || e < 0;
    low[i] = b > 0 ? b : 0;
    high[i] = e > 0 ? e : 0;
    padded |= low[i] || high[i];
  }
  // Gather indices are allocated before any op is built, so that running
  // out of memory leaves the IR untouched.
  int64_t *gather[DLC_MAX_RANK] = {NULL};
  bool oom = false;
  for (int64_t i = 0; p.mode != DLC_PAD_CONSTANT && i < in.rank; ++i) {
    int64_t d = kept.dims[i];
    if (!low[i] && !high[i])
      continue;
    if (countRuns(p.mode, -low[i], 0, d) + countRuns(p.mode, d, d + high[i], d) > MAX_PAD_RUNS)
      oom |= !(gather[i] = padIndices(p.mode, low[i], d, high[i]));
  }
  if (oom) {
    for (int64_t i = 0; i < in.rank; ++i)
      free(gather[i]);
    return dlcLoweringUnsupported(rw, "out of memory for the gather indices of the pads");
  }
  if (cropped)
    x = dlcSlice(rw, x, offsets, strides, dlcTensorType(&kept, dlcEltOfValue(x)));
  if (padded && p.mode == DLC_PAD_CONSTANT)
    x = dlcPad(rw, x, padValue(rw, x), low, high, NULL);
  for (int64_t i = 0; p.mode != DLC_PAD_CONSTANT && i < in.rank; ++i) {
    int64_t d = kept.dims[i];
    if (gather[i]) {
      x = gatherIndices(rw, x, i, low[i] + d + high[i], gather[i]);
      free(gather[i]);
    } else if (low[i] || high[i]) {
      MlirValue acc = padRange(rw, (MlirValue){NULL}, x, i, p.mode, -low[i], 0);
      acc = mlirValueIsNull(acc) ? x : dlcConcat(rw, acc, x, i);
      x = padRange(rw, acc, x, i, p.mode, d, d + high[i]);
    }
  }
  return finish(rw, x);
}

//===----------------------------------------------------------------------===//
// shape
//===----------------------------------------------------------------------===//

static MlirLogicalResult lowerShape(DlcRewriter *rw) {
  MlirValue x = operand(rw, 0);
  DlcShape in = dlcShapeOfValue(x);
  int64_t start, end;
  dlcShapeOpRange(rw->op, in.rank, &start, &end);
  int64_t n = end - start, dims[DLC_MAX_RANK] = {0};
  MlirType i64 = mlirIntegerTypeGet(rw->b.ctx, 64);
  MlirType type = dlcTensorTypeOf(1, &n, i64);
  bool dynamic = false;
  for (int64_t i = 0; i < n; ++i) {
    dims[i] = in.dims[start + i];
    dynamic |= dims[i] == DLC_DYN;
  }
  if (!dynamic)
    return finish(rw, dlcConstTensor(rw, mlirDenseElementsAttrInt64Get(type, n, dims)));
  MlirValue scalars[DLC_MAX_RANK];
  for (int64_t i = 0; i < n; ++i)
    scalars[i] = dimValue(rw, x, start + i, i64);
  return finish(rw, fromElements(rw, n, scalars, type));
}

const DlcLowering dlcShapeOpsLowerings[] = {
    {"dlc_graph.reshape", lowerReshape},     {"dlc_graph.flatten", lowerReshape},
    {"dlc_graph.squeeze", lowerReshape},     {"dlc_graph.unsqueeze", lowerReshape},
    {"dlc_graph.transpose", lowerTranspose}, {"dlc_graph.concat", lowerConcat},
    {"dlc_graph.slice", lowerSlice},         {"dlc_graph.gather", lowerGather},
    {"dlc_graph.gather_elements", lowerGatherElements},
    {"dlc_graph.pad", lowerPad},             {"dlc_graph.expand", lowerExpand},
    {"dlc_graph.constant_of_shape", lowerConstantOfShape},
    {"dlc_graph.shape", lowerShape},
};
const size_t dlcNumShapeOpsLowerings = sizeof dlcShapeOpsLowerings / sizeof *dlcShapeOpsLowerings;
