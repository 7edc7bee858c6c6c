//===- RecordSignatures.c - The dlc-record-signatures pass -------*- C -*-===//
//
// Public functions are what dlc-run calls and dlc-translate exports. On
// tensors (after shape inference) this pass records each one's signature
// as `dlc.inputs` / `dlc.outputs`, because later steps erase what callers
// need (unsigned types become signless, results become out-parameters),
// and marks the arguments read-only for bufferization (`const T *in`).
// Each result becomes its own out-parameter, so a value returned twice (a
// graph output listed twice) is returned as a copy the second time:
// upstream's buffer-results-to-out-params cannot give one buffer two.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirAttribute typeArray(MlirContext ctx, intptr_t n, MlirType (*get)(MlirType, intptr_t),
                               MlirType fnType) {
  MlirAttribute *elts = malloc(sizeof(MlirAttribute) * (size_t)(n ? n : 1));
  for (intptr_t i = 0; i < n; ++i)
    elts[i] = mlirTypeAttrGet(get(fnType, i));
  MlirAttribute array = mlirArrayAttrGet(ctx, n, elts);
  free(elts);
  return array;
}

// Adds `bufferization.writable = false` to each argument's attributes, so
// that bufferization never writes into a caller's input buffer.
static void markArgumentsReadOnly(MlirOperation func, intptr_t numArgs) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirAttribute old = mlirOperationGetAttributeByName(func, ref("arg_attrs"));
  MlirNamedAttribute readOnly = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, ref("bufferization.writable")), mlirBoolAttrGet(ctx, 0));
  MlirAttribute *dicts = malloc(sizeof(MlirAttribute) * (size_t)(numArgs ? numArgs : 1));
  for (intptr_t i = 0; i < numArgs; ++i) {
    MlirAttribute dict = mlirAttributeIsNull(old) ? mlirAttributeGetNull()
                                                  : mlirArrayAttrGetElement(old, i);
    intptr_t n = mlirAttributeIsNull(dict) ? 0 : mlirDictionaryAttrGetNumElements(dict);
    MlirNamedAttribute *entries = malloc(sizeof(MlirNamedAttribute) * (size_t)(n + 1));
    intptr_t kept = 0;
    for (intptr_t k = 0; k < n; ++k) {
      MlirNamedAttribute e = mlirDictionaryAttrGetElement(dict, k);
      if (!mlirStringRefEqual(mlirIdentifierStr(e.name), ref("bufferization.writable")))
        entries[kept++] = e;
    }
    entries[kept++] = readOnly;
    dicts[i] = mlirDictionaryAttrGet(ctx, kept, entries);
    free(entries);
  }
  mlirOperationSetAttributeByName(func, ref("arg_attrs"), mlirArrayAttrGet(ctx, numArgs, dicts));
  free(dicts);
}

static bool isRankedTensor(MlirType t) { return mlirTypeIsARankedTensor(t); }

static void recordSignature(MlirOperation func) {
  if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(func, ref("dlc.inputs"))))
    return;
  MlirType fnType = dlcFuncGetType(func);
  intptr_t numIn = mlirFunctionTypeGetNumInputs(fnType);
  intptr_t numOut = mlirFunctionTypeGetNumResults(fnType);
  if (!dlcFunctionTypeAllInputs(fnType, isRankedTensor) ||
      !dlcFunctionTypeAllResults(fnType, isRankedTensor))
    return;
  MlirContext ctx = mlirOperationGetContext(func);
  mlirOperationSetAttributeByName(func, ref("dlc.inputs"),
                                  typeArray(ctx, numIn, mlirFunctionTypeGetInput, fnType));
  mlirOperationSetAttributeByName(func, ref("dlc.outputs"),
                                  typeArray(ctx, numOut, mlirFunctionTypeGetResult, fnType));
  markArgumentsReadOnly(func, numIn);
}

static void copyRepeatedResults(MlirOperation func) {
  MlirRegion body = mlirOperationGetRegion(func, 0);
  for (MlirBlock b = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    MlirOperation ret = mlirBlockGetTerminator(b);
    if (mlirOperationIsNull(ret) || !dlcIsOp(ret, "func.return"))
      continue;
    for (intptr_t i = 1, n = mlirOperationGetNumOperands(ret); i < n; ++i) {
      MlirValue v = mlirOperationGetOperand(ret, i);
      if (!mlirTypeIsARankedTensor(mlirValueGetType(v)))
        continue;
      for (intptr_t k = 0; k < i; ++k) {
        if (mlirValueEqual(mlirOperationGetOperand(ret, k), v)) {
          mlirOperationSetOperand(ret, i, dlcCopyBefore(ret, v));
          break;
        }
      }
    }
  }
}

void dlcRunRecordSignatures(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f))
    if (dlcIsPublicFuncDefinition(f)) {
      recordSignature(f);
      copyRepeatedResults(f);
    }
}
