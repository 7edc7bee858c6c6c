//===- EntryABI.c - The dlc-entry-abi pass ----------------------*- C -*-===//
//
// Public functions are what dlc-run calls and dlc-translate exports as
// `int name(const T *in0, .., T *out0, ..)` (entries with `?` dims take
// shapes and return their dynamic outputs: EntryDynamic.c). After bufferization with
// results as out-parameters, this pass checks that every argument is a
// static, row-major memref (what a bare pointer can carry), refines `?`
// dims of the signature dlc-record-signatures recorded from them, and adds
// the i32 status result (0: success; EntryStatus.c says what else).
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Diag.h"
#include "Support/IR.h"
#include "Support/Str.h"
#include "Transforms/AllocGuards.h"
#include "Transforms/EntryDynamic.h"
#include "Transforms/EntryStatus.h"
#include "dlc-c/Status.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

//===----------------------------------------------------------------------===//
// On buffers: check, refine the signature, add the status result
//===----------------------------------------------------------------------===//

static bool isMemRef(MlirType t) { return mlirTypeIsAMemRef(t); }

static MlirStringRef symName(MlirOperation func) {
  return mlirStringAttrGetValue(mlirOperationGetAttributeByName(func, ref("sym_name")));
}

static bool isArrayOfRankedTensorTypes(MlirAttribute a) {
  if (!mlirAttributeIsAArray(a))
    return false;
  for (intptr_t i = 0, n = mlirArrayAttrGetNumElements(a); i < n; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(a, i);
    if (!mlirAttributeIsAType(e) || !mlirTypeIsARankedTensor(mlirTypeAttrGetValue(e)))
      return false;
  }
  return true;
}

// `dlc.inputs` / `dlc.outputs` as dlc-record-signatures writes them (this
// pass reads them): both or neither, arrays of ranked tensor types, one
// per argument in all, each of the argument's rank.
static bool checkRecordedSignature(MlirOperation func, MlirType fnType) {
  MlirAttribute ins = mlirOperationGetAttributeByName(func, ref("dlc.inputs"));
  MlirAttribute outs = mlirOperationGetAttributeByName(func, ref("dlc.outputs"));
  if (mlirAttributeIsNull(ins) && mlirAttributeIsNull(outs))
    return true;
  intptr_t numArgs = mlirFunctionTypeGetNumInputs(fnType);
  bool ok = !mlirAttributeIsNull(ins) && !mlirAttributeIsNull(outs) &&
            isArrayOfRankedTensorTypes(ins) && isArrayOfRankedTensorTypes(outs) &&
            mlirArrayAttrGetNumElements(ins) + mlirArrayAttrGetNumElements(outs) == numArgs;
  for (intptr_t i = 0; ok && i < numArgs; ++i) {
    intptr_t numIn = mlirArrayAttrGetNumElements(ins);
    MlirAttribute e = i < numIn ? mlirArrayAttrGetElement(ins, i)
                                : mlirArrayAttrGetElement(outs, i - numIn);
    ok = mlirShapedTypeGetRank(mlirTypeAttrGetValue(e)) ==
         mlirShapedTypeGetRank(mlirFunctionTypeGetInput(fnType, i));
  }
  if (!ok) {
    MlirStringRef name = symName(func);
    dlcEmitOpError(func, "@%.*s has a malformed signature: dlc.inputs and dlc.outputs must be "
                         "arrays of ranked tensor types, %ld in all, of the ranks of the "
                         "arguments",
                   (int)name.length, name.data, (long)numArgs);
  }
  return ok;
}

// A bare pointer carries only memrefs with static shapes and row-major
// layouts.
static bool checkPassableByPointer(MlirOperation func, MlirType fnType) {
  for (intptr_t i = 0, n = mlirFunctionTypeGetNumInputs(fnType); i < n; ++i) {
    MlirType t = mlirFunctionTypeGetInput(fnType, i);
    if (mlirShapedTypeHasStaticShape(t) && mlirAttributeIsAAffineMap(mlirMemRefTypeGetLayout(t)) &&
        mlirAffineMapIsIdentity(mlirAffineMapAttrGetValue(mlirMemRefTypeGetLayout(t))))
      continue;
    MlirStringRef name = symName(func);
    DlcStr type = DLC_STR_INIT;
    dlcStrAppendType(&type, t);
    // Name it as the signature does: the first arguments are the inputs.
    MlirAttribute ins = mlirOperationGetAttributeByName(func, ref("dlc.inputs"));
    intptr_t numIn = mlirAttributeIsNull(ins) ? n : mlirArrayAttrGetNumElements(ins);
    dlcEmitOpError(func, "@%.*s: %s %ld has type %s; an entry point takes only static, "
                         "row-major buffers (`?` dims must be static before bufferization: "
                         "dlc-run specializes a graph-level model from its inputs, "
                         "--input-shape NAME=DIMS fixes them)",
                   (int)name.length, name.data, i < numIn ? "input" : "output",
                   (long)(i < numIn ? i : i - numIn), dlcStrGet(&type));
    dlcStrFree(&type);
    return false;
  }
  return true;
}

// Replaces `?` dims of recorded types by the static dims of the memref
// arguments they became (inputs first, then outputs).
static void refineSignature(MlirOperation func, MlirType fnType) {
  MlirAttribute ins = mlirOperationGetAttributeByName(func, ref("dlc.inputs"));
  MlirAttribute outs = mlirOperationGetAttributeByName(func, ref("dlc.outputs"));
  if (mlirAttributeIsNull(ins) || mlirAttributeIsNull(outs))
    return;
  intptr_t numIn = mlirArrayAttrGetNumElements(ins), numOut = mlirArrayAttrGetNumElements(outs);
  if (numIn + numOut != mlirFunctionTypeGetNumInputs(fnType))
    return;
  MlirContext ctx = mlirOperationGetContext(func);
  for (int which = 0; which < 2; ++which) {
    MlirAttribute array = which ? outs : ins;
    intptr_t n = which ? numOut : numIn, offset = which ? numIn : 0;
    MlirAttribute *elts = malloc(sizeof(MlirAttribute) * (size_t)(n ? n : 1));
    for (intptr_t i = 0; i < n; ++i) {
      MlirType recorded = mlirTypeAttrGetValue(mlirArrayAttrGetElement(array, i));
      MlirType actual = mlirFunctionTypeGetInput(fnType, offset + i);
      elts[i] = mlirArrayAttrGetElement(array, i);
      if (mlirShapedTypeHasStaticShape(recorded) ||
          mlirShapedTypeGetRank(recorded) != mlirShapedTypeGetRank(actual))
        continue;
      int64_t rank = mlirShapedTypeGetRank(actual);
      int64_t *dims = malloc(sizeof(int64_t) * (size_t)(rank ? rank : 1));
      for (int64_t d = 0; d < rank; ++d)
        dims[d] = mlirShapedTypeGetDimSize(actual, d);
      elts[i] = mlirTypeAttrGet(mlirRankedTensorTypeGet(
          rank, dims, mlirShapedTypeGetElementType(recorded), mlirAttributeGetNull()));
      free(dims);
    }
    mlirOperationSetAttributeByName(func, ref(which ? "dlc.outputs" : "dlc.inputs"),
                                    mlirArrayAttrGet(ctx, n, elts));
    free(elts);
  }
}

// convert-func-to-llvm cannot pass an empty memref such as memref<2x0xf32>
// as a bare pointer (its row-major strides look non-contiguous to it).
// Such an argument becomes memref<0xf32>, reinterpreted at entry.
static MlirType flattenEmptyArgument(MlirOperation func, intptr_t i, MlirType type) {
  if (mlirShapedTypeGetRank(type) < 2 || !dlcShapedTypeHasZeroDim(type))
    return type;
  MlirContext ctx = mlirOperationGetContext(func);
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t zero = 0, sizes[64], strides[64];
  if (rank > 64)
    return type;
  for (intptr_t d = rank; d-- > 0;) {
    sizes[d] = mlirShapedTypeGetDimSize(type, d);
    strides[d] = d == rank - 1 ? 1 : strides[d + 1] * sizes[d + 1];
  }
  MlirType flat = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(type), 1, &zero,
                                              mlirMemRefTypeGetMemorySpace(type));
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirValue arg = mlirBlockGetArgument(entry, i);
  mlirValueSetType(arg, flat);
  int32_t segments[] = {1, 0, 0, 0};
  MlirNamedAttribute attrs[] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("static_offsets")),
                            mlirDenseI64ArrayGet(ctx, 1, &zero)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("static_sizes")),
                            mlirDenseI64ArrayGet(ctx, rank, sizes)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("static_strides")),
                            mlirDenseI64ArrayGet(ctx, rank, strides)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("operandSegmentSizes")),
                            mlirDenseI32ArrayGet(ctx, 4, segments)),
  };
  MlirOperationState state =
      mlirOperationStateGet(ref("memref.reinterpret_cast"), mlirValueGetLocation(arg));
  mlirOperationStateAddOperands(&state, 1, &arg);
  mlirOperationStateAddResults(&state, 1, &type);
  mlirOperationStateAddAttributes(&state, 4, attrs);
  MlirOperation cast = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperation(entry, 0, cast);
  mlirValueReplaceAllUsesExcept(arg, mlirOperationGetResult(cast, 0), 1, &cast);
  return flat;
}

static void addStatusResult(MlirOperation func, MlirType fnType) {
  MlirContext ctx = mlirOperationGetContext(func);
  intptr_t n = mlirFunctionTypeGetNumInputs(fnType);
  MlirType *inputs = malloc(sizeof(MlirType) * (size_t)(n ? n : 1));
  for (intptr_t i = 0; i < n; ++i)
    inputs[i] = flattenEmptyArgument(func, i, mlirFunctionTypeGetInput(fnType, i));
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  mlirOperationSetAttributeByName(func, ref("function_type"),
                                  mlirTypeAttrGet(mlirFunctionTypeGet(ctx, n, inputs, 1, &i32)));
  free(inputs);
  MlirRegion body = mlirOperationGetRegion(func, 0);
  for (MlirBlock b = mlirRegionGetFirstBlock(body); !mlirBlockIsNull(b);
       b = mlirBlockGetNextInRegion(b)) {
    MlirOperation ret = mlirBlockGetTerminator(b);
    if (mlirOperationIsNull(ret) || !dlcIsOp(ret, "func.return"))
      continue;
    MlirValue status = dlcEntryBuildStatus(func, ret);
    mlirOperationSetOperands(ret, 1, &status);
  }
}

// What follows the shape checks of a dynamic entry runs only when they
// pass; else its status is DlcStatusShapeMismatch.
static void guardShapes(MlirOperation func, MlirValue shapesFit, MlirOperation checked) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  dlcEntryGuardCondition(checked, shapesFit, DlcStatusShapeMismatch, mlirBlockGetTerminator(body));
}

typedef struct Calls {
  const MlirStringRef *callees;
  intptr_t numCallees;
  MlirOperation *ops; // calls of them found by the walk
  intptr_t count, cap;
} Calls;

static MlirWalkResult findCall(MlirOperation op, void *userData) {
  Calls *calls = userData;
  if (!dlcIsOp(op, "func.call") || mlirOperationGetNumResults(op) != 0)
    return MlirWalkResultAdvance;
  MlirStringRef name =
      mlirFlatSymbolRefAttrGetValue(mlirOperationGetAttributeByName(op, ref("callee")));
  for (intptr_t i = 0; i < calls->numCallees; ++i) {
    if (!mlirStringRefEqual(name, calls->callees[i]))
      continue;
    if (calls->count == calls->cap) {
      calls->cap = calls->cap ? 2 * calls->cap : 8;
      calls->ops = realloc(calls->ops, sizeof(MlirOperation) * (size_t)calls->cap);
    }
    calls->ops[calls->count++] = op;
    break;
  }
  return MlirWalkResultAdvance;
}

// A call of a function that now returns a status gets an (unused) i32
// result, so the IR stays valid when one entry calls another.
static void addStatusToCall(MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirOperationState state = mlirOperationStateGet(ref("func.call"), mlirOperationGetLocation(op));
  for (intptr_t k = 0, n = mlirOperationGetNumOperands(op); k < n; ++k) {
    MlirValue v = mlirOperationGetOperand(op, k);
    mlirOperationStateAddOperands(&state, 1, &v);
  }
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  mlirOperationStateAddResults(&state, 1, &i32);
  MlirNamedAttribute callee = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, ref("callee")), mlirOperationGetAttributeByName(op, ref("callee")));
  mlirOperationStateAddAttributes(&state, 1, &callee);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, mlirOperationCreate(&state));
  mlirOperationDestroy(op);
}

void dlcRunEntryABI(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)options;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirStringRef *changed = NULL, *dynamicEntries = NULL;
  intptr_t numChanged = 0, cap = 0, numDynamic = 0, dynamicCap = 0;
  bool ok = true;
  // Functions that allocate take a flag their callers' guards read.
  dlcGuardCalleeAllocations(op);
  for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    if (!dlcIsPublicFuncDefinition(f))
      continue;
    MlirType fnType = dlcFuncGetType(f);
    if (mlirFunctionTypeGetNumResults(fnType) != 0 ||
        !dlcFunctionTypeAllInputs(fnType, isMemRef))
      continue;
    bool dynamic = dlcEntryTypeIsDynamic(fnType);
    if (!checkRecordedSignature(f, fnType) || (!dynamic && !checkPassableByPointer(f, fnType))) {
      ok = false;
      continue;
    }
    refineSignature(f, fnType);
    MlirValue shapesFit = {NULL};
    MlirOperation checked = {NULL};
    if (dynamic) {
      MlirAttribute ins = mlirOperationGetAttributeByName(f, ref("dlc.inputs"));
      intptr_t numIn = mlirAttributeIsNull(ins) ? mlirFunctionTypeGetNumInputs(fnType)
                                                : mlirArrayAttrGetNumElements(ins);
      if (!dlcEntryMakeDynamicABI(f, numIn, &shapesFit, &checked)) {
        ok = false;
        continue;
      }
      fnType = dlcFuncGetType(f);
      if (numDynamic == dynamicCap) {
        dynamicCap = dynamicCap ? 2 * dynamicCap : 8;
        dynamicEntries = realloc(dynamicEntries, sizeof(MlirStringRef) * (size_t)dynamicCap);
      }
      dynamicEntries[numDynamic++] = symName(f);
    }
    // The allocations' status slots, before the status reads them.
    dlcEntryGuardAllAllocations(f);
    addStatusResult(f, fnType);
    if (dynamic)
      guardShapes(f, shapesFit, checked);
    if (numChanged == cap) {
      cap = cap ? 2 * cap : 8;
      changed = realloc(changed, sizeof(MlirStringRef) * (size_t)cap);
    }
    changed[numChanged++] = symName(f);
  }
  if (numChanged) {
    Calls calls = {changed, numChanged, NULL, 0, 0};
    mlirOperationWalk(op, findCall, &calls, MlirWalkPreOrder);
    for (intptr_t i = 0; i < calls.count; ++i)
      addStatusToCall(calls.ops[i]);
    free(calls.ops);
  }
  dlcForgetAllocationFlags(op);
  // After the walk: the free functions are no entries to change.
  for (intptr_t i = 0; i < numDynamic; ++i)
    dlcModuleAddFreeFunction(op, dynamicEntries[i]);
  free(dynamicEntries);
  free(changed);
  if (!ok)
    dlcPassRunSignalFailure(run);
}
