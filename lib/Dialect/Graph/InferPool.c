//===- InferPool.c - Shape rules of pooling ops -----------------*- C -*-===//

#include "Dialect/Graph/GraphInfer.h"
#include "Dialect/Graph/WindowGeometry.h"
#include "Support/Diag.h"

#include "mlir-c/BuiltinTypes.h"

MlirLogicalResult dlcGraphInferPool(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  DlcWindowGeometry g;
  if (!dlcWindowGeometry(in->op, x, NULL, true, &g))
    return mlirLogicalResultFailure();
  // As onnxruntime: explicit pads must be smaller than the kernel, else a
  // window could lie wholly in the padding and have no value (avg_pool
  // would divide by zero). Automatic pads never get there.
  bool explicitPads = mlirStringRefEqual(dlcOpString(in->op, "auto_pad"),
                                         mlirStringRefCreateFromCString("NOTSET"));
  for (int64_t i = 0; explicitPads && i < g.numSpatial; ++i) {
    int64_t pad = g.padBegin[i] > g.padEnd[i] ? g.padBegin[i] : g.padEnd[i];
    if (pad >= g.kernel[i]) {
      dlcEmitOpError(in->op, "pads (%lld in spatial dim %lld) must be smaller than the kernel "
                             "(%lld)", (long long)pad, (long long)i, (long long)g.kernel[i]);
      return mlirLogicalResultFailure();
    }
  }
  // storage_order says how `indices` linearize spatial positions: 0 row-major,
  // 1 column-major (batch and channel stay outermost in both).
  int64_t order = dlcOpInt(in->op, "storage_order");
  if (order != 0 && order != 1) {
    dlcEmitOpError(in->op, "attribute 'storage_order' must be 0 (row-major) or 1 (column-major), "
                           "but is %lld", (long long)order);
    return mlirLogicalResultFailure();
  }
  DlcShape out = {.rank = x->rank};
  out.dims[0] = x->dims[0];
  out.dims[1] = x->dims[1];
  for (int64_t i = 0; i < g.numSpatial; ++i)
    out.dims[2 + i] = g.output[i];
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  if (in->numResults > 1 && in->hasResult[1])
    in->results[1] = dlcTensorType(&out, mlirIntegerTypeGet(in->ctx, 64));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcGraphInferGlobalPool(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  if (x->rank < 3) {
    dlcEmitOpError(in->op, "input must be N x C x D1 .. Dn with n >= 1, but has rank %lld",
                   (long long)x->rank);
    return mlirLogicalResultFailure();
  }
  DlcShape out = *x;
  for (int64_t i = 2; i < x->rank; ++i)
    out.dims[i] = 1;
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return mlirLogicalResultSuccess();
}
