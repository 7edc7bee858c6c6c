//===- LinalgBuilders.c - Creating linalg and tensor ops from C -*- C -*-===//

#include "Conversion/TensorToLinalg/LinalgBuilders.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

MlirAffineExpr dlcDim(MlirContext ctx, intptr_t i) { return mlirAffineDimExprGet(ctx, i); }
MlirAffineExpr dlcCst(MlirContext ctx, int64_t v) { return mlirAffineConstantExprGet(ctx, v); }

MlirValue dlcTensorDim(DlcBuilder *b, MlirValue v, int64_t i) {
  MlirValue operands[2] = {v, dlcConstIndex(b, i)};
  return dlcBuild1(b, "tensor.dim", 2, operands, mlirIndexTypeGet(b->ctx), 0, NULL);
}

bool dlcHasNoElements(MlirType tensorType) {
  for (intptr_t i = 0, e = mlirShapedTypeGetRank(tensorType); i < e; ++i)
    if (mlirShapedTypeGetDimSize(tensorType, i) == 0)
      return true;
  return false;
}

MlirValue dlcEmpty(DlcBuilder *b, MlirType type, intptr_t numDynamic, const MlirValue *dynamic) {
  return dlcBuild1(b, "tensor.empty", numDynamic, dynamic, type, 0, NULL);
}

MlirValue dlcInsertSlice(DlcBuilder *b, MlirValue source, MlirValue dest, const int64_t *offsets,
                         intptr_t numDynamic, const MlirValue *dynamic) {
  MlirType sourceType = mlirValueGetType(source), type = mlirValueGetType(dest);
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t sizes[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i) {
    sizes[i] = mlirShapedTypeGetDimSize(sourceType, i);
    strides[i] = 1;
  }
  int32_t segments[5] = {1, 1, 0, (int32_t)numDynamic, 0};
  MlirNamedAttribute attrs[4] = {
      dlcNamed(b->ctx, "static_offsets", dlcI64ArrayAttr(b->ctx, rank, offsets)),
      dlcNamed(b->ctx, "static_sizes", dlcI64ArrayAttr(b->ctx, rank, sizes)),
      dlcNamed(b->ctx, "static_strides", dlcI64ArrayAttr(b->ctx, rank, strides)),
      dlcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 5, segments))};
  MlirValue operands[2 + DLC_MAX_RANK] = {source, dest};
  for (intptr_t i = 0; i < numDynamic; ++i)
    operands[2 + i] = dynamic[i];
  return dlcBuild1(b, "tensor.insert_slice", 2 + numDynamic, operands, type, 4, attrs);
}

MlirValue dlcExtractSlice(DlcBuilder *b, MlirValue source, MlirType type, const int64_t *offsets) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t sizes[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i) {
    sizes[i] = mlirShapedTypeGetDimSize(type, i);
    strides[i] = 1;
  }
  int32_t segments[4] = {1, 0, 0, 0};
  MlirNamedAttribute attrs[4] = {
      dlcNamed(b->ctx, "static_offsets", dlcI64ArrayAttr(b->ctx, rank, offsets)),
      dlcNamed(b->ctx, "static_sizes", dlcI64ArrayAttr(b->ctx, rank, sizes)),
      dlcNamed(b->ctx, "static_strides", dlcI64ArrayAttr(b->ctx, rank, strides)),
      dlcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments))};
  return dlcBuild1(b, "tensor.extract_slice", 1, &source, type, 4, attrs);
}

MlirValue dlcTensorPad(DlcBuilder *b, MlirValue input, const int64_t *low, const int64_t *high,
                       MlirValue scalar) {
  DlcShape padded;
  dlcShapeOf(mlirValueGetType(input), &padded);
  MlirType index = mlirIndexTypeGet(b->ctx);
  MlirType argTypes[DLC_MAX_RANK];
  MlirLocation locs[DLC_MAX_RANK];
  for (int64_t i = 0; i < padded.rank; ++i) {
    argTypes[i] = index;
    locs[i] = b->loc;
    if (padded.dims[i] != DLC_DYN)
      padded.dims[i] += low[i] + high[i];
  }
  MlirBlock block = mlirBlockCreate(padded.rank, argTypes, locs);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, b->loc);
  dlcBuildOp(&body, "tensor.yield", 1, &scalar, 0, NULL, 0, NULL, 0, NULL);
  MlirType paddedType = dlcTensorType(&padded, mlirValueGetType(scalar));
  int32_t segments[3] = {1, 0, 0};
  MlirNamedAttribute attrs[3] = {
      dlcNamed(b->ctx, "static_low", dlcI64ArrayAttr(b->ctx, padded.rank, low)),
      dlcNamed(b->ctx, "static_high", dlcI64ArrayAttr(b->ctx, padded.rank, high)),
      dlcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 3, segments))};
  return mlirOperationGetResult(
      dlcBuildOp(b, "tensor.pad", 1, &input, 1, &paddedType, 3, attrs, 1, &region), 0);
}

MlirValue dlcEmptyLike(DlcBuilder *b, MlirType type, MlirValue like) {
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t n = 0;
  for (intptr_t i = 0, e = mlirShapedTypeGetRank(type); i < e; ++i)
    if (mlirShapedTypeIsDynamicDim(type, i))
      dynamic[n++] = dlcTensorDim(b, like, i);
  return dlcEmpty(b, type, n, dynamic);
}

static MlirNamedAttribute segments(MlirContext ctx, int32_t ins, int32_t outs) {
  int32_t sizes[2] = {ins, outs};
  return dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, sizes));
}

MlirOperation dlcNamedLinalg(DlcBuilder *b, const char *name, intptr_t numInputs,
                             const MlirValue *inputs, intptr_t numOutputs,
                             const MlirValue *outputs, MlirType result, intptr_t numAttrs,
                             const MlirNamedAttribute *attrs) {
  MlirValue operands[8];
  for (intptr_t i = 0; i < numInputs; ++i)
    operands[i] = inputs[i];
  for (intptr_t i = 0; i < numOutputs; ++i)
    operands[numInputs + i] = outputs[i];
  MlirNamedAttribute all[8];
  intptr_t n = 0;
  all[n++] = segments(b->ctx, (int32_t)numInputs, (int32_t)numOutputs);
  for (intptr_t i = 0; i < numAttrs; ++i)
    all[n++] = attrs[i];
  MlirRegion region = mlirRegionCreate();
  MlirOperation op = dlcBuildOp(b, name, numInputs + numOutputs, operands, result.ptr ? 1 : 0,
                                &result, n, all, 1, &region);
  mlirLinalgFillBuiltinNamedOpRegion(op);
  return op;
}

MlirValue dlcReshapeStatic(DlcBuilder *b, MlirValue v, intptr_t rank, const int64_t *shape,
                           const char *reassociation) {
  MlirContext ctx = b->ctx;
  MlirType type = mlirRankedTensorTypeGet(rank, shape, dlcElementType(mlirValueGetType(v)),
                                          mlirAttributeGetNull());
  MlirAttribute groups =
      mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(reassociation));
  if (rank < mlirShapedTypeGetRank(mlirValueGetType(v)))
    return dlcBuild1(b, "tensor.collapse_shape", 1, &v, type, 1,
                     (MlirNamedAttribute[]){dlcNamed(ctx, "reassociation", groups)});
  MlirNamedAttribute attrs[2] = {
      dlcNamed(ctx, "reassociation", groups),
      dlcNamed(ctx, "static_output_shape", mlirDenseI64ArrayGet(ctx, rank, shape))};
  return dlcBuild1(b, "tensor.expand_shape", 1, &v, type, 2, attrs);
}

MlirValue dlcFill(DlcBuilder *b, MlirValue value, MlirValue init) {
  return mlirOperationGetResult(
      dlcNamedLinalg(b, "linalg.fill", 1, &value, 1, &init, mlirValueGetType(init), 0, NULL), 0);
}

MlirOperation dlcGeneric(DlcBuilder *b, intptr_t numInputs, const MlirValue *inputs,
                         intptr_t numOutputs, const MlirValue *outputs, const MlirAffineMap *maps,
                         intptr_t numLoops, const DlcIterator *iterators, MlirBlock *block) {
  MlirContext ctx = b->ctx;
  intptr_t numOperands = numInputs + numOutputs;
  MlirValue operands[16];
  MlirType argTypes[16], results[8];
  MlirLocation locs[16];
  MlirAttribute mapAttrs[16], iterAttrs[DLC_MAX_RANK * 2];
  for (intptr_t i = 0; i < numOperands; ++i) {
    operands[i] = i < numInputs ? inputs[i] : outputs[i - numInputs];
    argTypes[i] = dlcSignless(mlirShapedTypeGetElementType(mlirValueGetType(operands[i])));
    locs[i] = b->loc;
    mapAttrs[i] = mlirAffineMapAttrGet(maps[i]);
  }
  for (intptr_t i = 0; i < numOutputs; ++i)
    results[i] = mlirValueGetType(outputs[i]);
  MlirAttribute parallel = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#linalg.iterator_type<parallel>"));
  MlirAttribute reduction = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#linalg.iterator_type<reduction>"));
  for (intptr_t i = 0; i < numLoops; ++i)
    iterAttrs[i] = iterators && iterators[i] == DLC_REDUCTION ? reduction : parallel;
  MlirNamedAttribute attrs[3] = {
      dlcNamed(ctx, "indexing_maps", mlirArrayAttrGet(ctx, numOperands, mapAttrs)),
      dlcNamed(ctx, "iterator_types", mlirArrayAttrGet(ctx, numLoops, iterAttrs)),
      segments(ctx, (int32_t)numInputs, (int32_t)numOutputs)};
  MlirRegion region = mlirRegionCreate();
  *block = mlirBlockCreate(numOperands, argTypes, locs);
  mlirRegionAppendOwnedBlock(region, *block);
  return dlcBuildOp(b, "linalg.generic", numOperands, operands, numOutputs, results, 3, attrs, 1,
                    &region);
}

void dlcYield(DlcBuilder *b, intptr_t n, const MlirValue *values) {
  dlcBuildOp(b, "linalg.yield", n, values, 0, NULL, 0, NULL, 0, NULL);
}

MlirValue dlcCopyRead(DlcBuilder *b, MlirValue input, MlirAffineMap read, MlirValue init) {
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(init));
  MlirAffineMap maps[2] = {read, mlirAffineMapMultiDimIdentityGet(b->ctx, rank)};
  MlirBlock block;
  MlirOperation generic = dlcGeneric(b, 1, &input, 1, &init, maps, rank, NULL, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, b->loc);
  MlirValue element = mlirBlockGetArgument(block, 0);
  dlcYield(&body, 1, &element);
  return mlirOperationGetResult(generic, 0);
}

MlirValue dlcAddScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, dlcIsFloat(elt) ? "arith.addf" : "arith.addi", 2, operands,
                   mlirValueGetType(x), 0, NULL);
}

MlirValue dlcMulScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, dlcIsFloat(elt) ? "arith.mulf" : "arith.muli", 2, operands,
                   mlirValueGetType(x), 0, NULL);
}

MlirValue dlcArith(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, name, 2, operands, mlirValueGetType(x), 0, NULL);
}

MlirValue dlcMaxScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y) {
  const char *name = dlcIsFloat(elt) ? "arith.maximumf"
                     : dlcIsUnsigned(elt) || dlcEltWidth(elt) == 1 ? "arith.maxui"
                                                                   : "arith.maxsi";
  return dlcArith(b, name, x, y);
}

MlirValue dlcMinScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y) {
  const char *name = dlcIsFloat(elt) ? "arith.minimumf"
                     : dlcIsUnsigned(elt) || dlcEltWidth(elt) == 1 ? "arith.minui"
                                                                   : "arith.minsi";
  return dlcArith(b, name, x, y);
}

static MlirValue compare(DlcBuilder *b, const char *name, int64_t pred, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  MlirNamedAttribute attr = dlcNamed(b->ctx, "predicate", dlcI64Attr(b->ctx, pred));
  return dlcBuild1(b, name, 2, operands, mlirIntegerTypeGet(b->ctx, 1), 1, &attr);
}

MlirValue dlcCmpF(DlcBuilder *b, DlcCmpF pred, MlirValue x, MlirValue y) {
  return compare(b, "arith.cmpf", pred, x, y);
}

MlirValue dlcCmpI(DlcBuilder *b, DlcCmpI pred, MlirValue x, MlirValue y) {
  return compare(b, "arith.cmpi", pred, x, y);
}

MlirValue dlcSelect(DlcBuilder *b, MlirValue cond, MlirValue x, MlirValue y) {
  MlirValue operands[3] = {cond, x, y};
  return dlcBuild1(b, "arith.select", 3, operands, mlirValueGetType(x), 0, NULL);
}

MlirValue dlcLinalgIndex(DlcBuilder *b, int64_t dim) {
  MlirNamedAttribute attr = dlcNamed(b->ctx, "dim", dlcI64Attr(b->ctx, dim));
  return dlcBuild1(b, "linalg.index", 0, NULL, mlirIndexTypeGet(b->ctx), 1, &attr);
}

MlirValue dlcWindowCount(DlcBuilder *b, MlirValue size, MlirValue window, int64_t stride,
                         int64_t dilation) {
  MlirValue one = dlcConstIndex(b, 1);
  MlirValue span = dlcArith(b, "arith.muli", dlcArith(b, "arith.subi", window, one),
                            dlcConstIndex(b, dilation));
  span = dlcArith(b, "arith.addi", span, one);
  // floordivsi so that a window larger than the dim gives 0 windows, not 1.
  MlirValue count = dlcArith(b, "arith.floordivsi", dlcArith(b, "arith.subi", size, span),
                             dlcConstIndex(b, stride));
  count = dlcArith(b, "arith.addi", count, one);
  return dlcArith(b, "arith.maxsi", count, dlcConstIndex(b, 0));
}
