//===- TensorOps.c - The dlc_tensor op table --------------------*- C -*-===//
//
// One entry per op of dialects/tensor.irdl.mlir. Every attribute is
// required: the tensor level is explicit. docs/TensorDialect.md is generated
// from this table.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Tensor/TensorInfer.h"

#define REQ(n, t, doc) {n, t, false, doc}
#define OPT(n, t, doc) {n, t, true, doc}
#define ATTR(n, k, doc) {n, k, true, NULL, doc}

static const DlcOpDef tensorOps[] = {
    {"dlc_tensor.map", "Elementwise map with broadcasting",
     "`output[i..] = fn(x0[b0(i..)], x1[b1(i..)], ..)` where each input broadcasts to the result "
     "shape with numpy rules (dims aligned at the end, size 1 stretches). `fn` names a "
     "`func.func` in the enclosing module taking one signless scalar per input "
     "(`ui8` tensors pass `i8`) and returning the signless result element; its body is inlined "
     "into a `linalg.generic`. `operandSegmentSizes` (always present) says which of `x0..x3` are "
     "given. Lowers to: `linalg.generic` (all parallel).",
     {REQ("x0", DLC_T_STORED, NULL), OPT("x1", DLC_T_STORED, NULL), OPT("x2", DLC_T_STORED, NULL),
      OPT("x3", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, NULL)},
     {ATTR("fn", DLC_ATTR_SYMBOL, "the scalar body, a func.func")},
     dlcTensorInferMap},
    {"dlc_tensor.contract", "Einsum-like contraction",
     "`spec` is \"<lhs dims>,<rhs dims>-><output dims>\" with one letter per dim, such as "
     "\"bmk,bkn->bmn\". Dims named alike have equal sizes; dims absent from the output are summed "
     "in the output element type, starting from 0. Lowers to: `linalg.fill` + `linalg.generic`.",
     {REQ("lhs", DLC_T_NUMERIC, NULL), REQ("rhs", DLC_T_NUMERIC, "element type of lhs")},
     {REQ("output", DLC_T_NUMERIC, "element type of lhs")},
     {ATTR("spec", DLC_ATTR_STRING, "e.g. \"mk,kn->mn\"")},
     dlcTensorInferContract},
    {"dlc_tensor.conv", "Windowed contraction (convolution)",
     "Input N x C x D1..Dn (already padded), weight F x C/groups x k1..kn: "
     "`output[n, f, o..] = sum_{c, k..} input[n, g*C/groups + c, o*strides + k*dilations] * "
     "weight[f, c, k..]` with `g = f / (F/groups)`; `Oi = (Di - (ki-1)*dilations - 1) / strides "
     "+ 1`. Lowers to: `linalg.fill` + `linalg.generic`.",
     {REQ("input", DLC_T_NUMERIC, "N x C x D1 .. Dn"),
      REQ("weight", DLC_T_NUMERIC, "F x C/groups x k1 .. kn")},
     {REQ("output", DLC_T_NUMERIC, "N x F x O1 .. On")},
     {ATTR("strides", DLC_ATTR_INTS, "one per spatial dim, >= 1"),
      ATTR("dilations", DLC_ATTR_INTS, "one per spatial dim, >= 1"),
      ATTR("groups", DLC_ATTR_INT, ">= 1, divides C and F")},
     dlcTensorInferConv},
    {"dlc_tensor.pool", "Windowed reduction (pooling)",
     "Reduces windows over the trailing `len(window)` dims of `input` (already padded): "
     "`output[b.., o..] = kind_k input[b.., o*strides + k*dilations]`, `kind` \"max\" or \"sum\". "
     "The optional `indices` result (max only) is the flat row-major offset in `input` of the "
     "first maximum. NaN counts as larger than any number; ties keep the smallest offset (numpy's "
     "max/argmax). Lowers to: `linalg.fill` + `linalg.generic` (window dims reduced).",
     {REQ("input", DLC_T_NUMERIC, NULL)},
     {REQ("output", DLC_T_NUMERIC, "element type of input"), OPT("indices", DLC_T_I64, NULL)},
     {ATTR("kind", DLC_ATTR_STRING, "\"max\" or \"sum\""),
      ATTR("window", DLC_ATTR_INTS, "window size per pooled dim"),
      ATTR("strides", DLC_ATTR_INTS, "per pooled dim, >= 1"),
      ATTR("dilations", DLC_ATTR_INTS, "per pooled dim, >= 1")},
     dlcTensorInferPool},
    {"dlc_tensor.reduce", "Reduction over dims",
     "Reduces `dims` (removed from the result) with `kind`: \"sum\", \"max\", \"min\" or "
     "\"prod\"; max and min propagate NaN. Lowers to: `linalg.fill` + `linalg.reduce`.",
     {REQ("input", DLC_T_NUMERIC, NULL)},
     {REQ("output", DLC_T_NUMERIC, "element type of input")},
     {ATTR("kind", DLC_ATTR_STRING, "sum, max, min or prod"),
      ATTR("dims", DLC_ATTR_INTS, "sorted, unique, in [0, rank)")},
     dlcTensorInferReduce},
    {"dlc_tensor.transpose", "Permute dims",
     "Output dim i is input dim `perm[i]`. Lowers to: `linalg.transpose`.",
     {REQ("input", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, "element type of input")},
     {ATTR("perm", DLC_ATTR_INTS, "a permutation of [0, rank)")},
     dlcTensorInferTranspose},
    {"dlc_tensor.reshape", "Row-major reinterpretation",
     "The input's elements in row-major order with the result's shape (same element count). "
     "Lowers to: `tensor.reshape`.",
     {REQ("input", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, "element type of input")},
     {{0}},
     dlcTensorInferReshape},
    {"dlc_tensor.broadcast", "Broadcast to the result shape",
     "Numpy broadcasting of input to the result shape (dims aligned at the end; size-1 dims "
     "stretch). Lowers to: `linalg.generic`.",
     {REQ("input", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, "element type of input")},
     {{0}},
     dlcTensorInferBroadcast},
    {"dlc_tensor.slice", "Strided window",
     "`output[i..] = input[offsets + i * strides]` with the result's sizes; strides are non-zero "
     "and may be negative; every read is in bounds. A dynamic result dim takes every element from "
     "the offset to the input's end in the stride's direction. Lowers to: `tensor.extract_slice`.",
     {REQ("input", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, "element type of input")},
     {ATTR("offsets", DLC_ATTR_INTS, "one per dim"), ATTR("strides", DLC_ATTR_INTS, "one per dim")},
     dlcTensorInferSlice},
    {"dlc_tensor.concat", "Concatenate along a dim",
     "`lhs` then `rhs` along `dim`; other dims agree. A chain of concats along one dim lowers to "
     "one op. Lowers to: `tensor.concat`.",
     {REQ("lhs", DLC_T_STORED, NULL), REQ("rhs", DLC_T_STORED, "element type of lhs")},
     {REQ("output", DLC_T_STORED, "element type of lhs")},
     {ATTR("dim", DLC_ATTR_INT, "in [0, rank)")},
     dlcTensorInferConcat},
    {"dlc_tensor.pad", "Pad with a value",
     "Adds `low[i]` / `high[i]` elements (>= 0) before / after dim i and `interior[i]` between "
     "neighbours, all equal to the 0-d `value`. Lowers to: `tensor.pad` (no interior) or "
     "`linalg.fill` + `tensor.insert_slice` (interior).",
     {REQ("input", DLC_T_ANY, NULL), REQ("value", DLC_T_ANY, "0-d, element type of input")},
     {REQ("output", DLC_T_ANY, "element type of input")},
     {ATTR("low", DLC_ATTR_INTS, "per dim, >= 0"), ATTR("high", DLC_ATTR_INTS, "per dim, >= 0"),
      ATTR("interior", DLC_ATTR_INTS, "per dim, >= 0")},
     dlcTensorInferPad},
    {"dlc_tensor.gather", "Gather along a dim",
     "`output[i.., j.., k..] = input[i.., indices[j..], k..]` with `i..` the dims before `dim`; "
     "indices are in [0, size). Lowers to: `linalg.generic` with `tensor.extract`.",
     {REQ("input", DLC_T_STORED, NULL), REQ("indices", DLC_T_INDEX, NULL)},
     {REQ("output", DLC_T_STORED, "element type of input")},
     {ATTR("dim", DLC_ATTR_INT, "in [0, rank)")},
     dlcTensorInferGather},
    {"dlc_tensor.gather_elements", "Gather elements along a dim",
     "`output[p] = input[p with p[dim] = indices[p]]`: the output has the shape of `indices`, "
     "whose rank is the input's and whose other dims are at most the input's; indices are in "
     "[0, size). Lowers to: `linalg.generic` with `tensor.extract`.",
     {REQ("input", DLC_T_STORED, NULL), REQ("indices", DLC_T_INDEX, NULL)},
     {REQ("output", DLC_T_STORED, "element type of input, shape of indices")},
     {ATTR("dim", DLC_ATTR_INT, "in [0, rank)")},
     dlcTensorInferGatherElements},
    {"dlc_tensor.check", "Report run-time errors",
     "Each element of `codes` is 0 or a DlcStatus code (dlc-c/Status.h: 1 index out of range, 2 "
     "integer division by zero, 3 division overflow, 6 an input value the op does not accept); the largest becomes the status that the "
     "entry computing it returns, its outputs then unspecified. Lowerings emit it beside a kernel "
     "whose operation could fault, which they make safe (an index clamped, a divisor of 1). "
     "Lowers to: a `linalg.generic` max-reduction materialized into a status slot.",
     {REQ("codes", DLC_T_I32, NULL)},
     {{0}},
     {{0}},
     dlcTensorInferCheck},
};

const DlcOpDef *dlcTensorOpDefs(size_t *count) {
  *count = sizeof tensorOps / sizeof *tensorOps;
  return tensorOps;
}
