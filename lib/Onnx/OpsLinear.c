//===- OpsLinear.c - Matrix products, convolutions, pooling -----*- C -*-===//
//
// MatMul, Gemm, Conv, ConvTranspose, MaxPool, AveragePool, LpPool (an
// average of |x|^p), GlobalAveragePool and Det (a cofactor expansion).
// Window attributes keep their ONNX names and meaning; ints used as bools
// (transA, ceil_mode, count_include_pad) become bools.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinTypes.h"

#include <string.h>

static bool isString(MlirStringRef s, const char *what) {
  return mlirStringRefEqual(s, mlirStringRefCreateFromCString(what));
}

// Copies the listed list-of-ints attributes and auto_pad when present.
static DlcOnnxStatus windowAttrs(DlcOnnxNode *n, DlcOnnxOp *op, const char *const *lists) {
  MlirStringRef autoPad = dlcOnnxAttrString(n, "auto_pad", "NOTSET");
  if (!isString(autoPad, "NOTSET") && !isString(autoPad, "SAME_UPPER") &&
      !isString(autoPad, "SAME_LOWER") && !isString(autoPad, "VALID"))
    return dlcOnnxUnsupported(n, "auto_pad = \"%.*s\" is not supported", (int)autoPad.length,
                              autoPad.data);
  if (!isString(autoPad, "NOTSET"))
    dlcOnnxOpString(n, op, "auto_pad", autoPad);
  for (; *lists; ++lists) {
    const int64_t *values;
    int64_t count;
    if (dlcOnnxAttrInts(n, *lists, &values, &count))
      dlcOnnxOpInts(n, op, *lists, values, count);
  }
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateMatMul(DlcOnnxNode *n) {
  MlirValue operands[2], out;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &operands[0]));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &operands[1]));
  DLC_ONNX_TRY(dlcOnnxBuildSimple(n, n->entry->graphOp, 2, operands, &out));
  return dlcOnnxSetOutput(n, 0, out);
}

static DlcOnnxStatus translateGemm(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &op.operands[1]));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &op.operands[2]));
  float alpha = dlcOnnxAttrFloat(n, "alpha", 1.0f), beta = dlcOnnxAttrFloat(n, "beta", 1.0f);
  if (alpha != 1.0f)
    dlcOnnxOpF32(n, &op, "alpha", alpha);
  if (beta != 1.0f)
    dlcOnnxOpF32(n, &op, "beta", beta);
  if (dlcOnnxAttrInt(n, "transA", 0))
    dlcOnnxOpBool(n, &op, "trans_a", true);
  if (dlcOnnxAttrInt(n, "transB", 0))
    dlcOnnxOpBool(n, &op, "trans_b", true);
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus convLike(DlcOnnxNode *n, const char *const *lists) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &op.operands[1]));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &op.operands[2]));
  DLC_ONNX_TRY(windowAttrs(n, &op, lists));
  int64_t group = dlcOnnxAttrInt(n, "group", 1);
  if (group != 1)
    dlcOnnxOpInt(n, &op, "group", group);
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateConv(DlcOnnxNode *n) {
  static const char *const lists[] = {"dilations", "kernel_shape", "pads", "strides", NULL};
  return convLike(n, lists);
}

static DlcOnnxStatus translateConvTranspose(DlcOnnxNode *n) {
  static const char *const lists[] = {"dilations",    "kernel_shape", "output_padding",
                                      "output_shape", "pads",         "strides", NULL};
  return convLike(n, lists);
}

static DlcOnnxStatus poolCommon(DlcOnnxNode *n, DlcOnnxOp *op) {
  static const char *const lists[] = {"dilations", "kernel_shape", "pads", "strides", NULL};
  if (!dlcOnnxAttr(n, "kernel_shape"))
    return dlcOnnxUnsupported(n, "the required attribute 'kernel_shape' is missing");
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op->operands[0]));
  DLC_ONNX_TRY(windowAttrs(n, op, lists));
  if (dlcOnnxAttrInt(n, "ceil_mode", 0))
    dlcOnnxOpBool(n, op, "ceil_mode", true);
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateMaxPool(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(poolCommon(n, &op));
  int64_t storageOrder = dlcOnnxAttrInt(n, "storage_order", 0);
  if (storageOrder != 0) // the shape rule checks the value
    dlcOnnxOpInt(n, &op, "storage_order", storageOrder);
  op.wantResult[1] = dlcOnnxHasOutput(n, 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, op.results[0]));
  return op.wantResult[1] ? dlcOnnxSetOutput(n, 1, op.results[1]) : DLC_ONNX_OK;
}

static DlcOnnxStatus translateAveragePool(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(poolCommon(n, &op));
  if (dlcOnnxAttrInt(n, "count_include_pad", 0))
    dlcOnnxOpBool(n, &op, "count_include_pad", true);
  return dlcOnnxBuildOutput(n, &op);
}

// LpPool: (sum over the window of |x|^p)^(1/p), the sum an average that
// counts the zero padding, times the window's size.
static DlcOnnxStatus translateLpPool(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.avg_pool");
  DLC_ONNX_TRY(poolCommon(n, &op));
  MlirValue x = op.operands[0];
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(x));
  int64_t p = dlcOnnxAttrInt(n, "p", 2);
  if (p < 1)
    return dlcOnnxError(n, "attribute 'p' must be at least 1, but is %lld", (long long)p);
  const int64_t *kernel;
  int64_t numKernel, window = 1;
  dlcOnnxAttrInts(n, "kernel_shape", &kernel, &numKernel);
  for (int64_t i = 0; i < numKernel; ++i)
    window *= kernel[i];
  MlirValue power, inverse, size, y;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, (double)p, &power));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 1.0 / (double)p, &inverse));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, (double)window, &size));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.abs", x, &x));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.pow", x, power, &op.operands[0]));
  dlcOnnxOpBool(n, &op, "count_include_pad", true);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", op.results[0], size, &y));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.pow", y, inverse, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

static DlcOnnxStatus translateGlobalAveragePool(DlcOnnxNode *n) {
  MlirValue input, out;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &input));
  DLC_ONNX_TRY(dlcOnnxBuildSimple(n, n->entry->graphOp, 1, &input, &out));
  return dlcOnnxSetOutput(n, 0, out);
}

// Det by cofactor expansion along the first row, each minor (the rows
// from r on, a set of columns) built once: n * 2^n products for n x n,
// kept to n <= 6. Elements stay [.., 1, 1] until the end.
#define DET_MAX 6

typedef struct DetMinors {
  MlirValue elements[DET_MAX][DET_MAX];
  MlirValue minors[1 << DET_MAX]; ///< by column set; null until built
  int n;
} DetMinors;

static DlcOnnxStatus minorDet(DlcOnnxNode *n, DetMinors *d, unsigned columns, MlirValue *out) {
  if (!mlirValueIsNull(d->minors[columns])) {
    *out = d->minors[columns];
    return DLC_ONNX_OK;
  }
  int row = d->n - __builtin_popcount(columns), position = 0;
  MlirValue sum = {NULL};
  for (int j = 0; j < d->n; ++j) {
    if (!(columns & (1u << j)))
      continue;
    MlirValue term = d->elements[row][j];
    unsigned rest = columns & ~(1u << j);
    if (rest) {
      MlirValue minor;
      DLC_ONNX_TRY(minorDet(n, d, rest, &minor));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", term, minor, &term));
    }
    if (mlirValueIsNull(sum))
      sum = term;
    else
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, position % 2 ? "dlc_graph.sub" : "dlc_graph.add", sum,
                                   term, &sum));
    ++position;
  }
  d->minors[columns] = sum;
  *out = sum;
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateDet(DlcOnnxNode *n) {
  MlirValue x;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  MlirType type = mlirValueGetType(x);
  int64_t rank = mlirShapedTypeGetRank(type);
  if (rank < 2)
    return dlcOnnxError(n, "input 'X' must have rank 2 or more (.. x M x M)");
  int64_t rows = mlirShapedTypeGetDimSize(type, rank - 2);
  int64_t cols = mlirShapedTypeGetDimSize(type, rank - 1);
  if (mlirShapedTypeIsDynamicSize(rows) || mlirShapedTypeIsDynamicSize(cols))
    return dlcOnnxUnsupported(n, "the matrices' dims must be static");
  if (rows != cols || rows < 1)
    return dlcOnnxError(n, "input 'X' must hold square matrices, not %lld x %lld",
                        (long long)rows, (long long)cols);
  if (rows > DET_MAX)
    return dlcOnnxUnsupported(n, "matrices of %lld x %lld are larger than %d x %d",
                              (long long)rows, (long long)rows, DET_MAX, DET_MAX);
  DetMinors d;
  memset(&d, 0, sizeof d);
  d.n = (int)rows;
  int64_t axes[2] = {rank - 2, rank - 1};
  for (int i = 0; i < d.n; ++i)
    for (int j = 0; j < d.n; ++j) {
      int64_t starts[2] = {i, j}, ends[2] = {i + 1, j + 1};
      DlcOnnxOp slice;
      dlcOnnxOpInit(&slice, "dlc_graph.slice");
      slice.operands[0] = x;
      dlcOnnxOpInts(n, &slice, "starts", starts, 2);
      dlcOnnxOpInts(n, &slice, "ends", ends, 2);
      dlcOnnxOpInts(n, &slice, "axes", axes, 2);
      DLC_ONNX_TRY(dlcOnnxBuild(n, &slice));
      d.elements[i][j] = slice.results[0];
    }
  MlirValue det;
  DLC_ONNX_TRY(minorDet(n, &d, (1u << d.n) - 1, &det));
  DlcOnnxOp squeeze;
  dlcOnnxOpInit(&squeeze, "dlc_graph.squeeze");
  squeeze.operands[0] = det;
  dlcOnnxOpInts(n, &squeeze, "axes", axes, 2);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &squeeze));
  return dlcOnnxSetOutput(n, 0, squeeze.results[0]);
}

#define SPATIAL "1 to 3 spatial dims."

static const DlcOnnxOpEntry ops[] = {
    {"MatMul", 9, translateMatMul, {{0}}, "dlc_graph.matmul", NULL},
    {"Gemm", 7, translateGemm,
     {A_FLOAT("alpha"), A_FLOAT("beta"), A_INT("transA"), A_INT("transB")}, "dlc_graph.gemm",
     NULL},
    {"Conv", 1, translateConv,
     {A_STRING("auto_pad"), A_INTS("dilations"), A_INT("group"), A_INTS("kernel_shape"),
      A_INTS("pads"), A_INTS("strides")},
     "dlc_graph.conv", SPATIAL},
    {"ConvTranspose", 1, translateConvTranspose,
     {A_STRING("auto_pad"), A_INTS("dilations"), A_INT("group"), A_INTS("kernel_shape"),
      A_INTS("output_padding"), A_INTS("output_shape"), A_INTS("pads"), A_INTS("strides")},
     "dlc_graph.conv_transpose", SPATIAL},
    // MaxPool gained ceil_mode and dilations in opset 10.
    {"MaxPool", 8, translateMaxPool,
     {A_STRING("auto_pad"), A_INTS("kernel_shape"), A_INTS("pads"), A_INT("storage_order"),
      A_INTS("strides")},
     "dlc_graph.max_pool", SPATIAL},
    {"MaxPool", 10, translateMaxPool,
     {A_STRING("auto_pad"), A_INT("ceil_mode"), A_INTS("dilations"), A_INTS("kernel_shape"),
      A_INTS("pads"), A_INT("storage_order"), A_INTS("strides")},
     "dlc_graph.max_pool", SPATIAL},
    // AveragePool gained ceil_mode in opset 10, dilations in 19.
    {"AveragePool", 7, translateAveragePool,
     {A_STRING("auto_pad"), A_INT("count_include_pad"), A_INTS("kernel_shape"), A_INTS("pads"),
      A_INTS("strides")},
     "dlc_graph.avg_pool", SPATIAL},
    {"AveragePool", 10, translateAveragePool,
     {A_STRING("auto_pad"), A_INT("ceil_mode"), A_INT("count_include_pad"),
      A_INTS("kernel_shape"), A_INTS("pads"), A_INTS("strides")},
     "dlc_graph.avg_pool", SPATIAL},
    {"AveragePool", 19, translateAveragePool,
     {A_STRING("auto_pad"), A_INT("ceil_mode"), A_INT("count_include_pad"), A_INTS("dilations"),
      A_INTS("kernel_shape"), A_INTS("pads"), A_INTS("strides")},
     "dlc_graph.avg_pool", SPATIAL},
    {"LpPool", 11, translateLpPool,
     {A_STRING("auto_pad"), A_INTS("kernel_shape"), A_INT("p"), A_INTS("pads"), A_INTS("strides")},
     "dlc_graph.avg_pool", SPATIAL},
    {"LpPool", 18, translateLpPool,
     {A_STRING("auto_pad"), A_INT("ceil_mode"), A_INTS("dilations"), A_INTS("kernel_shape"),
      A_INT("p"), A_INTS("pads"), A_INTS("strides")},
     "dlc_graph.avg_pool", SPATIAL},
    {"Det", 11, translateDet, {{0}}, "dlc_graph.mul",
     "Matrices up to 6 x 6 with static dims (cofactor expansion)."},
    {"GlobalAveragePool", 1, translateGlobalAveragePool, {{0}}, "dlc_graph.global_avg_pool", NULL},
};

const DlcOnnxOpEntry *dlcOnnxLinearOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
