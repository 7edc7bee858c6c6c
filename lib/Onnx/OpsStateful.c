//===- OpsStateful.c - Opset 27's ops that carry a state -------*- C -*-===//
//
// CausalConvWithState: the past state (zeros when absent) and the input
// concatenated along time, a depthwise convolution without padding, plus
// bias, then SiLU when asked; the present state is the last K - 1 steps.
// LinearAttention: the recurrence of ONNX's function body, unrolled over
// the (static) sequence: per step the state [B, Hkv, Dk, Dv] decays by
// exp(decay) (gated rules), takes the delta rule's correction beta * (v -
// k S) or plain v as the outer product with k, and each query head of a
// group reads q S * scale. Computed in float32.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <string.h>

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static MlirType eltOf(MlirValue v) { return mlirShapedTypeGetElementType(typeOf(v)); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }
static bool isStatic(MlirValue v) { return mlirShapedTypeHasStaticShape(typeOf(v)); }

static bool isString(MlirStringRef s, const char *what) {
  return mlirStringRefEqual(s, mlirStringRefCreateFromCString(what));
}

// Zeros of a static shape, as a constant_of_shape.
static DlcOnnxStatus zeros(DlcOnnxNode *n, MlirType elt, const int64_t *dims, int64_t rank,
                           MlirValue *out) {
  MlirValue zero;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 0, &zero));
  return dlcOnnxShapeOp(n, "dlc_graph.expand", zero, dims, rank, out);
}

//===----------------------------------------------------------------------===//
// CausalConvWithState
//===----------------------------------------------------------------------===//

static DlcOnnxStatus translateCausalConv(DlcOnnxNode *n) {
  MlirValue x, w, bias, past;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &x));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &w));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 2, &bias));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 3, &past));
  MlirStringRef act = dlcOnnxAttrString(n, "activation", "none");
  bool silu = isString(act, "silu") || isString(act, "swish");
  if (!silu && !isString(act, "none"))
    return dlcOnnxError(n, "attribute 'activation' is \"%.*s\", not none, silu or swish",
                        (int)act.length, act.data);
  if (rankOf(x) != 3 || !isStatic(x) || rankOf(w) != 3 || !isStatic(w))
    return dlcOnnxUnsupported(n, "input [B, C, L] and weight [C, 1, K] must have static shapes");
  int64_t b = dimOf(x, 0), c = dimOf(x, 1), k = dimOf(w, 2);
  if (dimOf(w, 0) != c || dimOf(w, 1) != 1 || k < 1)
    return dlcOnnxError(n, "input 'weight' must be %lld x 1 x K", (long long)c);
  int64_t stateDims[3] = {b, c, k - 1};
  if (!mlirValueIsNull(past) && (rankOf(past) != 3 || !isStatic(past) || dimOf(past, 0) != b ||
                                 dimOf(past, 1) != c || dimOf(past, 2) != k - 1))
    return dlcOnnxError(n, "input 'past_state' must be %lld x %lld x %lld", (long long)b,
                        (long long)c, (long long)(k - 1));
  MlirValue padded = x;
  if (k > 1) {
    if (mlirValueIsNull(past))
      DLC_ONNX_TRY(zeros(n, eltOf(x), stateDims, 3, &past));
    DLC_ONNX_TRY(dlcOnnxConcatOp(n, past, x, 2, &padded));
  }
  DlcOnnxOp conv;
  dlcOnnxOpInit(&conv, "dlc_graph.conv");
  conv.operands[0] = padded, conv.operands[1] = w, conv.operands[2] = bias;
  if (c != 1)
    dlcOnnxOpInt(n, &conv, "group", c);
  DLC_ONNX_TRY(dlcOnnxBuild(n, &conv));
  MlirValue y = conv.results[0], present;
  if (silu) {
    MlirValue sig;
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.sigmoid", y, &sig));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", y, sig, &y));
  }
  int64_t total = dimOf(padded, 2);
  DLC_ONNX_TRY(dlcOnnxSliceOp(n, padded, 2, total - (k - 1), total, 1, &present));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, y));
  return dlcOnnxSetOutput(n, 1, present);
}

//===----------------------------------------------------------------------===//
// LinearAttention
//===----------------------------------------------------------------------===//

#define MAX_STEPS 512

// [B, T, H * D] as [B, H, T, D] (D = -1: what is left).
static DlcOnnxStatus heads(DlcOnnxNode *n, MlirValue v, int64_t h, MlirValue *out) {
  int64_t dims[4] = {dimOf(v, 0), dimOf(v, 1), h, dimOf(v, 2) / h}, perm[4] = {0, 2, 1, 3};
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", v, dims, 4, out));
  return dlcOnnxShapeOp(n, "dlc_graph.transpose", *out, perm, 4, out);
}

// Step t of [B, H, T, D] as the shape `dims` (4-D).
static DlcOnnxStatus step(DlcOnnxNode *n, MlirValue v, int64_t t, const int64_t *dims,
                          MlirValue *out) {
  DLC_ONNX_TRY(dlcOnnxSliceOp(n, v, 2, t, t + 1, 1, out));
  return dlcOnnxShapeOp(n, "dlc_graph.reshape", *out, dims, 4, out);
}

static DlcOnnxStatus translateLinearAttention(DlcOnnxNode *n) {
  MlirValue q, k, v, past, decay, beta;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &q));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &k));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &v));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 3, &past));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 4, &decay));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 5, &beta));
  MlirStringRef rule = dlcOnnxAttrString(n, "update_rule", "gated_delta");
  bool gated = isString(rule, "gated") || isString(rule, "gated_delta");
  bool delta = isString(rule, "delta") || isString(rule, "gated_delta");
  if (!gated && !delta && !isString(rule, "linear"))
    return dlcOnnxError(n, "attribute 'update_rule' is \"%.*s\", not linear, gated, delta or "
                           "gated_delta",
                        (int)rule.length, rule.data);
  if ((gated && mlirValueIsNull(decay)) || (delta && mlirValueIsNull(beta)))
    return dlcOnnxError(n, "update rule \"%.*s\" needs input%s", (int)rule.length, rule.data,
                        gated && delta ? "s 'decay' and 'beta'" : gated ? " 'decay'" : " 'beta'");
  int64_t hq = dlcOnnxAttrInt(n, "q_num_heads", 0), hkv = dlcOnnxAttrInt(n, "kv_num_heads", 0);
  if (rankOf(q) != 3 || rankOf(k) != 3 || rankOf(v) != 3 || !isStatic(q) || !isStatic(k) ||
      !isStatic(v))
    return dlcOnnxUnsupported(n, "query, key and value must be 3-D with static shapes");
  int64_t bb = dimOf(q, 0), tt = dimOf(q, 1);
  if (hq < 1 || hkv < 1 || hq % hkv || dimOf(q, 2) % hq || dimOf(v, 2) % hkv ||
      dimOf(k, 2) != dimOf(q, 2) / hq * hkv || dimOf(k, 1) != tt || dimOf(v, 1) != tt)
    return dlcOnnxError(n, "attributes 'q_num_heads' (%lld) and 'kv_num_heads' (%lld) must "
                           "split query, key and value into heads of equal key sizes, kv heads "
                           "dividing query heads",
                        (long long)hq, (long long)hkv);
  if (tt > MAX_STEPS)
    return dlcOnnxUnsupported(n, "the recurrence is unrolled: %lld steps, more than %d",
                              (long long)tt, MAX_STEPS);
  int64_t dk = dimOf(q, 2) / hq, dv = dimOf(v, 2) / hkv, g = hq / hkv;
  double scale = dlcOnnxAttrFloat(n, "scale", 0.0f);
  if (scale == 0)
    scale = 1 / sqrt((double)(float)dk);
  MlirType f32 = mlirF32TypeGet(n->ctx);
  int64_t stateDims[4] = {bb, hkv, dk, dv};
  MlirValue state;
  if (mlirValueIsNull(past)) {
    DLC_ONNX_TRY(zeros(n, f32, stateDims, 4, &state));
  } else {
    if (rankOf(past) != 4 || !isStatic(past) ||
        memcmp((int64_t[4]){dimOf(past, 0), dimOf(past, 1), dimOf(past, 2), dimOf(past, 3)},
               stateDims, sizeof stateDims))
      return dlcOnnxError(n, "input 'past_state' must be %lld x %lld x %lld x %lld",
                          (long long)bb, (long long)hkv, (long long)dk, (long long)dv);
    DLC_ONNX_TRY(dlcOnnxCastOp(n, past, f32, &state));
  }
  // Queries as [B, Hkv, T, G * Dk]: head h reads kv head h / G.
  MlirValue qs, ks, vs, ds = {NULL}, bs = {NULL}, scaleV, out = {NULL};
  DLC_ONNX_TRY(dlcOnnxCastOp(n, q, f32, &q));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, k, f32, &k));
  DLC_ONNX_TRY(dlcOnnxCastOp(n, v, f32, &v));
  DLC_ONNX_TRY(heads(n, q, hkv, &qs));
  DLC_ONNX_TRY(heads(n, k, hkv, &ks));
  DLC_ONNX_TRY(heads(n, v, hkv, &vs));
  int64_t decayWidth = 0, betaHeads = 0;
  if (gated) {
    int64_t last = rankOf(decay) == 3 ? dimOf(decay, 2) : 0;
    if (!isStatic(decay) || rankOf(decay) != 3 || dimOf(decay, 0) != bb ||
        dimOf(decay, 1) != tt || (last != hkv * dk && last != hkv))
      return dlcOnnxError(n, "input 'decay' must be %lld x %lld x %lld (per key dim) or x %lld "
                             "(per head)",
                          (long long)bb, (long long)tt, (long long)(hkv * dk), (long long)hkv);
    decayWidth = last / hkv;
    DLC_ONNX_TRY(dlcOnnxCastOp(n, decay, f32, &decay));
    DLC_ONNX_TRY(heads(n, decay, hkv, &ds));
  }
  if (delta) {
    int64_t last = rankOf(beta) == 3 ? dimOf(beta, 2) : 0;
    if (!isStatic(beta) || rankOf(beta) != 3 || dimOf(beta, 0) != bb || dimOf(beta, 1) != tt ||
        (last != hkv && last != 1))
      return dlcOnnxError(n, "input 'beta' must be %lld x %lld x %lld (per head) or x 1",
                          (long long)bb, (long long)tt, (long long)hkv);
    betaHeads = last;
    DLC_ONNX_TRY(dlcOnnxCastOp(n, beta, f32, &beta));
    DLC_ONNX_TRY(heads(n, beta, betaHeads, &bs));
  }
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, f32, scale, &scaleV));
  int64_t qRow[4] = {bb, hkv, g, dk}, kRow[4] = {bb, hkv, 1, dk}, kCol[4] = {bb, hkv, dk, 1};
  int64_t vRow[4] = {bb, hkv, 1, dv}, dCol[4] = {bb, hkv, decayWidth, 1};
  int64_t bCell[4] = {bb, betaHeads, 1, 1}, outRow[3] = {bb, 1, hq * dv};
  for (int64_t t = 0; t < tt; ++t) {
    MlirValue kr, kc, vr, write, y;
    DLC_ONNX_TRY(step(n, ks, t, kRow, &kr));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", kr, kCol, 4, &kc));
    DLC_ONNX_TRY(step(n, vs, t, vRow, &vr));
    if (gated) {
      MlirValue d;
      DLC_ONNX_TRY(step(n, ds, t, dCol, &d));
      DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.exp", d, &d));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", state, d, &state));
    }
    write = vr;
    if (delta) { // beta * (v - k S)
      MlirValue retrieved, bt;
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", kr, state, &retrieved));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.sub", vr, retrieved, &write));
      DLC_ONNX_TRY(step(n, bs, t, bCell, &bt));
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", bt, write, &write));
    }
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", kc, write, &write));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", state, write, &state));
    DLC_ONNX_TRY(step(n, qs, t, qRow, &y));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", y, state, &y));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", scaleV, y, &y));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, outRow, 3, &y));
    DLC_ONNX_TRY(dlcOnnxConcatOp(n, out, y, 1, &out));
  }
  if (mlirValueIsNull(out)) { // no steps: an empty output
    int64_t dims[3] = {bb, 0, hq * dv};
    DLC_ONNX_TRY(zeros(n, f32, dims, 3, &out));
  }
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 0, out));
  return dlcOnnxSetOutput(n, 1, state);
}

static const DlcOnnxOpEntry ops[] = {
    {"CausalConvWithState", 27, translateCausalConv, {A_STRING("activation")}, "dlc_graph.conv",
     "Static shapes."},
    {"LinearAttention", 27, translateLinearAttention,
     {A_INT("kv_num_heads"), A_INT("q_num_heads"), A_FLOAT("scale"), A_STRING("update_rule")},
     "dlc_graph.matmul",
     "Static shapes; the recurrence is unrolled over at most 512 steps; float32 arithmetic."},
};

const DlcOnnxOpEntry *dlcOnnxStatefulOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
