//===- MlirInput.c - fuzz-mlir-input ----------------------------*- C -*-===//
//
// Bytes as dlc-opt's or dlc-run's input: MLIR text or bytecode, read by
// dlcModuleCreateFromFile (bytecode in a sandboxed child), then verified.
// Seeds: the lit tests' .mlir files.
//
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"
#include "dlc-c/Runtime.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MlirContext ctx = dlcFuzzContext();
  const char *path = dlcFuzzWriteFile(data, size, ".mlir");
  MlirModule module = dlcModuleCreateFromFile(ctx, mlirStringRefCreateFromCString(path), NULL);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  return 0;
}
