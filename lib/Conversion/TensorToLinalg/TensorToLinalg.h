//===- TensorToLinalg.h - Lowerings of dlc_tensor ops -----------*- C -*-===//
//
// One file per family of primitives; TensorToLinalgPass.c drives them and
// then rewrites unsigned tensors to signless ones (Signless.c).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_CONVERSION_TENSORTOLINALG_TENSORTOLINALG_H
#define DLC_CONVERSION_TENSORTOLINALG_TENSORTOLINALG_H

#include "Conversion/TensorToLinalg/LinalgBuilders.h"

// Map.c
MlirLogicalResult dlcLowerMap(DlcRewriter *rw);
// Contract.c
MlirLogicalResult dlcLowerContract(DlcRewriter *rw);
// Conv.c
MlirLogicalResult dlcLowerConv(DlcRewriter *rw);
// Pool.c
MlirLogicalResult dlcLowerPool(DlcRewriter *rw);
// Reduce.c
MlirLogicalResult dlcLowerReduce(DlcRewriter *rw);
// DataMovement.c
MlirLogicalResult dlcLowerTranspose(DlcRewriter *rw);
MlirLogicalResult dlcLowerReshape(DlcRewriter *rw);
MlirLogicalResult dlcLowerBroadcast(DlcRewriter *rw);
MlirLogicalResult dlcLowerSlice(DlcRewriter *rw);
// Concat.c
MlirLogicalResult dlcLowerConcat(DlcRewriter *rw);
// Pad.c
MlirLogicalResult dlcLowerPad(DlcRewriter *rw);
// Gather.c
MlirLogicalResult dlcLowerGather(DlcRewriter *rw);
MlirLogicalResult dlcLowerGatherElements(DlcRewriter *rw);

// Check.c
/// Reports the largest of `codes` (an i32 tensor of DlcStatus values, 0:
/// none) as a status of the enclosing entry.
void dlcEmitStatusCheck(DlcRewriter *rw, MlirValue codes);
MlirLogicalResult dlcLowerCheck(DlcRewriter *rw);
/// Erases every status slot in `module` and the writes into it: the codes
/// the checks computed are then dead, for canonicalize to remove. The
/// kernels stay as they are (indices clamped, divisors made safe).
void dlcDropStatusChecks(MlirOperation module);

/// Rewrites every ui<N> element type in `module` (values, block arguments,
/// function types, constants) to the signless i<N> arith and linalg use.
void dlcConvertToSignless(MlirOperation module);

#endif // DLC_CONVERSION_TENSORTOLINALG_TENSORTOLINALG_H
