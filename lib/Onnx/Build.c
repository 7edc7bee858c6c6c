//===- Build.c - Creating dlc_graph ops for a node --------------*- C -*-===//
//
// Ops are created with placeholder (unranked) result types, then DLC's own
// shape rule for the op (the op table's infer function) computes the real
// ones, so that the importer and the verifier can never disagree. Element
// types an op does not accept make the node unsupported rather than
// producing IR that fails to verify.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"
#include "Support/Builder.h"
#include "Support/Diag.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>

void dlcOnnxOpInit(DlcOnnxOp *op, const char *name) {
  memset(op, 0, sizeof *op);
  op->name = name;
}

void dlcOnnxOpAttr(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, MlirAttribute value) {
  if (op->numAttrs == DLC_ONNX_MAX_OP_ATTRS)
    return; // the op tables have fewer attributes than this
  op->attrs[op->numAttrs++] = mlirNamedAttributeGet(
      mlirIdentifierGet(n->ctx, mlirStringRefCreateFromCString(name)), value);
}

void dlcOnnxOpInt(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, int64_t value) {
  dlcOnnxOpAttr(n, op, name, mlirIntegerAttrGet(mlirIntegerTypeGet(n->ctx, 64), value));
}

void dlcOnnxOpBool(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, bool value) {
  dlcOnnxOpAttr(n, op, name, mlirBoolAttrGet(n->ctx, value));
}

void dlcOnnxOpF32(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, double value) {
  dlcOnnxOpAttr(n, op, name, mlirFloatAttrDoubleGet(n->ctx, mlirF32TypeGet(n->ctx), value));
}

void dlcOnnxOpString(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, MlirStringRef value) {
  dlcOnnxOpAttr(n, op, name, mlirStringAttrGet(n->ctx, value));
}

void dlcOnnxOpInts(DlcOnnxNode *n, DlcOnnxOp *op, const char *name, const int64_t *values,
                   int64_t count) {
  dlcOnnxOpAttr(n, op, name, mlirDenseI64ArrayGet(n->ctx, count, values));
}

// Segment sizes are needed when more than one operand (result) is optional.
static MlirNamedAttribute segments(DlcOnnxNode *n, const char *name, const int32_t *sizes,
                                   int count) {
  return mlirNamedAttributeGet(mlirIdentifierGet(n->ctx, mlirStringRefCreateFromCString(name)),
                               mlirDenseI32ArrayGet(n->ctx, count, sizes));
}

DlcOnnxStatus dlcOnnxBuild(DlcOnnxNode *n, DlcOnnxOp *op) {
  const DlcOpDef *def = dlcLookupOpDefByName(op->name, strlen(op->name));
  if (!def)
    return dlcOnnxError(n, "internal error: no op '%s'", op->name);
  int numOperands = dlcDefNumOperands(def), numResults = dlcDefNumResults(def);
  MlirValue operands[DLC_MAX_OPERANDS];
  MlirType results[DLC_MAX_RESULTS];
  int32_t operandSizes[DLC_MAX_OPERANDS], resultSizes[DLC_MAX_RESULTS];
  int count = 0, optionalOperands = 0, numCreated = 0, optionalResults = 0;
  for (int i = 0; i < numOperands; ++i) {
    const DlcValueDef *vd = &def->operands[i];
    optionalOperands += vd->optional;
    MlirValue v = op->operands[i];
    operandSizes[i] = !mlirValueIsNull(v);
    if (mlirValueIsNull(v)) {
      if (!vd->optional)
        return dlcOnnxError(n, "internal error: '%s' needs operand '%s'", op->name, vd->name);
      continue;
    }
    MlirType type = mlirValueGetType(v);
    if (!mlirTypeIsARankedTensor(type))
      return dlcOnnxError(n, "cannot infer the type of operand '%s' of '%s'", vd->name, op->name);
    MlirType elt = mlirShapedTypeGetElementType(type);
    if (vd->types && !dlcEltIn(elt, vd->types)) {
      DlcStr s = DLC_STR_INIT;
      dlcStrAppendType(&s, elt);
      dlcOnnxUnsupported(n, "'%s' does not support element type %s for operand '%s' (it takes %s)",
                         op->name, dlcStrGet(&s), vd->name, dlcEltMaskName(vd->types));
      dlcStrFree(&s);
      return DLC_ONNX_UNSUPPORTED;
    }
    operands[count++] = v;
  }
  MlirType placeholder = mlirUnrankedTensorTypeGet(mlirF32TypeGet(n->ctx));
  for (int i = 0; i < numResults; ++i) {
    bool optional = def->results[i].optional;
    optionalResults += optional;
    resultSizes[i] = !optional || op->wantResult[i];
    if (resultSizes[i])
      results[numCreated++] = placeholder;
  }
  MlirOperationState state = mlirOperationStateGet(mlirStringRefCreateFromCString(op->name), n->loc);
  mlirOperationStateAddOperands(&state, count, operands);
  mlirOperationStateAddResults(&state, numCreated, results);
  mlirOperationStateAddAttributes(&state, op->numAttrs, op->attrs);
  MlirNamedAttribute segs[2];
  int numSegs = 0;
  if (optionalOperands > 1)
    segs[numSegs++] = segments(n, "operandSegmentSizes", operandSizes, numOperands);
  if (optionalResults > 1)
    segs[numSegs++] = segments(n, "resultSegmentSizes", resultSizes, numResults);
  mlirOperationStateAddAttributes(&state, numSegs, segs);
  MlirOperation created = mlirOperationCreate(&state);
  mlirBlockAppendOwnedOperation(n->imp->body, created);

  DlcInfer in;
  dlcInferInit(&in, created, def);
  dlcOnnxCaptureBegin(n->imp);
  MlirLogicalResult inferred = dlcInferRun(&in);
  bool errors = dlcOnnxCaptureEnd(n->imp);
  if (mlirLogicalResultIsFailure(inferred) || errors) {
    mlirOperationDestroy(created);
    if (!errors)
      dlcOnnxError(n, "'%s' rejects its operands or attributes", op->name);
    return DLC_ONNX_ERROR;
  }
  for (int i = 0; i < numResults; ++i) {
    op->results[i] = dlcOpResult(created, i);
    if (!mlirValueIsNull(op->results[i]) && !mlirTypeIsNull(in.results[i]))
      mlirValueSetType(op->results[i], in.results[i]);
  }
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxBuildOutput(DlcOnnxNode *n, DlcOnnxOp *op) {
  DLC_ONNX_TRY(dlcOnnxBuild(n, op));
  return dlcOnnxSetOutput(n, 0, op->results[0]);
}

DlcOnnxStatus dlcOnnxBuildSimple(DlcOnnxNode *n, const char *name, int numOperands,
                                 const MlirValue *operands, MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, name);
  for (int i = 0; i < numOperands && i < DLC_MAX_OPERANDS; ++i)
    op.operands[i] = operands[i];
  DlcOnnxStatus status = dlcOnnxBuild(n, &op);
  *out = op.results[0];
  return status;
}

DlcOnnxStatus dlcOnnxScalar(DlcOnnxNode *n, MlirValue v, MlirValue *out) {
  *out = v;
  MlirType type = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(type) || mlirShapedTypeGetRank(type) != 1 ||
      mlirShapedTypeGetDimSize(type, 0) != 1)
    return DLC_ONNX_OK;
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.reshape");
  op.operands[0] = v;
  dlcOnnxOpInts(n, &op, "shape", NULL, 0);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

//===----------------------------------------------------------------------===//
// Decompositions: ops built for one node, composed
//===----------------------------------------------------------------------===//

DlcOnnxStatus dlcOnnxConstantScalar(DlcOnnxNode *n, MlirType elt, double value, MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  MlirType type = mlirRankedTensorTypeGet(0, NULL, elt, mlirAttributeGetNull());
  dlcOnnxOpAttr(n, &op, "value", dlcSplatAttr(type, value));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxUnaryOp(DlcOnnxNode *n, const char *name, MlirValue x, MlirValue *out) {
  return dlcOnnxBuildSimple(n, name, 1, &x, out);
}

DlcOnnxStatus dlcOnnxBinaryOp(DlcOnnxNode *n, const char *name, MlirValue x, MlirValue y,
                              MlirValue *out) {
  MlirValue operands[2] = {x, y};
  return dlcOnnxBuildSimple(n, name, 2, operands, out);
}

DlcOnnxStatus dlcOnnxSliceOp(DlcOnnxNode *n, MlirValue x, int64_t axis, int64_t start, int64_t end,
                             int64_t step, MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.slice");
  op.operands[0] = x;
  dlcOnnxOpInts(n, &op, "starts", &start, 1);
  dlcOnnxOpInts(n, &op, "ends", &end, 1);
  dlcOnnxOpInts(n, &op, "axes", &axis, 1);
  if (step != 1)
    dlcOnnxOpInts(n, &op, "steps", &step, 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

// dlc_graph.slice takes run-time bounds as one [2, numAxes] tensor.
DlcOnnxStatus dlcOnnxRunTimeSliceOp(DlcOnnxNode *n, MlirValue x, MlirValue start, MlirValue end,
                                    const int64_t *axes, int64_t numAxes, MlirValue *out) {
  int64_t row[2] = {1, numAxes};
  DlcOnnxOp bounds, slice;
  dlcOnnxOpInit(&bounds, "dlc_graph.concat");
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", start, row, 2, &bounds.operands[0]));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", end, row, 2, &bounds.operands[1]));
  dlcOnnxOpInt(n, &bounds, "axis", 0);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &bounds));
  dlcOnnxOpInit(&slice, "dlc_graph.slice");
  slice.operands[0] = x, slice.operands[1] = bounds.results[0];
  dlcOnnxOpInts(n, &slice, "axes", axes, numAxes);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &slice));
  *out = slice.results[0];
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxConcatOp(DlcOnnxNode *n, MlirValue a, MlirValue b, int64_t axis,
                              MlirValue *out) {
  if (mlirValueIsNull(a)) {
    *out = b;
    return DLC_ONNX_OK;
  }
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.concat");
  op.operands[0] = a, op.operands[1] = b;
  dlcOnnxOpInt(n, &op, "axis", axis);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxWrapIndices(DlcOnnxNode *n, MlirValue idx, int64_t size, MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue zero, sizeV, negative, wrapped;
  DLC_ONNX_TRY(dlcOnnxCastOp(n, idx, i64, &idx));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, (double)size, &sizeV));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", idx, zero, &negative));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", idx, sizeV, &wrapped));
  return dlcOnnxWhereOp(n, negative, wrapped, idx, out);
}

DlcOnnxStatus dlcOnnxReduceOp(DlcOnnxNode *n, const char *name, MlirValue x, const int64_t *axes,
                              int64_t numAxes, bool keepdims, MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, name);
  op.operands[0] = x;
  dlcOnnxOpInts(n, &op, "axes", axes, numAxes);
  if (!keepdims)
    dlcOnnxOpBool(n, &op, "keepdims", false);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxShapeOp(DlcOnnxNode *n, const char *name, MlirValue x, const int64_t *dims,
                             int64_t rank, MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, name);
  op.operands[0] = x;
  const char *attr = !strcmp(name, "dlc_graph.transpose")   ? "perm"
                     : !strcmp(name, "dlc_graph.unsqueeze") ? "axes"
                                                            : "shape";
  dlcOnnxOpInts(n, &op, attr, dims, rank);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxCastOp(DlcOnnxNode *n, MlirValue v, MlirType elt, MlirValue *out) {
  if (mlirTypeEqual(mlirShapedTypeGetElementType(mlirValueGetType(v)), elt)) {
    *out = v;
    return DLC_ONNX_OK;
  }
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.cast");
  op.operands[0] = v;
  dlcOnnxOpAttr(n, &op, "to", mlirTypeAttrGet(elt));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxWhereOp(DlcOnnxNode *n, MlirValue cond, MlirValue x, MlirValue y,
                             MlirValue *out) {
  MlirValue operands[3] = {cond, x, y};
  return dlcOnnxBuildSimple(n, "dlc_graph.where", 3, operands, out);
}
