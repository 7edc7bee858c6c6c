//===- OpsElementwise.c - Elementwise ONNX ops ------------------*- C -*-===//
//
// Arithmetic, comparisons, math functions, logical and bitwise ops,
// activations, Clip (attributes before opset 11), Where, the variadic
// Sum / Mean / Max / Min (chains of binary ops), Reciprocal (1 / x) and
// Trilu (a where with a constant triangular mask). Ops whose attributes
// are the graph op's are copied by one translator (translateWithAttrs).
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"
#include "Support/Builder.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static DlcOnnxStatus constant(DlcOnnxNode *n, MlirAttribute value, MlirValue *out);
static MlirType elementOf(MlirValue v);

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

// Ops whose attributes have the graph op's names: each one the node sets
// is copied, ints becoming the graph op's bools where it has one.
static DlcOnnxStatus translateWithAttrs(DlcOnnxNode *n) {
  const char *name = n->entry->graphOp;
  const DlcOpDef *def = dlcLookupOpDefByName(name, strlen(name));
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, name);
  for (int i = 0; i < dlcDefNumOperands(def); ++i)
    DLC_ONNX_TRY(dlcOnnxInput(n, i, &op.operands[i]));
  for (const DlcOnnxAttrSpec *spec = n->entry->attrs; spec->name; ++spec) {
    const Onnx__AttributeProto *a = dlcOnnxAttr(n, spec->name);
    if (!a)
      continue;
    const DlcAttrDef *target = dlcDefFindAttr(def, spec->name);
    if (spec->type == DLC_ONNX_FLOAT)
      dlcOnnxOpF32(n, &op, spec->name, a->f);
    else if (spec->type == DLC_ONNX_STRING)
      dlcOnnxOpString(n, &op, spec->name, dlcOnnxAttrString(n, spec->name, ""));
    else if (target && target->kind == DLC_ATTR_BOOL)
      dlcOnnxOpBool(n, &op, spec->name, a->i != 0);
    else
      dlcOnnxOpInt(n, &op, spec->name, a->i);
  }
  return dlcOnnxBuildOutput(n, &op);
}

// Sum, Mean, Max and Min of any number of inputs: a chain of binary ops
// (numpy broadcasting composes), Mean's sum then divided by the count.
static DlcOnnxStatus translateVariadic(DlcOnnxNode *n) {
  int count = dlcOnnxNumInputs(n);
  if (count < 1)
    return dlcOnnxError(n, "needs at least one input");
  MlirValue acc;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &acc));
  bool isMean = !strcmp(n->opType, "Mean");
  for (int i = 1; i < count; ++i) {
    MlirValue operands[2] = {acc};
    DLC_ONNX_TRY(dlcOnnxInput(n, i, &operands[1]));
    DLC_ONNX_TRY(dlcOnnxBuildSimple(n, n->entry->graphOp, 2, operands, &acc));
  }
  if (count == 1)
    DLC_ONNX_TRY(dlcOnnxBuildSimple(n, "dlc_graph.identity", 1, &acc, &acc));
  if (isMean && count > 1) {
    MlirType scalar = mlirRankedTensorTypeGet(0, NULL, elementOf(acc), mlirAttributeGetNull());
    MlirValue operands[2] = {acc};
    DLC_ONNX_TRY(constant(n, dlcSplatAttr(scalar, count), &operands[1]));
    DLC_ONNX_TRY(dlcOnnxBuildSimple(n, "dlc_graph.div", 2, operands, &acc));
  }
  return dlcOnnxSetOutput(n, 0, acc);
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

// A dlc_graph.constant of `value`.
static DlcOnnxStatus constant(DlcOnnxNode *n, MlirAttribute value, MlirValue *out) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &op, "value", value);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

static MlirType elementOf(MlirValue v) { return mlirShapedTypeGetElementType(mlirValueGetType(v)); }

// Clip-6: min and max are float attributes (absent: no bound).
static DlcOnnxStatus translateClip6(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  MlirType scalar = mlirRankedTensorTypeGet(0, NULL, elementOf(op.operands[0]), mlirAttributeGetNull());
  static const char *const bounds[] = {"min", "max"};
  for (int i = 0; i < 2; ++i)
    if (dlcOnnxAttr(n, bounds[i]))
      DLC_ONNX_TRY(constant(n, dlcSplatAttr(scalar, dlcOnnxAttrFloat(n, bounds[i], 0)),
                            &op.operands[i + 1]));
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateReciprocal(DlcOnnxNode *n) {
  MlirValue operands[2], out;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &operands[1]));
  MlirType scalar = mlirRankedTensorTypeGet(0, NULL, elementOf(operands[1]), mlirAttributeGetNull());
  DLC_ONNX_TRY(constant(n, dlcSplatAttr(scalar, 1), &operands[0]));
  DLC_ONNX_TRY(dlcOnnxBuildSimple(n, "dlc_graph.div", 2, operands, &out));
  return dlcOnnxSetOutput(n, 0, out);
}

// Trilu of a k known only at run time: the constant is the diagonal
// number j - i of each element of the last two dims (static), compared
// with k when the code runs: upper zeroes where j - i < k, lower where
// k < j - i.
static DlcOnnxStatus triluAtRunTime(DlcOnnxNode *n, MlirValue x) {
  MlirType type = mlirValueGetType(x), i64 = mlirIntegerTypeGet(n->ctx, 64);
  int64_t rank = mlirShapedTypeGetRank(type);
  if (rank < 2 || mlirShapedTypeIsDynamicDim(type, rank - 2) ||
      mlirShapedTypeIsDynamicDim(type, rank - 1))
    return dlcOnnxUnsupported(n, "the last two dims of the input must be static");
  int64_t dims[2] = {mlirShapedTypeGetDimSize(type, rank - 2),
                     mlirShapedTypeGetDimSize(type, rank - 1)};
  int64_t *diagonal = dlcOnnxScratch(n, (size_t)(dims[0] * dims[1] + 1) * sizeof *diagonal);
  if (!diagonal)
    return dlcOnnxError(n, "out of memory");
  for (int64_t i = 0; i < dims[0]; ++i)
    for (int64_t j = 0; j < dims[1]; ++j)
      diagonal[i * dims[1] + j] = j - i;
  MlirType diagonalType = mlirRankedTensorTypeGet(2, dims, i64, mlirAttributeGetNull());
  MlirValue k, d, zeroed, operands[3], out;
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &k));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, k, i64, &k));
  DLC_ONNX_TRY(constant(n, mlirDenseElementsAttrInt64Get(diagonalType, dims[0] * dims[1], diagonal),
                        &d));
  bool upper = dlcOnnxAttrInt(n, "upper", 1) != 0;
  DLC_ONNX_TRY(upper ? dlcOnnxBinaryOp(n, "dlc_graph.less", d, k, &zeroed)
                     : dlcOnnxBinaryOp(n, "dlc_graph.less", k, d, &zeroed));
  MlirType scalar = mlirRankedTensorTypeGet(0, NULL, elementOf(x), mlirAttributeGetNull());
  operands[0] = zeroed;
  DLC_ONNX_TRY(constant(n, dlcSplatAttr(scalar, 0), &operands[1]));
  operands[2] = x;
  DLC_ONNX_TRY(dlcOnnxBuildSimple(n, "dlc_graph.where", 3, operands, &out));
  return dlcOnnxSetOutput(n, 0, out);
}

// Trilu keeps the elements on and above (upper) or below (lower) diagonal
// k of the last two dims and zeroes the others: where(mask, x, 0) with the
// mask a constant of those two dims, which must be static.
static DlcOnnxStatus translateTrilu(DlcOnnxNode *n) {
  MlirValue operands[3], out;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &operands[1]));
  int64_t k = 0;
  bool runTime = false;
  if (dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 1, "k", &runTime));
  if (runTime)
    return triluAtRunTime(n, operands[1]);
  if (dlcOnnxHasInput(n, 1)) {
    int64_t *values, count;
    DLC_ONNX_TRY(dlcOnnxConstInts(n, 1, "k", &values, &count));
    if (count != 1)
      return dlcOnnxUnsupported(n, "input 'k' must hold one value, it holds %lld",
                                (long long)count);
    k = values[0];
  }
  bool upper = dlcOnnxAttrInt(n, "upper", 1) != 0;
  MlirType type = mlirValueGetType(operands[1]);
  int64_t rank = mlirShapedTypeGetRank(type);
  if (rank < 2 || mlirShapedTypeIsDynamicDim(type, rank - 2) ||
      mlirShapedTypeIsDynamicDim(type, rank - 1))
    return dlcOnnxUnsupported(n, "the last two dims of the input must be static");
  int64_t dims[2] = {mlirShapedTypeGetDimSize(type, rank - 2),
                     mlirShapedTypeGetDimSize(type, rank - 1)};
  int *mask = malloc((size_t)(dims[0] * dims[1] + 1) * sizeof *mask);
  if (!mask)
    abort();
  for (int64_t i = 0; i < dims[0]; ++i)
    for (int64_t j = 0; j < dims[1]; ++j)
      mask[i * dims[1] + j] = upper ? j - i >= k : j - i <= k;
  MlirType maskType = mlirRankedTensorTypeGet(2, dims, mlirIntegerTypeGet(n->ctx, 1),
                                              mlirAttributeGetNull());
  MlirAttribute maskAttr = mlirDenseElementsAttrBoolGet(maskType, dims[0] * dims[1], mask);
  free(mask);
  DLC_ONNX_TRY(constant(n, maskAttr, &operands[0]));
  MlirType scalar = mlirRankedTensorTypeGet(0, NULL, elementOf(operands[1]), mlirAttributeGetNull());
  DLC_ONNX_TRY(constant(n, dlcSplatAttr(scalar, 0), &operands[2]));
  DLC_ONNX_TRY(dlcOnnxBuildSimple(n, "dlc_graph.where", 3, operands, &out));
  return dlcOnnxSetOutput(n, 0, out);
}

#define DIRECT(op, since, graphOp) {op, since, translateDirect, {{0}}, graphOp, NULL}
#define ATTRS(op, since, graphOp, ...) {op, since, translateWithAttrs, {__VA_ARGS__}, graphOp, NULL}
#define VARIADIC(op, graphOp) {op, 6, translateVariadic, {{0}}, graphOp, NULL}

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
    DIRECT("GreaterOrEqual", 12, "dlc_graph.greater_equal"),
    DIRECT("LessOrEqual", 12, "dlc_graph.less_equal"),
    ATTRS("Mod", 10, "dlc_graph.mod", A_INT("fmod")),
    DIRECT("BitwiseAnd", 18, "dlc_graph.bitwise_and"),
    DIRECT("BitwiseOr", 18, "dlc_graph.bitwise_or"),
    DIRECT("BitwiseXor", 18, "dlc_graph.bitwise_xor"),
    DIRECT("BitwiseNot", 18, "dlc_graph.bitwise_not"),
    ATTRS("BitShift", 11, "dlc_graph.bit_shift", A_STRING("direction")),
    DIRECT("And", 7, "dlc_graph.and"),
    DIRECT("Or", 7, "dlc_graph.or"),
    DIRECT("Xor", 7, "dlc_graph.xor"),
    DIRECT("Not", 1, "dlc_graph.not"),
    VARIADIC("Max", "dlc_graph.max"),
    VARIADIC("Min", "dlc_graph.min"),
    VARIADIC("Sum", "dlc_graph.add"),
    VARIADIC("Mean", "dlc_graph.add"),
    DIRECT("PRelu", 7, "dlc_graph.prelu"),
    DIRECT("Sin", 7, "dlc_graph.sin"),
    DIRECT("Cos", 7, "dlc_graph.cos"),
    DIRECT("Tan", 7, "dlc_graph.tan"),
    DIRECT("Asin", 7, "dlc_graph.asin"),
    DIRECT("Acos", 7, "dlc_graph.acos"),
    DIRECT("Atan", 7, "dlc_graph.atan"),
    DIRECT("Sinh", 9, "dlc_graph.sinh"),
    DIRECT("Cosh", 9, "dlc_graph.cosh"),
    DIRECT("Asinh", 9, "dlc_graph.asinh"),
    DIRECT("Acosh", 9, "dlc_graph.acosh"),
    DIRECT("Atanh", 9, "dlc_graph.atanh"),
    DIRECT("Floor", 6, "dlc_graph.floor"),
    DIRECT("Ceil", 6, "dlc_graph.ceil"),
    DIRECT("Round", 11, "dlc_graph.round"),
    DIRECT("Sign", 9, "dlc_graph.sign"),
    DIRECT("IsNaN", 9, "dlc_graph.is_nan"),
    ATTRS("IsInf", 10, "dlc_graph.is_inf", A_INT("detect_negative"), A_INT("detect_positive")),
    ATTRS("Elu", 6, "dlc_graph.elu", A_FLOAT("alpha")),
    ATTRS("Selu", 6, "dlc_graph.selu", A_FLOAT("alpha"), A_FLOAT("gamma")),
    ATTRS("Celu", 12, "dlc_graph.celu", A_FLOAT("alpha")),
    ATTRS("HardSigmoid", 6, "dlc_graph.hard_sigmoid", A_FLOAT("alpha"), A_FLOAT("beta")),
    DIRECT("HardSwish", 14, "dlc_graph.hard_swish"),
    DIRECT("Softplus", 1, "dlc_graph.softplus"),
    DIRECT("Softsign", 1, "dlc_graph.softsign"),
    DIRECT("Mish", 18, "dlc_graph.mish"),
    ATTRS("Swish", 24, "dlc_graph.swish", A_FLOAT("alpha")),
    ATTRS("ThresholdedRelu", 10, "dlc_graph.thresholded_relu", A_FLOAT("alpha")),
    ATTRS("Shrink", 9, "dlc_graph.shrink", A_FLOAT("bias"), A_FLOAT("lambd")),
    {"LeakyRelu", 6, translateLeakyRelu, {A_FLOAT("alpha")}, "dlc_graph.leaky_relu", NULL},
    {"Gelu", 20, translateGelu, {A_STRING("approximate")}, "dlc_graph.gelu", NULL},
    {"Clip", 6, translateClip6, {A_FLOAT("max"), A_FLOAT("min")}, "dlc_graph.clip", NULL},
    {"Clip", 11, translateClip, {{0}}, "dlc_graph.clip", NULL},
    {"Reciprocal", 6, translateReciprocal, {{0}}, "dlc_graph.div", "Becomes 1 / x."},
    {"Trilu", 14, translateTrilu, {A_INT("upper")}, "dlc_graph.where",
     "The last two dims must be static; a `k` not known at compile time is read when the code runs."},
};

const DlcOnnxOpEntry *dlcOnnxElementwiseOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
