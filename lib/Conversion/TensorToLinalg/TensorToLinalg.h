//===- TensorToLinalg.h - Lowerings of dlc_tensor ops -----------*- C -*-===//
//
// One file per family of primitives; TensorToLinalgPass.c drives them and
// then rewrites unsigned tensors to signless ones (Signless.c).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_CONVERSION_TENSORTOLINALG_TENSORTOLINALG_H
#define DLC_CONVERSION_TENSORTOLINALG_TENSORTOLINALG_H

#include "Conversion/TensorToLinalg/LinalgBuilders.h"

// Map.c: map. Contract.c: contract.
MlirLogicalResult dlcLowerMap(DlcRewriter *rw);
MlirLogicalResult dlcLowerContract(DlcRewriter *rw);

/// Rewrites every ui<N> element type in `module` (values, block arguments,
/// function types, constants) to the signless i<N> arith and linalg use.
void dlcConvertToSignless(MlirOperation module);

#endif // DLC_CONVERSION_TENSORTOLINALG_TENSORTOLINALG_H
