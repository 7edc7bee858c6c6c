//===- OpsSequence.c - Sequence and Optional ops ----------------*- C -*-===//
//
// DLC has no sequence or optional type. The importer resolves them while it
// imports, as lists of the SSA values of their elements (DlcOnnxValue's
// `elems`), wherever their lengths, positions and presence are known at
// import: each element keeps its own static type. Where one is known only
// when the code runs (a position or a split fed at run time, an If on a
// run-time condition or a Loop giving one), the list becomes tensors,
// its run-time form (RunTimeLists.c), and the ops here work on those. A
// graph output that is a sequence or an optional becomes @main's results:
// one per element, or the run-time form's tensors.
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"
#include "Onnx/Translate.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static const char *kindName(DlcOnnxKind kind) {
  return kind == DLC_ONNX_KIND_SEQUENCE ? "a sequence"
         : kind == DLC_ONNX_KIND_OPTIONAL ? "an optional"
                                          : "a tensor";
}

DlcOnnxStatus dlcOnnxSetOutputList(DlcOnnxNode *n, int i, DlcOnnxKind kind, bool present,
                                   bool ofSequence, const MlirValue *elems, int64_t count) {
  if (!dlcOnnxHasOutput(n, i))
    return DLC_ONNX_OK;
  DlcOnnxValue *v = dlcOnnxDefineOutput(n, i);
  if (!v)
    return DLC_ONNX_ERROR;
  v->kind = kind;
  v->present = present;
  v->ofSequence = ofSequence;
  v->numElems = count;
  if (count)
    v->elemType = mlirShapedTypeGetElementType(mlirValueGetType(elems[0]));
  v->elems = malloc((size_t)(count ? count : 1) * sizeof *v->elems);
  if (!v->elems)
    abort();
  if (count)
    memcpy(v->elems, elems, (size_t)count * sizeof *elems);
  return DLC_ONNX_OK;
}

// Input `i`, which must be of `kind`.
static DlcOnnxStatus listInput(DlcOnnxNode *n, int i, DlcOnnxKind kind, DlcOnnxValue **out) {
  *out = dlcOnnxInputValue(n, i);
  if (!*out)
    return dlcOnnxError(n, "input #%d is missing", i);
  if ((*out)->kind != kind)
    return dlcOnnxError(n, "input #%d ('%s') must be %s, but is %s", i, (*out)->name,
                        kindName(kind), kindName((*out)->kind));
  return DLC_ONNX_OK;
}

// The position input `i` (a compile-time scalar) in [0, size) when `insert`
// is false, [0, size] when it is; negative positions count from the end.
static DlcOnnxStatus position(DlcOnnxNode *n, int i, int64_t size, bool insert, int64_t *out) {
  int64_t *values, count;
  DLC_ONNX_TRY(dlcOnnxConstInts(n, i, "position", &values, &count));
  if (count != 1)
    return dlcOnnxError(n, "'position' must hold one value, but holds %lld", (long long)count);
  int64_t p = values[0], top = insert ? size : size - 1;
  if (p < -size || p > top)
    return dlcOnnxError(n, "position %lld is out of range for a sequence of %lld tensors",
                        (long long)p, (long long)size);
  *out = p < 0 ? p + size : p;
  return DLC_ONNX_OK;
}

// Elements for a new list: room for `count` values.
static MlirValue *elements(DlcOnnxNode *n, int64_t count) {
  return dlcOnnxScratch(n, (size_t)(count ? count : 1) * sizeof(MlirValue));
}

// Whether input `i` (a position) is known only at run time.
static DlcOnnxStatus positionAtRunTime(DlcOnnxNode *n, int i, bool *runTime) {
  *runTime = false;
  if (!dlcOnnxHasInput(n, i))
    return DLC_ONNX_OK;
  return dlcOnnxInputAtRunTime(n, i, "position", runTime);
}

static DlcOnnxStatus translateSequenceEmpty(DlcOnnxNode *n) {
  MlirType elt = dlcOnnxElementType(n->ctx, (int32_t)dlcOnnxAttrInt(n, "dtype", 1));
  if (mlirTypeIsNull(elt))
    return dlcOnnxUnsupported(n, "its dtype %lld is not supported",
                              (long long)dlcOnnxAttrInt(n, "dtype", 1));
  DLC_ONNX_TRY(dlcOnnxSetOutputList(n, 0, DLC_ONNX_KIND_SEQUENCE, true, false, NULL, 0));
  if (dlcOnnxHasOutput(n, 0))
    dlcOnnxValueLookup(&n->imp->values, n->proto->output[0])->elemType = elt;
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateSequenceConstruct(DlcOnnxNode *n) {
  int count = dlcOnnxNumInputs(n);
  MlirValue *elems = elements(n, count);
  if (!elems)
    return dlcOnnxError(n, "out of scratch memory");
  for (int i = 0; i < count; ++i)
    DLC_ONNX_TRY(dlcOnnxInput(n, i, &elems[i]));
  return dlcOnnxSetOutputList(n, 0, DLC_ONNX_KIND_SEQUENCE, true, false, elems, count);
}

static DlcOnnxStatus translateSequenceInsert(DlcOnnxNode *n) {
  DlcOnnxValue *seq;
  MlirValue tensor;
  DLC_ONNX_TRY(listInput(n, 0, DLC_ONNX_KIND_SEQUENCE, &seq));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &tensor));
  bool runTime;
  DLC_ONNX_TRY(positionAtRunTime(n, 2, &runTime));
  if (runTime || seq->atRunTime) {
    MlirValue parts[2], pos, out[2];
    DLC_ONNX_TRY(dlcOnnxListAtRunTime(n, seq, parts));
    DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &pos));
    DLC_ONNX_TRY(dlcOnnxRunTimeSequenceInsert(n, parts, tensor, pos, out));
    int64_t rank = dlcOnnxListRank(seq), r = mlirShapedTypeGetRank(mlirValueGetType(tensor));
    bool empty = !seq->atRunTime && !seq->numElems;
    return dlcOnnxSetOutputRunTime(n, 0, DLC_ONNX_KIND_SEQUENCE, false, out,
                                   empty || rank == r ? r : -1);
  }
  int64_t at = seq->numElems;
  if (dlcOnnxHasInput(n, 2))
    DLC_ONNX_TRY(position(n, 2, seq->numElems, true, &at));
  MlirValue *elems = elements(n, seq->numElems + 1);
  if (!elems)
    return dlcOnnxError(n, "out of scratch memory");
  for (int64_t k = 0, j = 0; k <= seq->numElems; ++k)
    elems[k] = k == at ? tensor : seq->elems[j++];
  return dlcOnnxSetOutputList(n, 0, DLC_ONNX_KIND_SEQUENCE, true, false, elems,
                              seq->numElems + 1);
}

static DlcOnnxStatus translateSequenceErase(DlcOnnxNode *n) {
  DlcOnnxValue *seq;
  DLC_ONNX_TRY(listInput(n, 0, DLC_ONNX_KIND_SEQUENCE, &seq));
  bool runTime;
  DLC_ONNX_TRY(positionAtRunTime(n, 1, &runTime));
  if (runTime || seq->atRunTime) {
    MlirValue parts[2], pos, out[2];
    DLC_ONNX_TRY(dlcOnnxListAtRunTime(n, seq, parts));
    DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 1, &pos));
    DLC_ONNX_TRY(dlcOnnxRunTimeSequenceErase(n, parts, pos, out));
    return dlcOnnxSetOutputRunTime(n, 0, DLC_ONNX_KIND_SEQUENCE, false, out, dlcOnnxListRank(seq));
  }
  if (!seq->numElems)
    return dlcOnnxError(n, "the sequence '%s' is empty: there is nothing to erase", seq->name);
  int64_t at = seq->numElems - 1;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(position(n, 1, seq->numElems, false, &at));
  MlirValue *elems = elements(n, seq->numElems);
  if (!elems)
    return dlcOnnxError(n, "out of scratch memory");
  for (int64_t k = 0, j = 0; k < seq->numElems; ++k)
    if (k != at)
      elems[j++] = seq->elems[k];
  return dlcOnnxSetOutputList(n, 0, DLC_ONNX_KIND_SEQUENCE, true, false, elems,
                              seq->numElems - 1);
}

static DlcOnnxStatus translateSequenceAt(DlcOnnxNode *n) {
  DlcOnnxValue *seq;
  DLC_ONNX_TRY(listInput(n, 0, DLC_ONNX_KIND_SEQUENCE, &seq));
  bool runTime;
  DLC_ONNX_TRY(positionAtRunTime(n, 1, &runTime));
  if (runTime || seq->atRunTime) {
    int64_t rank = dlcOnnxListRank(seq);
    if (rank < 0)
      return dlcOnnxUnsupported(n, "the sequence '%s' may hold tensors of different ranks, and "
                                   "which one is read is known only at run time",
                                seq->name);
    MlirValue parts[2], pos, out;
    DLC_ONNX_TRY(dlcOnnxListAtRunTime(n, seq, parts));
    DLC_ONNX_TRY(dlcOnnxInput(n, 1, &pos));
    DLC_ONNX_TRY(dlcOnnxRunTimeSequenceAt(n, parts, pos, rank, &out));
    return dlcOnnxSetOutput(n, 0, out);
  }
  int64_t at;
  DLC_ONNX_TRY(position(n, 1, seq->numElems, false, &at));
  return dlcOnnxSetOutput(n, 0, seq->elems[at]);
}

// A 0-d int64 or bool constant as output 0.
static DlcOnnxStatus scalarOutput(DlcOnnxNode *n, DlcDType dtype, int64_t value) {
  DlcTensor t;
  if (mlirLogicalResultIsFailure(dlcTensorCreate(dtype, 0, NULL, &t)))
    return dlcOnnxError(n, "out of memory");
  dlcOnnxSetTensorElement(&t, 0, (double)value);
  return dlcOnnxDefineConstant(n, 0, &t);
}

static DlcOnnxStatus translateSequenceLength(DlcOnnxNode *n) {
  DlcOnnxValue *seq;
  DLC_ONNX_TRY(listInput(n, 0, DLC_ONNX_KIND_SEQUENCE, &seq));
  if (seq->atRunTime)
    return dlcOnnxSetOutput(n, 0, dlcOnnxRunTimeSequenceLength(n, seq->parts));
  return scalarOutput(n, DLC_DTYPE_I64, seq->numElems);
}

static int64_t staticDim(MlirValue v, int64_t axis) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), (intptr_t)axis);
}

// Sizes known only at run time: a vector of them fixes the sequence's
// length, its elements' dims along the axis are `?`. A scalar size would
// make the length itself a run-time value, which DLC's sequences, resolved
// at import, cannot be.
static DlcOnnxStatus splitToSequenceAtRunTime(DlcOnnxNode *n, MlirValue x, int64_t axis) {
  const DlcOnnxValue *split = dlcOnnxInputValue(n, 1);
  MlirType type = mlirValueGetType(split->value);
  if (mlirShapedTypeGetRank(type) == 0) { // pieces of that size: a run-time count
    MlirValue out[2];
    DLC_ONNX_TRY(dlcOnnxRunTimeSplitToSequence(n, x, axis, split->value, out));
    return dlcOnnxSetOutputRunTime(n, 0, DLC_ONNX_KIND_SEQUENCE, false, out,
                                   mlirShapedTypeGetRank(mlirValueGetType(x)));
  }
  if (mlirShapedTypeGetRank(type) != 1 || mlirShapedTypeIsDynamicDim(type, 0))
    return dlcOnnxUnsupported(n, "input 'split' is known only at run time and its length is "
                                 "too: DLC takes a scalar or a vector of static length");
  int64_t count = mlirShapedTypeGetDimSize(type, 0);
  MlirValue *elems = elements(n, count);
  if (!elems)
    return dlcOnnxError(n, "out of scratch memory");
  DLC_ONNX_TRY(dlcOnnxSplitAtRunTime(n, x, axis, count, elems));
  return dlcOnnxSetOutputList(n, 0, DLC_ONNX_KIND_SEQUENCE, true, false, elems, count);
}

static DlcOnnxStatus translateSplitToSequence(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  MlirType type = mlirValueGetType(x);
  int64_t rank = mlirShapedTypeGetRank(type), axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", 0, rank, &axis));
  int64_t size = staticDim(x, axis);
  int64_t *split = NULL, numSplit = 0;
  bool chunks = false; // a scalar split: pieces of that size, the last one smaller
  bool runTime = false;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "split", &runTime));
  if (runTime)
    return splitToSequenceAtRunTime(n, x, axis);
  if (mlirShapedTypeIsDynamicSize(size))
    return dlcOnnxUnsupported(n, "the split axis %lld of input 'input' is dynamic; the number "
                                 "of tensors in the sequence must be known at compile time",
                              (long long)axis);
  if (dlcOnnxHasInput(n, 1)) {
    DLC_ONNX_TRY(dlcOnnxConstInts(n, 1, "split", &split, &numSplit));
    chunks = dlcOnnxConstInput(n, 1)->rank == 0;
    if (chunks && split[0] <= 0)
      return dlcOnnxError(n, "'split' must be positive, but is %lld", (long long)split[0]);
  }
  int64_t count = !split ? size : chunks ? (size + split[0] - 1) / split[0] : numSplit;
  MlirValue *elems = elements(n, count);
  if (!elems)
    return dlcOnnxError(n, "out of scratch memory");
  bool squeeze = !split && dlcOnnxAttrInt(n, "keepdims", 1) == 0;
  int64_t start = 0;
  for (int64_t k = 0; k < count; ++k) {
    int64_t len = !split ? 1 : chunks ? (size - start < split[0] ? size - start : split[0])
                                      : split[k];
    if (len < 0 || start + len > size)
      return dlcOnnxError(n, "'split' does not add up to the size %lld of axis %lld",
                          (long long)size, (long long)axis);
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, x, axis, start, start + len, 1, &elems[k]));
    if (squeeze) {
      int64_t dims[DLC_MAX_RANK];
      for (int64_t d = 0, j = 0; d < rank; ++d)
        if (d != axis)
          dims[j++] = staticDim(x, d);
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", elems[k], dims, rank - 1, &elems[k]));
    }
    start += len;
  }
  if (start != size)
    return dlcOnnxError(n, "'split' adds up to %lld, but axis %lld has size %lld",
                        (long long)start, (long long)axis, (long long)size);
  return dlcOnnxSetOutputList(n, 0, DLC_ONNX_KIND_SEQUENCE, true, false, elems, count);
}

static DlcOnnxStatus translateConcatFromSequence(DlcOnnxNode *n) {
  DlcOnnxValue *seq;
  DLC_ONNX_TRY(listInput(n, 0, DLC_ONNX_KIND_SEQUENCE, &seq));
  if (seq->atRunTime)
    return dlcOnnxUnsupported(n, "the sequence '%s' is known only at run time; DLC concatenates "
                                 "sequences known at compile time",
                              seq->name);
  if (!seq->numElems)
    return dlcOnnxError(n, "the sequence '%s' is empty: there is nothing to concatenate",
                        seq->name);
  bool newAxis = dlcOnnxAttrInt(n, "new_axis", 0) != 0;
  int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(seq->elems[0])), axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", 0, rank + newAxis, &axis));
  MlirValue result = {NULL};
  for (int64_t k = 0; k < seq->numElems; ++k) {
    MlirValue piece = seq->elems[k];
    if (newAxis)
      DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", piece, &axis, 1, &piece));
    DLC_ONNX_TRY(dlcOnnxConcatOp(n, result, piece, axis, &result));
  }
  if (seq->numElems == 1) // one element: a copy, not the element's own value
    DLC_ONNX_TRY(dlcOnnxBuildSimple(n, "dlc_graph.identity", 1, &result, &result));
  return dlcOnnxSetOutput(n, 0, result);
}

// One inline instance of the body per element: input i of the body is
// element k of sequence input i, or tensor input i itself.
static DlcOnnxStatus mapElement(DlcOnnxNode *n, const Onnx__GraphProto *g, int64_t k,
                                MlirValue *outs, int64_t len) {
  DlcOnnxSubgraph sg;
  DlcOnnxStatus s = dlcOnnxSubgraphBegin(n, "body", g, NULL, NULL, &sg);
  for (int i = 0; s == DLC_ONNX_OK && i < dlcOnnxNumInputs(n); ++i) {
    DlcOnnxValue *v = dlcOnnxInputValue(n, i);
    MlirValue x;
    if (v->kind == DLC_ONNX_KIND_SEQUENCE) {
      dlcOnnxSubgraphBindValue(&sg, i, v->elems[k]);
    } else if (v->isConstant) {
      dlcOnnxSubgraphBindConstant(&sg, i, &v->constant);
    } else {
      s = dlcOnnxInput(n, i, &x);
      if (s == DLC_ONNX_OK)
        dlcOnnxSubgraphBindValue(&sg, i, x);
    }
  }
  if (s == DLC_ONNX_OK)
    s = dlcOnnxSubgraphImport(&sg);
  for (size_t j = 0; s == DLC_ONNX_OK && j < g->n_output; ++j) {
    DlcOnnxValue *o = dlcOnnxSubgraphOutput(&sg, (int)j);
    if (o->kind != DLC_ONNX_KIND_TENSOR) {
      s = dlcOnnxUnsupported(n, "body output '%s' is %s; DLC maps to sequences of tensors",
                             o->name, kindName(o->kind));
      break;
    }
    outs[(int64_t)j * len + k] = dlcOnnxMaterialize(n->imp, o);
    if (mlirValueIsNull(outs[(int64_t)j * len + k]))
      s = DLC_ONNX_ERROR;
  }
  dlcOnnxSubgraphFree(&sg);
  return s;
}

// The body instantiated once per element, inline: the sequences' lengths
// are known at import.
static DlcOnnxStatus translateSequenceMap(DlcOnnxNode *n) {
  const Onnx__GraphProto *g;
  DLC_ONNX_TRY(dlcOnnxSubgraphGet(n, "body", &g));
  int numInputs = dlcOnnxNumInputs(n);
  if (g->n_input != (size_t)numInputs || g->n_output != n->proto->n_output)
    return dlcOnnxError(n, "the body has %zu inputs and %zu outputs, but the node %d and %zu",
                        g->n_input, g->n_output, numInputs, n->proto->n_output);
  DlcOnnxValue *seq;
  DLC_ONNX_TRY(listInput(n, 0, DLC_ONNX_KIND_SEQUENCE, &seq));
  for (int i = 0; i < numInputs; ++i) {
    DlcOnnxValue *v = dlcOnnxInputValue(n, i);
    if (v && v->atRunTime)
      return dlcOnnxUnsupported(n, "input #%d ('%s') is known only at run time; DLC maps "
                                   "sequences known at compile time",
                                i, v->name);
  }
  int64_t len = seq->numElems;
  for (int i = 1; i < numInputs; ++i) {
    DlcOnnxValue *v = dlcOnnxInputValue(n, i);
    if (!v)
      return dlcOnnxError(n, "input #%d is missing", i);
    if (v->kind == DLC_ONNX_KIND_OPTIONAL)
      return dlcOnnxError(n, "input #%d ('%s') is an optional; SequenceMap takes sequences and "
                             "tensors",
                          i, v->name);
    if (v->kind == DLC_ONNX_KIND_SEQUENCE && v->numElems != len)
      return dlcOnnxError(n, "input #%d ('%s') holds %lld tensors, but input #0 ('%s') %lld; "
                             "the sequences must have one length",
                          i, v->name, (long long)v->numElems, seq->name, (long long)len);
  }
  size_t numOutputs = g->n_output;
  MlirValue *outs = malloc((numOutputs * (size_t)len + 1) * sizeof *outs);
  if (!outs)
    abort();
  DlcOnnxStatus s = DLC_ONNX_OK;
  for (int64_t k = 0; k < len && s == DLC_ONNX_OK; ++k)
    s = mapElement(n, g, k, outs, len);
  for (size_t j = 0; j < numOutputs && s == DLC_ONNX_OK; ++j)
    s = dlcOnnxSetOutputList(n, (int)j, DLC_ONNX_KIND_SEQUENCE, true, false,
                             outs + (int64_t)j * len, len);
  free(outs);
  return s;
}

//===----------------------------------------------------------------------===//
// Optional
//===----------------------------------------------------------------------===//

// Output `i` holding what input `in` holds: the same tensor or list.
static DlcOnnxStatus forward(DlcOnnxNode *n, DlcOnnxValue *v, int i, DlcOnnxKind kind,
                             bool present, bool ofSequence) {
  if (v->atRunTime && kind == v->kind)
    return dlcOnnxSetOutputRunTime(n, i, kind, v->ofSequence, v->parts, v->elemRank);
  if (v->atRunTime) { // a run-time sequence made a present optional
    MlirValue parts[3];
    dlcOnnxRunTimePresent(n, v->parts, parts);
    return dlcOnnxSetOutputRunTime(n, i, kind, true, parts, v->elemRank);
  }
  if (v->kind == DLC_ONNX_KIND_TENSOR) {
    MlirValue x;
    DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
    if (kind == DLC_ONNX_KIND_TENSOR)
      return dlcOnnxSetOutput(n, i, x);
    return dlcOnnxSetOutputList(n, i, kind, present, ofSequence, &x, 1);
  }
  return dlcOnnxSetOutputList(n, i, kind, present, ofSequence, v->elems, v->numElems);
}

DlcOnnxStatus dlcOnnxForwardList(DlcOnnxNode *n) {
  DlcOnnxValue *v = dlcOnnxInputValue(n, 0);
  return forward(n, v, 0, v->kind, v->present, v->ofSequence);
}

// An empty optional takes its element type from the `type` attribute.
static DlcOnnxStatus translateOptional(DlcOnnxNode *n) {
  if (dlcOnnxHasInput(n, 0)) {
    DlcOnnxValue *v = dlcOnnxInputValue(n, 0);
    if (v->kind == DLC_ONNX_KIND_OPTIONAL)
      return dlcOnnxError(n, "input 'input' is an optional; an optional holds a tensor or a "
                             "sequence");
    return forward(n, v, 0, DLC_ONNX_KIND_OPTIONAL, true, v->kind == DLC_ONNX_KIND_SEQUENCE);
  }
  const Onnx__AttributeProto *a = dlcOnnxAttr(n, "type");
  if (!a || !a->tp)
    return dlcOnnxError(n, "an Optional without input needs the attribute 'type'");
  bool ofSequence = a->tp->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE;
  DLC_ONNX_TRY(dlcOnnxSetOutputList(n, 0, DLC_ONNX_KIND_OPTIONAL, false, ofSequence, NULL, 0));
  // What it would hold, for its run-time form.
  const Onnx__TypeProto *t = a->tp;
  if (ofSequence && t->sequence_type)
    t = t->sequence_type->elem_type;
  if (dlcOnnxHasOutput(n, 0) && t && t->value_case == ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE &&
      t->tensor_type) {
    DlcOnnxValue *v = dlcOnnxValueLookup(&n->imp->values, n->proto->output[0]);
    v->elemType = dlcOnnxElementType(n->ctx, t->tensor_type->elem_type);
    v->elemRank = t->tensor_type->shape ? (int64_t)t->tensor_type->shape->n_dim : -1;
  }
  return DLC_ONNX_OK;
}

// From opset 18 a tensor or a sequence is a present optional, and a missing
// input an absent one.
static DlcOnnxStatus translateOptionalHasElement(DlcOnnxNode *n) {
  DlcOnnxValue *v = dlcOnnxInputValue(n, 0);
  if (!v && n->opset < 18)
    return dlcOnnxError(n, "input #0 is missing");
  if (v && v->kind != DLC_ONNX_KIND_OPTIONAL && n->opset < 18)
    return dlcOnnxError(n, "input #0 ('%s') must be an optional before opset 18, but is %s",
                        v->name, kindName(v->kind));
  if (v && v->atRunTime && v->kind == DLC_ONNX_KIND_OPTIONAL)
    return dlcOnnxSetOutput(n, 0, v->parts[0]);
  bool present = v && (v->kind != DLC_ONNX_KIND_OPTIONAL || v->present);
  return scalarOutput(n, DLC_DTYPE_BOOL, present);
}

static DlcOnnxStatus translateOptionalGetElement(DlcOnnxNode *n) {
  DlcOnnxValue *v = dlcOnnxInputValue(n, 0);
  if (!v)
    return dlcOnnxError(n, "input #0 is missing");
  if (v->kind != DLC_ONNX_KIND_OPTIONAL) {
    if (n->opset < 18)
      return dlcOnnxError(n, "input #0 ('%s') must be an optional before opset 18, but is %s",
                          v->name, kindName(v->kind));
    return dlcOnnxForwardList(n); // a tensor or a sequence is its own element
  }
  if (v->atRunTime) { // an empty one is a run-time error
    DLC_ONNX_TRY(dlcOnnxRunTimeCheck(n, v->parts[0]));
    if (v->ofSequence)
      return dlcOnnxSetOutputRunTime(n, 0, DLC_ONNX_KIND_SEQUENCE, false, v->parts + 1,
                                     v->elemRank);
    return dlcOnnxSetOutput(n, 0, v->parts[1]);
  }
  if (!v->present)
    return dlcOnnxError(n, "the optional '%s' is empty: it has no element to get", v->name);
  if (v->ofSequence)
    return dlcOnnxSetOutputList(n, 0, DLC_ONNX_KIND_SEQUENCE, true, false, v->elems,
                                v->numElems);
  return dlcOnnxSetOutput(n, 0, v->elems[0]);
}

#define RESOLVED "Resolved at import time where the sequence's length is known; "
#define POSITION_LIMITS                                                                            \
  RESOLVED "a position known only at run time, or a sequence known only then, takes the run-time " \
           "form; a position out of range is then a run-time error."
#define OPTIONAL_LIMITS                                                                            \
  "Resolved at import time where the optional's presence is known; otherwise a bool and its "     \
  "value at run time (getting from an empty one is a run-time error)."

static const DlcOnnxOpEntry ops[] = {
    {"SequenceEmpty", 11, translateSequenceEmpty, {A_INT("dtype")}, "dlc_graph.constant",
     "An empty list at import time."},
    {"SequenceConstruct", 11, translateSequenceConstruct, {{0}}, "dlc_graph.identity",
     "A list of its tensors at import time."},
    {"SequenceInsert", 11, translateSequenceInsert, {{0}}, "dlc_graph.identity", POSITION_LIMITS},
    {"SequenceErase", 11, translateSequenceErase, {{0}}, "dlc_graph.identity", POSITION_LIMITS},
    {"SequenceAt", 11, translateSequenceAt, {{0}}, "dlc_graph.identity",
     POSITION_LIMITS " Reading one at run time needs the sequence's tensors to have one rank."},
    {"SequenceLength", 11, translateSequenceLength, {{0}}, "dlc_graph.constant",
     RESOLVED "a run-time value otherwise."},
    {"SplitToSequence", 11, translateSplitToSequence, {A_INT("axis"), A_INT("keepdims")},
     "dlc_graph.slice",
     RESOLVED "a scalar `split` known only at run time gives a sequence of run-time length; a "
     "vector `split` needs its length and, without `split`, the axis's size at compile time."},
    {"ConcatFromSequence", 11, translateConcatFromSequence, {A_INT("axis"), A_INT("new_axis")},
     "dlc_graph.concat", "The sequence's length must be known at compile time."},
    {"SequenceMap", 17, translateSequenceMap, {A_GRAPH("body")}, "dlc_graph.identity",
     "The body is imported once per element, so the sequences' lengths must be known at compile "
     "time."},
    {"Optional", 15, translateOptional,
     {{"type", ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TYPE_PROTO}}, "dlc_graph.identity",
     OPTIONAL_LIMITS},
    {"OptionalHasElement", 15, translateOptionalHasElement, {{0}}, "dlc_graph.constant",
     OPTIONAL_LIMITS},
    {"OptionalGetElement", 15, translateOptionalGetElement, {{0}}, "dlc_graph.identity",
     OPTIONAL_LIMITS},
};

const DlcOnnxOpEntry *dlcOnnxSequenceOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
