//===- OpsShape.c - Shape manipulation --------------------------*- C -*-===//
//
// Reshape, Flatten, Transpose, Concat (a chain of binary concats), Slice,
// Squeeze, Unsqueeze, Gather, GatherElements, Pad, Expand, Split (one slice
// per output), and what composes from them: DepthToSpace, SpaceToDepth,
// Tile, CenterCropPad and RotaryEmbedding.
// Shapes, axes, pads, starts/ends/steps and split sizes are attributes of
// the dlc_graph ops (but Reshape's and Expand's shape, Slice's inputs and
// constant-mode Pad's pads and axes, read at run time when not known at
// import time; the other modes' run-time pads become gathers,
// RunTimeSizes.c): when ONNX passes them as inputs (Squeeze/Unsqueeze/
// Split from opset 13, Pad from 11, Pad's axes from 18), they must be known
// at import time: constants, bound graph inputs, or values other nodes
// compute from static shapes (Fold.c folds them as it imports those
// nodes); Gather's indices and Pad's constant_value stay operands.
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"
#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <string.h>


// Copies a compile-time input into attribute `attr` when the input is present.
static DlcOnnxStatus constInputAttr(DlcOnnxNode *n, DlcOnnxOp *op, int input, const char *what,
                                    const char *attr) {
  if (!dlcOnnxHasInput(n, input))
    return DLC_ONNX_OK;
  int64_t *values, count;
  DLC_ONNX_TRY(dlcOnnxConstInts(n, input, what, &values, &count));
  dlcOnnxOpInts(n, op, attr, values, count);
  return DLC_ONNX_OK;
}

static void copyIntsAttr(DlcOnnxNode *n, DlcOnnxOp *op, const char *name) {
  const int64_t *values;
  int64_t count;
  if (dlcOnnxAttrInts(n, name, &values, &count))
    dlcOnnxOpInts(n, op, name, values, count);
}

// A shape known at import time becomes attribute `shape`; one that other
// nodes compute becomes operand `shape_tensor` (dlc-fold-constants folds it
// when it follows from static shapes). With `graphInputs` (Reshape and
// Expand lower a shape read at run time), so does an unbound graph input.
static DlcOnnxStatus shapeInput(DlcOnnxNode *n, DlcOnnxOp *op, bool graphInputs) {
  if (!dlcOnnxHasInput(n, 1))
    return dlcOnnxError(n, "input 'shape' is missing");
  bool runTime = dlcOnnxInputIsComputed(n, 1);
  if (graphInputs && !runTime)
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "shape", &runTime));
  if (runTime)
    return dlcOnnxInput(n, 1, &op->operands[1]);
  return constInputAttr(n, op, 1, "shape", "shape");
}

static DlcOnnxStatus translateReshape(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  DLC_ONNX_TRY(shapeInput(n, &op, true));
  if (dlcOnnxAttrInt(n, "allowzero", 0))
    dlcOnnxOpBool(n, &op, "allowzero", true);
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateFlatten(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  int64_t axis = dlcOnnxAttrInt(n, "axis", 1);
  if (axis != 1)
    dlcOnnxOpInt(n, &op, "axis", axis);
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateTranspose(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  copyIntsAttr(n, &op, "perm");
  return dlcOnnxBuildOutput(n, &op);
}

// N inputs: ((in0 ++ in1) ++ in2) ...; lowering merges the chain again.
static DlcOnnxStatus translateConcat(DlcOnnxNode *n) {
  if (!dlcOnnxAttr(n, "axis"))
    return dlcOnnxUnsupported(n, "the required attribute 'axis' is missing");
  int64_t axis = dlcOnnxAttrInt(n, "axis", 0);
  MlirValue acc;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &acc));
  if (dlcOnnxNumInputs(n) == 1) {
    DLC_ONNX_TRY(dlcOnnxBuildSimple(n, "dlc_graph.identity", 1, &acc, &acc));
    return dlcOnnxSetOutput(n, 0, acc);
  }
  for (int i = 1; i < dlcOnnxNumInputs(n); ++i) {
    DlcOnnxOp op;
    dlcOnnxOpInit(&op, n->entry->graphOp);
    op.operands[0] = acc;
    DLC_ONNX_TRY(dlcOnnxInput(n, i, &op.operands[1]));
    dlcOnnxOpInt(n, &op, "axis", axis);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
    acc = op.results[0];
  }
  return dlcOnnxSetOutput(n, 0, acc);
}

// Input `i` (starts or ends) as a 1 x n i64 row.
static DlcOnnxStatus boundsRow(DlcOnnxNode *n, int i, MlirValue *row) {
  MlirValue v;
  DLC_ONNX_TRY(dlcOnnxInput(n, i, &v));
  MlirType type = mlirValueGetType(v);
  if (mlirTypeIsARankedTensor(type) &&
      !mlirTypeEqual(mlirShapedTypeGetElementType(type), mlirIntegerTypeGet(n->ctx, 64))) {
    DlcOnnxOp cast;
    dlcOnnxOpInit(&cast, "dlc_graph.cast");
    cast.operands[0] = v;
    dlcOnnxOpAttr(n, &cast, "to", mlirTypeAttrGet(mlirIntegerTypeGet(n->ctx, 64)));
    DLC_ONNX_TRY(dlcOnnxBuild(n, &cast));
    v = cast.results[0];
  }
  DlcOnnxOp unsqueeze;
  dlcOnnxOpInit(&unsqueeze, "dlc_graph.unsqueeze");
  unsqueeze.operands[0] = v;
  int64_t zero = 0;
  dlcOnnxOpInts(n, &unsqueeze, "axes", &zero, 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &unsqueeze));
  *row = unsqueeze.results[0];
  return DLC_ONNX_OK;
}

// A 1 x count i64 row of the default `axes` (0, 1, ...) or `steps` (1s).
static DlcOnnxStatus defaultRow(DlcOnnxNode *n, bool axes, int64_t count, MlirValue *row) {
  int64_t values[DLC_MAX_RANK], shape[2] = {1, count};
  for (int64_t i = 0; i < count; ++i)
    values[i] = axes ? i : 1;
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  MlirType type = mlirRankedTensorTypeGet(2, shape, mlirIntegerTypeGet(n->ctx, 64),
                                          mlirAttributeGetNull());
  dlcOnnxOpAttr(n, &op, "value", mlirDenseElementsAttrInt64Get(type, count, values));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *row = op.results[0];
  return DLC_ONNX_OK;
}

// The rows of `bounds_tensor`: starts and ends, then (`all`) axes and steps.
static DlcOnnxStatus sliceBounds(DlcOnnxNode *n, bool all, MlirValue *bounds) {
  MlirValue rows[4];
  int numRows = all ? 4 : 2;
  DLC_ONNX_TRY(boundsRow(n, 1, &rows[0]));
  DLC_ONNX_TRY(boundsRow(n, 2, &rows[1]));
  int64_t count = mlirShapedTypeGetDimSize(mlirValueGetType(rows[0]), 1);
  if (all && (count == mlirShapedTypeGetDynamicSize() || count > DLC_MAX_RANK))
    return dlcOnnxUnsupported(n, "input 'starts' needs a static length of at most %d",
                              DLC_MAX_RANK);
  for (int i = 2; i < numRows; ++i) {
    if (dlcOnnxHasInput(n, i + 1))
      DLC_ONNX_TRY(boundsRow(n, i + 1, &rows[i]));
    else
      DLC_ONNX_TRY(defaultRow(n, i == 2, count, &rows[i]));
  }
  MlirValue acc = rows[0];
  for (int i = 1; i < numRows; ++i) {
    DlcOnnxOp concat;
    dlcOnnxOpInit(&concat, "dlc_graph.concat");
    concat.operands[0] = acc;
    concat.operands[1] = rows[i];
    dlcOnnxOpInt(n, &concat, "axis", 0);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &concat));
    acc = concat.results[0];
  }
  *bounds = acc;
  return DLC_ONNX_OK;
}

// Starts and ends that other nodes compute or that are fed at run time:
// the rows of `bounds_tensor`, with axes and steps as well when those are
// (dlc-fold-constants folds it when they follow from static shapes).
static DlcOnnxStatus translateSlice(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  if (!dlcOnnxHasInput(n, 1) || !dlcOnnxHasInput(n, 2))
    return dlcOnnxError(n, "inputs 'starts' and 'ends' are required");
  static const char *const names[5] = {"data", "starts", "ends", "axes", "steps"};
  bool runTime[5] = {false};
  for (int i = 1; i < 5; ++i)
    if (dlcOnnxHasInput(n, i))
      DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, i, names[i], &runTime[i]));
  if (runTime[3] || runTime[4]) {
    DLC_ONNX_TRY(sliceBounds(n, true, &op.operands[1]));
    return dlcOnnxBuildOutput(n, &op);
  }
  if (runTime[1] || runTime[2]) {
    DLC_ONNX_TRY(sliceBounds(n, false, &op.operands[1]));
    DlcOnnxStatus status = constInputAttr(n, &op, 3, "axes", "axes");
    status = dlcOnnxWorse(status, constInputAttr(n, &op, 4, "steps", "steps"));
    DLC_ONNX_TRY(status);
    return dlcOnnxBuildOutput(n, &op);
  }
  // Report every run-time input at once.
  DlcOnnxStatus status = constInputAttr(n, &op, 1, "starts", "starts");
  status = dlcOnnxWorse(status, constInputAttr(n, &op, 2, "ends", "ends"));
  status = dlcOnnxWorse(status, constInputAttr(n, &op, 3, "axes", "axes"));
  status = dlcOnnxWorse(status, constInputAttr(n, &op, 4, "steps", "steps"));
  DLC_ONNX_TRY(status);
  return dlcOnnxBuildOutput(n, &op);
}

// Squeeze/Unsqueeze: `axes` is an attribute before opset 13, an input after
// (read when the code runs when not known at import time, RunTimeValues.c).
static DlcOnnxStatus translateSqueeze(DlcOnnxNode *n) {
  bool unsqueeze = !strcmp(n->opType, "Unsqueeze");
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  bool runTime = false;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "axes", &runTime));
  if (runTime) {
    MlirValue out;
    DLC_ONNX_TRY(dlcOnnxSqueezeAtRunTime(n, op.operands[0], unsqueeze, &out));
    return dlcOnnxSetOutput(n, 0, out);
  }
  copyIntsAttr(n, &op, "axes");
  DLC_ONNX_TRY(constInputAttr(n, &op, 1, "axes", "axes"));
  if (unsqueeze && op.numAttrs == 0)
    return dlcOnnxError(n, "'axes' is required");
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateGather(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &op.operands[1]));
  int64_t axis = dlcOnnxAttrInt(n, "axis", 0);
  if (axis != 0)
    dlcOnnxOpInt(n, &op, "axis", axis);
  return dlcOnnxBuildOutput(n, &op);
}

// Pads that other nodes compute or that are fed at run time: operand
// `pads_tensor`, 1-D (begins, ends), or with run-time axes 3 x n (begins,
// ends, axes) (dlc-fold-constants folds it when they follow from static
// shapes).
static DlcOnnxStatus padsOperand(DlcOnnxNode *n, bool withAxes, MlirValue *out) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue pads;
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &pads));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, pads, i64, &pads));
  MlirType type = mlirValueGetType(pads);
  int64_t count = mlirTypeIsARankedTensor(type) && mlirShapedTypeGetRank(type) == 1
                      ? mlirShapedTypeGetDimSize(type, 0)
                      : mlirShapedTypeGetDynamicSize();
  if (count == mlirShapedTypeGetDynamicSize() || count % 2 || count > 2 * DLC_MAX_RANK)
    return dlcOnnxError(n, "input 'pads' must be 1-D with a static, even length of at most %d",
                        2 * DLC_MAX_RANK);
  if (!withAxes) {
    *out = pads;
    return DLC_ONNX_OK;
  }
  int64_t rows[2] = {2, count / 2};
  DlcOnnxOp concat;
  dlcOnnxOpInit(&concat, "dlc_graph.concat");
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", pads, rows, 2, &concat.operands[0]));
  DLC_ONNX_TRY(boundsRow(n, 3, &concat.operands[1]));
  if (mlirShapedTypeGetDimSize(mlirValueGetType(concat.operands[1]), 1) != count / 2)
    return dlcOnnxError(n, "input 'axes' must have half as many values as 'pads' (%lld)",
                        (long long)(count / 2));
  dlcOnnxOpInt(n, &concat, "axis", 0);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &concat));
  *out = concat.results[0];
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translatePad(DlcOnnxNode *n) {
  MlirStringRef mode = dlcOnnxAttrString(n, "mode", "constant");
  bool constant = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("constant"));
  bool wrap = mlirStringRefEqual(mode, mlirStringRefCreateFromCString("wrap"));
  if (!constant && !wrap && !mlirStringRefEqual(mode, mlirStringRefCreateFromCString("reflect")) &&
      !mlirStringRefEqual(mode, mlirStringRefCreateFromCString("edge")))
    return dlcOnnxUnsupported(n, "mode \"%.*s\" is not supported", (int)mode.length, mode.data);
  if (wrap && n->opset < 19)
    return dlcOnnxUnsupported(n, "mode \"wrap\" does not exist before opset 19");
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  if (!dlcOnnxHasInput(n, 1))
    return dlcOnnxError(n, "input 'pads' is missing");
  if (n->opset < 18 && dlcOnnxHasInput(n, 3))
    return dlcOnnxUnsupported(n, "input 'axes' does not exist before opset 18");
  bool runTimePads = false, runTimeAxes = false;
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "pads", &runTimePads));
  if (dlcOnnxHasInput(n, 3))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 3, "axes", &runTimeAxes));
  if (!constant && runTimePads && !runTimeAxes) {
    // Edge, reflect and wrap read input elements at positions computed
    // from the pads when the code runs (RunTimeSizes.c); which dims they
    // gather along must be known (run-time axes: below, an error naming
    // what to bind).
    MlirValue pads, y;
    int64_t *axes = NULL, numAxes = -1;
    if (dlcOnnxHasInput(n, 3))
      DLC_ONNX_TRY(dlcOnnxConstInts(n, 3, "axes", &axes, &numAxes));
    DLC_ONNX_TRY(padsOperand(n, false, &pads));
    DlcPadMode padMode = wrap ? DLC_PAD_WRAP
                         : mlirStringRefEqual(mode, mlirStringRefCreateFromCString("edge"))
                             ? DLC_PAD_EDGE
                             : DLC_PAD_REFLECT;
    DLC_ONNX_TRY(dlcOnnxRunTimePadGather(n, op.operands[0], padMode, pads, axes, numAxes, &y));
    return dlcOnnxSetOutput(n, 0, y);
  }
  if (constant && (runTimePads || runTimeAxes)) {
    DLC_ONNX_TRY(padsOperand(n, runTimeAxes, &op.operands[2]));
    if (!runTimeAxes)
      DLC_ONNX_TRY(constInputAttr(n, &op, 3, "axes", "axes"));
  } else {
    // Known pads and axes (or, in the other modes with run-time axes,
    // the inputs to bind, listed).
    DlcOnnxStatus status = constInputAttr(n, &op, 1, "pads", "pads");
    DLC_ONNX_TRY(dlcOnnxWorse(status, constInputAttr(n, &op, 3, "axes", "axes")));
  }
  if (!constant)
    dlcOnnxOpString(n, &op, "mode", mode);
  MlirValue value;
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &value));
  if (constant && !mlirValueIsNull(value)) // ignored by the other modes
    DLC_ONNX_TRY(dlcOnnxScalar(n, value, &op.operands[1]));
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateExpand(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  DLC_ONNX_TRY(shapeInput(n, &op, true));
  return dlcOnnxBuildOutput(n, &op);
}

// The sizes of Split's parts: given (attribute before 13, input after), or
// equal parts of a static dim (the last one smaller from opset 18).
static DlcOnnxStatus splitSizes(DlcOnnxNode *n, int64_t dim, int64_t **sizes, int64_t *count) {
  if (dlcOnnxHasInput(n, 1))
    return dlcOnnxConstInts(n, 1, "split", sizes, count);
  const int64_t *given;
  if (dlcOnnxAttrInts(n, "split", &given, count)) {
    *sizes = dlcOnnxScratch(n, (size_t)*count * sizeof **sizes);
    if (!*sizes)
      return dlcOnnxError(n, "too many compile-time inputs");
    memcpy(*sizes, given, (size_t)*count * sizeof **sizes);
    return DLC_ONNX_OK;
  }
  int64_t parts = dlcOnnxAttrInt(n, "num_outputs", dlcOnnxNumOutputs(n));
  if (parts != dlcOnnxNumOutputs(n) || parts < 1)
    return dlcOnnxError(n, "num_outputs is %lld, but the node has %d outputs", (long long)parts,
                        dlcOnnxNumOutputs(n));
  if (mlirShapedTypeIsDynamicSize(dim))
    return dlcOnnxUnsupported(n, "splitting a dynamic dim into equal parts is not supported");
  int64_t chunk = (dim + parts - 1) / parts;
  if (n->opset < 18 && dim % parts)
    return dlcOnnxError(n, "dim %lld does not split into %lld equal parts", (long long)dim,
                        (long long)parts);
  *count = parts;
  *sizes = dlcOnnxScratch(n, (size_t)parts * sizeof **sizes);
  if (!*sizes)
    return dlcOnnxError(n, "too many compile-time inputs");
  for (int64_t i = 0; i < parts; ++i) {
    int64_t left = dim - i * chunk;
    (*sizes)[i] = left < 0 ? 0 : left < chunk ? left : chunk;
  }
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxSplitAtRunTime(DlcOnnxNode *n, MlirValue input, int64_t axis, int64_t count,
                                    MlirValue *parts) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue split, start, end;
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &split));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, split, i64, &split));
  MlirType type = mlirValueGetType(split);
  if (mlirShapedTypeGetRank(type) != 1 || mlirShapedTypeGetDimSize(type, 0) != count)
    return dlcOnnxError(n, "input 'split' must hold one size per output (%lld)", (long long)count);
  int64_t one = 1;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, i64, 0, &start));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", start, &one, 1, &start));
  for (int64_t i = 0; i < count; ++i) {
    MlirValue size;
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, split, 0, i, i + 1, 1, &size));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", start, size, &end));
    DLC_ONNX_TRY(dlcOnnxRunTimeSliceOp(n, input, start, end, &axis, 1, &parts[i]));
    start = end;
  }
  return DLC_ONNX_OK;
}

static DlcOnnxStatus splitAtRunTime(DlcOnnxNode *n, MlirValue input, int64_t axis) {
  int count = dlcOnnxNumOutputs(n);
  MlirValue *parts = dlcOnnxScratch(n, (size_t)count * sizeof *parts);
  if (!parts)
    return dlcOnnxError(n, "out of scratch memory");
  DLC_ONNX_TRY(dlcOnnxSplitAtRunTime(n, input, axis, count, parts));
  for (int i = 0; i < count; ++i)
    if (dlcOnnxHasOutput(n, i))
      DLC_ONNX_TRY(dlcOnnxSetOutput(n, i, parts[i]));
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateSplit(DlcOnnxNode *n) {
  MlirValue input;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &input));
  MlirType type = mlirValueGetType(input);
  int64_t rank = mlirShapedTypeGetRank(type);
  int64_t axis;
  DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", 0, rank, &axis));
  bool runTime = false;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "split", &runTime));
  if (runTime)
    return splitAtRunTime(n, input, axis);
  int64_t dim = mlirShapedTypeGetDimSize(type, axis);
  int64_t *sizes, count;
  DLC_ONNX_TRY(splitSizes(n, dim, &sizes, &count));
  if (count != dlcOnnxNumOutputs(n))
    return dlcOnnxError(n, "%lld split sizes for %d outputs", (long long)count,
                        dlcOnnxNumOutputs(n));
  int64_t offset = 0;
  for (int64_t i = 0; i < count; ++i) {
    if (sizes[i] < 0)
      return dlcOnnxError(n, "split size %lld is negative", (long long)sizes[i]);
    int64_t start = offset, end = offset + sizes[i];
    offset = end;
    if (!dlcOnnxHasOutput(n, (int)i))
      continue;
    DlcOnnxOp op;
    dlcOnnxOpInit(&op, n->entry->graphOp);
    op.operands[0] = input;
    dlcOnnxOpInts(n, &op, "starts", &start, 1);
    dlcOnnxOpInts(n, &op, "ends", &end, 1);
    dlcOnnxOpInts(n, &op, "axes", &axis, 1);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
    DLC_ONNX_TRY(dlcOnnxSetOutput(n, (int)i, op.results[0]));
  }
  if (!mlirShapedTypeIsDynamicSize(dim) && offset != dim)
    return dlcOnnxError(n, "split sizes add up to %lld, but the dim is %lld", (long long)offset,
                        (long long)dim);
  return DLC_ONNX_OK;
}

// The static dims of `v`, or an unsupported node naming `what`.
static DlcOnnxStatus staticDims(DlcOnnxNode *n, MlirValue v, const char *what, int64_t *dims,
                                int64_t *rank) {
  MlirType type = mlirValueGetType(v);
  if (!mlirShapedTypeHasStaticShape(type))
    return dlcOnnxUnsupported(n, "input '%s' must have a static shape", what);
  *rank = mlirShapedTypeGetRank(type);
  for (int64_t i = 0; i < *rank; ++i)
    dims[i] = mlirShapedTypeGetDimSize(type, i);
  return DLC_ONNX_OK;
}

// DepthToSpace and SpaceToDepth: a reshape to 6-D, a transpose moving the
// block dims, and a reshape back, as ONNX defines them.
static DlcOnnxStatus translateDepthToSpace(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  int64_t d[DLC_MAX_RANK], rank;
  DLC_ONNX_TRY(staticDims(n, x, "input", d, &rank));
  int64_t b = dlcOnnxAttrInt(n, "blocksize", 0);
  if (rank != 4 || b < 1 || d[1] % (b * b))
    return dlcOnnxError(n, "needs a 4-D input whose channels divide by blocksize^2 (blocksize "
                           "%lld)",
                        (long long)b);
  bool crd = mlirStringRefEqual(dlcOnnxAttrString(n, "mode", "DCR"),
                                mlirStringRefCreateFromCString("CRD"));
  int64_t c = d[1] / (b * b);
  int64_t dcr[6] = {d[0], b, b, c, d[2], d[3]}, crdShape[6] = {d[0], c, b, b, d[2], d[3]};
  static const int64_t dcrPerm[6] = {0, 3, 4, 1, 5, 2}, crdPerm[6] = {0, 1, 4, 2, 5, 3};
  int64_t out[4] = {d[0], c, d[2] * b, d[3] * b};
  MlirValue v;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, crd ? crdShape : dcr, 6, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", v, crd ? crdPerm : dcrPerm, 6, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, out, 4, &v));
  return dlcOnnxSetOutput(n, 0, v);
}

static DlcOnnxStatus translateSpaceToDepth(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  int64_t d[DLC_MAX_RANK], rank;
  DLC_ONNX_TRY(staticDims(n, x, "input", d, &rank));
  int64_t b = dlcOnnxAttrInt(n, "blocksize", 0);
  if (rank != 4 || b < 1 || d[2] % b || d[3] % b)
    return dlcOnnxError(n, "needs a 4-D input whose height and width divide by blocksize (%lld)",
                        (long long)b);
  int64_t split[6] = {d[0], d[1], d[2] / b, b, d[3] / b, b};
  static const int64_t perm[6] = {0, 3, 5, 1, 2, 4};
  int64_t out[4] = {d[0], d[1] * b * b, d[2] / b, d[3] / b};
  MlirValue v;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, split, 6, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", v, perm, 6, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, out, 4, &v));
  return dlcOnnxSetOutput(n, 0, v);
}

// A 1-D i64 constant of `count` values.
static DlcOnnxStatus constRow(DlcOnnxNode *n, const int64_t *values, int64_t count,
                              MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  MlirType type = mlirRankedTensorTypeGet(1, &count, mlirIntegerTypeGet(n->ctx, 64),
                                          mlirAttributeGetNull());
  dlcOnnxOpAttr(n, &op, "value", mlirDenseElementsAttrInt64Get(type, count, values));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

// Tile of repeats known only at run time: the same reshape, expand and
// reshape, with the expand's shape (repeats interleaved with the dims) and
// the final shape (their products) computed from the repeats when the
// code runs. The result dims are `?`.
static DlcOnnxStatus tileAtRunTime(DlcOnnxNode *n, MlirValue x, const int64_t *d, int64_t rank) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue repeats;
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &repeats));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, repeats, i64, &repeats));
  MlirType type = mlirValueGetType(repeats);
  if (mlirShapedTypeGetRank(type) != 1 || mlirShapedTypeGetDimSize(type, 0) != rank)
    return dlcOnnxError(n, "input 'repeats' must have one value per dim of the input (%lld)",
                        (long long)rank);
  if (2 * rank > DLC_MAX_RANK)
    return dlcOnnxUnsupported(n, "rank %lld is more than %d", (long long)rank, DLC_MAX_RANK / 2);
  int64_t spread[DLC_MAX_RANK], column[2] = {rank, 1}, length = 2 * rank;
  for (int64_t i = 0; i < rank; ++i)
    spread[2 * i] = 1, spread[2 * i + 1] = d[i];
  MlirValue dims, v, pairs, products;
  DLC_ONNX_TRY(constRow(n, d, rank, &dims));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", repeats, dims, &products));
  DlcOnnxOp concat;
  dlcOnnxOpInit(&concat, "dlc_graph.concat");
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", repeats, column, 2, &concat.operands[0]));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", dims, column, 2, &concat.operands[1]));
  dlcOnnxOpInt(n, &concat, "axis", 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &concat));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", concat.results[0], &length, 1, &pairs));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, spread, 2 * rank, &v));
  DlcOnnxOp expand;
  dlcOnnxOpInit(&expand, "dlc_graph.expand");
  expand.operands[0] = v;
  expand.operands[1] = pairs;
  DLC_ONNX_TRY(dlcOnnxBuild(n, &expand));
  DlcOnnxOp reshape;
  dlcOnnxOpInit(&reshape, "dlc_graph.reshape");
  reshape.operands[0] = expand.results[0];
  reshape.operands[1] = products;
  // A repeat of 0 makes a 0 dim, not a copy of the input's.
  dlcOnnxOpBool(n, &reshape, "allowzero", true);
  return dlcOnnxBuildOutput(n, &reshape);
}

// Tile: x reshaped to interleave a 1 before every dim, expanded to the
// repeats there, and reshaped to the products.
static DlcOnnxStatus translateTile(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  int64_t d[DLC_MAX_RANK], rank, *repeats, count;
  DLC_ONNX_TRY(staticDims(n, x, "input", d, &rank));
  bool runTime = false;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "repeats", &runTime));
  if (runTime)
    return tileAtRunTime(n, x, d, rank);
  DLC_ONNX_TRY(dlcOnnxConstInts(n, 1, "repeats", &repeats, &count));
  if (count != rank)
    return dlcOnnxError(n, "input 'repeats' has %lld values for an input of rank %lld",
                        (long long)count, (long long)rank);
  if (2 * rank > DLC_MAX_RANK)
    return dlcOnnxUnsupported(n, "rank %lld is more than %d", (long long)rank, DLC_MAX_RANK / 2);
  int64_t spread[DLC_MAX_RANK], expanded[DLC_MAX_RANK], out[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i) {
    if (repeats[i] < 0)
      return dlcOnnxError(n, "input 'repeats' must not be negative");
    spread[2 * i] = 1, spread[2 * i + 1] = d[i];
    expanded[2 * i] = repeats[i], expanded[2 * i + 1] = d[i];
    out[i] = repeats[i] * d[i];
  }
  MlirValue v;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, spread, 2 * rank, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.expand", v, expanded, 2 * rank, &v));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, out, rank, &v));
  return dlcOnnxSetOutput(n, 0, v);
}

// CenterCropPad: each listed dim cut or zero-padded to its target size
// around the center (the odd element at the end).
// CenterCropPad of a target shape `s` known only at run time: along the
// listed axes, a slice of run-time bounds keeps min(dim, s) elements from
// (dim - s) / 2 on, then a constant pad of run-time pads adds
// max(s - dim, 0) zeros, the odd one at the end. The listed dims are `?`.
static DlcOnnxStatus centerCropPadAtRunTime(DlcOnnxNode *n, MlirValue x, const int64_t *d,
                                            const int64_t *axes, int64_t numAxes) {
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue s;
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &s));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, s, i64, &s));
  MlirType type = mlirValueGetType(s);
  if (mlirShapedTypeGetRank(type) != 1 || mlirShapedTypeGetDimSize(type, 0) != numAxes)
    return dlcOnnxError(n, "input 'shape' must have one value per axis (%lld)",
                        (long long)numAxes);
  int64_t dims[DLC_MAX_RANK], zeros[DLC_MAX_RANK] = {0}, twos[DLC_MAX_RANK];
  for (int64_t i = 0; i < numAxes; ++i)
    dims[i] = d[axes[i]], twos[i] = 2;
  MlirValue dim, zero, two, crop, start, kept, end, grow, begin, after;
  DLC_ONNX_TRY(constRow(n, dims, numAxes, &dim));
  DLC_ONNX_TRY(constRow(n, zeros, numAxes, &zero));
  DLC_ONNX_TRY(constRow(n, twos, numAxes, &two));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", dim, s, &crop));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.max", crop, zero, &crop));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", crop, two, &start));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", dim, crop, &kept));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", start, kept, &end));
  MlirValue sliced;
  DLC_ONNX_TRY(dlcOnnxRunTimeSliceOp(n, x, start, end, axes, numAxes, &sliced));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", s, dim, &grow));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.max", grow, zero, &grow));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", grow, two, &begin));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", grow, begin, &after));
  DlcOnnxOp pads, pad;
  dlcOnnxOpInit(&pads, "dlc_graph.concat");
  pads.operands[0] = begin, pads.operands[1] = after;
  dlcOnnxOpInt(n, &pads, "axis", 0);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &pads));
  dlcOnnxOpInit(&pad, "dlc_graph.pad");
  pad.operands[0] = sliced, pad.operands[2] = pads.results[0];
  dlcOnnxOpInts(n, &pad, "axes", axes, numAxes);
  return dlcOnnxBuildOutput(n, &pad);
}

static DlcOnnxStatus translateCenterCropPad(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  int64_t d[DLC_MAX_RANK], rank, *shape, count;
  DLC_ONNX_TRY(staticDims(n, x, "input_data", d, &rank));
  int64_t axes[DLC_MAX_RANK], numAxes = rank;
  const int64_t *given;
  if (dlcOnnxAttrInts(n, "axes", &given, &numAxes)) {
    if (numAxes > rank)
      return dlcOnnxError(n, "attribute 'axes' has %lld values for an input of rank %lld",
                          (long long)numAxes, (long long)rank);
    for (int64_t i = 0; i < numAxes; ++i) {
      axes[i] = given[i] < 0 ? given[i] + rank : given[i];
      if (axes[i] < 0 || axes[i] >= rank)
        return dlcOnnxError(n, "axis %lld is out of range", (long long)given[i]);
    }
  } else {
    for (int64_t i = 0; i < rank; ++i)
      axes[i] = i;
  }
  bool runTime = false;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "shape", &runTime));
  if (runTime)
    return centerCropPadAtRunTime(n, x, d, axes, numAxes);
  DLC_ONNX_TRY(dlcOnnxConstInts(n, 1, "shape", &shape, &count));
  if (count != numAxes || numAxes > rank)
    return dlcOnnxError(n, "input 'shape' has %lld values for %lld axes", (long long)count,
                        (long long)numAxes);
  MlirValue v = x, zero;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, mlirShapedTypeGetElementType(mlirValueGetType(x)), 0,
                                     &zero));
  for (int64_t i = 0; i < numAxes; ++i) {
    int64_t a = axes[i], dim = d[a], want = shape[i];
    if (a < 0 || a >= rank || want < 0)
      return dlcOnnxError(n, "axis %lld or size %lld is out of range", (long long)a,
                          (long long)want);
    if (want < dim) {
      int64_t begin = (dim - want) / 2;
      DLC_ONNX_TRY(dlcOnnxSliceOp(n, v, a, begin, begin + want, 1, &v));
    } else if (want > dim) {
      int64_t pads[2] = {(want - dim) / 2, want - dim - (want - dim) / 2};
      DlcOnnxOp pad;
      dlcOnnxOpInit(&pad, "dlc_graph.pad");
      pad.operands[0] = v, pad.operands[1] = zero;
      dlcOnnxOpInts(n, &pad, "pads", pads, 2);
      dlcOnnxOpInts(n, &pad, "axes", &a, 1);
      DLC_ONNX_TRY(dlcOnnxBuild(n, &pad));
      v = pad.results[0];
    }
  }
  if (mlirValueEqual(v, x))
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.identity", x, &v));
  return dlcOnnxSetOutput(n, 0, v);
}

// RotaryEmbedding: with x split into halves (or even and odd elements when
// interleaved) along the first rotary_embedding_dim of each head,
// (x1, x2) -> (cos x1 - sin x2, sin x1 + cos x2); the caches are indexed by
// position_ids when given. 4-D input is B x H x S x D, 3-D B x S x (H D).
static DlcOnnxStatus translateRotaryEmbedding(DlcOnnxNode *n) {
  MlirValue x, cosC, sinC, pos;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &cosC));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &sinC));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 3, &pos));
  int64_t d[DLC_MAX_RANK], rank;
  DLC_ONNX_TRY(staticDims(n, x, "input", d, &rank));
  if (rank != 3 && rank != 4)
    return dlcOnnxError(n, "input 'input' must be 3-D or 4-D");
  static const int64_t swap[4] = {0, 2, 1, 3};
  MlirValue v = x;
  int64_t heads, head;
  if (rank == 4) { // [B, H, S, D] -> [B, S, H, D]
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", x, swap, 4, &v));
    heads = d[1], head = d[3];
  } else {
    heads = dlcOnnxAttrInt(n, "num_heads", 0);
    if (heads < 1 || d[2] % heads)
      return dlcOnnxError(n, "attribute 'num_heads' must divide the hidden size %lld",
                          (long long)d[2]);
    head = d[2] / heads;
    int64_t split[4] = {d[0], d[1], heads, head};
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, split, 4, &v));
  }
  int64_t rot = dlcOnnxAttrInt(n, "rotary_embedding_dim", 0);
  rot = rot ? rot : head;
  if (rot > head || rot % 2)
    return dlcOnnxError(n, "attribute 'rotary_embedding_dim' (%lld) must be even and at most "
                           "the head size %lld",
                        (long long)rot, (long long)head);
  bool interleaved = dlcOnnxAttrInt(n, "interleaved", 0) != 0;
  MlirValue rotate = v, keep = {NULL}, x1, x2, a, b, real, imag, out;
  if (rot < head) {
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, v, 3, 0, rot, 1, &rotate));
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, v, 3, rot, head, 1, &keep));
  }
  if (!mlirValueIsNull(pos)) { // [B, S] positions into the caches' rows
    DlcOnnxOp gc, gs;
    dlcOnnxOpInit(&gc, "dlc_graph.gather");
    dlcOnnxOpInit(&gs, "dlc_graph.gather");
    gc.operands[0] = cosC, gc.operands[1] = pos;
    gs.operands[0] = sinC, gs.operands[1] = pos;
    DLC_ONNX_TRY(dlcOnnxBuild(n, &gc));
    DLC_ONNX_TRY(dlcOnnxBuild(n, &gs));
    cosC = gc.results[0], sinC = gs.results[0];
  }
  int64_t headAxis = 2;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", cosC, &headAxis, 1, &cosC));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", sinC, &headAxis, 1, &sinC));
  if (interleaved) {
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, rotate, 3, 0, rot, 2, &x1));
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, rotate, 3, 1, rot, 2, &x2));
  } else {
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, rotate, 3, 0, rot / 2, 1, &x1));
    DLC_ONNX_TRY(dlcOnnxSliceOp(n, rotate, 3, rot / 2, rot, 1, &x2));
  }
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", cosC, x1, &a));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", sinC, x2, &b));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", a, b, &real));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", sinC, x1, &a));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", cosC, x2, &b));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", a, b, &imag));
  DlcOnnxOp cat;
  dlcOnnxOpInit(&cat, "dlc_graph.concat");
  if (interleaved) { // pairs side by side again: [.., rot/2, 2] -> [.., rot]
    int64_t last = 4, merged[4] = {d[0], rank == 4 ? d[2] : d[1], heads, rot};
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", real, &last, 1, &real));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.unsqueeze", imag, &last, 1, &imag));
    cat.operands[0] = real, cat.operands[1] = imag;
    dlcOnnxOpInt(n, &cat, "axis", 4);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &cat));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", cat.results[0], merged, 4, &out));
  } else {
    cat.operands[0] = real, cat.operands[1] = imag;
    dlcOnnxOpInt(n, &cat, "axis", 3);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &cat));
    out = cat.results[0];
  }
  if (!mlirValueIsNull(keep)) {
    DlcOnnxOp all;
    dlcOnnxOpInit(&all, "dlc_graph.concat");
    all.operands[0] = out, all.operands[1] = keep;
    dlcOnnxOpInt(n, &all, "axis", 3);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &all));
    out = all.results[0];
  }
  if (rank == 4)
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", out, swap, 4, &out));
  else
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", out, d, 3, &out));
  return dlcOnnxSetOutput(n, 0, out);
}

#define SHAPE_NOTE                                                                                 \
  "`shape` must be known at compile time: a constant, or computed from static shapes (folded "    \
  "by dlc-optimize)."
#define RESHAPE_NOTE                                                                               \
  "A `shape` not known at compile time is read when the code runs: the output dims that follow "   \
  "from the ops computing it (Shape -> Gather -> Concat of static dims, constants) are static, "   \
  "the others `?`."

#define RUN_TIME_AXES_NOTE                                                                         \
  "`axes` not known at compile time are read when the code runs (a reshape to the dims computed "  \
  "from them, all `?`); their length, which decides the result's rank, must be static."

static const DlcOnnxOpEntry ops[] = {
    {"Reshape", 5, translateReshape, {{0}}, "dlc_graph.reshape", RESHAPE_NOTE},
    {"Reshape", 14, translateReshape, {A_INT("allowzero")}, "dlc_graph.reshape", RESHAPE_NOTE},
    {"Flatten", 9, translateFlatten, {A_INT("axis")}, "dlc_graph.flatten", NULL},
    {"Transpose", 1, translateTranspose, {A_INTS("perm")}, "dlc_graph.transpose", NULL},
    // One input becomes a dlc_graph.identity, more a chain of binary concats.
    {"Concat", 4, translateConcat, {A_INT("axis")}, "dlc_graph.concat", NULL},
    {"Slice", 10, translateSlice, {{0}}, "dlc_graph.slice",
     "`starts`, `ends`, `axes` and `steps` not known at compile time are read when the code runs: "
     "the sliced dims (every dim, for run-time `axes` or `steps`) are `?`."},
    {"Squeeze", 1, translateSqueeze, {A_INTS("axes")}, "dlc_graph.squeeze", NULL},
    {"Squeeze", 13, translateSqueeze, {{0}}, "dlc_graph.squeeze", RUN_TIME_AXES_NOTE},
    {"Unsqueeze", 1, translateSqueeze, {A_INTS("axes")}, "dlc_graph.unsqueeze", NULL},
    {"Unsqueeze", 13, translateSqueeze, {{0}}, "dlc_graph.unsqueeze", RUN_TIME_AXES_NOTE},
    {"Gather", 1, translateGather, {A_INT("axis")}, "dlc_graph.gather", NULL},
    {"Pad", 11, translatePad, {A_STRING("mode")}, "dlc_graph.pad",
     "In constant mode, `pads` and `axes` not known at compile time are read when the code runs "
     "(the padded dims, every dim for run-time `axes`, are `?`); in the other modes run-time "
     "`pads` are read when the code runs too (a gather per padded dim), `axes` must be known "
     "at compile time."},
    {"Expand", 8, translateExpand, {{0}}, "dlc_graph.expand", RESHAPE_NOTE},
    // One dlc_graph.slice per output.
    {"Split", 2, translateSplit, {A_INT("axis"), A_INTS("split")}, "dlc_graph.slice",
     "Equal parts of a dynamic dim are not supported."},
    {"Split", 13, translateSplit, {A_INT("axis")}, "dlc_graph.slice",
     "A `split` not known at compile time is read when the code runs (the outputs' dims along "
     "`axis` are `?`). Equal parts of a dynamic dim are not supported."},
    {"GatherElements", 11, translateGather, {A_INT("axis")}, "dlc_graph.gather_elements", NULL},
    {"CenterCropPad", 18, translateCenterCropPad, {A_INTS("axes")}, "dlc_graph.slice",
     "The input's shape must be static; a `shape` not known at compile time is read when the "
     "code runs (the listed dims are `?`)."},
    {"RotaryEmbedding", 23, translateRotaryEmbedding,
     {A_INT("interleaved"), A_INT("num_heads"), A_INT("rotary_embedding_dim")}, "dlc_graph.concat",
     "The input's shape must be static."},
    {"DepthToSpace", 1, translateDepthToSpace, {A_INT("blocksize")}, "dlc_graph.transpose",
     "The input's shape must be static."},
    {"DepthToSpace", 11, translateDepthToSpace, {A_INT("blocksize"), A_STRING("mode")},
     "dlc_graph.transpose", "The input's shape must be static."},
    {"SpaceToDepth", 1, translateSpaceToDepth, {A_INT("blocksize")}, "dlc_graph.transpose",
     "The input's shape must be static."},
    {"Tile", 6, translateTile, {{0}}, "dlc_graph.expand",
     "The input's shape must be static; `repeats` not known at compile time are read when the "
     "code runs: the output dims are `?`."},
    {"Split", 18, translateSplit, {A_INT("axis"), A_INT("num_outputs")}, "dlc_graph.slice",
     "A `split` not known at compile time is read when the code runs (the outputs' dims along "
     "`axis` are `?`). Equal parts of a dynamic dim are not supported."},
};

const DlcOnnxOpEntry *dlcOnnxShapeOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
