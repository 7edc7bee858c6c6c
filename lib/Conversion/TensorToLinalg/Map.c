//===- Map.c - dlc_tensor.map to linalg.generic -----------------*- C -*-===//
//
// Each input's indexing map aligns its dims with the result's trailing dims
// and reads index 0 along its size-1 dims (numpy broadcasting). The body
// function's ops are cloned into the generic's block.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>

// Moves the ops of function `fn`'s body into `block`, with the function's
// arguments replaced by the block's first arguments, ending in linalg.yield.
static void inlineBody(DlcBuilder *b, MlirOperation fn, MlirBlock block) {
  MlirOperation clone = mlirOperationClone(fn);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(clone, 0));
  for (intptr_t i = 0, e = mlirBlockGetNumArguments(body); i < e; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, i), mlirBlockGetArgument(block, i));
  MlirOperation terminator = mlirBlockGetTerminator(body);
  DlcBuilder inner = dlcBuilderAtBlockEnd(block, b->loc);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationEqual(op, terminator);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationRemoveFromParent(op);
    mlirBlockAppendOwnedOperation(block, op);
    op = next;
  }
  MlirValue yielded[8];
  intptr_t n = mlirOperationGetNumOperands(terminator);
  for (intptr_t i = 0; i < n && i < 8; ++i)
    yielded[i] = mlirOperationGetOperand(terminator, i);
  dlcYield(&inner, n, yielded);
  mlirOperationDestroy(clone);
}

MlirLogicalResult dlcLowerMap(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue inputs[4];
  int n = 0;
  for (int i = 0; i < 4; ++i) {
    MlirValue v = dlcOpOperand(rw->op, i);
    if (!mlirValueIsNull(v))
      inputs[n++] = v;
  }
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(rw->op, 0));
  DlcShape out;
  dlcShapeOf(resultType, &out);
  MlirAffineMap maps[5];
  for (int i = 0; i < n; ++i) {
    DlcShape in;
    dlcShapeOf(mlirValueGetType(inputs[i]), &in);
    MlirAffineExpr exprs[DLC_MAX_RANK];
    for (int64_t j = 0; j < in.rank; ++j) {
      int64_t outDim = out.rank - in.rank + j;
      // Reading index 0 of a size-1 dim is right whether or not it broadcasts.
      exprs[j] = in.dims[j] == 1 ? dlcCst(ctx, 0) : dlcDim(ctx, outDim);
    }
    maps[i] = mlirAffineMapGet(ctx, out.rank, 0, in.rank, exprs);
  }
  maps[n] = mlirAffineMapMultiDimIdentityGet(ctx, out.rank);
  MlirAttribute fnAttr = dlcOpAttr(rw->op, "fn");
  MlirStringRef fnName = mlirFlatSymbolRefAttrGetValue(fnAttr);
  char name[256];
  snprintf(name, sizeof name, "%.*s", (int)fnName.length, fnName.data);
  MlirOperation fn = dlcLookupSymbol(rw, name);
  if (mlirOperationIsNull(fn) || mlirOperationGetNumRegions(fn) != 1)
    return dlcLoweringUnsupported(rw, "body @%s not found", name);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  if (mlirBlockIsNull(entry) || !mlirBlockIsNull(mlirBlockGetNextInRegion(entry)))
    return dlcLoweringUnsupported(rw, "body @%s is not a single block", name);
  // Dynamic result dims come from an input that has the dim unbroadcast;
  // all are found before any op is created.
  MlirValue sizeFrom[DLC_MAX_RANK];
  int64_t sizeDim[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t d = 0; d < out.rank; ++d) {
    if (out.dims[d] != DLC_DYN)
      continue;
    MlirValue from = {NULL};
    for (int i = 0; i < n && mlirValueIsNull(from); ++i) {
      DlcShape in;
      dlcShapeOf(mlirValueGetType(inputs[i]), &in);
      int64_t j = d - (out.rank - in.rank);
      if (j >= 0 && in.dims[j] != 1) {
        from = inputs[i];
        sizeDim[numDynamic] = j;
      }
    }
    if (mlirValueIsNull(from))
      return dlcLoweringUnsupported(rw, "dynamic result dim %lld is not an input dim",
                                    (long long)d);
    sizeFrom[numDynamic++] = from;
  }
  MlirValue dynamic[DLC_MAX_RANK];
  for (intptr_t i = 0; i < numDynamic; ++i)
    dynamic[i] = dlcTensorDim(&rw->b, sizeFrom[i], sizeDim[i]);
  MlirValue init = dlcEmpty(&rw->b, resultType, numDynamic, dynamic);
  MlirBlock block;
  MlirOperation generic = dlcGeneric(&rw->b, n, inputs, 1, &init, maps, out.rank, NULL, &block);
  inlineBody(&rw->b, fn, block);
  MlirValue result = mlirOperationGetResult(generic, 0);
  dlcReplaceOp(rw, 1, &result);
  return mlirLogicalResultSuccess();
}
