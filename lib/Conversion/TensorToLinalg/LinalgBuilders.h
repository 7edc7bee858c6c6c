//===- LinalgBuilders.h - Creating linalg and tensor ops from C -*- C -*-===//

#ifndef DLC_CONVERSION_TENSORTOLINALG_LINALGBUILDERS_H
#define DLC_CONVERSION_TENSORTOLINALG_LINALGBUILDERS_H

#include "Conversion/Common/Lowering.h"
#include "Support/Types.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"

/// `tensor.empty` of `type`; dynamic dims are read from `like` at the same
/// positions (`like` may be null when the type is static).
MlirValue dlcEmptyLike(DlcBuilder *b, MlirType type, MlirValue like);
/// `tensor.empty` with the dynamic sizes given as index values.
MlirValue dlcEmpty(DlcBuilder *b, MlirType type, intptr_t numDynamic, const MlirValue *dynamic);
/// `tensor.insert_slice` of `source` into `dest` at static `offsets`, unit
/// strides, the sizes the source's (its `numDynamic` dynamic ones given in
/// `dynamic`, in order).
MlirValue dlcInsertSlice(DlcBuilder *b, MlirValue source, MlirValue dest, const int64_t *offsets,
                         intptr_t numDynamic, const MlirValue *dynamic);
/// `tensor.extract_slice` of the static `type` from `source` at static
/// `offsets`, unit strides.
MlirValue dlcExtractSlice(DlcBuilder *b, MlirValue source, MlirType type, const int64_t *offsets);
/// `tensor.pad` of `input` by static `low` and `high` amounts per dim,
/// the new elements `scalar`; the result is as static as the input (a
/// dynamic dim stays dynamic).
MlirValue dlcTensorPad(DlcBuilder *b, MlirValue input, const int64_t *low, const int64_t *high,
                       MlirValue scalar);
/// `v` reshaped to the static `shape` (`rank` dims) by `reassociation`,
/// in MLIR's syntax ("[[0, 1], [2]]"): a tensor.expand_shape when `rank` is
/// more than `v`'s, else a tensor.collapse_shape.
MlirValue dlcReshapeStatic(DlcBuilder *b, MlirValue v, intptr_t rank, const int64_t *shape,
                           const char *reassociation);
/// `linalg.fill` of `init` with the scalar `value`.
MlirValue dlcFill(DlcBuilder *b, MlirValue value, MlirValue init);
/// True when a static dim of the tensor type is 0: it has no elements.
/// MLIR 22 rejects static slices at an offset equal to a dim's size even
/// when they are empty, so lowerings that slice treat such tensors apart.
bool dlcHasNoElements(MlirType tensorType);
/// `tensor.dim %v, i` as an index value.
MlirValue dlcTensorDim(DlcBuilder *b, MlirValue v, int64_t i);

typedef enum { DLC_PARALLEL, DLC_REDUCTION } DlcIterator;

/// A linalg.generic over `numLoops` loops. The region is left empty with a
/// block whose arguments are the element types of inputs then outputs; the
/// caller fills it (ending in linalg.yield). `block` receives that block.
MlirOperation dlcGeneric(DlcBuilder *b, intptr_t numInputs, const MlirValue *inputs,
                         intptr_t numOutputs, const MlirValue *outputs, const MlirAffineMap *maps,
                         intptr_t numLoops, const DlcIterator *iterators, MlirBlock *block);
/// Ends a generic's block with linalg.yield of `values`.
void dlcYield(DlcBuilder *b, intptr_t n, const MlirValue *values);
/// A linalg.generic that writes `init` (parallel loops over its dims, in
/// order) with the element of `input` at `read`: a broadcast, a transpose,
/// a gather of windows. Returns its result.
MlirValue dlcCopyRead(DlcBuilder *b, MlirValue input, MlirAffineMap read, MlirValue init);
/// A named linalg op (linalg.transpose, linalg.reduce...) is built
/// elsewhere; this creates ops whose region MLIR fills itself.
MlirOperation dlcNamedLinalg(DlcBuilder *b, const char *name, intptr_t numInputs,
                             const MlirValue *inputs, intptr_t numOutputs,
                             const MlirValue *outputs, MlirType result, intptr_t numAttrs,
                             const MlirNamedAttribute *attrs);

/// Scalar add and multiply-accumulate in the signless type of `elt`.
MlirValue dlcAddScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y);
MlirValue dlcMulScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y);
/// Scalar max / min by the DLC element type `elt`: NaN-propagating for
/// floats (like numpy), unsigned compares for ui<N>.
MlirValue dlcMaxScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y);
MlirValue dlcMinScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y);

/// A binary arith op `name` ("arith.addi", ...) whose result has x's type.
MlirValue dlcArith(DlcBuilder *b, const char *name, MlirValue x, MlirValue y);
/// Predicates of arith.cmpf and arith.cmpi (MLIR's enum values).
typedef enum { DLC_CMPF_OEQ = 1, DLC_CMPF_OGT = 2, DLC_CMPF_ORD = 7, DLC_CMPF_UNO = 14 } DlcCmpF;
typedef enum {
  DLC_CMPI_EQ = 0,
  DLC_CMPI_SLT = 2,
  DLC_CMPI_SGT = 4,
  DLC_CMPI_UGT = 8,
  DLC_CMPI_UGE = 9
} DlcCmpI;
/// arith.cmpf / arith.cmpi, giving an i1.
MlirValue dlcCmpF(DlcBuilder *b, DlcCmpF pred, MlirValue x, MlirValue y);
MlirValue dlcCmpI(DlcBuilder *b, DlcCmpI pred, MlirValue x, MlirValue y);
/// arith.select of `cond` (i1).
MlirValue dlcSelect(DlcBuilder *b, MlirValue cond, MlirValue x, MlirValue y);
/// linalg.index of loop `dim` (inside a linalg.generic body).
MlirValue dlcLinalgIndex(DlcBuilder *b, int64_t dim);

/// The number of windows of `window` elements (dilated by `dilation`) at
/// `stride` in a dim of `size`: max(0, floor((size - span) / stride) + 1)
/// with span = (window - 1) * dilation + 1, on index values.
MlirValue dlcWindowCount(DlcBuilder *b, MlirValue size, MlirValue window, int64_t stride,
                         int64_t dilation);

MlirAffineExpr dlcDim(MlirContext ctx, intptr_t i);
MlirAffineExpr dlcCst(MlirContext ctx, int64_t v);

#endif // DLC_CONVERSION_TENSORTOLINALG_LINALGBUILDERS_H
