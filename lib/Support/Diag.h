//===- Diag.h - Located diagnostics from C -----------------------*- C -*-===//
//
// The C API can only emit errors (mlirEmitError). These helpers format them
// the way MLIR's own op verifiers do: "'dlc_graph.conv' op <message>".
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_DIAG_H
#define DLC_SUPPORT_DIAG_H

#include "mlir-c/IR.h"

void dlcEmitError(MlirLocation loc, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/// Emits "'<op name>' op <message>" at the op's location.
void dlcEmitOpError(MlirOperation op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif // DLC_SUPPORT_DIAG_H
