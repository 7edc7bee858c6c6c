//===- GraphRewrite.c - What the graph optimizations share ------*- C -*-===//

#include "Optimize/GraphRewrite.h"

#include "Dialect/OpDef.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdlib.h>
#include <string.h>

int64_t dlcStaticNumElements(MlirType type) {
  DlcShape shape;
  if (!dlcShapeOf(type, &shape) || !dlcShapeIsStatic(&shape))
    return -1;
  return dlcShapeNumElements(&shape);
}

MlirAttribute dlcGraphConstantValue(MlirValue v) {
  MlirOperation def = dlcDefiningOp(v);
  if (!dlcIsOp(def, "dlc_graph.constant"))
    return mlirAttributeGetNull();
  return mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
}

bool dlcGraphConstantRead(MlirValue v, int64_t maxElements, DlcElements *out) {
  MlirAttribute value = mlirValueIsNull(v) ? mlirAttributeGetNull() : dlcGraphConstantValue(v);
  return !mlirAttributeIsNull(value) && mlirElementsAttrGetNumElements(value) <= maxElements &&
         dlcElementsRead(value, out);
}

bool dlcGraphConstantIsAll(MlirValue v, double x) {
  DlcElements e;
  if (!dlcGraphConstantRead(v, 65536, &e))
    return false;
  bool all = true;
  for (int64_t k = 0; k < e.count && all; ++k)
    all = dlcElementsGetDouble(&e, k) == x;
  dlcElementsFree(&e);
  return all;
}

MlirValue dlcBuildGraphConstant(DlcBuilder *b, MlirAttribute value) {
  MlirNamedAttribute attr = dlcNamed(b->ctx, "value", value);
  return dlcBuild1(b, "dlc_graph.constant", 0, NULL, mlirAttributeGetType(value), 1, &attr);
}

MlirValue dlcBuildGraphConstantOf(DlcBuilder *b, const DlcElements *e) {
  return dlcBuildGraphConstant(b, dlcElementsToAttr(e, 256, "dlc_folded"));
}

bool dlcOnlyFirstResultUsed(MlirOperation op) {
  for (intptr_t i = 1; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}

bool dlcHasOneUse(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  return !mlirOpOperandIsNull(use) && mlirOpOperandIsNull(mlirOpOperandGetNextUse(use));
}

MlirLogicalResult dlcReplaceBySameType(DlcRewriter *rw, MlirValue v) {
  MlirValue result = mlirOperationGetResult(rw->op, 0);
  if (mlirValueIsNull(v) || !mlirTypeEqual(mlirValueGetType(v), mlirValueGetType(result)) ||
      !dlcOnlyFirstResultUsed(rw->op))
    return mlirLogicalResultFailure();
  // Other results (dropout's mask) are unused: erasing the op is enough.
  mlirRewriterBaseReplaceAllUsesWith(rw->rewriter, result, v);
  mlirRewriterBaseEraseOp(rw->rewriter, rw->op);
  return mlirLogicalResultSuccess();
}

DlcLowering *dlcPatternsForAllGraphOps(DlcLowerFn fn, const char *except, size_t *count) {
  size_t n;
  const DlcOpDef *defs = dlcDialectOpDefs("dlc_graph", &n);
  DlcLowering *patterns = calloc(n ? n : 1, sizeof *patterns);
  if (!patterns)
    abort();
  *count = 0;
  for (size_t i = 0; i < n; ++i)
    if (!except || strcmp(defs[i].name, except))
      patterns[(*count)++] = (DlcLowering){defs[i].name, fn};
  return patterns;
}
