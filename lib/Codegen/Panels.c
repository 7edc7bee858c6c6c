//===- Panels.c - Packed tiles read in column panels ------------*- C -*-===//
//
// The register tiles of a product read the packed tile of B (tk x tn) in
// column panels: tk x rn slices at multiples of rn. Row by row, a panel is
// one vector, then a tile's width (a KB or more) to the next: each row is
// a cache line of its own, and rows a power-of-two apart share a few
// cache sets. Laid out panel by panel (tn/rn x tk x rn), each panel is
// contiguous and streamed. dlc-prepack-constants does that when compiling
// for constant tiles, dlc-pack-panels on every run for the others; both
// recognize the reads and rewrite them here.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

bool dlcIsZeroHighPad(MlirOperation pad) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(pad, 0));
  if (!mlirShapedTypeHasStaticShape(type) || !mlirTypeIsAF32(mlirShapedTypeGetElementType(type)))
    return false;
  // Static lows of 0 (a dynamic one would read as the dynamic marker).
  MlirAttribute low = mlirOperationGetAttributeByName(pad, ref("static_low"));
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(low); ++i)
    if (mlirDenseI64ArrayGetElement(low, i) != 0)
      return false;
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(pad, 0));
  double value;
  return dlcConstantFloat(mlirOperationGetOperand(mlirBlockGetTerminator(body), 0), &value) &&
         value == 0.0;
}

// Is `v`, as far as its definition shows, a multiple of `w` for every
// value it takes: a constant, or a loop index whose start and step are?
static bool alwaysMultipleOf(MlirValue v, int64_t w) {
  int64_t value, lower, upper, step;
  if (dlcConstantInt(v, &value))
    return value % w == 0;
  return dlcLoopIndexRange(v, &lower, &upper, &step) && lower % w == 0 && step % w == 0;
}

// Whether `slice` takes a column panel of `tile`: all of every dim but the
// last, and of the last `*w` (the first slice seen sets it, a divisor of
// the dim smaller than it) at a multiple of `*w`.
static bool isColumnSlice(MlirOperation slice, MlirType tile, int64_t *w) {
  int64_t r = mlirShapedTypeGetRank(tile);
  if (!dlcIsOp(slice, "tensor.extract_slice") ||
      mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(slice, 0))) != r)
    return false;
  MlirAttribute offsets = mlirOperationGetAttributeByName(slice, ref("static_offsets"));
  MlirAttribute sizes = mlirOperationGetAttributeByName(slice, ref("static_sizes"));
  MlirAttribute strides = mlirOperationGetAttributeByName(slice, ref("static_strides"));
  int64_t last = mlirDenseI64ArrayGetElement(sizes, r - 1),
          width = mlirShapedTypeGetDimSize(tile, r - 1);
  if (last <= 0 || (*w && last != *w) || width % last || last == width)
    return false;
  *w = last;
  for (int64_t i = 0; i < r; ++i)
    if (mlirDenseI64ArrayGetElement(strides, i) != 1 ||
        (i + 1 < r && (mlirDenseI64ArrayGetElement(offsets, i) != 0 ||
                       mlirDenseI64ArrayGetElement(sizes, i) != mlirShapedTypeGetDimSize(tile, i))))
      return false;
  // The last offset, the only one that may be dynamic (and then the only
  // dynamic operand).
  int64_t offset = mlirDenseI64ArrayGetElement(offsets, r - 1);
  bool dynamic = offset == mlirShapedTypeGetDynamicStrideOrOffset();
  return mlirOperationGetNumOperands(slice) == (dynamic ? 2 : 1) &&
         (dynamic ? alwaysMultipleOf(mlirOperationGetOperand(slice, 1), *w) : offset % *w == 0);
}

int64_t dlcColumnPanelWidth(MlirValue tile) {
  MlirType type = mlirValueGetType(tile);
  if (!mlirTypeIsARankedTensor(type) || !mlirShapedTypeHasStaticShape(type))
    return 0;
  int64_t r = mlirShapedTypeGetRank(type), w = 0;
  if (r < 1 || r + 1 > DLC_MAX_RANK)
    return 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(tile); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (mlirOpOperandGetOperandNumber(use) != 0 || !isColumnSlice(user, type, &w))
      return 0;
  }
  return w;
}

MlirValue dlcPlaceBefore(MlirValue v, MlirOperation before) {
  mlirOperationMoveBefore(mlirOpResultGetOwner(v), before);
  return v;
}

MlirValue dlcUnitStrideSlice(DlcBuilder *b, intptr_t numOperands, MlirValue *operands, int64_t rank,
                             const int64_t *offsets, const int64_t *sizes, MlirType type) {
  int64_t strides[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    strides[i] = 1;
  int32_t segments[4] = {1, (int32_t)(numOperands - 1), 0, 0};
  MlirNamedAttribute attrs[4] = {
      dlcNamed(b->ctx, "static_offsets", mlirDenseI64ArrayGet(b->ctx, rank, offsets)),
      dlcNamed(b->ctx, "static_sizes", mlirDenseI64ArrayGet(b->ctx, rank, sizes)),
      dlcNamed(b->ctx, "static_strides", mlirDenseI64ArrayGet(b->ctx, rank, strides)),
      dlcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments))};
  return dlcBuild1(b, "tensor.extract_slice", numOperands, operands, type, 4, attrs);
}

void dlcSliceColumnPanels(MlirValue tile, int64_t w, DlcBuilder *b, intptr_t numOperands,
                          MlirValue *operands, int64_t numLead, int64_t *offsets, int64_t *sizes) {
  MlirContext ctx = b->ctx;
  MlirType type = mlirValueGetType(tile);
  int64_t r = mlirShapedTypeGetRank(type);
  sizes[numLead] = 1;
  for (int64_t i = 0; i < r; ++i) {
    offsets[numLead + 1 + i] = 0;
    sizes[numLead + 1 + i] = i + 1 < r ? mlirShapedTypeGetDimSize(type, i) : w;
  }
  DlcOpList slices = {0};
  for (MlirOpOperand use = mlirValueGetFirstUse(tile); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    if (dlcIsOp(mlirOpOperandGetOwner(use), "tensor.extract_slice"))
      dlcOpListPush(&slices, mlirOpOperandGetOwner(use));
  for (size_t k = 0; k < slices.count; ++k) {
    MlirOperation user = slices.items[k];
    int64_t offset = mlirDenseI64ArrayGetElement(
        mlirOperationGetAttributeByName(user, ref("static_offsets")), r - 1);
    intptr_t n = numOperands;
    if (offset == mlirShapedTypeGetDynamicStrideOrOffset()) {
      MlirAffineExpr e = mlirAffineFloorDivExprGet(mlirAffineDimExprGet(ctx, 0),
                                                   mlirAffineConstantExprGet(ctx, w));
      MlirNamedAttribute attr =
          dlcNamed(ctx, "map", mlirAffineMapAttrGet(mlirAffineMapGet(ctx, 1, 0, 1, &e)));
      MlirValue column = mlirOperationGetOperand(user, 1);
      operands[n++] = dlcPlaceBefore(
          dlcBuild1(b, "affine.apply", 1, &column, mlirIndexTypeGet(ctx), 1, &attr), user);
      offsets[numLead] = offset;
    } else {
      offsets[numLead] = offset / w;
    }
    MlirValue result = mlirOperationGetResult(user, 0);
    MlirValue panel = dlcPlaceBefore(dlcUnitStrideSlice(b, n, operands, numLead + 1 + r, offsets,
                                                        sizes, mlirValueGetType(result)),
                                     user);
    mlirValueReplaceAllUsesOfWith(result, panel);
    mlirOperationDestroy(user);
  }
  dlcOpListFree(&slices);
}
