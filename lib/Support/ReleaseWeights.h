//===- ReleaseWeights.h - Weights no module refers to any more ---*- C -*-===//
//
// The body of dlcContextReleaseUnusedWeights (dlc-c/Runtime.h), here so
// that passes below the runtime (dlc-release-dead-weights) can call it;
// and the references to weights that the passes replacing weights count,
// to free each old copy as soon as its last reader is erased.
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

/// The ops of one module that refer to each weight blob, counted once.
typedef struct DlcWeightRefs DlcWeightRefs;

/// Counts the references of `module` (an op) to its weights if the module
/// carries the unit attribute `dlc.sole_module`: its context's owner says
/// that no other module reads the context's blobs. Its dead arith.constant
/// ops are erased first, and the blobs only they referred to emptied; the
/// caller must hold none of them. Returns NULL without the attribute,
/// which every call below accepts and then only erases.
DlcWeightRefs *dlcWeightRefsCreate(MlirOperation module);

/// Destroys `op` (its results unused) and empties each blob that it was
/// the last counted op to refer to. Ops made since the count must refer
/// to no counted blob (the passes make new blobs); the blobs they refer
/// to are left to dlcReleaseUnreferencedWeights.
void dlcWeightRefsErase(DlcWeightRefs *refs, MlirOperation op);

/// Erases `op` as dlcWeightRefsErase does if it is an arith.constant whose
/// result nothing reads and `refs` is not NULL; otherwise leaves it.
void dlcWeightRefsEraseIfDead(DlcWeightRefs *refs, MlirOperation op);

/// Frees `refs` (NULL: a no-op) and returns the pages of the weights freed
/// to the system.
void dlcWeightRefsDestroy(DlcWeightRefs *refs);

#endif // DLC_SUPPORT_RELEASEWEIGHTS_H
