//===- ControlBuild.c - Upstream ops the control-flow nodes build -*- C -*-===//
//
// If, Loop and Scan become scf.if / scf.while / scf.for around func.call of
// their bodies (Subgraph.c): an IRDL op can neither end a region in a
// terminator of its own nor take several operands of different types, so
// control flow is upstream structure around graph-level bodies. These are
// the small builders of those upstream ops, and the one type an If gives
// for branch outputs of different types.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Control.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include <stdlib.h>

MlirOperation dlcOnnxCreateOp(DlcOnnxNode *n, MlirBlock block, const char *name, intptr_t numOperands,
                              const MlirValue *operands, intptr_t numResults,
                              const MlirType *results, intptr_t numAttrs,
                              const MlirNamedAttribute *attrs, intptr_t numRegions,
                              MlirRegion *regions) {
  MlirOperationState s = mlirOperationStateGet(mlirStringRefCreateFromCString(name), n->loc);
  mlirOperationStateAddOperands(&s, numOperands, operands);
  mlirOperationStateAddResults(&s, numResults, results);
  mlirOperationStateAddAttributes(&s, numAttrs, attrs);
  mlirOperationStateAddOwnedRegions(&s, numRegions, regions);
  MlirOperation op = mlirOperationCreate(&s);
  mlirBlockAppendOwnedOperation(block, op);
  return op;
}

MlirNamedAttribute dlcOnnxNamed(DlcOnnxNode *n, const char *name, MlirAttribute value) {
  return mlirNamedAttributeGet(mlirIdentifierGet(n->ctx, mlirStringRefCreateFromCString(name)),
                               value);
}

MlirValue dlcOnnxExtractScalar(DlcOnnxNode *n, MlirBlock block, MlirValue t) {
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(t));
  return mlirOperationGetResult(dlcOnnxCreateOp(n, block, "tensor.extract", 1, &t, 1, &elt, 0, NULL, 0, NULL), 0);
}

MlirValue dlcOnnxFromScalar(DlcOnnxNode *n, MlirBlock block, MlirValue x) {
  MlirType type = mlirRankedTensorTypeGet(0, NULL, mlirValueGetType(x), mlirAttributeGetNull());
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "tensor.from_elements", 1, &x, 1, &type, 0, NULL, 0, NULL), 0);
}

MlirValue dlcOnnxArithConstant(DlcOnnxNode *n, MlirBlock block, MlirAttribute value) {
  MlirType type = mlirAttributeGetType(value);
  MlirNamedAttribute attr = dlcOnnxNamed(n, "value", value);
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "arith.constant", 0, NULL, 1, &type, 1, &attr, 0, NULL), 0);
}

MlirValue dlcOnnxArith(DlcOnnxNode *n, MlirBlock block, const char *name, MlirValue a,
                       MlirValue b) {
  MlirValue operands[2] = {a, b};
  MlirType type = mlirValueGetType(a);
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, name, 2, operands, 1, &type, 0, NULL, 0, NULL), 0);
}

MlirValue dlcOnnxIndexCast(DlcOnnxNode *n, MlirBlock block, MlirValue x, MlirType to) {
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "arith.index_cast", 1, &x, 1, &to, 0, NULL, 0, NULL), 0);
}

// Offsets (index, 0, ...), sizes (1, row dims...), unit strides.
static void sliceAttrs(DlcOnnxNode *n, MlirType row, MlirNamedAttribute *attrs) {
  intptr_t rank = mlirShapedTypeGetRank(row);
  int64_t *offsets = malloc((size_t)(rank + 1) * sizeof *offsets);
  int64_t *sizes = malloc((size_t)(rank + 1) * sizeof *sizes);
  int64_t *strides = malloc((size_t)(rank + 1) * sizeof *strides);
  if (!offsets || !sizes || !strides)
    abort();
  offsets[0] = mlirShapedTypeGetDynamicStrideOrOffset();
  sizes[0] = strides[0] = 1;
  for (intptr_t i = 0; i < rank; ++i) {
    offsets[i + 1] = 0;
    sizes[i + 1] = mlirShapedTypeGetDimSize(row, i);
    strides[i + 1] = 1;
  }
  attrs[0] = dlcOnnxNamed(n, "static_offsets", mlirDenseI64ArrayGet(n->ctx, rank + 1, offsets));
  attrs[1] = dlcOnnxNamed(n, "static_sizes", mlirDenseI64ArrayGet(n->ctx, rank + 1, sizes));
  attrs[2] = dlcOnnxNamed(n, "static_strides", mlirDenseI64ArrayGet(n->ctx, rank + 1, strides));
  free(offsets);
  free(sizes);
  free(strides);
}

MlirValue dlcOnnxExtractRow(DlcOnnxNode *n, MlirBlock block, MlirValue source, MlirValue index,
                            MlirType row) {
  MlirNamedAttribute attrs[4];
  sliceAttrs(n, row, attrs);
  int32_t segments[4] = {1, 1, 0, 0};
  attrs[3] = dlcOnnxNamed(n, "operandSegmentSizes", mlirDenseI32ArrayGet(n->ctx, 4, segments));
  MlirValue operands[2] = {source, index};
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "tensor.extract_slice", 2, operands, 1, &row, 4, attrs, 0, NULL),
      0);
}

MlirValue dlcOnnxInsertRow(DlcOnnxNode *n, MlirBlock block, MlirValue row, MlirValue dest,
                           MlirValue index) {
  MlirNamedAttribute attrs[4];
  sliceAttrs(n, mlirValueGetType(row), attrs);
  int32_t segments[5] = {1, 1, 1, 0, 0};
  attrs[3] = dlcOnnxNamed(n, "operandSegmentSizes", mlirDenseI32ArrayGet(n->ctx, 5, segments));
  MlirValue operands[3] = {row, dest, index};
  MlirType type = mlirValueGetType(dest);
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "tensor.insert_slice", 3, operands, 1, &type, 4, attrs, 0, NULL),
      0);
}

MlirValue dlcOnnxLeadingRows(DlcOnnxNode *n, MlirBlock block, MlirValue source, MlirValue count) {
  MlirType type = mlirValueGetType(source);
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t *offsets = malloc((size_t)rank * sizeof *offsets);
  int64_t *sizes = malloc((size_t)rank * sizeof *sizes);
  int64_t *strides = malloc((size_t)rank * sizeof *strides);
  if (!offsets || !sizes || !strides)
    abort();
  for (intptr_t i = 0; i < rank; ++i) {
    offsets[i] = 0;
    sizes[i] = i ? mlirShapedTypeGetDimSize(type, i) : mlirShapedTypeGetDynamicSize();
    strides[i] = 1;
  }
  MlirType result = mlirRankedTensorTypeGet(rank, sizes, mlirShapedTypeGetElementType(type),
                                            mlirAttributeGetNull());
  int32_t segments[4] = {1, 0, 1, 0};
  MlirNamedAttribute attrs[4] = {
      dlcOnnxNamed(n, "static_offsets", mlirDenseI64ArrayGet(n->ctx, rank, offsets)),
      dlcOnnxNamed(n, "static_sizes", mlirDenseI64ArrayGet(n->ctx, rank, sizes)),
      dlcOnnxNamed(n, "static_strides", mlirDenseI64ArrayGet(n->ctx, rank, strides)),
      dlcOnnxNamed(n, "operandSegmentSizes", mlirDenseI32ArrayGet(n->ctx, 4, segments))};
  free(offsets);
  free(sizes);
  free(strides);
  MlirValue operands[2] = {source, count};
  MlirValue rows = mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "tensor.extract_slice", 2, operands, 1, &result, 4, attrs, 0, NULL),
      0);
  // Copied into a tensor of its own: a buffer of identity layout, which an
  // entry's dynamic output can take over, where a view would be strided.
  MlirValue empty = mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "tensor.empty", 1, &count, 1, &result, 0, NULL, 0, NULL), 0);
  return dlcOnnxCopyInto(n, block, rows, empty);
}

MlirType dlcOnnxStackedType(MlirType row, int64_t count) {
  intptr_t rank = mlirShapedTypeGetRank(row);
  int64_t *dims = malloc((size_t)(rank + 1) * sizeof *dims);
  if (!dims)
    abort();
  dims[0] = count;
  for (intptr_t i = 0; i < rank; ++i)
    dims[i + 1] = mlirShapedTypeGetDimSize(row, i);
  MlirType t = mlirRankedTensorTypeGet(rank + 1, dims, mlirShapedTypeGetElementType(row),
                                       mlirAttributeGetNull());
  free(dims);
  return t;
}

MlirValue dlcOnnxZeros(DlcOnnxNode *n, MlirBlock block, MlirType type) {
  MlirType elt = mlirShapedTypeGetElementType(type);
  MlirAttribute value;
  if (mlirTypeIsAInteger(elt) && mlirIntegerTypeGetWidth(elt) == 1)
    value = mlirDenseElementsAttrBoolSplatGet(type, false);
  else if (mlirTypeIsAInteger(elt))
    value = mlirDenseElementsAttrSplatGet(type, mlirIntegerAttrGet(elt, 0));
  else
    value = mlirDenseElementsAttrSplatGet(type, mlirFloatAttrDoubleGet(n->ctx, elt, 0.0));
  MlirNamedAttribute attr = dlcOnnxNamed(n, "value", value);
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "dlc_graph.constant", 0, NULL, 1, &type, 1, &attr, 0, NULL), 0);
}

MlirOperation dlcOnnxCall(DlcOnnxNode *n, MlirBlock block, MlirAttribute symbol, MlirType fnType,
                          intptr_t numOperands, const MlirValue *operands) {
  intptr_t numResults = mlirFunctionTypeGetNumResults(fnType);
  MlirType *results = malloc((size_t)(numResults + 1) * sizeof *results);
  if (!results)
    abort();
  for (intptr_t i = 0; i < numResults; ++i)
    results[i] = mlirFunctionTypeGetResult(fnType, i);
  MlirNamedAttribute callee = dlcOnnxNamed(n, "callee", symbol);
  MlirOperation call = dlcOnnxCreateOp(n, block, "func.call", numOperands, operands, numResults,
                                       results, 1, &callee, 0, NULL);
  free(results);
  return call;
}

MlirType dlcOnnxLastBodyType(DlcOnnxNode *n) {
  MlirOperation fn = n->imp->bodies[n->imp->numBodies - 1];
  return mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(fn, mlirStringRefCreateFromCString("function_type")));
}

MlirValue dlcOnnxCopyInto(DlcOnnxNode *n, MlirBlock block, MlirValue source, MlirValue dest) {
  MlirValue operands[2] = {source, dest};
  MlirType type = mlirValueGetType(dest);
  int32_t segments[2] = {1, 1};
  MlirNamedAttribute attr =
      dlcOnnxNamed(n, "operandSegmentSizes", mlirDenseI32ArrayGet(n->ctx, 2, segments));
  MlirRegion region = mlirRegionCreate();
  MlirOperation copy =
      dlcOnnxCreateOp(n, block, "linalg.copy", 2, operands, 1, &type, 1, &attr, 1, &region);
  mlirLinalgFillBuiltinNamedOpRegion(copy);
  return mlirOperationGetResult(copy, 0);
}

DlcOnnxStatus dlcOnnxImportBody(DlcOnnxNode *n, const char *attr, const Onnx__GraphProto *g,
                                MlirType *types, const DlcOnnxValue *const *formalLists,
                                const DlcOnnxValue *const *resultLists, DlcOnnxSubgraph *sg,
                                MlirAttribute *symbol, MlirType *fnType) {
  DLC_ONNX_TRY(dlcOnnxSubgraphBegin(n, attr, g, types, formalLists, sg));
  DLC_ONNX_TRY(dlcOnnxSubgraphImport(sg));
  DLC_ONNX_TRY(dlcOnnxSubgraphFinishFunc(sg, resultLists, symbol));
  *fnType = dlcOnnxLastBodyType(n);
  return DLC_ONNX_OK;
}

//===----------------------------------------------------------------------===//
// If outputs whose branches give different types
//===----------------------------------------------------------------------===//

MlirType dlcOnnxBranchJoin(MlirType a, MlirType b) {
  MlirType elt = mlirShapedTypeGetElementType(a);
  if (!mlirTypeEqual(elt, mlirShapedTypeGetElementType(b)))
    return (MlirType){NULL};
  intptr_t ra = mlirShapedTypeGetRank(a), rb = mlirShapedTypeGetRank(b);
  MlirType longer = ra >= rb ? a : b, shorter = ra >= rb ? b : a;
  intptr_t rank = ra >= rb ? ra : rb, extra = rank - (ra >= rb ? rb : ra);
  int64_t dims[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i) {
    int64_t d = mlirShapedTypeGetDimSize(longer, i);
    if (i < extra) {
      if (d != 1)
        return (MlirType){NULL};
      dims[i] = 1;
      continue;
    }
    dims[i] = d == mlirShapedTypeGetDimSize(shorter, i - extra) ? d
                                                                 : mlirShapedTypeGetDynamicSize();
  }
  return mlirRankedTensorTypeGet(rank, dims, elt, mlirAttributeGetNull());
}

MlirValue dlcOnnxDim(DlcOnnxNode *n, MlirBlock block, MlirValue v, intptr_t j) {
  MlirType index = mlirIndexTypeGet(n->ctx);
  int64_t size = mlirShapedTypeGetDimSize(mlirValueGetType(v), j);
  if (!mlirShapedTypeIsDynamicSize(size))
    return dlcOnnxArithConstant(n, block, mlirIntegerAttrGet(index, size));
  MlirValue operands[2] = {v, dlcOnnxArithConstant(n, block, mlirIntegerAttrGet(index, j))};
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "tensor.dim", 2, operands, 1, &index, 0, NULL, 0, NULL), 0);
}

// `v` with `extra` size-1 dims in front (tensor.expand_shape: the first
// source dim, or none of a 0-d one, expands into them).
static MlirValue withLeadingOnes(DlcOnnxNode *n, MlirBlock block, MlirValue v, intptr_t extra) {
  MlirType type = mlirValueGetType(v);
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t dims[DLC_MAX_RANK];
  MlirAttribute groups[DLC_MAX_RANK], members[DLC_MAX_RANK];
  MlirValue operands[DLC_MAX_RANK + 1] = {v};
  intptr_t numOperands = 1;
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  for (intptr_t i = 0; i < extra; ++i)
    dims[i] = 1;
  for (intptr_t j = 0; j < rank; ++j) {
    dims[extra + j] = mlirShapedTypeGetDimSize(type, j);
    intptr_t count = 0;
    for (intptr_t i = j ? extra + j : 0; i <= extra + j; ++i)
      members[count++] = mlirIntegerAttrGet(i64, i);
    groups[j] = mlirArrayAttrGet(n->ctx, count, members);
    if (mlirShapedTypeIsDynamicDim(type, j))
      operands[numOperands++] = dlcOnnxDim(n, block, v, j);
  }
  MlirType result = mlirRankedTensorTypeGet(rank + extra, dims, mlirShapedTypeGetElementType(type),
                                            mlirAttributeGetNull());
  MlirNamedAttribute attrs[2] = {
      dlcOnnxNamed(n, "reassociation", mlirArrayAttrGet(n->ctx, rank, groups)),
      dlcOnnxNamed(n, "static_output_shape", mlirDenseI64ArrayGet(n->ctx, rank + extra, dims))};
  return mlirOperationGetResult(dlcOnnxCreateOp(n, block, "tensor.expand_shape", numOperands,
                                                operands, 1, &result, 2, attrs, 0, NULL),
                                0);
}

MlirValue dlcOnnxOwnedCopy(DlcOnnxNode *n, MlirBlock block, MlirValue v) {
  MlirType type = mlirValueGetType(v);
  MlirValue sizes[DLC_MAX_RANK];
  intptr_t count = 0;
  for (intptr_t j = 0; j < mlirShapedTypeGetRank(type); ++j)
    if (mlirShapedTypeIsDynamicDim(type, j))
      sizes[count++] = dlcOnnxDim(n, block, v, j);
  MlirValue empty = mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "tensor.empty", count, sizes, 1, &type, 0, NULL, 0, NULL), 0);
  return dlcOnnxCopyInto(n, block, v, empty);
}

MlirValue dlcOnnxCastTo(DlcOnnxNode *n, MlirBlock block, MlirValue v, MlirType type) {
  if (mlirTypeEqual(mlirValueGetType(v), type))
    return v;
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, block, "tensor.cast", 1, &v, 1, &type, 0, NULL, 0, NULL), 0);
}

MlirValue dlcOnnxToBranchType(DlcOnnxNode *n, MlirBlock block, MlirValue v, MlirType type) {
  intptr_t extra = mlirShapedTypeGetRank(type) - mlirShapedTypeGetRank(mlirValueGetType(v));
  if (extra > 0)
    v = withLeadingOnes(n, block, v, extra);
  return dlcOnnxCastTo(n, block, v, type);
}

void dlcOnnxDropLastBody(DlcOnnxNode *n) {
  mlirOperationDestroy(n->imp->bodies[--n->imp->numBodies]);
}
