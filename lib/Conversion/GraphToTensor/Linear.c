//===- Linear.c - matmul and gemm to contractions ---------------*- C -*-===//
//
// matmul becomes one dlc_tensor.contract (batch dims first folded into a
// matrix product by reshapes, see lowerFoldedBatch) whose spec names
// batch dims with
// letters a-j, rows m, columns n and the reduction k; numpy broadcasting
// of batch dims is expressed by leaving a size-1 batch dim out of the
// operand that broadcasts (it is reshaped away first). gemm becomes a
// contraction plus maps for alpha and beta * c.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <string.h>

// Drops the dims of `v` marked in `drop` (all of size 1) with a reshape.
static MlirValue dropUnitDims(DlcRewriter *rw, MlirValue v, const bool *drop) {
  DlcShape s = dlcShapeOfValue(v), out = {.rank = 0};
  bool any = false;
  for (int64_t i = 0; i < s.rank; ++i) {
    if (drop[i])
      any = true;
    else
      out.dims[out.rank++] = s.dims[i];
  }
  return any ? dlcReshape(rw, v, dlcTensorType(&out, dlcEltOfValue(v))) : v;
}

// `v` as a value of the op's declared result type, which may be more static
// than what the contraction infers from the operands.
static MlirLogicalResult replaceWith(DlcRewriter *rw, MlirValue v) {
  return dlcReplaceOpCast(rw, 1, &v);
}

static int64_t countDynamic(const DlcShape *s, int64_t from, int64_t to) {
  int64_t count = 0;
  for (int64_t i = from; i < to; ++i)
    count += s->dims[i] == DLC_DYN;
  return count;
}

static MlirValue reshaped(DlcRewriter *rw, MlirValue v, int64_t rank, const int64_t *dims) {
  DlcShape s = {.rank = rank};
  for (int64_t i = 0; i < rank; ++i)
    s.dims[i] = dims[i];
  return dlcReshape(rw, v, dlcTensorType(&s, dlcEltOfValue(v)));
}

// Products that are plain matrix products after reshapes (views, no
// copies): batch dims against a matrix fold into the rows
// (B.. x M x K by K x N is (B..*M) x K by K x N), and equal batch dims on
// both sides fold into one (B.. x M x K by B.. x K x N). They then lower to
// linalg.matmul / batch_matmul, which DLC's schedules know. One dynamic dim
// may be among those folded (a symbolic batch or sequence: the rows or the
// batch of the product become `?`); K and N are static, and so is M when
// the batch is shared (the batch is what a schedule then tiles by 1).
// Equal dims: a `?` on both sides is the same size, as the general
// contraction takes it (one letter for both).
static bool lowerFoldedBatch(DlcRewriter *rw, MlirValue a, MlirValue b, const DlcShape *sa,
                             const DlcShape *sb) {
  if (sa->rank < 3 || (sb->rank != 2 && sb->rank != sa->rank))
    return false;
  int64_t m = sa->dims[sa->rank - 2], k = sa->dims[sa->rank - 1];
  if (k == DLC_DYN || countDynamic(sb, sb->rank - 2, sb->rank) > 0 ||
      countDynamic(sa, 0, sa->rank - 1) > 1 ||
      (sb->rank == sa->rank && m == DLC_DYN))
    return false;
  int64_t batch = 1;
  for (int64_t i = 0; i < sa->rank - 2; ++i) {
    if (sb->rank == sa->rank && sb->dims[i] != sa->dims[i])
      return false; // broadcasting batch dims: the general contraction
    batch = sa->dims[i] == DLC_DYN || batch == DLC_DYN ? DLC_DYN : batch * sa->dims[i];
  }
  int64_t n = sb->dims[sb->rank - 1];
  MlirValue y;
  if (sb->rank == 2) {
    int64_t rows[2] = {batch == DLC_DYN || m == DLC_DYN ? DLC_DYN : batch * m, k};
    y = dlcContract(rw, reshaped(rw, a, 2, rows), b, "mk,kn->mn");
  } else {
    if (sa->rank == 3)
      return false; // already one batch dim
    int64_t la[3] = {batch, m, k}, lb[3] = {batch, k, n};
    MlirValue a3 = reshaped(rw, a, 3, la);
    MlirValue b3 = reshaped(rw, b, 3, lb);
    y = dlcContract(rw, a3, b3, "bmk,bkn->bmn");
  }
  DlcShape out = *sa;
  out.dims[out.rank - 1] = n;
  y = dlcReshape(rw, y, dlcTensorType(&out, dlcEltOfValue(a)));
  return mlirLogicalResultIsSuccess(replaceWith(rw, y));
}

static MlirLogicalResult lowerMatmul(DlcRewriter *rw) {
  MlirValue a = dlcOpOperand(rw->op, 0), b = dlcOpOperand(rw->op, 1);
  DlcShape sa = dlcShapeOfValue(a), sb = dlcShapeOfValue(b);
  if (lowerFoldedBatch(rw, a, b, &sa, &sb))
    return mlirLogicalResultSuccess();
  int64_t batchA = sa.rank > 2 ? sa.rank - 2 : 0, batchB = sb.rank > 2 ? sb.rank - 2 : 0;
  int64_t batch = batchA > batchB ? batchA : batchB;
  if (batch > 10)
    return dlcLoweringUnsupported(rw, "more than 10 batch dims");
  char lhs[DLC_MAX_RANK + 1] = {0}, rhs[DLC_MAX_RANK + 1] = {0}, res[DLC_MAX_RANK + 1] = {0};
  bool dropA[DLC_MAX_RANK] = {0}, dropB[DLC_MAX_RANK] = {0};
  size_t nl = 0, nr = 0, no = 0;
  for (int64_t i = 0; i < batch; ++i) {
    char letter = (char)('a' + i);
    int64_t ia = i - (batch - batchA), ib = i - (batch - batchB);
    int64_t da = ia >= 0 ? sa.dims[ia] : 1, db = ib >= 0 ? sb.dims[ib] : 1;
    // A size-1 batch dim facing another size broadcasts: leave it out of
    // that operand. When both are 1, lhs keeps it for the result.
    if (ia >= 0) {
      if (da == 1 && db != 1)
        dropA[ia] = true;
      else
        lhs[nl++] = letter;
    }
    if (ib >= 0) {
      if (db == 1 && (da != 1 || ia >= 0))
        dropB[ib] = true;
      else
        rhs[nr++] = letter;
    }
    res[no++] = letter;
  }
  if (sa.rank >= 2) {
    lhs[nl++] = 'm';
    res[no++] = 'm';
  }
  lhs[nl++] = 'k';
  rhs[nr++] = 'k';
  if (sb.rank >= 2) {
    rhs[nr++] = 'n';
    res[no++] = 'n';
  }
  char spec[3 * DLC_MAX_RANK + 8];
  snprintf(spec, sizeof spec, "%s,%s->%s", lhs, rhs, res);
  return replaceWith(rw, dlcContract(rw, dropUnitDims(rw, a, dropA), dropUnitDims(rw, b, dropB), spec));
}

static MlirValue scaleBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                           const void *data) {
  (void)r, (void)data;
  return dlcScalarBinary(b, DLC_MUL, e[0], a[0], a[1]);
}

static MlirValue axpyBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                          const void *data) {
  (void)r, (void)data; // y + beta * c
  return dlcScalarBinary(b, DLC_ADD, e[0], a[0], dlcScalarBinary(b, DLC_MUL, e[0], a[2], a[1]));
}

static MlirValue addBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  return dlcScalarBinary(b, DLC_ADD, e[0], a[0], a[1]);
}

static MlirLogicalResult lowerGemm(DlcRewriter *rw) {
  MlirValue a = dlcOpOperand(rw->op, 0), b = dlcOpOperand(rw->op, 1), c = dlcOpOperand(rw->op, 2);
  bool ta = dlcOpBool(rw->op, "trans_a"), tb = dlcOpBool(rw->op, "trans_b");
  double alpha = dlcOpFloat(rw->op, "alpha"), beta = dlcOpFloat(rw->op, "beta");
  char spec[16];
  snprintf(spec, sizeof spec, "%s,%s->mn", ta ? "km" : "mk", tb ? "nk" : "kn");
  MlirType elt = dlcEltOfValue(a);
  MlirValue y = dlcContract(rw, a, b, spec);
  if (alpha != 1.0) {
    MlirValue in[2] = {y, dlcScalarTensor(rw, elt, alpha)};
    y = dlcMap(rw, "mul", 2, in, mlirValueGetType(y), scaleBody, NULL);
  }
  if (!mlirValueIsNull(c) && beta != 0.0) {
    MlirType type = mlirValueGetType(dlcOpResult(rw->op, 0));
    if (beta == 1.0) {
      MlirValue in[2] = {y, c};
      y = dlcMap(rw, "add", 2, in, type, addBody, NULL);
    } else {
      MlirValue in[3] = {y, c, dlcScalarTensor(rw, elt, beta)};
      y = dlcMap(rw, "axpy", 3, in, type, axpyBody, NULL);
    }
  }
  return replaceWith(rw, y);
}

const DlcLowering dlcLinearLowerings[] = {
    {"dlc_graph.matmul", lowerMatmul},
    {"dlc_graph.gemm", lowerGemm},
};
const size_t dlcNumLinearLowerings = sizeof dlcLinearLowerings / sizeof *dlcLinearLowerings;
