//===- Values.c - The importer's table of named values ----------*- C -*-===//
//
// ONNX names every value (graph inputs, initializers, node outputs) with a
// string; this hash table maps them to what the importer knows. Entries are
// allocated one by one so that pointers to them stay valid while it grows.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"

#include <stdlib.h>
#include <string.h>

static size_t hashName(const char *s) {
  size_t h = 14695981039346656037u; // FNV-1a
  for (; *s; ++s)
    h = (h ^ (unsigned char)*s) * 1099511628211u;
  return h;
}

static DlcOnnxValue **findSlot(DlcOnnxValue **slots, size_t cap, const char *name) {
  size_t i = hashName(name) & (cap - 1);
  while (slots[i] && strcmp(slots[i]->name, name))
    i = (i + 1) & (cap - 1);
  return &slots[i];
}

DlcOnnxValue *dlcOnnxValueLookup(const DlcOnnxValueTable *t, const char *name) {
  if (!t->cap)
    return NULL;
  return *findSlot(t->slots, t->cap, name);
}

static void grow(DlcOnnxValueTable *t) {
  size_t cap = t->cap ? t->cap * 2 : 64;
  DlcOnnxValue **slots = calloc(cap, sizeof *slots);
  if (!slots)
    abort();
  for (size_t i = 0; i < t->cap; ++i)
    if (t->slots[i])
      *findSlot(slots, cap, t->slots[i]->name) = t->slots[i];
  free(t->slots);
  t->slots = slots;
  t->cap = cap;
}

DlcOnnxValue *dlcOnnxValueGet(DlcOnnxValueTable *t, const char *name) {
  DlcOnnxValue *v = dlcOnnxValueLookup(t, name);
  if (v)
    return v;
  if ((t->count + 1) * 2 > t->cap) // keep the load under one half
    grow(t);
  v = calloc(1, sizeof *v);
  if (!v)
    abort();
  v->name = name;
  v->producer = -1;
  v->position = -1;
  *findSlot(t->slots, t->cap, name) = v;
  ++t->count;
  return v;
}

void dlcOnnxValueTableFree(DlcOnnxValueTable *t) {
  for (size_t i = 0; i < t->cap; ++i) {
    DlcOnnxValue *v = t->slots[i];
    if (!v)
      continue;
    if (v->ownsConstant)
      dlcTensorDestroy(&v->constant);
    free(v->elems);
    free(v);
  }
  free(t->slots);
  memset(t, 0, sizeof *t);
}
