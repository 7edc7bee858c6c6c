//===- InferNorm.c - Shape rules of normalizations and softmax --*- C -*-===//
//
// batch_norm (per-channel vectors over dim 1), layer_norm (over dims
// [axis, rank)) and softmax / log_softmax (one axis, ONNX opset >= 13).
// A parameter with a static size refines a `?` dim of the input it must
// equal, so results may be more static than the input.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Graph/GraphInfer.h"
#include "Support/Diag.h"
#include "Support/Str.h"

#include <stdio.h>

static MlirLogicalResult fail(void) { return mlirLogicalResultFailure(); }

static bool sameSize(int64_t a, int64_t b) { return a == DLC_DYN || b == DLC_DYN || a == b; }

static const char *dimText(int64_t d, char *buf, size_t cap) {
  if (d == DLC_DYN)
    return "?";
  snprintf(buf, cap, "%lld", (long long)d);
  return buf;
}

// Operand `i` must have the input's element type (the decompositions do
// their arithmetic in one type).
static bool sameEltAsInput(DlcInfer *in, int i) {
  if (mlirTypeEqual(in->elts[0], in->elts[i]))
    return true;
  DlcStr a = DLC_STR_INIT, b = DLC_STR_INIT;
  dlcStrAppendType(&a, in->types[i]);
  dlcStrAppendType(&b, in->elts[0]);
  dlcEmitOpError(in->op, "operand '%s' (%s) must have the element type of 'input' (%s)",
                 in->def->operands[i].name, dlcStrGet(&a), dlcStrGet(&b));
  dlcStrFree(&a);
  dlcStrFree(&b);
  return false;
}

// Reads the int attribute `axis` and normalizes it into [0, rank).
static bool readAxis(DlcInfer *in, int64_t rank, int64_t *axis) {
  int64_t value = dlcOpInt(in->op, "axis");
  *axis = value;
  if (dlcNormalizeAxis(axis, rank))
    return true;
  dlcEmitOpError(in->op, "attribute 'axis' (%lld) must be in [%lld, %lld) for an input of rank %lld",
                 (long long)value, (long long)-rank, (long long)rank, (long long)rank);
  return false;
}

MlirLogicalResult dlcGraphInferBatchNorm(DlcInfer *in) {
  DlcShape out = in->shapes[0];
  if (out.rank < 2) {
    dlcEmitOpError(in->op, "operand 'input' must be N x C x ... (rank >= 2), but has rank %lld",
                   (long long)out.rank);
    return fail();
  }
  for (int i = 1; i < 5; ++i) {
    if (!sameEltAsInput(in, i))
      return fail();
    const DlcShape *v = &in->shapes[i];
    if (v->rank != 1 || !sameSize(v->dims[0], out.dims[1])) {
      char buf[24];
      DlcStr t = DLC_STR_INIT;
      dlcStrAppendType(&t, in->types[i]);
      dlcEmitOpError(in->op, "operand '%s' must be 1-D with C = %s elements (dim 1 of 'input'), "
                             "but has type %s", in->def->operands[i].name,
                     dimText(out.dims[1], buf, sizeof buf), dlcStrGet(&t));
      dlcStrFree(&t);
      return fail();
    }
    if (out.dims[1] == DLC_DYN)
      out.dims[1] = v->dims[0];
  }
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return mlirLogicalResultSuccess();
}

// `scale` and `bias` broadcast to input[axis:] (one way: their dims are 1
// or equal the input's); a static one refines a `?` input dim.
static bool checkNormParam(DlcInfer *in, int i, int64_t axis, DlcShape *x) {
  if (!in->types[i].ptr)
    return true;
  if (!sameEltAsInput(in, i))
    return false;
  const DlcShape *p = &in->shapes[i];
  int64_t lead = x->rank - p->rank;
  bool fits = lead >= axis;
  for (int64_t j = 0; fits && j < p->rank; ++j)
    fits = p->dims[j] == 1 || sameSize(p->dims[j], x->dims[lead + j]);
  if (!fits) {
    DlcStr t = DLC_STR_INIT, dims = DLC_STR_INIT;
    dlcStrAppendType(&t, in->types[i]);
    for (int64_t j = axis; j < x->rank; ++j) {
      char buf[24];
      dlcStrPrintf(&dims, "%s%s", j > axis ? "x" : "", dimText(x->dims[j], buf, sizeof buf));
    }
    dlcEmitOpError(in->op, "operand '%s' (%s) does not broadcast to the normalized dims %s of "
                           "'input'", in->def->operands[i].name, dlcStrGet(&t), dlcStrGet(&dims));
    dlcStrFree(&t);
    dlcStrFree(&dims);
    return false;
  }
  for (int64_t j = 0; j < p->rank; ++j)
    if (x->dims[lead + j] == DLC_DYN && p->dims[j] != 1)
      x->dims[lead + j] = p->dims[j];
  return true;
}

MlirLogicalResult dlcGraphInferLayerNorm(DlcInfer *in) {
  int64_t stash = dlcOpInt(in->op, "stash_type");
  if (stash != 1) {
    dlcEmitOpError(in->op, "attribute 'stash_type' must be 1 (f32 mean and variance), but is %lld",
                   (long long)stash);
    return fail();
  }
  DlcShape x = in->shapes[0];
  int64_t axis;
  if (!readAxis(in, x.rank, &axis) || !checkNormParam(in, 1, axis, &x) ||
      !checkNormParam(in, 2, axis, &x))
    return fail();
  in->results[0] = dlcTensorType(&x, in->elts[0]);
  // mean and inv_std_dev: the input's dims before axis, then 1s.
  DlcShape stats = x;
  for (int64_t j = axis; j < x.rank; ++j)
    stats.dims[j] = 1;
  for (int r = 1; r < 3; ++r)
    if (in->hasResult[r])
      in->results[r] = dlcTensorType(&stats, in->elts[0]);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcGraphInferSoftmax(DlcInfer *in) {
  int64_t axis;
  if (!readAxis(in, in->shapes[0].rank, &axis))
    return fail();
  in->results[0] = in->types[0];
  return mlirLogicalResultSuccess();
}
