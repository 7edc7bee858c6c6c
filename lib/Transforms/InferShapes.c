//===- InferShapes.c - The dlc-infer-shapes pass ----------------*- C -*-===//
//
// Refines result types of dlc ops in program order, so that each op sees
// its operands' refined types, then makes function signatures agree with
// what their bodies return.
//
//===----------------------------------------------------------------------===//

#include "Dialect/OpDef.h"
#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdbool.h>

typedef struct State {
  bool failed;
} State;

static MlirWalkResult refineOp(MlirOperation op, void *userData) {
  State *state = userData;
  const DlcOpDef *def = dlcLookupOpDef(op);
  if (!def)
    return MlirWalkResultAdvance;
  DlcInfer in;
  dlcInferInit(&in, op, def);
  if (mlirLogicalResultIsFailure(dlcInferRun(&in))) {
    state->failed = true;
    return MlirWalkResultAdvance;
  }
  for (int i = 0; i < in.numResults; ++i) {
    if (!in.hasResult[i] || !in.results[i].ptr)
      continue;
    MlirType refined = dlcTypeMeet(in.declared[i], in.results[i]);
    if (!mlirTypeEqual(refined, in.declared[i]))
      mlirValueSetType(dlcOpResult(op, i), refined);
  }
  return MlirWalkResultAdvance;
}

// Sets a function's result types to the types its first return yields.
static MlirWalkResult updateSignature(MlirOperation op, void *userData) {
  (void)userData;
  if (!dlcIsOp(op, "func.func") || mlirRegionIsNull(mlirOperationGetRegion(op, 0)))
    return MlirWalkResultAdvance;
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  if (mlirBlockIsNull(entry))
    return MlirWalkResultSkip;
  MlirOperation ret = mlirBlockGetTerminator(entry);
  if (mlirOperationIsNull(ret) || !dlcIsOp(ret, "func.return"))
    return MlirWalkResultSkip;
  MlirStringRef typeName = mlirStringRefCreateFromCString("function_type");
  MlirType fnType = mlirTypeAttrGetValue(mlirOperationGetAttributeByName(op, typeName));
  intptr_t numInputs = mlirFunctionTypeGetNumInputs(fnType);
  intptr_t numResults = mlirOperationGetNumOperands(ret);
  if (numResults != mlirFunctionTypeGetNumResults(fnType) || numResults > 64)
    return MlirWalkResultSkip;
  MlirType inputs[64], results[64];
  bool changed = false;
  for (intptr_t i = 0; i < numInputs && i < 64; ++i)
    inputs[i] = mlirValueGetType(mlirBlockGetArgument(entry, i));
  for (intptr_t i = 0; i < numInputs && i < 64; ++i)
    changed |= !mlirTypeEqual(inputs[i], mlirFunctionTypeGetInput(fnType, i));
  for (intptr_t i = 0; i < numResults; ++i) {
    results[i] = mlirValueGetType(mlirOperationGetOperand(ret, i));
    changed |= !mlirTypeEqual(results[i], mlirFunctionTypeGetResult(fnType, i));
  }
  if (changed && numInputs <= 64) {
    MlirType newType = mlirFunctionTypeGet(mlirOperationGetContext(op), numInputs, inputs,
                                           numResults, results);
    mlirOperationSetAttributeByName(op, typeName, mlirTypeAttrGet(newType));
  }
  return MlirWalkResultSkip;
}

void dlcRunInferShapes(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)options;
  State state = {false};
  mlirOperationWalk(op, refineOp, &state, MlirWalkPreOrder);
  if (state.failed) {
    dlcPassRunSignalFailure(run);
    return;
  }
  mlirOperationWalk(op, updateSignature, NULL, MlirWalkPreOrder);
}
