//===- InferLinear.c - Shape rules of matmul and gemm -----------*- C -*-===//

#include "Dialect/Graph/GraphInfer.h"
#include "Support/Diag.h"

static MlirLogicalResult fail(void) { return mlirLogicalResultFailure(); }

static bool sameSize(int64_t a, int64_t b) { return a == DLC_DYN || b == DLC_DYN || a == b; }

MlirLogicalResult dlcGraphInferMatmul(DlcInfer *in) {
  DlcShape a = in->shapes[0], b = in->shapes[1];
  if (!mlirTypeEqual(in->elts[0], in->elts[1])) {
    dlcEmitOpError(in->op, "operands 'lhs' and 'rhs' must have the same element type");
    return fail();
  }
  if (a.rank == 0 || b.rank == 0) {
    dlcEmitOpError(in->op, "operands must have rank >= 1");
    return fail();
  }
  // numpy: a 1-D lhs is 1 x K, a 1-D rhs is K x 1; the added dims are
  // removed from the result.
  bool vecA = a.rank == 1, vecB = b.rank == 1;
  if (vecA) {
    a.dims[1] = a.dims[0];
    a.dims[0] = 1;
    a.rank = 2;
  }
  if (vecB) {
    b.dims[1] = 1;
    b.rank = 2;
  }
  int64_t m = a.dims[a.rank - 2], k = a.dims[a.rank - 1];
  int64_t k2 = b.dims[b.rank - 2], n = b.dims[b.rank - 1];
  if (!sameSize(k, k2)) {
    dlcEmitOpError(in->op, "contracting dims differ: lhs has %lld columns, rhs has %lld rows",
                   (long long)k, (long long)k2);
    return fail();
  }
  DlcShape ba = {.rank = a.rank - 2}, bb = {.rank = b.rank - 2}, batch;
  for (int64_t i = 0; i < ba.rank; ++i)
    ba.dims[i] = a.dims[i];
  for (int64_t i = 0; i < bb.rank; ++i)
    bb.dims[i] = b.dims[i];
  if (!dlcBroadcastShapes(&ba, &bb, &batch)) {
    dlcEmitOpError(in->op, "batch dims of lhs and rhs are not broadcast-compatible");
    return fail();
  }
  DlcShape out = batch;
  if (!vecA)
    out.dims[out.rank++] = m;
  if (!vecB)
    out.dims[out.rank++] = n;
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcGraphInferGemm(DlcInfer *in) {
  const DlcShape *a = &in->shapes[0], *b = &in->shapes[1];
  if (a->rank != 2 || b->rank != 2) {
    dlcEmitOpError(in->op, "operands 'a' and 'b' must be 2-D");
    return fail();
  }
  if (!mlirTypeEqual(in->elts[0], in->elts[1]) || (in->types[2].ptr && !mlirTypeEqual(in->elts[0], in->elts[2]))) {
    dlcEmitOpError(in->op, "operands must have the same element type");
    return fail();
  }
  bool ta = dlcOpBool(in->op, "trans_a"), tb = dlcOpBool(in->op, "trans_b");
  int64_t m = a->dims[ta ? 1 : 0], k = a->dims[ta ? 0 : 1];
  int64_t k2 = b->dims[tb ? 1 : 0], n = b->dims[tb ? 0 : 1];
  if (!sameSize(k, k2)) {
    dlcEmitOpError(in->op, "contracting dims differ: op(a) has %lld columns, op(b) has %lld rows",
                   (long long)k, (long long)k2);
    return fail();
  }
  DlcShape out = {.rank = 2, .dims = {m, n}};
  if (in->types[2].ptr) {
    DlcShape merged;
    if (!dlcBroadcastShapes(&out, &in->shapes[2], &merged) || merged.rank != 2 ||
        !sameSize(merged.dims[0], m) || !sameSize(merged.dims[1], n) ||
        (m != DLC_DYN && merged.dims[0] != m) || (n != DLC_DYN && merged.dims[1] != n)) {
      dlcEmitOpError(in->op, "operand 'c' does not broadcast to %lld x %lld", (long long)m,
                     (long long)n);
      return fail();
    }
  }
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return mlirLogicalResultSuccess();
}
