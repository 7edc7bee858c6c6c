//===- Fold.c - Computing small constant nodes while importing --*- C -*-===//
//
// Exporters compute shapes with ops: Shape -> Gather -> Concat -> Reshape,
// Size -> Sub -> ConstantOfShape. A node whose graph op reads only
// constants (or the shape of a static tensor) and has a small static
// result is computed as it is imported, by the constant folder's evaluator
// (Optimize/Evaluate.c), and its output becomes a constant, so that the
// nodes after it see known values and get static types: a ConstantOfShape
// of a computed length, say, whose length decides the rank of a Reshape.
// Larger results stay ops for dlc-fold-constants, whose size option keeps
// weights from being copied.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"
#include "Dialect/OpDef.h"
#include "Optimize/Evaluate.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static bool isGraphConstant(MlirValue v) {
  return mlirValueIsAOpResult(v) && dlcIsOp(mlirOpResultGetOwner(v), "dlc_graph.constant");
}

// The operands of `op` as elements; false when one is not a constant.
static bool readOperands(MlirOperation op, const DlcOpDef *def, DlcElements *operands,
                         bool *present) {
  bool isShape = dlcIsOp(op, "dlc_graph.shape"); // reads types, not values
  for (int i = 0; i < dlcDefNumOperands(def); ++i) {
    MlirValue v = dlcOpOperand(op, i);
    present[i] = !mlirValueIsNull(v);
    if (!present[i] || isShape)
      continue;
    if (!isGraphConstant(v) ||
        !dlcElementsRead(dlcOpAttr(mlirOpResultGetOwner(v), "value"), &operands[i]))
      return false;
  }
  return true;
}

static bool toTensor(const DlcElements *e, DlcTensor *out) {
  DlcDType dtype;
  if (mlirLogicalResultIsFailure(dlcDTypeFromMlirType(e->elt, &dtype)) ||
      mlirLogicalResultIsFailure(dlcTensorCreate(dtype, e->shape.rank, e->shape.dims, out)))
    return false;
  char *p = out->data;
  size_t size = dlcDTypeSize(dtype);
  for (int64_t k = 0; k < e->count; ++k, p += size) {
    if (dtype == DLC_DTYPE_F32) {
      float f = (float)e->f[k];
      memcpy(p, &f, 4);
    } else if (dtype == DLC_DTYPE_F64) {
      memcpy(p, &e->f[k], 8);
    } else { // little-endian: the low bytes of the int64
      memcpy(p, &e->i[k], size);
    }
  }
  return true;
}

static int64_t numElements(MlirType type) {
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(type); ++i)
    n *= mlirShapedTypeGetDimSize(type, i); // verified types have bounded sizes
  return n;
}

bool dlcOnnxFold(MlirValue value, DlcTensor *out) {
  if (!mlirValueIsAOpResult(value) || isGraphConstant(value))
    return false;
  MlirOperation op = mlirOpResultGetOwner(value);
  const DlcOpDef *def = dlcLookupOpDef(op);
  MlirType type = mlirValueGetType(value);
  if (!def || mlirOperationGetNumResults(op) != 1 || !dlcCanEvaluate(op) ||
      !mlirShapedTypeHasStaticShape(type) ||
      numElements(type) > DLC_ONNX_FOLD_MAX_ELEMENTS)
    return false;
  DlcElements operands[DLC_MAX_OPERANDS], result;
  bool present[DLC_MAX_OPERANDS] = {false};
  memset(operands, 0, sizeof operands);
  bool ok = readOperands(op, def, operands, present) &&
            dlcEvaluate(op, operands, present, &result);
  for (int i = 0; i < DLC_MAX_OPERANDS; ++i)
    dlcElementsFree(&operands[i]);
  if (!ok)
    return false;
  ok = toTensor(&result, out);
  dlcElementsFree(&result);
  return ok;
}
