//===- Translate.h - What ONNX op translators use ---------------*- C -*-===//
//
// A translator (Ops*.c) turns one ONNX node into dlc_graph ops: it reads
// the node's inputs and attributes, builds ops (Build.c, which infers their
// result types with DLC's shape rules) and binds the node's outputs. It
// returns UNSUPPORTED with a reason for what DLC cannot express, ERROR
// after a diagnostic for a broken model. The op table (OpTable.c) says
// which translator handles which op type from which opset.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_ONNX_TRANSLATE_H
#define DLC_ONNX_TRANSLATE_H

#include "Onnx/Importer.h"

//===----------------------------------------------------------------------===//
// Nodes (Node.c)
//===----------------------------------------------------------------------===//

typedef enum DlcOnnxStatus {
  DLC_ONNX_OK,
  DLC_ONNX_UNSUPPORTED, ///< the reason is in node->reason
  DLC_ONNX_ERROR,       ///< a diagnostic was emitted
} DlcOnnxStatus;

#define DLC_ONNX_MAX_SCRATCH 8

typedef struct DlcOnnxNode {
  DlcOnnxImporter *imp;
  MlirContext ctx;
  const Onnx__NodeProto *proto;
  int index;        ///< 0-based position in the graph; its location's line is index + 1
  const char *name; ///< the node's name, or "<OpType>_<index>"
  const char *opType;
  int64_t opset;
  const struct DlcOnnxOpEntry *entry; ///< the op table's entry for it
  MlirLocation loc;
  DlcStr reason; ///< why the node is unsupported
  /// f16 or bf16 when the node computes on half-precision inputs: they are
  /// read as f32 and f32 outputs are rounded back to it (Node.c); null
  /// otherwise.
  MlirType half;
  void *scratch[DLC_ONNX_MAX_SCRATCH]; ///< freed after the node
  int numScratch;
} DlcOnnxNode;

/// Adds a reason (printf-style) why the node is unsupported; returns UNSUPPORTED.
DlcOnnxStatus dlcOnnxUnsupported(DlcOnnxNode *n, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/// Emits "node 'x' (Op): <message>" at the node; returns ERROR.
DlcOnnxStatus dlcOnnxError(DlcOnnxNode *n, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// Inputs: present means listed with a non-empty name.
int dlcOnnxNumInputs(const DlcOnnxNode *n);
bool dlcOnnxHasInput(const DlcOnnxNode *n, int i);
/// Input `i` as a data operand (materializing constants), cast to f32 when
/// it is half precision and the node computes in f32 (n->half). Fails with
/// an error when it is missing or a bound graph input.
DlcOnnxStatus dlcOnnxInput(DlcOnnxNode *n, int i, MlirValue *out);
/// dlcOnnxInput for an optional input: *out is null when it is absent.
DlcOnnxStatus dlcOnnxOptionalInput(DlcOnnxNode *n, int i, MlirValue *out);
/// Input `i` as compile-time integers (a shape-like operand: an int32 or
/// int64 tensor of rank <= 1 from an initializer, a Constant or a binding).
/// Unsupported when it is computed at run time. `what` names the operand.
/// The values live until the node is done.
DlcOnnxStatus dlcOnnxConstInts(DlcOnnxNode *n, int i, const char *what, int64_t **values,
                               int64_t *count);
/// The contents of input `i`, which must be known at compile time (as for
/// dlcOnnxConstInts, of any type and rank). Valid while the model lives.
DlcOnnxStatus dlcOnnxKnownInput(DlcOnnxNode *n, int i, const char *what, const DlcTensor **out);
/// Element `k` of known contents as a double (integers converted).
double dlcOnnxTensorElement(const DlcTensor *t, int64_t k);
/// Stores `x` as element `k` of `t`: rounded to nearest for the float types,
/// truncated toward zero for integers (the low bytes, as a cast wraps).
void dlcOnnxSetTensorElement(DlcTensor *t, int64_t k, double x);
/// The contents of input `i` when known at import time, else NULL.
const DlcTensor *dlcOnnxConstInput(DlcOnnxNode *n, int i);
/// Is input `i` computed by other nodes (not an initializer, a Constant or
/// a graph input)? Such shapes become operands that constant folding makes
/// static when they only depend on static shapes.
bool dlcOnnxInputIsComputed(DlcOnnxNode *n, int i);
/// Whether input `i` is known only at run time: computed by other nodes, or
/// a graph input that the input provider (asked first) does not bind.
DlcOnnxStatus dlcOnnxInputAtRunTime(DlcOnnxNode *n, int i, const char *what, bool *runTime);

/// The entry of input `i`, or NULL when it is absent.
DlcOnnxValue *dlcOnnxInputValue(DlcOnnxNode *n, int i);

/// Outputs: present means listed with a non-empty name.
int dlcOnnxNumOutputs(const DlcOnnxNode *n);
bool dlcOnnxHasOutput(const DlcOnnxNode *n, int i);
/// The entry of output `i`, now defined by the node; NULL after an error
/// when another node or an input already defines that name (ONNX values
/// are defined once).
DlcOnnxValue *dlcOnnxDefineOutput(DlcOnnxNode *n, int i);
/// Binds output `i` to `v`, refining its type with the model's declared
/// type (an error if they disagree, or if no type is known at all). When
/// the node computes in f32 for half inputs (n->half), an f32 `v` is first
/// rounded to the declared half type, or to n->half when none is declared.
DlcOnnxStatus dlcOnnxSetOutput(DlcOnnxNode *n, int i, MlirValue v);
/// Defines output `i` as a sequence or an optional (OpsSequence.c) of the
/// `count` values `elems` (copied): a sequence's elements, or an optional's
/// tensor or sequence elements when `present`.
DlcOnnxStatus dlcOnnxSetOutputList(DlcOnnxNode *n, int i, DlcOnnxKind kind, bool present,
                                   bool ofSequence, const MlirValue *elems, int64_t count);
/// Run-time sequences and optionals (RunTimeLists.c). An index row holds
/// a rank and this many dims.
#define DLC_ONNX_LIST_MAX_RANK DLC_TENSOR_LIST_MAX_RANK
/// The parts of list `v`, packing its tensors when the importer holds them.
DlcOnnxStatus dlcOnnxListAtRunTime(DlcOnnxNode *n, const DlcOnnxValue *v, MlirValue *parts);
/// The rank all tensors of sequence `v` (or of optional `v`) have; -1 when
/// they may differ or none is known.
int64_t dlcOnnxListRank(const DlcOnnxValue *v);
/// Makes `to` the run-time form of list `from` (which may be `to`).
DlcOnnxStatus dlcOnnxListToRunTime(DlcOnnxNode *n, const DlcOnnxValue *from, DlcOnnxValue *to);
/// The parts of a present optional holding the run-time sequence `seq`.
void dlcOnnxRunTimePresent(DlcOnnxNode *n, const MlirValue seq[2], MlirValue out[3]);
/// Makes `v` the run-time list of `parts`.
void dlcOnnxMakeRunTimeList(DlcOnnxValue *v, DlcOnnxKind kind, bool ofSequence,
                            const MlirValue *parts, int64_t elemRank);
DlcOnnxStatus dlcOnnxSetOutputRunTime(DlcOnnxNode *n, int i, DlcOnnxKind kind, bool ofSequence,
                                      const MlirValue *parts, int64_t elemRank);
/// The sequence ops on a run-time sequence's parts `seq`. A position is an
/// integer tensor of one element (null: the op's default); one out of range
/// is a run-time error (DlcStatusInvalidInput), as reading an empty
/// sequence is and an element of another rank than `rank`.
MlirValue dlcOnnxRunTimeSequenceLength(DlcOnnxNode *n, const MlirValue seq[2]);
DlcOnnxStatus dlcOnnxRunTimeSequenceInsert(DlcOnnxNode *n, const MlirValue seq[2], MlirValue t,
                                           MlirValue pos, MlirValue out[2]);
DlcOnnxStatus dlcOnnxRunTimeSequenceErase(DlcOnnxNode *n, const MlirValue seq[2], MlirValue pos,
                                          MlirValue out[2]);
DlcOnnxStatus dlcOnnxRunTimeSequenceAt(DlcOnnxNode *n, const MlirValue seq[2], MlirValue pos,
                                       int64_t rank, MlirValue *out);
/// `x` split along `axis` into pieces of the run-time size `split` (an
/// integer tensor of one element; the last piece shorter).
DlcOnnxStatus dlcOnnxRunTimeSplitToSequence(DlcOnnxNode *n, MlirValue x, int64_t axis,
                                            MlirValue split, MlirValue out[2]);
/// Output 0 holding what input 0 holds, a sequence or an optional (Identity).
DlcOnnxStatus dlcOnnxForwardList(DlcOnnxNode *n);
/// Records contents of output `i` known at import time (copied), so that
/// shape-like operands can read them.
void dlcOnnxSetOutputContents(DlcOnnxNode *n, int i, const DlcTensor *t);
/// Defines output `i` as a constant (takes over `t`), materialized only if
/// something uses it as data.
DlcOnnxStatus dlcOnnxDefineConstant(DlcOnnxNode *n, int i, DlcTensor *t);

/// Attributes; the op table has already checked their names and types.
const Onnx__AttributeProto *dlcOnnxAttr(const DlcOnnxNode *n, const char *name);
int64_t dlcOnnxAttrInt(const DlcOnnxNode *n, const char *name, int64_t dflt);
/// The int attribute `name` (default `dflt`) as an axis of a rank-`rank`
/// tensor, normalized to [0, rank); an error when out of range.
DlcOnnxStatus dlcOnnxAttrAxis(DlcOnnxNode *n, const char *name, int64_t dflt, int64_t rank,
                              int64_t *axis);
float dlcOnnxAttrFloat(const DlcOnnxNode *n, const char *name, float dflt);
/// The string, or `dflt` when absent; valid while the model lives.
MlirStringRef dlcOnnxAttrString(const DlcOnnxNode *n, const char *name, const char *dflt);
/// True when present; *values points into the model.
bool dlcOnnxAttrInts(const DlcOnnxNode *n, const char *name, const int64_t **values,
                     int64_t *count);

/// Memory freed when the node is done; NULL when out of scratch slots.
void *dlcOnnxScratch(DlcOnnxNode *n, size_t bytes);

//===----------------------------------------------------------------------===//
// Building dlc_graph ops (Build.c)
//===----------------------------------------------------------------------===//

#define DLC_ONNX_MAX_OP_ATTRS (DLC_MAX_ATTRS + 2)

typedef struct DlcOnnxOp {
  const char *name;                      ///< "dlc_graph.conv"
  MlirValue operands[DLC_MAX_OPERANDS];  ///< by position in the op table; null = absent
  bool wantResult[DLC_MAX_RESULTS];      ///< optional results to create
  MlirNamedAttribute attrs[DLC_ONNX_MAX_OP_ATTRS];
  int numAttrs;
  MlirValue results[DLC_MAX_RESULTS]; ///< out: by position in the op table
} DlcOnnxOp;

void dlcOnnxOpInit(DlcOnnxOp *op, const char *name);
void dlcOnnxOpAttr(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, MlirAttribute value);
void dlcOnnxOpInt(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, int64_t value);
void dlcOnnxOpBool(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, bool value);
void dlcOnnxOpF32(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, double value);
void dlcOnnxOpString(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, MlirStringRef value);
void dlcOnnxOpInts(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, const int64_t *values,
                   int64_t count);
/// Creates the op at the end of @main, located at the node, and infers its
/// result types with DLC's shape rules. Unsupported when an operand's
/// element type is not one the op accepts; an error when the rule fails.
DlcOnnxStatus dlcOnnxBuild(DlcOnnxNode *n, DlcOnnxOp *op);
/// dlcOnnxBuild, then result 0 as the node's output 0.
DlcOnnxStatus dlcOnnxBuildOutput(DlcOnnxNode *n, DlcOnnxOp *op);
/// dlcOnnxBuild for an op without attributes or optional parts, given its
/// operands in order; *out is result 0.
DlcOnnxStatus dlcOnnxBuildSimple(DlcOnnxNode *n, const char *name, int numOperands,
                                 const MlirValue *operands, MlirValue *out);
/// `v` as a 0-d tensor: ONNX scalars sometimes come as 1-element 1-D
/// tensors, which are reshaped.
DlcOnnxStatus dlcOnnxScalar(DlcOnnxNode *n, MlirValue v, MlirValue *out);

/// Building blocks of decompositions (one ONNX node, several graph ops):
/// a 0-d constant; a one- or two-operand op; a reduction over `axes`; a
/// reshape or expand to `dims`, a transpose by `dims` or an unsqueeze of
/// the axes `dims` (`name` says which).
DlcOnnxStatus dlcOnnxConstantScalar(DlcOnnxNode *n, MlirType elt, double value, MlirValue *out);
DlcOnnxStatus dlcOnnxUnaryOp(DlcOnnxNode *n, const char *name, MlirValue x, MlirValue *out);
DlcOnnxStatus dlcOnnxBinaryOp(DlcOnnxNode *n, const char *name, MlirValue x, MlirValue y,
                              MlirValue *out);
DlcOnnxStatus dlcOnnxReduceOp(DlcOnnxNode *n, const char *name, MlirValue x, const int64_t *axes,
                              int64_t numAxes, bool keepdims, MlirValue *out);
DlcOnnxStatus dlcOnnxShapeOp(DlcOnnxNode *n, const char *name, MlirValue x, const int64_t *dims,
                             int64_t rank, MlirValue *out);
/// `x[start:end:step]` along `axis`.
DlcOnnxStatus dlcOnnxSliceOp(DlcOnnxNode *n, MlirValue x, int64_t axis, int64_t start, int64_t end,
                             int64_t step, MlirValue *out);
/// `x[start:end]` along `axes`, with `start` and `end` i64 values of
/// `numAxes` elements (any shape) read when the code runs.
DlcOnnxStatus dlcOnnxRunTimeSliceOp(DlcOnnxNode *n, MlirValue x, MlirValue start, MlirValue end,
                                    const int64_t *axes, int64_t numAxes, MlirValue *out);
/// `x` cut along `axis` into `count` parts whose sizes input 1 ('split', a
/// run-time vector of `count` sizes) gives when the code runs; the parts'
/// dims along `axis` are `?` (Split and SplitToSequence, OpsShape.c).
DlcOnnxStatus dlcOnnxSplitAtRunTime(DlcOnnxNode *n, MlirValue x, int64_t axis, int64_t count,
                                    MlirValue *parts);
/// `a` and `b` concatenated along `axis`; `b` alone when `a` is null (a
/// result built up piece by piece).
DlcOnnxStatus dlcOnnxConcatOp(DlcOnnxNode *n, MlirValue a, MlirValue b, int64_t axis,
                              MlirValue *out);
/// Indices (any integer type) as i64, those below 0 counted from the end
/// of a dim of `size`.
DlcOnnxStatus dlcOnnxWrapIndices(DlcOnnxNode *n, MlirValue idx, int64_t size, MlirValue *out);
/// `v` cast to element type `elt` (`v` itself when it has that type).
DlcOnnxStatus dlcOnnxCastOp(DlcOnnxNode *n, MlirValue v, MlirType elt, MlirValue *out);
/// dlc_graph.where(cond, x, y).
DlcOnnxStatus dlcOnnxWhereOp(DlcOnnxNode *n, MlirValue cond, MlirValue x, MlirValue y,
                             MlirValue *out);

/// The worse of two statuses, to check several inputs before giving up.
static inline DlcOnnxStatus dlcOnnxWorse(DlcOnnxStatus a, DlcOnnxStatus b) { return a > b ? a : b; }

/// Returns from the calling translator unless `expr` is DLC_ONNX_OK.
#define DLC_ONNX_TRY(expr)                                                                         \
  do {                                                                                             \
    DlcOnnxStatus dlcOnnxStatus_ = (expr);                                                         \
    if (dlcOnnxStatus_ != DLC_ONNX_OK)                                                             \
      return dlcOnnxStatus_;                                                                       \
  } while (0)

//===----------------------------------------------------------------------===//
// Subgraphs (Subgraph.c)
//===----------------------------------------------------------------------===//

/// One subgraph (a graph attribute) being imported, either inline into the
/// current block (its formal inputs bound to values or constants; outer
/// names visible) or into a private func.func whose arguments are the
/// formal inputs followed by the outer values the body captures.
typedef struct DlcOnnxSubgraph {
  DlcOnnxNode *node;
  const char *attr;
  const Onnx__GraphProto *graph;
  DlcOnnxValueTable values; ///< the body's names; kept until dlcOnnxSubgraphFree
  bool inFunc;
  MlirBlock block; ///< the function's body
  /// Outer values the body reads that are not constants: the function's
  /// trailing arguments, and what a call passes for them.
  int numCaptures;
  MlirValue *captures;
  int unsupportedBefore;
  // The outer importer state, restored by dlcOnnxSubgraphEnd.
  const Onnx__GraphProto *outerGraph;
  DlcOnnxValueTable outerValues;
  MlirBlock outerBody;
  MlirOperation outerLastConst;
} DlcOnnxSubgraph;

/// The graph attribute `attr` of the node; an error when missing.
DlcOnnxStatus dlcOnnxSubgraphGet(DlcOnnxNode *n, const char *attr, const Onnx__GraphProto **g);
/// Starts importing `g`. With `formalTypes` the body goes into a function
/// whose first arguments have these types (one per input of `g`); without,
/// inline, and the caller binds every formal input. Finds the captured
/// outer values (an error names one that is not defined).
/// `lists` (may be NULL) gives, per formal input, the run-time list it
/// takes (its kind and rank; several arguments of `formalTypes`, its
/// parts), or NULL for a tensor.
DlcOnnxStatus dlcOnnxSubgraphBegin(DlcOnnxNode *n, const char *attr, const Onnx__GraphProto *g,
                                   const MlirType *formalTypes,
                                   const DlcOnnxValue *const *lists, DlcOnnxSubgraph *sg);
/// Inline: formal input `i` is `v`, a copy of constant `t`, or the
/// sequence or optional `list` is.
void dlcOnnxSubgraphBindValue(DlcOnnxSubgraph *sg, int i, MlirValue v);
void dlcOnnxSubgraphBindConstant(DlcOnnxSubgraph *sg, int i, const DlcTensor *t);
void dlcOnnxSubgraphBindList(DlcOnnxSubgraph *sg, int i, const DlcOnnxValue *list);
/// Imports the body's nodes and restores the outer state. Unsupported when
/// a node of the body is (each is reported) or an output is not computed.
DlcOnnxStatus dlcOnnxSubgraphImport(DlcOnnxSubgraph *sg);
/// After the import: the entry of output `k` of the body.
DlcOnnxValue *dlcOnnxSubgraphOutput(DlcOnnxSubgraph *sg, int k);
/// After the import of a function body: the function (returning the
/// body's outputs) joins the module; *symbol refers to it. An output that
/// is a sequence or an optional returns its run-time parts, as
/// `resultLists` (may be NULL; per output, NULL for no constraint) says:
/// a sequence where an optional is wanted is a present one, an optional's
/// sequence where a sequence is.
DlcOnnxStatus dlcOnnxSubgraphFinishFunc(DlcOnnxSubgraph *sg, const DlcOnnxValue *const *resultLists,
                                        MlirAttribute *symbol);
void dlcOnnxSubgraphFree(DlcOnnxSubgraph *sg);

//===----------------------------------------------------------------------===//
// The op table (OpTable.c) and the translators (Ops*.c)
//===----------------------------------------------------------------------===//

typedef DlcOnnxStatus (*DlcOnnxTranslateFn)(DlcOnnxNode *n);

typedef struct DlcOnnxAttrSpec {
  const char *name;
  Onnx__AttributeProto__AttributeType type;
} DlcOnnxAttrSpec;

#define DLC_ONNX_MAX_ATTR_SPECS 10

/// One op type from opset `since` on (until the next entry of that type).
/// `dlcOnnxPrintOpTable` lists the entries for docs/SupportedOps.md.
typedef struct DlcOnnxOpEntry {
  const char *opType;
  int since;
  DlcOnnxTranslateFn translate;
  DlcOnnxAttrSpec attrs[DLC_ONNX_MAX_ATTR_SPECS]; ///< every attribute the version defines
  /// The dlc_graph op the node becomes ("dlc_graph.conv"), which the
  /// translator builds (n->entry->graphOp); its operands' element types are
  /// the types the ONNX op supports.
  const char *graphOp;
  /// What DLC does not support of this version (markdown, one sentence or
  /// more), or NULL when it supports all of it.
  const char *limits;
} DlcOnnxOpEntry;

/// The limit of inputs that DLC's ops take as attributes (dlcOnnxConstInts):
/// an initializer, a Constant, a Shape of static dims or a bound graph input.
#define DLC_ONNX_COMPILE_TIME(what) what " must be known at compile time."

#define DLC_ONNX_INT ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INT
#define DLC_ONNX_INTS ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__INTS
#define DLC_ONNX_FLOAT ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOAT
#define DLC_ONNX_FLOATS ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__FLOATS
#define DLC_ONNX_STRING ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRING
#define DLC_ONNX_STRINGS ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__STRINGS
#define DLC_ONNX_TENSOR ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TENSOR
#define DLC_ONNX_SPARSE_TENSOR ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__SPARSE_TENSOR

/// Attribute specs in op tables.
#define A_INT(name) {name, DLC_ONNX_INT}
#define A_INTS(name) {name, DLC_ONNX_INTS}
#define A_FLOAT(name) {name, DLC_ONNX_FLOAT}
#define A_FLOATS(name) {name, DLC_ONNX_FLOATS}
#define A_STRING(name) {name, DLC_ONNX_STRING}
#define A_STRINGS(name) {name, DLC_ONNX_STRINGS}
#define A_TENSOR(name) {name, DLC_ONNX_TENSOR}
#define A_SPARSE_TENSOR(name) {name, DLC_ONNX_SPARSE_TENSOR}
#define A_GRAPH(name) {name, ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__GRAPH}

/// The entry for `opType` at `opset`. NULL if the op type is unknown; then
/// *firstSince is 0, or the first opset defining it when that is later.
const DlcOnnxOpEntry *dlcOnnxLookupOp(const char *opType, int64_t opset, int *firstSince);

/// The families' tables.
const DlcOnnxOpEntry *dlcOnnxElementwiseOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxLinearOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxNormOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxShapeOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxTensorOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxIndexOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxResizeOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxAttentionOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxQuantOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxEinsumOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxSpectralOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxRecurrentOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxSelectOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxGridSampleOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxRoiAlignOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxDeformConvOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxStatefulOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxTfIdfOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxControlOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxScanOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxDataDepOps(size_t *count);
const DlcOnnxOpEntry *dlcOnnxSequenceOps(size_t *count);

#endif // DLC_ONNX_TRANSLATE_H
