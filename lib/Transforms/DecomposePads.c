//===- DecomposePads.c - The dlc-decompose-pads pass ------------*- C -*-===//
//
// A tensor.pad bufferizes to a new buffer filled with the padding value and
// a copy of its source into the interior: the whole activation copied once
// more before each convolution or pooling that pads (a depthwise layer of
// MobileNet spends a third of its time there). Written as a fill of the
// padded shape and a tensor.insert_slice of the source, the producer of the
// source can compute into the interior directly: eliminate-empty-tensors
// then replaces the producer's tensor.empty by that slice of the padded
// buffer, and nothing is copied.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

// The padding value when it is one value defined outside the pad's body
// (a constant), else null.
static MlirValue paddingValue(MlirOperation pad) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(pad, 0));
  MlirOperation yield = mlirBlockGetFirstOperation(body);
  if (!dlcIsOp(yield, "tensor.yield"))
    return (MlirValue){NULL};
  MlirValue value = mlirOperationGetOperand(yield, 0);
  if (mlirValueIsABlockArgument(value) &&
      mlirBlockEqual(mlirBlockArgumentGetOwner(value), body))
    return (MlirValue){NULL};
  return value;
}

// Static pads (no dynamic low or high operands) of static shapes. A
// `nofold` pad is a schedule's packing copy, which stays one.
static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "tensor.pad") && mlirOperationGetNumOperands(op) == 1 &&
      mlirAttributeIsNull(attr(op, "nofold")) &&
      mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetResult(op, 0))) &&
      mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetOperand(op, 0))) &&
      !mlirValueIsNull(paddingValue(op)))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

static void decompose(MlirOperation pad) {
  MlirContext ctx = mlirOperationGetContext(pad);
  MlirValue source = mlirOperationGetOperand(pad, 0);
  MlirType sourceType = mlirValueGetType(source);
  MlirType type = mlirValueGetType(mlirOperationGetResult(pad, 0));
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(pad);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(pad));
  MlirValue filled = dlcFill(&b, paddingValue(pad), dlcEmpty(&b, type, 0, NULL));
  int64_t sizes[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i) {
    sizes[i] = mlirShapedTypeGetDimSize(sourceType, i);
    strides[i] = 1;
  }
  int32_t segments[5] = {1, 1, 0, 0, 0};
  MlirNamedAttribute attrs[4] = {
      dlcNamed(ctx, "static_offsets", attr(pad, "static_low")),
      dlcNamed(ctx, "static_sizes", dlcI64ArrayAttr(ctx, rank, sizes)),
      dlcNamed(ctx, "static_strides", dlcI64ArrayAttr(ctx, rank, strides)),
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 5, segments))};
  MlirValue operands[2] = {source, filled};
  MlirValue inserted = dlcBuild1(&b, "tensor.insert_slice", 2, operands, type, 4, attrs);
  mlirRewriterBaseReplaceOpWithValues(rewriter, pad, 1, &inserted);
  mlirIRRewriterDestroy(rewriter);
}

void dlcRunDecomposePads(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  DlcOpList pads = {0};
  mlirOperationWalk(op, collect, &pads, MlirWalkPreOrder);
  for (size_t i = 0; i < pads.count; ++i)
    decompose(pads.items[i]);
  dlcOpListFree(&pads);
}
