//===- EntryABI.c - The dlc-entry-abi pass ----------------------*- C -*-===//
//
// After bufferization with results as out-parameters, a public function
// takes memrefs and returns nothing. This pass gives it an i32 result
// (always 0 for now), so that with bare-pointer memrefs it is the
// `int name(const T *in0, .., T *out0, ..)` that dlc-translate's headers
// declare and that dlc-run calls.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static bool isOp(MlirOperation op, const char *name) {
  return mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                            mlirStringRefCreateFromCString(name));
}

static bool isPublicDefinition(MlirOperation func) {
  MlirAttribute vis = mlirOperationGetAttributeByName(
      func, mlirStringRefCreateFromCString("sym_visibility"));
  if (!mlirAttributeIsNull(vis) &&
      !mlirStringRefEqual(mlirStringAttrGetValue(vis), mlirStringRefCreateFromCString("public")))
    return false;
  MlirRegion body = mlirOperationGetRegion(func, 0);
  return !mlirBlockIsNull(mlirRegionGetFirstBlock(body));
}

static void addStatusResult(MlirOperation func) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirStringRef typeName = mlirStringRefCreateFromCString("function_type");
  MlirType fnType = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(func, typeName));
  if (mlirFunctionTypeGetNumResults(fnType) != 0)
    return;
  intptr_t n = mlirFunctionTypeGetNumInputs(fnType);
  MlirType *inputs = malloc(sizeof(MlirType) * (size_t)(n ? n : 1));
  for (intptr_t i = 0; i < n; ++i) {
    inputs[i] = mlirFunctionTypeGetInput(fnType, i);
    if (!mlirTypeIsAMemRef(inputs[i])) {
      free(inputs);
      return;
    }
  }
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  mlirOperationSetAttributeByName(func, typeName,
                                  mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, inputs, 1, &i32)));
  free(inputs);
  MlirRegion body = mlirOperationGetRegion(func, 0);
  for (MlirBlock b = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    MlirOperation ret = mlirBlockGetTerminator(b);
    if (mlirOperationIsNull(ret) || !isOp(ret, "func.return"))
      continue;
    MlirLocation loc = mlirOperationGetLocation(ret);
    MlirNamedAttribute value = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("value")), mlirIntegerAttrGet(i32, 0));
    MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString("arith.constant"), loc);
    mlirOperationStateAddResults(&state, 1, &i32);
    mlirOperationStateAddAttributes(&state, 1, &value);
    MlirOperation zero = mlirOperationCreate(&state);
    mlirBlockInsertOwnedOperationBefore(b, ret, zero);
    MlirValue status = mlirOperationGetResult(zero, 0);
    mlirOperationSetOperands(ret, 1, &status);
  }
}

void dlcRunEntryABI(MlirOperation op, MlirExternalPass pass, const DlcPassOptions *options) {
  (void)options;
  (void)pass;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f))
    if (isOp(f, "func.func") && isPublicDefinition(f))
      addStatusResult(f);
}
