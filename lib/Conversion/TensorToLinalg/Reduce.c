//===- Reduce.c - dlc_tensor.reduce to linalg.reduce ------------*- C -*-===//
//
// A fill with the kind's identity (sum 0, prod 1, max the lowest value, min
// the highest), then linalg.reduce over `dims` with the kind's combiner:
// NaN-propagating maximumf / minimumf for floats, unsigned compares for
// ui<N>.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

typedef enum { SUM, PROD, MAX, MIN } Kind;

static Kind kindOf(MlirOperation op) {
  MlirStringRef kind = dlcOpString(op, "kind");
  static const char *const names[] = {"sum", "prod", "max", "min"};
  for (int k = 0; k < 4; ++k)
    if (mlirStringRefEqual(kind, mlirStringRefCreateFromCString(names[k])))
      return (Kind)k;
  return SUM; // unreachable on verified IR
}

static double seedOf(Kind kind, MlirType elt) {
  switch (kind) {
  case SUM:
    return 0;
  case PROD:
    return 1;
  case MAX:
    return dlcEltLowest(elt);
  case MIN:
    return dlcEltHighest(elt);
  }
  return 0;
}

static MlirValue combine(DlcBuilder *b, Kind kind, MlirType elt, MlirValue acc, MlirValue x) {
  switch (kind) {
  case SUM:
    return dlcAddScalar(b, elt, acc, x);
  case PROD:
    return dlcMulScalar(b, elt, acc, x);
  case MAX:
    return dlcMaxScalar(b, elt, acc, x);
  case MIN:
    return dlcMinScalar(b, elt, acc, x);
  }
  return x;
}

MlirLogicalResult dlcLowerReduce(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  MlirType declared = mlirValueGetType(mlirOperationGetResult(rw->op, 0));
  MlirType elt = dlcElementType(declared);
  Kind kind = kindOf(rw->op);
  int64_t dims[DLC_MAX_RANK];
  int64_t n = dlcOpInts(rw->op, "dims", dims, DLC_MAX_RANK);

  // linalg.reduce wants the init's dims exactly the input's kept dims.
  DlcShape in, out = {.rank = 0};
  dlcShapeOf(mlirValueGetType(input), &in);
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t d = 0, k = 0; d < in.rank; ++d) {
    if (k < n && dims[k] == d) {
      ++k;
      continue;
    }
    out.dims[out.rank++] = in.dims[d];
    if (in.dims[d] == DLC_DYN)
      dynamic[numDynamic++] = dlcTensorDim(&rw->b, input, d);
  }
  MlirType resultType = dlcTensorType(&out, elt);
  MlirValue init = dlcFill(&rw->b, dlcConstScalar(&rw->b, elt, seedOf(kind, elt)),
                           dlcEmpty(&rw->b, resultType, numDynamic, dynamic));

  // The combiner's block takes (input element, accumulator), signless.
  MlirType scalar = dlcSignless(elt);
  MlirType argTypes[2] = {scalar, scalar};
  MlirLocation locs[2] = {rw->b.loc, rw->b.loc};
  MlirBlock block = mlirBlockCreate(2, argTypes, locs);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, rw->b.loc);
  MlirValue combined =
      combine(&body, kind, elt, mlirBlockGetArgument(block, 1), mlirBlockGetArgument(block, 0));
  dlcYield(&body, 1, &combined);

  MlirValue operands[2] = {input, init};
  MlirNamedAttribute attr = dlcNamed(ctx, "dimensions", dlcI64ArrayAttr(ctx, n, dims));
  MlirOperation reduce =
      dlcBuildOp(&rw->b, "linalg.reduce", 2, operands, 1, &resultType, 1, &attr, 1, &region);
  MlirValue result = dlcCastTo(&rw->b, mlirOperationGetResult(reduce, 0), declared);
  dlcReplaceOp(rw, 1, &result);
  return mlirLogicalResultSuccess();
}
