//===- Concat.c - dlc_tensor.concat to tensor.concat ------------*- C -*-===//
//
// dlc_tensor.concat is binary; a chain of them along one dim (what an
// n-ary ONNX Concat decomposes into) becomes one n-ary tensor.concat. The
// last concat of a chain does the work: a concat whose only user is a
// concat along the same dim leaves itself to be absorbed by that user.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static bool isConcat(MlirOperation op) {
  return !mlirOperationIsNull(op) &&
         mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                            mlirStringRefCreateFromCString("dlc_tensor.concat"));
}

// The dlc_tensor.concat along `dim` that `v` is the only result of and that
// only `user` uses, or null.
static MlirOperation absorbable(MlirValue v, MlirOperation user, int64_t dim) {
  if (!mlirValueIsAOpResult(v))
    return (MlirOperation){NULL};
  MlirOperation def = mlirOpResultGetOwner(v);
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (!isConcat(def) || dlcOpInt(def, "dim") != dim || mlirOpOperandIsNull(use) ||
      !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)) ||
      !mlirOperationEqual(mlirOpOperandGetOwner(use), user))
    return (MlirOperation){NULL};
  return def;
}

typedef struct Chain {
  MlirValue *parts;          // the leaves, in order
  MlirOperation *absorbed;   // inner concats, each after its user
  int numParts, numAbsorbed, cap;
} Chain;

static void push(Chain *chain, MlirValue part, MlirOperation absorbed) {
  if (chain->numParts == chain->cap || chain->numAbsorbed == chain->cap) {
    chain->cap = chain->cap ? 2 * chain->cap : 8;
    chain->parts = realloc(chain->parts, chain->cap * sizeof *chain->parts);
    chain->absorbed = realloc(chain->absorbed, chain->cap * sizeof *chain->absorbed);
    if (!chain->parts || !chain->absorbed)
      abort();
  }
  if (part.ptr)
    chain->parts[chain->numParts++] = part;
  else
    chain->absorbed[chain->numAbsorbed++] = absorbed;
}

// Appends the leaves of `op`'s concat tree in order.
static void collect(MlirOperation op, int64_t dim, Chain *chain) {
  for (intptr_t i = 0; i < 2; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    MlirOperation inner = absorbable(v, op, dim);
    if (mlirOperationIsNull(inner)) {
      push(chain, v, inner);
    } else {
      push(chain, (MlirValue){NULL}, inner);
      collect(inner, dim, chain);
    }
  }
}

static bool isEmptyAlong(MlirValue v, int64_t dim) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), dim) == 0;
}

// A result with no elements is just an empty tensor (tensor.concat would
// bufferize to slices that MLIR rejects, see dlcHasNoElements).
static MlirValue emptyResult(DlcBuilder *b, MlirType type, const Chain *chain, int64_t dim) {
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t n = 0;
  for (intptr_t d = 0, e = mlirShapedTypeGetRank(type); d < e; ++d) {
    if (!mlirShapedTypeIsDynamicDim(type, d))
      continue;
    MlirValue size = dlcTensorDim(b, chain->parts[0], d);
    for (int i = 1; d == dim && i < chain->numParts; ++i)
      size = dlcArith(b, "arith.addi", size, dlcTensorDim(b, chain->parts[i], d));
    dynamic[n++] = size;
  }
  return dlcEmpty(b, type, n, dynamic);
}

MlirLogicalResult dlcLowerConcat(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  int64_t dim = dlcOpInt(rw->op, "dim");
  MlirValue result = mlirOperationGetResult(rw->op, 0);
  MlirOpOperand use = mlirValueGetFirstUse(result);
  if (!mlirOpOperandIsNull(use) && isConcat(mlirOpOperandGetOwner(use)) &&
      !mlirOperationIsNull(absorbable(result, mlirOpOperandGetOwner(use), dim)))
    return mlirLogicalResultFailure(); // its user lowers it
  Chain chain = {NULL, NULL, 0, 0, 0};
  collect(rw->op, dim, &chain);
  MlirType type = mlirValueGetType(result);
  // Parts empty along `dim` add nothing (and would bufferize to slices
  // MLIR rejects); keep at least one for the type.
  int kept = 0;
  for (int i = 0; i < chain.numParts; ++i)
    if (!isEmptyAlong(chain.parts[i], dim) || (kept == 0 && i == chain.numParts - 1))
      chain.parts[kept++] = chain.parts[i];
  chain.numParts = kept;
  MlirValue concat;
  if (dlcHasNoElements(type)) {
    concat = emptyResult(&rw->b, type, &chain, dim);
  } else {
    MlirNamedAttribute attr = dlcNamed(ctx, "dim", dlcI64Attr(ctx, dim));
    concat = dlcBuild1(&rw->b, "tensor.concat", chain.numParts, chain.parts, type, 1, &attr);
  }
  dlcReplaceOp(rw, 1, &concat);
  // Users first: each absorbed concat's only user is gone by now.
  for (int i = 0; i < chain.numAbsorbed; ++i)
    mlirRewriterBaseEraseOp(rw->rewriter, chain.absorbed[i]);
  free(chain.parts);
  free(chain.absorbed);
  return mlirLogicalResultSuccess();
}
