/*===-- dlc-c/Diagnostics.h - Printing diagnostics ------------------*- C -*-===*\
|*                                                                            *|
|* Every DLC function reports problems as MLIR diagnostics on the context,    *|
|* never on stderr. A tool that wants them printed as mlir-opt prints them    *|
|* attaches this handler.                                                     *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_DIAGNOSTICS_H
#define DLC_C_DIAGNOSTICS_H

#include "dlc-c/Support.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Attaches to `ctx` a handler that prints each diagnostic to `stream` as
/// "file:line:col: error: message" (then its notes, and a call site's
/// callers as "called from" notes), one write per diagnostic, and handles
/// it. `stream` must outlive the handler. Returns its id, for
/// mlirContextDetachDiagnosticHandler; destroying the context detaches it.
DLC_CAPI_EXPORTED MlirDiagnosticHandlerID
dlcContextAttachPrintingDiagnosticHandler(MlirContext ctx, FILE *stream);

/// Formats `diagnostic` as that handler prints it (its notes and callers
/// included, each line ending in a newline) and passes the whole text to
/// `callback` in one call.
DLC_CAPI_EXPORTED void dlcDiagnosticPrint(MlirDiagnostic diagnostic, MlirStringCallback callback,
                                          void *userData);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_DIAGNOSTICS_H */
