//===- Norm.c - Normalizations and softmax to primitives --------*- C -*-===//
//
// Statistics are dlc_tensor.reduce ops reshaped to keepdims form (reduced
// dims as size 1), so the maps that use them broadcast them back over the
// input. Parameters (epsilon, element counts) are 0-d inputs of the maps.
//
//   softmax:     m = max(x), e = exp(x - m), y = e / sum(e)
//   log_softmax: y = x - m - log(sum(exp(x - m)))
//   batch_norm:  s = scale / sqrt(var + eps), t = bias - mean * s per
//                channel, reshaped to C x 1 .. 1; y = x * s + t
//   layer_norm:  mean and var over dims [axis, rank), d = x - mean,
//                inv = 1 / sqrt(var + eps), y = d * inv * scale (+ bias)
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Dialect/OpDef.h"

//===----------------------------------------------------------------------===//
// Bodies (all float: these ops take f32 or f64)
//===----------------------------------------------------------------------===//

static MlirValue add(DlcBuilder *b, MlirType t, MlirValue x, MlirValue y) {
  return dlcScalarBinary(b, DLC_ADD, t, x, y);
}
static MlirValue sub(DlcBuilder *b, MlirType t, MlirValue x, MlirValue y) {
  return dlcScalarBinary(b, DLC_SUB, t, x, y);
}
static MlirValue mul(DlcBuilder *b, MlirType t, MlirValue x, MlirValue y) {
  return dlcScalarBinary(b, DLC_MUL, t, x, y);
}
static MlirValue divide(DlcBuilder *b, MlirType t, MlirValue x, MlirValue y) {
  return dlcScalarBinary(b, DLC_DIV, t, x, y);
}

static MlirValue oneBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)a, (void)e, (void)data;
  return dlcScalarConst(b, r, 1);
}

static MlirValue subBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  return sub(b, e[0], a[0], a[1]);
}

static MlirValue mulBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  return mul(b, e[0], a[0], a[1]);
}

static MlirValue divBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                         const void *data) {
  (void)r, (void)data;
  return divide(b, e[0], a[0], a[1]);
}

// exp(x - m)
static MlirValue expSubBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                            const void *data) {
  (void)r, (void)data;
  return dlcScalarUnary(b, "math.exp", sub(b, e[0], a[0], a[1]));
}

// x - m - log(s)
static MlirValue logSoftmaxBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                                const void *data) {
  (void)r, (void)data;
  return sub(b, e[0], sub(b, e[0], a[0], a[1]), dlcScalarUnary(b, "math.log", a[2]));
}

// scale / sqrt(var + eps)
static MlirValue bnScaleBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                             const void *data) {
  (void)r, (void)data;
  return divide(b, e[0], a[0], dlcScalarUnary(b, "math.sqrt", add(b, e[0], a[1], a[2])));
}

// bias - mean * s
static MlirValue bnShiftBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                             const void *data) {
  (void)r, (void)data;
  return sub(b, e[0], a[0], mul(b, e[0], a[1], a[2]));
}

// x * s + t
static MlirValue mulAddBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                            const void *data) {
  (void)r, (void)data;
  return add(b, e[0], mul(b, e[0], a[0], a[1]), a[2]);
}

// 1 / sqrt(sum / count + eps)
static MlirValue invStdBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                            const void *data) {
  (void)r, (void)data;
  MlirValue var = divide(b, e[0], a[0], a[1]);
  return divide(b, e[0], dlcScalarConst(b, e[0], 1),
                dlcScalarUnary(b, "math.sqrt", add(b, e[0], var, a[2])));
}

// d * inv * scale
static MlirValue mulMulBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                            const void *data) {
  (void)r, (void)data;
  return mul(b, e[0], mul(b, e[0], a[0], a[1]), a[2]);
}

// d * inv * scale + bias
static MlirValue mulMulAddBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                               const void *data) {
  (void)r, (void)data;
  return add(b, e[0], mul(b, e[0], mul(b, e[0], a[0], a[1]), a[2]), a[3]);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }

// Replaces the op's present results with `values` (in def order).
static MlirLogicalResult replaceWith(DlcRewriter *rw, int n, MlirValue *values) {
  return dlcReplaceOpCast(rw, n, values);
}

// `kind`-reduces x over dims [from, to) and reshapes the result to x's
// shape with those dims set to 1.
static MlirValue reduceKeep(DlcRewriter *rw, MlirValue x, const char *kind, int64_t from,
                            int64_t to) {
  DlcShape keep = dlcShapeOfValue(x);
  int64_t dims[DLC_MAX_RANK];
  for (int64_t i = from; i < to; ++i) {
    dims[i - from] = i;
    keep.dims[i] = 1;
  }
  MlirValue r = dlcReduce(rw, x, kind, to - from, dims);
  return dlcReshape(rw, r, dlcTensorType(&keep, dlcEltOfValue(x)));
}

// The number of elements in dims [from, rank) of x: a 0-d constant, or,
// with a `?` among them, a keepdims sum of ones. The declared output may
// know dims that x leaves `?` (infer-shapes takes them from scale).
static MlirValue countFrom(DlcRewriter *rw, MlirValue x, int64_t from) {
  DlcShape s = dlcShapeOfValue(x), out = dlcShapeOfValue(mlirOperationGetResult(rw->op, 0));
  for (int64_t i = 0; i < s.rank; ++i)
    if (s.dims[i] == DLC_DYN)
      s.dims[i] = out.dims[i];
  int64_t count = 1;
  for (int64_t i = from; i < s.rank && count != DLC_DYN; ++i)
    count = s.dims[i] == DLC_DYN ? DLC_DYN : count * s.dims[i];
  if (count != DLC_DYN)
    return dlcScalarTensor(rw, dlcEltOfValue(x), (double)count);
  MlirValue ones = dlcMap(rw, "one", 1, &x, typeOf(x), oneBody, NULL);
  return reduceKeep(rw, ones, "sum", from, s.rank);
}

static int64_t normalizedAxis(MlirOperation op, int64_t rank) {
  int64_t axis = dlcOpInt(op, "axis");
  dlcNormalizeAxis(&axis, rank); // verified in range
  return axis;
}

//===----------------------------------------------------------------------===//
// Lowerings
//===----------------------------------------------------------------------===//

static MlirLogicalResult lowerSoftmaxLike(DlcRewriter *rw, bool isLog) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  int64_t axis = normalizedAxis(rw->op, dlcShapeOfValue(x).rank);
  MlirValue max = reduceKeep(rw, x, "max", axis, axis + 1);
  MlirValue shifted[2] = {x, max};
  MlirValue e = dlcMap(rw, "exp_sub", 2, shifted, typeOf(x), expSubBody, NULL);
  MlirValue sum = reduceKeep(rw, e, "sum", axis, axis + 1);
  MlirValue y;
  if (isLog) {
    MlirValue in[3] = {x, max, sum};
    y = dlcMap(rw, "log_softmax", 3, in, typeOf(x), logSoftmaxBody, NULL);
  } else {
    MlirValue in[2] = {e, sum};
    y = dlcMap(rw, "div", 2, in, typeOf(x), divBody, NULL);
  }
  return replaceWith(rw, 1, &y);
}

static MlirLogicalResult lowerSoftmax(DlcRewriter *rw) { return lowerSoftmaxLike(rw, false); }
static MlirLogicalResult lowerLogSoftmax(DlcRewriter *rw) { return lowerSoftmaxLike(rw, true); }

static MlirLogicalResult lowerBatchNorm(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0), scale = dlcOpOperand(rw->op, 1);
  MlirValue bias = dlcOpOperand(rw->op, 2), mean = dlcOpOperand(rw->op, 3);
  MlirValue var = dlcOpOperand(rw->op, 4);
  MlirType elt = dlcEltOfValue(x);
  MlirValue eps = dlcScalarTensor(rw, elt, dlcOpFloat(rw->op, "epsilon"));
  MlirValue sIn[3] = {scale, var, eps};
  MlirValue s = dlcMapBroadcast(rw, "bn_scale", 3, sIn, elt, bnScaleBody, NULL);
  MlirValue tIn[3] = {bias, mean, s};
  MlirValue t = dlcMapBroadcast(rw, "bn_shift", 3, tIn, elt, bnShiftBody, NULL);
  // C x 1 .. 1 broadcasts over N x C x D1 .. Dn.
  DlcShape xs = dlcShapeOfValue(x), cs = dlcShapeOfValue(s);
  DlcShape channel = {.rank = xs.rank - 1, .dims = {xs.dims[1]}};
  if (channel.dims[0] == DLC_DYN)
    channel.dims[0] = cs.dims[0];
  for (int64_t i = 1; i < channel.rank; ++i)
    channel.dims[i] = 1;
  MlirType channelType = dlcTensorType(&channel, elt);
  MlirValue in[3] = {x, dlcReshape(rw, s, channelType), dlcReshape(rw, t, channelType)};
  MlirValue y = dlcMapBroadcast(rw, "mul_add", 3, in, elt, mulAddBody, NULL);
  return replaceWith(rw, 1, &y);
}

static MlirLogicalResult lowerLayerNorm(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0), scale = dlcOpOperand(rw->op, 1);
  MlirValue bias = dlcOpOperand(rw->op, 2);
  int64_t rank = dlcShapeOfValue(x).rank;
  int64_t axis = normalizedAxis(rw->op, rank);
  MlirType elt = dlcEltOfValue(x);
  MlirValue count = countFrom(rw, x, axis);
  MlirValue meanIn[2] = {reduceKeep(rw, x, "sum", axis, rank), count};
  MlirValue mean = dlcMap(rw, "div", 2, meanIn, typeOf(meanIn[0]), divBody, NULL);
  MlirValue dIn[2] = {x, mean};
  MlirValue d = dlcMap(rw, "sub", 2, dIn, typeOf(x), subBody, NULL);
  MlirValue squareIn[2] = {d, d};
  MlirValue square = dlcMap(rw, "mul", 2, squareIn, typeOf(d), mulBody, NULL);
  MlirValue invIn[3] = {reduceKeep(rw, square, "sum", axis, rank), count,
                        dlcScalarTensor(rw, elt, dlcOpFloat(rw->op, "epsilon"))};
  MlirValue inv = dlcMapBroadcast(rw, "inv_std", 3, invIn, elt, invStdBody, NULL);
  MlirValue yIn[4] = {d, inv, scale, bias};
  MlirValue y = mlirValueIsNull(bias)
                    ? dlcMapBroadcast(rw, "mul_mul", 3, yIn, elt, mulMulBody, NULL)
                    : dlcMapBroadcast(rw, "mul_mul_add", 4, yIn, elt, mulMulAddBody, NULL);
  MlirValue results[3] = {y};
  int n = 1;
  if (!mlirValueIsNull(dlcOpResult(rw->op, 1)))
    results[n++] = mean;
  if (!mlirValueIsNull(dlcOpResult(rw->op, 2)))
    results[n++] = inv;
  return replaceWith(rw, n, results);
}

const DlcLowering dlcNormLowerings[] = {
    {"dlc_graph.batch_norm", lowerBatchNorm},
    {"dlc_graph.layer_norm", lowerLayerNorm},
    {"dlc_graph.softmax", lowerSoftmax},
    {"dlc_graph.log_softmax", lowerLogSoftmax},
};
const size_t dlcNumNormLowerings = sizeof dlcNormLowerings / sizeof *dlcNormLowerings;
