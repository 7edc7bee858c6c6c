//===- Str.h - Growable strings for messages and printing -------*- C -*-===//
//
// DlcStr is a NUL-terminated, heap-grown string. It is how DLC formats
// diagnostics and captures MLIR's printer output (dlcStrCallback).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_STR_H
#define DLC_SUPPORT_STR_H

#include "mlir-c/IR.h"

#include <stdarg.h>
#include <stddef.h>

typedef struct DlcStr {
  char *data; // NUL-terminated; NULL while empty
  size_t len;
  size_t cap;
} DlcStr;

#define DLC_STR_INIT {NULL, 0, 0}

void dlcStrAppend(DlcStr *s, const char *data, size_t len);
void dlcStrPuts(DlcStr *s, const char *cstr);
void dlcStrPrintf(DlcStr *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void dlcStrVPrintf(DlcStr *s, const char *fmt, va_list ap);
/// MlirStringCallback appending to the DlcStr passed as userData.
void dlcStrCallback(MlirStringRef piece, void *userData);
void dlcStrAppendType(DlcStr *s, MlirType type);
void dlcStrAppendAttr(DlcStr *s, MlirAttribute attr);
void dlcStrAppendInts(DlcStr *s, const int64_t *v, int64_t n);
/// The contents, never NULL ("" while empty).
const char *dlcStrGet(const DlcStr *s);
void dlcStrClear(DlcStr *s);
void dlcStrFree(DlcStr *s);
/// Returns a malloc'ed copy of `len` bytes of `data`, NUL-terminated.
char *dlcStrndup(const char *data, size_t len);

#endif // DLC_SUPPORT_STR_H
