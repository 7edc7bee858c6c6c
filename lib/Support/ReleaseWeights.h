//===- ReleaseWeights.h - Weights no module refers to any more ---*- C -*-===//
//
// The body of dlcContextReleaseUnusedWeights (dlc-c/Runtime.h), here so
// that passes below the runtime (dlc-release-dead-weights) can call it.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_RELEASEWEIGHTS_H
#define DLC_SUPPORT_RELEASEWEIGHTS_H

#include "mlir-c/IR.h"

#include <stdint.h>

/// Empties every dense_resource blob `ctx` owns that no op of `modules`
/// refers to; returns how many.
intptr_t dlcReleaseUnreferencedWeights(MlirContext ctx, intptr_t numModules,
                                       const MlirModule *modules);

#endif // DLC_SUPPORT_RELEASEWEIGHTS_H
