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

/// Supplies on demand the compile-time value of a graph input that a node
/// uses as a shape-like operand, so that a caller can bind exactly what the
/// importer needs (and never a data tensor: those are not asked for).
/// `name` is the graph input; `position` is its index among the graph's
/// inputs that are not initializers (the N of a backend test's input_N.pb,
/// and its index in @main's `onnx.graph_inputs`). Called at most once per
/// input, only for inputs without a binding in `bindings`.
///  - To bind: set `*value` to a tensor that stays valid and unchanged until
///    dlcOnnxImportFile returns (the importer copies it); return success.
///    A tensor that does not fit the input's declared type is an error.
///  - To decline: leave `*value` NULL and return success; the node is then
///    reported as unsupported, like an unbound input.
///  - On failure (say, an unreadable file): report why through your own
///    channel and return failure; the import fails with an error at the node.
typedef MlirLogicalResult (*DlcOnnxInputProvider)(MlirStringRef name, intptr_t position,
                                                  const DlcTensor **value, void *userData);

/// Supplies the structure of a graph input that is a sequence or an optional
/// (`optional`), which DLC resolves at import time: each of its tensors
/// becomes an argument of @main, with the input's `onnx.name` and its index
/// among the tensors as `onnx.element`, of the type given here (so their
/// shapes are those of the run's inputs). `name` and `position` are as for
/// DlcOnnxInputProvider. Called once per such input.
///  - To give it: set `*count` to the number of tensors (a sequence's
///    length; 1 for an optional of a tensor; -1 for an empty optional) and
///    `*types` to their types, valid until dlcOnnxImportFile returns; return
///    success.
///  - To decline: leave `*types` NULL and return success; the input is then
///    reported as unsupported.
///  - On failure: report why through your own channel and return failure.
typedef MlirLogicalResult (*DlcOnnxListProvider)(MlirStringRef name, intptr_t position,
                                                 bool optional, intptr_t *count,
                                                 const DlcTensorType **types, void *userData);

/// Everything is optional: a zero-initialized struct (or NULL options)
/// imports with no bindings.
typedef struct DlcOnnxImportOptions {
  intptr_t numBindings;
  const DlcOnnxBinding *bindings;  ///< inputs bound up front
  DlcOnnxInputProvider provideInput; ///< asked for the other shape-like inputs; may be NULL
  void *providerUserData;          ///< passed to provideInput
  /// Taps: every tensor a node computes becomes an output of @main too,
  /// after the graph's outputs, in node order (topological), for numerical
  /// bisection (dlc-run --compare-intermediates), marked `onnx.tap` in its
  /// result attributes. Each result a node computes then says where it
  /// comes from: `onnx.name` (the value), `onnx.node`, `onnx.node_index`
  /// (its position in the graph), `onnx.op_type`, `onnx.node_inputs`
  /// (value names) and `onnx.node_input_types`. Values known at import
  /// time (constants, folded shapes) are not tapped: they are not computed.
  bool exposeIntermediates;
  /// Asked for the graph inputs that are sequences or optionals, with
  /// providerUserData; may be NULL (such inputs are then unsupported).
  /// Since DLC_API_VERSION 9.
  DlcOnnxListProvider provideList;
} DlcOnnxImportOptions;

/// Imports the model at `path` into a new module in `ctx` (which must have
/// the DLC dialects loaded). Unsupported or broken input is reported through
/// the context's diagnostics: every unsupported node at once (op type,
/// opset, node name, why), or one error for a corrupt file, an unknown IR
/// version or a missing input. Returns a null module on failure.
/// `options` may be NULL.
DLC_CAPI_EXPORTED MlirModule dlcOnnxImportFile(MlirContext ctx, MlirStringRef path,
                                               const DlcOnnxImportOptions *options);

/// Writes a model of one node of the model at `path`, for a bug report:
/// `outPath` holds the node named `node`, the Constant nodes it reads, the
/// initializers it reads (their values included, inline) and its other
/// inputs as graph inputs; next to it `test_data_set_0/input_N.pb` (its
/// graph inputs, in the node's input order) and `output_N.pb` (its
/// outputs), the layout of an ONNX backend test. `values` gives those
/// tensors by value name (the intermediate values of a tapped run, and the
/// expected outputs); they also give the graph inputs and outputs their
/// types. The opsets, IR version and model-local functions are the
/// model's; the directory of `outPath` is created if missing. Errors (no such node, a value not given, a file that cannot be
/// written) are diagnostics in `ctx`.
DLC_CAPI_EXPORTED MlirLogicalResult dlcOnnxExtractNode(MlirContext ctx, MlirStringRef path,
                                                       MlirStringRef node, intptr_t numValues,
                                                       const MlirStringRef *names,
                                                       const DlcTensor *values,
                                                       MlirStringRef outPath);

/// Prints the importer's op table through `callback`, one line per op
/// version, sorted, as tab-separated fields: op type; first and last opset
/// (within the supported 11..25); the dlc_graph op it becomes; the element
/// types that op accepts, per operand ("input, weight: FLOAT DOUBLE"); the
/// ONNX attributes it reads (or "-"); what DLC does not support of it (or
/// "-"). The data behind docs/SupportedOps.md.
DLC_CAPI_EXPORTED void dlcOnnxPrintOpTable(MlirStringCallback callback, void *userData);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_ONNX_H */
