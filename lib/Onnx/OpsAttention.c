//===- OpsAttention.c - Attention as matmuls and a softmax -------*- C -*-===//
//
// Attention (opset 23) is decomposed as ONNX's reference computes it: 3-D
// inputs split into heads, the KV cache concatenated, K and V heads repeated
// for grouped queries, softmax(Q K^T * scale (softcapped) + bias) V, where
// the bias combines the mask (boolean: 0 or -inf, padded to the keys with
// -inf), the causal mask aligned to the end of the cache and (opset 24)
// the padding of each batch's keys past `nonpad_kv_seqlen`. A query row
// whose bias is all -inf attends nothing and gives 0.
//
//===----------------------------------------------------------------------===//

#include "Onnx/Translate.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdlib.h>

static MlirType typeOf(MlirValue v) { return mlirValueGetType(v); }
static int64_t rankOf(MlirValue v) { return mlirShapedTypeGetRank(typeOf(v)); }
static int64_t dimOf(MlirValue v, int64_t i) { return mlirShapedTypeGetDimSize(typeOf(v), i); }
static MlirType eltOf(MlirValue v) { return mlirShapedTypeGetElementType(typeOf(v)); }

// [B, S, H * D] -> [B, H, S, D].
static DlcOnnxStatus splitHeads(DlcOnnxNode *n, MlirValue x, int64_t heads, MlirValue *out) {
  int64_t hidden = dimOf(x, 2);
  if (heads < 1 || hidden % heads)
    return dlcOnnxError(n, "a hidden size of %lld does not split into %lld heads",
                        (long long)hidden, (long long)heads);
  int64_t shape[4] = {dimOf(x, 0), dimOf(x, 1), heads, hidden / heads};
  static const int64_t perm[4] = {0, 2, 1, 3};
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, shape, 4, out));
  return dlcOnnxShapeOp(n, "dlc_graph.transpose", *out, perm, 4, out);
}

// [B, H, S, D] -> [B, H * r, S, D], each head repeated r times in place.
static DlcOnnxStatus repeatHeads(DlcOnnxNode *n, MlirValue x, int64_t r, MlirValue *out) {
  int64_t b = dimOf(x, 0), h = dimOf(x, 1), s = dimOf(x, 2), d = dimOf(x, 3);
  int64_t spread[5] = {b, h, 1, s, d}, expanded[5] = {b, h, r, s, d}, merged[4] = {b, h * r, s, d};
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", x, spread, 5, out));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.expand", *out, expanded, 5, out));
  return dlcOnnxShapeOp(n, "dlc_graph.reshape", *out, merged, 4, out);
}

// The additive bias of the mask: a boolean one as 0 (attend) or -inf, its
// last dim padded to `keys` (with -inf) when shorter.
static DlcOnnxStatus maskBias(DlcOnnxNode *n, MlirValue mask, MlirType elt, int64_t keys,
                              MlirValue *out) {
  MlirValue zero, negInf;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 0, &zero));
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, -INFINITY, &negInf));
  MlirValue bias = mask;
  if (mlirTypeEqual(eltOf(mask), mlirIntegerTypeGet(n->ctx, 1)))
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, mask, zero, negInf, &bias));
  int64_t rank = rankOf(bias), have = dimOf(bias, rank - 1);
  if (have < keys) {
    int64_t pads[2 * DLC_MAX_RANK] = {0};
    pads[2 * rank - 1] = keys - have;
    DlcOnnxOp pad;
    dlcOnnxOpInit(&pad, "dlc_graph.pad");
    pad.operands[0] = bias;
    pad.operands[1] = negInf;
    dlcOnnxOpInts(n, &pad, "pads", pads, 2 * rank);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &pad));
    bias = pad.results[0];
  }
  *out = bias;
  return DLC_ONNX_OK;
}

// 0 where key j may be attended by query i (j <= i + offset), else -inf.
static DlcOnnxStatus causalBias(DlcOnnxNode *n, MlirType elt, int64_t queries, int64_t keys,
                                int64_t offset, MlirValue *out) {
  int64_t count = queries * keys, dims[2] = {queries, keys};
  int *allowed = dlcOnnxScratch(n, (size_t)(count + 1) * sizeof *allowed);
  if (!allowed)
    return dlcOnnxError(n, "out of memory");
  for (int64_t i = 0; i < queries; ++i)
    for (int64_t j = 0; j < keys; ++j)
      allowed[i * keys + j] = j <= i + offset;
  MlirType type = mlirRankedTensorTypeGet(2, dims, mlirIntegerTypeGet(n->ctx, 1),
                                          mlirAttributeGetNull());
  DlcOnnxOp mask;
  dlcOnnxOpInit(&mask, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &mask, "value", mlirDenseElementsAttrBoolGet(type, count, allowed));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &mask));
  return maskBias(n, mask.results[0], elt, keys, out);
}

// 0 where key j of batch b is within nonpad_kv_seqlen[b], else -inf:
// [B, 1, 1, keys], the lengths compared at run time with constant positions.
static DlcOnnxStatus paddingBias(DlcOnnxNode *n, MlirValue lengths, MlirType elt, int64_t batch,
                                 int64_t keys, MlirValue *out) {
  MlirType type = typeOf(lengths);
  if (rankOf(lengths) != 1 || !mlirTypeEqual(eltOf(lengths), mlirIntegerTypeGet(n->ctx, 64)) ||
      (!mlirShapedTypeIsDynamicDim(type, 0) && dimOf(lengths, 0) != batch))
    return dlcOnnxError(n, "input 'nonpad_kv_seqlen' must be int64 [%lld] (one length per batch)",
                        (long long)batch);
  int64_t *positions = dlcOnnxScratch(n, (size_t)(keys + 1) * sizeof *positions);
  if (!positions)
    return dlcOnnxError(n, "out of memory");
  for (int64_t j = 0; j < keys; ++j)
    positions[j] = j;
  MlirType posType = mlirRankedTensorTypeGet(1, &keys, mlirIntegerTypeGet(n->ctx, 64),
                                             mlirAttributeGetNull());
  DlcOnnxOp pos;
  dlcOnnxOpInit(&pos, "dlc_graph.constant");
  dlcOnnxOpAttr(n, &pos, "value", mlirDenseElementsAttrInt64Get(posType, keys, positions));
  DLC_ONNX_TRY(dlcOnnxBuild(n, &pos));
  int64_t perBatch[4] = {batch, 1, 1, 1};
  MlirValue len, allowed;
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", lengths, perBatch, 4, &len));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.less", pos.results[0], len, &allowed));
  return maskBias(n, allowed, elt, keys, out);
}

static DlcOnnxStatus translateAttention(DlcOnnxNode *n) {
  MlirValue q, k, v, mask, pastKey, pastValue, nonpad;
  DLC_ONNX_TRY(dlcOnnxInput(n, 0, &q));
  DLC_ONNX_TRY(dlcOnnxInput(n, 1, &k));
  DLC_ONNX_TRY(dlcOnnxInput(n, 2, &v));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 3, &mask));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 4, &pastKey));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 5, &pastValue));
  DLC_ONNX_TRY(dlcOnnxOptionalInput(n, 6, &nonpad));
  if (mlirValueIsNull(pastKey) != mlirValueIsNull(pastValue))
    return dlcOnnxError(n, "inputs 'past_key' and 'past_value' come together");
  int64_t rank = rankOf(q);
  if ((rank != 3 && rank != 4) || rankOf(k) != rank || rankOf(v) != rank)
    return dlcOnnxError(n, "Q, K and V must all be 3-D or all 4-D");
  if (!mlirShapedTypeHasStaticShape(typeOf(q)) || !mlirShapedTypeHasStaticShape(typeOf(k)) ||
      !mlirShapedTypeHasStaticShape(typeOf(v)))
    return dlcOnnxUnsupported(n, "Q, K and V must have static shapes");
  const Onnx__AttributeProto *precision = dlcOnnxAttr(n, "softmax_precision");
  if (precision && precision->i != 1 /* FLOAT */)
    return dlcOnnxUnsupported(n, "softmax_precision other than FLOAT is not supported");
  MlirType elt = eltOf(q);
  if (rank == 3) {
    DLC_ONNX_TRY(splitHeads(n, q, dlcOnnxAttrInt(n, "q_num_heads", 0), &q));
    DLC_ONNX_TRY(splitHeads(n, k, dlcOnnxAttrInt(n, "kv_num_heads", 0), &k));
    DLC_ONNX_TRY(splitHeads(n, v, dlcOnnxAttrInt(n, "kv_num_heads", 0), &v));
  }
  int64_t past = mlirValueIsNull(pastKey) ? 0 : dimOf(pastKey, 2);
  if (past) {
    MlirValue keys[2] = {pastKey, k}, values[2] = {pastValue, v};
    DlcOnnxOp ck, cv;
    dlcOnnxOpInit(&ck, "dlc_graph.concat");
    dlcOnnxOpInit(&cv, "dlc_graph.concat");
    ck.operands[0] = keys[0], ck.operands[1] = keys[1];
    cv.operands[0] = values[0], cv.operands[1] = values[1];
    dlcOnnxOpInt(n, &ck, "axis", 2);
    dlcOnnxOpInt(n, &cv, "axis", 2);
    DLC_ONNX_TRY(dlcOnnxBuild(n, &ck));
    DLC_ONNX_TRY(dlcOnnxBuild(n, &cv));
    k = ck.results[0], v = cv.results[0];
  }
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 1, k));
  DLC_ONNX_TRY(dlcOnnxSetOutput(n, 2, v));
  int64_t queries = dimOf(q, 2), keys = dimOf(k, 2), headSize = dimOf(q, 3);
  // The bias: mask, causal, both (added) or none.
  MlirValue bias = {NULL};
  if (!mlirValueIsNull(mask))
    DLC_ONNX_TRY(maskBias(n, mask, elt, keys, &bias));
  if (!mlirValueIsNull(nonpad)) {
    MlirValue padding;
    DLC_ONNX_TRY(paddingBias(n, nonpad, elt, dimOf(q, 0), keys, &padding));
    if (mlirValueIsNull(bias))
      bias = padding;
    else
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", bias, padding, &bias));
  }
  if (dlcOnnxAttrInt(n, "is_causal", 0)) {
    MlirValue causal;
    DLC_ONNX_TRY(causalBias(n, elt, queries, keys, past, &causal));
    if (mlirValueIsNull(bias))
      bias = causal;
    else
      DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", bias, causal, &bias));
  }
  // Grouped queries: each KV head serves q_heads / kv_heads query heads.
  int64_t qHeads = dimOf(q, 1), kvHeads = dimOf(k, 1);
  if (qHeads != kvHeads) {
    if (kvHeads < 1 || qHeads % kvHeads || dimOf(v, 1) != kvHeads)
      return dlcOnnxError(n, "%lld query heads do not group over %lld key heads",
                          (long long)qHeads, (long long)kvHeads);
    DLC_ONNX_TRY(repeatHeads(n, k, qHeads / kvHeads, &k));
    DLC_ONNX_TRY(repeatHeads(n, v, qHeads / kvHeads, &v));
  }
  // Q K^T with sqrt(scale) on each side, as the reference rounds.
  double scale = dlcOnnxAttr(n, "scale") ? dlcOnnxAttrFloat(n, "scale", 1)
                                         : 1 / sqrt((double)headSize);
  static const int64_t transposeLast[4] = {0, 1, 3, 2};
  MlirValue s, qs, kt, qk;
  DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, sqrt(scale), &s));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", q, s, &qs));
  DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", k, transposeLast, 4, &kt));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", kt, s, &kt));
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", qs, kt, &qk));
  double softcap = dlcOnnxAttrFloat(n, "softcap", 0);
  if (softcap > 0) {
    MlirValue cap;
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, softcap, &cap));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.div", qk, cap, &qk));
    DLC_ONNX_TRY(dlcOnnxUnaryOp(n, "dlc_graph.tanh", qk, &qk));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.mul", qk, cap, &qk));
  }
  MlirValue logits = qk;
  if (!mlirValueIsNull(bias))
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.add", qk, bias, &logits));
  DlcOnnxOp softmax;
  dlcOnnxOpInit(&softmax, "dlc_graph.softmax");
  softmax.operands[0] = logits;
  DLC_ONNX_TRY(dlcOnnxBuild(n, &softmax));
  MlirValue probs = softmax.results[0];
  if (!mlirValueIsNull(bias)) { // rows with no key to attend give 0
    int64_t last = rankOf(bias) - 1;
    MlirValue rowMax, negInf, masked, zero;
    DLC_ONNX_TRY(dlcOnnxReduceOp(n, "dlc_graph.reduce_max", bias, &last, 1, true, &rowMax));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, -INFINITY, &negInf));
    DLC_ONNX_TRY(dlcOnnxConstantScalar(n, elt, 0, &zero));
    DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.equal", rowMax, negInf, &masked));
    DLC_ONNX_TRY(dlcOnnxWhereOp(n, masked, zero, probs, &probs));
  }
  int64_t mode = dlcOnnxAttrInt(n, "qk_matmul_output_mode", 0);
  if (mode < 0 || mode > 3)
    return dlcOnnxError(n, "attribute 'qk_matmul_output_mode' must be 0 to 3, but is %lld",
                        (long long)mode);
  if (dlcOnnxHasOutput(n, 3))
    DLC_ONNX_TRY(dlcOnnxSetOutput(n, 3, mode == 2 ? logits : mode == 3 ? probs : qk));
  MlirValue y;
  DLC_ONNX_TRY(dlcOnnxBinaryOp(n, "dlc_graph.matmul", probs, v, &y));
  if (rank == 3) { // back to [B, S, H * D]
    static const int64_t perm[4] = {0, 2, 1, 3};
    int64_t merged[3] = {dimOf(y, 0), dimOf(y, 2), dimOf(y, 1) * dimOf(y, 3)};
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.transpose", y, perm, 4, &y));
    DLC_ONNX_TRY(dlcOnnxShapeOp(n, "dlc_graph.reshape", y, merged, 3, &y));
  }
  return dlcOnnxSetOutput(n, 0, y);
}

static const DlcOnnxOpEntry ops[] = {
    {"Attention", 23, translateAttention,
     {A_INT("is_causal"), A_INT("kv_num_heads"), A_INT("q_num_heads"),
      A_INT("qk_matmul_output_mode"), A_FLOAT("scale"), A_FLOAT("softcap"),
      A_INT("softmax_precision")},
     "dlc_graph.matmul",
     "Static shapes; `softmax_precision` FLOAT (or absent)."},
};

const DlcOnnxOpEntry *dlcOnnxAttentionOps(size_t *count) {
  *count = sizeof ops / sizeof *ops;
  return ops;
}
