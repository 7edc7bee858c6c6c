//===- DataMovement.c - transpose, reshape, broadcast, slice ----*- C -*-===//
//
// The primitives that only move elements:
//   transpose -> linalg.transpose
//   reshape   -> tensor.collapse_shape to 1-D and tensor.expand_shape
//                (static shapes), else tensor.reshape with a shape tensor
//                (memref.reshape once bufferized); views of the same buffer
//   broadcast -> linalg.generic reading index 0 along stretched dims
//   slice     -> tensor.extract_slice with static offsets and strides
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

static MlirType resultTypeOf(DlcRewriter *rw) {
  return mlirValueGetType(mlirOperationGetResult(rw->op, 0));
}

static MlirLogicalResult replaceWith(DlcRewriter *rw, MlirValue v) {
  dlcReplaceOp(rw, 1, &v);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcLowerTranspose(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  int64_t perm[DLC_MAX_RANK];
  int64_t rank = dlcOpInts(rw->op, "perm", perm, DLC_MAX_RANK);
  // linalg.transpose wants the init's dims exactly the input's, permuted.
  DlcShape in, out = {.rank = rank};
  dlcShapeOf(mlirValueGetType(input), &in);
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t i = 0; i < rank; ++i) {
    out.dims[i] = in.dims[perm[i]];
    if (out.dims[i] == DLC_DYN)
      dynamic[numDynamic++] = dlcTensorDim(&rw->b, input, perm[i]);
  }
  MlirType type = dlcTensorType(&out, dlcElementType(resultTypeOf(rw)));
  MlirValue operands[2] = {input, dlcEmpty(&rw->b, type, numDynamic, dynamic)};
  MlirNamedAttribute attr = dlcNamed(ctx, "permutation", dlcI64ArrayAttr(ctx, rank, perm));
  MlirRegion region = mlirRegionCreate();
  MlirOperation op =
      dlcBuildOp(&rw->b, "linalg.transpose", 2, operands, 1, &type, 1, &attr, 1, &region);
  mlirLinalgFillBuiltinNamedOpRegion(op);
  return replaceWith(rw, dlcCastTo(&rw->b, mlirOperationGetResult(op, 0), resultTypeOf(rw)));
}

// All dims of a rank-`rank` tensor in one group: the reassociation of a
// collapse to 1-D or an expansion from it.
static MlirAttribute oneGroup(MlirContext ctx, int64_t rank) {
  MlirAttribute dims[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), i);
  MlirAttribute group = mlirArrayAttrGet(ctx, rank, dims);
  return mlirArrayAttrGet(ctx, 1, &group);
}

// A static reshape as a collapse to 1-D and an expansion to the result:
// views with static strides once bufferized. A tensor.reshape becomes a
// memref.reshape whose strides are loaded from its shape operand at run
// time, and LLVM then gives up vectorizing the small loops that read it
// (softmax over rows of 32: 4x slower).
static MlirValue staticReshape(DlcBuilder *b, MlirValue input, const DlcShape *in,
                               const DlcShape *out, MlirType elt) {
  int64_t count = 1;
  for (int64_t i = 0; i < in->rank; ++i)
    count *= in->dims[i];
  MlirValue v = input;
  if (in->rank > 1) {
    DlcShape flat = {.rank = 1, .dims = {count}};
    MlirNamedAttribute attr = dlcNamed(b->ctx, "reassociation", oneGroup(b->ctx, in->rank));
    v = dlcBuild1(b, "tensor.collapse_shape", 1, &v, dlcTensorType(&flat, elt), 1, &attr);
  }
  if (out->rank > 1) {
    MlirNamedAttribute attrs[2] = {
        dlcNamed(b->ctx, "reassociation", oneGroup(b->ctx, out->rank)),
        dlcNamed(b->ctx, "static_output_shape", mlirDenseI64ArrayGet(b->ctx, out->rank, out->dims))};
    v = dlcBuild1(b, "tensor.expand_shape", 1, &v, dlcTensorType(out, elt), 2, attrs);
  }
  return v;
}

// A reshape that only inserts or drops dims of 1 (a reduction's kept
// dims, an unsqueeze): its other dims are the input's in order, so each
// dynamic result dim is a dynamic input dim, however many there are.
// Fills `from` (the input dim of each result dim, -1 for an inserted 1)
// and returns true when `in` and `out` pair up so; builds nothing.
static bool unitDimsOnly(const DlcShape *in, const DlcShape *out, int64_t *from) {
  int64_t j = 0;
  for (int64_t i = 0; i < out->rank; ++i) {
    from[i] = -1;
    if (out->dims[i] == 1)
      continue;
    while (j < in->rank && in->dims[j] == 1)
      ++j;
    if (j == in->rank || in->dims[j] != out->dims[i])
      return false;
    from[i] = j++;
  }
  while (j < in->rank && in->dims[j] == 1)
    ++j;
  return j == in->rank;
}

MlirLogicalResult dlcLowerReshape(DlcRewriter *rw) {
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  MlirType type = resultTypeOf(rw);
  DlcShape in, out;
  dlcShapeOf(mlirValueGetType(input), &in);
  dlcShapeOf(type, &out);
  if (dlcShapeIsStatic(&in) && dlcShapeIsStatic(&out) && in.rank >= 1 && out.rank >= 1)
    return replaceWith(rw, staticReshape(&rw->b, input, &in, &out, dlcElementType(type)));
  MlirType index = mlirIndexTypeGet(rw->b.ctx);
  MlirType shapeType = mlirRankedTensorTypeGet(1, &out.rank, index, mlirAttributeGetNull());
  MlirValue shape;
  int64_t from[DLC_MAX_RANK];
  if (dlcShapeIsStatic(&out)) {
    MlirAttribute dims[DLC_MAX_RANK];
    for (int64_t i = 0; i < out.rank; ++i)
      dims[i] = mlirIntegerAttrGet(index, out.dims[i]);
    shape = dlcConstant(&rw->b, mlirDenseElementsAttrGet(shapeType, out.rank, dims));
  } else if (unitDimsOnly(&in, &out, from)) {
    MlirValue dims[DLC_MAX_RANK];
    for (int64_t i = 0; i < out.rank; ++i)
      dims[i] = out.dims[i] == DLC_DYN ? dlcTensorDim(&rw->b, input, from[i])
                                       : dlcConstIndex(&rw->b, out.dims[i]);
    shape = dlcBuild1(&rw->b, "tensor.from_elements", out.rank, dims, shapeType, 0, NULL);
  } else {
    // One dynamic dim: the input's element count over the static dims'.
    int64_t known = 1, dynamicAt = -1;
    for (int64_t i = 0; i < out.rank; ++i) {
      if (out.dims[i] != DLC_DYN)
        known *= out.dims[i];
      else if (dynamicAt < 0)
        dynamicAt = i;
      else
        return dlcLoweringUnsupported(rw, "a result with more than one dynamic dim");
    }
    if (known == 0)
      return dlcLoweringUnsupported(rw, "a dynamic dim next to a zero-sized one");
    MlirValue count = dlcConstIndex(&rw->b, 1);
    for (int64_t i = 0; i < in.rank; ++i)
      count = dlcArith(&rw->b, "arith.muli", count,
                       in.dims[i] == DLC_DYN ? dlcTensorDim(&rw->b, input, i)
                                             : dlcConstIndex(&rw->b, in.dims[i]));
    MlirValue dims[DLC_MAX_RANK];
    for (int64_t i = 0; i < out.rank; ++i)
      dims[i] = i == dynamicAt
                    ? dlcArith(&rw->b, "arith.divui", count, dlcConstIndex(&rw->b, known))
                    : dlcConstIndex(&rw->b, out.dims[i]);
    shape = dlcBuild1(&rw->b, "tensor.from_elements", out.rank, dims, shapeType, 0, NULL);
  }
  MlirValue operands[2] = {input, shape};
  return replaceWith(rw, dlcBuild1(&rw->b, "tensor.reshape", 2, operands, type, 0, NULL));
}

MlirLogicalResult dlcLowerBroadcast(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  MlirType type = resultTypeOf(rw);
  DlcShape in, out;
  dlcShapeOf(mlirValueGetType(input), &in);
  dlcShapeOf(type, &out);
  int64_t lead = out.rank - in.rank;
  MlirAffineExpr exprs[DLC_MAX_RANK];
  for (int64_t j = 0; j < in.rank; ++j)
    exprs[j] = in.dims[j] == 1 ? dlcCst(ctx, 0) : dlcDim(ctx, lead + j);
  MlirAffineMap maps[2] = {mlirAffineMapGet(ctx, out.rank, 0, in.rank, exprs),
                           mlirAffineMapMultiDimIdentityGet(ctx, out.rank)};
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.dims[d] == DLC_DYN && (d < lead || in.dims[d - lead] == 1))
      return dlcLoweringUnsupported(rw, "dynamic result dim %lld is not an input dim",
                                    (long long)d);
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.dims[d] == DLC_DYN)
      dynamic[numDynamic++] = dlcTensorDim(&rw->b, input, d - lead);
  MlirValue init = dlcEmpty(&rw->b, type, numDynamic, dynamic);
  MlirBlock block;
  MlirOperation generic = dlcGeneric(&rw->b, 1, &input, 1, &init, maps, out.rank, NULL, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, rw->b.loc);
  MlirValue element = mlirBlockGetArgument(block, 0);
  dlcYield(&body, 1, &element);
  return replaceWith(rw, mlirOperationGetResult(generic, 0));
}

// A dynamic result dim runs from the offset to the input's end in the
// stride's direction: ceil((D - offset) / stride) elements for a positive
// stride, offset / -stride + 1 for a negative one.
static MlirValue sliceSize(DlcBuilder *b, MlirValue input, int64_t dim, int64_t offset,
                           int64_t stride) {
  if (stride < 0)
    return dlcConstIndex(b, offset / -stride + 1);
  MlirValue rest = dlcArith(b, "arith.subi", dlcTensorDim(b, input, dim), dlcConstIndex(b, offset));
  MlirValue count = dlcArith(b, "arith.ceildivsi", rest, dlcConstIndex(b, stride));
  return dlcArith(b, "arith.maxsi", count, dlcConstIndex(b, 0));
}

MlirLogicalResult dlcLowerSlice(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  MlirType type = resultTypeOf(rw);
  DlcShape out;
  dlcShapeOf(type, &out);
  int64_t offsets[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  dlcOpInts(rw->op, "offsets", offsets, DLC_MAX_RANK);
  dlcOpInts(rw->op, "strides", strides, DLC_MAX_RANK);
  MlirValue operands[1 + DLC_MAX_RANK] = {input};
  int32_t numSizes = 0;
  for (int64_t i = 0; i < out.rank; ++i)
    if (out.dims[i] == DLC_DYN)
      operands[1 + numSizes++] = sliceSize(&rw->b, input, i, offsets[i], strides[i]);
  // Reading no elements needs no slice (see dlcHasNoElements).
  if (dlcHasNoElements(type) || dlcHasNoElements(mlirValueGetType(input)))
    return replaceWith(rw, dlcEmpty(&rw->b, type, numSizes, operands + 1));
  int32_t segments[4] = {1, 0, numSizes, 0};
  MlirNamedAttribute attrs[4] = {
      dlcNamed(ctx, "static_offsets", dlcI64ArrayAttr(ctx, out.rank, offsets)),
      dlcNamed(ctx, "static_sizes", dlcI64ArrayAttr(ctx, out.rank, out.dims)),
      dlcNamed(ctx, "static_strides", dlcI64ArrayAttr(ctx, out.rank, strides)),
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, segments))};
  return replaceWith(rw, dlcBuild1(&rw->b, "tensor.extract_slice", 1 + numSizes, operands, type, 4,
                                   attrs));
}
