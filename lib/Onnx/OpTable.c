//===- OpTable.c - Which translator imports which ONNX op -------*- C -*-===//
//
// Each family file (Ops*.c) lists its op types, one entry per version whose
// semantics or attributes differ within opsets 11 to 25. A node uses the
// newest entry not newer than the model's opset, as ONNX resolves versions.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include <limits.h>
#include <string.h>

typedef const DlcOnnxOpEntry *(*TableFn)(size_t *count);

static const TableFn tables[] = {dlcOnnxElementwiseOps, dlcOnnxLinearOps, dlcOnnxNormOps,
                                 dlcOnnxShapeOps, dlcOnnxTensorOps};

const DlcOnnxOpEntry *dlcOnnxLookupOp(const char *opType, int64_t opset, int *firstSince) {
  const DlcOnnxOpEntry *best = NULL;
  int first = INT_MAX;
  for (size_t t = 0; t < sizeof tables / sizeof *tables; ++t) {
    size_t count;
    const DlcOnnxOpEntry *entries = tables[t](&count);
    for (size_t i = 0; i < count; ++i) {
      const DlcOnnxOpEntry *e = &entries[i];
      if (strcmp(e->opType, opType))
        continue;
      if (e->since < first)
        first = e->since;
      if (e->since <= opset && (!best || e->since > best->since))
        best = e;
    }
  }
  *firstSince = first == INT_MAX ? 0 : first;
  return best;
}
