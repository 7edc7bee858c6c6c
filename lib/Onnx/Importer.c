//===- Importer.c - dlcOnnxImportFile ---------------------------*- C -*-===//
//
// The entry point: load the model, import its graph, then report every
// unsupported node and value at once. Also the diagnostic capture that puts
// the ONNX node's name and op type into diagnostics DLC's shape rules and
// verifier emit while the importer builds ops.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"
#include "Support/Diag.h"
#include "dlc-c/Dialects.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

MlirLocation dlcOnnxLoc(DlcOnnxImporter *imp, const char *name, int line) {
  MlirLocation file = mlirLocationFileLineColGet(imp->ctx, mlirStringRefCreateFromCString(imp->path),
                                                 (unsigned)line, line ? 1 : 0);
  return mlirLocationNameGet(imp->ctx, mlirStringRefCreateFromCString(name), file);
}

void dlcOnnxReportUnsupported(DlcOnnxImporter *imp, const char *fmt, ...) {
  dlcStrPuts(&imp->unsupported, "\n  ");
  va_list ap;
  va_start(ap, fmt);
  dlcStrVPrintf(&imp->unsupported, fmt, ap);
  va_end(ap);
  ++imp->numUnsupported;
}

//===----------------------------------------------------------------------===//
// Diagnostic capture
//===----------------------------------------------------------------------===//

static MlirLogicalResult captureHandler(MlirDiagnostic diag, void *userData) {
  DlcOnnxImporter *imp = userData;
  if (!imp->capturing || mlirDiagnosticGetSeverity(diag) != MlirDiagnosticError)
    return mlirLogicalResultFailure(); // not ours: the next handler prints it
  DlcStr message = DLC_STR_INIT;
  mlirDiagnosticPrint(diag, dlcStrCallback, &message);
  if (imp->numCaptured == imp->capCaptured) {
    imp->capCaptured = imp->capCaptured ? imp->capCaptured * 2 : 4;
    imp->captured = realloc(imp->captured, imp->capCaptured * sizeof *imp->captured);
    if (!imp->captured)
      abort();
  }
  imp->captured[imp->numCaptured++] =
      (DlcOnnxCaptured){mlirDiagnosticGetLocation(diag), dlcStrndup(dlcStrGet(&message), message.len)};
  dlcStrFree(&message);
  return mlirLogicalResultSuccess();
}

void dlcOnnxCaptureBegin(DlcOnnxImporter *imp) { imp->capturing = true; }

// The node a location of ours names: NameLoc(name, path:line:1), line = index + 1.
static const Onnx__NodeProto *nodeOf(DlcOnnxImporter *imp, MlirLocation loc, MlirStringRef *name) {
  if (!mlirLocationIsAName(loc))
    return NULL;
  MlirLocation child = mlirLocationNameGetChildLoc(loc);
  if (!mlirLocationIsAFileLineColRange(child))
    return NULL;
  MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(child));
  int line = mlirLocationFileLineColRangeGetStartLine(child);
  if (!mlirStringRefEqual(file, mlirStringRefCreateFromCString(imp->path)) || line < 1 || !imp->graph || (size_t)line > imp->graph->n_node)
    return NULL;
  *name = mlirIdentifierStr(mlirLocationNameGetName(loc));
  return imp->graph->node[line - 1];
}

bool dlcOnnxCaptureEnd(DlcOnnxImporter *imp) {
  imp->capturing = false;
  bool any = imp->numCaptured > 0;
  for (size_t i = 0; i < imp->numCaptured; ++i) {
    DlcOnnxCaptured *c = &imp->captured[i];
    MlirStringRef name;
    const Onnx__NodeProto *node = nodeOf(imp, c->loc, &name);
    if (node)
      dlcEmitError(c->loc, "node '%.*s' (%s): %s", (int)name.length, name.data,
                   node->op_type ? node->op_type : "", c->message);
    else
      mlirEmitError(c->loc, c->message);
    free(c->message);
  }
  imp->numCaptured = 0;
  return any;
}

//===----------------------------------------------------------------------===//
// The entry point
//===----------------------------------------------------------------------===//

char *dlcOnnxDirectoryOf(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash)
    return dlcStrndup(".", 1);
  return dlcStrndup(path, slash == path ? 1 : (size_t)(slash - path));
}

MlirModule dlcOnnxImportFile(MlirContext ctx, MlirStringRef path,
                             const DlcOnnxImportOptions *options) {
  if (mlirLogicalResultIsFailure(dlcContextLoadDialects(ctx)))
    return (MlirModule){NULL};
  DlcOnnxImporter imp;
  memset(&imp, 0, sizeof imp);
  char *pathCopy = dlcStrndup(path.data, path.length);
  imp.ctx = ctx;
  imp.path = pathCopy;
  imp.baseDir = dlcOnnxDirectoryOf(pathCopy);
  imp.fileLoc = mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString(pathCopy), 0, 0);
  imp.options = options;
  imp.captureId = mlirContextAttachDiagnosticHandler(ctx, captureHandler, &imp, NULL);

  MlirModule module = {NULL};
  if (dlcOnnxLoadModel(&imp))
    module = dlcOnnxImportGraph(&imp);
  if (imp.numUnsupported) {
    dlcEmitError(imp.fileLoc, "cannot import '%s': %d unsupported item%s:%s", imp.path,
                 imp.numUnsupported, imp.numUnsupported == 1 ? "" : "s",
                 dlcStrGet(&imp.unsupported));
    if (!mlirModuleIsNull(module))
      mlirModuleDestroy(module);
    module = (MlirModule){NULL};
  }

  mlirContextDetachDiagnosticHandler(ctx, imp.captureId);
  free(imp.captured);
  dlcStrFree(&imp.unsupported);
  dlcOnnxValueTableFree(&imp.values); // before the model: it borrows names
  if (imp.model)
    onnx__model_proto__free_unpacked(imp.model, NULL);
  free(imp.baseDir);
  free(pathCopy);
  return module;
}
