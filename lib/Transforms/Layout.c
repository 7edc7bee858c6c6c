//===- Layout.c - What dlc-convert-layout's rewrites share ------*- C -*-===//
//
// Transposes between layouts: copying linalg.generic ops, or for constants
// new blobs repacked when compiling (see Layout.h, ConvertLayout.c).
//
//===----------------------------------------------------------------------===//

#include "Bridge/Bridge.h"
#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Support/IR.h"
#include "Support/Types.h"
#include "Transforms/Layout.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

const int64_t dlcLayoutToNHWC[4] = {0, 2, 3, 1}, dlcLayoutToNCHW[4] = {0, 3, 1, 2};

bool dlcLayoutIsStaticF32(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t) &&
         mlirTypeIsAF32(mlirShapedTypeGetElementType(t));
}

bool dlcLayoutAllStaticF32(MlirOperation op) {
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i)
    if (!dlcLayoutIsStaticF32(mlirOperationGetOperand(op, i)))
      return false;
  return true;
}

bool dlcLayoutIsBatchStaticF32(MlirValue v) {
  return dlcTypeIsF32StaticButOuter(mlirValueGetType(v));
}

bool dlcLayoutAllBatchStaticF32(MlirOperation op) {
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i)
    if (!dlcLayoutIsBatchStaticF32(mlirOperationGetOperand(op, i)))
      return false;
  return true;
}

intptr_t dlcLayoutPermutedSizes(DlcBuilder *b, MlirValue x, const int64_t *perm, MlirValue *sizes) {
  MlirType type = mlirValueGetType(x);
  intptr_t n = 0;
  for (intptr_t i = 0, rank = mlirShapedTypeGetRank(type); i < rank; ++i)
    if (mlirShapedTypeIsDynamicDim(type, perm[i]))
      sizes[n++] = dlcTensorDim(b, x, perm[i]);
  return n;
}

MlirType dlcLayoutPermutedType(MlirType type, const int64_t *perm) {
  DlcShape s, out;
  dlcShapeOf(type, &s);
  out.rank = s.rank;
  for (int64_t i = 0; i < s.rank; ++i)
    out.dims[i] = s.dims[perm[i]];
  return dlcTensorType(&out, mlirShapedTypeGetElementType(type));
}

//===----------------------------------------------------------------------===//
// Transposes: generics that copy with permuted indices
//===----------------------------------------------------------------------===//

void dlcLayoutFreeBlob(void *userData, const void *data, size_t size, size_t align) {
  (void)userData, (void)size, (void)align;
  free((void *)data);
}

// The bytes of a non-splat dense or dense_resource constant, or NULL.
const char *dlcLayoutConstantData(MlirAttribute value) {
  if (mlirAttributeIsADenseResourceElements(value)) {
    const void *data;
    size_t size, align;
    return mlirLogicalResultIsSuccess(dlcBridgeDenseResourceData(value, &data, &size, &align))
               ? data
               : NULL;
  }
  if (mlirAttributeIsADenseElements(value) && !mlirDenseElementsAttrIsSplat(value))
    return mlirDenseElementsAttrGetRawData(value);
  return NULL;
}

MlirOperation dlcLayoutDataConstant(MlirValue v) {
  MlirOperation def = dlcDefiningOp(v);
  while (dlcIsOp(def, "tensor.collapse_shape") || dlcIsOp(def, "tensor.expand_shape"))
    def = dlcDefiningOp(mlirOperationGetOperand(def, 0));
  return dlcIsOp(def, "arith.constant") &&
                 dlcLayoutConstantData(mlirOperationGetAttributeByName(
                     def, mlirStringRefCreateFromCString("value")))
             ? def
             : (MlirOperation){NULL};
}

MlirAttribute dlcLayoutPaddedConstant(MlirAttribute value, MlirType type, intptr_t dim,
                                      int64_t size) {
  const char *src = dlcLayoutConstantData(value);
  if (!src)
    return mlirAttributeGetNull();
  DlcShape shape;
  dlcShapeOf(type, &shape);
  int64_t outer = 1, inner = 1, old = shape.dims[dim];
  for (intptr_t i = 0; i < dim; ++i)
    outer *= shape.dims[i];
  for (intptr_t i = dim + 1; i < shape.rank; ++i)
    inner *= shape.dims[i];
  size_t bytes = (size_t)(outer * size * inner) * sizeof(float);
  float *dst = aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!dst)
    return mlirAttributeGetNull();
  memset(dst, 0, bytes);
  for (int64_t o = 0; o < outer; ++o)
    memcpy(dst + o * size * inner, src + (size_t)(o * old * inner) * sizeof(float),
           (size_t)(old * inner) * sizeof(float));
  shape.dims[dim] = size;
  return mlirUnmanagedDenseResourceElementsAttrGet(
      dlcTensorType(&shape, mlirShapedTypeGetElementType(type)),
      mlirStringRefCreateFromCString("dlc_padded"), dst, bytes, 64, false, dlcLayoutFreeBlob, NULL);
}

// `value` (f32 elements) permuted by `perm` into a new blob: the weights
// laid out for the schedules once, when compiling.
static MlirAttribute permutedConstant(MlirAttribute value, MlirType type, const int64_t *perm) {
  const char *src = dlcLayoutConstantData(value);
  if (!src)
    return mlirAttributeGetNull();
  DlcShape in, out;
  dlcShapeOf(type, &in);
  out.rank = in.rank;
  int64_t inStride[DLC_MAX_RANK], n = 1;
  for (int64_t i = in.rank - 1; i >= 0; --i) {
    inStride[i] = n;
    n *= in.dims[i];
  }
  for (int64_t i = 0; i < in.rank; ++i)
    out.dims[i] = in.dims[perm[i]];
  float *dst = aligned_alloc(64, ((size_t)n * sizeof(float) + 63) / 64 * 64);
  if (!dst)
    return mlirAttributeGetNull();
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t k = 0; k < n; ++k) {
    int64_t at = 0;
    for (int64_t i = 0; i < out.rank; ++i)
      at += index[i] * inStride[perm[i]];
    memcpy(&dst[k], src + at * (int64_t)sizeof(float), sizeof(float));
    for (int64_t i = out.rank - 1; i >= 0 && ++index[i] == out.dims[i]; --i)
      index[i] = 0;
  }
  MlirType outType = dlcTensorType(&out, mlirShapedTypeGetElementType(type));
  return mlirUnmanagedDenseResourceElementsAttrGet(
      outType, mlirStringRefCreateFromCString("dlc_repacked"), dst, (size_t)n * sizeof(float), 64,
      false, dlcLayoutFreeBlob, NULL);
}

// x permuted: result dim i is x's dim perm[i]. A constant, or a reshape of
// one (a depthwise convolution's F x 1 x H x W weights collapsed to
// F x H x W), becomes a repacked constant, anything else a copying
// linalg.generic.
MlirValue dlcLayoutTransposed(DlcBuilder *b, MlirValue x, const int64_t *perm) {
  MlirType type = mlirValueGetType(x), outType = dlcLayoutPermutedType(type, perm);
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirOperation def = dlcDefiningOp(x);
  if ((dlcIsOp(def, "tensor.collapse_shape") || dlcIsOp(def, "tensor.expand_shape")) &&
      mlirShapedTypeHasStaticShape(type))
    def = dlcDefiningOp(mlirOperationGetOperand(def, 0));
  if (dlcIsOp(def, "arith.constant")) {
    MlirAttribute value =
        mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
    MlirAttribute repacked = permutedConstant(value, type, perm);
    if (!mlirAttributeIsNull(repacked))
      return dlcConstant(b, repacked);
  }
  MlirAffineExpr inExprs[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i)
    inExprs[perm[i]] = dlcDim(b->ctx, i);
  MlirValue sizes[DLC_MAX_RANK];
  intptr_t numSizes = dlcLayoutPermutedSizes(b, x, perm, sizes);
  MlirValue init = dlcEmpty(b, outType, numSizes, sizes);
  return dlcCopyRead(b, x, mlirAffineMapGet(b->ctx, rank, 0, rank, inExprs), init);
}

// Is `op` a copy of its input with permuted indices? Sets `perm` as in
// dlcLayoutTransposed().
bool dlcLayoutIsTranspose(MlirOperation op, int64_t *perm) {
  if (!dlcIsOp(op, "linalg.generic") || mlirOperationGetNumOperands(op) != 2)
    return false;
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("indexing_maps"));
  if (mlirAttributeIsNull(maps) || mlirArrayAttrGetNumElements(maps) != 2)
    return false;
  MlirAffineMap in = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, 0));
  MlirAffineMap out = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, 1));
  intptr_t rank = mlirAffineMapGetNumDims(in);
  if (!mlirAffineMapIsPermutation(in) || !mlirAffineMapIsIdentity(out) || rank > DLC_MAX_RANK)
    return false;
  if (!dlcAllLoopsParallel(op))
    return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  MlirOperation yield = mlirBlockGetFirstOperation(body);
  if (!dlcIsOp(yield, "linalg.yield") || mlirOperationGetNumOperands(yield) != 1 ||
      !mlirValueEqual(mlirOperationGetOperand(yield, 0), mlirBlockGetArgument(body, 0)))
    return false;
  for (intptr_t i = 0; i < rank; ++i)
    perm[mlirAffineDimExprGetPosition(mlirAffineMapGetResult(in, i))] = i;
  return true;
}
