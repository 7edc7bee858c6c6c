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

#include <string.h>

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

// Along each dynamic dim of the source (a batch of run-time size), the pad
// adds nothing: the padded dim is the source's.
static bool dynamicDimsUnpadded(MlirOperation pad) {
  MlirType source = mlirValueGetType(mlirOperationGetOperand(pad, 0));
  MlirAttribute low = attr(pad, "static_low"), high = attr(pad, "static_high");
  for (intptr_t i = 0, n = mlirShapedTypeGetRank(source); i < n; ++i)
    if (mlirShapedTypeIsDynamicDim(source, i) &&
        (mlirDenseI64ArrayGetElement(low, i) != 0 || mlirDenseI64ArrayGetElement(high, i) != 0))
      return false;
  return true;
}

// Static pads (no dynamic low or high operands) whose dynamic dims, if
// any, are not padded. A `nofold` pad is a schedule's packing copy, which
// stays one.
static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "tensor.pad") && mlirOperationGetNumOperands(op) == 1 &&
      mlirAttributeIsNull(attr(op, "nofold")) && dynamicDimsUnpadded(op) &&
      !mlirValueIsNull(paddingValue(op)))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// The size of dynamic dim `i` of `v` as a value that dominates v's
// producer: eliminate-empty-tensors moves the padded buffer's slice in
// front of the producer, so a tensor.dim of v (defined after it) would keep
// the producer writing a buffer of its own and the pad copying it. Results
// of destination-style ops (linalg, scf.forall's shared outputs,
// insert_slice) have their destination's shape: followed back to the
// tensor.empty that sizes it.
static MlirValue dynamicSize(DlcBuilder *b, MlirValue v, intptr_t i) {
  for (MlirValue at = v;;) {
    MlirOperation def = dlcDefiningOp(at);
    if (mlirOperationIsNull(def))
      break;
    MlirType type = mlirValueGetType(at);
    if (dlcIsOp(def, "tensor.empty")) {
      intptr_t operand = 0;
      for (intptr_t d = 0; d < i; ++d)
        operand += mlirShapedTypeIsDynamicDim(type, d);
      return mlirOperationGetOperand(def, operand);
    }
    intptr_t results = mlirOperationGetNumResults(def), operands = mlirOperationGetNumOperands(def);
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(def));
    bool linalg = name.length > 7 && !strncmp(name.data, "linalg.", 7);
    MlirValue next = {NULL};
    if (dlcIsOp(def, "tensor.insert_slice"))
      next = mlirOperationGetOperand(def, 1);
    else if ((linalg || dlcIsOp(def, "scf.forall")) && operands >= results)
      next = mlirOperationGetOperand(def, operands - results + mlirOpResultGetResultNumber(at));
    if (mlirValueIsNull(next) || !mlirTypeEqual(mlirValueGetType(next), type))
      break;
    at = next;
  }
  return dlcTensorDim(b, v, i);
}

// With static shapes only the border is filled: a slab of the padding
// value before and after the source along each padded dim (the corners
// twice), the interior being the source's. A fill of the whole padded
// tensor wrote it twice, the interior once more by the source's producer:
// ResNet's max pool after the stem filled 3.3 MB for a border of 0.1 MB.
static MlirValue fillBorder(DlcBuilder *b, MlirValue value, MlirType type, MlirType sourceType,
                            const int64_t *low, int64_t id) {
  // A tensor.empty of its own: CSE merged the empties (and then the border
  // fills) of pads of one shape into one value that every pad's
  // insert_slice wrote into, and bufferization copied the whole padded
  // buffer for each pad (13 copies of up to 0.9 MB in ResNet-18). A
  // distinct `dlc.pad` attribute keeps them apart.
  MlirValue dest = dlcEmpty(b, type, 0, NULL);
  mlirOperationSetDiscardableAttributeByName(
      dlcDefiningOp(dest), mlirStringRefCreateFromCString("dlc.pad"),
      mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), id));
  intptr_t rank = mlirShapedTypeGetRank(type);
  for (intptr_t d = 0; d < rank; ++d) {
    int64_t full = mlirShapedTypeGetDimSize(type, d), inner = mlirShapedTypeGetDimSize(sourceType, d);
    int64_t begins[2] = {0, low[d] + inner}, extents[2] = {low[d], full - low[d] - inner};
    for (int side = 0; side < 2; ++side) {
      if (!extents[side])
        continue;
      int64_t dims[DLC_MAX_RANK], offsets[DLC_MAX_RANK];
      for (intptr_t i = 0; i < rank; ++i) {
        dims[i] = i == d ? extents[side] : mlirShapedTypeGetDimSize(type, i);
        offsets[i] = i == d ? begins[side] : 0;
      }
      MlirType slabType = mlirRankedTensorTypeGet(rank, dims, dlcElementType(type),
                                                  mlirAttributeGetNull());
      MlirValue slab = dlcFill(b, value, dlcEmpty(b, slabType, 0, NULL));
      dest = dlcInsertSlice(b, slab, dest, offsets, 0, NULL);
    }
  }
  return dest;
}

static void decompose(MlirOperation pad, int64_t id) {
  MlirValue source = mlirOperationGetOperand(pad, 0);
  MlirType sourceType = mlirValueGetType(source);
  MlirType type = mlirValueGetType(mlirOperationGetResult(pad, 0));
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(pad);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(pad));
  // A dynamic dim's size, of the padded tensor and of the slice alike.
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (intptr_t i = 0; i < rank; ++i)
    if (mlirShapedTypeIsDynamicDim(sourceType, i))
      dynamic[numDynamic++] = dynamicSize(&b, source, i);
  MlirAttribute lowAttr = attr(pad, "static_low");
  int64_t low[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i)
    low[i] = mlirDenseI64ArrayGetElement(lowAttr, i);
  MlirValue filled =
      numDynamic ? dlcFill(&b, paddingValue(pad), dlcEmpty(&b, type, numDynamic, dynamic))
                 : fillBorder(&b, paddingValue(pad), type, sourceType, low, id);
  MlirValue inserted = dlcInsertSlice(&b, source, filled, low, numDynamic, dynamic);
  mlirRewriterBaseReplaceOpWithValues(rewriter, pad, 1, &inserted);
  mlirIRRewriterDestroy(rewriter);
}

void dlcRunDecomposePads(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  DlcOpList pads = {0};
  mlirOperationWalk(op, collect, &pads, MlirWalkPreOrder);
  for (size_t i = 0; i < pads.count; ++i)
    decompose(pads.items[i], (int64_t)i);
  dlcOpListFree(&pads);
}
