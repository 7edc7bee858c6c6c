/*===-- dlc-c/Onnx.h - The ONNX importer --------------------------*- C -*-===*\
|*                                                                            *|
|* Imports an ONNX model into a dlc_graph module: one func.func @main whose  *|
|* arguments and results follow the graph's inputs and outputs.              *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_ONNX_H
#define DLC_C_ONNX_H

#include "dlc-c/Support.h"
#include "dlc-c/Tensor.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A graph input folded into a constant at import (shape-like operands such
/// as Reshape's shape or Slice's starts, which DLC needs at compile time).
typedef struct DlcOnnxBinding {
  const char *name;        ///< the graph input's name
  const DlcTensor *value;  ///< borrowed for the duration of the import
} DlcOnnxBinding;

typedef struct DlcOnnxImportOptions {
  intptr_t numBindings;
  const DlcOnnxBinding *bindings;
} DlcOnnxImportOptions;

/// Imports the model at `path` into a new module in `ctx` (which must have
/// the DLC dialects loaded). Unsupported or broken input is reported through
/// the context's diagnostics: every unsupported node at once (op type,
/// opset, node name, why), or one error for a corrupt file, an unknown IR
/// version or a missing input. Returns a null module on failure.
/// `options` may be NULL.
DLC_CAPI_EXPORTED MlirModule dlcOnnxImportFile(MlirContext ctx, MlirStringRef path,
                                               const DlcOnnxImportOptions *options);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_ONNX_H */
