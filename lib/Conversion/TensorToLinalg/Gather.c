//===- Gather.c - dlc_tensor.gather(_elements) to linalg.generic -*- C -*-===//
//
// One loop per result dim (i.., j.., k..); the generic reads indices[j..]
// and its body extracts input[i.., index_cast(indices[j..]), k..] with
// tensor.extract, the loop positions coming from linalg.index (for
// gather_elements, the result's own position with dim `dim` replaced). An index
// outside [0, size) is clamped into it, so the read stays inside the
// tensor, and reported: a second generic maps the indices to status codes
// (DlcStatusIndexOutOfRange where outside) for dlcEmitStatusCheck.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "dlc-c/Status.h"

#include "mlir-c/BuiltinTypes.h"

// indices (i32 or i64, any shape) -> i32 codes: IndexOutOfRange where an
// index is outside [0, size).
static MlirValue outOfRangeCodes(DlcRewriter *rw, MlirValue indices, MlirValue size) {
  MlirContext ctx = rw->b.ctx;
  MlirType type = mlirValueGetType(indices), elt = mlirShapedTypeGetElementType(type);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  DlcShape shape;
  dlcShapeOf(type, &shape);
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t d = 0; d < shape.rank; ++d)
    if (shape.dims[d] == DLC_DYN)
      dynamic[numDynamic++] = dlcTensorDim(&rw->b, indices, d);
  MlirType codesType = dlcTensorType(&shape, i32);
  MlirValue init = dlcEmpty(&rw->b, codesType, numDynamic, dynamic);
  MlirAffineMap maps[2] = {mlirAffineMapMultiDimIdentityGet(ctx, shape.rank),
                           mlirAffineMapMultiDimIdentityGet(ctx, shape.rank)};
  MlirValue sizeInElt = dlcBuild1(&rw->b, "arith.index_cast", 1, &size, elt, 0, NULL);
  MlirBlock block;
  MlirOperation generic = dlcGeneric(&rw->b, 1, &indices, 1, &init, maps, shape.rank, NULL, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, rw->b.loc);
  MlirValue at = mlirBlockGetArgument(block, 0);
  // One unsigned compare: a negative index is a huge unsigned one.
  MlirValue outside = dlcCmpI(&body, DLC_CMPI_UGE, at, sizeInElt);
  MlirValue code = dlcSelect(&body, outside, dlcConstScalar(&body, i32, DlcStatusIndexOutOfRange),
                             dlcConstScalar(&body, i32, 0));
  dlcYield(&body, 1, &code);
  return mlirOperationGetResult(generic, 0);
}

// index_cast(at) clamped into [0, size - 1] (size > 0).
static MlirValue clampIndex(DlcBuilder *b, MlirValue at, MlirValue size) {
  MlirValue i = dlcBuild1(b, "arith.index_cast", 1, &at, mlirIndexTypeGet(b->ctx), 0, NULL);
  MlirValue last = dlcArith(b, "arith.subi", size, dlcConstIndex(b, 1));
  return dlcArith(b, "arith.minsi", dlcArith(b, "arith.maxsi", i, dlcConstIndex(b, 0)), last);
}

MlirLogicalResult dlcLowerGather(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0), indices = mlirOperationGetOperand(rw->op, 1);
  MlirType type = mlirValueGetType(mlirOperationGetResult(rw->op, 0));
  int64_t dim = dlcOpInt(rw->op, "dim");
  DlcShape x, idx, out;
  dlcShapeOf(mlirValueGetType(input), &x);
  dlcShapeOf(mlirValueGetType(indices), &idx);
  dlcShapeOf(type, &out);

  MlirAffineExpr exprs[DLC_MAX_RANK];
  for (int64_t j = 0; j < idx.rank; ++j)
    exprs[j] = dlcDim(ctx, dim + j);
  MlirAffineMap maps[2] = {mlirAffineMapGet(ctx, out.rank, 0, idx.rank, exprs),
                           mlirAffineMapMultiDimIdentityGet(ctx, out.rank)};
  // Result dim d comes from input dim d (d < dim), indices dim d - dim, or
  // input dim d - idx.rank + 1.
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t d = 0; d < out.rank; ++d) {
    if (out.dims[d] != DLC_DYN)
      continue;
    dynamic[numDynamic++] = d < dim              ? dlcTensorDim(&rw->b, input, d)
                            : d < dim + idx.rank ? dlcTensorDim(&rw->b, indices, d - dim)
                                                 : dlcTensorDim(&rw->b, input, d - idx.rank + 1);
  }
  MlirValue init = dlcEmpty(&rw->b, type, numDynamic, dynamic);
  MlirValue size = x.dims[dim] == DLC_DYN ? dlcTensorDim(&rw->b, input, dim)
                                          : dlcConstIndex(&rw->b, x.dims[dim]);
  if (x.dims[dim] == 0 && !dlcHasNoElements(mlirValueGetType(indices)))
    return dlcLoweringUnsupported(rw, "gathers from an empty dim: every index is out of range");
  MlirBlock block;
  MlirOperation generic = dlcGeneric(&rw->b, 1, &indices, 1, &init, maps, out.rank, NULL, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, rw->b.loc);
  MlirValue operands[1 + DLC_MAX_RANK] = {input};
  for (int64_t d = 0; d < x.rank; ++d) {
    MlirValue at = mlirBlockGetArgument(block, 0);
    operands[1 + d] = d < dim  ? dlcLinalgIndex(&body, d)
                      : d > dim ? dlcLinalgIndex(&body, d + idx.rank - 1)
                                : clampIndex(&body, at, size);
  }
  MlirValue element =
      dlcBuild1(&body, "tensor.extract", 1 + x.rank, operands, dlcElementType(type), 0, NULL);
  dlcYield(&body, 1, &element);
  MlirValue result = mlirOperationGetResult(generic, 0);
  if (!dlcHasNoElements(mlirValueGetType(indices)))
    dlcEmitStatusCheck(rw, outOfRangeCodes(rw, indices, size));
  dlcReplaceOp(rw, 1, &result);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcLowerGatherElements(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0), indices = mlirOperationGetOperand(rw->op, 1);
  MlirType type = mlirValueGetType(mlirOperationGetResult(rw->op, 0));
  int64_t dim = dlcOpInt(rw->op, "dim");
  DlcShape x, out;
  dlcShapeOf(mlirValueGetType(input), &x);
  dlcShapeOf(type, &out);
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.dims[d] == DLC_DYN)
      dynamic[numDynamic++] = dlcTensorDim(&rw->b, indices, d);
  MlirValue init = dlcEmpty(&rw->b, type, numDynamic, dynamic);
  MlirValue size = x.dims[dim] == DLC_DYN ? dlcTensorDim(&rw->b, input, dim)
                                          : dlcConstIndex(&rw->b, x.dims[dim]);
  if (x.dims[dim] == 0 && !dlcHasNoElements(mlirValueGetType(indices)))
    return dlcLoweringUnsupported(rw, "gathers from an empty dim: every index is out of range");
  MlirAffineMap maps[2] = {mlirAffineMapMultiDimIdentityGet(ctx, out.rank),
                           mlirAffineMapMultiDimIdentityGet(ctx, out.rank)};
  MlirBlock block;
  MlirOperation generic = dlcGeneric(&rw->b, 1, &indices, 1, &init, maps, out.rank, NULL, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, rw->b.loc);
  MlirValue operands[1 + DLC_MAX_RANK] = {input};
  for (int64_t d = 0; d < x.rank; ++d)
    operands[1 + d] = d == dim ? clampIndex(&body, mlirBlockGetArgument(block, 0), size)
                               : dlcLinalgIndex(&body, d);
  MlirValue element =
      dlcBuild1(&body, "tensor.extract", 1 + x.rank, operands, dlcElementType(type), 0, NULL);
  dlcYield(&body, 1, &element);
  MlirValue result = mlirOperationGetResult(generic, 0);
  if (!dlcHasNoElements(mlirValueGetType(indices)))
    dlcEmitStatusCheck(rw, outOfRangeCodes(rw, indices, size));
  dlcReplaceOp(rw, 1, &result);
  return mlirLogicalResultSuccess();
}
