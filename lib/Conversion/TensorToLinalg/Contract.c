//===- Contract.c - dlc_tensor.contract to linalg ---------------*- C -*-===//
//
// A contraction that is a matrix product (`mk,kn->mn`, or with one batch
// letter `bmk,bkn->bmn`, either operand possibly transposed) on one element
// type becomes linalg.matmul / linalg.batch_matmul, so that upstream transforms, DLC's schedules and a
// researcher's own apply to it by name. Any other spec becomes a
// linalg.generic: loops are the output's letters (parallel) then the summed
// letters in order of appearance (reduction). Either way the accumulator
// starts from a zero fill.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"
#include "Dialect/Tensor/TensorInfer.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

// The named op a spec is, or NULL: m, n, k and the batch letter may be any
// letters as long as each plays its role; either operand may be
// transposed (`mk,nk->mn`: what Gemm with transB and attention's q k^T
// are), which `indexing_maps` on the named op says.
static const char *namedMatmul(const DlcContractSpec *spec, bool *transposed) {
  const char *l = spec->lhs, *r = spec->rhs, *o = spec->out;
  size_t rank = strlen(o);
  if (strlen(l) != rank || strlen(r) != rank || (rank != 2 && rank != 3))
    return NULL;
  size_t b = rank - 2; // the batch letters come first
  for (size_t i = 0; i < b; ++i)
    if (l[i] != o[i] || r[i] != o[i])
      return NULL;
  char m = o[b], n = o[b + 1];
  char k = l[b] == m ? l[b + 1] : l[b];
  bool distinct = m != n && m != k && n != k && (b == 0 || (o[0] != m && o[0] != n && o[0] != k));
  bool lhsOk = (l[b] == m && l[b + 1] == k) || (l[b] == k && l[b + 1] == m);
  bool rhsOk = (r[b] == k && r[b + 1] == n) || (r[b] == n && r[b + 1] == k);
  if (!distinct || !lhsOk || !rhsOk)
    return NULL;
  *transposed = l[b] != m || r[b] != k;
  return rank == 2 ? "linalg.matmul" : "linalg.batch_matmul";
}

// Named ops build their bodies when created, before unsigned types become
// signless: they take floats and signless integers only.
static bool namedOpTypes(MlirValue a, MlirValue b, MlirType result) {
  MlirType e = dlcElementType(result);
  bool signless = mlirTypeIsAFloat(e) || (mlirTypeIsAInteger(e) && mlirIntegerTypeIsSignless(e) &&
                                          mlirIntegerTypeGetWidth(e) > 1);
  return signless && mlirTypeEqual(dlcElementType(mlirValueGetType(a)), e) &&
         mlirTypeEqual(dlcElementType(mlirValueGetType(b)), e);
}

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
  bool transposed = false;
  const char *named = namedMatmul(&spec, &transposed);
  if (named && namedOpTypes(lhs, rhs, resultType)) {
    // The loops are the named op's (batch, m, n, k): the generic's maps.
    MlirAttribute mapAttrs[3];
    for (int i = 0; i < 3; ++i)
      mapAttrs[i] = mlirAffineMapAttrGet(maps[i]);
    MlirNamedAttribute attr = dlcNamed(ctx, "indexing_maps", mlirArrayAttrGet(ctx, 3, mapAttrs));
    MlirValue result = mlirOperationGetResult(
        dlcNamedLinalg(&rw->b, named, 2, operands, 1, &init, mlirValueGetType(init),
                       transposed ? 1 : 0, &attr),
        0);
    dlcReplaceOp(rw, 1, &result);
    return mlirLogicalResultSuccess();
  }
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
