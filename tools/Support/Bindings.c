//===- Bindings.c - --bind-input NAME=FILE for the tools --------*- C -*-===//

#include "Bindings.h"

#include <stdlib.h>
#include <string.h>

bool dlcBindingListAdd(DlcBindingList *list, const char *spec, Text *error) {
  const char *eq = strchr(spec, '=');
  if (!eq || eq == spec || !eq[1]) {
    textPrintf(error, "--bind-input expects NAME=FILE, got '%s'", spec);
    return false;
  }
  for (intptr_t i = 0; i < list->count; ++i) {
    if (strlen(list->names[i]) == (size_t)(eq - spec) && !strncmp(list->names[i], spec, (size_t)(eq - spec))) {
      textPrintf(error, "--bind-input: input '%s' is bound twice", list->names[i]);
      return false;
    }
  }
  DlcTensor value;
  if (mlirLogicalResultIsFailure(dlcTensorCreateFromFile(mlirStringRefCreateFromCString(eq + 1), &value, textCallback, error)))
    return false;
  list->names = realloc(list->names, sizeof(char *) * (size_t)(list->count + 1));
  list->paths = realloc(list->paths, sizeof(char *) * (size_t)(list->count + 1));
  list->values = realloc(list->values, sizeof(DlcTensor) * (size_t)(list->count + 1));
  if (!list->names || !list->paths || !list->values)
    abort();
  list->names[list->count] = textDup(spec, (size_t)(eq - spec));
  list->paths[list->count] = textDup(eq + 1, strlen(eq + 1));
  list->values[list->count] = value;
  ++list->count;
  return true;
}

DlcOnnxImportOptions dlcBindingListGetOptions(DlcBindingList *list) {
  free(list->table);
  list->table = malloc(sizeof(DlcOnnxBinding) * (size_t)(list->count ? list->count : 1));
  if (!list->table)
    abort();
  for (intptr_t i = 0; i < list->count; ++i) {
    list->table[i].name = list->names[i];
    list->table[i].value = &list->values[i];
  }
  DlcOnnxImportOptions options = {.numBindings = list->count, .bindings = list->table};
  return options;
}

void dlcBindingListDestroy(DlcBindingList *list) {
  for (intptr_t i = 0; i < list->count; ++i) {
    free(list->names[i]);
    free(list->paths[i]);
    dlcTensorDestroy(&list->values[i]);
  }
  free(list->names);
  free(list->paths);
  free(list->values);
  free(list->table);
  memset(list, 0, sizeof *list);
}
