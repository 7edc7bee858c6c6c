//===- PrepackConvWeights.c - Constant weights by channel slice -*- C -*-===//
//
// Part of dlc-prepack-constants. The convolution schedules give each
// scf.forall iteration a slice of ft output channels and read its weights
// (KH x KW x C x F, HWCF) as vectors of those ft channels: ft floats out
// of every F, so a slice's KH*KW*C vectors lie F floats apart over the
// whole tensor (ResNet-18's 3x3 512-channel layers: a 590 KB slice spread
// over 9.4 MB, a page of 4 KB for every two vectors). A constant read only
// that way is laid out slice by slice instead, F/ft x KH x KW x C x ft,
// each slice contiguous, and each read takes its slice's index as a
// leading dim. The values read and the order of the products do not
// change, so neither do the results.
//
// A constant is rewritten when it has rank 2 or more and every use is a
// vector.transfer_read, in bounds, whose vector's last dim reads the
// constant's last dim (a projected permutation) ft < F at a time, at an
// index that is a multiple of ft: a constant, an affine.apply of one value
// times a multiple of ft (a forall's channel offset), or the induction
// variable of an scf.for from and by multiples of ft (the rows' schedules'
// loop over a row's slices). Where ft does not divide F, reads of the rest
// (F % ft channels at F - F % ft: the rows' schedules peel that slice) are
// allowed too, and the last slice is padded to ft with zeros.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/ReleaseWeights.h"
#include "Support/Types.h"
#include "Transforms/Layout.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

// Is `v` a multiple of `ft`, as far as its definition shows?
static bool multipleOf(MlirValue v, int64_t ft) {
  int64_t value;
  if (dlcConstantInt(v, &value))
    return value % ft == 0;
  // The induction variable of a loop over slices (the rows' schedules).
  if (mlirValueIsABlockArgument(v)) {
    MlirOperation loop = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
    int64_t lower, step;
    return mlirBlockArgumentGetArgNumber(v) == 0 && dlcIsOp(loop, "scf.for") &&
           dlcConstantInt(mlirOperationGetOperand(loop, 0), &lower) && lower % ft == 0 &&
           dlcConstantInt(mlirOperationGetOperand(loop, 2), &step) && step % ft == 0;
  }
  MlirOperation def = dlcDefiningOp(v);
  if (mlirOperationIsNull(def) || !dlcIsOp(def, "affine.apply") ||
      mlirOperationGetNumOperands(def) != 1)
    return false;
  MlirAffineMap map = mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(def, ref("map")));
  if (mlirAffineMapGetNumResults(map) != 1)
    return false;
  MlirAffineExpr e = mlirAffineMapGetResult(map, 0);
  if (!mlirAffineExprIsAMul(e))
    return false;
  MlirAffineExpr lhs = mlirAffineBinaryOpExprGetLHS(e), rhs = mlirAffineBinaryOpExprGetRHS(e);
  return (mlirAffineExprIsADim(lhs) || mlirAffineExprIsASymbol(lhs)) &&
         mlirAffineExprIsAConstant(rhs) && mlirAffineConstantExprGetValue(rhs) % ft == 0;
}

// The channels per read when `use` is such a read of the constant (see
// the file comment; its index is checked by readsSlice), else 0.
static int64_t sliceRead(MlirOpOperand use, MlirType type) {
  MlirOperation read = mlirOpOperandGetOwner(use);
  intptr_t rank = mlirShapedTypeGetRank(type);
  if (!dlcIsOp(read, "vector.transfer_read") || mlirOpOperandGetOperandNumber(use) != 0 ||
      mlirOperationGetNumOperands(read) != (intptr_t)(2 + rank))
    return 0; // a mask, or the constant as another operand
  MlirAttribute inBounds = mlirOperationGetAttributeByName(read, ref("in_bounds"));
  if (mlirAttributeIsNull(inBounds))
    return 0;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(inBounds); ++i)
    if (!mlirBoolAttrGetValue(mlirArrayAttrGetElement(inBounds, i)))
      return 0;
  MlirAffineMap map =
      mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(read, ref("permutation_map")));
  intptr_t results = mlirAffineMapGetNumResults(map);
  if (!results || !mlirAffineMapIsProjectedPermutation(map))
    return 0;
  MlirAffineExpr last = mlirAffineMapGetResult(map, results - 1);
  if (!mlirAffineExprIsADim(last) || mlirAffineDimExprGetPosition(last) != rank - 1)
    return 0;
  MlirType vector = mlirValueGetType(mlirOperationGetResult(read, 0));
  int64_t ft = mlirShapedTypeGetDimSize(vector, mlirShapedTypeGetRank(vector) - 1);
  return ft < mlirShapedTypeGetDimSize(type, rank - 1) ? ft : 0;
}

// Whether slice read `use`, of `width` channels, reads slice `ft` of the
// constant's `f` channels: a whole one (at a multiple of ft), or the
// narrower last one of the rest (at f - f % ft), which the rows' schedules
// peel where ft does not divide f.
static bool readsSlice(MlirOpOperand use, int64_t width, int64_t ft, int64_t f) {
  MlirOperation read = mlirOpOperandGetOwner(use);
  MlirValue channel = mlirOperationGetOperand(read, mlirOperationGetNumOperands(read) - 2);
  if (width == ft)
    return multipleOf(channel, ft);
  int64_t offset;
  return width == f % ft && dlcConstantInt(channel, &offset) && offset == f - f % ft;
}

// The channels per slice when every use of constant `op` is a slice read
// of one width, or of one width and the rest, else 0.
static int64_t sliceWidth(MlirOperation op) {
  MlirValue v = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(type) || mlirShapedTypeGetRank(type) < 2 ||
      mlirShapedTypeGetRank(type) >= DLC_MAX_RANK ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(type)) || !mlirShapedTypeHasStaticShape(type) ||
      !dlcLayoutConstantData(mlirOperationGetAttributeByName(op, ref("value"))))
    return 0;
  int64_t ft = 0, f = mlirShapedTypeGetDimSize(type, mlirShapedTypeGetRank(type) - 1);
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    int64_t width = sliceRead(use, type);
    if (!width)
      return 0;
    ft = width > ft ? width : ft;
  }
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    if (!readsSlice(use, sliceRead(use, type), ft, f))
      return 0;
  return ft;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "arith.constant") && sliceWidth(op))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// The constant's data slice by slice: (F/ft, D0, .., ft), a last slice of
// the rest zero-padded to ft.
static MlirAttribute slicedAttr(MlirOperation op, int64_t ft) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  const char *src = dlcLayoutConstantData(mlirOperationGetAttributeByName(op, ref("value")));
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t f = mlirShapedTypeGetDimSize(type, rank - 1), rows = 1, shape[DLC_MAX_RANK];
  int64_t slices = (f + ft - 1) / ft;
  shape[0] = slices;
  for (intptr_t i = 0; i + 1 < rank; ++i) {
    shape[1 + i] = mlirShapedTypeGetDimSize(type, i);
    rows *= shape[1 + i];
  }
  shape[rank] = ft;
  size_t bytes = (size_t)(rows * slices * ft) * sizeof(float);
  char *dst = aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!dst)
    abort(); // out of memory: DLC's policy (docs/Embedding.md)
  size_t chunk = (size_t)ft * sizeof(float);
  // The last slice's padding (the rest's slice is copied narrower).
  if (f % ft)
    memset(dst + (size_t)((slices - 1) * rows) * chunk, 0, (size_t)rows * chunk);
  for (int64_t q = 0; q < slices; ++q) {
    size_t width = (size_t)(f - q * ft < ft ? f - q * ft : ft) * sizeof(float);
    for (int64_t r = 0; r < rows; ++r)
      memcpy(dst + (size_t)(q * rows + r) * chunk, src + (size_t)(r * f + q * ft) * sizeof(float),
             width);
  }
  MlirType sliced = mlirRankedTensorTypeGet(rank + 1, shape, mlirShapedTypeGetElementType(type),
                                            mlirAttributeGetNull());
  return mlirUnmanagedDenseResourceElementsAttrGet(sliced, ref("dlc_sliced"), dst, bytes, 64,
                                                   false, dlcLayoutFreeBlob, NULL);
}

// The read of `sliced` that reads what `read` read: the slice's index
// (the channel offset / ft) first, the other indices after it, channel 0
// of the slice.
static void rewriteRead(MlirOperation read, MlirValue sliced, int64_t ft) {
  MlirContext ctx = mlirOperationGetContext(read);
  intptr_t rank = mlirOperationGetNumOperands(read) - 2;
  DlcBuilder b = dlcBuilderAtBlockEnd(mlirOperationGetBlock(read), mlirOperationGetLocation(read));
  MlirValue channel = mlirOperationGetOperand(read, rank);
  MlirValue divisor = dlcConstIndex(&b, ft);
  MlirValue operands[2 + DLC_MAX_RANK];
  operands[0] = sliced;
  operands[1] = dlcBuild1(&b, "arith.divui", 2, (MlirValue[]){channel, divisor},
                          mlirIndexTypeGet(ctx), 0, NULL);
  for (intptr_t i = 0; i + 1 < rank; ++i)
    operands[2 + i] = mlirOperationGetOperand(read, 1 + i);
  operands[1 + rank] = dlcConstIndex(&b, 0);
  operands[2 + rank] = mlirOperationGetOperand(read, 1 + rank); // the padding value
  MlirAffineMap map =
      mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(read, ref("permutation_map")));
  intptr_t results = mlirAffineMapGetNumResults(map);
  MlirAffineExpr exprs[DLC_MAX_RANK];
  for (intptr_t i = 0; i < results; ++i) {
    intptr_t d = mlirAffineDimExprGetPosition(mlirAffineMapGetResult(map, i));
    exprs[i] = mlirAffineDimExprGet(ctx, d == rank - 1 ? rank : d + 1);
  }
  int32_t segments[4] = {1, (int32_t)rank + 1, 1, 0};
  MlirNamedAttribute attrs[3] = {
      dlcNamed(ctx, "permutation_map",
               mlirAffineMapAttrGet(mlirAffineMapGet(ctx, rank + 1, 0, results, exprs))),
      dlcNamed(ctx, "in_bounds", mlirOperationGetAttributeByName(read, ref("in_bounds"))),
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, segments))};
  MlirValue result = mlirOperationGetResult(read, 0);
  MlirValue replacement = dlcBuild1(&b, "vector.transfer_read", rank + 3, operands,
                                    mlirValueGetType(result), 3, attrs);
  // Built at the block's end: moved, with the index ops, before the read.
  dlcMoveOpsBefore(dlcDefiningOp(divisor), read);
  mlirValueReplaceAllUsesOfWith(result, replacement);
  mlirOperationDestroy(read);
}

typedef struct Sliced {
  MlirAttribute original;
  int64_t ft;
  MlirAttribute attr;
} Sliced;

void dlcPrepackConvWeights(MlirOperation root, DlcWeightRefs *refs) {
  DlcOpList constants = {0};
  mlirOperationWalk(root, collect, &constants, MlirWalkPreOrder);
  Sliced *done = calloc(constants.count + 1, sizeof *done);
  size_t numDone = 0;
  if (!done)
    abort();
  for (size_t i = 0; i < constants.count; ++i) {
    MlirOperation op = constants.items[i];
    int64_t ft = sliceWidth(op);
    // Copies of one constant (a schedule's payload function had its own)
    // share one sliced blob.
    MlirAttribute original = mlirOperationGetAttributeByName(op, ref("value"));
    MlirAttribute attr = mlirAttributeGetNull();
    for (size_t k = 0; k < numDone && mlirAttributeIsNull(attr); ++k)
      if (mlirAttributeEqual(done[k].original, original) && done[k].ft == ft)
        attr = done[k].attr;
    if (mlirAttributeIsNull(attr)) {
      attr = slicedAttr(op, ft);
      done[numDone++] = (Sliced){original, ft, attr};
    }
    DlcBuilder b = dlcBuilderAtBlockEnd(mlirOperationGetBlock(op), mlirOperationGetLocation(op));
    MlirValue sliced = dlcConstant(&b, attr);
    mlirOperationMoveAfter(dlcDefiningOp(sliced), op);
    MlirValue v = mlirOperationGetResult(op, 0);
    while (!mlirOpOperandIsNull(mlirValueGetFirstUse(v)))
      rewriteRead(mlirOpOperandGetOwner(mlirValueGetFirstUse(v)), sliced, ft);
    dlcWeightRefsErase(refs, op);
  }
  free(done);
  dlcOpListFree(&constants);
}
