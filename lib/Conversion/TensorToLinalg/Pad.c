//===- Pad.c - dlc_tensor.pad to tensor.pad or fill + insert ----*- C -*-===//
//
// Without interior padding: tensor.pad whose region yields the scalar read
// from the 0-d value. With it: the result filled with that scalar, and the
// input inserted with tensor.insert_slice at offsets `low`, strides
// `interior + 1`. An input with no elements leaves only the fill.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

typedef struct Pads {
  int64_t rank, low[DLC_MAX_RANK], high[DLC_MAX_RANK], interior[DLC_MAX_RANK];
} Pads;

// tensor.pad's result must be as static as its input allows; a more
// dynamic declared type is reached with a cast.
static MlirValue padOp(DlcBuilder *b, MlirValue input, MlirValue scalar, const Pads *p,
                       MlirType type) {
  return dlcCastTo(b, dlcTensorPad(b, input, p->low, p->high, scalar), type);
}

// Size of a padded dim: low + high + n + max(n - 1, 0) * interior.
static MlirValue paddedSize(DlcBuilder *b, MlirValue n, const Pads *p, int64_t i) {
  MlirValue gaps = dlcArith(b, "arith.maxsi", dlcArith(b, "arith.subi", n, dlcConstIndex(b, 1)),
                            dlcConstIndex(b, 0));
  MlirValue size = dlcArith(b, "arith.addi", n,
                            dlcArith(b, "arith.muli", gaps, dlcConstIndex(b, p->interior[i])));
  return dlcArith(b, "arith.addi", size, dlcConstIndex(b, p->low[i] + p->high[i]));
}

static MlirValue fillAndInsert(DlcBuilder *b, MlirValue input, MlirValue scalar, const Pads *p,
                               MlirType type) {
  MlirValue sizes[DLC_MAX_RANK], dynamic[DLC_MAX_RANK];
  int64_t staticSizes[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  intptr_t numSizes = 0, numDynamic = 0;
  MlirType inputType = mlirValueGetType(input);
  for (int64_t i = 0; i < p->rank; ++i) {
    strides[i] = p->interior[i] + 1;
    staticSizes[i] = mlirShapedTypeGetDimSize(inputType, i);
    bool dynamicIn = mlirShapedTypeIsDynamicDim(inputType, i);
    MlirValue size = dynamicIn ? dlcTensorDim(b, input, i) : (MlirValue){NULL};
    if (dynamicIn)
      sizes[numSizes++] = size;
    if (mlirShapedTypeIsDynamicDim(type, i))
      dynamic[numDynamic++] =
          paddedSize(b, dynamicIn ? size : dlcConstIndex(b, staticSizes[i]), p, i);
  }
  MlirValue filled = dlcFill(b, scalar, dlcEmpty(b, type, numDynamic, dynamic));
  if (dlcHasNoElements(inputType))
    return filled;
  MlirValue operands[2 + DLC_MAX_RANK] = {input, filled};
  for (intptr_t i = 0; i < numSizes; ++i)
    operands[2 + i] = sizes[i];
  int32_t segments[5] = {1, 1, 0, (int32_t)numSizes, 0};
  MlirNamedAttribute attrs[4] = {
      dlcNamed(b->ctx, "static_offsets", dlcI64ArrayAttr(b->ctx, p->rank, p->low)),
      dlcNamed(b->ctx, "static_sizes", dlcI64ArrayAttr(b->ctx, p->rank, staticSizes)),
      dlcNamed(b->ctx, "static_strides", dlcI64ArrayAttr(b->ctx, p->rank, strides)),
      dlcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 5, segments))};
  return dlcBuild1(b, "tensor.insert_slice", 2 + numSizes, operands, type, 4, attrs);
}

MlirLogicalResult dlcLowerPad(DlcRewriter *rw) {
  MlirValue input = mlirOperationGetOperand(rw->op, 0), value = mlirOperationGetOperand(rw->op, 1);
  MlirType type = mlirValueGetType(mlirOperationGetResult(rw->op, 0));
  Pads p;
  p.rank = dlcOpInts(rw->op, "low", p.low, DLC_MAX_RANK);
  dlcOpInts(rw->op, "high", p.high, DLC_MAX_RANK);
  dlcOpInts(rw->op, "interior", p.interior, DLC_MAX_RANK);
  bool interior = false;
  for (int64_t i = 0; i < p.rank; ++i)
    interior = interior || p.interior[i] != 0;
  MlirValue scalar =
      dlcBuild1(&rw->b, "tensor.extract", 1, &value, dlcElementType(mlirValueGetType(value)), 0, NULL);
  // An empty input leaves only padding: a fill (inserting or padding it
  // would make slices MLIR rejects, see dlcHasNoElements).
  MlirValue result = interior || dlcHasNoElements(mlirValueGetType(input))
                         ? fillAndInsert(&rw->b, input, scalar, &p, type)
                         : padOp(&rw->b, input, scalar, &p, type);
  dlcReplaceOp(rw, 1, &result);
  return mlirLogicalResultSuccess();
}
