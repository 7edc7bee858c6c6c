//===- FoldBatchNorm.c - The dlc-fold-batch-norm pass -----------*- C -*-===//
//
// Inference batch_norm is a per-channel affine map, `y = x * s + t` with
// `s = scale / sqrt(var + epsilon)` and `t = bias - mean * s`. After a conv
// (or conv_transpose, or gemm) with constant weights whose only user it
// is, it folds into them: weights of output channel m scaled by s[m], the
// bias becoming `b * s + t`. The same holds for a mul or add of the conv's
// result by a per-channel or scalar constant. The folded op computes the
// same affine function; only rounding differs (each weight is rounded once
// after scaling instead of each output after the sum), as in every
// framework that folds batch norm.
//
//===----------------------------------------------------------------------===//

#include "Dialect/OpDef.h"
#include "Optimize/GraphRewrite.h"
#include "Pass/PassDef.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The values of constant `v` (false if it is none or unreadable).
static bool readConstant(MlirValue v, DlcElements *out) {
  if (!dlcGraphConstantRead(v, INT64_MAX, out))
    return false;
  if (out->isFloat)
    return true;
  dlcElementsFree(out);
  return false;
}

// Where output channel m of a producer lives in its weight: the products
// that feed channel m are the weight elements with `channelOf(k) == m`.
typedef enum Producer { P_CONV, P_CONV_TRANSPOSE, P_GEMM } Producer;

static int64_t channelOf(Producer p, const DlcElements *w, int64_t group, bool transB, int64_t k) {
  switch (p) {
  case P_CONV: { // M x C/group x k..: dim 0
    int64_t inner = w->count / w->shape.dims[0];
    return k / inner;
  }
  case P_CONV_TRANSPOSE: { // C x M/group x k..: group g of input channels
    int64_t spatial = w->count / (w->shape.dims[0] * w->shape.dims[1]);
    int64_t c = k / (w->shape.dims[1] * spatial), ml = k / spatial % w->shape.dims[1];
    int64_t perGroup = w->shape.dims[0] / group;
    return c / perGroup * w->shape.dims[1] + ml;
  }
  default: // b is K x N (N x K when trans_b): column n
    return transB ? k / w->shape.dims[1] : k % w->shape.dims[1];
  }
}

typedef struct Affine {
  int64_t channels;
  double *s, *t; ///< y = x * s[m] + t[m]
} Affine;

// The producer `op` (conv, conv_transpose or gemm) of `x`, rebuilt with
// the affine map folded into its weight and bias; null value when it cannot
// be (weights not constant, shared, or the wrong shape).
static MlirValue foldInto(DlcRewriter *rw, MlirValue x, const Affine *a) {
  MlirOperation op = dlcDefiningOp(x);
  Producer p;
  if (dlcIsOp(op, "dlc_graph.conv"))
    p = P_CONV;
  else if (dlcIsOp(op, "dlc_graph.conv_transpose"))
    p = P_CONV_TRANSPOSE;
  else if (dlcIsOp(op, "dlc_graph.gemm"))
    p = P_GEMM;
  else
    return (MlirValue){NULL};
  MlirType type = mlirValueGetType(x);
  if (!dlcHasOneUse(x) || !mlirShapedTypeHasStaticShape(type) ||
      mlirShapedTypeGetRank(type) < 2 || mlirShapedTypeGetDimSize(type, 1) != a->channels)
    return (MlirValue){NULL};
  MlirValue weight = dlcOpOperand(op, 1), bias = dlcOpOperand(op, 2);
  bool transB = p == P_GEMM && dlcOpBool(op, "trans_b");
  int64_t group = p == P_GEMM ? 1 : dlcOpInt(op, "group");
  double alpha = p == P_GEMM ? dlcOpFloat(op, "alpha") : 1;
  double beta = p == P_GEMM ? dlcOpFloat(op, "beta") : 1;
  DlcElements w, b = {0};
  if (!readConstant(weight, &w))
    return (MlirValue){NULL};
  bool hasBias = !mlirValueIsNull(bias);
  if (hasBias && !readConstant(bias, &b)) {
    dlcElementsFree(&w);
    return (MlirValue){NULL};
  }
  // A gemm's c must be per column (N, 1 x N or a scalar) to become a bias.
  bool biasOk = !hasBias || b.count == 1 ||
                (b.count == a->channels && (b.shape.rank == 1 || b.shape.dims[0] == 1));
  if (!biasOk || (p == P_GEMM && mlirShapedTypeGetRank(type) != 2)) {
    dlcElementsFree(&w);
    dlcElementsFree(&b);
    return (MlirValue){NULL};
  }
  // Weights: each product of channel m scaled by s[m] (a gemm's alpha too).
  DlcElements nw;
  dlcElementsCreate(w.type, &nw);
  for (int64_t k = 0; k < w.count; ++k)
    nw.f[k] = dlcElementsRoundFloat(&nw, w.f[k] * alpha * a->s[channelOf(p, &w, group, transB, k)]);
  // Bias: (beta * b) * s + t, per channel.
  MlirType elt = dlcElementType(type);
  int64_t channels = a->channels;
  DlcElements nb;
  dlcElementsCreate(mlirRankedTensorTypeGet(1, &channels, elt, mlirAttributeGetNull()), &nb);
  for (int64_t m = 0; m < channels; ++m) {
    double old = hasBias ? beta * b.f[b.count == 1 ? 0 : m] : 0;
    nb.f[m] = dlcElementsRoundFloat(&nb, old * a->s[m] + a->t[m]);
  }
  MlirValue operands[3] = {dlcOpOperand(op, 0), dlcBuildGraphConstantOf(&rw->b, &nw),
                           dlcBuildGraphConstantOf(&rw->b, &nb)};
  dlcElementsFree(&w);
  dlcElementsFree(&b);
  dlcElementsFree(&nw);
  dlcElementsFree(&nb);
  // The same op, attributes and all, on the new weight and bias; a gemm's
  // scales are in them now.
  MlirOperation folded = mlirOperationClone(op);
  mlirOperationSetOperands(folded, 3, operands);
  if (p == P_GEMM) {
    mlirOperationRemoveAttributeByName(folded, mlirStringRefCreateFromCString("alpha"));
    mlirOperationRemoveAttributeByName(folded, mlirStringRefCreateFromCString("beta"));
  }
  mlirRewriterBaseInsert(rw->rewriter, folded);
  return mlirOperationGetResult(folded, 0);
}

static MlirLogicalResult replaceWithFolded(DlcRewriter *rw, MlirValue x, Affine *a) {
  MlirValue folded = foldInto(rw, x, a);
  free(a->s);
  free(a->t);
  if (mlirValueIsNull(folded))
    return mlirLogicalResultFailure();
  return dlcReplaceBySameType(rw, folded);
}

static bool allocAffine(Affine *a, int64_t channels) {
  a->channels = channels;
  a->s = calloc((size_t)channels + 1, sizeof *a->s);
  a->t = calloc((size_t)channels + 1, sizeof *a->t);
  if (!a->s || !a->t)
    abort();
  return true;
}

static MlirLogicalResult batchNorm(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  MlirType type = mlirValueGetType(x);
  if (!mlirShapedTypeHasStaticShape(type) || mlirShapedTypeGetRank(type) < 2 ||
      (!dlcIsOp(dlcDefiningOp(x), "dlc_graph.conv") &&
       !dlcIsOp(dlcDefiningOp(x), "dlc_graph.conv_transpose") &&
       !dlcIsOp(dlcDefiningOp(x), "dlc_graph.gemm")))
    return mlirLogicalResultFailure();
  DlcElements p[4];
  int read = 0;
  while (read < 4 && readConstant(dlcOpOperand(rw->op, read + 1), &p[read]))
    ++read;
  int64_t channels = mlirShapedTypeGetDimSize(type, 1);
  bool ok = read == 4;
  for (int i = 0; i < read; ++i)
    ok &= p[i].count == channels;
  Affine a = {0};
  if (ok) {
    allocAffine(&a, channels);
    double epsilon = dlcOpFloat(rw->op, "epsilon");
    for (int64_t m = 0; m < channels; ++m) {
      double s = p[0].f[m] / sqrt(p[3].f[m] + epsilon);
      a.s[m] = s;
      a.t[m] = p[1].f[m] - p[2].f[m] * s;
    }
  }
  for (int i = 0; i < read; ++i)
    dlcElementsFree(&p[i]);
  return ok ? replaceWithFolded(rw, x, &a) : mlirLogicalResultFailure();
}

// x op k for a conv result x and a constant k that is a scalar or one value
// per channel (shape [M, 1, ..] or [1, M, 1, ..], broadcasting along dim 1
// of x only): the affine map `x * k` or `x + k`.
static MlirLogicalResult scaleOrShift(DlcRewriter *rw, bool isMul) {
  MlirValue x = dlcOpOperand(rw->op, 0), k = dlcOpOperand(rw->op, 1);
  if (!mlirAttributeIsNull(dlcGraphConstantValue(x))) {
    MlirValue swap = x;
    x = k;
    k = swap;
  }
  MlirType xt = mlirValueGetType(x), kt = mlirValueGetType(k);
  if (!dlcIsOp(dlcDefiningOp(x), "dlc_graph.conv") || !mlirShapedTypeHasStaticShape(xt) ||
      !mlirShapedTypeHasStaticShape(kt) ||
      !mlirTypeEqual(xt, mlirValueGetType(mlirOperationGetResult(rw->op, 0))))
    return mlirLogicalResultFailure();
  int64_t rank = mlirShapedTypeGetRank(xt), krank = mlirShapedTypeGetRank(kt);
  int64_t channels = mlirShapedTypeGetDimSize(xt, 1);
  if (krank > rank)
    return mlirLogicalResultFailure();
  for (int64_t d = 0; d < krank; ++d) {
    int64_t dim = mlirShapedTypeGetDimSize(kt, d), xd = rank - krank + d;
    if (dim != 1 && xd != 1)
      return mlirLogicalResultFailure();
  }
  DlcElements e;
  if (!readConstant(k, &e))
    return mlirLogicalResultFailure();
  if (e.count != 1 && e.count != channels) {
    dlcElementsFree(&e);
    return mlirLogicalResultFailure();
  }
  Affine a = {0};
  allocAffine(&a, channels);
  for (int64_t m = 0; m < channels; ++m) {
    double v = e.f[e.count == 1 ? 0 : m];
    a.s[m] = isMul ? v : 1;
    a.t[m] = isMul ? 0 : v;
  }
  dlcElementsFree(&e);
  return replaceWithFolded(rw, x, &a);
}

static MlirLogicalResult mulByConstant(DlcRewriter *rw) { return scaleOrShift(rw, true); }
static MlirLogicalResult addConstant(DlcRewriter *rw) { return scaleOrShift(rw, false); }

static const DlcLowering patterns[] = {
    {"dlc_graph.batch_norm", batchNorm},
    {"dlc_graph.mul", mulByConstant},
    {"dlc_graph.add", addConstant},
};

void dlcRunFoldBatchNorm(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  dlcApplyRewrites(op, patterns, sizeof patterns / sizeof *patterns, NULL);
}
