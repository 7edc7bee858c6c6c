//===- AllocGuards.h - Null tests of allocations ----------------*- C -*-===//
//
// Part of dlc-entry-abi: every memref.alloc that reaches generated code is
// tested for null, wherever it is (AllocGuards.c).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TRANSFORMS_ALLOCGUARDS_H
#define DLC_TRANSFORMS_ALLOCGUARDS_H

#include "mlir-c/IR.h"

/// Gives each private function of `module` that allocates (itself or
/// through its callees) a trailing memref<i32> argument, an out-of-memory
/// flag that its guards set, and guards its allocations and calls.
void dlcGuardCalleeAllocations(MlirOperation module);

/// Guards every allocation of the entry `func`, in its block or nested in
/// loops and branches, and every call of a function that allocates: each
/// gets a status slot (`dlc.status_slot`, named after the allocation or
/// call), set to DlcStatusOutOfMemory when the allocation returns null.
/// Runs before dlcEntryBuildStatus, while the entry returns nothing.
void dlcEntryGuardAllAllocations(MlirOperation func);

/// Removes the marks dlcGuardCalleeAllocations left on the functions it
/// gave a flag, once the entries' calls have been guarded.
void dlcForgetAllocationFlags(MlirOperation module);

#endif // DLC_TRANSFORMS_ALLOCGUARDS_H
