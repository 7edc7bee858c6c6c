//===- OpsQuant.c - Quantization ops ----------------------------*- C -*-===//
//
// Linear quantization as ONNX's reference computes it: DequantizeLinear is
// (x - zero_point) * scale in the scale's float type; QuantizeLinear
// rounds x / scale half to even, adds the zero point and saturates to the
// quantized type; scales and zero points are per tensor, per axis (1-D
// along `axis`) or blocked (`block_size` elements of `axis` per scale).
// DynamicQuantizeLinear derives a uint8 scale and zero point from x's range.
// MatMulInteger and QLinearMatMul multiply in int32, exactly; ConvInteger
// and QLinearConv convolve in double, exact for int32 sums.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"
#include "Support/Types.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdint.h>

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static MlirType eltOf(MlirValue v) { return mlirShapedTypeGetElementType(typeOf(v)); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }

// A scale or zero point shaped to broadcast against x (rank `rank`): a
// scalar as it is, a 1-D one along `axis`, a blocked one repeated
// `block` times along `axis` and cut to x's dim `size`.
static DlcOnnxStatus alongAxis(DlcOnnxNode *n, MlirValue p, int64_t rank, int64_t axis,
                               int64_t block, int64_t size, MlirValue *out) {
  *out = p;
  int64_t pr = rankOf(p);
  if (pr == 0 || (pr == 1 && dimOf(p, 0) == 1 && block == 0))
    return dlcOnnxScalar(n, p, out);
  if (axis < 0)
    return dlcOnnxError(n, "attribute 'axis' is out of range for an input of rank %lld",
                        (long long)rank);
  if (!mlirShapedTypeHasStaticShape(typeOf(p)))
    return dlcOnnxUnsupported(n, "scales and zero points must have static shapes");
  if (block == 0) {
    if (pr != 1 || dimOf(p, 0) != size)
      return dlcOnnxError(n, "a per-axis scale or zero point must be 1-D of size %lld",
                          (long long)size);
    int64_t dims[DLC_MAX_RANK] = {size};
    for (int64_t i = 1; i < rank - axis; ++i)
      dims[i] = 1;
    return dlcOnnxShapeOp(n, "dlc_graph.reshape", p, dims, rank - axis, out);
  }
  if (pr != rank || block < 1 || dimOf(p, axis) * block < size)
    return dlcOnnxError(n, "a blocked scale or zero point must have x's rank and cover its "
                           "dim %lld in blocks of %lld",
                        (long long)axis, (long long)block);
  int64_t spread[DLC_MAX_RANK + 1], expanded[DLC_MAX_RANK + 1], merged[DLC_MAX_RANK];
  for (int64_t i = 0, j = 0; i < rank; ++i) {
    spread[j] = expanded[j] = dimOf(p, i);
    merged[i] = i == axis ? dimOf(p, i) * block : dimOf(p, i);
    ++j;
    if (i == axis)
      spread[j] = 1, expanded[j] = block, ++j;
  }
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", p, spread, rank + 1, out));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.expand", *out, expanded, rank + 1, out));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", *out, merged, rank, out));
  if (merged[axis] == size)
    return DLC_ONNX_OK;
  return dlcOnnxSliceOp(n, *out, axis, 0, size, 1, out);
}

// `axis` only matters for scales that are not scalars: out of range, it
// is -1 here and alongAxis refuses those.
static DlcOnnxStatus quantAxis(DlcOnnxNode *n, MlirValue x, int64_t *axis, int64_t *block) {
  int64_t rank = rankOf(x);
  *axis = dlcOnnxAttrInt(n, "axis", 1);
  *axis = *axis < -rank || *axis >= rank ? -1 : *axis < 0 ? *axis + rank : *axis;
  *block = dlcOnnxAttrInt(n, "block_size", 0);
  if (*block < 0)
    return dlcOnnxError(n, "attribute 'block_size' must not be negative");
  return DLC_ONNX_OK;
}

// The range of an integer element type, as doubles.
static void intRange(MlirType elt, double *lo, double *hi) {
  unsigned w = dlcEltWidth(elt);
  bool u = dlcIsUnsigned(elt);
  *lo = u ? 0 : -ldexp(1, (int)w - 1);
  *hi = u ? ldexp(1, (int)w) - 1 : ldexp(1, (int)w - 1) - 1;
}

// round(v) + zp (both float), clamped to `elt`'s range and cast to it.
static DlcOnnxStatus saturate(DlcOnnxNode *n, MlirValue v, MlirValue zp, MlirType elt,
                              MlirValue *out) {
  MlirType f = eltOf(v);
  double lo, hi;
  intRange(elt, &lo, &hi);
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.round", v, &v));
  if (!mlirValueIsNull(zp))
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", v, zp, &v));
  DlcOnnxOp clip;
  dlcOnnxOpInit(&clip, "dlc_graph.clip");
  clip.operands[0] = v;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f, lo, &clip.operands[1]));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f, hi, &clip.operands[2]));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &clip));
  return dlcOnnxCastOp(n, clip.results[0], elt, out);
}

static bool isQuantType(MlirType elt) {
  return dlcEltIn(elt, DLC_T_I8 | DLC_T_U8 | DLC_T_I16 | DLC_T_U16 | DLC_T_I32 | DLC_T_LOWP);
}

// To a float8 or float4 type: v + zp rounded to nearest even by the cast,
// which saturates unless `saturate` is 0 (float8 only).
static DlcOnnxStatus toSmallFloat(DlcOnnxNode *n, MlirValue v, MlirValue zp, MlirType elt,
                                  MlirValue *out) {
  if (!mlirValueIsNull(zp))
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", v, zp, &v));
  DlcOnnxOp cast;
  dlcOnnxOpInit(&cast, "dlc_graph.cast");
  cast.operands[0] = v;
  dlcOnnxOpAttr(n, &cast, "to", mlirTypeAttrGet(elt));
  if (!dlcOnnxAttrInt(n, "saturate", 1))
    dlcOnnxOpAttr(n, &cast, "saturate", mlirBoolAttrGet(n->ctx, 0));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &cast));
  *out = cast.results[0];
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateQuantize(DlcOnnxNode *n) {
  MlirValue x, scale, zp, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &scale));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &zp));
  MlirType elt = mlirIntegerTypeUnsignedGet(n->ctx, 8);
  const Onnx__AttributeProto *dtype = dlcOnnxAttr(n, "output_dtype");
  if (!mlirValueIsNull(zp))
    elt = eltOf(zp);
  else if (dtype)
    elt = dlcOnnxElementType(n->ctx, (int32_t)dtype->i);
  if (mlirTypeIsNull(elt) || !isQuantType(elt) || dlcEltBit(elt) == DLC_T_I32 ||
      dlcEltBit(elt) == DLC_T_F8E8M0)
    return dlcOnnxUnsupported(n, "quantizing to that type is not supported (int8, uint8, "
                                 "int16, uint16, int4, uint4, int2, uint2, float8 but e8m0, "
                                 "float4)");
  int64_t axis, block;
  DLC_ONNX_TRY(quantAxis(n, x, &axis, &block));
  MlirType f = eltOf(scale);
  int64_t size = axis >= 0 ? dimOf(x, axis) : 1;
  DLC_ONNX_TRY(alongAxis(n, scale, rankOf(x), axis, block, size, &scale));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, x, f, &x));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", x, scale, &y));
  if (!mlirValueIsNull(zp)) {
    DLC_ONNX_TRY(alongAxis(n, zp, rankOf(x), axis, block, size, &zp));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, zp, f, &zp));
  }
  if (dlcEltIn(elt, DLC_T_SMALLFLOAT))
    DLC_ONNX_TRY(toSmallFloat(n, y, zp, elt, &y));
  else
    DLC_ONNX_TRY(saturate(n, y, zp, elt, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

static DlcOnnxStatus translateDequantize(DlcOnnxNode *n) {
  MlirValue x, scale, zp, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &scale));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &zp));
  if (!isQuantType(eltOf(x)))
    return dlcOnnxUnsupported(n, "dequantizing that type is not supported (int8, uint8, int16, "
                                 "uint16, int32, int4, uint4, int2, uint2, float8, float4)");
  int64_t axis, block;
  DLC_ONNX_TRY(quantAxis(n, x, &axis, &block));
  MlirType f = eltOf(scale);
  int64_t size = axis >= 0 ? dimOf(x, axis) : 1;
  DLC_ONNX_TRY(alongAxis(n, scale, rankOf(x), axis, block, size, &scale));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, x, f, &y));
  if (!mlirValueIsNull(zp)) {
    DLC_ONNX_TRY(alongAxis(n, zp, rankOf(x), axis, block, size, &zp));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, zp, f, &zp));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", y, zp, &y));
  }
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", y, scale, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// DynamicQuantizeLinear: scale = (max(0, max x) - min(0, min x)) / 255 (1 /
// 255 when the range is empty), zero point = saturate(round(-min / scale)).
static DlcOnnxStatus translateDynamicQuantize(DlcOnnxNode *n) {
  MlirValue x, hi, lo, zero, range, same, one, q255, scale, zp, zpF, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  MlirType f = eltOf(x), u8 = mlirIntegerTypeUnsignedGet(n->ctx, 8);
  int64_t axes[DLC_MAX_RANK], rank = rankOf(x);
  for (int64_t i = 0; i < rank; ++i)
    axes[i] = i;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f, 1, &one));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f, 255, &q255));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_max", x, axes, rank, false, &hi));
  DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_min", x, axes, rank, false, &lo));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.max", hi, zero, &hi));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.min", lo, zero, &lo));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", hi, lo, &range));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", hi, lo, &same));
  DLC_ONNX_TRY(dlcOnnxWhereOp(n, same, one, range, &range));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", range, q255, &scale));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", lo, scale, &zpF));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", zero, zpF, &zpF));
  DlcOnnxOp clip;
  dlcOnnxOpInit(&clip, "dlc_graph.clip");
  clip.operands[0] = zpF, clip.operands[1] = zero, clip.operands[2] = q255;
  DLC_ONNX_TRY(dlcOnnxBuild(n, &clip));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.round", clip.results[0], &zpF));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, zpF, u8, &zp));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", x, scale, &y));
  DLC_ONNX_TRY(saturate(n, y, zpF, u8, &y));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, y));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 1, scale));
  return dlcOnnxSetOutput(n, 2, zp);
}

// x - zero_point in int32; a zero point of A is per row (1-D of M), of B
// per column (1-D of N).
static DlcOnnxStatus centered(DlcOnnxNode *n, MlirValue x, MlirValue zp, bool perRow,
                              MlirValue *out) {
  MlirType i32 = mlirIntegerTypeGet(n->ctx, 32);
  DLC_ONNX_TRY(dlcOnnxCastOp(n, x, i32, out));
  if (mlirValueIsNull(zp))
    return DLC_ONNX_OK;
  DLC_ONNX_TRY(dlcOnnxScalar(n, zp, &zp));
  if (perRow && rankOf(zp) == 1) {
    int64_t dims[2] = {dimOf(zp, 0), 1};
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", zp, dims, 2, &zp));
  }
  DLC_ONNX_TRY(dlcOnnxCastOp(n, zp, i32, &zp));
  return dlcOnnxBinaryOp(n, "dlc_graph.sub", *out, zp, out);
}

static DlcOnnxStatus translateMatMulInteger(DlcOnnxNode *n) {
  MlirValue a, b, azp, bzp, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &a));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &b));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &azp));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 3, &bzp));
  DLC_ONNX_TRY(centered(n, a, azp, true, &a));
  DLC_ONNX_TRY(centered(n, b, bzp, false, &b));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", a, b, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// QLinearMatMul: the int32 product requantized with a_scale * b_scale /
// y_scale (computed in float), rounded half to even and saturated.
static DlcOnnxStatus translateQLinearMatMul(DlcOnnxNode *n) {
  MlirValue a, as, azp, b, bs, bzp, ys, yzp, y, s;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &a));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &as));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &azp));
  DLC_ONNX_TRY(dlcOnnxInput(n, 3, &b));
  DLC_ONNX_TRY(dlcOnnxInput(n, 4, &bs));
  DLC_ONNX_TRY(dlcOnnxInput(n, 5, &bzp));
  DLC_ONNX_TRY(dlcOnnxInput(n, 6, &ys));
  DLC_ONNX_TRY(dlcOnnxInput(n, 7, &yzp));
  MlirType f = eltOf(as), out = eltOf(yzp);
  if (!isQuantType(out) || dlcEltBit(out) == DLC_T_I32)
    return dlcOnnxUnsupported(n, "the output must be int8 or uint8");
  DLC_ONNX_TRY(centered(n, a, azp, true, &a));
  DLC_ONNX_TRY(centered(n, b, bzp, false, &b));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", a, b, &y));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, y, f, &y));
  DLC_ONNX_TRY(dlcOnnxScalar(n, as, &as));
  DLC_ONNX_TRY(dlcOnnxScalar(n, bs, &bs));
  DLC_ONNX_TRY(dlcOnnxScalar(n, ys, &ys));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", as, bs, &s));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", s, ys, &s));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", y, s, &y));
  DLC_ONNX_TRY(dlcOnnxScalar(n, yzp, &yzp));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, yzp, f, &yzp));
  DLC_ONNX_TRY(saturate(n, y, yzp, out, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// A convolution of integer tensors as ConvInteger and QLinearConv define
// it: (x - x_zero_point) conv (w - w_zero_point) (the zero points a scalar,
// or w's per output channel), padding reading 0 after the subtraction,
// plus an int32 bias. Computed in double, which holds every int32 sum
// exactly; the result is double.
static DlcOnnxStatus integerConv(DlcOnnxNode *n, MlirValue x, MlirValue xzp, MlirValue w,
                                 MlirValue wzp, MlirValue bias, MlirValue *out) {
  MlirType i32 = mlirIntegerTypeGet(n->ctx, 32), f64 = mlirF64TypeGet(n->ctx);
  if (rankOf(w) < 3 || mlirShapedTypeIsDynamicDim(typeOf(w), 0))
    return dlcOnnxUnsupported(n, "the weight must have rank 3 or more and a static M");
  int64_t m = dimOf(w, 0);
  DLC_ONNX_TRY(dlcOnnxCastOp(n, x, i32, &x));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, w, i32, &w));
  if (!mlirValueIsNull(xzp)) {
    DLC_ONNX_TRY(dlcOnnxScalar(n, xzp, &xzp));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, xzp, i32, &xzp));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", x, xzp, &x));
  }
  if (!mlirValueIsNull(wzp)) {
    DLC_ONNX_TRY(alongAxis(n, wzp, rankOf(w), 0, 0, m, &wzp));
    DLC_ONNX_TRY(dlcOnnxCastOp(n, wzp, i32, &wzp));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", w, wzp, &w));
  }
  DlcOnnxOp op;
  dlcOnnxOpInit(&op, "dlc_graph.conv");
  DLC_ONNX_TRY(dlcOnnxCastOp(n, x, f64, &op.operands[0]));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, w, f64, &op.operands[1]));
  if (!mlirValueIsNull(bias))
    DLC_ONNX_TRY(dlcOnnxCastOp(n, bias, f64, &op.operands[2]));
  MlirStringRef autoPad = dlcOnnxAttrString(n, "auto_pad", "NOTSET");
  static const char *const pads[] = {"NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"};
  bool known = false;
  for (int i = 0; i < 4; ++i)
    known |= mlirStringRefEqual(autoPad, mlirStringRefCreateFromCString(pads[i]));
  if (!known)
    return dlcOnnxError(n, "attribute 'auto_pad' is \"%.*s\", not NOTSET, SAME_UPPER, "
                           "SAME_LOWER or VALID",
                        (int)autoPad.length, autoPad.data);
  if (!mlirStringRefEqual(autoPad, mlirStringRefCreateFromCString("NOTSET")))
    dlcOnnxOpString(n, &op, "auto_pad", autoPad);
  static const char *const lists[] = {"dilations", "kernel_shape", "pads", "strides"};
  for (int i = 0; i < 4; ++i) {
    const int64_t *values;
    int64_t count;
    if (dlcOnnxAttrInts(n, lists[i], &values, &count))
      dlcOnnxOpInts(n, &op, lists[i], values, count);
  }
  int64_t group = dlcOnnxAttrInt(n, "group", 1);
  if (group != 1)
    dlcOnnxOpInt(n, &op, "group", group);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &op));
  *out = op.results[0];
  return DLC_ONNX_OK;
}

static DlcOnnxStatus translateConvInteger(DlcOnnxNode *n) {
  MlirValue x, w, xzp, wzp, y;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &w));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &xzp));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 3, &wzp));
  DLC_ONNX_TRY(integerConv(n, x, xzp, w, wzp, (MlirValue){NULL}, &y));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, y, mlirIntegerTypeGet(n->ctx, 32), &y));
  return dlcOnnxSetOutput(n, 0, y);
}

// QLinearConv, as ONNX's reference: the integer convolution (plus the
// int32 bias) times x_scale * w_scale / y_scale (w_scale per tensor or per
// output channel), plus y_zero_point, clipped to the output type, then
// rounded half to even; in double, as the reference promotes it.
static DlcOnnxStatus translateQLinearConv(DlcOnnxNode *n) {
  MlirValue x, xs, xzp, w, ws, wzp, ys, yzp, bias, y, s;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &xs));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &xzp));
  DLC_ONNX_TRY(dlcOnnxInput(n, 3, &w));
  DLC_ONNX_TRY(dlcOnnxInput(n, 4, &ws));
  DLC_ONNX_TRY(dlcOnnxInput(n, 5, &wzp));
  DLC_ONNX_TRY(dlcOnnxInput(n, 6, &ys));
  DLC_ONNX_TRY(dlcOnnxInput(n, 7, &yzp));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 8, &bias));
  MlirType out = eltOf(yzp), f64 = mlirF64TypeGet(n->ctx);
  if (!dlcEltIn(out, DLC_T_I8 | DLC_T_U8))
    return dlcOnnxUnsupported(n, "the output must be int8 or uint8");
  DLC_ONNX_TRY(integerConv(n, x, xzp, w, wzp, bias, &y));
  int64_t rank = rankOf(y);
  DLC_ONNX_TRY(dlcOnnxScalar(n, xs, &xs));
  DLC_ONNX_TRY(dlcOnnxScalar(n, ys, &ys));
  DLC_ONNX_TRY(alongAxis(n, ws, rank, 1, 0, dimOf(w, 0), &ws));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", xs, ws, &s));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", s, ys, &s));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, s, f64, &s));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", y, s, &y));
  DLC_ONNX_TRY(dlcOnnxScalar(n, yzp, &yzp));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, yzp, f64, &yzp));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", y, yzp, &y));
  double lo, hi;
  intRange(out, &lo, &hi);
  DlcOnnxOp clip;
  dlcOnnxOpInit(&clip, "dlc_graph.clip");
  clip.operands[0] = y;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, lo, &clip.operands[1]));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f64, hi, &clip.operands[2]));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &clip));
  DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.round", clip.results[0], &y));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, y, out, &y));
  return dlcOnnxSetOutput(n, 0, y);
}

#define QUANT_TYPES                                                                                \
  "int8, uint8, int16, uint16, int4, uint4, int2, uint2, float8 (not e8m0) and float4 (int32 "   \
  "and e8m0 too when dequantizing)"

static const DlcOnnxOpEntry ops[] = {
    {"QuantizeLinear", 10, translateQuantize, {{0}}, "dlc_graph.round", QUANT_TYPES "."},
    {"QuantizeLinear", 13, translateQuantize, {A_INT("axis")}, "dlc_graph.round",
     QUANT_TYPES "."},
    {"QuantizeLinear", 19, translateQuantize, {A_INT("axis"), A_INT("saturate")},
     "dlc_graph.round", QUANT_TYPES "; `saturate` concerns float8 only."},
    {"QuantizeLinear", 21, translateQuantize,
     {A_INT("axis"), A_INT("block_size"), A_INT("output_dtype"), A_INT("saturate")},
     "dlc_graph.round", QUANT_TYPES "; `saturate` concerns float8 only."},
    {"QuantizeLinear", 25, translateQuantize,
     {A_INT("axis"), A_INT("block_size"), A_INT("output_dtype"), A_INT("precision"),
      A_INT("saturate")},
     "dlc_graph.round", QUANT_TYPES "; the division is in the scale's type."},
    {"DequantizeLinear", 10, translateDequantize, {{0}}, "dlc_graph.mul", QUANT_TYPES "."},
    {"DequantizeLinear", 13, translateDequantize, {A_INT("axis")}, "dlc_graph.mul",
     QUANT_TYPES "."},
    {"DequantizeLinear", 21, translateDequantize, {A_INT("axis"), A_INT("block_size")},
     "dlc_graph.mul", QUANT_TYPES "."},
    {"DequantizeLinear", 23, translateDequantize,
     {A_INT("axis"), A_INT("block_size"), A_INT("output_dtype")}, "dlc_graph.mul",
     QUANT_TYPES "; the output has the scale's type."},
    {"DynamicQuantizeLinear", 11, translateDynamicQuantize, {{0}}, "dlc_graph.round", NULL},
    {"MatMulInteger", 10, translateMatMulInteger, {{0}}, "dlc_graph.matmul", NULL},
    {"ConvInteger", 10, translateConvInteger,
     {A_STRING("auto_pad"), A_INTS("dilations"), A_INT("group"), A_INTS("kernel_shape"),
      A_INTS("pads"), A_INTS("strides")},
     "dlc_graph.conv", "Computed in double (exact for int32 sums); the weight's M must be static."},
    {"QLinearConv", 10, translateQLinearConv,
     {A_STRING("auto_pad"), A_INTS("dilations"), A_INT("group"), A_INTS("kernel_shape"),
      A_INTS("pads"), A_INTS("strides")},
     "dlc_graph.conv", "int8 or uint8 output; computed in double; the weight's M must be static."},
    {"QLinearMatMul", 10, translateQLinearMatMul, {{0}}, "dlc_graph.matmul",
     "Per-tensor scales and zero points; int8 or uint8 output."},
};

const DlcOnnxOpEntry *dlcOnnxQuantOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
