//===- Signless.c - Unsigned tensors to signless ones -----------*- C -*-===//
//
// dlc_tensor ops carry ui<N> types so that lowering can choose unsigned
// comparisons, divisions and seeds; linalg, arith and the LLVM lowering
// want signless integers. Once every dlc_tensor op is lowered, this walk
// retypes values, block arguments, function types and constants (dense<>
// and dense_resource<>) in place.
//
//===----------------------------------------------------------------------===//

#include "Bridge/Bridge.h"
#include "Conversion/TensorToLinalg/TensorToLinalg.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static MlirType convertType(MlirType t) {
  if (mlirTypeIsAInteger(t))
    return dlcSignless(t);
  if (mlirTypeIsARankedTensor(t)) {
    MlirType elt = mlirShapedTypeGetElementType(t);
    MlirType signless = dlcSignless(elt);
    if (mlirTypeEqual(elt, signless))
      return t;
    int64_t rank = mlirShapedTypeGetRank(t), shape[DLC_MAX_RANK * 4];
    for (int64_t i = 0; i < rank; ++i)
      shape[i] = mlirShapedTypeGetDimSize(t, i);
    return mlirRankedTensorTypeGet(rank, shape, signless, mlirRankedTensorTypeGetEncoding(t));
  }
  if (mlirTypeIsAFunction(t)) {
    intptr_t ni = mlirFunctionTypeGetNumInputs(t), nr = mlirFunctionTypeGetNumResults(t);
    // Any count of inputs and results: a signature left unsigned fails the
    // verifier against its retyped block arguments.
    MlirType *types = malloc(sizeof(MlirType) * (size_t)(ni + nr + 1));
    if (!types)
      return t;
    bool changed = false;
    for (intptr_t i = 0; i < ni; ++i) {
      types[i] = convertType(mlirFunctionTypeGetInput(t, i));
      changed |= !mlirTypeEqual(types[i], mlirFunctionTypeGetInput(t, i));
    }
    for (intptr_t i = 0; i < nr; ++i) {
      types[ni + i] = convertType(mlirFunctionTypeGetResult(t, i));
      changed |= !mlirTypeEqual(types[ni + i], mlirFunctionTypeGetResult(t, i));
    }
    MlirType converted =
        changed ? mlirFunctionTypeGet(mlirTypeGetContext(t), ni, types, nr, types + ni) : t;
    free(types);
    return converted;
  }
  return t;
}

static void convertValue(MlirValue v) {
  MlirType t = mlirValueGetType(v), c = convertType(t);
  if (!mlirTypeEqual(t, c))
    mlirValueSetType(v, c);
}

static void keepBlob(void *userData, const void *data, size_t size, size_t align) {
  (void)userData, (void)data, (void)size, (void)align; // owned by the original resource
}

// A dense_resource<> retyped over the same bytes (no copy); null when its
// data is missing, which leaves the constant for the verifier to reject.
static MlirAttribute retypeResource(MlirAttribute value, MlirType signless) {
  const void *data;
  size_t size, align;
  if (mlirLogicalResultIsFailure(dlcBridgeDenseResourceData(value, &data, &size, &align)))
    return mlirAttributeGetNull();
  return mlirUnmanagedDenseResourceElementsAttrGet(
      signless, mlirStringRefCreateFromCString("dlc_signless"), (void *)data, size, align, false,
      keepBlob, NULL);
}

static void convertConstant(MlirOperation op) {
  MlirStringRef valueName = mlirStringRefCreateFromCString("value");
  MlirAttribute value = mlirOperationGetAttributeByName(op, valueName);
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAElements(value))
    return;
  MlirType type = mlirAttributeGetType(value), signless = convertType(type);
  if (mlirTypeEqual(type, signless))
    return;
  if (mlirAttributeIsADenseResourceElements(value)) {
    MlirAttribute retyped = retypeResource(value, signless);
    if (!mlirAttributeIsNull(retyped))
      mlirOperationSetAttributeByName(op, valueName, retyped);
    return;
  }
  if (!mlirAttributeIsADenseElements(value))
    return;
  intptr_t count = mlirDenseElementsAttrIsSplat(value) ? 1 : mlirElementsAttrGetNumElements(value);
  // A byte per element for the 4- and 2-bit types, as MLIR stores them.
  size_t bytes = (size_t)count * ((dlcEltWidth(mlirShapedTypeGetElementType(type)) + 7) / 8);
  MlirAttribute converted =
      mlirDenseElementsAttrRawBufferGet(signless, bytes, mlirDenseElementsAttrGetRawData(value));
  mlirOperationSetAttributeByName(op, valueName, converted);
}

static MlirWalkResult convertOp(MlirOperation op, void *userData) {
  (void)userData;
  for (intptr_t i = 0, e = mlirOperationGetNumResults(op); i < e; ++i)
    convertValue(mlirOperationGetResult(op, i));
  for (intptr_t r = 0, e = mlirOperationGetNumRegions(op); r < e; ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (intptr_t a = 0, n = mlirBlockGetNumArguments(b); a < n; ++a)
        convertValue(mlirBlockGetArgument(b, a));
  MlirStringRef fnTypeName = mlirStringRefCreateFromCString("function_type");
  MlirAttribute fnType = mlirOperationGetAttributeByName(op, fnTypeName);
  if (!mlirAttributeIsNull(fnType) && mlirAttributeIsAType(fnType)) {
    MlirType t = mlirTypeAttrGetValue(fnType), c = convertType(t);
    if (!mlirTypeEqual(t, c))
      mlirOperationSetAttributeByName(op, fnTypeName, mlirTypeAttrGet(c));
  }
  if (mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                         mlirStringRefCreateFromCString("arith.constant")))
    convertConstant(op);
  return MlirWalkResultAdvance;
}

void dlcConvertToSignless(MlirOperation module) {
  mlirOperationWalk(module, convertOp, NULL, MlirWalkPreOrder);
}
