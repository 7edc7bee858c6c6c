//===- Bindings.h - --bind-input NAME=FILE for the tools ---------*- C -*-===//
//
// dlc-run and dlc-translate fold shape-like ONNX graph inputs into
// constants at import; this parses their `NAME=FILE` arguments and holds
// the tensors read from the files.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TOOLS_BINDINGS_H
#define DLC_TOOLS_BINDINGS_H

#include "Text.h"
#include "dlc-c/Onnx.h"

#include <stdbool.h>

typedef struct DlcBindingList {
  intptr_t count;
  char **names;           ///< owned
  char **paths;           ///< owned: the files the values were read from
  DlcTensor *values;      ///< owned
  DlcOnnxBinding *table;  ///< what the importer reads, rebuilt by GetOptions
} DlcBindingList;

#define DLC_BINDING_LIST_INIT {0, NULL, NULL, NULL, NULL}

/// Parses "NAME=FILE" and reads FILE (.npy or .pb). On error appends a
/// message naming the argument or the file to `error` and returns false.
bool dlcBindingListAdd(DlcBindingList *list, const char *spec, Text *error);
/// Import options pointing into `list` (valid until it changes).
DlcOnnxImportOptions dlcBindingListGetOptions(DlcBindingList *list);
void dlcBindingListDestroy(DlcBindingList *list);

#endif // DLC_TOOLS_BINDINGS_H
