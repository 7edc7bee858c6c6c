//===- Docs.h - Markdown docs generated from DLC's tables -------*- C -*-===//

#ifndef DLC_TOOLS_DOCS_H
#define DLC_TOOLS_DOCS_H

#include <stdbool.h>
#include <stdio.h>

/// Prints docs/GraphDialect.md ("dlc_graph"), docs/TensorDialect.md
/// ("dlc_tensor") or docs/Passes.md ("passes"); false for another name.
bool dlcPrintDocs(const char *which, FILE *out);

#endif // DLC_TOOLS_DOCS_H
