//===- GatherShapes.c - Gather shape rules both dialects share --*- C -*-===//

#include "Dialect/GatherShapes.h"
#include "Support/Diag.h"

bool dlcGatherShape(const DlcInfer *in, int64_t axis, DlcShape *out) {
  const DlcShape *x = &in->shapes[0], *idx = &in->shapes[1];
  if (x->rank - 1 + idx->rank > DLC_MAX_RANK) {
    dlcEmitOpError(in->op, "result rank %lld exceeds %d", (long long)(x->rank - 1 + idx->rank),
                   DLC_MAX_RANK);
    return false;
  }
  out->rank = 0;
  for (int64_t i = 0; i < axis; ++i)
    out->dims[out->rank++] = x->dims[i];
  for (int64_t i = 0; i < idx->rank; ++i)
    out->dims[out->rank++] = idx->dims[i];
  for (int64_t i = axis + 1; i < x->rank; ++i)
    out->dims[out->rank++] = x->dims[i];
  return true;
}

bool dlcCheckGatherElementsIndices(const DlcInfer *in, int64_t axis) {
  const DlcShape *x = &in->shapes[0], *idx = &in->shapes[1];
  if (idx->rank != x->rank) {
    dlcEmitOpError(in->op, "operand 'indices' has rank %lld, but the input has rank %lld",
                   (long long)idx->rank, (long long)x->rank);
    return false;
  }
  for (int64_t i = 0; i < x->rank; ++i) {
    if (i == axis || idx->dims[i] == DLC_DYN || x->dims[i] == DLC_DYN || idx->dims[i] <= x->dims[i])
      continue;
    dlcEmitOpError(in->op, "dim %lld of 'indices' (%lld) exceeds the input's (%lld)", (long long)i,
                   (long long)idx->dims[i], (long long)x->dims[i]);
    return false;
  }
  return true;
}
