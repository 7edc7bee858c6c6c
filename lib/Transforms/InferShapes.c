//===- InferShapes.c - The dlc-infer-shapes pass ----------------*- C -*-===//
//
// Refines result types of dlc ops in program order, so that each op sees
// its operands' refined types, then makes function signatures agree with
// what their bodies return. On a module, refined types also cross the
// control flow the ONNX importer builds (scf ops calling `dlc.body`
// functions), in rounds until nothing changes.
//
//===----------------------------------------------------------------------===//

#include "Dialect/OpDef.h"
#include "Pass/PassDef.h"
#include "Support/Builder.h"
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

//===----------------------------------------------------------------------===//
// Control flow: the scf ops and body calls of ONNX If, Loop and Scan
//===----------------------------------------------------------------------===//

// Refines `v` toward `t` when they are compatible tensor types.
static bool refineValue(MlirValue v, MlirType t) {
  MlirType have = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(have) || !mlirTypeIsARankedTensor(t) ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(have), mlirShapedTypeGetElementType(t)) ||
      !dlcTypesCompatible(have, t))
    return false;
  MlirType refined = dlcTypeMeet(have, t);
  if (mlirTypeEqual(refined, have))
    return false;
  mlirValueSetType(v, refined);
  return true;
}

static MlirOperation lastOp(MlirRegion region) {
  MlirBlock b = mlirRegionGetFirstBlock(region);
  return mlirBlockIsNull(b) ? (MlirOperation){NULL} : mlirBlockGetTerminator(b);
}

static MlirValue blockArg(MlirRegion region, intptr_t i) {
  return mlirBlockGetArgument(mlirRegionGetFirstBlock(region), i);
}

typedef struct Flow {
  MlirSymbolTable symbols;
  bool changed;
} Flow;

// Operand `i` of `op` read through a tensor.cast that only made it less
// static (as dlc-run's specialization leaves before ops it does not know):
// the body or loop it enters is refined to the cast's source instead.
static void uncast(Flow *f, MlirOperation op, intptr_t i) {
  MlirValue v = mlirOperationGetOperand(op, i);
  if (!mlirValueIsAOpResult(v) || !dlcIsOp(mlirOpResultGetOwner(v), "tensor.cast"))
    return;
  MlirValue src = mlirOperationGetOperand(mlirOpResultGetOwner(v), 0);
  MlirType st = mlirValueGetType(src), vt = mlirValueGetType(v);
  if (mlirTypeIsARankedTensor(st) && mlirTypeIsARankedTensor(vt) &&
      mlirTypeEqual(mlirShapedTypeGetElementType(st), mlirShapedTypeGetElementType(vt)) &&
      dlcTypesCompatible(st, vt) && mlirTypeEqual(dlcTypeMeet(st, vt), st)) {
    mlirOperationSetOperand(op, i, src);
    f->changed = true;
  }
}

// Whether an iteration yields `yielded` copied into the carried value's own
// buffer (`arg`): the importer's way of saying the body keeps its shape.
static bool copiedIntoArg(MlirValue yielded, MlirValue arg) {
  if (!mlirValueIsAOpResult(yielded))
    return false;
  MlirOperation def = mlirOpResultGetOwner(yielded);
  return dlcIsOp(def, "linalg.copy") && mlirOperationGetNumOperands(def) == 2 &&
         mlirValueEqual(mlirOperationGetOperand(def, 1), arg);
}

// Loop-carried value `arg` entering as operand `i` of `loop` and yielded
// as `yielded`; `inBody` is the value in the body (scf.while's after
// block). A body that copies its next value into the carried buffer
// keeps the shape: the value takes its initial value's type. Otherwise the
// body may grow it (a Concat onto it), and only what the initial and the
// next value have in common holds in every iteration; an initial value
// refined beyond that enters through a tensor.cast.
static void refineCarried(Flow *f, MlirOperation loop, intptr_t i, MlirValue arg,
                          MlirValue inBody, MlirValue yielded) {
  if (copiedIntoArg(yielded, inBody)) {
    uncast(f, loop, i);
    f->changed |= refineValue(arg, mlirValueGetType(mlirOperationGetOperand(loop, i)));
    return;
  }
  MlirValue init = mlirOperationGetOperand(loop, i);
  MlirType joined = dlcTypeJoin(mlirValueGetType(init), mlirValueGetType(yielded));
  if (mlirTypeIsNull(joined))
    return;
  f->changed |= refineValue(arg, joined);
  MlirType argType = mlirValueGetType(arg);
  if (mlirTypeEqual(mlirValueGetType(init), argType))
    return;
  MlirOperation cast = dlcCreateDetachedOp("tensor.cast", mlirOperationGetLocation(loop), 1, &init,
                                           1, &argType, 0, NULL);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(loop), loop, cast);
  mlirOperationSetOperand(loop, i, mlirOperationGetResult(cast, 0));
}

// One step of moving refined types across the control flow the importer
// builds: into a body through its call, out through its return, around
// loops from their initial values and yields. Types are only refined.
static MlirWalkResult refineFlow(MlirOperation op, void *userData) {
  Flow *f = userData;
  if (dlcIsOp(op, "func.call")) {
    MlirAttribute callee = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("callee"));
    MlirOperation fn = mlirAttributeIsAFlatSymbolRef(callee)
                           ? mlirSymbolTableLookup(f->symbols, mlirFlatSymbolRefAttrGetValue(callee))
                           : (MlirOperation){NULL};
    if (mlirOperationIsNull(fn) ||
        mlirAttributeIsNull(mlirOperationGetAttributeByName(fn, mlirStringRefCreateFromCString("dlc.body"))))
      return MlirWalkResultAdvance;
    MlirRegion body = mlirOperationGetRegion(fn, 0);
    MlirOperation ret = lastOp(body);
    if (mlirOperationIsNull(ret) ||
        mlirBlockGetNumArguments(mlirRegionGetFirstBlock(body)) != mlirOperationGetNumOperands(op) ||
        mlirOperationGetNumOperands(ret) != mlirOperationGetNumResults(op))
      return MlirWalkResultAdvance;
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      uncast(f, op, i);
      f->changed |= refineValue(blockArg(body, i), mlirValueGetType(mlirOperationGetOperand(op, i)));
    }
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
      f->changed |= refineValue(mlirOperationGetResult(op, i), mlirValueGetType(mlirOperationGetOperand(ret, i)));
  } else if (dlcIsOp(op, "scf.for")) {
    MlirRegion body = mlirOperationGetRegion(op, 0);
    MlirOperation yield = lastOp(body);
    for (intptr_t i = 0; !mlirOperationIsNull(yield) && i < mlirOperationGetNumResults(op); ++i) {
      refineCarried(f, op, i + 3, blockArg(body, i + 1), blockArg(body, i + 1),
                    mlirOperationGetOperand(yield, i));
      f->changed |= refineValue(mlirOperationGetResult(op, i), mlirValueGetType(blockArg(body, i + 1)));
    }
  } else if (dlcIsOp(op, "scf.while")) {
    MlirRegion before = mlirOperationGetRegion(op, 0), after = mlirOperationGetRegion(op, 1);
    MlirOperation cond = lastOp(before), yield = lastOp(after);
    intptr_t numAfter = mlirBlockGetNumArguments(mlirRegionGetFirstBlock(after));
    for (intptr_t i = 0; !mlirOperationIsNull(yield) && i < mlirOperationGetNumOperands(op); ++i)
      refineCarried(f, op, i, blockArg(before, i),
                    i < numAfter ? blockArg(after, i) : blockArg(before, i),
                    mlirOperationGetOperand(yield, i));
    for (intptr_t i = 0; !mlirOperationIsNull(cond) && i < mlirOperationGetNumResults(op); ++i) {
      MlirType t = mlirValueGetType(mlirOperationGetOperand(cond, i + 1));
      f->changed |= refineValue(blockArg(after, i), t);
      f->changed |= refineValue(mlirOperationGetResult(op, i), t);
    }
  } else if (dlcIsOp(op, "scf.if")) {
    MlirOperation a = lastOp(mlirOperationGetRegion(op, 0)), b = lastOp(mlirOperationGetRegion(op, 1));
    for (intptr_t i = 0; !mlirOperationIsNull(a) && !mlirOperationIsNull(b) &&
                         i < mlirOperationGetNumResults(op); ++i) {
      MlirType t = mlirValueGetType(mlirOperationGetOperand(a, i));
      if (mlirTypeEqual(t, mlirValueGetType(mlirOperationGetOperand(b, i))))
        f->changed |= refineValue(mlirOperationGetResult(op, i), t);
    }
  } else if (dlcIsOp(op, "linalg.copy") && mlirOperationGetNumResults(op) == 1) {
    // A loop-carried value copied into its own buffer.
    f->changed |= refineValue(mlirOperationGetResult(op, 0), mlirValueGetType(mlirOperationGetOperand(op, 1)));
  }
  return MlirWalkResultAdvance;
}

void dlcRunInferShapes(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)options;
  // Refined types cross the control flow of If, Loop and Scan and come
  // back; a few rounds reach what nesting needs (each round refines).
  bool module = dlcIsOp(op, "builtin.module");
  Flow flow = {module ? mlirSymbolTableCreate(op) : (MlirSymbolTable){NULL}, true};
  for (int round = 0; round < 8 && flow.changed; ++round) {
    State state = {false};
    mlirOperationWalk(op, refineOp, &state, MlirWalkPreOrder);
    if (state.failed) {
      if (module)
        mlirSymbolTableDestroy(flow.symbols);
      dlcPassRunSignalFailure(run);
      return;
    }
    mlirOperationWalk(op, updateSignature, NULL, MlirWalkPreOrder);
    flow.changed = false;
    if (module)
      mlirOperationWalk(op, refineFlow, &flow, MlirWalkPreOrder);
  }
  if (module)
    mlirSymbolTableDestroy(flow.symbols);
}
