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
/// `linalg.fill` of `init` with the scalar `value`.
MlirValue dlcFill(DlcBuilder *b, MlirValue value, MlirValue init);
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
/// A named linalg op (linalg.transpose, linalg.reduce...) is built
/// elsewhere; this creates ops whose region MLIR fills itself.
MlirOperation dlcNamedLinalg(DlcBuilder *b, const char *name, intptr_t numInputs,
                             const MlirValue *inputs, intptr_t numOutputs,
                             const MlirValue *outputs, MlirType result, intptr_t numAttrs,
                             const MlirNamedAttribute *attrs);

/// Scalar add and multiply-accumulate in the signless type of `elt`.
MlirValue dlcAddScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y);
MlirValue dlcMulScalar(DlcBuilder *b, MlirType elt, MlirValue x, MlirValue y);

MlirAffineExpr dlcDim(MlirContext ctx, intptr_t i);
MlirAffineExpr dlcCst(MlirContext ctx, int64_t v);

#endif // DLC_CONVERSION_TENSORTOLINALG_LINALGBUILDERS_H
