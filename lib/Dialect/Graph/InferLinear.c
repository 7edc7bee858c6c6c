//===- InferLinear.c - Shape rules of matmul and gemm -----------*- C -*-===//

#include "Dialect/Graph/GraphInfer.h"
#include "Support/Diag.h"
#include "Support/Str.h"

#include <stdio.h>

static MlirLogicalResult fail(void) { return mlirLogicalResultFailure(); }

static bool sameSize(int64_t a, int64_t b) { return a == DLC_DYN || b == DLC_DYN || a == b; }

// "lhs (tensor<2x3xf32>) and rhs (tensor<4x5xf32>)", for messages.
static void appendOperands(DlcStr *s, DlcInfer *in, int a, int b) {
  dlcStrPrintf(s, "'%s' (", in->def->operands[a].name);
  dlcStrAppendType(s, in->types[a]);
  dlcStrPrintf(s, ") and '%s' (", in->def->operands[b].name);
  dlcStrAppendType(s, in->types[b]);
  dlcStrPuts(s, ")");
}

static bool sameElts(DlcInfer *in, int a, int b) {
  if (mlirTypeEqual(in->elts[a], in->elts[b]))
    return true;
  DlcStr s = DLC_STR_INIT;
  appendOperands(&s, in, a, b);
  dlcEmitOpError(in->op, "operands %s must have the same element type", dlcStrGet(&s));
  dlcStrFree(&s);
  return false;
}

static void emitWithOperands(DlcInfer *in, const char *what) {
  DlcStr s = DLC_STR_INIT;
  appendOperands(&s, in, 0, 1);
  dlcEmitOpError(in->op, "%s: %s", what, dlcStrGet(&s));
  dlcStrFree(&s);
}

static const char *dimText(int64_t d, char *buf, size_t cap) {
  if (d == DLC_DYN)
    return "?";
  snprintf(buf, cap, "%lld", (long long)d);
  return buf;
}

MlirLogicalResult dlcGraphInferMatmul(DlcInfer *in) {
  DlcShape a = in->shapes[0], b = in->shapes[1];
  if (!sameElts(in, 0, 1))
    return fail();
  if (a.rank == 0 || b.rank == 0) {
    emitWithOperands(in, "operands must have rank >= 1");
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
    DlcStr s = DLC_STR_INIT;
    dlcStrPrintf(&s, "contracting dims differ (lhs has %lld columns, rhs has %lld rows)",
                 (long long)k, (long long)k2);
    emitWithOperands(in, dlcStrGet(&s));
    dlcStrFree(&s);
    return fail();
  }
  DlcShape ba = {.rank = a.rank - 2}, bb = {.rank = b.rank - 2}, batch;
  for (int64_t i = 0; i < ba.rank; ++i)
    ba.dims[i] = a.dims[i];
  for (int64_t i = 0; i < bb.rank; ++i)
    bb.dims[i] = b.dims[i];
  if (!dlcBroadcastShapes(&ba, &bb, &batch)) {
    emitWithOperands(in, "batch dims are not broadcast-compatible");
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

// c broadcasts one way to M x N: each of its dims (aligned at the end) is 1
// or the output's. A static c dim other than 1 fixes an unknown output dim.
static bool broadcastC(const DlcShape *c, int64_t *dims) {
  if (c->rank > 2)
    return false;
  for (int64_t i = 0; i < c->rank; ++i) {
    int64_t d = c->dims[i], *o = &dims[2 - c->rank + i];
    if (d == 1 || d == DLC_DYN)
      continue;
    if (*o == DLC_DYN)
      *o = d;
    else if (*o != d)
      return false;
  }
  return true;
}

MlirLogicalResult dlcGraphInferGemm(DlcInfer *in) {
  const DlcShape *a = &in->shapes[0], *b = &in->shapes[1];
  if (a->rank != 2 || b->rank != 2) {
    emitWithOperands(in, "operands 'a' and 'b' must be 2-D");
    return fail();
  }
  if (!sameElts(in, 0, 1) || (in->types[2].ptr && !sameElts(in, 0, 2)))
    return fail();
  bool ta = dlcOpBool(in->op, "trans_a"), tb = dlcOpBool(in->op, "trans_b");
  int64_t m = a->dims[ta ? 1 : 0], k = a->dims[ta ? 0 : 1];
  int64_t k2 = b->dims[tb ? 1 : 0], n = b->dims[tb ? 0 : 1];
  if (!sameSize(k, k2)) {
    DlcStr s = DLC_STR_INIT;
    dlcStrPrintf(&s, "contracting dims differ (op(a) has %lld columns, op(b) has %lld rows)",
                 (long long)k, (long long)k2);
    emitWithOperands(in, dlcStrGet(&s));
    dlcStrFree(&s);
    return fail();
  }
  int64_t dims[2] = {m, n};
  if (in->types[2].ptr && !broadcastC(&in->shapes[2], dims)) {
    char bm[24], bn[24];
    DlcStr t = DLC_STR_INIT;
    dlcStrAppendType(&t, in->types[2]);
    dlcEmitOpError(in->op, "operand 'c' (%s) does not broadcast to the %s x %s product",
                   dlcStrGet(&t), dimText(m, bm, sizeof bm), dimText(n, bn, sizeof bn));
    dlcStrFree(&t);
    return fail();
  }
  in->results[0] = dlcTensorTypeOf(2, dims, in->elts[0]);
  return mlirLogicalResultSuccess();
}
