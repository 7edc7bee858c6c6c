//===- Diagnostics.c - Printing diagnostics as mlir-opt does -----*- C -*-===//
//
// "file:line:col: severity: message" for each diagnostic and its notes,
// with call sites as "called from" notes, as MLIR's
// SourceMgrDiagnosticHandler prints them (without source lines, which it
// prints from buffers the C API does not expose).
//
//===----------------------------------------------------------------------===//

#include "dlc-c/Diagnostics.h"

#include "Support/Str.h"

#include <stdlib.h>
#include <string.h>

// The first file:line:col inside a location, as MLIR's findInstanceOf
// finds it (through names, call sites' callees and fused locations).
static bool fileLineCol(MlirLocation loc, MlirStringRef *file, unsigned *line, unsigned *col) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    *file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
    *line = (unsigned)mlirLocationFileLineColRangeGetStartLine(loc);
    *col = (unsigned)mlirLocationFileLineColRangeGetStartColumn(loc);
    return true;
  }
  if (mlirLocationIsAName(loc))
    return fileLineCol(mlirLocationNameGetChildLoc(loc), file, line, col);
  if (mlirLocationIsACallSite(loc))
    return fileLineCol(mlirLocationCallSiteGetCallee(loc), file, line, col) ||
           fileLineCol(mlirLocationCallSiteGetCaller(loc), file, line, col);
  if (mlirLocationIsAFused(loc)) {
    intptr_t n = mlirLocationFusedGetNumLocations(loc);
    MlirLocation *locs = malloc((size_t)(n ? n : 1) * sizeof *locs);
    if (!locs)
      abort();
    mlirLocationFusedGetLocations(loc, locs);
    bool found = false;
    for (intptr_t i = 0; i < n && !found; ++i)
      found = fileLineCol(locs[i], file, line, col);
    free(locs);
    return found;
  }
  return false;
}

// The call site a diagnostic location stands for, if any (MLIR prints its
// callers as "called from" notes).
static bool callSiteOf(MlirLocation loc, MlirLocation *callSite) {
  if (mlirLocationIsAName(loc))
    return callSiteOf(mlirLocationNameGetChildLoc(loc), callSite);
  if (mlirLocationIsACallSite(loc)) {
    *callSite = loc;
    return true;
  }
  return false;
}

static const char *severityName(MlirDiagnosticSeverity s) {
  switch (s) {
  case MlirDiagnosticError:
    return "error";
  case MlirDiagnosticWarning:
    return "warning";
  case MlirDiagnosticNote:
    return "note";
  case MlirDiagnosticRemark:
    return "remark";
  }
  return "error";
}

// "file:line:col: severity: message"; locations without a file print as
// MLIR's handler prints them.
static void formatAt(DlcStr *s, MlirLocation loc, MlirDiagnosticSeverity severity,
                     const char *message) {
  MlirStringRef file;
  unsigned line, col;
  if (!fileLineCol(loc, &file, &line, &col)) {
    dlcStrPrintf(s, "<unknown>:0: %s: ", severityName(severity));
    DlcStr printed = DLC_STR_INIT;
    mlirLocationPrint(loc, dlcStrCallback, &printed);
    if (strcmp(dlcStrGet(&printed), "loc(unknown)"))
      dlcStrPrintf(s, "%s: ", dlcStrGet(&printed));
    dlcStrFree(&printed);
    dlcStrPrintf(s, "%s\n", message);
    return;
  }
  dlcStrPrintf(s, "%.*s:%u:%u: %s: %s\n", (int)file.length, file.data, line, col,
               severityName(severity), message);
}

// The whole diagnostic, notes and callers included, into `out`.
static void format(MlirDiagnostic diag, DlcStr *outText) {
  DlcStr message = DLC_STR_INIT, out = DLC_STR_INIT;
  mlirDiagnosticPrint(diag, dlcStrCallback, &message);
  MlirLocation loc = mlirDiagnosticGetLocation(diag), callSite;
  if (callSiteOf(loc, &callSite)) {
    formatAt(&out, mlirLocationCallSiteGetCallee(callSite), mlirDiagnosticGetSeverity(diag),
             dlcStrGet(&message));
    MlirLocation caller = mlirLocationCallSiteGetCaller(callSite);
    for (int depth = 0; depth < 10; ++depth) {
      MlirLocation next;
      bool more = callSiteOf(caller, &next);
      formatAt(&out, more ? mlirLocationCallSiteGetCallee(next) : caller, MlirDiagnosticNote,
               "called from");
      if (!more)
        break;
      caller = mlirLocationCallSiteGetCaller(next);
    }
  } else {
    formatAt(&out, loc, mlirDiagnosticGetSeverity(diag), dlcStrGet(&message));
  }
  for (intptr_t i = 0, n = mlirDiagnosticGetNumNotes(diag); i < n; ++i) {
    MlirDiagnostic note = mlirDiagnosticGetNote(diag, i);
    dlcStrClear(&message);
    mlirDiagnosticPrint(note, dlcStrCallback, &message);
    formatAt(&out, mlirDiagnosticGetLocation(note), mlirDiagnosticGetSeverity(note),
             dlcStrGet(&message));
  }
  dlcStrAppend(outText, out.data ? out.data : "", out.len);
  dlcStrFree(&message);
  dlcStrFree(&out);
}

void dlcDiagnosticPrint(MlirDiagnostic diagnostic, MlirStringCallback callback, void *userData) {
  DlcStr out = DLC_STR_INIT;
  format(diagnostic, &out);
  callback(mlirStringRefCreate(out.data ? out.data : "", out.len), userData);
  dlcStrFree(&out);
}

static MlirLogicalResult printDiagnostic(MlirDiagnostic diag, void *userData) {
  FILE *stream = userData;
  DlcStr out = DLC_STR_INIT;
  format(diag, &out);
  // One write per diagnostic: messages of several threads never interleave.
  fputs(dlcStrGet(&out), stream);
  fflush(stream);
  dlcStrFree(&out);
  return mlirLogicalResultSuccess();
}

MlirDiagnosticHandlerID dlcContextAttachPrintingDiagnosticHandler(MlirContext ctx, FILE *stream) {
  return mlirContextAttachDiagnosticHandler(ctx, printDiagnostic, stream, NULL);
}
