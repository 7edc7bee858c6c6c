//===- OnnxImport.c - fuzz-onnx-import --------------------------*- C -*-===//
//
// Bytes as an .onnx file: the importer either fails with diagnostics or
// returns a module that DLC's verifier accepts (dlc-translate
// --import-onnx). Seeds: ../shared's node-test and real models.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Onnx.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MlirContext ctx = dlcFuzzContext();
  const char *path = dlcFuzzWriteFile(data, size, ".onnx");
  MlirModule module = dlcOnnxImportFile(ctx, mlirStringRefCreateFromCString(path), NULL);
  if (mlirModuleIsNull(module))
    return 0;
  // What the importer returns must be valid: a failure here is a bug.
  MlirOperation op = mlirModuleGetOperation(module);
  if (!mlirOperationVerify(op) || mlirLogicalResultIsFailure(dlcVerify(op)))
    abort();
  mlirModuleDestroy(module);
  return 0;
}
