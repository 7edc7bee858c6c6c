//===- Text.h - Growable text for the tools ---------------------*- C -*-===//
//
// The tools are built on DLC's public C API alone (include/dlc-c), as
// Lua's lauxlib is on lua.h: this is their own string builder, for
// messages and for what MLIR's string callbacks print.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TOOLS_SUPPORT_TEXT_H
#define DLC_TOOLS_SUPPORT_TEXT_H

#include "mlir-c/Support.h"

#include <stddef.h>
#include <stdint.h>

typedef struct Text {
  char *data; ///< NUL-terminated once anything was added; NULL before
  size_t len, cap;
} Text;

#define TEXT_INIT {NULL, 0, 0}

void textAppend(Text *t, const char *data, size_t len);
void textPuts(Text *t, const char *cstr);
void textPrintf(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// An MlirStringCallback appending to the Text `userData`.
void textCallback(MlirStringRef piece, void *userData);
/// "[1, 2, 3]".
void textAppendInts(Text *t, const int64_t *v, int64_t n);
/// The text so far ("" when empty), valid until the next change.
const char *textGet(const Text *t);
void textFree(Text *t);
/// A malloc'ed, NUL-terminated copy of `len` bytes of `data`.
char *textDup(const char *data, size_t len);

#endif // DLC_TOOLS_SUPPORT_TEXT_H
