//===- InferReduce.c - Shape rules of reduce_sum/mean/max -------*- C -*-===//
//
// ONNX v1.22 reductions: `axes` (absent or empty: all dims, or nothing at
// all with `noop_with_empty_axes`), negative axes count from the end, and
// reduced dims are kept as size 1 with `keepdims`, else removed. Axes
// given as the operand `axes_tensor` are read when the code runs.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Graph/GraphInfer.h"
#include "Support/Diag.h"

static MlirLogicalResult fail(void) { return mlirLogicalResultFailure(); }

void dlcGraphReducedDims(MlirOperation op, int64_t rank, bool *reduced) {
  int64_t axes[DLC_MAX_RANK];
  int64_t n = dlcOpInts(op, "axes", axes, DLC_MAX_RANK);
  bool all = n <= 0 && !dlcOpBool(op, "noop_with_empty_axes");
  for (int64_t i = 0; i < rank; ++i)
    reduced[i] = all;
  for (int64_t i = 0; i < n && i < DLC_MAX_RANK; ++i)
    if (dlcNormalizeAxis(&axes[i], rank))
      reduced[axes[i]] = true;
}

// Checks `axes` (in range, no dim twice), then marks the reduced dims.
static bool readAxes(DlcInfer *in, int64_t rank, bool *reduced) {
  int64_t axes[DLC_MAX_RANK];
  int64_t n = dlcOpInts(in->op, "axes", axes, DLC_MAX_RANK);
  if (n > rank) {
    dlcEmitOpError(in->op, "attribute 'axes' has more entries (%lld) than the input's rank (%lld)",
                   (long long)n, (long long)rank);
    return false;
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t axis = axes[i];
    if (!dlcNormalizeAxis(&axis, rank)) {
      dlcEmitOpError(in->op, "attribute 'axes' entry %lld must be in [%lld, %lld) for an input of "
                     "rank %lld", (long long)axes[i], (long long)-rank, (long long)rank,
                     (long long)rank);
      return false;
    }
    for (int64_t j = 0; j < i; ++j) {
      int64_t other = axes[j];
      if (dlcNormalizeAxis(&other, rank) && other == axis) {
        dlcEmitOpError(in->op, "attribute 'axes' names dim %lld twice", (long long)axis);
        return false;
      }
    }
  }
  dlcGraphReducedDims(in->op, rank, reduced);
  return true;
}

// Axes read at run time: their count (the operand's static length) and
// keepdims give the result rank; which dims are reduced is not known, so
// every dim is `?` but those that are 1 either way.
static MlirLogicalResult runTimeAxes(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0], *axes = &in->shapes[1];
  if (dlcOpHasAttr(in->op, "axes")) {
    dlcEmitOpError(in->op, "takes attribute 'axes' or operand 'axes_tensor', not both");
    return fail();
  }
  if (axes->rank != 1 || axes->dims[0] == DLC_DYN || axes->dims[0] < 1 ||
      axes->dims[0] > x->rank) {
    dlcEmitOpError(in->op, "operand 'axes_tensor' must be 1-D with a static length in [1, %lld] "
                           "(the input's rank)",
                   (long long)x->rank);
    return fail();
  }
  // The lowering splits one dim in two at a time.
  if (x->rank >= DLC_MAX_RANK) {
    dlcEmitOpError(in->op, "operand 'axes_tensor' needs an input of rank below %d",
                   DLC_MAX_RANK);
    return fail();
  }
  bool keepdims = dlcOpBool(in->op, "keepdims");
  DlcShape out = {.rank = keepdims ? x->rank : x->rank - axes->dims[0]};
  for (int64_t i = 0; i < out.rank; ++i)
    out.dims[i] = keepdims && x->dims[i] == 1 ? 1 : DLC_DYN;
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcGraphInferReduce(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  if (!mlirValueIsNull(in->operands[1]))
    return runTimeAxes(in);
  bool reduced[DLC_MAX_RANK];
  if (!readAxes(in, x->rank, reduced))
    return fail();
  bool keepdims = dlcOpBool(in->op, "keepdims");
  DlcShape out = {.rank = 0};
  for (int64_t i = 0; i < x->rank; ++i) {
    if (!reduced[i])
      out.dims[out.rank++] = x->dims[i];
    else if (keepdims)
      out.dims[out.rank++] = 1;
  }
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return mlirLogicalResultSuccess();
}
