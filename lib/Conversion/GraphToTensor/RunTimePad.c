//===- RunTimePad.c - Pads read from a tensor at run time -------*- C -*-===//
//
// A constant-mode pad whose pads are an operand (a graph input, or
// computed from one) reads them with tensor.extract when the code runs, so
// that one compiled artifact serves every pads value. Negative pads crop
// first: a tensor.extract_slice at run-time offsets and sizes; the kept
// part is then inserted (tensor.insert_slice at the begin pads) into a
// tensor.splat of the fill value sized by the run-time result dims. With
// run-time axes, each dim selects the entry whose axis names it.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/RunTimePad.h"
#include "Conversion/GraphToTensor/RunTimeShape.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirValue build2(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, name, 2, operands, mlirValueGetType(x), 0, NULL);
}

static MlirValue toIndex(DlcBuilder *b, MlirValue x) {
  return dlcBuild1(b, "arith.index_cast", 1, &x, mlirIndexTypeGet(b->ctx), 0, NULL);
}

// Entry `idx` (one index per dim) of the i64 tensor `t`.
static MlirValue entryI64(DlcBuilder *b, MlirValue t, int rank, const int64_t *idx) {
  MlirValue operands[3] = {t};
  for (int i = 0; i < rank; ++i)
    operands[1 + i] = dlcConstIndex(b, idx[i]);
  return dlcBuild1(b, "tensor.extract", 1 + rank, operands, mlirIntegerTypeGet(b->ctx, 64), 0,
                   NULL);
}

// A slice op (tensor.extract_slice of `source`, or tensor.insert_slice of
// `source` into `dest`) at dynamic offsets and sizes of the dims in
// `dynamic`, unit strides; the others start at 0 and keep the size in
// `staticSizes`.
static MlirValue sliceOp(DlcBuilder *b, const char *name, MlirValue source, MlirValue dest,
                         const DlcShape *staticSizes, const bool *dynamic, const MlirValue *offsets,
                         const MlirValue *sizes, MlirType type) {
  MlirContext ctx = b->ctx;
  int64_t rank = staticSizes->rank;
  int64_t staticOffsets[DLC_MAX_RANK], staticSizeAttr[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  MlirValue operands[2 + 2 * DLC_MAX_RANK];
  int32_t count = 0, numOffsets = 0, numSizes = 0;
  operands[count++] = source;
  bool insert = !mlirValueIsNull(dest);
  if (insert)
    operands[count++] = dest;
  for (int64_t d = 0; d < rank; ++d) {
    strides[d] = 1;
    staticOffsets[d] = dynamic[d] ? DLC_DYN : 0;
    if (dynamic[d])
      operands[count + numOffsets++] = offsets[d];
  }
  count += numOffsets;
  for (int64_t d = 0; d < rank; ++d) {
    staticSizeAttr[d] = dynamic[d] ? DLC_DYN : staticSizes->dims[d];
    if (staticSizeAttr[d] == DLC_DYN)
      operands[count + numSizes++] = sizes[d];
  }
  count += numSizes;
  int32_t segments[5] = {1, 1, numOffsets, numSizes, 0};
  if (!insert)
    segments[1] = numOffsets, segments[2] = numSizes, segments[3] = 0;
  MlirNamedAttribute attrs[4] = {
      dlcNamed(ctx, "static_offsets", dlcI64ArrayAttr(ctx, rank, staticOffsets)),
      dlcNamed(ctx, "static_sizes", dlcI64ArrayAttr(ctx, rank, staticSizeAttr)),
      dlcNamed(ctx, "static_strides", dlcI64ArrayAttr(ctx, rank, strides)),
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, insert ? 5 : 4, segments))};
  return dlcBuild1(b, name, count, operands, type, 4, attrs);
}

MlirValue dlcRunTimePad(DlcRewriter *rw, MlirValue input, MlirValue value, MlirValue pads,
                        const int64_t *axes, int64_t numAxes) {
  DlcBuilder *b = &rw->b;
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  DlcShape in = dlcShapeOfValue(input), ps = dlcShapeOfValue(pads);
  bool axesAtRunTime = ps.rank == 2;
  int64_t n = axesAtRunTime ? ps.dims[1] : ps.dims[0] / 2;
  MlirValue zero = dlcConstScalar(b, i64, 0);
  MlirValue begin[DLC_MAX_RANK], end[DLC_MAX_RANK];
  bool padded[DLC_MAX_RANK];
  for (int64_t d = 0; d < in.rank; ++d)
    begin[d] = end[d] = zero, padded[d] = axesAtRunTime;
  for (int64_t j = 0; j < n; ++j) {
    if (!axesAtRunTime) {
      int64_t axis = numAxes >= 0 ? axes[j] : j, first = j, last = n + j;
      axis = axis < 0 ? axis + in.rank : axis;
      padded[axis] = true;
      begin[axis] = entryI64(b, pads, 1, &first);
      end[axis] = entryI64(b, pads, 1, &last);
      continue;
    }
    // Which dim entry j pads is itself a run-time value: select it.
    int64_t at[3][2] = {{0, j}, {1, j}, {2, j}};
    MlirValue s = entryI64(b, pads, 2, at[0]), e = entryI64(b, pads, 2, at[1]);
    MlirValue a = entryI64(b, pads, 2, at[2]);
    MlirValue negative = dlcScalarCompare(b, DLC_LT, i64, a, zero);
    a = dlcScalarSelect(b, negative, build2(b, "arith.addi", a, dlcConstScalar(b, i64, (double)in.rank)), a);
    for (int64_t d = 0; d < in.rank; ++d) {
      MlirValue here = dlcScalarCompare(b, DLC_EQ, i64, a, dlcConstScalar(b, i64, (double)d));
      begin[d] = dlcScalarSelect(b, here, s, begin[d]);
      end[d] = dlcScalarSelect(b, here, e, end[d]);
    }
  }
  // Negative pads crop first (never past the dim); the positive ones pad
  // what is left.
  MlirValue cropAt[DLC_MAX_RANK] = {{NULL}}, keptSize[DLC_MAX_RANK] = {{NULL}},
            low[DLC_MAX_RANK] = {{NULL}}, outSize[DLC_MAX_RANK] = {{NULL}};
  DlcShape kept = in, out = in;
  for (int64_t d = 0; d < in.rank; ++d) {
    MlirValue size = dlcRunTimeDimI64(b, input, d);
    if (!padded[d]) {
      keptSize[d] = outSize[d] = toIndex(b, size);
      continue;
    }
    MlirValue cropBegin = build2(b, "arith.maxsi", build2(b, "arith.subi", zero, begin[d]), zero);
    MlirValue cropEnd = build2(b, "arith.maxsi", build2(b, "arith.subi", zero, end[d]), zero);
    cropBegin = build2(b, "arith.minsi", cropBegin, size);
    MlirValue k = build2(b, "arith.subi", build2(b, "arith.subi", size, cropBegin), cropEnd);
    k = build2(b, "arith.maxsi", k, zero);
    MlirValue lo = build2(b, "arith.maxsi", begin[d], zero);
    MlirValue hi = build2(b, "arith.maxsi", end[d], zero);
    cropAt[d] = toIndex(b, cropBegin);
    keptSize[d] = toIndex(b, k);
    low[d] = toIndex(b, lo);
    outSize[d] = toIndex(b, build2(b, "arith.addi", build2(b, "arith.addi", k, lo), hi));
    kept.dims[d] = out.dims[d] = DLC_DYN;
  }
  MlirType elt = dlcEltOfValue(input);
  MlirValue cropped = sliceOp(b, "tensor.extract_slice", input, (MlirValue){NULL}, &in, padded,
                              cropAt, keptSize, dlcTensorType(&kept, elt));
  MlirValue splatOperands[1 + DLC_MAX_RANK];
  int numSizes = 0;
  splatOperands[0] = dlcBuild1(b, "tensor.extract", 1, &value, elt, 0, NULL);
  for (int64_t d = 0; d < in.rank; ++d)
    if (out.dims[d] == DLC_DYN)
      splatOperands[1 + numSizes++] = outSize[d];
  MlirValue fill = dlcBuild1(b, "tensor.splat", 1 + numSizes, splatOperands,
                             dlcTensorType(&out, elt), 0, NULL);
  return sliceOp(b, "tensor.insert_slice", cropped, fill, &kept, padded, low, keptSize,
                 dlcTensorType(&out, elt));
}
