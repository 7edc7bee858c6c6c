//===- Model.c - Reading a model from a file --------------------*- C -*-===//

#include "Bridge/Bridge.h"
#include "Support/Diag.h"
#include "dlc-c/Dialects.h"
#include "dlc-c/Runtime.h"

#include <string.h>


static bool hasSuffix(MlirStringRef s, const char *suffix) {
  size_t n = strlen(suffix);
  return s.length >= n && !strncmp(s.data + s.length - n, suffix, n);
}

// The module `op` when DLC's verifier takes it (consumed either way).
static MlirModule verified(MlirOperation op) {
  if (mlirOperationIsNull(op))
    return (MlirModule){NULL};
  if (mlirLogicalResultIsFailure(dlcVerify(op))) {
    mlirOperationDestroy(op);
    return (MlirModule){NULL};
  }
  return mlirModuleFromOperation(op);
}

MlirModule dlcModuleCreateFromFile(MlirContext ctx, MlirStringRef path,
                                   const DlcOnnxImportOptions *onnxOptions) {
  MlirLocation loc = mlirLocationFileLineColGet(ctx, path, 0, 0);
  if (hasSuffix(path, ".onnx"))
    return dlcOnnxImportFile(ctx, path, onnxOptions);
  if (onnxOptions && (onnxOptions->numBindings || onnxOptions->provideInput)) {
    dlcEmitError(loc, "input bindings apply to .onnx models only");
    return (MlirModule){NULL};
  }
  return verified(dlcBridgeParseFile(ctx, path));
}

MlirModule dlcModuleCreateParse(MlirContext ctx, MlirStringRef text, MlirStringRef name) {
  return verified(dlcBridgeParseBuffer(ctx, text, name));
}
