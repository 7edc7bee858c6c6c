//===- Signature.c - Entry signatures and their specialization --*- C -*-===//
//
// An entry's signature is what dlc-record-signatures recorded (`dlc.inputs`,
// `dlc.outputs`) or, before that pass has run, its tensor types.
//
//===----------------------------------------------------------------------===//

#include "Entry/Entry.h"
#include "Support/Diag.h"
#include "Support/IR.h"
#include "Support/Str.h"
#include "dlc-c/Runtime.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

void dlcEntryEmitError(MlirOperation entry, const char *fmt, ...) {
  MlirStringRef name = dlcEntryGetName(entry);
  DlcStr s = DLC_STR_INIT;
  dlcStrPrintf(&s, "entry @%.*s", (int)name.length, name.data);
  va_list ap;
  va_start(ap, fmt);
  dlcStrVPrintf(&s, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(entry), dlcStrGet(&s));
  dlcStrFree(&s);
}

// Converts `n` MLIR types into a malloc'ed array; false (after an error)
// when one is not a supported ranked tensor.
static bool convertTypes(MlirOperation entry, intptr_t n, const MlirType *types,
                         DlcTensorType **out) {
  *out = calloc((size_t)(n ? n : 1), sizeof(DlcTensorType));
  for (intptr_t i = 0; i < n; ++i) {
    if (mlirLogicalResultIsFailure(dlcTensorTypeFromMlirType(types[i], &(*out)[i]))) {
      DlcStr t = DLC_STR_INIT;
      dlcStrAppendType(&t, types[i]);
      dlcEntryEmitError(entry, " has a type DLC cannot pass in its signature: %s", dlcStrGet(&t));
      dlcStrFree(&t);
      return false;
    }
  }
  return true;
}

static bool typesOfArray(MlirAttribute array, intptr_t *n, MlirType **types) {
  if (!mlirAttributeIsAArray(array))
    return false;
  *n = mlirArrayAttrGetNumElements(array);
  *types = malloc(sizeof(MlirType) * (size_t)(*n ? *n : 1));
  for (intptr_t i = 0; i < *n; ++i) {
    MlirAttribute elt = mlirArrayAttrGetElement(array, i);
    if (!mlirAttributeIsAType(elt)) {
      free(*types);
      *types = NULL;
      return false;
    }
    (*types)[i] = mlirTypeAttrGetValue(elt);
  }
  return true;
}

MlirLogicalResult dlcEntryGetSignature(MlirOperation entry, DlcSignature *signature) {
  memset(signature, 0, sizeof *signature);
  MlirAttribute ins = mlirOperationGetAttributeByName(entry, ref("dlc.inputs"));
  MlirAttribute outs = mlirOperationGetAttributeByName(entry, ref("dlc.outputs"));
  intptr_t numIn = 0, numOut = 0;
  MlirType *inTypes = NULL, *outTypes = NULL;
  bool ok;
  if (!mlirAttributeIsNull(ins) || !mlirAttributeIsNull(outs)) {
    ok = typesOfArray(ins, &numIn, &inTypes) && typesOfArray(outs, &numOut, &outTypes);
    if (!ok)
      dlcEntryEmitError(entry, " has a malformed signature: dlc.inputs and dlc.outputs must be "
                            "arrays of tensor types");
  } else {
    MlirAttribute fnAttr = mlirOperationGetAttributeByName(entry, ref("function_type"));
    MlirType fnType = mlirAttributeIsNull(fnAttr) ? (MlirType){NULL} : mlirTypeAttrGetValue(fnAttr);
    ok = dlcIsOp(entry, "func.func") && mlirTypeIsAFunction(fnType);
    if (ok) {
      numIn = mlirFunctionTypeGetNumInputs(fnType);
      numOut = mlirFunctionTypeGetNumResults(fnType);
      inTypes = malloc(sizeof(MlirType) * (size_t)(numIn ? numIn : 1));
      outTypes = malloc(sizeof(MlirType) * (size_t)(numOut ? numOut : 1));
      for (intptr_t i = 0; i < numIn; ++i) {
        inTypes[i] = mlirFunctionTypeGetInput(fnType, i);
        ok = ok && mlirTypeIsARankedTensor(inTypes[i]);
      }
      for (intptr_t i = 0; i < numOut; ++i) {
        outTypes[i] = mlirFunctionTypeGetResult(fnType, i);
        ok = ok && mlirTypeIsARankedTensor(outTypes[i]);
      }
    }
    if (!ok)
      dlcEntryEmitError(entry, " has no recorded signature (dlc.inputs / dlc.outputs): lower it "
                            "from tensors with DLC's pipelines, whose dlc-record-signatures records it");
  }
  ok = ok && convertTypes(entry, numIn, inTypes, &signature->inputs) &&
       convertTypes(entry, numOut, outTypes, &signature->outputs);
  free(inTypes);
  free(outTypes);
  if (!ok) {
    dlcSignatureDestroy(signature);
    return mlirLogicalResultFailure();
  }
  signature->numInputs = numIn;
  signature->numOutputs = numOut;
  return mlirLogicalResultSuccess();
}

void dlcSignatureDestroy(DlcSignature *signature) {
  free(signature->inputs);
  free(signature->outputs);
  memset(signature, 0, sizeof *signature);
}

//===----------------------------------------------------------------------===//
// Specialization
//===----------------------------------------------------------------------===//

static void printType(DlcStr *s, const DlcTensorType *t) {
  dlcTensorTypePrint(t, dlcStrCallback, s);
}

// Uses of a specialized argument by ops that may not accept the more
// static type get a tensor.cast back to the old type (canonicalize folds
// it away). DLC ops re-infer their types from it, so they take it as is.
static void castForForeignUses(MlirValue arg, MlirType oldType, MlirBlock block) {
  MlirOperation cast = {NULL};
  MlirOpOperand use = mlirValueGetFirstUse(arg);
  while (!mlirOpOperandIsNull(use)) {
    MlirOpOperand next = mlirOpOperandGetNextUse(use);
    MlirOperation owner = mlirOpOperandGetOwner(use);
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(owner));
    bool dlcOp = (name.length > 10 && !strncmp(name.data, "dlc_graph.", 10)) ||
                 (name.length > 11 && !strncmp(name.data, "dlc_tensor.", 11));
    if (!dlcOp && !dlcIsOp(owner, "func.return")) {
      if (mlirOperationIsNull(cast)) {
        MlirOperationState state =
            mlirOperationStateGet(ref("tensor.cast"), mlirValueGetLocation(arg));
        mlirOperationStateAddOperands(&state, 1, &arg);
        mlirOperationStateAddResults(&state, 1, &oldType);
        cast = mlirOperationCreate(&state);
        mlirBlockInsertOwnedOperation(block, 0, cast);
      }
      mlirOperationSetOperand(owner, mlirOpOperandGetOperandNumber(use),
                              mlirOperationGetResult(cast, 0));
    }
    use = next;
  }
}

// Returned specialized arguments make the function's result types more
// static too (where they were less), so that func.return stays valid.
static void refineReturnedTypes(MlirOperation func, MlirType *results, intptr_t numResults) {
  MlirBlock entryBlock = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  for (MlirBlock b = entryBlock; !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b)) {
    MlirOperation ret = mlirBlockGetTerminator(b);
    if (mlirOperationIsNull(ret) || !dlcIsOp(ret, "func.return"))
      continue;
    for (intptr_t i = 0; i < numResults && i < mlirOperationGetNumOperands(ret); ++i) {
      MlirValue v = mlirOperationGetOperand(ret, i);
      MlirType t = mlirValueGetType(v);
      if (mlirTypeEqual(t, results[i]))
        continue;
      if (mlirValueIsABlockArgument(v) && mlirBlockEqual(mlirBlockArgumentGetOwner(v), entryBlock)) {
        results[i] = t;
        continue;
      }
      // Another value returned here: cast it to the (now refined) type.
      MlirOperationState state = mlirOperationStateGet(ref("tensor.cast"), mlirValueGetLocation(v));
      mlirOperationStateAddOperands(&state, 1, &v);
      mlirOperationStateAddResults(&state, 1, &results[i]);
      MlirOperation cast = mlirOperationCreate(&state);
      mlirBlockInsertOwnedOperationBefore(b, ret, cast);
      mlirOperationSetOperand(ret, i, mlirOperationGetResult(cast, 0));
    }
  }
}

MlirLogicalResult dlcEntrySpecialize(MlirOperation entry, intptr_t numInputs,
                                     const DlcTensorType *inputs) {
  DlcSignature sig;
  if (mlirLogicalResultIsFailure(dlcEntryGetSignature(entry, &sig)))
    return mlirLogicalResultFailure();
  MlirAttribute fnAttr = mlirOperationGetAttributeByName(entry, ref("function_type"));
  MlirType fnType = mlirTypeAttrGetValue(fnAttr);
  bool ok = dlcIsOp(entry, "func.func") && mlirFunctionTypeGetNumInputs(fnType) == sig.numInputs;
  for (intptr_t i = 0; ok && i < sig.numInputs; ++i)
    ok = mlirTypeIsARankedTensor(mlirFunctionTypeGetInput(fnType, i));
  if (!ok) {
    dlcEntryEmitError(entry, " cannot be specialized: only functions on tensors can");
    dlcSignatureDestroy(&sig);
    return mlirLogicalResultFailure();
  }
  if (numInputs != sig.numInputs) {
    dlcEntryEmitError(entry, " takes %ld inputs, got %ld", (long)sig.numInputs, (long)numInputs);
    dlcSignatureDestroy(&sig);
    return mlirLogicalResultFailure();
  }
  for (intptr_t i = 0; ok && i < numInputs; ++i) {
    const DlcTensorType *want = &sig.inputs[i], *have = &inputs[i];
    bool fits = want->dtype == have->dtype && want->rank == have->rank;
    // A `?` may stay one; a static dim stays what it is.
    for (int64_t d = 0; fits && d < want->rank; ++d)
      fits = want->shape[d] == DLC_DIM_DYNAMIC || want->shape[d] == have->shape[d];
    if (!fits) {
      DlcStr s = DLC_STR_INIT;
      dlcStrPrintf(&s, "input %ld is ", (long)i);
      printType(&s, want);
      dlcStrPuts(&s, ", which cannot be specialized to ");
      printType(&s, have);
      dlcEntryEmitError(entry, " %s", dlcStrGet(&s));
      dlcStrFree(&s);
      ok = false;
    }
  }
  if (!ok) {
    dlcSignatureDestroy(&sig);
    return mlirLogicalResultFailure();
  }

  MlirContext ctx = mlirOperationGetContext(entry);
  MlirBlock block = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  intptr_t numResults = mlirFunctionTypeGetNumResults(fnType);
  MlirType *argTypes = malloc(sizeof(MlirType) * (size_t)(numInputs ? numInputs : 1));
  MlirType *resultTypes = malloc(sizeof(MlirType) * (size_t)(numResults ? numResults : 1));
  MlirAttribute *recorded = malloc(sizeof(MlirAttribute) * (size_t)(numInputs ? numInputs : 1));
  for (intptr_t i = 0; i < numResults; ++i)
    resultTypes[i] = mlirFunctionTypeGetResult(fnType, i);
  for (intptr_t i = 0; i < numInputs; ++i) {
    MlirType old = mlirFunctionTypeGetInput(fnType, i);
    // Keep the argument's own element type (signless once lowered to linalg).
    argTypes[i] = mlirRankedTensorTypeGet(inputs[i].rank, inputs[i].shape,
                                          mlirShapedTypeGetElementType(old), mlirAttributeGetNull());
    recorded[i] = mlirTypeAttrGet(dlcTensorTypeToMlirType(ctx, &inputs[i]));
    if (mlirTypeEqual(old, argTypes[i]))
      continue;
    MlirValue arg = mlirBlockGetArgument(block, i);
    mlirValueSetType(arg, argTypes[i]);
    castForForeignUses(arg, old, block);
  }
  refineReturnedTypes(entry, resultTypes, numResults);
  mlirOperationSetAttributeByName(
      entry, ref("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, numInputs, argTypes, numResults, resultTypes)));
  if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(entry, ref("dlc.inputs"))))
    mlirOperationSetAttributeByName(entry, ref("dlc.inputs"),
                                    mlirArrayAttrGet(ctx, numInputs, recorded));
  free(argTypes);
  free(resultTypes);
  free(recorded);
  dlcSignatureDestroy(&sig);
  return mlirLogicalResultSuccess();
}

// The smallest dim that a use of `v` as gather indices selects from, or
// INT64_MAX; casts between integer types are followed.
static int64_t gatherBound(MlirValue v) {
  int64_t bound = INT64_MAX;
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (dlcIsOp(user, "dlc_graph.cast") &&
        mlirTypeIsAInteger(mlirShapedTypeGetElementType(mlirValueGetType(mlirOperationGetResult(user, 0))))) {
      int64_t b = gatherBound(mlirOperationGetResult(user, 0));
      bound = b < bound ? b : bound;
      continue;
    }
    if (!dlcIsOp(user, "dlc_graph.gather") || mlirOpOperandGetOperandNumber(use) != 1)
      continue;
    MlirType data = mlirValueGetType(mlirOperationGetOperand(user, 0));
    MlirAttribute axisAttr = mlirOperationGetAttributeByName(user, mlirStringRefCreateFromCString("axis"));
    int64_t axis = mlirAttributeIsNull(axisAttr) ? 0 : mlirIntegerAttrGetValueInt(axisAttr);
    if (!mlirTypeIsARankedTensor(data))
      continue;
    int64_t rank = mlirShapedTypeGetRank(data);
    if (axis < 0)
      axis += rank;
    if (axis < 0 || axis >= rank || mlirShapedTypeIsDynamicDim(data, axis))
      continue;
    int64_t dim = mlirShapedTypeGetDimSize(data, axis);
    bound = dim < bound ? dim : bound;
  }
  return bound;
}

bool dlcEntryGetInputIndexBound(MlirOperation entry, intptr_t pos, int64_t *bound) {
  *bound = 0;
  if (!dlcIsOp(entry, "func.func") || mlirOperationGetNumRegions(entry) < 1)
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(entry, 0));
  if (mlirBlockIsNull(body) || pos < 0 || pos >= mlirBlockGetNumArguments(body))
    return false;
  int64_t b = gatherBound(mlirBlockGetArgument(body, pos));
  if (b == INT64_MAX)
    return false;
  *bound = b;
  return true;
}
