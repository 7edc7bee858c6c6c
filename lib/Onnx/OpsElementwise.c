//===- OpsElementwise.c - Elementwise ONNX ops ------------------*- C -*-===//
//
// Arithmetic, comparisons, activations, Clip and Where. Their semantics did
// not change within opsets 11 to 25 (later versions only added types).
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include <string.h>

// ONNX ops whose inputs map one to one onto a dlc_graph op's operands.
static const struct {
  const char *onnx, *dlc;
} direct[] = {
    {"Add", "dlc_graph.add"},       {"Sub", "dlc_graph.sub"},     {"Mul", "dlc_graph.mul"},
    {"Div", "dlc_graph.div"},       {"Pow", "dlc_graph.pow"},     {"Equal", "dlc_graph.equal"},
    {"Greater", "dlc_graph.greater"}, {"Less", "dlc_graph.less"}, {"Relu", "dlc_graph.relu"},
    {"Sigmoid", "dlc_graph.sigmoid"}, {"Tanh", "dlc_graph.tanh"}, {"Erf", "dlc_graph.erf"},
    {"Exp", "dlc_graph.exp"},       {"Log", "dlc_graph.log"},     {"Sqrt", "dlc_graph.sqrt"},
    {"Neg", "dlc_graph.neg"},       {"Abs", "dlc_graph.abs"},     {"Where", "dlc_graph.where"},
};

static DlcOnnxStatus translateDirect(DlcOnnxNode *n) {
  const char *name = NULL;
  for (size_t i = 0; i < sizeof direct / sizeof *direct && !name; ++i)
    if (!strcmp(direct[i].onnx, n->opType))
      name = direct[i].dlc;
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
  dlcOnnxOpInit(&op, "dlc_graph.leaky_relu");
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  float alpha = dlcOnnxAttrFloat(n, "alpha", 0.01f);
  if (alpha != 0.01f)
    dlcOnnxOpF32(n, &op, "alpha", alpha);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  return dlcOnnxSetOutput(n, 0, op.results[0]);
}

static DlcOnnxStatus translateGelu(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.gelu");
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  MlirStringRef approximate = dlcOnnxAttrString(n, "approximate", "none");
  bool isTanh = mlirStringRefEqual(approximate, mlirStringRefCreateFromCString("tanh"));
  if (!isTanh && !mlirStringRefEqual(approximate, mlirStringRefCreateFromCString("none")))
    return dlcOnnxUnsupported(n, "approximate = \"%.*s\" is not supported (none or tanh)",
                              (int)approximate.length, approximate.data);
  if (isTanh)
    dlcOnnxOpString(n, &op, "approximate", approximate);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  return dlcOnnxSetOutput(n, 0, op.results[0]);
}

// Clip-11 on: min and max are optional scalar inputs, read at run time.
static DlcOnnxStatus translateClip(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.clip");
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  for (int i = 1; i <= 2; ++i) {
    MlirValue bound;
    DLC_ONNX_TRY(dlcOnnxOptionalInput(n, i, &bound));
    if (!mlirValueIsNull(bound))
      DLC_ONNX_TRY(dlcOnnxScalar(n, bound, &op.operands[i]));
  }
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  return dlcOnnxSetOutput(n, 0, op.results[0]);
}

#define DIRECT(op, since) {op, since, translateDirect, {{0}}}

static const DlcOnnxOpEntry ops[] = {
    DIRECT("Add", 7),
    DIRECT("Sub", 7),
    DIRECT("Mul", 7),
    DIRECT("Div", 7),
    DIRECT("Pow", 7),
    DIRECT("Equal", 7),
    DIRECT("Greater", 7),
    DIRECT("Less", 7),
    DIRECT("Relu", 6),
    DIRECT("Sigmoid", 6),
    DIRECT("Tanh", 6),
    DIRECT("Erf", 9),
    DIRECT("Exp", 6),
    DIRECT("Log", 6),
    DIRECT("Sqrt", 6),
    DIRECT("Neg", 6),
    DIRECT("Abs", 6),
    DIRECT("Where", 9),
    {"LeakyRelu", 6, translateLeakyRelu, {{"alpha", DLC_ONNX_FLOAT}}},
    {"Gelu", 20, translateGelu, {{"approximate", DLC_ONNX_STRING}}},
    {"Clip", 11, translateClip, {{0}}},
};

const DlcOnnxOpEntry *dlcOnnxElementwiseOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
