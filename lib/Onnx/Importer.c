//===- Importer.c - TEMPORARY placeholder: the importer is being written ===//

#include "dlc-c/Onnx.h"

#include "mlir-c/Diagnostics.h"

MlirModule dlcOnnxImportFile(MlirContext ctx, MlirStringRef path,
                             const DlcOnnxImportOptions *options) {
  (void)path;
  (void)options;
  mlirEmitError(mlirLocationUnknownGet(ctx), "ONNX import is not available yet");
  return (MlirModule){NULL};
}
