//===- MergeCallees.c - Merging callees with the same body ------*- C -*-===//
//
// Two callees are the same function when their printed forms are equal once
// their names are: the printer numbers values per function, and prints
// attributes (constants, argument attributes) in full, so equal text means
// equal operations, types, attributes and argument attributes. Printing is
// linear in the IR; the texts are compared through a hash table.
//
//===----------------------------------------------------------------------===//

#include "Transforms/MergeCallees.h"

#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

// The function's text with the name every callee is printed under.
static void printAnonymous(MlirOperation func, MlirOpPrintingFlags flags, DlcStr *out) {
  MlirContext ctx = mlirOperationGetContext(func);
  MlirAttribute name = mlirOperationGetAttributeByName(func, ref("sym_name"));
  mlirOperationSetAttributeByName(func, ref("sym_name"), mlirStringAttrGet(ctx, ref("_")));
  mlirOperationPrintWithFlags(func, flags, dlcStrCallback, out);
  mlirOperationSetAttributeByName(func, ref("sym_name"), name);
}

static uint64_t hashText(const char *s, size_t n) {
  uint64_t h = 1469598103934665603ull; // FNV-1a
  for (size_t i = 0; i < n; ++i)
    h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

typedef struct Entry {
  char *text; ///< NULL: free slot
  size_t len;
  uint64_t hash;
  intptr_t func; ///< index of the first function with this text
} Entry;

intptr_t dlcMergeSameCallees(MlirOperation *funcs, MlirOperation *calls, intptr_t n,
                             MlirSymbolTable symbols) {
  if (n < 2)
    return 0;
  size_t cap = 16;
  while (cap < (size_t)n * 2)
    cap *= 2;
  Entry *table = calloc(cap, sizeof *table);
  if (!table)
    abort();
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsPrintGenericOpForm(flags);
  // Values numbered from 0 in each function, not after its enclosing ones.
  mlirOpPrintingFlagsUseLocalScope(flags);
  intptr_t merged = 0;
  for (intptr_t i = 0; i < n; ++i) {
    DlcStr text = DLC_STR_INIT;
    printAnonymous(funcs[i], flags, &text);
    uint64_t h = hashText(dlcStrGet(&text), text.len);
    size_t slot = (size_t)h & (cap - 1);
    while (table[slot].text &&
           !(table[slot].hash == h && table[slot].len == text.len &&
             !memcmp(table[slot].text, text.data, text.len)))
      slot = (slot + 1) & (cap - 1);
    if (!table[slot].text) {
      table[slot] = (Entry){text.data ? text.data : dlcStrndup("", 0), text.len, h, i};
      continue;
    }
    dlcStrFree(&text);
    MlirOperation same = funcs[table[slot].func];
    MlirAttribute name = mlirOperationGetAttributeByName(same, ref("sym_name"));
    mlirOperationSetAttributeByName(
        calls[i], ref("callee"),
        mlirFlatSymbolRefAttrGet(mlirOperationGetContext(same), mlirStringAttrGetValue(name)));
    mlirSymbolTableErase(symbols, funcs[i]);
    ++merged;
  }
  mlirOpPrintingFlagsDestroy(flags);
  for (size_t s = 0; s < cap; ++s)
    free(table[s].text);
  free(table);
  return merged;
}
