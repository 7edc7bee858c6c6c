//===- JitModule.h - A lowered module made ready for the JIT -----*- C -*-===//
//
// What the JIT needs of a module lowered to the LLVM dialect beyond what an
// artifact has: an entry point of one signature for any entry, and its
// destructors as functions to call (ORC links object files and runs none
// of theirs).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_RUNTIME_JITMODULE_H
#define DLC_RUNTIME_JITMODULE_H

#include "mlir-c/IR.h"

#include <stdbool.h>

/// Adds `void _mlir_<name>(ptr args)`, which calls @<name> (pointers in,
/// an i32 or nothing out) on *args[0], *args[1], ... and stores its result
/// at *args[n]. False after a diagnostic.
bool dlcJitModuleAddPackedWrapper(MlirModule module, const char *name);

/// Removes the module's llvm.mlir.global_dtors, gives the functions they
/// name external linkage and returns those names in *names (malloc'ed, as
/// each name), to call before the code goes.
intptr_t dlcJitModuleTakeDestructors(MlirModule module, char ***names);

#endif // DLC_RUNTIME_JITMODULE_H
