//===- Diag.c - Located diagnostics from C -----------------------*- C -*-===//

#include "Support/Diag.h"
#include "Support/Str.h"

#include "mlir-c/Diagnostics.h"

void dlcEmitError(MlirLocation loc, const char *fmt, ...) {
  DlcStr s = DLC_STR_INIT;
  va_list ap;
  va_start(ap, fmt);
  dlcStrVPrintf(&s, fmt, ap);
  va_end(ap);
  mlirEmitError(loc, dlcStrGet(&s));
  dlcStrFree(&s);
}

void dlcEmitOpError(MlirOperation op, const char *fmt, ...) {
  DlcStr s = DLC_STR_INIT;
  MlirIdentifier name = mlirOperationGetName(op);
  MlirStringRef n = mlirIdentifierStr(name);
  dlcStrPuts(&s, "'");
  dlcStrAppend(&s, n.data, n.length);
  dlcStrPuts(&s, "' op ");
  va_list ap;
  va_start(ap, fmt);
  dlcStrVPrintf(&s, fmt, ap);
  va_end(ap);
  mlirEmitError(mlirOperationGetLocation(op), dlcStrGet(&s));
  dlcStrFree(&s);
}
