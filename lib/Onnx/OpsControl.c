//===- OpsControl.c - If and Loop -------------------------------*- C -*-===//
//
// If with a condition known at import is its branch, imported inline.
// Otherwise both branches become functions and the node an scf.if calling
// them; where the branches give an output different types, the If gives
// their join (dims that differ `?`, a 0-d and a [1] as [1]: ControlBuild.c).
// A Loop whose trip count and condition are known at import (and whose
// body's condition output then is too) is unrolled, every iteration
// imported inline with its iteration number as a constant, so that
// shape-like operands in the body may depend on it. Otherwise the body is a
// function called from an scf.while carrying the iteration number, the
// condition and the loop-carried values; scan outputs are rows of a tensor
// sized by the trip count M (known at compile time or read at run time).
//
//===----------------------------------------------------------------------===//

#include "Onnx/Control.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

/// Loops of up to this many iterations with known counts are unrolled.
#define MAX_UNROLL 64

// Output `i` of the node is body output `v` (imported inline).
static DlcOnnxStatus setOutputFrom(DlcOnnxNode *n, int i, DlcOnnxValue *v) {
  if (v->kind != DLC_ONNX_KIND_TENSOR)
    return dlcOnnxSetOutputList(n, i, v->kind, v->present, v->ofSequence, v->elems, v->numElems);
  if (!mlirValueIsNull(v->value))
    return dlcOnnxSetOutput(n, i, v->value);
  DlcTensor copy;
  if (mlirLogicalResultIsFailure(
          dlcTensorCreate(v->constant.dtype, v->constant.rank, v->constant.shape, &copy)))
    return dlcOnnxError(n, "out of memory");
  if (copy.bytes)
    memcpy(copy.data, v->constant.data, copy.bytes);
  return dlcOnnxDefineConstant(n, i, &copy);
}

// A data operand as it is, half precision included: bodies see the types
// the model gives.
static DlcOnnxStatus rawInput(DlcOnnxNode *n, int i, MlirValue *out) {
  MlirType half = n->half;
  n->half = (MlirType){NULL};
  DlcOnnxStatus s = dlcOnnxInput(n, i, out);
  n->half = half;
  return s;
}

// Input `i` as a 0-d tensor of element type `elt` (i1 or i64).
static DlcOnnxStatus scalarInput(DlcOnnxNode *n, int i, const char *what, MlirType elt,
                                 MlirValue *out) {
  DLC_ONNX_TRY(rawInput(n, i, out));
  MlirType type = mlirValueGetType(*out);
  if (!mlirTypeEqual(mlirShapedTypeGetElementType(type), elt) ||
      (mlirShapedTypeHasStaticShape(type) && mlirShapedTypeGetRank(type) > 1))
    return dlcOnnxError(n, "%s must be a scalar of %s", what,
                        mlirTypeIsAInteger(elt) && mlirIntegerTypeGetWidth(elt) == 1 ? "bool"
                                                                                     : "int64");
  return dlcOnnxScalar(n, *out, out);
}

//===----------------------------------------------------------------------===//
// If
//===----------------------------------------------------------------------===//

static DlcOnnxStatus translateIf(DlcOnnxNode *n) {
  const Onnx__GraphProto *branches[2];
  DLC_ONNX_TRY(dlcOnnxSubgraphGet(n, "then_branch", &branches[0]));
  DLC_ONNX_TRY(dlcOnnxSubgraphGet(n, "else_branch", &branches[1]));
  const char *attrs[2] = {"then_branch", "else_branch"};
  for (int b = 0; b < 2; ++b) {
    if (branches[b]->n_input)
      return dlcOnnxError(n, "%s has %zu inputs; a branch takes none", attrs[b],
                          branches[b]->n_input);
    if (branches[b]->n_output != n->proto->n_output)
      return dlcOnnxError(n, "%s has %zu outputs, but the node has %zu", attrs[b],
                          branches[b]->n_output, n->proto->n_output);
  }
  const DlcTensor *known = dlcOnnxConstInput(n, 0);
  if (known && dlcTensorNumElements(known) == 1) {
    int b = dlcOnnxTensorElement(known, 0) != 0 ? 0 : 1;
    DlcOnnxSubgraph sg;
    DlcOnnxStatus s = dlcOnnxSubgraphBegin(n, attrs[b], branches[b], NULL, NULL, &sg);
    if (s == DLC_ONNX_OK)
      s = dlcOnnxSubgraphImport(&sg);
    for (int i = 0; s == DLC_ONNX_OK && i < dlcOnnxNumOutputs(n); ++i)
      s = setOutputFrom(n, i, dlcOnnxSubgraphOutput(&sg, i));
    dlcOnnxSubgraphFree(&sg);
    return s;
  }

  MlirValue cond;
  DLC_ONNX_TRY(scalarInput(n, 0, "the condition", mlirIntegerTypeGet(n->ctx, 1), &cond));
  DlcOnnxSubgraph sg[2];
  memset(sg, 0, sizeof sg);
  MlirAttribute symbols[2];
  MlirType fnTypes[2];
  DlcOnnxStatus s = DLC_ONNX_OK;
  MlirType none[1];
  for (int b = 0; b < 2 && s == DLC_ONNX_OK; ++b)
    s = dlcOnnxImportBody(n, attrs[b], branches[b], none, NULL, NULL, &sg[b], &symbols[b],
                          &fnTypes[b]);
  // A sequence or an optional output is its run-time parts (several
  // results); both branches must give the same kind.
  int numOutputs = dlcOnnxNumOutputs(n);
  intptr_t numResults = s == DLC_ONNX_OK ? mlirFunctionTypeGetNumResults(fnTypes[0]) : 0;
  for (int i = 0; i < numOutputs && s == DLC_ONNX_OK; ++i) {
    const DlcOnnxValue *a = dlcOnnxSubgraphOutput(&sg[0], i), *b = dlcOnnxSubgraphOutput(&sg[1], i);
    if (a->kind != b->kind || a->ofSequence != b->ofSequence)
      s = dlcOnnxUnsupported(n, "the branches give output #%d as different kinds (a tensor, a "
                                "sequence, an optional)",
                             i);
  }
  if (s == DLC_ONNX_OK && numResults != mlirFunctionTypeGetNumResults(fnTypes[1]))
    s = dlcOnnxError(n, "the branches give different numbers of results");
  MlirType *types = malloc((size_t)(numResults + 1) * sizeof *types);
  if (!types)
    abort();
  for (intptr_t i = 0; i < numResults && s == DLC_ONNX_OK; ++i) {
    types[i] = dlcOnnxBranchJoin(mlirFunctionTypeGetResult(fnTypes[0], i),
                                 mlirFunctionTypeGetResult(fnTypes[1], i));
    if (mlirTypeIsNull(types[i]))
      s = dlcOnnxUnsupported(n, "the branches give output #%ld types of different element types "
                                "or ranks (beyond leading size-1 dims); DLC needs one type",
                             (long)i);
  }
  if (s == DLC_ONNX_OK) {
    MlirBlock body = n->imp->body;
    MlirValue c = dlcOnnxExtractScalar(n, body, cond);
    MlirRegion regions[2];
    for (int b = 0; b < 2; ++b) {
      MlirBlock block = mlirBlockCreate(0, NULL, NULL);
      MlirOperation call =
          dlcOnnxCall(n, block, symbols[b], fnTypes[b], sg[b].numCaptures, sg[b].captures);
      MlirValue *results = malloc((size_t)(numResults + 1) * sizeof *results);
      if (!results)
        abort();
      // Each value is yielded in a buffer of its own: a branch may give a
      // constant or an outer value, the other one a buffer it allocated,
      // and which one the result owns would be known only at run time (the
      // deallocation pipeline then calls a helper on buffers of dynamic
      // size, which the bare-pointer calling convention cannot lower).
      for (intptr_t i = 0; i < numResults; ++i)
        results[i] = dlcOnnxOwnedCopy(
            n, block, dlcOnnxToBranchType(n, block, mlirOperationGetResult(call, i), types[i]));
      dlcOnnxCreateOp(n, block, "scf.yield", numResults, results, 0, NULL, 0, NULL, 0, NULL);
      free(results);
      regions[b] = mlirRegionCreate();
      mlirRegionAppendOwnedBlock(regions[b], block);
    }
    MlirOperation op =
        dlcOnnxCreateOp(n, body, "scf.if", 1, &c, numResults, types, 0, NULL, 2, regions);
    intptr_t r = 0;
    for (int i = 0; i < numOutputs && s == DLC_ONNX_OK; ++i) {
      const DlcOnnxValue *a = dlcOnnxSubgraphOutput(&sg[0], i);
      const DlcOnnxValue *b = dlcOnnxSubgraphOutput(&sg[1], i);
      if (a->kind == DLC_ONNX_KIND_TENSOR) {
        s = dlcOnnxSetOutput(n, i, mlirOperationGetResult(op, r++));
        continue;
      }
      MlirValue parts[3];
      for (int k = 0; k < dlcOnnxListNumParts(a); ++k)
        parts[k] = mlirOperationGetResult(op, r++);
      s = dlcOnnxSetOutputRunTime(n, i, a->kind, a->ofSequence, parts,
                                  a->elemRank == b->elemRank ? a->elemRank : -1);
    }
  }
  free(types);
  dlcOnnxSubgraphFree(&sg[0]);
  dlcOnnxSubgraphFree(&sg[1]);
  return s;
}

//===----------------------------------------------------------------------===//
// Loop
//===----------------------------------------------------------------------===//

typedef struct LoopShape {
  int numCarried, numScan;
} LoopShape;

static DlcOnnxStatus loopShape(DlcOnnxNode *n, const Onnx__GraphProto *g, LoopShape *l) {
  l->numCarried = dlcOnnxNumInputs(n) - 2;
  if (l->numCarried < 0)
    return dlcOnnxError(n, "a Loop has at least 2 inputs (M and cond, either may be empty)");
  if (g->n_input != (size_t)(2 + l->numCarried))
    return dlcOnnxError(n, "the body has %zu inputs, but the Loop passes %d (iteration number, "
                           "condition and %d loop-carried values)",
                        g->n_input, 2 + l->numCarried, l->numCarried);
  if (g->n_output < (size_t)(1 + l->numCarried))
    return dlcOnnxError(n, "the body has %zu outputs; it needs at least %d (condition and %d "
                           "loop-carried values)",
                        g->n_output, 1 + l->numCarried, l->numCarried);
  l->numScan = (int)g->n_output - 1 - l->numCarried;
  if (dlcOnnxNumOutputs(n) != l->numCarried + l->numScan)
    return dlcOnnxError(n, "the node has %d outputs, but the body gives %d loop-carried values "
                           "and %d scan outputs",
                        dlcOnnxNumOutputs(n), l->numCarried, l->numScan);
  return DLC_ONNX_OK;
}

// The contents of input `i` when known at import (asking the input
// provider, as for a shape); NULL otherwise, with nothing reported.
static const DlcTensor *knownOrNull(DlcOnnxNode *n, int i, const char *what) {
  if (!dlcOnnxHasInput(n, i))
    return NULL;
  const DlcTensor *t = NULL;
  size_t len = n->reason.len;
  if (dlcOnnxKnownInput(n, i, what, &t) != DLC_ONNX_OK) {
    n->reason.len = len; // not a reason: the loop is built without it
    if (n->reason.data)
      n->reason.data[len] = '\0';
    return NULL;
  }
  return dlcTensorNumElements(t) == 1 ? t : NULL;
}

typedef struct State {
  MlirValue value;
  DlcTensor constant;
  bool isConstant;
  DlcOnnxValue list; ///< a sequence or an optional: its kind and elements
} State;

static void stateFrom(State *s, const DlcOnnxValue *v) {
  if (s->isConstant)
    dlcTensorDestroy(&s->constant);
  free(s->list.elems);
  memset(s, 0, sizeof *s);
  if (v->kind != DLC_ONNX_KIND_TENSOR) {
    dlcOnnxCopyList(&s->list, v);
    return;
  }
  if (!mlirValueIsNull(v->value)) {
    s->value = v->value;
    return;
  }
  if (mlirLogicalResultIsFailure(
          dlcTensorCreate(v->constant.dtype, v->constant.rank, v->constant.shape, &s->constant)))
    abort();
  if (s->constant.bytes)
    memcpy(s->constant.data, v->constant.data, s->constant.bytes);
  s->isConstant = true;
}

static void scalarTensor(DlcDType dtype, int64_t x, DlcTensor *t) {
  if (mlirLogicalResultIsFailure(dlcTensorCreate(dtype, 0, NULL, t)))
    abort();
  dlcOnnxSetTensorElement(t, 0, (double)x);
}

// Unrolls the loop. *done is false (and nothing is bound) when the body's
// condition matters (the node has a condition input) but is not known at
// import, or the loop runs too long: the caller builds an scf.while
// instead.
static DlcOnnxStatus unrollLoop(DlcOnnxNode *n, const Onnx__GraphProto *g, const LoopShape *l,
                                int64_t trips, bool cond, bool condMatters, bool *done) {
  *done = false;
  DlcOnnxStatus s = DLC_ONNX_OK;
  State *states = calloc((size_t)l->numCarried + 1, sizeof *states);
  MlirValue *rows = calloc((size_t)l->numScan * MAX_UNROLL + 1, sizeof *rows);
  if (!states || !rows)
    abort();
  for (int j = 0; j < l->numCarried && s == DLC_ONNX_OK; ++j) {
    const DlcTensor *t = dlcOnnxConstInput(n, 2 + j);
    const DlcOnnxValue *in = dlcOnnxInputValue(n, 2 + j);
    if (in && in->kind != DLC_ONNX_KIND_TENSOR) {
      dlcOnnxCopyList(&states[j].list, in);
    } else if (t) {
      states[j].isConstant = true;
      if (mlirLogicalResultIsFailure(dlcTensorCreate(t->dtype, t->rank, t->shape, &states[j].constant)))
        abort();
      if (t->bytes)
        memcpy(states[j].constant.data, t->data, t->bytes);
    } else {
      s = rawInput(n, 2 + j, &states[j].value);
    }
  }
  int64_t k = 0;
  bool unrollable = true;
  for (; s == DLC_ONNX_OK && cond && (trips < 0 || k < trips); ++k) {
    if (k == MAX_UNROLL) {
      unrollable = false;
      break;
    }
    DlcOnnxSubgraph sg;
    s = dlcOnnxSubgraphBegin(n, "body", g, NULL, NULL, &sg);
    if (s == DLC_ONNX_OK) {
      DlcTensor iter, c;
      scalarTensor(DLC_DTYPE_I64, k, &iter);
      scalarTensor(DLC_DTYPE_BOOL, 1, &c);
      dlcOnnxSubgraphBindConstant(&sg, 0, &iter);
      dlcOnnxSubgraphBindConstant(&sg, 1, &c);
      dlcTensorDestroy(&iter);
      dlcTensorDestroy(&c);
      for (int j = 0; j < l->numCarried; ++j) {
        if (states[j].list.kind != DLC_ONNX_KIND_TENSOR)
          dlcOnnxSubgraphBindList(&sg, 2 + j, &states[j].list);
        else if (states[j].isConstant)
          dlcOnnxSubgraphBindConstant(&sg, 2 + j, &states[j].constant);
        else
          dlcOnnxSubgraphBindValue(&sg, 2 + j, states[j].value);
      }
      s = dlcOnnxSubgraphImport(&sg);
    }
    if (s == DLC_ONNX_OK) {
      DlcOnnxValue *c = dlcOnnxSubgraphOutput(&sg, 0);
      if (condMatters && (!c->isConstant || dlcTensorNumElements(&c->constant) != 1)) {
        unrollable = false;
      } else {
        cond = !condMatters || dlcOnnxTensorElement(&c->constant, 0) != 0;
        for (int j = 0; j < l->numCarried; ++j)
          stateFrom(&states[j], dlcOnnxSubgraphOutput(&sg, 1 + j));
        for (int j = 0; j < l->numScan && s == DLC_ONNX_OK; ++j) {
          DlcOnnxValue *v = dlcOnnxSubgraphOutput(&sg, 1 + l->numCarried + j);
          MlirValue x = mlirValueIsNull(v->value) ? dlcOnnxMaterialize(n->imp, v) : v->value;
          if (mlirValueIsNull(x))
            s = DLC_ONNX_ERROR;
          else
            s = dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", x, (int64_t[]){0}, 1,
                               &rows[(size_t)j * MAX_UNROLL + (size_t)k]);
        }
      }
    }
    dlcOnnxSubgraphFree(&sg);
    if (!unrollable)
      break;
  }
  if (s == DLC_ONNX_OK && unrollable && l->numScan && k == 0)
    s = dlcOnnxUnsupported(n, "the loop runs no iteration, so its scan outputs have no shape");
  for (int j = 0; j < l->numCarried && s == DLC_ONNX_OK && unrollable; ++j) {
    const DlcOnnxValue *list = &states[j].list;
    if (list->kind != DLC_ONNX_KIND_TENSOR) {
      s = dlcOnnxSetOutputList(n, j, list->kind, list->present, list->ofSequence, list->elems,
                               list->numElems);
    } else if (states[j].isConstant) {
      s = dlcOnnxDefineConstant(n, j, &states[j].constant);
      states[j].isConstant = false;
    } else {
      s = dlcOnnxSetOutput(n, j, states[j].value);
    }
  }
  for (int j = 0; j < l->numScan && s == DLC_ONNX_OK && unrollable; ++j) {
    MlirValue acc = rows[(size_t)j * MAX_UNROLL];
    for (int64_t r = 1; r < k && s == DLC_ONNX_OK; ++r) {
      DlcOnnxOp op;
      dlcOnnxOpInit(&op, "dlc_graph.concat");
      op.operands[0] = acc;
      op.operands[1] = rows[(size_t)j * MAX_UNROLL + (size_t)r];
      dlcOnnxOpInt(n, &op, "axis", 0);
      s = dlcOnnxBuild(n, &op);
      acc = op.results[0];
    }
    if (s == DLC_ONNX_OK)
      s = dlcOnnxSetOutput(n, l->numCarried + j, acc);
  }
  for (int j = 0; j < l->numCarried; ++j) {
    if (states[j].isConstant)
      dlcTensorDestroy(&states[j].constant);
    free(states[j].list.elems);
  }
  free(states);
  free(rows);
  *done = unrollable;
  return s;
}

// The loop as scf.while around a call of the body.
static DlcOnnxStatus whileLoop(DlcOnnxNode *n, const Onnx__GraphProto *g, const LoopShape *l) {
  MlirContext ctx = n->ctx;
  MlirType i1 = mlirIntegerTypeGet(ctx, 1), i64 = mlirIntegerTypeGet(ctx, 64);
  const DlcTensor *tripTensor = dlcOnnxConstInput(n, 0);
  int64_t trips = tripTensor && dlcTensorNumElements(tripTensor) == 1
                      ? (int64_t)dlcOnnxTensorElement(tripTensor, 0)
                      : -1;
  if (l->numScan && trips < 0 && !dlcOnnxHasInput(n, 0))
    return dlcOnnxUnsupported(n, "scan outputs need a trip count M (their most rows); M is "
                                 "absent");
  // Known ones may be bound graph inputs: they are constants then.
  const DlcTensor *condTensor = dlcOnnxConstInput(n, 1);
  if (condTensor && dlcTensorNumElements(condTensor) != 1)
    return dlcOnnxError(n, "the condition must be a bool scalar");
  MlirValue m = {NULL}, cond = {NULL};
  if (dlcOnnxHasInput(n, 0) && trips < 0)
    DLC_ONNX_TRY(scalarInput(n, 0, "the trip count M", i64, &m));
  if (dlcOnnxHasInput(n, 1) && !condTensor)
    DLC_ONNX_TRY(scalarInput(n, 1, "the condition", i1, &cond));
  // A carried sequence or optional is its run-time parts: N counts the
  // carried tensors, lists[2 + j] says what loop-carried value j is.
  int numValues = l->numCarried, K = l->numScan;
  size_t cap = (size_t)(2 + 3 * numValues + K + 1);
  MlirValue *init = malloc(cap * sizeof *init);
  MlirType *types = malloc(cap * sizeof *types);
  MlirLocation *locs = malloc(cap * sizeof *locs);
  DlcOnnxValue *templates = calloc((size_t)numValues + 1, sizeof *templates);
  const DlcOnnxValue **lists = calloc((size_t)(numValues + K) + 2, sizeof *lists);
  if (!init || !types || !locs || !templates || !lists)
    abort();
  types[0] = mlirRankedTensorTypeGet(0, NULL, i64, mlirAttributeGetNull());
  types[1] = mlirRankedTensorTypeGet(0, NULL, i1, mlirAttributeGetNull());
  DlcOnnxStatus s = DLC_ONNX_OK;
  int N = 0;
  for (int j = 0; j < numValues && s == DLC_ONNX_OK; ++j) {
    const DlcOnnxValue *in = dlcOnnxInputValue(n, 2 + j);
    if (in && in->kind != DLC_ONNX_KIND_TENSOR) {
      s = dlcOnnxListToRunTime(n, in, &templates[j]);
      if (s != DLC_ONNX_OK)
        break;
      templates[j].elemRank = -1; // what the body puts in may have other ranks
      lists[2 + j] = &templates[j];
      for (int k = 0; k < dlcOnnxListNumParts(&templates[j]); ++k, ++N) {
        init[2 + N] = templates[j].parts[k];
        types[2 + N] = mlirValueGetType(init[2 + N]);
      }
      continue;
    }
    s = rawInput(n, 2 + j, &init[2 + N]);
    if (s == DLC_ONNX_OK)
      types[2 + N] = mlirValueGetType(init[2 + N]);
    ++N;
  }
  DlcOnnxSubgraph sg;
  memset(&sg, 0, sizeof sg);
  MlirAttribute symbol;
  MlirType fnType = {NULL};
  MlirBlock body = n->imp->body;
  // A value the body reshapes (a Concat onto it) is carried as what its
  // initial and its next value have in common, dims that differ `?`: the
  // body is imported again taking that type.
  for (int attempt = 0; attempt < 2 && s == DLC_ONNX_OK; ++attempt) {
    s = dlcOnnxImportBody(n, "body", g, types, lists, lists + 1, &sg, &symbol, &fnType);
    if (s == DLC_ONNX_OK && !mlirTypeEqual(mlirFunctionTypeGetResult(fnType, 0), types[1]))
      s = dlcOnnxUnsupported(n, "the body's condition output must be a bool scalar");
    bool changed = false;
    for (int j = 0; j < N && s == DLC_ONNX_OK; ++j) {
      MlirType next = mlirFunctionTypeGetResult(fnType, 1 + j);
      if (mlirTypeEqual(next, types[2 + j]))
        continue;
      MlirType joined = dlcTypeJoin(types[2 + j], next);
      if (attempt || mlirTypeIsNull(joined)) {
        s = dlcOnnxUnsupported(n, "loop-carried value #%d changes its element type or rank in "
                                  "the body; DLC needs them kept",
                               j);
        break;
      }
      types[2 + j] = joined;
      init[2 + j] = dlcOnnxCastTo(n, body, init[2 + j], joined);
      changed = true;
    }
    if (s != DLC_ONNX_OK || !changed)
      break;
    dlcOnnxDropLastBody(n);
    dlcOnnxSubgraphFree(&sg);
  }
  // With M known at run time only, scan outputs are allocated with max(M, 0) rows.
  MlirValue rowCount = {NULL};
  if (K && trips < 0 && s == DLC_ONNX_OK) {
    MlirValue mValue = dlcOnnxExtractScalar(n, body, m);
    MlirValue zero = dlcOnnxArithConstant(n, body, mlirIntegerAttrGet(i64, 0));
    rowCount = dlcOnnxIndexCast(n, body, dlcOnnxArith(n, body, "arith.maxsi", mValue, zero),
                                mlirIndexTypeGet(ctx));
  }
  for (int j = 0; j < K && s == DLC_ONNX_OK; ++j) {
    MlirType row = mlirFunctionTypeGetResult(fnType, 1 + N + j);
    if (!mlirShapedTypeHasStaticShape(row)) {
      s = dlcOnnxUnsupported(n, "scan output #%d has no static shape", j);
    } else if (trips < 0) {
      types[2 + N + j] = dlcOnnxStackedType(row, DLC_DYN);
      init[2 + N + j] = mlirOperationGetResult(
          dlcOnnxCreateOp(n, body, "tensor.empty", 1, &rowCount, 1, &types[2 + N + j], 0, NULL, 0,
                          NULL),
          0);
    } else {
      types[2 + N + j] = dlcOnnxStackedType(row, trips);
      init[2 + N + j] = dlcOnnxZeros(n, body, types[2 + N + j]);
    }
  }
  if (s != DLC_ONNX_OK) {
    dlcOnnxSubgraphFree(&sg);
    free(init);
    free(types);
    free(locs);
    free(templates);
    free(lists);
    return s;
  }
  // The loop carries the tensors first (loop-carried values, then the scan
  // outputs being filled), then the iteration number and the condition as
  // scalars: bufferization pairs scf.condition's operands with the before
  // block's arguments by position, and canonicalization drops a condition
  // no body reads from the end of that list only.
  intptr_t count = 2 + N + K, iIdx = N + K, cIdx = N + K + 1;
  MlirType *ltypes = malloc((size_t)(count + 1) * sizeof *ltypes);
  MlirValue *linit = malloc((size_t)(count + 1) * sizeof *linit);
  if (!ltypes || !linit)
    abort();
  for (intptr_t k = 0; k < N + K; ++k) {
    ltypes[k] = types[2 + k];
    linit[k] = init[2 + k];
  }
  ltypes[iIdx] = i64;
  ltypes[cIdx] = i1;
  linit[iIdx] = dlcOnnxArithConstant(n, body, mlirIntegerAttrGet(i64, 0));
  bool condValue = !condTensor || dlcOnnxTensorElement(condTensor, 0) != 0;
  linit[cIdx] = mlirValueIsNull(cond) ? dlcOnnxArithConstant(n, body, mlirIntegerAttrGet(i1, condValue))
                                      : dlcOnnxExtractScalar(n, body, cond);
  MlirValue mScalar = trips >= 0          ? dlcOnnxArithConstant(n, body, mlirIntegerAttrGet(i64, trips))
                      : mlirValueIsNull(m) ? m
                                           : dlcOnnxExtractScalar(n, body, m);
  for (intptr_t k = 0; k < count; ++k)
    locs[k] = n->loc;

  // before: continue while the condition holds and fewer than M iterations ran.
  MlirBlock before = mlirBlockCreate(count, ltypes, locs);
  MlirValue go = mlirBlockGetArgument(before, cIdx);
  if (!mlirValueIsNull(mScalar)) {
    MlirValue operands[2] = {mlirBlockGetArgument(before, iIdx), mScalar};
    MlirNamedAttribute pred = dlcOnnxNamed(n, "predicate", mlirIntegerAttrGet(i64, 2)); // slt
    MlirValue lt = mlirOperationGetResult(
        dlcOnnxCreateOp(n, before, "arith.cmpi", 2, operands, 1, &i1, 1, &pred, 0, NULL), 0);
    go = dlcOnnxArith(n, before, "arith.andi", go, lt);
  }
  MlirValue *operands = malloc((size_t)(count + sg.numCaptures + 1) * sizeof *operands);
  if (!operands)
    abort();
  operands[0] = go;
  for (intptr_t k = 0; k < count; ++k)
    operands[1 + k] = mlirBlockGetArgument(before, k);
  dlcOnnxCreateOp(n, before, "scf.condition", 1 + count, operands, 0, NULL, 0, NULL, 0, NULL);

  // after: one iteration of the body; scan outputs go to row `i`.
  MlirBlock after = mlirBlockCreate(count, ltypes, locs);
  MlirValue i = mlirBlockGetArgument(after, iIdx);
  operands[0] = dlcOnnxFromScalar(n, after, i);
  operands[1] = dlcOnnxFromScalar(n, after, mlirBlockGetArgument(after, cIdx));
  for (int j = 0; j < N; ++j)
    operands[2 + j] = mlirBlockGetArgument(after, j);
  for (int j = 0; j < sg.numCaptures; ++j)
    operands[2 + N + j] = sg.captures[j];
  MlirOperation call = dlcOnnxCall(n, after, symbol, fnType, 2 + N + sg.numCaptures, operands);
  MlirValue *yield = malloc((size_t)(count + 1) * sizeof *yield);
  if (!yield)
    abort();
  yield[iIdx] = dlcOnnxArith(n, after, "arith.addi", i,
                             dlcOnnxArithConstant(n, after, mlirIntegerAttrGet(i64, 1)));
  // Without a condition input, ONNX ignores the body's condition: a loop
  // of M iterations.
  bool hasCond = dlcOnnxHasInput(n, 1);
  yield[cIdx] = hasCond ? dlcOnnxExtractScalar(n, after, mlirOperationGetResult(call, 0))
                        : dlcOnnxArithConstant(n, after, mlirIntegerAttrGet(i1, 1));
  // Rows first: a row may be a loop-carried value's old value (the body
  // passes it through), read before the copy overwrites its buffer.
  MlirValue index = K ? dlcOnnxIndexCast(n, after, i, mlirIndexTypeGet(ctx)) : i;
  for (int j = 0; j < K; ++j)
    yield[N + j] = dlcOnnxInsertRow(n, after, mlirOperationGetResult(call, 1 + N + j),
                                    mlirBlockGetArgument(after, N + j), index);
  for (int j = 0; j < N; ++j) {
    MlirValue next = mlirOperationGetResult(call, 1 + j);
    yield[j] = mlirShapedTypeHasStaticShape(mlirValueGetType(next))
                   ? dlcOnnxCopyInto(n, after, next, mlirBlockGetArgument(after, j))
                   : next;
  }
  dlcOnnxCreateOp(n, after, "scf.yield", count, yield, 0, NULL, 0, NULL, 0, NULL);

  MlirRegion regions[2] = {mlirRegionCreate(), mlirRegionCreate()};
  mlirRegionAppendOwnedBlock(regions[0], before);
  mlirRegionAppendOwnedBlock(regions[1], after);
  MlirOperation loop =
      dlcOnnxCreateOp(n, body, "scf.while", count, linit, count, ltypes, 0, NULL, 2, regions);
  for (int j = 0, r = 0; j < numValues && s == DLC_ONNX_OK; ++j) {
    const DlcOnnxValue *list = lists[2 + j];
    if (!list) {
      s = dlcOnnxSetOutput(n, j, mlirOperationGetResult(loop, r++));
      continue;
    }
    MlirValue parts[3];
    for (int k = 0; k < dlcOnnxListNumParts(list); ++k)
      parts[k] = mlirOperationGetResult(loop, r++);
    s = dlcOnnxSetOutputRunTime(n, j, list->kind, list->ofSequence, parts, -1);
  }
  // A condition may end the loop before M iterations: its scan outputs
  // have as many rows as iterations ran, a size known at run time.
  MlirValue ran = K && hasCond ? dlcOnnxIndexCast(n, body, mlirOperationGetResult(loop, iIdx),
                                                  mlirIndexTypeGet(ctx))
                               : (MlirValue){NULL};
  for (int j = 0; j < K && s == DLC_ONNX_OK; ++j) {
    MlirValue rowsOut = mlirOperationGetResult(loop, N + j);
    if (!mlirValueIsNull(ran))
      rowsOut = dlcOnnxLeadingRows(n, body, rowsOut, ran);
    s = dlcOnnxSetOutput(n, numValues + j, rowsOut);
  }
  free(ltypes);
  free(linit);
  free(yield);
  free(operands);
  dlcOnnxSubgraphFree(&sg);
  free(init);
  free(types);
  free(locs);
  free(templates);
  free(lists);
  return s;
}

static DlcOnnxStatus translateLoop(DlcOnnxNode *n) {
  const Onnx__GraphProto *g;
  DLC_ONNX_TRY(dlcOnnxSubgraphGet(n, "body", &g));
  LoopShape l = {0, 0};
  DLC_ONNX_TRY(loopShape(n, g, &l));
  // Scan outputs make the trip count and the condition shape-like.
  bool shapeLike = l.numScan;
  const DlcTensor *m = shapeLike ? knownOrNull(n, 0, "M") : dlcOnnxConstInput(n, 0);
  const DlcTensor *c = shapeLike && m ? knownOrNull(n, 1, "cond") : dlcOnnxConstInput(n, 1);
  bool tripKnown = !dlcOnnxHasInput(n, 0) || (m && dlcTensorNumElements(m) == 1);
  bool condKnown = !dlcOnnxHasInput(n, 1) || (c && dlcTensorNumElements(c) == 1);
  int64_t trips = m ? (int64_t)dlcOnnxTensorElement(m, 0) : -1;
  if (tripKnown && condKnown && (trips >= 0 || dlcOnnxHasInput(n, 1))) {
    bool cond = !c || dlcOnnxTensorElement(c, 0) != 0;
    bool done;
    DLC_ONNX_TRY(unrollLoop(n, g, &l, trips, cond, dlcOnnxHasInput(n, 1), &done));
    if (done)
      return DLC_ONNX_OK;
  }
  return whileLoop(n, g, &l);
}

static const DlcOnnxOpEntry entries[] = {
    {"If", 1, translateIf, {A_GRAPH("else_branch"), A_GRAPH("then_branch")}, "scf.if",
     "A condition known at compile time (a constant, or computed from static shapes) imports its "
     "branch alone. Otherwise the branches' outputs must have the same element types and ranks, "
     "but for leading size-1 dims: dims that differ are `?`, a lower-rank output gains the size-1 "
     "dims. Branches giving sequences or optionals (of one kind) give them in their run-time "
     "form."},
    {"Loop", 1, translateLoop, {A_GRAPH("body")}, "scf.while",
     "Loop-carried values keep their element types and ranks. Scan outputs need a trip count M (their rows: a "
     "dim known at run time unless M is known at compile time, e.g. with --bind-shape-inputs); "
     "with a condition they have as many rows as iterations ran, a dim known at run time. "
     "Loops of up to 64 iterations with known M and condition are unrolled; others carry "
     "sequences and optionals in their run-time form, and a value the body grows as what its "
     "initial and next value share (dims that differ `?`)."},
};

const DlcOnnxOpEntry *dlcOnnxControlOps(size_t *count) {
  *count = sizeof entries / sizeof *entries;
  return entries;
}
