//===- ReassociateReductions.c - dlc-reassociate-reductions -----*- C -*-===//
//
// A floating-point sum computed in loop order is a chain of dependent adds:
// LLVM may not vectorize it, because vector lanes add in another order and
// round differently. Marking the accumulating op `reassoc` lets it: the
// reduction loops of softmax, layer and batch norms, pooling and the
// reduce ops then run on vector registers with several partial sums. The
// result may differ from the loop-order sum in the last bits, as it does
// in every BLAS and DNN library; the naive codegen path, the reference,
// keeps loop order. Max and min are exact in any order: they are marked
// too, which costs nothing.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"

#include <string.h>

static const char *const accumulators[] = {"arith.addf",    "arith.mulf",   "arith.maximumf",
                                           "arith.minimumf", "arith.maxnumf", "arith.minnumf"};

static bool isAccumulator(MlirOperation op) {
  for (size_t i = 0; i < sizeof accumulators / sizeof *accumulators; ++i)
    if (dlcIsOp(op, accumulators[i]))
      return true;
  return false;
}

// Every linalg op with a body: an op that reads its output in the body
// accumulates over its reduction loops; in a loop nest without any, the
// flag has nothing to reorder.
static bool isLinalgWithBody(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return name.length > 7 && !strncmp(name.data, "linalg.", 7) && mlirOperationGetNumRegions(op) == 1 &&
         !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

// Block arguments at or after `firstOutput` are the outputs: what the body
// yields into them accumulates over the reduction loops.
static bool readsAccumulator(MlirOperation op, MlirBlock body, intptr_t firstOutput) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue operand = mlirOperationGetOperand(op, i);
    if (mlirValueIsABlockArgument(operand) &&
        mlirBlockEqual(mlirBlockArgumentGetOwner(operand), body) &&
        mlirBlockArgumentGetArgNumber(operand) >= firstOutput)
      return true;
  }
  return false;
}

static MlirWalkResult mark(MlirOperation op, void *userData) {
  MlirAttribute reassoc = *(MlirAttribute *)userData;
  if (!isLinalgWithBody(op))
    return MlirWalkResultAdvance;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirAttribute segments =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("operandSegmentSizes"));
  intptr_t numInputs;
  if (!mlirAttributeIsNull(segments) && mlirAttributeIsADenseI32Array(segments))
    numInputs = mlirDenseI32ArrayGetElement(segments, 0);
  else if (dlcIsOp(op, "linalg.reduce")) // as many inits as inputs
    numInputs = mlirOperationGetNumOperands(op) / 2;
  else
    return MlirWalkResultAdvance;
  for (MlirOperation inner = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(inner);
       inner = mlirOperationGetNextInBlock(inner))
    if (isAccumulator(inner) && readsAccumulator(inner, body, numInputs))
      mlirOperationSetAttributeByName(inner, mlirStringRefCreateFromCString("fastmath"), reassoc);
  return MlirWalkResultAdvance;
}

void dlcRunReassociateReductions(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  (void)options;
  MlirAttribute reassoc = mlirAttributeParseGet(
      mlirOperationGetContext(op), mlirStringRefCreateFromCString("#arith.fastmath<reassoc>"));
  mlirOperationWalk(op, mark, &reassoc, MlirWalkPreOrder);
}
