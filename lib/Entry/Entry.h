//===- Entry.h - Finding entries in a module ----------------------*- C -*-===//
//
// The entry concept, below lib/Target and lib/Runtime (which both use it):
// which functions of a module are entries, and their names.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_ENTRY_ENTRY_H
#define DLC_ENTRY_ENTRY_H

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/// The entries of `module` in order: public `func.func` definitions and
/// externally visible `llvm.func` definitions. Returns their number and a
/// malloc'ed array (the caller frees it; NULL when there are none).
intptr_t dlcModuleCollectEntries(MlirModule module, MlirOperation **entries);

/// Emits "entry @NAME" followed by the formatted message at `entry`'s
/// location (the format starts with its separator: " has ...", ": ...").
void dlcEntryEmitError(MlirOperation entry, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// True for a C identifier ([A-Za-z_][A-Za-z0-9_]*).
bool dlcIsCIdentifier(MlirStringRef name);

/// True when `module` holds OpenMP ops (code lowered for more than one
/// thread): its code calls the OpenMP runtime.
bool dlcModuleUsesOpenMP(MlirModule module);

/// LLVM's OpenMP runtime library found at build time ("" when none was).
extern const char dlcOpenMPRuntimePath[];

#endif // DLC_ENTRY_ENTRY_H
