//===- OpsDataDep.c - Ops whose output shape depends on the data -*- C -*-===//
//
// NonZero, Compress, Unique and NonMaxSuppression: their result has a `?` dim that only the run knows; the graph op
// is lowered to code that counts, allocates and fills (GraphToTensor
// DataDep.c), and entries returning such a tensor use the dynamic-output
// ABI (EntryDynamic.c).
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinTypes.h"

static DlcOnnxStatus translateNonZero(DlcOnnxNode *n) {
  MlirValue x, out;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxBuildSimple(n, "dlc_graph.nonzero", 1, &x, &out));
  return dlcOnnxSetOutput(n, 0, out);
}

// Compress: `axis` (normalized here, so a bad one names the node) or, when
// absent, the flattened input.
static DlcOnnxStatus translateCompress(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.compress");
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &op.operands[1]));
  if (dlcOnnxAttr(n, "axis")) {
    int64_t axis;
    int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(op.operands[0]));
    DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", 0, rank, &axis));
    dlcOnnxOpInt(n, &op, "axis", axis);
  }
  return dlcOnnxBuildOutput(n, &op);
}

// Unique of the flattened input, or with `axis` of the slices along it
// (normalized here, so a bad one names the node).
static DlcOnnxStatus translateUnique(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.unique");
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  if (dlcOnnxAttr(n, "axis")) {
    int64_t axis;
    int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(op.operands[0]));
    DLC_ONNX_TRY(dlcOnnxAttrAxis(n, "axis", 0, rank, &axis));
    dlcOnnxOpInt(n, &op, "axis", axis);
  }
  dlcOnnxOpBool(n, &op, "sorted", dlcOnnxAttrInt(n, "sorted", 1) != 0);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  for (int i = 0; i < 4; ++i)
    if (dlcOnnxHasOutput(n, i))
      DLC_ONNX_TRY(dlcOnnxSetOutput(n, i, op.results[i]));
  return DLC_ONNX_OK;
}

// NonMaxSuppression: the three optional scalar inputs (often 1-element 1-D
// tensors) become 0-d operands, read at run time.
static DlcOnnxStatus translateNonMaxSuppression(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.non_max_suppression");
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &op.operands[1]));
  for (int i = 2; i <= 4; ++i) {
    MlirValue v;
    DLC_ONNX_TRY(dlcOnnxOptionalInput(n, i, &v));
    if (!mlirValueIsNull(v))
      DLC_ONNX_TRY(dlcOnnxScalar(n, v, &op.operands[i]));
  }
  int64_t center = dlcOnnxAttrInt(n, "center_point_box", 0);
  if (center != 0 && center != 1)
    return dlcOnnxError(n, "center_point_box must be 0 or 1, but is %lld", (long long)center);
  dlcOnnxOpInt(n, &op, "center_point_box", center);
  return dlcOnnxBuildOutput(n, &op);
}

static const DlcOnnxOpEntry ops[] = {
    {"Unique", 11, translateUnique, {A_INT("axis"), A_INT("sorted")}, "dlc_graph.unique", NULL},
    {"Compress", 9, translateCompress, {A_INT("axis")}, "dlc_graph.compress", NULL},
    {"NonMaxSuppression", 10, translateNonMaxSuppression, {A_INT("center_point_box")},
     "dlc_graph.non_max_suppression", "f32 boxes and scores."},
    {"NonZero", 9, translateNonZero, {{0}}, "dlc_graph.nonzero", "A 0-d input is not supported."},
};

const DlcOnnxOpEntry *dlcOnnxDataDepOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
