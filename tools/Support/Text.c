//===- Text.c - Growable text for the tools ---------------------*- C -*-===//

#include "Text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Out of memory aborts, as in the library.
static void reserve(Text *t, size_t extra) {
  if (t->len + extra + 1 <= t->cap)
    return;
  size_t cap = t->cap ? t->cap : 64;
  while (cap < t->len + extra + 1)
    cap *= 2;
  char *data = realloc(t->data, cap);
  if (!data)
    abort();
  t->data = data;
  t->cap = cap;
}

void textAppend(Text *t, const char *data, size_t len) {
  reserve(t, len);
  if (len)
    memcpy(t->data + t->len, data, len);
  t->len += len;
  t->data[t->len] = '\0';
}

void textPuts(Text *t, const char *cstr) { textAppend(t, cstr, strlen(cstr)); }

void textPrintf(Text *t, const char *fmt, ...) {
  va_list ap, copy;
  va_start(ap, fmt);
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n >= 0) {
    reserve(t, (size_t)n);
    vsnprintf(t->data + t->len, (size_t)n + 1, fmt, ap);
    t->len += (size_t)n;
  }
  va_end(ap);
}

void textCallback(MlirStringRef piece, void *userData) {
  textAppend((Text *)userData, piece.data, piece.length);
}

void textAppendInts(Text *t, const int64_t *v, int64_t n) {
  textPuts(t, "[");
  for (int64_t i = 0; i < n; ++i)
    textPrintf(t, i ? ", %lld" : "%lld", (long long)v[i]);
  textPuts(t, "]");
}

const char *textGet(const Text *t) { return t->data ? t->data : ""; }

void textFree(Text *t) {
  free(t->data);
  t->data = NULL;
  t->len = t->cap = 0;
}

char *textDup(const char *data, size_t len) {
  char *copy = malloc(len + 1);
  if (!copy)
    abort();
  memcpy(copy, data, len);
  copy[len] = '\0';
  return copy;
}
