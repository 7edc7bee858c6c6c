//===- JitWeights.h - Weights an executable owns, outside LLVM ---*- C -*-===//
//
// Given to LLVM as constant initializers, a model's weights exist four
// times while the JIT compiles (the module's blobs, LLVM IR constants, the
// object file, the JIT's sections) and cost seconds of translation and
// emission. An executable instead declares its large constant globals
// external, binds each to a slice of one buffer it owns, and copies the
// data in once the code is compiled.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_RUNTIME_JITWEIGHTS_H
#define DLC_RUNTIME_JITWEIGHTS_H

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/IR.h"

typedef struct DlcJitWeight {
  char *name;
  const void *data; ///< the module's blob, until dlcJitWeightsFill
  size_t offset, size;
} DlcJitWeight;

typedef struct DlcJitWeights {
  DlcJitWeight *items;
  intptr_t count;
  char *buffer; ///< every weight, 64-byte aligned; owned
  size_t size;
} DlcJitWeights;

/// Turns `module`'s (LLVM dialect) constant globals of at least `minBytes`
/// held in dense_resource blobs into external declarations, recording each
/// one's name, data and place in the buffer. The blobs must outlive
/// dlcJitWeightsFill.
void dlcJitWeightsExternalize(MlirModule module, size_t minBytes, DlcJitWeights *weights);

/// Allocates the buffer and defines each weight's symbol in `engine` at
/// its slice; before the engine compiles (its first lookup). False when
/// out of memory.
bool dlcJitWeightsBind(DlcJitWeights *weights, MlirExecutionEngine engine);

/// Copies each weight into its slice: after compilation, so that the data
/// is never in memory more than twice at once.
void dlcJitWeightsFill(DlcJitWeights *weights);

void dlcJitWeightsDestroy(DlcJitWeights *weights);

#endif // DLC_RUNTIME_JITWEIGHTS_H
