//===- OpsElementwise.c - Elementwise ONNX ops ------------------*- C -*-===//
//
// Arithmetic, comparisons, activations, Clip and Where. Their semantics did
// not change within opsets 11 to 25 (later versions only added types).
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include <string.h>

// ONNX ops whose inputs map one to one onto their dlc_graph op's operands.
static DlcOnnxStatus translateDirect(DlcOnnxNode *n) {
  const char *name = n->entry->graphOp;
  const DlcOpDef *def = dlcLookupOpDefByName(name, strlen(name));
  int count = dlcDefNumOperands(def);
  MlirValue operands[DLC_MAX_OPERANDS], out;
  for (int i = 0; i < count; ++i)
    DLC_ONNX_TRY(dlcOnnxInput(n, i, &operands[i]));
  DLC_ONNX_TRY(dlcOnnxBuildSimple(n, name, count, operands, &out));
  return dlcOnnxSetOutput(n, 0, out);
}

static DlcOnnxStatus translateLeakyRelu(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  float alpha = dlcOnnxAttrFloat(n, "alpha", 0.01f);
  if (alpha != 0.01f)
    dlcOnnxOpF32(n, &op, "alpha", alpha);
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateGelu(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  MlirStringRef approximate = dlcOnnxAttrString(n, "approximate", "none");
  bool isTanh = mlirStringRefEqual(approximate, mlirStringRefCreateFromCString("tanh"));
  if (!isTanh && !mlirStringRefEqual(approximate, mlirStringRefCreateFromCString("none")))
    return dlcOnnxUnsupported(n, "approximate = \"%.*s\" is not supported (none or tanh)",
                              (int)approximate.length, approximate.data);
  if (isTanh)
    dlcOnnxOpString(n, &op, "approximate", approximate);
  return dlcOnnxBuildOutput(n, &op);
}

// Clip-11 on: min and max are optional scalar inputs, read at run time.
static DlcOnnxStatus translateClip(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  for (int i = 1; i <= 2; ++i) {
    MlirValue bound;
    DLC_ONNX_TRY(dlcOnnxOptionalInput(n, i, &bound));
    if (!mlirValueIsNull(bound))
      DLC_ONNX_TRY(dlcOnnxScalar(n, bound, &op.operands[i]));
  }
  return dlcOnnxBuildOutput(n, &op);
}

#define DIRECT(op, since, graphOp) {op, since, translateDirect, {{0}}, graphOp, NULL}

static const DlcOnnxOpEntry ops[] = {
    DIRECT("Add", 7, "dlc_graph.add"),
    DIRECT("Sub", 7, "dlc_graph.sub"),
    DIRECT("Mul", 7, "dlc_graph.mul"),
    DIRECT("Div", 7, "dlc_graph.div"),
    DIRECT("Pow", 7, "dlc_graph.pow"),
    DIRECT("Equal", 7, "dlc_graph.equal"),
    DIRECT("Greater", 7, "dlc_graph.greater"),
    DIRECT("Less", 7, "dlc_graph.less"),
    DIRECT("Relu", 6, "dlc_graph.relu"),
    DIRECT("Sigmoid", 6, "dlc_graph.sigmoid"),
    DIRECT("Tanh", 6, "dlc_graph.tanh"),
    DIRECT("Erf", 9, "dlc_graph.erf"),
    DIRECT("Exp", 6, "dlc_graph.exp"),
    DIRECT("Log", 6, "dlc_graph.log"),
    DIRECT("Sqrt", 6, "dlc_graph.sqrt"),
    DIRECT("Neg", 6, "dlc_graph.neg"),
    DIRECT("Abs", 6, "dlc_graph.abs"),
    DIRECT("Where", 9, "dlc_graph.where"),
    {"LeakyRelu", 6, translateLeakyRelu, {A_FLOAT("alpha")}, "dlc_graph.leaky_relu", NULL},
    {"Gelu", 20, translateGelu, {A_STRING("approximate")}, "dlc_graph.gelu", NULL},
    {"Clip", 11, translateClip, {{0}}, "dlc_graph.clip", NULL},
};

const DlcOnnxOpEntry *dlcOnnxElementwiseOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
