//===- Contract.c - dlc_tensor.contract to linalg.generic -------*- C -*-===//
//
// Loops: the output's letters (parallel) then the summed letters in order
// of appearance (reduction). The accumulator starts from a zero fill.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"
#include "Dialect/Tensor/TensorInfer.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

MlirLogicalResult dlcLowerContract(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  DlcContractSpec spec;
  if (!dlcParseContractSpec(dlcOpString(rw->op, "spec"), &spec))
    return dlcLoweringUnsupported(rw, "malformed spec");
  char loops[2 * DLC_MAX_RANK + 1] = {0};
  DlcIterator iterators[2 * DLC_MAX_RANK];
  size_t numLoops = 0;
  for (const char *c = spec.out; *c; ++c) {
    iterators[numLoops] = DLC_PARALLEL;
    loops[numLoops++] = *c;
  }
  const char *inputs[2] = {spec.lhs, spec.rhs};
  for (int k = 0; k < 2; ++k)
    for (const char *c = inputs[k]; *c; ++c)
      if (!strchr(loops, *c)) {
        iterators[numLoops] = DLC_REDUCTION;
        loops[numLoops++] = *c;
      }
  const char *letters[3] = {spec.lhs, spec.rhs, spec.out};
  MlirAffineMap maps[3];
  for (int k = 0; k < 3; ++k) {
    MlirAffineExpr exprs[DLC_MAX_RANK];
    size_t n = strlen(letters[k]);
    for (size_t i = 0; i < n; ++i)
      exprs[i] = dlcDim(ctx, strchr(loops, letters[k][i]) - loops);
    maps[k] = mlirAffineMapGet(ctx, (intptr_t)numLoops, 0, (intptr_t)n, exprs);
  }
  MlirValue lhs = mlirOperationGetOperand(rw->op, 0), rhs = mlirOperationGetOperand(rw->op, 1);
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(rw->op, 0));
  MlirType elt = dlcElementType(resultType);
  // Dynamic output dims: the same letter's dim in an input.
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (intptr_t i = 0, e = mlirShapedTypeGetRank(resultType); i < e; ++i) {
    if (!mlirShapedTypeIsDynamicDim(resultType, i))
      continue;
    const char *pos = strchr(spec.lhs, spec.out[i]);
    dynamic[numDynamic++] = pos ? dlcTensorDim(&rw->b, lhs, pos - spec.lhs)
                                : dlcTensorDim(&rw->b, rhs, strchr(spec.rhs, spec.out[i]) - spec.rhs);
  }
  MlirValue init = dlcFill(&rw->b, dlcConstScalar(&rw->b, elt, 0),
                           dlcEmpty(&rw->b, resultType, numDynamic, dynamic));
  MlirValue operands[2] = {lhs, rhs};
  MlirBlock block;
  MlirOperation generic =
      dlcGeneric(&rw->b, 2, operands, 1, &init, maps, (intptr_t)numLoops, iterators, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, rw->b.loc);
  MlirValue product = dlcMulScalar(&body, elt, mlirBlockGetArgument(block, 0),
                                   mlirBlockGetArgument(block, 1));
  MlirValue sum = dlcAddScalar(&body, elt, mlirBlockGetArgument(block, 2), product);
  dlcYield(&body, 1, &sum);
  MlirValue result = mlirOperationGetResult(generic, 0);
  dlcReplaceOp(rw, 1, &result);
  return mlirLogicalResultSuccess();
}
