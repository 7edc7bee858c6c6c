//===- Jit.h - Object files linked into this process -------------*- C -*-===//
//
// An executable's code: the object files of its parts (Target/Parts.h),
// linked in memory by LLVM's ORC LLJIT against the symbols the process has
// (libc, libm), the OpenMP runtime for code that runs on threads, and the
// absolute symbols the executable defines (its weights, the profile mark).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_RUNTIME_JIT_H
#define DLC_RUNTIME_JIT_H

#include "Support/Str.h"

#include "llvm-c/Types.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct DlcJit DlcJit;

/// A JIT that resolves what its objects import in this process and, when
/// `runtimeLibrary` is not NULL, in that shared library (loaded for good).
/// NULL with a message appended to `error`.
DlcJit *dlcJitCreate(const char *runtimeLibrary, DlcStr *error);

/// Adds an object file (the JIT owns it): linked at the first lookup.
bool dlcJitAddObject(DlcJit *jit, LLVMMemoryBufferRef object, DlcStr *error);

/// Defines `name` at `address`, before the first lookup.
bool dlcJitDefine(DlcJit *jit, const char *name, void *address, DlcStr *error);

/// The address of `name`, linking what it needs; NULL with a message.
void *dlcJitLookup(DlcJit *jit, const char *name, DlcStr *error);

void dlcJitDestroy(DlcJit *jit);

#endif // DLC_RUNTIME_JIT_H
