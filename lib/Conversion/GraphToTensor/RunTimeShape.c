//===- RunTimeShape.c - Shapes read from tensors at run time ----*- C -*-===//
//
// A reshape whose shape is an operand (a graph input, or computed from
// one) reads it with tensor.extract when the code runs: one compiled
// artifact serves every shape value. ONNX's 0 (copy the input dim unless
// allowzero) and -1 (the element count over the other dims) are resolved
// with selects, since which entry holds them is itself a run-time value.
// The resolved sizes feed the upstream tensor.reshape, which takes its
// shape as a tensor; bufferization makes it a view of the input. A
// constant_of_shape of a run-time shape is a tensor.splat with dynamic
// sizes; an expand broadcasts its input against such a splat (of sizes
// that broadcast the input with the shape), keeping the input's elements.
// A slice of run-time bounds is a tensor.extract_slice with dynamic
// offsets, sizes and strides, resolved from ONNX's clamping rules with
// selects (and, with run-time axes, with a select per dim).
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/RunTimeShape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirValue build2(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, name, 2, operands, mlirValueGetType(x), 0, NULL);
}

static MlirValue cmpEq(DlcBuilder *b, MlirValue x, MlirValue y) {
  return dlcScalarCompare(b, DLC_EQ, mlirIntegerTypeGet(b->ctx, 64), x, y);
}

MlirValue dlcRunTimeDimI64(DlcBuilder *b, MlirValue v, int64_t dim) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  DlcShape s = dlcShapeOfValue(v);
  if (s.dims[dim] != DLC_DYN)
    return dlcConstScalar(b, i64, (double)s.dims[dim]);
  MlirValue operands[2] = {v, dlcConstIndex(b, dim)};
  MlirValue index = dlcBuild1(b, "tensor.dim", 2, operands, mlirIndexTypeGet(b->ctx), 0, NULL);
  return dlcBuild1(b, "arith.index_cast", 1, &index, i64, 0, NULL);
}

// Entry `k` of the 1-D integer tensor `t` as an i64 scalar.
static MlirValue entryI64(DlcBuilder *b, MlirValue t, int64_t k) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirType elt = dlcEltOfValue(t);
  MlirValue operands[2] = {t, dlcConstIndex(b, k)};
  MlirValue x = dlcBuild1(b, "tensor.extract", 2, operands, dlcSignless(elt), 0, NULL);
  return dlcScalarCast(b, elt, i64, x);
}

MlirValue dlcRunTimeReshape(DlcRewriter *rw, MlirValue input, MlirValue shape, bool allowZero) {
  DlcBuilder *b = &rw->b;
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  DlcShape in = dlcShapeOfValue(input);
  int64_t rank = dlcShapeOfValue(shape).dims[0];
  MlirValue zero = dlcConstScalar(b, i64, 0), one = dlcConstScalar(b, i64, 1);
  MlirValue minusOne = dlcConstScalar(b, i64, -1);
  MlirValue count = one;
  for (int64_t i = 0; i < in.rank; ++i)
    count = build2(b, "arith.muli", count, dlcRunTimeDimI64(b, input, i));
  // 0 copies the input dim; the known product skips the -1 entry.
  MlirValue sizes[DLC_MAX_RANK], known = one;
  for (int64_t i = 0; i < rank; ++i) {
    sizes[i] = entryI64(b, shape, i);
    if (!allowZero && i < in.rank)
      sizes[i] = dlcScalarSelect(b, cmpEq(b, sizes[i], zero), dlcRunTimeDimI64(b, input, i), sizes[i]);
    MlirValue factor = dlcScalarSelect(b, cmpEq(b, sizes[i], minusOne), one, sizes[i]);
    known = build2(b, "arith.muli", known, factor);
  }
  // A zero-sized known product leaves -1 undefined; 0 keeps the division defined.
  MlirValue safe = dlcScalarSelect(b, cmpEq(b, known, zero), one, known);
  MlirValue inferred = build2(b, "arith.divsi", count, safe);
  DlcShape out = {.rank = rank};
  for (int64_t i = 0; i < rank; ++i) {
    sizes[i] = dlcScalarSelect(b, cmpEq(b, sizes[i], minusOne), inferred, sizes[i]);
    out.dims[i] = DLC_DYN;
  }
  MlirType shapeType = mlirRankedTensorTypeGet(1, &rank, i64, mlirAttributeGetNull());
  MlirValue resolved =
      dlcBuild1(b, "tensor.from_elements", rank, sizes, shapeType, 0, NULL);
  MlirValue operands[2] = {input, resolved};
  return dlcBuild1(b, "tensor.reshape", 2, operands, dlcTensorType(&out, dlcEltOfValue(input)),
                   0, NULL);
}

MlirValue dlcRunTimeConstantOfShape(DlcRewriter *rw, MlirValue shape, MlirType elt, double value) {
  DlcBuilder *b = &rw->b;
  MlirType indexType = mlirIndexTypeGet(b->ctx);
  int64_t rank = dlcShapeOfValue(shape).dims[0];
  MlirValue operands[1 + DLC_MAX_RANK];
  operands[0] = dlcConstScalar(b, elt, value);
  DlcShape out = {.rank = rank};
  for (int64_t i = 0; i < rank; ++i) {
    MlirValue size = entryI64(b, shape, i);
    operands[1 + i] = dlcBuild1(b, "arith.index_cast", 1, &size, indexType, 0, NULL);
    out.dims[i] = DLC_DYN;
  }
  return dlcBuild1(b, "tensor.splat", 1 + rank, operands, dlcTensorType(&out, elt), 0, NULL);
}

// The body of expand's map: the input's element, the splat only sized it.
static MlirValue firstArg(DlcBuilder *b, const MlirValue *args, const MlirType *elts,
                          MlirType resultElt, const void *data) {
  (void)b, (void)elts, (void)resultElt, (void)data;
  return args[0];
}

MlirValue dlcRunTimeExpand(DlcRewriter *rw, MlirValue input, MlirValue shape) {
  DlcBuilder *b = &rw->b;
  MlirType indexType = mlirIndexTypeGet(b->ctx), i64 = mlirIntegerTypeGet(b->ctx, 64);
  DlcShape in = dlcShapeOfValue(input);
  int64_t n = dlcShapeOfValue(shape).dims[0], rank = in.rank > n ? in.rank : n;
  MlirType elt = dlcEltOfValue(input);
  MlirValue operands[1 + DLC_MAX_RANK];
  int numSizes = 0;
  operands[0] = dlcConstScalar(b, dlcSignless(elt), 0);
  DlcShape out = {.rank = rank};
  for (int64_t i = 0; i < rank; ++i) {
    int64_t j = i - (rank - in.rank), k = i - (rank - n);
    // Static input dims other than 1 decide the output dim.
    if (j >= 0 && (k < 0 || (in.dims[j] != DLC_DYN && in.dims[j] != 1))) {
      out.dims[i] = in.dims[j];
      if (in.dims[j] != DLC_DYN)
        continue;
    }
    MlirValue size;
    if (k < 0) {
      size = dlcRunTimeDimI64(b, input, j);
    } else {
      size = entryI64(b, shape, k);
      if (j >= 0 && in.dims[j] == DLC_DYN) {
        MlirValue d = dlcRunTimeDimI64(b, input, j);
        size = dlcScalarSelect(b, cmpEq(b, d, dlcConstScalar(b, i64, 1)), size, d);
      }
    }
    out.dims[i] = DLC_DYN;
    operands[1 + numSizes++] = dlcBuild1(b, "arith.index_cast", 1, &size, indexType, 0, NULL);
  }
  MlirValue splat =
      dlcBuild1(b, "tensor.splat", 1 + numSizes, operands, dlcTensorType(&out, elt), 0, NULL);
  MlirValue inputs[2] = {input, splat};
  return dlcMapBroadcast(rw, "expand", 2, inputs, (MlirType){NULL}, firstArg, NULL);
}

// Entry (row, col) of the 2-D integer tensor `t` as an i64 scalar.
static MlirValue entry2I64(DlcBuilder *b, MlirValue t, int64_t row, int64_t col) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirType elt = dlcEltOfValue(t);
  MlirValue operands[3] = {t, dlcConstIndex(b, row), dlcConstIndex(b, col)};
  MlirValue x = dlcBuild1(b, "tensor.extract", 3, operands, dlcSignless(elt), 0, NULL);
  return dlcScalarCast(b, elt, i64, x);
}

static MlirValue lessThan(DlcBuilder *b, MlirValue x, MlirValue y) {
  return dlcScalarCompare(b, DLC_LT, mlirIntegerTypeGet(b->ctx, 64), x, y);
}

static MlirValue toIndex(DlcBuilder *b, MlirValue x) {
  return dlcBuild1(b, "arith.index_cast", 1, &x, mlirIndexTypeGet(b->ctx), 0, NULL);
}

// ONNX Slice on a dim of size `size`: a negative start or end counts from
// the end, both are clamped to [0, size] for a positive step and to
// [0, size-1] / [-1, size-1] for a negative one; the count is
// ceil((end - start) / step), at least 0. A step of 0 (invalid) reads as 1
// so that the division stays defined.
static void sliceDimAtRunTime(DlcBuilder *b, MlirValue size, MlirValue start, MlirValue end,
                              MlirValue step, MlirValue *offset, MlirValue *count,
                              MlirValue *stride) {
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  MlirValue zero = dlcConstScalar(b, i64, 0), one = dlcConstScalar(b, i64, 1);
  MlirValue minusOne = dlcConstScalar(b, i64, -1);
  step = dlcScalarSelect(b, cmpEq(b, step, zero), one, step);
  start = dlcScalarSelect(b, lessThan(b, start, zero), build2(b, "arith.addi", start, size), start);
  end = dlcScalarSelect(b, lessThan(b, end, zero), build2(b, "arith.addi", end, size), end);
  MlirValue forward = lessThan(b, zero, step);
  MlirValue hi = dlcScalarSelect(b, forward, size, build2(b, "arith.addi", size, minusOne));
  MlirValue endLo = dlcScalarSelect(b, forward, zero, minusOne);
  start = build2(b, "arith.minsi", build2(b, "arith.maxsi", start, zero), hi);
  end = build2(b, "arith.minsi", build2(b, "arith.maxsi", end, endLo), hi);
  MlirValue n = build2(b, "arith.ceildivsi", build2(b, "arith.subi", end, start), step);
  n = build2(b, "arith.maxsi", n, zero);
  // An empty slice reads nothing: offset 0 keeps it inside the input.
  *offset = toIndex(b, dlcScalarSelect(b, cmpEq(b, n, zero), zero, start));
  *count = toIndex(b, n);
  *stride = toIndex(b, step);
}

MlirValue dlcRunTimeSlice(DlcRewriter *rw, MlirValue input, MlirValue bounds, const int64_t *axes,
                          int64_t numAxes, const int64_t *steps, int64_t numSteps) {
  DlcBuilder *b = &rw->b;
  MlirContext ctx = b->ctx;
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  DlcShape in = dlcShapeOfValue(input), bs = dlcShapeOfValue(bounds);
  bool axesAtRunTime = bs.dims[0] == 4;
  int64_t n = bs.dims[1];
  MlirValue zero = dlcConstScalar(b, i64, 0), one = dlcConstScalar(b, i64, 1);
  MlirValue start[DLC_MAX_RANK], end[DLC_MAX_RANK], step[DLC_MAX_RANK];
  bool sliced[DLC_MAX_RANK] = {false};
  for (int64_t d = 0; d < in.rank; ++d) {
    start[d] = zero, end[d] = dlcRunTimeDimI64(b, input, d), step[d] = one;
    sliced[d] = axesAtRunTime;
  }
  for (int64_t j = 0; j < n; ++j) {
    MlirValue s = entry2I64(b, bounds, 0, j), e = entry2I64(b, bounds, 1, j), k;
    if (!axesAtRunTime) {
      k = j < numSteps ? dlcConstScalar(b, i64, (double)steps[j]) : one;
      int64_t axis = j < numAxes ? axes[j] : j;
      axis = axis < 0 ? axis + in.rank : axis;
      sliced[axis] = true, start[axis] = s, end[axis] = e, step[axis] = k;
      continue;
    }
    // Which dim entry j slices is itself a run-time value: select it.
    MlirValue a = entry2I64(b, bounds, 2, j);
    k = entry2I64(b, bounds, 3, j);
    MlirValue rank = dlcConstScalar(b, i64, (double)in.rank);
    a = dlcScalarSelect(b, lessThan(b, a, zero), build2(b, "arith.addi", a, rank), a);
    for (int64_t d = 0; d < in.rank; ++d) {
      MlirValue here = cmpEq(b, a, dlcConstScalar(b, i64, (double)d));
      start[d] = dlcScalarSelect(b, here, s, start[d]);
      end[d] = dlcScalarSelect(b, here, e, end[d]);
      step[d] = dlcScalarSelect(b, here, k, step[d]);
    }
  }
  MlirValue operands[1 + 3 * DLC_MAX_RANK], offsets[DLC_MAX_RANK], sizes[DLC_MAX_RANK],
      strides[DLC_MAX_RANK];
  int64_t staticOffsets[DLC_MAX_RANK], staticSizes[DLC_MAX_RANK], staticStrides[DLC_MAX_RANK];
  int32_t numOffsets = 0, numSizes = 0, numStrides = 0;
  DlcShape out = in;
  for (int64_t d = 0; d < in.rank; ++d) {
    if (!sliced[d]) {
      staticOffsets[d] = 0, staticStrides[d] = 1, staticSizes[d] = in.dims[d];
      if (in.dims[d] == DLC_DYN)
        sizes[numSizes++] = toIndex(b, dlcRunTimeDimI64(b, input, d));
      continue;
    }
    sliceDimAtRunTime(b, dlcRunTimeDimI64(b, input, d), start[d], end[d], step[d], &offsets[numOffsets++],
                      &sizes[numSizes++], &strides[numStrides++]);
    staticOffsets[d] = staticSizes[d] = staticStrides[d] = DLC_DYN;
    out.dims[d] = DLC_DYN;
  }
  int32_t count = 1;
  operands[0] = input;
  for (int32_t i = 0; i < numOffsets; ++i)
    operands[count++] = offsets[i];
  for (int32_t i = 0; i < numSizes; ++i)
    operands[count++] = sizes[i];
  for (int32_t i = 0; i < numStrides; ++i)
    operands[count++] = strides[i];
  int32_t segments[4] = {1, numOffsets, numSizes, numStrides};
  MlirNamedAttribute attrs[4] = {
      dlcNamed(ctx, "static_offsets", dlcI64ArrayAttr(ctx, in.rank, staticOffsets)),
      dlcNamed(ctx, "static_sizes", dlcI64ArrayAttr(ctx, in.rank, staticSizes)),
      dlcNamed(ctx, "static_strides", dlcI64ArrayAttr(ctx, in.rank, staticStrides)),
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, segments))};
  return dlcBuild1(b, "tensor.extract_slice", count, operands,
                   dlcTensorType(&out, dlcEltOfValue(input)), 4, attrs);
}
