//===- Lists.c - Sequences and optionals at the graph's edges ---*- C -*-===//
//
// The importer resolves sequences and optionals into lists of tensors
// (OpsSequence.c). At the graph's edges: a graph input that is one takes
// the structure of the value a run feeds it, which the caller's list
// provider gives (dlc-run reads it from the input's SequenceProto or
// OptionalProto), and each of its tensors becomes an argument of @main; a
// graph output that is one returns its tensors, and @main says which
// outputs are (DLC_ONNX_ATTR_OUTPUT_KINDS) so that runners expand the
// expected SequenceProto or OptionalProto.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Importer.h"
#include "Support/Diag.h"
#include "Tensor/TensorIO.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

bool dlcOnnxDeclaresSequence(const Onnx__ValueInfoProto *vi) {
  return vi->type && vi->type->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE;
}

bool dlcOnnxIsListType(const Onnx__ValueInfoProto *vi) {
  return vi->type && (vi->type->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE ||
                      vi->type->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE);
}

// The tensor type a sequence or an optional declares for its tensors, or
// NULL when it does not (or they are not tensors: *nested then says so).
static const Onnx__TypeProto__Tensor *elementType(const Onnx__TypeProto *t, bool *ofSequence,
                                                  bool *nested) {
  *ofSequence = false;
  *nested = false;
  if (t->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE) {
    t = t->optional_type ? t->optional_type->elem_type : NULL;
    if (t && t->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE)
      *ofSequence = true;
  }
  if (t && t->value_case == ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE)
    t = t->sequence_type ? t->sequence_type->elem_type : NULL;
  if (!t)
    return NULL;
  *nested = t->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
  return *nested ? NULL : t->tensor_type;
}

int dlcOnnxListInput(DlcOnnxImporter *imp, const Onnx__ValueInfoProto *vi, DlcOnnxValue *v,
                     MlirType **types, int64_t *count, DlcStr *why) {
  *types = NULL;
  *count = 0;
  bool optional = vi->type->value_case == ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE;
  const char *kind = optional ? "an optional" : "a sequence";
  bool ofSequence, nested;
  const Onnx__TypeProto__Tensor *declared = elementType(vi->type, &ofSequence, &nested);
  if (nested) {
    dlcStrPrintf(why, "its type is %s of sequences, maps or optionals; DLC takes sequences "
                      "and optionals of tensors",
                 kind);
    return 0;
  }
  const DlcOnnxImportOptions *o = imp->options;
  const DlcTensorType *given = NULL;
  intptr_t n = 0;
  if (o && o->provideList &&
      mlirLogicalResultIsFailure(o->provideList(mlirStringRefCreateFromCString(vi->name),
                                                v->position, optional, &n, &given,
                                                o->providerUserData))) {
    dlcEmitError(v->loc, "cannot read graph input '%s' (%s): the list provider failed", vi->name,
                 kind);
    return -1;
  }
  if (!given) {
    dlcStrPrintf(why, "its type is %s, which DLC resolves at compile time from the value a "
                      "run feeds it, and none was given (dlc-run reads it from the input's "
                      ".pb file)",
                 kind);
    return 0;
  }
  if (n < -1 || (n == -1 && !optional) || (optional && !ofSequence && n > 1)) {
    dlcEmitError(v->loc, "graph input '%s' (%s) cannot hold %ld tensors", vi->name, kind,
                 (long)n);
    return -1;
  }
  int32_t dataType = declared && declared->has_elem_type ? declared->elem_type : 0;
  *types = malloc((size_t)(n > 0 ? n : 1) * sizeof **types);
  v->elems = calloc((size_t)(n > 0 ? n : 1), sizeof *v->elems);
  if (!*types || !v->elems)
    abort();
  for (intptr_t k = 0; k < n; ++k) {
    DlcDType dtype;
    if (dataType && (!dlcDTypeFromOnnx(dataType, &dtype) || dtype != given[k].dtype)) {
      dlcEmitError(v->loc, "graph input '%s' declares %s of %s tensors, but tensor %ld fed "
                           "to it is %s",
                   vi->name, kind, dlcOnnxDataTypeName(dataType), (long)k,
                   dlcDTypeName(given[k].dtype));
      return -1;
    }
    (*types)[k] = dlcTensorTypeToMlirType(imp->ctx, &given[k]);
  }
  v->kind = optional ? DLC_ONNX_KIND_OPTIONAL : DLC_ONNX_KIND_SEQUENCE;
  v->elemType = dataType ? dlcOnnxElementType(imp->ctx, dataType) : (MlirType){NULL};
  v->elemRank = declared && declared->shape ? (int64_t)declared->shape->n_dim : -1;
  v->present = n >= 0;
  v->ofSequence = ofSequence;
  v->numElems = n > 0 ? n : 0;
  *count = v->numElems;
  return 1;
}

MlirAttribute dlcOnnxOutputKinds(DlcOnnxImporter *imp) {
  const Onnx__GraphProto *g = imp->graph;
  MlirAttribute *kinds = malloc((g->n_output ? g->n_output : 1) * sizeof *kinds);
  if (!kinds)
    abort();
  bool lists = false;
  for (size_t i = 0; i < g->n_output; ++i) {
    const DlcOnnxValue *v = dlcOnnxValueLookup(&imp->values, dlcOnnxNameOr(g->output[i]->name));
    DlcOnnxKind kind = v ? v->kind : DLC_ONNX_KIND_TENSOR;
    lists |= kind != DLC_ONNX_KIND_TENSOR;
    bool atRunTime = v && v->atRunTime;
    const char *name = kind == DLC_ONNX_KIND_SEQUENCE
                           ? (atRunTime ? "run-time sequence" : "sequence")
                       : kind == DLC_ONNX_KIND_OPTIONAL
                           ? (!atRunTime     ? "optional"
                              : v->ofSequence ? "run-time optional sequence"
                                              : "run-time optional")
                           : "tensor";
    kinds[i] = mlirStringAttrGet(imp->ctx, mlirStringRefCreateFromCString(name));
  }
  MlirAttribute array = lists ? mlirArrayAttrGet(imp->ctx, (intptr_t)g->n_output, kinds)
                              : (MlirAttribute){NULL};
  free(kinds);
  return array;
}

void dlcOnnxCopyList(DlcOnnxValue *to, const DlcOnnxValue *from) {
  free(to->elems);
  to->kind = from->kind;
  to->present = from->present;
  to->ofSequence = from->ofSequence;
  to->elemType = from->elemType;
  to->atRunTime = from->atRunTime;
  memcpy(to->parts, from->parts, sizeof to->parts);
  to->elemRank = from->elemRank;
  to->numElems = from->numElems;
  to->elems = malloc((size_t)(from->numElems ? from->numElems : 1) * sizeof *to->elems);
  if (!to->elems)
    abort();
  if (from->numElems)
    memcpy(to->elems, from->elems, (size_t)from->numElems * sizeof *from->elems);
}
