//===- InferConv.c - Shape rules of conv and conv_transpose -----*- C -*-===//

#include "Dialect/Graph/GraphInfer.h"
#include "Dialect/Graph/WindowGeometry.h"
#include "Support/Diag.h"

static MlirLogicalResult fail(void) { return mlirLogicalResultFailure(); }

static bool sameElts(DlcInfer *in) {
  for (int i = 1; i < 3; ++i) {
    if (in->types[i].ptr && !mlirTypeEqual(in->elts[0], in->elts[i])) {
      dlcEmitOpError(in->op, "operand '%s' must have the element type of 'input'",
                     in->def->operands[i].name);
      return false;
    }
  }
  return true;
}

static bool checkBias(DlcInfer *in, int64_t channels) {
  if (!in->types[2].ptr)
    return true;
  const DlcShape *b = &in->shapes[2];
  if (b->rank != 1) {
    dlcEmitOpError(in->op, "operand 'bias' must be 1-D (one value per output channel), but has "
                           "rank %lld", (long long)b->rank);
    return false;
  }
  if (channels != DLC_DYN && b->dims[0] != DLC_DYN && b->dims[0] != channels) {
    dlcEmitOpError(in->op, "operand 'bias' has %lld elements, but there are %lld output channels",
                   (long long)b->dims[0], (long long)channels);
    return false;
  }
  return true;
}

// N x M x (spatial output sizes), in the input's element type.
static MlirLogicalResult setOutput(DlcInfer *in, int64_t m, const DlcWindowGeometry *g) {
  DlcShape out = {.rank = in->shapes[0].rank};
  out.dims[0] = in->shapes[0].dims[0];
  out.dims[1] = m;
  for (int64_t i = 0; i < g->numSpatial; ++i)
    out.dims[2 + i] = g->output[i];
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return mlirLogicalResultSuccess();
}

static bool divides(int64_t group, int64_t n) { return n == DLC_DYN || n % group == 0; }

MlirLogicalResult dlcGraphInferConv(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0], *w = &in->shapes[1];
  DlcWindowGeometry g;
  if (!sameElts(in) || !dlcWindowGeometry(in->op, x, w, true, &g))
    return fail();
  int64_t group = dlcOpInt(in->op, "group");
  int64_t c = x->dims[1], m = w->dims[0], cg = w->dims[1];
  if (group < 1 || !divides(group, c) || !divides(group, m)) {
    dlcEmitOpError(in->op, "attribute 'group' (%lld) must be >= 1 and divide the input channels "
                           "and the number of filters", (long long)group);
    return fail();
  }
  if (c != DLC_DYN && cg != DLC_DYN && c != cg * group) {
    dlcEmitOpError(in->op, "input has %lld channels but weight expects %lld per group x %lld "
                           "groups", (long long)c, (long long)cg, (long long)group);
    return fail();
  }
  if (!checkBias(in, m))
    return fail();
  return setOutput(in, m, &g);
}

MlirLogicalResult dlcGraphInferConvTranspose(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0], *w = &in->shapes[1];
  DlcWindowGeometry g;
  if (!sameElts(in) || !dlcWindowGeometry(in->op, x, w, true, &g))
    return fail();
  int64_t group = dlcOpInt(in->op, "group");
  int64_t c = x->dims[1], cw = w->dims[0], mg = w->dims[1];
  if (group < 1 || !divides(group, c)) {
    dlcEmitOpError(in->op, "attribute 'group' (%lld) must be >= 1 and divide the input channels",
                   (long long)group);
    return fail();
  }
  if (c != DLC_DYN && cw != DLC_DYN && c != cw) {
    dlcEmitOpError(in->op, "input has %lld channels but weight has %lld", (long long)c,
                   (long long)cw);
    return fail();
  }
  int64_t m = mg == DLC_DYN ? DLC_DYN : mg * group;
  if (!checkBias(in, m))
    return fail();
  return setOutput(in, m, &g);
}
