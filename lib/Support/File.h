//===- File.h - Writing files whole or not at all ---------------*- C -*-===//
//
// DLC's tools never leave a partial output file: they write a temporary
// file next to the target and rename it into place only when complete.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_FILE_H
#define DLC_SUPPORT_FILE_H

#include "Support/Str.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// A temporary name next to `path`: "<path>.tmp<pid><suffix>" (malloc'ed).
char *dlcTemporaryPath(const char *path, const char *suffix);

/// Writes the `numChunks` buffers, in order, to `path` through a temporary
/// file renamed into place: `path` ends up complete or untouched. On failure
/// appends "cannot write '<path>': <reason>" to `error` and returns false.
bool dlcWriteFileAtomically(const char *path, intptr_t numChunks, const void *const *chunks,
                            const size_t *sizes, DlcStr *error);

#endif // DLC_SUPPORT_FILE_H
