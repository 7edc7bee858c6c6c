//===- Parts.h - A lowered module compiled on several threads ----*- C -*-===//
//
// LLVM optimizes a module and generates its code on one thread: for
// DenseNet-121, half of its compile time. After dlc-outline-loop-nests a
// model is a function per layer, so its functions split among parts of
// about equal size, each an LLVM module in a context of its own, which
// threads optimize and emit into object files side by side. The parts
// link back into one program: a function defined in one part is declared
// in the others, with external linkage; a constant global is copied into
// every part; every other global lives in the first part.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TARGET_PARTS_H
#define DLC_TARGET_PARTS_H

#include "Target/HostModule.h"

typedef struct DlcParts {
  DlcHostModule *modules; ///< one per part, until dlcPartsCompile
  LLVMMemoryBufferRef *objects; ///< one per part, after dlcPartsCompile; owned
  intptr_t count;
} DlcParts;

/// The threads `options` give LLVM: compileThreads, else the cores.
intptr_t dlcCompileThreads(const DlcCompileOptions *options);

/// Splits `module`, lowered to the LLVM dialect, into a part per compile
/// thread (fewer for a module of few functions) and translates each. Split,
/// the module is left as it was but for the constants that every call of
/// a function passes, moved into the function (what LLVM's IPSCCP would
/// do were they one module). Fails after an error diagnostic.
bool dlcPartsCreate(MlirModule module, const DlcCompileOptions *options, DlcParts *out);

/// Optimizes each part at `optLevel` and emits its object file, each on a
/// thread of its own; the LLVM modules are freed as they are done. Fails
/// after an error diagnostic at `loc`.
bool dlcPartsCompile(DlcParts *parts, int optLevel, MlirLocation loc);

/// Takes part `i`'s object file: the caller owns it.
LLVMMemoryBufferRef dlcPartsTakeObject(DlcParts *parts, intptr_t i);

void dlcPartsDestroy(DlcParts *parts);

#endif // DLC_TARGET_PARTS_H
