//===- JitWeights.h - Weights an executable owns, outside LLVM ---*- C -*-===//
//
// Given to LLVM as constant initializers, a model's weights exist four
// times while the JIT compiles (the module's blobs, LLVM IR constants, the
// object file, the JIT's sections) and cost seconds of translation and
// emission. An executable instead declares its large constant globals
// external, binds each to a slice of one buffer it owns, and copies the
// data in once the code is compiled. An executable created from a module
// it owns instead adopts the blobs that hold them, when the context owns
// them: the symbols point into them and nothing is copied.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_RUNTIME_JITWEIGHTS_H
#define DLC_RUNTIME_JITWEIGHTS_H

#include "Runtime/Jit.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

typedef struct DlcBridgeBlobs DlcBridgeBlobs;

typedef struct DlcJitWeight {
  char *name;
  const void *data; ///< the module's blob, until dlcJitWeightsFill (adopted: for good)
  size_t offset, size; ///< offset: in the buffer, unless adopted
  bool adopted;        ///< bound at `data`, in a blob the weights own
} DlcJitWeight;

typedef struct DlcJitWeights {
  DlcJitWeight *items;
  intptr_t count;
  char *buffer; ///< every weight not adopted, 64-byte aligned; owned
  size_t size;
  DlcBridgeBlobs *blobs; ///< the adopted weights' blobs; owned
} DlcJitWeights;

/// Turns `module`'s (LLVM dialect) constant globals of at least `minBytes`
/// held in dense_resource blobs into external declarations, recording each
/// one's name, data and place in the buffer. The blobs must outlive
/// dlcJitWeightsFill.
void dlcJitWeightsExternalize(MlirModule module, size_t minBytes, DlcJitWeights *weights);

/// Moves the blobs that hold the recorded weights out of `ctx` where the
/// context owns them and they are aligned as the buffer would be: those
/// weights are then bound in place, never copied, and their memory goes
/// with dlcJitWeightsDestroy. The context's resources are left empty, so
/// only for a caller that gave up the module: after the module is
/// translated (an initializer may share a blob) and before
/// dlcJitWeightsBind.
void dlcJitWeightsAdopt(DlcJitWeights *weights, MlirContext ctx);

/// Allocates the buffer and defines each weight's symbol in `jit` at its
/// slice; before the JIT links (its first lookup). False with a message
/// in `error`.
bool dlcJitWeightsBind(DlcJitWeights *weights, DlcJit *jit, DlcStr *error);

/// Copies each weight into its slice: after compilation, so that the data
/// is never in memory more than twice at once.
void dlcJitWeightsFill(DlcJitWeights *weights);

void dlcJitWeightsDestroy(DlcJitWeights *weights);

#endif // DLC_RUNTIME_JITWEIGHTS_H
