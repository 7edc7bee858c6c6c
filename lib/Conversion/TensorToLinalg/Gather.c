//===- Gather.c - dlc_tensor.gather to linalg.generic -----------*- C -*-===//
//
// One loop per result dim (i.., j.., k..); the generic reads indices[j..]
// and its body extracts input[i.., index_cast(indices[j..]), k..] with
// tensor.extract, the loop positions coming from linalg.index.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinTypes.h"

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
  MlirBlock block;
  MlirOperation generic = dlcGeneric(&rw->b, 1, &indices, 1, &init, maps, out.rank, NULL, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, rw->b.loc);
  MlirValue operands[1 + DLC_MAX_RANK] = {input};
  for (int64_t d = 0; d < x.rank; ++d) {
    MlirValue at = mlirBlockGetArgument(block, 0);
    operands[1 + d] = d < dim  ? dlcLinalgIndex(&body, d)
                      : d > dim ? dlcLinalgIndex(&body, d + idx.rank - 1)
                                : dlcBuild1(&body, "arith.index_cast", 1, &at,
                                            mlirIndexTypeGet(ctx), 0, NULL);
  }
  MlirValue element =
      dlcBuild1(&body, "tensor.extract", 1 + x.rank, operands, dlcElementType(type), 0, NULL);
  dlcYield(&body, 1, &element);
  MlirValue result = mlirOperationGetResult(generic, 0);
  dlcReplaceOp(rw, 1, &result);
  return mlirLogicalResultSuccess();
}
