//===- Fold.c - Computing small constant nodes while importing --*- C -*-===//
//
// Exporters compute shapes with ops: Shape -> Gather -> Concat -> Reshape,
// Size -> Sub -> ConstantOfShape, Shape -> Slice -> ReduceProd. A node
// whose graph ops read only constants (or the shape of a static tensor)
// and have small static results is computed as it is imported, by the
// constant folder's evaluator (Optimize/Evaluate.c), through the several
// ops one node may become (a Concat of three inputs is two concats), and
// its output becomes a constant, so that the nodes after it see known
// values and get static types: a ConstantOfShape of a computed length,
// say, whose length decides the rank of a Reshape, or the axes of a
// Squeeze, the pads of a Pad, the repeats of a Tile, which the dlc_graph
// ops take as attributes.
// Larger results stay ops for dlc-fold-constants, whose size option keeps
// weights from being copied. A small integer result that reads the shape of
// a dynamic tensor folds too when the entries it takes are static ones
// (Dialect/Graph/ShapeValues.c follows them): the last dim of a [?, 17, 48]
// tensor divided by 3, say, which PyTorch's attention slices its packed
// projection by.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"
#include "Onnx/Translate.h"
#include "Dialect/OpDef.h"
#include "Dialect/Graph/ShapeValues.h"
#include "Optimize/Evaluate.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static bool isGraphConstant(MlirValue v) {
  return mlirValueIsAOpResult(v) && dlcIsOp(mlirOpResultGetOwner(v), "dlc_graph.constant");
}

static bool toTensor(const DlcElements *e, DlcTensor *out) {
  DlcDType dtype;
  if (mlirLogicalResultIsFailure(dlcDTypeFromMlirType(e->elt, &dtype)) ||
      mlirLogicalResultIsFailure(dlcTensorCreate(dtype, e->shape.rank, e->shape.dims, out)))
    return false;
  char *p = out->data;
  size_t size = dlcDTypeSize(dtype);
  for (int64_t k = 0; k < e->count; ++k, p += size) {
    if (e->isFloat || dlcEltIn(e->elt, DLC_T_SUBBYTE_INT)) // floats; i4, i2 in low bits
      dlcOnnxSetTensorElement(out, k, e->isFloat ? e->f[k] : (double)e->i[k]);
    else // little-endian: the low bytes of the int64
      memcpy(p, &e->i[k], size);
  }
  return true;
}

static int64_t numElements(MlirType type) {
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(type); ++i)
    n *= mlirShapedTypeGetDimSize(type, i); // verified types have bounded sizes
  return n;
}

// How many ops one fold may evaluate: the few that one node's translation
// builds before its output (Concat's chain of binary concats, the cast,
// unsqueeze and concat of Slice's computed bounds), not a walk up the
// graph: what earlier nodes left as ops did not fold then and will not now.
#define FOLD_MAX_OPS 16

// Is `value` a constant, or computed by evaluable ops with small static
// results from constants (or static shapes), *budget ops at most? Reads
// no values, so no weight is read for a fold that cannot happen.
static bool computable(MlirValue value, int *budget) {
  if (isGraphConstant(value))
    return true;
  if (!mlirValueIsAOpResult(value) || --*budget < 0)
    return false;
  MlirOperation op = mlirOpResultGetOwner(value);
  const DlcOpDef *def = dlcLookupOpDef(op);
  MlirType type = mlirValueGetType(value);
  if (!def || mlirOperationGetNumResults(op) != 1 || !dlcCanEvaluate(op) ||
      !mlirShapedTypeHasStaticShape(type) || numElements(type) > DLC_ONNX_FOLD_MAX_ELEMENTS)
    return false;
  if (dlcIsOp(op, "dlc_graph.shape")) // reads its operand's type, not its values
    return true;
  for (int i = 0; i < dlcDefNumOperands(def); ++i) {
    MlirValue v = dlcOpOperand(op, i);
    if (!mlirValueIsNull(v) && !computable(v, budget))
      return false;
  }
  return true;
}

// The value of a `computable` value; false when the evaluator declines
// (integer division by zero, an index out of range ...).
static bool evaluate(MlirValue value, DlcElements *out) {
  MlirOperation op = mlirOpResultGetOwner(value);
  if (isGraphConstant(value))
    return dlcElementsRead(dlcOpAttr(op, "value"), out);
  const DlcOpDef *def = dlcLookupOpDef(op);
  bool isShape = dlcIsOp(op, "dlc_graph.shape");
  DlcElements operands[DLC_MAX_OPERANDS];
  bool present[DLC_MAX_OPERANDS] = {false}, ok = true;
  memset(operands, 0, sizeof operands);
  for (int i = 0; i < dlcDefNumOperands(def); ++i) {
    MlirValue v = dlcOpOperand(op, i);
    present[i] = !mlirValueIsNull(v);
    if (ok && present[i] && !isShape)
      ok = evaluate(v, &operands[i]);
  }
  ok = ok && dlcEvaluate(op, operands, present, out);
  for (int i = 0; i < DLC_MAX_OPERANDS; ++i)
    dlcElementsFree(&operands[i]);
  return ok;
}

// The entries of a small integer value that follow from static dims alone.
static bool foldStaticDims(MlirValue value, DlcTensor *out) {
  MlirType type = mlirValueGetType(value);
  DlcSymDim e[DLC_MAX_RANK];
  DlcDType dtype;
  if (!mlirShapedTypeHasStaticShape(type) ||
      !mlirTypeIsAInteger(mlirShapedTypeGetElementType(type)) ||
      numElements(type) > DLC_MAX_RANK)
    return false;
  int64_t n = numElements(type);
  if (!dlcSymShapeValue(value, e, n))
    return false;
  for (int64_t k = 0; k < n; ++k)
    if (!e[k].known || e[k].count)
      return false;
  int64_t rank = mlirShapedTypeGetRank(type), dims[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = mlirShapedTypeGetDimSize(type, i);
  if (mlirLogicalResultIsFailure(dlcDTypeFromMlirType(mlirShapedTypeGetElementType(type), &dtype)) ||
      mlirLogicalResultIsFailure(dlcTensorCreate(dtype, rank, dims, out)))
    return false;
  for (int64_t k = 0; k < n; ++k)
    dlcOnnxSetTensorElement(out, k, (double)e[k].coef);
  return true;
}

bool dlcOnnxFold(MlirValue value, DlcTensor *out) {
  int budget = FOLD_MAX_OPS;
  if (!mlirValueIsAOpResult(value) || isGraphConstant(value))
    return false;
  DlcElements result;
  // (the shape of a tensor with dynamic dims is computable but does not
  // evaluate)
  if (!computable(value, &budget) || !evaluate(value, &result))
    return foldStaticDims(value, out);
  bool ok = toTensor(&result, out);
  dlcElementsFree(&result);
  return ok;
}
