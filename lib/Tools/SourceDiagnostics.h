//===- SourceDiagnostics.h - Diagnostics as mlir-opt prints them -*- C -*-===//
//
// A DlcDiagnostics is a context diagnostic handler for the tools. It prints
// "file:line:col: error: message" with the source line and a caret, like
// MLIR's SourceMgrDiagnosticHandler, or, in verify mode, checks diagnostics
// against `expected-error/warning/note/remark` comments in the source, like
// mlir-opt --verify-diagnostics (`@+N`, `@-N`, `@above`, `@below`, `@N`,
// `{{regex}}` inside the message).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TOOLS_SOURCEDIAGNOSTICS_H
#define DLC_TOOLS_SOURCEDIAGNOSTICS_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct DlcDiagnostics DlcDiagnostics;

/// Creates a handler on `ctx` printing to `out`. In verify mode nothing is
/// printed until dlcDiagnosticsVerifyFinish.
DlcDiagnostics *dlcDiagnosticsCreate(MlirContext ctx, FILE *out, bool verify);
void dlcDiagnosticsDestroy(DlcDiagnostics *d);

/// Makes `text` (not copied; must outlive the handler's use) the source of
/// `bufferName` for printing source lines. In verify mode also collects
/// its expectations; returns false (after printing) if one is malformed.
bool dlcDiagnosticsAddSource(DlcDiagnostics *d, const char *bufferName, const char *text,
                             size_t length);
/// Verify mode: reports expected diagnostics that were not produced and
/// those produced but not expected, then forgets the expectations. Returns
/// true when everything matched.
bool dlcDiagnosticsVerifyFinish(DlcDiagnostics *d);
/// Number of errors seen (printed or expected) since creation.
int dlcDiagnosticsErrorCount(const DlcDiagnostics *d);

#endif // DLC_TOOLS_SOURCEDIAGNOSTICS_H
