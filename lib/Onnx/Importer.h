//===- Importer.h - The ONNX importer's state -------------------*- C -*-===//
//
// The importer turns one onnx.ModelProto (decoded by protobuf-c) into a
// module holding func.func @main of dlc_graph ops. Its pieces:
//   Model.c    reading and decoding the file, model-level checks
//   Graph.c    graph inputs, initializers, outputs and the function
//   Node.c     one node: checks, then its translator; the helpers translators use
//   Build.c    creating a dlc_graph op and inferring its result types
//   Values.c   the table of named values; Types.c ONNX types; Weights.c tensors
//   OpTable.c  which translator handles which op type and opset
//   Ops*.c     the translators, one file per family of ops
//   Subgraph.c the bodies of If, Loop and Scan: inline, or private functions
// Errors are diagnostics on the context; unsupported nodes are collected
// and reported together (Importer.c). Translate.h is what translators use.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_ONNX_IMPORTER_H
#define DLC_ONNX_IMPORTER_H

#include "Dialect/OpDef.h"
#include "Support/Str.h"
#include "dlc-c/Onnx.h"
#include "dlc-c/Tensor.h"

#include "mlir-c/Diagnostics.h"
#include "mlir-c/IR.h"
#include "onnx.pb-c.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// The default domain's opsets whose semantics the translators implement,
/// and the IR versions accepted.
#define DLC_ONNX_MIN_OPSET 1
#define DLC_ONNX_MAX_OPSET 27
#define DLC_ONNX_MIN_IR_VERSION 3
#define DLC_ONNX_MAX_IR_VERSION 13

/// Attribute names the importer puts on the module and on @main.
#define DLC_ONNX_ATTR_NAME "onnx.name"             ///< @main arguments and results
#define DLC_ONNX_ATTR_GRAPH_NAME "onnx.graph_name" ///< @main
/// @main: every graph input that is not an initializer, in the model's
/// order, bound ones included, so that runners can map test data (input_N.pb).
#define DLC_ONNX_ATTR_GRAPH_INPUTS "onnx.graph_inputs"
/// @main, when a graph output is a sequence or an optional (whose elements
/// are its results, none for an empty one): "tensor", "sequence" or
/// "optional" per graph output, so that runners can expand output_N.pb.
#define DLC_ONNX_ATTR_OUTPUT_KINDS "onnx.output_kinds"
#define DLC_ONNX_ATTR_IR_VERSION "onnx.ir_version" ///< the module
#define DLC_ONNX_ATTR_OPSET "onnx.opset"           ///< the module: default domain's opset
#define DLC_ONNX_ATTR_PRODUCER "onnx.producer"     ///< the module, when the model names one

//===----------------------------------------------------------------------===//
// Named values (Values.c)
//===----------------------------------------------------------------------===//

/// What an ONNX value is: a tensor, or a sequence or an optional, which
/// DLC resolves at import time into the SSA values of their elements, or
/// holds as tensors where that is known only at run time (OpsSequence.c,
/// RunTimeLists.c).
typedef enum DlcOnnxKind {
  DLC_ONNX_KIND_TENSOR,
  DLC_ONNX_KIND_SEQUENCE,
  DLC_ONNX_KIND_OPTIONAL,
} DlcOnnxKind;

typedef struct DlcOnnxValue {
  const char *name; ///< borrowed from the model
  /// The SSA value; null until a constant is first used as data, and for
  /// bound inputs and poisoned values.
  MlirValue value;
  MlirType hint; ///< type declared by value_info or a graph output; may be null
  /// Contents known at import time (initializers, Constant nodes, bound
  /// inputs, shapes of static tensors), read by shape-like operands.
  DlcTensor constant;
  bool isConstant;
  bool ownsConstant; ///< else constant.data belongs to the context (a resource blob)
  bool defined;      ///< by a graph input, an initializer or a node
  bool graphInput;   ///< listed among the graph inputs
  bool bound;        ///< a graph input folded by a binding: shape-like uses only
  bool asked;        ///< the input provider was asked for its value
  bool poisoned;     ///< unsupported: its consumers are skipped, not reported
  int producer;      ///< node index, -1 for graph inputs and initializers
  /// Among the graph inputs that are not initializers; -1 for other values.
  intptr_t position;
  MlirLocation loc;  ///< where a constant is materialized
  /// A sequence's elements in order, or an optional's tensor or sequence
  /// elements when it holds one (malloc'ed); `value` stays null.
  DlcOnnxKind kind;
  bool present;    ///< an optional that holds a value
  bool ofSequence; ///< an optional of a sequence (else of a tensor)
  MlirValue *elems;
  int64_t numElems;
  /// The element type of a sequence's or an optional's tensors when known
  /// (an empty one's included); null otherwise.
  MlirType elemType;
  /// A sequence or an optional whose length or presence is known only at
  /// run time (RunTimeLists.c): held as tensors, `parts`
  /// (dlcOnnxListNumParts of them); `elems` is then empty.
  bool atRunTime;
  MlirValue parts[3];
  /// For a run-time sequence, the rank of every tensor in it; for an empty
  /// optional of a tensor, that tensor's rank. -1 when unknown or mixed.
  int64_t elemRank;
} DlcOnnxValue;

typedef struct DlcOnnxValueTable {
  DlcOnnxValue **slots; ///< open addressing; entries never move
  size_t cap, count;
} DlcOnnxValueTable;

/// The entry of `name`, or NULL.
DlcOnnxValue *dlcOnnxValueLookup(const DlcOnnxValueTable *t, const char *name);
/// The entry of `name`, created empty if needed. Aborts only if out of memory.
DlcOnnxValue *dlcOnnxValueGet(DlcOnnxValueTable *t, const char *name);
/// Frees the table and the constants it owns.
void dlcOnnxValueTableFree(DlcOnnxValueTable *t);

//===----------------------------------------------------------------------===//
// The importer
//===----------------------------------------------------------------------===//

/// A diagnostic held back while the importer adds the node's name to it.
typedef struct DlcOnnxCaptured {
  MlirLocation loc;
  char *message;
} DlcOnnxCaptured;

typedef struct DlcOnnxImporter {
  MlirContext ctx;
  const char *path;   ///< the model file, as given
  char *baseDir;      ///< where external data lives
  MlirLocation fileLoc; ///< path:0:0, for model-level diagnostics
  const DlcOnnxImportOptions *options;
  Onnx__ModelProto *model;
  const Onnx__GraphProto *graph;
  int64_t opset; ///< of the default domain; 0 when not imported
  DlcOnnxValueTable values;
  MlirBlock body;          ///< @main's entry block
  MlirOperation lastConst; ///< constants are inserted after this one (at the top)
  /// Unsupported items, one line each ("  node 'x' (Foo, opset 17): why").
  DlcStr unsupported;
  int numUnsupported;
  /// Private functions holding subgraph bodies (Subgraph.c), added to the
  /// module after @main.
  MlirOperation *bodies;
  size_t numBodies, capBodies;
  /// Diagnostic capture (Importer.c).
  MlirDiagnosticHandlerID captureId;
  bool capturing;
  DlcOnnxCaptured *captured;
  size_t numCaptured, capCaptured;
} DlcOnnxImporter;

/// Adds one line to the report of unsupported items.
void dlcOnnxReportUnsupported(DlcOnnxImporter *imp, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/// Holds back diagnostics until dlcOnnxCaptureEnd, which re-emits them with
/// the name and op type of the node their location names. Returns whether
/// any error was captured.
void dlcOnnxCaptureBegin(DlcOnnxImporter *imp);
bool dlcOnnxCaptureEnd(DlcOnnxImporter *imp);
/// A location naming `name` at line `line` (0 for the model itself) of the file.
MlirLocation dlcOnnxLoc(DlcOnnxImporter *imp, const char *name, int line);

//===----------------------------------------------------------------------===//
// Model.c
//===----------------------------------------------------------------------===//

/// Reads and decodes the model at imp->path into imp->model, checks the IR
/// version, the graph and the opset imports (sets imp->opset). Emits one
/// error naming the file and fails otherwise.
bool dlcOnnxLoadModel(DlcOnnxImporter *imp);

/// A protobuf string field, "" when unset.
static inline const char *dlcOnnxNameOr(const char *name) { return name ? name : ""; }

/// The directory of `path` ("." when it has none), malloc'ed.
char *dlcOnnxDirectoryOf(const char *path);

//===----------------------------------------------------------------------===//
// Graph.c
//===----------------------------------------------------------------------===//

/// Imports imp->graph into a new module. Returns a null module on failure,
/// after emitting errors (the unsupported report is emitted by the caller).
MlirModule dlcOnnxImportGraph(DlcOnnxImporter *imp);
/// The SSA value of a constant entry, creating its dlc_graph.constant at the
/// top of @main on first use. Null (after an error) if it cannot be built.
MlirValue dlcOnnxMaterialize(DlcOnnxImporter *imp, DlcOnnxValue *v);
/// Folds graph input `v`, declared as `declared` (null when unknown), into a
/// copy of `t`: a constant only shape-like operands may read. Its @main
/// argument, if any, is dropped when the function is built. Emits an error
/// and fails when `t` does not fit the declared type.
bool dlcOnnxBindInput(DlcOnnxImporter *imp, DlcOnnxValue *v, MlirType declared,
                      const DlcTensor *t);


/// The erasing of ops nothing uses (folded nodes, constants only they read)
/// that @main and every body function get once they are built.
void dlcOnnxEraseUnusedOps(MlirBlock body);

//===----------------------------------------------------------------------===//
// Lists.c: sequences and optionals at the graph's edges
//===----------------------------------------------------------------------===//

/// How many tensors hold run-time list `v` (RunTimeLists.c): a sequence's
/// data and index; an optional's presence, then its tensor or its
/// sequence's two.
int dlcOnnxListNumParts(const DlcOnnxValue *v);
/// Whether `vi` declares a sequence.
bool dlcOnnxDeclaresSequence(const Onnx__ValueInfoProto *vi);
/// Whether `vi` declares a sequence or an optional.
bool dlcOnnxIsListType(const Onnx__ValueInfoProto *vi);
/// Graph input `vi` (a sequence or an optional, entry `v`) as the options'
/// list provider gives it: `v` becomes a list of *count tensors, whose
/// types (*types, malloc'ed: the caller frees it) are the arguments that
/// hold them. 1 on success; 0 when unsupported (why appended); -1 after an
/// error.
int dlcOnnxListInput(DlcOnnxImporter *imp, const Onnx__ValueInfoProto *vi, DlcOnnxValue *v,
                     MlirType **types, int64_t *count, DlcStr *why);
/// Makes `to` the list `from` is (its own copy of the elements).
void dlcOnnxCopyList(DlcOnnxValue *to, const DlcOnnxValue *from);
/// DLC_ONNX_ATTR_OUTPUT_KINDS's value; null when every graph output is a
/// tensor.
MlirAttribute dlcOnnxOutputKinds(DlcOnnxImporter *imp);

//===----------------------------------------------------------------------===//
// Fold.c
//===----------------------------------------------------------------------===//

/// Results up to this many elements are computed at import (Fold.c).
#define DLC_ONNX_FOLD_MAX_ELEMENTS 1024

/// The contents of `value` when its op reads only constants (or is the
/// shape of a static tensor) and its static result is small; false, with
/// `out` untouched, otherwise.
bool dlcOnnxFold(MlirValue value, DlcTensor *out);

//===----------------------------------------------------------------------===//
// Node.c
//===----------------------------------------------------------------------===//

/// Imports node `index` of the graph: checks, translation, outputs. Returns
/// false only after an error (unsupported nodes are reported and skipped).
bool dlcOnnxImportNode(DlcOnnxImporter *imp, int index);

//===----------------------------------------------------------------------===//
// Types.c
//===----------------------------------------------------------------------===//

/// The MLIR element type of an onnx.TensorProto.DataType; null if DLC does
/// not support it.
MlirType dlcOnnxElementType(MlirContext ctx, int32_t dataType);
/// The ONNX name of a data type ("FLOAT16"), for messages.
const char *dlcOnnxDataTypeName(int32_t dataType);
/// The ranked tensor type of a value_info. On failure appends why to `why`
/// and returns a null type.
MlirType dlcOnnxValueInfoType(MlirContext ctx, const Onnx__ValueInfoProto *vi, DlcStr *why);
/// The tensor type of a host tensor.
MlirType dlcOnnxTensorType(MlirContext ctx, const DlcTensor *t);
/// True for tensor types that are a placeholder awaiting inference.
bool dlcOnnxIsPlaceholder(MlirType type);

//===----------------------------------------------------------------------===//
// Weights.c
//===----------------------------------------------------------------------===//

/// Decodes an initializer or a Constant's tensor. On failure appends why to
/// `why` (unsupported data type or broken data).
bool dlcOnnxDecodeTensor(DlcOnnxImporter *imp, const Onnx__TensorProto *proto, DlcTensor *out,
                         DlcStr *why);
/// The `value` of a dlc_graph.constant holding `t`: dense<> for small and
/// bool tensors, else a dense_resource blob named after `name` that takes
/// over t->data (freed when the context is destroyed), setting *tookData.
MlirAttribute dlcOnnxElementsAttr(MlirContext ctx, const DlcTensor *t, const char *name,
                                  bool *tookData);

#endif // DLC_ONNX_IMPORTER_H
