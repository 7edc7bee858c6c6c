//===- File.h - Writing files whole or not at all ---------------*- C -*-===//
//
// DLC's tools never leave a partial output file: they write a temporary
// file next to the target and rename it into place only when complete.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_FILE_H
#define DLC_SUPPORT_FILE_H

#include "Support/Str.h"
#include "dlc-c/Support.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/// The whole content of the file at `path` ("-": stdin), NUL-terminated
/// (the NUL not counted in `*size`); free() it. On failure appends
/// "cannot open <what> '<path>': <reason>" (or "cannot read") to `error`
/// and returns NULL; `what` says what the file is ("input file"; NULL:
/// nothing). Anything but a regular file or stdin is refused (a FIFO
/// would block, a device never end). Out of memory aborts, as everywhere in
/// DLC.
char *dlcReadFile(const char *path, const char *what, size_t *size, DlcStr *error);

/// `path` opened for reading ("rb") when it is a regular file, without
/// blocking on a FIFO; else NULL with "cannot open <what> '<path>':
/// <reason>" appended to `error`.
FILE *dlcOpenRegularFile(const char *path, const char *what, DlcStr *error);

/// A temporary name next to `path`: "<path>.tmp<pid><suffix>" (malloc'ed).
char *dlcTemporaryPath(const char *path, const char *suffix);

/// Writes the `numChunks` buffers, in order, to `path` through a temporary
/// file renamed into place: `path` ends up complete or untouched (through a
/// symlink, its target is replaced and the link stays; a replaced file keeps
/// its permissions). A path that exists and is no regular file (/dev/null,
/// a FIFO) is written in place instead, never replaced; a FIFO without a
/// reader fails rather than blocks. On failure appends "cannot write
/// '<path>': <reason>" to `error` and returns false.
bool dlcWriteFileAtomically(const char *path, intptr_t numChunks, const void *const *chunks,
                            const size_t *sizes, DlcStr *error);
/// As dlcWriteFileAtomically, the error naming `shown` rather than `path`:
/// for an intermediate file written on the way to `shown` (an object file
/// that becomes a shared library), which the user never named.
bool dlcWriteFileAtomicallyAs(const char *path, const char *shown, intptr_t numChunks,
                              const void *const *chunks, const size_t *sizes, DlcStr *error);

#endif // DLC_SUPPORT_FILE_H
