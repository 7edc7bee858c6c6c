//===- TensorBuilders.c - Creating dlc_tensor ops ---------------*- C -*-===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Dialect/OpDef.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

DlcShape dlcShapeOfValue(MlirValue v) {
  DlcShape s = {0};
  dlcShapeOf(mlirValueGetType(v), &s);
  return s;
}

MlirType dlcEltOfValue(MlirValue v) { return dlcElementType(mlirValueGetType(v)); }

// Creates a dlc_tensor op; with a null result type, creates it with a
// placeholder and sets the type its shape rule infers.
static MlirOperation createOp(DlcRewriter *rw, const char *name, intptr_t numOperands,
                              const MlirValue *operands, intptr_t numResults, MlirType *results,
                              intptr_t numAttrs, const MlirNamedAttribute *attrs) {
  MlirType types[2] = {{NULL}, {NULL}};
  for (intptr_t i = 0; i < numResults; ++i)
    types[i] = results[i].ptr ? results[i] : mlirValueGetType(operands[0]);
  MlirOperation op = dlcBuildOp(&rw->b, name, numOperands, operands, numResults, types, numAttrs,
                                attrs, 0, NULL);
  bool inferNeeded = false;
  for (intptr_t i = 0; i < numResults; ++i)
    inferNeeded |= !results[i].ptr;
  if (inferNeeded) {
    DlcInfer in;
    const DlcOpDef *def = dlcLookupOpDef(op);
    dlcInferInit(&in, op, def);
    if (mlirLogicalResultIsSuccess(dlcInferRun(&in))) {
      for (intptr_t i = 0; i < numResults; ++i)
        if (!results[i].ptr && in.results[i].ptr)
          mlirValueSetType(mlirOperationGetResult(op, i), in.results[i]);
    }
  }
  return op;
}

static MlirValue create1(DlcRewriter *rw, const char *name, intptr_t numOperands,
                         const MlirValue *operands, MlirType result, intptr_t numAttrs,
                         const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(
      createOp(rw, name, numOperands, operands, 1, &result, numAttrs, attrs), 0);
}

static void appendEltName(DlcStr *s, MlirType elt) {
  dlcStrPuts(s, "_");
  dlcStrAppendType(s, elt);
}

MlirValue dlcMap(DlcRewriter *rw, const char *name, int n, const MlirValue *inputs,
                 MlirType resultType, DlcBodyFn body, const void *data) {
  MlirContext ctx = rw->b.ctx;
  MlirType elts[4], scalars[4];
  MlirType resultElt = dlcElementType(resultType);
  DlcStr fnName = DLC_STR_INIT;
  dlcStrPrintf(&fnName, "__dlc_%s", name);
  for (int i = 0; i < n; ++i) {
    elts[i] = dlcEltOfValue(inputs[i]);
    scalars[i] = dlcSignless(elts[i]);
    appendEltName(&fnName, elts[i]);
  }
  appendEltName(&fnName, resultElt);
  if (mlirOperationIsNull(dlcLookupSymbol(rw, dlcStrGet(&fnName)))) {
    // Build the body detached, then insert it into the module.
    MlirType resultScalar = dlcSignless(resultElt);
    MlirType fnType = mlirFunctionTypeGet(ctx, n, scalars, 1, &resultScalar);
    MlirLocation locs[4] = {rw->b.loc, rw->b.loc, rw->b.loc, rw->b.loc};
    MlirBlock block = mlirBlockCreate(n, scalars, locs);
    MlirRegion region = mlirRegionCreate();
    mlirRegionAppendOwnedBlock(region, block);
    DlcBuilder bb = dlcBuilderAtBlockEnd(block, rw->b.loc);
    MlirValue args[4];
    for (int i = 0; i < n; ++i)
      args[i] = mlirBlockGetArgument(block, i);
    MlirValue result = body(&bb, args, elts, resultElt, data);
    dlcBuildOp(&bb, "func.return", 1, &result, 0, NULL, 0, NULL, 0, NULL);
    MlirNamedAttribute attrs[3] = {
        dlcNamed(ctx, "sym_name", dlcStringAttr(ctx, dlcStrGet(&fnName))),
        dlcNamed(ctx, "function_type", mlirTypeAttrGet(fnType)),
        dlcNamed(ctx, "sym_visibility", dlcStringAttr(ctx, "private"))};
    MlirOperationState state =
        mlirOperationStateGet(mlirStringRefCreateFromCString("func.func"), rw->b.loc);
    mlirOperationStateAddAttributes(&state, 3, attrs);
    mlirOperationStateAddOwnedRegions(&state, 1, &region);
    dlcInsertSymbol(rw, mlirOperationCreate(&state));
  }
  int32_t segments[4] = {1, n > 1, n > 2, n > 3};
  MlirNamedAttribute attrs[2] = {
      dlcNamed(ctx, "fn", dlcSymbolAttr(ctx, dlcStrGet(&fnName))),
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, segments))};
  dlcStrFree(&fnName);
  return create1(rw, "dlc_tensor.map", n, inputs, resultType, 2, attrs);
}

MlirValue dlcMapBroadcast(DlcRewriter *rw, const char *name, int n, const MlirValue *inputs,
                          MlirType resultElt, DlcBodyFn body, const void *data) {
  DlcShape shape = dlcShapeOfValue(inputs[0]);
  for (int i = 1; i < n; ++i) {
    DlcShape next, other = dlcShapeOfValue(inputs[i]);
    dlcBroadcastShapes(&shape, &other, &next);
    shape = next;
  }
  MlirType elt = resultElt.ptr ? resultElt : dlcEltOfValue(inputs[0]);
  return dlcMap(rw, name, n, inputs, dlcTensorType(&shape, elt), body, data);
}

MlirValue dlcContract(DlcRewriter *rw, MlirValue lhs, MlirValue rhs, const char *spec) {
  MlirValue operands[2] = {lhs, rhs};
  MlirNamedAttribute attr = dlcNamed(rw->b.ctx, "spec", dlcStringAttr(rw->b.ctx, spec));
  return create1(rw, "dlc_tensor.contract", 2, operands, (MlirType){NULL}, 1, &attr);
}

MlirValue dlcReduce(DlcRewriter *rw, MlirValue input, const char *kind, int64_t n,
                    const int64_t *dims) {
  MlirNamedAttribute attrs[2] = {dlcNamed(rw->b.ctx, "kind", dlcStringAttr(rw->b.ctx, kind)),
                                 dlcNamed(rw->b.ctx, "dims", dlcI64ArrayAttr(rw->b.ctx, n, dims))};
  return create1(rw, "dlc_tensor.reduce", 1, &input, (MlirType){NULL}, 2, attrs);
}

MlirValue dlcTranspose(DlcRewriter *rw, MlirValue input, const int64_t *perm) {
  int64_t rank = dlcShapeOfValue(input).rank;
  MlirNamedAttribute attr = dlcNamed(rw->b.ctx, "perm", dlcI64ArrayAttr(rw->b.ctx, rank, perm));
  return create1(rw, "dlc_tensor.transpose", 1, &input, (MlirType){NULL}, 1, &attr);
}

MlirValue dlcReshape(DlcRewriter *rw, MlirValue input, MlirType resultType) {
  if (mlirTypeEqual(mlirValueGetType(input), resultType))
    return input;
  return create1(rw, "dlc_tensor.reshape", 1, &input, resultType, 0, NULL);
}

MlirValue dlcBroadcastTo(DlcRewriter *rw, MlirValue input, MlirType resultType) {
  if (mlirTypeEqual(mlirValueGetType(input), resultType))
    return input;
  return create1(rw, "dlc_tensor.broadcast", 1, &input, resultType, 0, NULL);
}

MlirValue dlcSlice(DlcRewriter *rw, MlirValue input, const int64_t *offsets,
                   const int64_t *strides, MlirType resultType) {
  int64_t rank = dlcShapeOfValue(input).rank;
  MlirNamedAttribute attrs[2] = {
      dlcNamed(rw->b.ctx, "offsets", dlcI64ArrayAttr(rw->b.ctx, rank, offsets)),
      dlcNamed(rw->b.ctx, "strides", dlcI64ArrayAttr(rw->b.ctx, rank, strides))};
  return create1(rw, "dlc_tensor.slice", 1, &input, resultType, 2, attrs);
}

MlirValue dlcConcat(DlcRewriter *rw, MlirValue lhs, MlirValue rhs, int64_t dim) {
  MlirValue operands[2] = {lhs, rhs};
  MlirNamedAttribute attr = dlcNamed(rw->b.ctx, "dim", dlcI64Attr(rw->b.ctx, dim));
  return create1(rw, "dlc_tensor.concat", 2, operands, (MlirType){NULL}, 1, &attr);
}

MlirValue dlcPad(DlcRewriter *rw, MlirValue input, MlirValue value, const int64_t *low,
                 const int64_t *high, const int64_t *interior) {
  int64_t rank = dlcShapeOfValue(input).rank;
  int64_t zeros[DLC_MAX_RANK] = {0};
  MlirValue operands[2] = {input, value};
  MlirNamedAttribute attrs[3] = {
      dlcNamed(rw->b.ctx, "low", dlcI64ArrayAttr(rw->b.ctx, rank, low)),
      dlcNamed(rw->b.ctx, "high", dlcI64ArrayAttr(rw->b.ctx, rank, high)),
      dlcNamed(rw->b.ctx, "interior", dlcI64ArrayAttr(rw->b.ctx, rank, interior ? interior : zeros))};
  return create1(rw, "dlc_tensor.pad", 2, operands, (MlirType){NULL}, 3, attrs);
}

MlirValue dlcGatherElements(DlcRewriter *rw, MlirValue input, MlirValue indices, int64_t dim) {
  MlirValue operands[2] = {input, indices};
  MlirNamedAttribute attr = dlcNamed(rw->b.ctx, "dim", dlcI64Attr(rw->b.ctx, dim));
  return create1(rw, "dlc_tensor.gather_elements", 2, operands, (MlirType){NULL}, 1, &attr);
}

void dlcCheck(DlcRewriter *rw, MlirValue codes) {
  createOp(rw, "dlc_tensor.check", 1, &codes, 0, NULL, 0, NULL);
}

MlirValue dlcGather(DlcRewriter *rw, MlirValue input, MlirValue indices, int64_t dim) {
  MlirValue operands[2] = {input, indices};
  MlirNamedAttribute attr = dlcNamed(rw->b.ctx, "dim", dlcI64Attr(rw->b.ctx, dim));
  return create1(rw, "dlc_tensor.gather", 2, operands, (MlirType){NULL}, 1, &attr);
}

MlirValue dlcConvPrim(DlcRewriter *rw, MlirValue input, MlirValue weight, const int64_t *strides,
                      const int64_t *dilations, int64_t groups) {
  int64_t n = dlcShapeOfValue(input).rank - 2;
  MlirValue operands[2] = {input, weight};
  MlirNamedAttribute attrs[3] = {
      dlcNamed(rw->b.ctx, "strides", dlcI64ArrayAttr(rw->b.ctx, n, strides)),
      dlcNamed(rw->b.ctx, "dilations", dlcI64ArrayAttr(rw->b.ctx, n, dilations)),
      dlcNamed(rw->b.ctx, "groups", dlcI64Attr(rw->b.ctx, groups))};
  return create1(rw, "dlc_tensor.conv", 2, operands, (MlirType){NULL}, 3, attrs);
}

MlirValue dlcPool(DlcRewriter *rw, MlirValue input, const char *kind, int64_t n,
                  const int64_t *window, const int64_t *strides, const int64_t *dilations,
                  MlirValue *indices) {
  MlirContext ctx = rw->b.ctx;
  MlirNamedAttribute attrs[4] = {dlcNamed(ctx, "kind", dlcStringAttr(ctx, kind)),
                                 dlcNamed(ctx, "window", dlcI64ArrayAttr(ctx, n, window)),
                                 dlcNamed(ctx, "strides", dlcI64ArrayAttr(ctx, n, strides)),
                                 dlcNamed(ctx, "dilations", dlcI64ArrayAttr(ctx, n, dilations))};
  MlirType results[2] = {{NULL}, {NULL}};
  MlirOperation op = createOp(rw, "dlc_tensor.pool", 1, &input, indices ? 2 : 1, results, 4, attrs);
  if (indices)
    *indices = mlirOperationGetResult(op, 1);
  return mlirOperationGetResult(op, 0);
}

MlirLogicalResult dlcReplaceOpCast(DlcRewriter *rw, intptr_t n, MlirValue *values) {
  for (intptr_t i = 0; i < n; ++i)
    values[i] = dlcCastTo(&rw->b, values[i], mlirValueGetType(mlirOperationGetResult(rw->op, i)));
  dlcReplaceOp(rw, n, values);
  return mlirLogicalResultSuccess();
}

MlirValue dlcConstTensor(DlcRewriter *rw, MlirAttribute value) { return dlcConstant(&rw->b, value); }

MlirValue dlcScalarTensor(DlcRewriter *rw, MlirType elt, double value) {
  return dlcConst0d(&rw->b, elt, value);
}
