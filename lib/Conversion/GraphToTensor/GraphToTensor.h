//===- GraphToTensor.h - Shared pieces of the graph decomposition -*- C -*-===//
//
// Builders for dlc_tensor ops used by the per-family decompositions
// (Elementwise.c, Linear.c, Conv.c, Pool.c, Norm.c, Reduce.c, ShapeOps.c),
// and each family's table of lowerings.
//
// Result types: builders given a null type infer it with the op's own
// shape rule (TensorInfer.c); map, reshape, broadcast and slice take the
// result type from the caller.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_CONVERSION_GRAPHTOTENSOR_GRAPHTOTENSOR_H
#define DLC_CONVERSION_GRAPHTOTENSOR_GRAPHTOTENSOR_H

#include "Conversion/Common/Lowering.h"
#include "Conversion/GraphToTensor/Scalar.h"
#include "Support/Types.h"

/// Builds the scalar body of a map: `args` are the signless scalars, `elts`
/// the DLC element types they stand for; returns the result scalar.
typedef MlirValue (*DlcBodyFn)(DlcBuilder *b, const MlirValue *args, const MlirType *elts,
                               MlirType resultElt, const void *data);

/// dlc_tensor.map of `inputs` (1 to 4) to `resultType`, with the body
/// `__dlc_<name>_<types>` created on first use and shared afterwards. A body
/// must depend only on `name` and the types: pass parameters as 0-d inputs.
MlirValue dlcMap(DlcRewriter *rw, const char *name, int n, const MlirValue *inputs,
                 MlirType resultType, DlcBodyFn body, const void *data);
/// Shorthands: the result has the shape of broadcasting the inputs and the
/// given element type (null: that of the first input).
MlirValue dlcMapBroadcast(DlcRewriter *rw, const char *name, int n, const MlirValue *inputs,
                          MlirType resultElt, DlcBodyFn body, const void *data);

MlirValue dlcContract(DlcRewriter *rw, MlirValue lhs, MlirValue rhs, const char *spec);
MlirValue dlcReduce(DlcRewriter *rw, MlirValue input, const char *kind, int64_t n,
                    const int64_t *dims);
MlirValue dlcTranspose(DlcRewriter *rw, MlirValue input, const int64_t *perm);
MlirValue dlcReshape(DlcRewriter *rw, MlirValue input, MlirType resultType);
MlirValue dlcBroadcastTo(DlcRewriter *rw, MlirValue input, MlirType resultType);
MlirValue dlcSlice(DlcRewriter *rw, MlirValue input, const int64_t *offsets,
                   const int64_t *strides, MlirType resultType);
MlirValue dlcConcat(DlcRewriter *rw, MlirValue lhs, MlirValue rhs, int64_t dim);
MlirValue dlcPad(DlcRewriter *rw, MlirValue input, MlirValue value, const int64_t *low,
                 const int64_t *high, const int64_t *interior);
MlirValue dlcGather(DlcRewriter *rw, MlirValue input, MlirValue indices, int64_t dim);
MlirValue dlcGatherElements(DlcRewriter *rw, MlirValue input, MlirValue indices, int64_t dim);
/// dlc_tensor.check: reports the largest of the i32 status `codes`.
void dlcCheck(DlcRewriter *rw, MlirValue codes);
MlirValue dlcConvPrim(DlcRewriter *rw, MlirValue input, MlirValue weight, const int64_t *strides,
                      const int64_t *dilations, int64_t groups);
/// dlc_tensor.pool; `indices` (may be NULL) receives the indices result.
MlirValue dlcPool(DlcRewriter *rw, MlirValue input, const char *kind, int64_t n,
                  const int64_t *window, const int64_t *strides, const int64_t *dilations,
                  MlirValue *indices);

/// Replaces the op's `n` results, in order, with `values`, each cast to the
/// result's declared type (dlcCastTo): the verifier accepts declared results
/// with more or fewer static dims than the operands imply. Returns success.
MlirLogicalResult dlcReplaceOpCast(DlcRewriter *rw, intptr_t n, MlirValue *values);

/// A constant tensor: arith.constant of `value` (a dense elements attr).
MlirValue dlcConstTensor(DlcRewriter *rw, MlirAttribute value);
/// A 0-d constant of element type `elt`.
MlirValue dlcScalarTensor(DlcRewriter *rw, MlirType elt, double value);

/// The DlcShape of a value's (ranked tensor) type.
DlcShape dlcShapeOfValue(MlirValue v);
MlirType dlcEltOfValue(MlirValue v);

/// A block of `n` (at most 8) arguments of `types` in a new region.
MlirBlock dlcNewBlock(MlirRegion *region, intptr_t n, const MlirType *types, MlirLocation loc);
/// The body of an scf.for: fills `yielded` from the induction variable and
/// the `carried` values.
typedef void (*DlcLoopBody)(DlcBuilder *b, MlirValue iv, const MlirValue *carried,
                            MlirValue *yielded, const void *data);
/// scf.for iv in [0, n) carrying `numCarried` (at most 7) values; returns the op.
MlirOperation dlcForLoop(DlcBuilder *b, MlirValue n, intptr_t numCarried, const MlirValue *init,
                         DlcLoopBody body, const void *data);

// Each family's lowerings.
extern const DlcLowering dlcElementwiseLowerings[];
extern const size_t dlcNumElementwiseLowerings;
extern const DlcLowering dlcLinearLowerings[];
extern const size_t dlcNumLinearLowerings;
extern const DlcLowering dlcConvLowerings[];
extern const size_t dlcNumConvLowerings;
extern const DlcLowering dlcPoolLowerings[];
extern const size_t dlcNumPoolLowerings;
extern const DlcLowering dlcNormLowerings[];
extern const size_t dlcNumNormLowerings;
extern const DlcLowering dlcReduceLowerings[];
extern const size_t dlcNumReduceLowerings;
extern const DlcLowering dlcShapeOpsLowerings[];
extern const size_t dlcNumShapeOpsLowerings;
extern const DlcLowering dlcDataDepLowerings[];
extern const size_t dlcNumDataDepLowerings;
extern const DlcLowering dlcNonMaxSuppressionLowerings[];
extern const size_t dlcNumNonMaxSuppressionLowerings;

#endif // DLC_CONVERSION_GRAPHTOTENSOR_GRAPHTOTENSOR_H
