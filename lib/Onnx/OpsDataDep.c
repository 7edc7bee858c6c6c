//===- OpsDataDep.c - Ops whose output shape depends on the data -*- C -*-===//
//
// NonZero, Compress and Unique: their result has a `?` dim that only the run knows; the graph op
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

// Unique of the flattened input; `axis` (unique slices) is not supported.
static DlcOnnxStatus translateUnique(DlcOnnxNode *n) {
  if (dlcOnnxAttr(n, "axis"))
    return dlcOnnxUnsupported(n, "Unique with `axis` (unique slices) is not supported; only the "
                                 "flattened input");
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.unique");
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  dlcOnnxOpBool(n, &op, "sorted", dlcOnnxAttrInt(n, "sorted", 1) != 0);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  for (int i = 0; i < 4; ++i)
    if (dlcOnnxHasOutput(n, i))
      DLC_ONNX_TRY(dlcOnnxSetOutput(n, i, op.results[i]));
  return DLC_ONNX_OK;
}

static const DlcOnnxOpEntry ops[] = {
    {"Unique", 11, translateUnique, {A_INT("axis"), A_INT("sorted")}, "dlc_graph.unique",
     "`axis` (unique slices) is not supported."},
    {"Compress", 9, translateCompress, {A_INT("axis")}, "dlc_graph.compress", NULL},
    {"NonZero", 9, translateNonZero, {{0}}, "dlc_graph.nonzero", "A 0-d input is not supported."},
};

const DlcOnnxOpEntry *dlcOnnxDataDepOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
