//===- SourceDiagnostics.h - Diagnostics as mlir-opt prints them -*- C -*-===//
//
// A DlcDiagnostics is the tools' diagnostic handler. It prints
// "file:line:col: error: message" with the source line and a caret, like
// MLIR's SourceMgrDiagnosticHandler, or, in verify mode, checks diagnostics
// against `expected-(error|warning|note|remark)(-re)? {{message}}` comments
// like mlir-opt --verify-diagnostics: `@+N`, `@-N`, `@above`, `@below`,
// `@unknown`; the message must be contained in the diagnostic's, and with
// `-re` its `{{regex}}` parts are POSIX extended regexes.
//
// One handler can serve several contexts in turn (mlir-opt parses each
// chunk of a split file in a fresh context): attach it to each.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_TOOLS_SOURCEDIAGNOSTICS_H
#define DLC_TOOLS_SOURCEDIAGNOSTICS_H

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct DlcDiagnostics DlcDiagnostics;

/// Creates a handler printing to `out`, attached to `ctx` unless it is null.
/// In verify mode, unexpected diagnostics are reported as they come and
/// missing ones by dlcDiagnosticsVerifyFinish.
DlcDiagnostics *dlcDiagnosticsCreate(MlirContext ctx, FILE *out, bool verify);
/// Detaches from the current context, if any, and attaches to `ctx`.
void dlcDiagnosticsAttach(DlcDiagnostics *d, MlirContext ctx);
/// Detaches from the current context (call before destroying it).
void dlcDiagnosticsDetach(DlcDiagnostics *d);
/// Verify mode: ignore diagnostics nobody expected (mlir-opt's
/// --verify-diagnostics=only-expected).
void dlcDiagnosticsSetOnlyExpected(DlcDiagnostics *d, bool onlyExpected);
void dlcDiagnosticsDestroy(DlcDiagnostics *d);

/// Makes `text` (not copied; must outlive the handler's use) the source of
/// `bufferName` for printing source lines. In verify mode also collects its
/// expectations; returns false (after printing) if one is malformed.
bool dlcDiagnosticsAddSource(DlcDiagnostics *d, const char *bufferName, const char *text,
                             size_t length);
/// Verify mode: reports the expected diagnostics that were not produced and
/// forgets the expectations. True when every diagnostic seen so far was
/// expected (or unexpected ones are ignored) and every expected one came.
bool dlcDiagnosticsVerifyFinish(DlcDiagnostics *d);
/// Number of errors seen (printed or expected) since creation.
int dlcDiagnosticsErrorCount(const DlcDiagnostics *d);

#endif // DLC_TOOLS_SOURCEDIAGNOSTICS_H
