//===- Str.c - Growable strings for messages and printing -------*- C -*-===//

#include "Support/Str.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reserve(DlcStr *s, size_t extra) {
  if (s->len + extra + 1 <= s->cap)
    return;
  size_t cap = s->cap ? s->cap : 64;
  while (cap < s->len + extra + 1)
    cap *= 2;
  char *data = realloc(s->data, cap);
  if (!data)
    abort();
  s->data = data;
  s->cap = cap;
}

void dlcStrAppend(DlcStr *s, const char *data, size_t len) {
  reserve(s, len);
  if (len)
    memcpy(s->data + s->len, data, len);
  s->len += len;
  s->data[s->len] = '\0';
}

void dlcStrPuts(DlcStr *s, const char *cstr) { dlcStrAppend(s, cstr, strlen(cstr)); }

void dlcStrVPrintf(DlcStr *s, const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0)
    return;
  reserve(s, (size_t)n);
  vsnprintf(s->data + s->len, (size_t)n + 1, fmt, ap);
  s->len += (size_t)n;
}

void dlcStrPrintf(DlcStr *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  dlcStrVPrintf(s, fmt, ap);
  va_end(ap);
}

void dlcStrCallback(MlirStringRef piece, void *userData) {
  dlcStrAppend((DlcStr *)userData, piece.data, piece.length);
}

void dlcStrAppendType(DlcStr *s, MlirType type) { mlirTypePrint(type, dlcStrCallback, s); }

void dlcStrAppendAttr(DlcStr *s, MlirAttribute attr) {
  mlirAttributePrint(attr, dlcStrCallback, s);
}

void dlcStrAppendInts(DlcStr *s, const int64_t *v, int64_t n) {
  dlcStrPuts(s, "[");
  for (int64_t i = 0; i < n; ++i)
    dlcStrPrintf(s, i ? ", %lld" : "%lld", (long long)v[i]);
  dlcStrPuts(s, "]");
}

const char *dlcStrGet(const DlcStr *s) { return s->data ? s->data : ""; }

void dlcStrClear(DlcStr *s) {
  s->len = 0;
  if (s->data)
    s->data[0] = '\0';
}

void dlcStrFree(DlcStr *s) {
  free(s->data);
  s->data = NULL;
  s->len = s->cap = 0;
}

char *dlcStrndup(const char *data, size_t len) {
  char *copy = malloc(len + 1);
  if (!copy)
    abort();
  memcpy(copy, data, len);
  copy[len] = '\0';
  return copy;
}
