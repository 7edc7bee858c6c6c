//===- OpsTensor.c - Constants, casts, identities, shapes -------*- C -*-===//
//
// Constant (one dlc_graph.constant, created only if used as data), Cast,
// CastLike, BitCast, Identity, Dropout, Shape and Size;
// Range and the window functions, constants computed here from their
// compile-time inputs (a Range of run-time inputs is computed when the
// code runs). Identity and Shape of a static tensor also record
// their contents, so that shape-like operands computed by them are known at
// import time.
//
//===----------------------------------------------------------------------===//

#include "Onnx/RunTimeValues.h"
#include "Onnx/Translate.h"
#include "Tensor/TensorIO.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

static DlcOnnxStatus listTensor(DlcOnnxNode *n, DlcDType dtype, int64_t rank, int64_t count,
                                const void *data, DlcTensor *t) {
  if (mlirLogicalResultIsFailure(dlcTensorCreate(dtype, rank, &count, t)))
    return dlcOnnxError(n, "cannot allocate the constant");
  if (t->bytes)
    memcpy(t->data, data, t->bytes);
  return DLC_ONNX_OK;
}

// The tensor of attribute `a` ("value"), decoded.
static DlcOnnxStatus decodeValue(DlcOnnxNode *n, const Onnx__AttributeProto *a, DlcTensor *t) {
  if (!a->t)
    return dlcOnnxError(n, "attribute 'value' holds no tensor");
  DlcDType dtype;
  if (!a->t->has_data_type || !dlcDTypeFromOnnx(a->t->data_type, &dtype))
    return dlcOnnxUnsupported(n, "data type %s is not supported",
                              dlcOnnxDataTypeName(a->t->has_data_type ? a->t->data_type : 0));
  DlcStr why = DLC_STR_INIT;
  bool ok = dlcOnnxDecodeTensor(n->imp, a->t, t, &why);
  if (!ok)
    dlcOnnxError(n, "its tensor is broken: %s", dlcStrGet(&why));
  dlcStrFree(&why);
  return ok ? DLC_ONNX_OK : DLC_ONNX_ERROR;
}

static DlcOnnxStatus translateConstant(DlcOnnxNode *n) {
  if (n->proto->n_attribute != 1)
    return dlcOnnxError(n, "a Constant needs exactly one attribute, this one has %zu",
                        n->proto->n_attribute);
  const Onnx__AttributeProto *a = n->proto->attribute[0];
  const char *name = a->name;
  DlcTensor t;
  if (!strcmp(name, "value")) {
    DLC_ONNX_TRY(decodeValue(n, a, &t));
  } else if (!strcmp(name, "value_float")) {
    DLC_ONNX_TRY(listTensor(n, DLC_DTYPE_F32, 0, 1, &a->f, &t));
  } else if (!strcmp(name, "value_floats")) {
    DLC_ONNX_TRY(listTensor(n, DLC_DTYPE_F32, 1, (int64_t)a->n_floats, a->floats, &t));
  } else if (!strcmp(name, "value_int")) {
    DLC_ONNX_TRY(listTensor(n, DLC_DTYPE_I64, 0, 1, &a->i, &t));
  } else if (!strcmp(name, "value_ints")) {
    DLC_ONNX_TRY(listTensor(n, DLC_DTYPE_I64, 1, (int64_t)a->n_ints, a->ints, &t));
  } else {
    return dlcOnnxUnsupported(n, "attribute '%s' is not supported (%s)", name,
                              strcmp(name, "sparse_value") ? "strings" : "sparse tensors");
  }
  return dlcOnnxDefineConstant(n, 0, &t);
}

// Cast's and CastLike's saturate and round_mode (they matter for float8
// targets only) on the dlc_graph.cast `op`, which is then built.
static DlcOnnxStatus castModes(DlcOnnxNode *n, DlcOnnxOp *op) {
  if (!dlcOnnxAttrInt(n, "saturate", 1))
    dlcOnnxOpAttr(n, op, "saturate", mlirBoolAttrGet(n->ctx, 0));
  MlirStringRef mode = dlcOnnxAttrString(n, "round_mode", "up");
  if (!mlirStringRefEqual(mode, mlirStringRefCreateFromCString("up")) &&
      !mlirStringRefEqual(mode, mlirStringRefCreateFromCString("down")) &&
      !mlirStringRefEqual(mode, mlirStringRefCreateFromCString("nearest")))
    return dlcOnnxError(n, "attribute 'round_mode' must be \"up\", \"down\" or \"nearest\", "
                           "not \"%.*s\"",
                        (int)mode.length, mode.data);
  if (!mlirStringRefEqual(mode, mlirStringRefCreateFromCString("up")))
    dlcOnnxOpAttr(n, op, "round_mode", mlirStringAttrGet(n->ctx, mode));
  return dlcOnnxBuildOutput(n, op);
}

// Cast and BitCast: the graph op (cast or bitcast) with `to`.
static DlcOnnxStatus translateCast(DlcOnnxNode *n) {
  bool bits = !strcmp(n->opType, "BitCast");
  const Onnx__AttributeProto *to = dlcOnnxAttr(n, "to");
  if (!to && bits)
    return dlcOnnxError(n, "the required attribute 'to' is missing");
  if (!to)
    return dlcOnnxUnsupported(n, "the required attribute 'to' is missing");
  MlirType elt = dlcOnnxElementType(n->ctx, (int32_t)to->i);
  if (mlirTypeIsNull(elt))
    return dlcOnnxUnsupported(n, "%s to %s is not supported", bits ? "bit casting" : "casting",
                              dlcOnnxDataTypeName((int32_t)to->i));
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  dlcOnnxOpAttr(n, &op, "to", mlirTypeAttrGet(elt));
  return bits ? dlcOnnxBuildOutput(n, &op) : castModes(n, &op);
}

// CastLike: a cast to the element type of input 1, whose values are unused.
static DlcOnnxStatus translateCastLike(DlcOnnxNode *n) {
  MlirValue like;
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &like));
  dlcOnnxOpAttr(n, &op, "to", mlirTypeAttrGet(mlirShapedTypeGetElementType(mlirValueGetType(like))));
  return castModes(n, &op);
}

// Size: the element count, a constant for static shapes, else the product
// of the shape's dims.
static DlcOnnxStatus translateSize(DlcOnnxNode *n) {
  MlirValue input;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &input));
  MlirType type = mlirValueGetType(input);
  if (mlirShapedTypeHasStaticShape(type)) {
    int64_t count = 1;
    for (intptr_t i = 0; i < mlirShapedTypeGetRank(type); ++i)
      count *= mlirShapedTypeGetDimSize(type, i); // the importer bounds element counts
    DlcTensor t;
    if (mlirLogicalResultIsFailure(dlcTensorCreate(DLC_DTYPE_I64, 0, NULL, &t)))
      return dlcOnnxError(n, "out of memory");
    memcpy(t.data, &count, sizeof count);
    return dlcOnnxDefineConstant(n, 0, &t);
  }
  DlcOnnxOp shape, product;
  dlcOnnxOpInit(&shape, "dlc_graph.shape");
  shape.operands[0] = input;
  DLC_ONNX_TRY(dlcOnnxBuild(n, &shape));
  dlcOnnxOpInit(&product, "dlc_graph.reduce_prod");
  product.operands[0] = shape.results[0];
  dlcOnnxOpBool(n, &product, "keepdims", false);
  return dlcOnnxBuildOutput(n, &product);
}


// The shape stays an operand (constant or computed); folding or the
// shape rule makes the result static.
static DlcOnnxStatus translateConstantOfShape(DlcOnnxNode *n) {
  double value = 0;
  MlirType elt = mlirF32TypeGet(n->ctx);
  const Onnx__AttributeProto *a = dlcOnnxAttr(n, "value");
  if (a) {
    DlcTensor t;
    DLC_ONNX_TRY(decodeValue(n, a, &t));
    elt = dlcOnnxElementType(n->ctx, a->t->data_type);
    bool ok = dlcTensorNumElements(&t) == 1;
    if (ok)
      value = dlcOnnxTensorElement(&t, 0);
    dlcTensorDestroy(&t);
    if (!ok)
      return dlcOnnxError(n, "attribute 'value' must hold one element");
  }
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  dlcOnnxOpAttr(n, &op, "dtype", mlirTypeAttrGet(elt));
  if (value != 0)
    dlcOnnxOpAttr(n, &op, "value", mlirFloatAttrDoubleGet(n->ctx, mlirF64TypeGet(n->ctx), value));
  return dlcOnnxBuildOutput(n, &op);
}

static DlcOnnxStatus translateIdentity(DlcOnnxNode *n) {
  MlirValue input, out;
  DlcOnnxValue *v = dlcOnnxInputValue(n, 0);
  if (v && v->kind != DLC_ONNX_KIND_TENSOR)
    return dlcOnnxForwardList(n);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &input));
  DLC_ONNX_TRY(dlcOnnxBuildSimple(n, n->entry->graphOp, 1, &input, &out));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, out));
  const DlcTensor *known = dlcOnnxConstInput(n, 0);
  if (known)
    dlcOnnxSetOutputContents(n, 0, known);
  return DLC_ONNX_OK;
}

// A 0-d or 1-element tensor's first element as a double, for scalar inputs.
static bool scalarOf(const DlcTensor *t, double *out) {
  if (dlcTensorNumElements(t) != 1)
    return false;
  switch (t->dtype) {
  case DLC_DTYPE_F32: {
    float f;
    memcpy(&f, t->data, 4);
    *out = f;
    return true;
  }
  case DLC_DTYPE_F64:
    memcpy(out, t->data, 8);
    return true;
  case DLC_DTYPE_BOOL:
  case DLC_DTYPE_U8:
  case DLC_DTYPE_I8:
    *out = *(const unsigned char *)t->data;
    return true;
  default:
    return false;
  }
}

// Range of values known only at run time: count = max(ceil((limit -
// start) / delta), 0) in f64, the positions 0 .. count-1 the indices of a
// run-time ConstantOfShape(count) of ones (NonZero of it), then start +
// i * delta in the inputs' type. The result's length is `?`.
static DlcOnnxStatus rangeAtRunTime(DlcOnnxNode *n) {
  MlirType f64 = mlirF64TypeGet(n->ctx), i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue v[3], diff, step, q, zero, below, count, positions, out;
  for (int i = 0; i < 3; ++i)
    DLC_ONNX_TRY(dlcOnnxInput(n, i, &v[i]));
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(v[0]));
  for (int i = 0; i < 3; ++i) {
    MlirType type = mlirValueGetType(v[i]);
    int64_t rank = mlirShapedTypeGetRank(type);
    bool one = rank == 0 || (rank == 1 && mlirShapedTypeGetDimSize(type, 0) == 1);
    if (!one || !mlirTypeEqual(mlirShapedTypeGetElementType(type), elt))
      return dlcOnnxError(n, "inputs 'start', 'limit' and 'delta' must be scalars of one type");
    DLC_ONNX_TRY(dlcOnnxScalar(n, v[i], &v[i]));
  }
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", v[1], v[0], &diff));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, diff, f64, &diff));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, v[2], f64, &step));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", diff, step, &q));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.ceil", q, &q));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", q, zero, &below));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, below, zero, q, &q));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, q, i64, &count));
  DLC_ONNX_TRY(dlcOnnxRunTimeIota(n, count, &positions));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, positions, elt, &positions));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", positions, v[2], &out));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", out, v[0], &out));
  return dlcOnnxSetOutput(n, 0, out);
}

// Range: start + i * delta while below limit (above for a negative delta).
// Values known at compile time make the result a constant; otherwise it is
// computed when the code runs (rangeAtRunTime).
static DlcOnnxStatus translateRange(DlcOnnxNode *n) {
  static const char *const names[3] = {"start", "limit", "delta"};
  bool runTime = false;
  for (int i = 0; i < 3 && !runTime; ++i)
    DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, i, names[i], &runTime));
  if (runTime)
    return rangeAtRunTime(n);
  const DlcTensor *in[3];
  DlcOnnxStatus status = DLC_ONNX_OK;
  for (int i = 0; i < 3; ++i)
    status = dlcOnnxWorse(status, dlcOnnxKnownInput(n, i, names[i], &in[i]));
  DLC_ONNX_TRY(status);
  double v[3];
  for (int i = 0; i < 3; ++i) {
    if (dlcTensorNumElements(in[i]) != 1 || in[i]->dtype != in[0]->dtype)
      return dlcOnnxError(n, "input '%s' must be a scalar of the type of 'start'", names[i]);
    v[i] = dlcOnnxTensorElement(in[i], 0);
  }
  if (v[2] == 0)
    return dlcOnnxError(n, "input 'delta' is 0");
  double steps = ceil((v[1] - v[0]) / v[2]);
  if (!(steps < 1e9)) // also NaN
    return dlcOnnxError(n, "the range has %g elements, more than DLC builds as a constant", steps);
  int64_t count = steps > 0 ? (int64_t)steps : 0;
  DlcTensor t;
  if (mlirLogicalResultIsFailure(dlcTensorCreate(in[0]->dtype, 1, &count, &t)))
    return dlcOnnxError(n, "out of memory");
  for (int64_t k = 0; k < count; ++k)
    dlcOnnxSetTensorElement(&t, k, v[0] + (double)k * v[2]);
  return dlcOnnxDefineConstant(n, 0, &t);
}

// Hann, Hamming and Blackman windows: sums of cosines over n / N, N the
// size (periodic) or the size - 1 (symmetric); a constant of
// output_datatype.
// A `size` known only at run time gives a window of `?` elements computed
// when the code runs (RunTimeSizes.c).
static DlcOnnxStatus translateWindow(DlcOnnxNode *n) {
  double a[3] = {0.5, 0.5, 0}; // Hann
  if (!strcmp(n->opType, "HammingWindow"))
    a[0] = 25.0 / 46, a[1] = 21.0 / 46;
  else if (!strcmp(n->opType, "BlackmanWindow"))
    a[0] = 0.42, a[1] = 0.5, a[2] = 0.08;
  bool periodic = dlcOnnxAttrInt(n, "periodic", 1) != 0, runTime;
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, 0, "size", &runTime));
  if (runTime) {
    MlirType elt = dlcOnnxElementType(n->ctx, (int32_t)dlcOnnxAttrInt(n, "output_datatype", 1));
    if (mlirTypeIsNull(elt))
      return dlcOnnxUnsupported(n, "attribute 'output_datatype' names a type DLC does not support");
    MlirValue w;
    DLC_ONNX_TRY(dlcOnnxRunTimeWindow(n, a, periodic, elt, &w));
    return dlcOnnxSetOutput(n, 0, w);
  }
  const DlcTensor *sizeT;
  DLC_ONNX_TRY(dlcOnnxKnownInput(n, 0, "size", &sizeT));
  if (dlcTensorNumElements(sizeT) != 1)
    return dlcOnnxError(n, "input 'size' must hold one value");
  double size = dlcOnnxTensorElement(sizeT, 0);
  if (!(size >= 0 && size <= (1 << 24)))
    return dlcOnnxError(n, "input 'size' is %g, not in [0, 2^24]", size);
  DlcDType dtype;
  if (!dlcDTypeFromOnnx((int32_t)dlcOnnxAttrInt(n, "output_datatype", 1), &dtype))
    return dlcOnnxUnsupported(n, "attribute 'output_datatype' names a type DLC does not support");
  int64_t count = (int64_t)size;
  double period = periodic ? size : size - 1;
  DlcTensor t;
  if (mlirLogicalResultIsFailure(dlcTensorCreate(dtype, 1, &count, &t)))
    return dlcOnnxError(n, "out of memory");
  for (int64_t k = 0; k < count; ++k) {
    double x = 2 * M_PI * (double)k / period;
    dlcOnnxSetTensorElement(&t, k, a[0] - a[1] * cos(x) + a[2] * cos(2 * x));
  }
  return dlcOnnxDefineConstant(n, 0, &t);
}

// Input `i`, one value: read when the code runs (*atRunTime) or known
// now (*value).
static DlcOnnxStatus scalarNowOrAtRunTime(DlcOnnxNode *n, int i, const char *what,
                                          const char *kind, bool *atRunTime, double *value) {
  DLC_ONNX_TRY(dlcOnnxInputAtRunTime(n, i, what, atRunTime));
  if (*atRunTime)
    return DLC_ONNX_OK;
  const DlcTensor *t;
  DLC_ONNX_TRY(dlcOnnxKnownInput(n, i, what, &t));
  if (!scalarOf(t, value))
    return dlcOnnxError(n, "input '%s' must be one %s", what, kind);
  return DLC_ONNX_OK;
}

// Inference (`training_mode` absent or false, or a ratio of 0) is the
// graph op; training mode, known now or fed at run time, draws the mask
// (TrainingDropout.c).
static DlcOnnxStatus translateDropout(DlcOnnxNode *n) {
  bool trainingAtRunTime = false, ratioAtRunTime = false;
  double training = 0, r = 0.5;
  if (dlcOnnxHasInput(n, 2))
    DLC_ONNX_TRY(scalarNowOrAtRunTime(n, 2, "training_mode", "bool", &trainingAtRunTime,
                                      &training));
  if ((training || trainingAtRunTime) && dlcOnnxHasInput(n, 1))
    DLC_ONNX_TRY(scalarNowOrAtRunTime(n, 1, "ratio", "float", &ratioAtRunTime, &r));
  if (training && !ratioAtRunTime && !(r >= 0 && r < 1))
    return dlcOnnxError(n, "input 'ratio' must be in [0, 1) in training mode, but is %g", r);
  // Training with a ratio of 0 drops nothing: the inference form.
  if (trainingAtRunTime || ratioAtRunTime || (training && r != 0)) {
    MlirValue x, ratio, mode = {NULL}, y, mask;
    DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
    if (ratioAtRunTime)
      DLC_ONNX_TRY(dlcOnnxInput(n, 1, &ratio));
    else
      DLC_ONNX_TRY(dlcOnnxConstantScalar(n, mlirF64TypeGet(n->ctx), r, &ratio));
    if (trainingAtRunTime)
      DLC_ONNX_TRY(dlcOnnxInput(n, 2, &mode));
    bool inRange = !ratioAtRunTime && r >= 0 && r < 1;
    DLC_ONNX_TRY(dlcOnnxTrainingDropout(n, x, ratio, inRange, mode, dlcOnnxAttrInt(n, "seed", 0),
                                        &y, &mask));
    DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, y));
    return dlcOnnxHasOutput(n, 1) ? dlcOnnxSetOutput(n, 1, mask) : DLC_ONNX_OK;
  }
  if (n->opset < 10 && dlcOnnxHasOutput(n, 1))
    return dlcOnnxUnsupported(n, "output 'mask' before opset 10 (a mask of the input's type) is "
                                 "not supported");
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  double ratio = dlcOnnxAttrFloat(n, "ratio", 0.5f);
  const DlcTensor *given = dlcOnnxConstInput(n, 1);
  if (given)
    scalarOf(given, &ratio);
  if (ratio != 0.5)
    dlcOnnxOpF32(n, &op, "ratio", ratio);
  op.wantResult[1] = dlcOnnxHasOutput(n, 1);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, op.results[0]));
  return op.wantResult[1] ? dlcOnnxSetOutput(n, 1, op.results[1]) : DLC_ONNX_OK;
}

static int64_t clampDim(int64_t v, int64_t rank) {
  if (v < 0)
    v += rank;
  return v < 0 ? 0 : v > rank ? rank : v;
}

static DlcOnnxStatus translateShape(DlcOnnxNode *n) {
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, n->entry->graphOp);
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &op.operands[0]));
  MlirType type = mlirValueGetType(op.operands[0]);
  int64_t rank = mlirShapedTypeGetRank(type);
  int64_t start = dlcOnnxAttrInt(n, "start", 0), end = dlcOnnxAttrInt(n, "end", rank);
  if (start != 0)
    dlcOnnxOpInt(n, &op, "start", start);
  if (dlcOnnxAttr(n, "end"))
    dlcOnnxOpInt(n, &op, "end", end);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, op.results[0]));
  // The dims of a static shape are known now.
  start = clampDim(start, rank);
  end = clampDim(end, rank);
  int64_t dims[DLC_MAX_RANK], count = 0;
  for (int64_t i = start; i < end; ++i) {
    dims[count] = mlirShapedTypeGetDimSize(type, i);
    if (mlirShapedTypeIsDynamicSize(dims[count++]))
      return DLC_ONNX_OK;
  }
  DlcTensor t;
  if (mlirLogicalResultIsSuccess(dlcTensorCreate(DLC_DTYPE_I64, 1, &count, &t))) {
    if (t.bytes)
      memcpy(t.data, dims, t.bytes);
    dlcOnnxSetOutputContents(n, 0, &t);
    dlcTensorDestroy(&t);
  }
  return DLC_ONNX_OK;
}

#define CONSTANT_LIMITS "`sparse_value`, `value_string` and `value_strings` are not supported."
#define CAST_LIMITS                                                                                \
  "`to` must be one of DLC's types (not STRING, COMPLEX64/128); casts from DOUBLE to FLOAT8 and "  \
  "FLOAT4 round twice (through FLOAT)."
#define DROPOUT_LIMITS                                                                             \
  "`training_mode` and `ratio` may be known only at run time (one compiled artifact for every "   \
  "value). In training mode the mask is drawn by a counter-based hash of `seed` (0 when absent) " \
  "and each element's coordinates: the same seed gives the same mask on every run, not the "       \
  "reference's NumPy draws. A training `ratio` outside [0, 1) known only at run time is an "       \
  "invalid input when the code runs."

#define WINDOW_NOTE                                                                                \
  "A `size` not known at compile time is read when the code runs (the output's length is `?`)."

static const DlcOnnxOpEntry ops[] = {
    {"Constant", 9, translateConstant, {A_TENSOR("value"), A_SPARSE_TENSOR("sparse_value")},
     "dlc_graph.constant", CONSTANT_LIMITS},
    {"Constant", 12, translateConstant,
     {A_TENSOR("value"), A_SPARSE_TENSOR("sparse_value"), A_FLOAT("value_float"),
      A_FLOATS("value_floats"), A_INT("value_int"), A_INTS("value_ints"), A_STRING("value_string"),
      A_STRINGS("value_strings")},
     "dlc_graph.constant", CONSTANT_LIMITS},
    {"Cast", 6, translateCast, {A_INT("to")}, "dlc_graph.cast", CAST_LIMITS},
    // saturate and round_mode concern float8 and float4 targets only.
    {"Cast", 19, translateCast, {A_INT("to"), A_INT("saturate")}, "dlc_graph.cast", CAST_LIMITS},
    {"Cast", 24, translateCast, {A_INT("to"), A_INT("saturate"), A_STRING("round_mode")},
     "dlc_graph.cast", CAST_LIMITS},
    {"CastLike", 15, translateCastLike, {A_INT("saturate")}, "dlc_graph.cast", CAST_LIMITS},
    {"CastLike", 19, translateCastLike, {A_INT("saturate")}, "dlc_graph.cast", CAST_LIMITS},
    {"CastLike", 24, translateCastLike, {A_INT("saturate"), A_STRING("round_mode")},
     "dlc_graph.cast", CAST_LIMITS},
    {"BitCast", 26, translateCast, {A_INT("to")}, "dlc_graph.bitcast", NULL},
    {"Size", 1, translateSize, {{0}}, "dlc_graph.shape", NULL},
    {"HannWindow", 17, translateWindow, {A_INT("output_datatype"), A_INT("periodic")},
     "dlc_graph.constant", WINDOW_NOTE},
    {"HammingWindow", 17, translateWindow, {A_INT("output_datatype"), A_INT("periodic")},
     "dlc_graph.constant", WINDOW_NOTE},
    {"BlackmanWindow", 17, translateWindow, {A_INT("output_datatype"), A_INT("periodic")},
     "dlc_graph.constant", WINDOW_NOTE},
    {"Range", 11, translateRange, {{0}}, "dlc_graph.constant",
     "`start`, `limit` and `delta` known at compile time make a constant; otherwise they are read "
     "when the code runs and the output's length is `?`."},
    {"Identity", 1, translateIdentity, {{0}}, "dlc_graph.identity", NULL},
    {"Dropout", 7, translateDropout, {A_FLOAT("ratio")}, "dlc_graph.dropout",
     "Inference, as these opsets define Dropout; output `mask` from opset 10 on."},
    {"Dropout", 12, translateDropout, {A_INT("seed")}, "dlc_graph.dropout", DROPOUT_LIMITS},
    {"ConstantOfShape", 9, translateConstantOfShape, {A_TENSOR("value")},
     "dlc_graph.constant_of_shape",
     "An `input` not known at compile time is read when the code runs: the output dims are "
     "`?`."},
    {"Shape", 1, translateShape, {{0}}, "dlc_graph.shape", NULL},
    {"Shape", 15, translateShape, {A_INT("end"), A_INT("start")}, "dlc_graph.shape", NULL},
};

const DlcOnnxOpEntry *dlcOnnxTensorOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
