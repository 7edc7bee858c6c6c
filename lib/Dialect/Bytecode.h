//===- Bytecode.h - Reading untrusted MLIR bytecode --------------*- C -*-===//
//
// Upstream's bytecode reader trusts its input: corrupt files make it crash,
// hang or allocate gigabytes. DLC never runs it in the caller's process:
// a child process under memory and time limits reads the bytecode and
// prints it as MLIR text, which the caller then parses.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_DIALECT_BYTECODE_H
#define DLC_DIALECT_BYTECODE_H

#include "Support/Str.h"

#include <stdbool.h>
#include <stddef.h>

/// Whether `data` starts with MLIR bytecode's magic number ("ML\xefR").
bool dlcIsBytecode(const char *data, size_t size);

/// The module in the bytecode `data` as generic-form MLIR text with its
/// locations (NUL-terminated; free() it), read in a child process with at
/// most 4 GiB of memory (or 16 times the input) and 30 s of CPU. On failure
/// appends "cannot read bytecode '<name>': <why>" to `error` and returns
/// NULL.
char *dlcBytecodeToText(const char *data, size_t size, const char *name, size_t *textSize,
                        DlcStr *error);

#endif // DLC_DIALECT_BYTECODE_H
