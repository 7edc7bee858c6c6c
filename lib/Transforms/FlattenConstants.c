//===- FlattenConstants.c - The dlc-flatten-constants pass ------*- C -*-===//
//
// A large N-D constant becomes nested LLVM array constants: translating and
// JIT-compiling resnet18's weights that way takes seconds and a gigabyte
// (see MLIR-C-API-NOTES.md). The same data as a 1-D dense_resource blob plus
// a tensor.expand_shape costs almost nothing and bufferizes to a view. This
// pass rewrites every large tensor arith.constant that way; dense<> data is
// copied into a blob once, dense_resource<> blobs are shared, not copied.
//
//===----------------------------------------------------------------------===//

#include "Bridge/Bridge.h"
#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

typedef struct Candidates {
  DlcOpList ops;
  int64_t minElements;
} Candidates;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Candidates *c = userData;
  if (!dlcIsOp(op, "arith.constant"))
    return MlirWalkResultAdvance;
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsARankedTensor(type) || mlirShapedTypeGetRank(type) == 1 ||
      !mlirShapedTypeHasStaticShape(type))
    return MlirWalkResultAdvance;
  MlirType elt = mlirShapedTypeGetElementType(type);
  // i1 data is bit-packed in dense<> and unsupported by typed resources.
  if (dlcEltWidth(elt) < 8 || mlirShapedTypeGetRank(type) > DLC_MAX_RANK)
    return MlirWalkResultAdvance;
  MlirAttribute value = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
  bool dense = mlirAttributeIsADenseElements(value) && !mlirDenseElementsAttrIsSplat(value);
  if (!dense && !mlirAttributeIsADenseResourceElements(value))
    return MlirWalkResultAdvance;
  if (mlirElementsAttrGetNumElements(value) < c->minElements)
    return MlirWalkResultAdvance;
  dlcOpListPush(&c->ops, op);
  return MlirWalkResultAdvance;
}

static void freeBlob(void *userData, const void *data, size_t size, size_t align) {
  (void)userData, (void)size, (void)align;
  free((void *)data);
}

static void keepBlob(void *userData, const void *data, size_t size, size_t align) {
  (void)userData, (void)data, (void)size, (void)align; // owned by the original resource
}

// The 1-D resource holding `value`'s data, or a null attribute.
static MlirAttribute flatResource(MlirAttribute value, MlirType flatType) {
  MlirStringRef name = mlirStringRefCreateFromCString("dlc_flat");
  if (mlirAttributeIsADenseResourceElements(value)) {
    const void *data;
    size_t size, align;
    if (mlirLogicalResultIsFailure(dlcBridgeDenseResourceData(value, &data, &size, &align)))
      return mlirAttributeGetNull();
    return mlirUnmanagedDenseResourceElementsAttrGet(flatType, name, (void *)data, size, align,
                                                     false, keepBlob, NULL);
  }
  // A byte per element for the 4- and 2-bit types, as MLIR stores them.
  size_t width = (dlcEltWidth(mlirShapedTypeGetElementType(flatType)) + 7) / 8;
  size_t size = (size_t)mlirElementsAttrGetNumElements(value) * width;
  void *copy = aligned_alloc(64, (size + 63) / 64 * 64);
  if (!copy)
    return mlirAttributeGetNull();
  memcpy(copy, mlirDenseElementsAttrGetRawData(value), size);
  return mlirUnmanagedDenseResourceElementsAttrGet(flatType, name, copy, size, 64, false, freeBlob,
                                                   NULL);
}

static void flatten(MlirOperation op) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  MlirAttribute value = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
  int64_t rank = mlirShapedTypeGetRank(type), n = mlirElementsAttrGetNumElements(value);
  MlirType flatType = mlirRankedTensorTypeGet(1, &n, mlirShapedTypeGetElementType(type),
                                              mlirAttributeGetNull());
  MlirAttribute flat = flatResource(value, flatType);
  if (mlirAttributeIsNull(flat))
    return;
  DlcBuilder b = dlcBuilderAtBlockEnd(mlirOperationGetBlock(op), mlirOperationGetLocation(op));
  MlirValue flatValue = dlcConstant(&b, flat);
  MlirOperation flatOp = mlirOpResultGetOwner(flatValue);
  mlirOperationMoveBefore(flatOp, op);

  int64_t shape[DLC_MAX_RANK];
  MlirAttribute group[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i) {
    shape[i] = mlirShapedTypeGetDimSize(type, i);
    group[i] = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), i);
  }
  MlirAttribute reassociation = mlirArrayAttrGet(ctx, 1, (MlirAttribute[]){mlirArrayAttrGet(ctx, rank, group)});
  MlirNamedAttribute attrs[2] = {dlcNamed(ctx, "reassociation", reassociation),
                                 dlcNamed(ctx, "static_output_shape", mlirDenseI64ArrayGet(ctx, rank, shape))};
  MlirValue expanded = dlcBuild1(&b, "tensor.expand_shape", 1, &flatValue, type, 2, attrs);
  mlirOperationMoveBefore(mlirOpResultGetOwner(expanded), op);
  mlirValueReplaceAllUsesOfWith(result, expanded);
  mlirOperationDestroy(op);
}

void dlcRunFlattenConstants(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  Candidates c = {{0}, dlcPassOptionInt(options, "min-elements")};
  mlirOperationWalk(op, collect, &c, MlirWalkPreOrder);
  for (size_t i = 0; i < c.ops.count; ++i)
    flatten(c.ops.items[i]);
  dlcOpListFree(&c.ops);
}
