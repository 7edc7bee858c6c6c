//===- GraphOps.c - The dlc_graph op table ----------------------*- C -*-===//
//
// One entry per op of dialects/graph.irdl.mlir: operand and result element
// types, attributes with defaults, documentation and the shape rule. The
// semantics follow ONNX (v1.22.0 operator spec) unless said otherwise.
// docs/GraphDialect.md is generated from this table (dlc-opt
// --dlc-print-docs=dlc_graph).
//
//===----------------------------------------------------------------------===//

#include "Dialect/Graph/GraphInfer.h"

#include <stddef.h>

#define REQ(n, t, doc) {n, t, false, doc}
#define OPT(n, t, doc) {n, t, true, doc}
#define SAME DLC_T_ANY

// Attributes shared by convolutions and poolings.
#define AUTO_PAD                                                                                   \
  {"auto_pad", DLC_ATTR_STRING, false, "\"NOTSET\"",                                               \
   "NOTSET (use `pads`), SAME_UPPER, SAME_LOWER (pad so that output = ceil(input / stride), the "  \
   "odd element at the end or the beginning) or VALID (no padding)"}
#define DILATIONS                                                                                  \
  {"dilations", DLC_ATTR_INTS, false, NULL, "one per spatial dim, >= 1; default all 1"}
#define STRIDES {"strides", DLC_ATTR_INTS, false, NULL, "one per spatial dim, >= 1; default all 1"}
#define PADS                                                                                       \
  {"pads", DLC_ATTR_INTS, false, NULL,                                                             \
   "begins of every spatial dim, then ends; >= 0; default all 0"}

#define BINARY(op, what)                                                                           \
  {"dlc_graph." op, "Elementwise " what " with numpy broadcasting",                                \
   "`output = lhs " what " rhs` elementwise; lhs, rhs and output have the same element type and the "  \
   "shapes broadcast as in numpy.",                                                                \
   {REQ("lhs", DLC_T_NUMERIC, NULL), REQ("rhs", DLC_T_NUMERIC, NULL)},                             \
   {REQ("output", DLC_T_NUMERIC, NULL)},                                                           \
   {{0}},                                                                                          \
   dlcGraphInferBroadcast}

#define COMPARE(op, what, types)                                                                   \
  {"dlc_graph." op, "Elementwise comparison " what " with numpy broadcasting",                     \
   "`output = lhs " what " rhs` elementwise as i1; lhs and rhs have the same element type.",       \
   {REQ("lhs", types, NULL), REQ("rhs", types, NULL)},                                             \
   {REQ("output", DLC_T_I1, NULL)},                                                                \
   {{0}},                                                                                          \
   dlcGraphInferCompare}

// A binary op whose formula is given whole.
#define BINARY_FN(op, summary, formula, types)                                                      \
  {"dlc_graph." op, summary " with numpy broadcasting", formula,                                   \
   {REQ("lhs", types, NULL), REQ("rhs", types, NULL)},                                             \
   {REQ("output", types, "element type of lhs")},                                                  \
   {{0}},                                                                                          \
   dlcGraphInferBroadcast}

// A float activation with float parameters (attributes with defaults).
#define ACTIVATION(op, summary, formula, ...)                                                      \
  {"dlc_graph." op, summary, formula,                                                              \
   {REQ("input", DLC_T_FLOAT, NULL)},                                                              \
   {REQ("output", DLC_T_FLOAT, "same type as input")},                                             \
   {__VA_ARGS__},                                                                                  \
   dlcGraphInferUnary}
#define PARAM(name, dflt, doc) {name, DLC_ATTR_FLOAT, false, dflt " : f32", doc}

#define UNARY(op, summary, formula, types)                                                         \
  {"dlc_graph." op, summary, formula,                                                              \
   {REQ("input", types, NULL)},                                                                    \
   {REQ("output", types, "same type as input")},                                                   \
   {{0}},                                                                                          \
   dlcGraphInferUnary}

#define REDUCE(op, what) REDUCE_T(op, what, "", DLC_T_NUMERIC)
// `empty`: what reducing no elements gives.
#define REDUCE_T(op, what, empty, types)                                                           \
  {"dlc_graph." op, what " over axes",                                                             \
   what " of the elements of `input` over `axes`. Reduced dims are kept as size 1 when "           \
        "`keepdims`, else removed. With no `axes`, all dims are reduced unless "                   \
        "`noop_with_empty_axes`, which makes the op an identity. The axes are the attribute "      \
        "`axes` or the operand `axes_tensor` (not both): dlc-fold-constants turns a constant "     \
        "`axes_tensor` into the attribute; otherwise the axes are read when the code runs (one "   \
        "compiled artifact for every value), the result rank follows from their count and "        \
        "`keepdims`, and its dims other than static 1s are `?`." empty,                            \
   {REQ("input", types, NULL), OPT("axes_tensor", DLC_T_INDEX, "1-D, static length >= 1")},        \
   {REQ("output", types, "same element type as input")},                                           \
   {{"axes", DLC_ATTR_INTS, false, NULL, "dims to reduce, negative counts from the end, unique; "  \
                                         "default all"},                                           \
    {"keepdims", DLC_ATTR_BOOL, false, "true", "keep reduced dims as size 1"},                     \
    {"noop_with_empty_axes", DLC_ATTR_BOOL, false, "false",                                        \
     "with no axes, return the input instead of reducing everything"}},                            \
   dlcGraphInferReduce}

static const DlcOpDef graphOps[] = {
    {"dlc_graph.constant", "A constant tensor",
     "`value` is a `dense<...>` or `dense_resource<...>` elements attribute whose type is the "
     "result type. Large weights should be `dense_resource` blobs (bytecode keeps them "
     "zero-copy).",
     {{0}},
     {REQ("output", DLC_T_STORED, "the type of `value`")},
     {{"value", DLC_ATTR_ELEMENTS, true, NULL, "the elements"}},
     dlcGraphInferConstant},

    BINARY("add", "+"),
    BINARY("sub", "-"),
    BINARY("mul", "*"),
    {"dlc_graph.div", "Elementwise / with numpy broadcasting",
     "`output = lhs / rhs` elementwise; integer division truncates toward zero (division by zero "
     "is undefined for integers).",
     {REQ("lhs", DLC_T_NUMERIC, NULL), REQ("rhs", DLC_T_NUMERIC, NULL)},
     {REQ("output", DLC_T_NUMERIC, NULL)},
     {{0}},
     dlcGraphInferBroadcast},
    {"dlc_graph.pow", "Elementwise power with numpy broadcasting",
     "`output = base ** exponent` elementwise. The output has the element type of `base`; the "
     "exponent may have any numeric type. Integer bases with float exponents are computed in "
     "floating point and truncated.",
     {REQ("base", DLC_T_SIGNED, NULL), REQ("exponent", DLC_T_NUMERIC, NULL)},
     {REQ("output", DLC_T_SIGNED, "element type of base")},
     {{0}},
     dlcGraphInferBroadcast},
    COMPARE("equal", "==", DLC_T_ANY),
    COMPARE("greater", ">", DLC_T_NUMERIC),
    COMPARE("less", "<", DLC_T_NUMERIC),
    COMPARE("greater_equal", ">=", DLC_T_NUMERIC),
    COMPARE("less_equal", "<=", DLC_T_NUMERIC),
    BINARY_FN("max", "Elementwise maximum", "`output = max(lhs, rhs)`; NaN if either is NaN.",
              DLC_T_NUMERIC),
    BINARY_FN("min", "Elementwise minimum", "`output = min(lhs, rhs)`; NaN if either is NaN.",
              DLC_T_NUMERIC),
    {"dlc_graph.mod", "Elementwise remainder with numpy broadcasting",
     "With `fmod`, `output = fmod(lhs, rhs)`: the remainder of division truncated toward zero, "
     "with the sign of lhs (C's fmod; the only form for floats). Without, integers take the sign "
     "of rhs (Python's %). An integer remainder by zero is a run-time error.",
     {REQ("lhs", DLC_T_NUMERIC, NULL), REQ("rhs", DLC_T_NUMERIC, NULL)},
     {REQ("output", DLC_T_NUMERIC, "element type of lhs")},
     {{"fmod", DLC_ATTR_BOOL, false, "false", "truncated (C) rather than floored (Python) "
                                               "remainder; must be true for floats"}},
     dlcGraphInferMod},
    BINARY_FN("bitwise_and", "Elementwise bitwise and", "`output = lhs & rhs`.", DLC_T_INT),
    BINARY_FN("bitwise_or", "Elementwise bitwise or", "`output = lhs | rhs`.", DLC_T_INT),
    BINARY_FN("bitwise_xor", "Elementwise bitwise exclusive or", "`output = lhs ^ rhs`.",
              DLC_T_INT),
    {"dlc_graph.bit_shift", "Elementwise bit shift of unsigned integers with numpy broadcasting",
     "`output = lhs << rhs` (`direction = \"LEFT\"`) or `lhs >> rhs` (\"RIGHT\"); shifting by the "
     "width or more gives 0.",
     {REQ("lhs", DLC_T_UINT, NULL), REQ("rhs", DLC_T_UINT, NULL)},
     {REQ("output", DLC_T_UINT, "element type of lhs")},
     {{"direction", DLC_ATTR_STRING, true, NULL, "\"LEFT\" or \"RIGHT\""}},
     dlcGraphInferBitShift},
    BINARY_FN("and", "Elementwise logical and", "`output = lhs && rhs`.", DLC_T_I1),
    BINARY_FN("or", "Elementwise logical or", "`output = lhs || rhs`.", DLC_T_I1),
    BINARY_FN("xor", "Elementwise logical exclusive or", "`output = lhs != rhs`.", DLC_T_I1),
    {"dlc_graph.prelu", "Parametric rectified linear unit",
     "`output = input < 0 ? slope * input : input`; `slope` broadcasts to `input` (numpy rules).",
     {REQ("input", DLC_T_SIGNED, NULL), REQ("slope", DLC_T_SIGNED, "broadcastable to input")},
     {REQ("output", DLC_T_SIGNED, "same type as input")},
     {{0}},
     dlcGraphInferBroadcast},

    UNARY("relu", "Rectified linear unit", "`output = max(input, 0)`.", DLC_T_SIGNED),
    {"dlc_graph.leaky_relu", "Leaky rectified linear unit",
     "`output = input >= 0 ? input : alpha * input`.",
     {REQ("input", DLC_T_FLOAT, NULL)},
     {REQ("output", DLC_T_FLOAT, "same type as input")},
     {{"alpha", DLC_ATTR_FLOAT, false, "0.01 : f32", "slope for negative inputs"}},
     dlcGraphInferUnary},
    UNARY("sigmoid", "Logistic sigmoid", "`output = 1 / (1 + exp(-input))`.", DLC_T_FLOAT),
    UNARY("tanh", "Hyperbolic tangent", "`output = tanh(input)`.", DLC_T_FLOAT),
    {"dlc_graph.gelu", "Gaussian error linear unit",
     "`output = input * Phi(input)`: with `approximate = \"none\"`, "
     "`0.5 * x * (1 + erf(x / sqrt(2)))`; with `\"tanh\"`, "
     "`0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))`.",
     {REQ("input", DLC_T_FLOAT, NULL)},
     {REQ("output", DLC_T_FLOAT, "same type as input")},
     {{"approximate", DLC_ATTR_STRING, false, "\"none\"", "\"none\" or \"tanh\""}},
     dlcGraphInferGelu},
    UNARY("erf", "Error function", "`output = erf(input)`.", DLC_T_FLOAT),
    UNARY("exp", "Exponential", "`output = exp(input)`.", DLC_T_FLOAT),
    UNARY("log", "Natural logarithm", "`output = log(input)`.", DLC_T_FLOAT),
    UNARY("sqrt", "Square root", "`output = sqrt(input)`.", DLC_T_FLOAT),
    UNARY("neg", "Negation", "`output = -input`.", DLC_T_SIGNED),
    UNARY("abs", "Absolute value", "`output = |input|` (identity on unsigned integers).",
          DLC_T_NUMERIC),
    UNARY("sin", "Sine", "`output = sin(input)`.", DLC_T_FLOAT),
    UNARY("cos", "Cosine", "`output = cos(input)`.", DLC_T_FLOAT),
    UNARY("tan", "Tangent", "`output = tan(input)`.", DLC_T_FLOAT),
    UNARY("asin", "Arcsine", "`output = asin(input)`.", DLC_T_FLOAT),
    UNARY("acos", "Arccosine", "`output = acos(input)`.", DLC_T_FLOAT),
    UNARY("atan", "Arctangent", "`output = atan(input)`.", DLC_T_FLOAT),
    UNARY("sinh", "Hyperbolic sine", "`output = sinh(input)`.", DLC_T_FLOAT),
    UNARY("cosh", "Hyperbolic cosine", "`output = cosh(input)`.", DLC_T_FLOAT),
    UNARY("asinh", "Inverse hyperbolic sine", "`output = asinh(input)`.", DLC_T_FLOAT),
    UNARY("acosh", "Inverse hyperbolic cosine", "`output = acosh(input)`.", DLC_T_FLOAT),
    UNARY("atanh", "Inverse hyperbolic tangent", "`output = atanh(input)`.", DLC_T_FLOAT),
    UNARY("floor", "Round down", "`output = floor(input)`.", DLC_T_FLOAT),
    UNARY("ceil", "Round up", "`output = ceil(input)`.", DLC_T_FLOAT),
    UNARY("round", "Round half to even", "`output` is the nearest integer, halves to the even "
          "one (numpy's round).", DLC_T_FLOAT),
    UNARY("sign", "Sign", "`output` is 1, -1 or 0 (and NaN for NaN) as `input` is positive, "
          "negative or zero.", DLC_T_NUMERIC),
    UNARY("not", "Logical not", "`output = !input`.", DLC_T_I1),
    UNARY("bitwise_not", "Bitwise not", "`output = ~input`.", DLC_T_INT),
    {"dlc_graph.is_nan", "NaN test", "`output = isnan(input)` as i1.",
     {REQ("input", DLC_T_FLOAT, NULL)},
     {REQ("output", DLC_T_I1, "input's shape")},
     {{0}},
     dlcGraphInferPredicate},
    {"dlc_graph.is_inf", "Infinity test",
     "`output` is true where `input` is +inf (when `detect_positive`) or -inf (when "
     "`detect_negative`).",
     {REQ("input", DLC_T_FLOAT, NULL)},
     {REQ("output", DLC_T_I1, "input's shape")},
     {{"detect_negative", DLC_ATTR_BOOL, false, "true", "count -inf"},
      {"detect_positive", DLC_ATTR_BOOL, false, "true", "count +inf"}},
     dlcGraphInferPredicate},
    ACTIVATION("elu", "Exponential linear unit", "`output = x < 0 ? alpha * (exp(x) - 1) : x`.",
               PARAM("alpha", "1.0", "scale of the negative part")),
    ACTIVATION("selu", "Scaled exponential linear unit",
               "`output = x <= 0 ? gamma * (alpha * exp(x) - alpha) : gamma * x`.",
               PARAM("alpha", "1.67326319", "scale of the negative part"),
               PARAM("gamma", "1.05070102", "scale of the output")),
    ACTIVATION("celu", "Continuously differentiable exponential linear unit",
               "`output = max(0, x) + min(0, alpha * (exp(x / alpha) - 1))`.",
               PARAM("alpha", "1.0", "scale; not 0")),
    ACTIVATION("hard_sigmoid", "Hard sigmoid", "`output = max(0, min(1, alpha * x + beta))`.",
               PARAM("alpha", "0.2", "slope"), PARAM("beta", "0.5", "offset")),
    ACTIVATION("hard_swish", "Hard swish", "`output = x * max(0, min(1, x / 6 + 0.5))`.", {0}),
    ACTIVATION("softplus", "Softplus", "`output = log(exp(x) + 1)`.", {0}),
    ACTIVATION("softsign", "Softsign", "`output = x / (1 + |x|)`.", {0}),
    ACTIVATION("mish", "Mish", "`output = x * tanh(log(exp(x) + 1))`.", {0}),
    ACTIVATION("swish", "Swish", "`output = x * sigmoid(alpha * x)`.",
               PARAM("alpha", "1.0", "scale inside the sigmoid")),
    ACTIVATION("thresholded_relu", "Thresholded rectified linear unit",
               "`output = x > alpha ? x : 0`.", PARAM("alpha", "1.0", "the threshold")),
    {"dlc_graph.shrink", "Shrinkage",
     "`output = x < -lambd ? x + bias : x > lambd ? x - bias : 0`.",
     {REQ("input", DLC_T_FLOAT, NULL)},
     {REQ("output", DLC_T_FLOAT, "same type as input")},
     {PARAM("bias", "0.0", "moved toward zero by"), PARAM("lambd", "0.5", "the dead zone's half "
                                                                         "width")},
     dlcGraphInferUnary},
    {"dlc_graph.clip", "Clamp to [min, max]",
     "`output = min(max(input, min), max)` elementwise. `min` and `max` are optional 0-d tensors "
     "of the input's element type (absent: no bound). The op always carries "
     "`operandSegmentSizes` (IRDL requires it): `operandSegmentSizes = array<i32: 1, 0, 1>` has only `max`.",
     {REQ("input", DLC_T_NUMERIC, NULL), OPT("min", DLC_T_NUMERIC, "0-d (or a 1-element 1-D tensor)"),
      OPT("max", DLC_T_NUMERIC, "0-d (or a 1-element 1-D tensor)")},
     {REQ("output", DLC_T_NUMERIC, "same type as input")},
     {{0}},
     dlcGraphInferClip},
    {"dlc_graph.cast", "Element type conversion",
     "Converts each element to the type `to`: floats to integers truncate toward zero (values out "
     "of range are undefined), integers to bool compare with 0, bool to numbers give 0 or 1. "
     "f16 and bf16 are storage types: only casts, constants and the ops that move elements "
     "(identity, reshape, transpose, concat, slice, gather ...) take them, so a computation on "
     "them is a cast to f32, the op, and a cast back, which rounds each op's result as numpy's "
     "half-precision arithmetic does. The low-precision types (float8, float4, i4, ui4, i2, ui2) "
     "are storage types too: casts to the small floats round to nearest even (f64 through f32), "
     "to i4 and i2 keep the low bits of the integer (as ONNX's reference), NaN to float4 is -0.",
     {REQ("input", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, "the input's shape, element type `to`")},
     {{"to", DLC_ATTR_TYPE, true, NULL, "the result element type"},
      {"saturate", DLC_ATTR_BOOL, false, "true",
       "to a float8 type: values beyond its range (and infinities) become its largest finite "
       "value; when false, inf for f8E5M2 and NaN for the others. float4 always saturates"},
      {"round_mode", DLC_ATTR_STRING, false, "\"up\"",
       "to f8E8M0FNU: \"up\", \"down\" or \"nearest\" power of two"}},
     dlcGraphInferCast},
    {"dlc_graph.bitcast", "Reinterpret the bits",
     "Each element's bits as an element of type `to`, of the same width; a bool is one byte "
     "(0 or 1) to or from an 8-bit integer.",
     {REQ("input", DLC_T_ANY, NULL)},
     {REQ("output", DLC_T_ANY, "the input's shape, element type `to`")},
     {{"to", DLC_ATTR_TYPE, true, NULL, "the result element type"}},
     dlcGraphInferBitcast},
    UNARY("identity", "Identity", "`output = input`.", DLC_T_STORED),
    {"dlc_graph.dropout", "Dropout in inference mode",
     "Inference only: `output = input`; the optional `mask` result is all true. The ONNX "
     "importer builds training-mode dropout from elementwise ops instead (a hash of the seed and "
     "each element's coordinates).",
     {REQ("input", DLC_T_FLOAT, NULL)},
     {REQ("output", DLC_T_FLOAT, "same type as input"), OPT("mask", DLC_T_I1, "input's shape")},
     {{"ratio", DLC_ATTR_FLOAT, false, "0.5 : f32", "in [0, 1); inference ignores it"}},
     dlcGraphInferDropout},

    {"dlc_graph.matmul", "Matrix product with numpy semantics",
     "Like numpy.matmul: 1-D operands are promoted (a leading or trailing 1 that is removed from "
     "the result), the last two dims are multiplied and the leading (batch) dims broadcast. "
     "Integer products accumulate in the element type.",
     {REQ("lhs", DLC_T_NUMERIC, "... x M x K, or K"), REQ("rhs", DLC_T_NUMERIC, "... x K x N, or K")},
     {REQ("output", DLC_T_NUMERIC, "broadcast(...) x M x N")},
     {{0}},
     dlcGraphInferMatmul},
    {"dlc_graph.gemm", "General matrix multiply",
     "`output = alpha * op(a) @ op(b) + beta * c` where `op` transposes when `trans_a` / "
     "`trans_b`; `c` is optional and broadcasts to M x N.",
     {REQ("a", DLC_T_NUMERIC, "M x K (K x M when trans_a)"),
      REQ("b", DLC_T_NUMERIC, "K x N (N x K when trans_b)"),
      OPT("c", DLC_T_NUMERIC, "broadcastable to M x N")},
     {REQ("output", DLC_T_NUMERIC, "M x N")},
     {{"alpha", DLC_ATTR_FLOAT, false, "1.0 : f32", "scale of the product"},
      {"beta", DLC_ATTR_FLOAT, false, "1.0 : f32", "scale of c"},
      {"trans_a", DLC_ATTR_BOOL, false, "false", "transpose a"},
      {"trans_b", DLC_ATTR_BOOL, false, "false", "transpose b"}},
     dlcGraphInferGemm},
    {"dlc_graph.conv", "Convolution over 1 to 3 spatial dims",
     "Cross-correlation of `input` (N x C x D1..Dn) with `weight` (M x C/group x k1..kn), plus "
     "`bias` (M) when present: "
     "`output[n, m, o..] = bias[m] + sum_{c, k..} input[n, g*C/group + c, o*s + k*d - pad_begin] "
     "* weight[m, c, k..]` with `g = m / (M/group)`; padded positions read 0.",
     {REQ("input", DLC_T_FLOAT, "N x C x D1 .. Dn"),
      REQ("weight", DLC_T_FLOAT, "M x C/group x k1 .. kn"), OPT("bias", DLC_T_FLOAT, "M")},
     {REQ("output", DLC_T_FLOAT, "N x M x O1 .. On")},
     {AUTO_PAD, DILATIONS,
      {"group", DLC_ATTR_INT, false, "1 : i64", "groups of input channels; divides C and M"},
      {"kernel_shape", DLC_ATTR_INTS, false, NULL, "must match the weight's spatial dims; "
                                                   "default taken from the weight"},
      PADS, STRIDES},
     dlcGraphInferConv},
    {"dlc_graph.conv_transpose", "Transposed convolution over 1 to 3 spatial dims",
     "The gradient of conv with respect to its input: each input element scatters "
     "`input[n, c, i..] * weight[c, m, k..]` to `output[n, g*M/group + m, i*s + k*d - pad_begin]`. "
     "`weight` is C x M/group x k1..kn. Output size per dim: "
     "`s*(i-1) + output_padding + (k-1)*d + 1 - pad_begin - pad_end`, or `output_shape` when "
     "given (pads are then computed, auto_pad deciding where the odd one goes; an `output_shape` "
     "beyond the full output makes the pads negative, which adds zeros).",
     {REQ("input", DLC_T_FLOAT, "N x C x D1 .. Dn"),
      REQ("weight", DLC_T_FLOAT, "C x M/group x k1 .. kn"), OPT("bias", DLC_T_FLOAT, "M")},
     {REQ("output", DLC_T_FLOAT, "N x M x O1 .. On")},
     {AUTO_PAD, DILATIONS,
      {"group", DLC_ATTR_INT, false, "1 : i64", "groups; divides C and M"},
      {"kernel_shape", DLC_ATTR_INTS, false, NULL, "default taken from the weight"},
      {"output_padding", DLC_ATTR_INTS, false, NULL, "added at the end of each spatial dim; "
                                                     "default all 0"},
      {"output_shape", DLC_ATTR_INTS, false, NULL, "spatial output dims (overrides pads)"},
      PADS, STRIDES},
     dlcGraphInferConvTranspose},
    {"dlc_graph.max_pool", "Max pooling over 1 to 3 spatial dims",
     "`output[n, c, o..] = max_k input[n, c, o*s + k*d - pad_begin]` over the window, padded "
     "positions ignored. Output size per dim: `floor((D + pads - ((k-1)*d+1)) / s) + 1` (ceil "
     "with `ceil_mode`, a last window must start inside the input or its begin padding). The "
     "optional `indices` result holds the flat row-major offset of each maximum in the input "
     "(first maximum on ties). With `storage_order = 1` the spatial position in `indices` is "
     "linearized column-major (batch and channel stay outermost).",
     {REQ("input", DLC_T_NUMERIC, "N x C x D1 .. Dn")},
     {REQ("output", DLC_T_NUMERIC, "N x C x O1 .. On"), OPT("indices", DLC_T_I64, "as output")},
     {AUTO_PAD,
      {"ceil_mode", DLC_ATTR_BOOL, false, "false", "round the output size up"},
      DILATIONS,
      {"kernel_shape", DLC_ATTR_INTS, true, NULL, "window size per spatial dim"},
      PADS,
      {"storage_order", DLC_ATTR_INT, false, "0 : i64", "0: row-major indices; 1: column-major spatial positions"},
      STRIDES},
     dlcGraphInferPool},
    {"dlc_graph.avg_pool", "Average pooling over 1 to 3 spatial dims",
     "The mean over each window (sizes as for max_pool). Padding counts toward the divisor only "
     "with `count_include_pad`; positions past the end added by `ceil_mode` never count.",
     {REQ("input", DLC_T_FLOAT, "N x C x D1 .. Dn")},
     {REQ("output", DLC_T_FLOAT, "N x C x O1 .. On")},
     {AUTO_PAD,
      {"ceil_mode", DLC_ATTR_BOOL, false, "false", "round the output size up"},
      {"count_include_pad", DLC_ATTR_BOOL, false, "false", "divide by the full window size"},
      DILATIONS,
      {"kernel_shape", DLC_ATTR_INTS, true, NULL, "window size per spatial dim"},
      PADS, STRIDES},
     dlcGraphInferPool},
    {"dlc_graph.global_avg_pool", "Average over all spatial dims",
     "`output[n, c, 1..] = mean(input[n, c, ..])`.",
     {REQ("input", DLC_T_FLOAT, "N x C x D1 .. Dn, n >= 1")},
     {REQ("output", DLC_T_FLOAT, "N x C x 1 .. 1")},
     {{0}},
     dlcGraphInferGlobalPool},

    {"dlc_graph.batch_norm", "Batch normalization (inference)",
     "`output = (input - mean[c]) / sqrt(var[c] + epsilon) * scale[c] + bias[c]` over channel dim "
     "1, with the running statistics given as operands.",
     {REQ("input", DLC_T_FLOAT, "N x C x ..."), REQ("scale", DLC_T_FLOAT, "C"),
      REQ("bias", DLC_T_FLOAT, "C"), REQ("mean", DLC_T_FLOAT, "C"), REQ("var", DLC_T_FLOAT, "C")},
     {REQ("output", DLC_T_FLOAT, "same type as input")},
     {{"epsilon", DLC_ATTR_FLOAT, false, "1.0e-05 : f32", "added to the variance"},
      {"momentum", DLC_ATTR_FLOAT, false, "0.9 : f32", "training only; ignored"}},
     dlcGraphInferBatchNorm},
    {"dlc_graph.layer_norm", "Layer normalization",
     "Normalizes over dims [axis, rank): `output = (input - mean) * inv_std_dev * scale + bias` "
     "with `inv_std_dev = 1 / sqrt(var + epsilon)`; `scale` and `bias` broadcast to the "
     "normalized dims. The optional `mean` and `inv_std_dev` results have the input's shape with "
     "the normalized dims set to 1. Having two optional results, the op always carries "
     "`resultSegmentSizes = array<i32: 1, m, i>` (m, i: 0 or 1); the optional `bias` needs no "
     "segment attribute.",
     {REQ("input", DLC_T_FLOAT, NULL), REQ("scale", DLC_T_FLOAT, "broadcastable to input[axis:]"),
      OPT("bias", DLC_T_FLOAT, "broadcastable to input[axis:]")},
     {REQ("output", DLC_T_FLOAT, "same type as input"),
      OPT("mean", DLC_T_FLOAT, "input dims before axis, then 1s"),
      OPT("inv_std_dev", DLC_T_FLOAT, "as mean")},
     {{"axis", DLC_ATTR_INT, false, "-1 : i64", "first normalized dim; negative counts from the "
                                                "end"},
      {"epsilon", DLC_ATTR_FLOAT, false, "1.0e-05 : f32", "added to the variance"},
      {"stash_type", DLC_ATTR_INT, false, "1 : i64", "precision of mean and variance: 1 (f32) "
                                                     "only"}},
     dlcGraphInferLayerNorm},
    {"dlc_graph.softmax", "Softmax along an axis",
     "`output = exp(input - max) / sum(exp(input - max))` along `axis` (ONNX opset >= 13 "
     "semantics: one axis, not a flattened suffix).",
     {REQ("input", DLC_T_FLOAT, NULL)},
     {REQ("output", DLC_T_FLOAT, "same type as input")},
     {{"axis", DLC_ATTR_INT, false, "-1 : i64", "negative counts from the end"}},
     dlcGraphInferSoftmax},
    {"dlc_graph.log_softmax", "Log of softmax along an axis",
     "`output = input - max - log(sum(exp(input - max)))` along `axis` (opset >= 13 semantics).",
     {REQ("input", DLC_T_FLOAT, NULL)},
     {REQ("output", DLC_T_FLOAT, "same type as input")},
     {{"axis", DLC_ATTR_INT, false, "-1 : i64", "negative counts from the end"}},
     dlcGraphInferSoftmax},

    REDUCE("reduce_sum", "Sum"),
    REDUCE("reduce_mean", "Mean"),
    REDUCE("reduce_max", "Maximum"),
    REDUCE_T("reduce_min", "Minimum", " Over no elements: the largest value (+inf).", DLC_T_NUMERIC),
    REDUCE_T("reduce_prod", "Product", " Over no elements: 1.", DLC_T_NUMERIC),
    REDUCE_T("reduce_l1", "Sum of absolute values", "", DLC_T_NUMERIC),
    REDUCE_T("reduce_l2", "Euclidean norm (square root of the sum of squares)", "", DLC_T_FLOAT),
    REDUCE_T("reduce_sum_square", "Sum of squares", "", DLC_T_NUMERIC),
    REDUCE_T("reduce_log_sum", "Log of the sum", " Over no elements: -inf.", DLC_T_FLOAT),
    REDUCE_T("reduce_log_sum_exp", "Log of the sum of exponentials",
             " Computed as `m + log(sum(exp(x - m)))` with `m` the maximum, so that large inputs "
             "do not overflow. Over no elements: -inf.",
             DLC_T_FLOAT),

    {"dlc_graph.reshape", "Reshape",
     "The same elements in row-major order with shape `shape`: a 0 copies the input dim at that "
     "position (unless `allowzero`, where 0 is a zero-size dim), one -1 is inferred from the "
     "element count. The shape is the attribute `shape` or the operand `shape_tensor` (exactly "
     "one): exporters compute shapes at run time (Shape -> Gather -> Concat); dlc-fold-constants "
     "turns a constant `shape_tensor` into the attribute. Otherwise the shape is read when the "
     "code runs (one compiled artifact for every value); the result dims that follow from the ops "
     "computing it (an entry that is a constant or a static dim, a 0 copying a static dim, a -1 "
     "whose dynamic factors cancel the input's) are static, the others `?`.",
     {REQ("input", DLC_T_STORED, NULL), OPT("shape_tensor", DLC_T_INDEX, "1-D, static length")},
     {REQ("output", DLC_T_STORED, "element type of input")},
     {{"shape", DLC_ATTR_INTS, false, NULL, "the new shape"},
      {"allowzero", DLC_ATTR_BOOL, false, "false", "0 means a zero-size dim, not a copy"}},
     dlcGraphInferReshape},
    {"dlc_graph.flatten", "Flatten to 2-D",
     "Reshapes to `(d0 * .. * d(axis-1)) x (d(axis) * .. * d(rank-1))`.",
     {REQ("input", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, "2-D")},
     {{"axis", DLC_ATTR_INT, false, "1 : i64", "in [-rank, rank]"}},
     dlcGraphInferFlatten},
    {"dlc_graph.transpose", "Permute dims",
     "Output dim i is input dim `perm[i]`.",
     {REQ("input", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, "permuted shape")},
     {{"perm", DLC_ATTR_INTS, false, NULL, "a permutation of [0, rank); default reversed"}},
     dlcGraphInferTranspose},
    {"dlc_graph.concat", "Concatenate two tensors",
     "Concatenates `lhs` and `rhs` along `axis`; other dims must agree. N inputs are a chain of "
     "concats, which lowering merges into one.",
     {REQ("lhs", DLC_T_STORED, NULL), REQ("rhs", DLC_T_STORED, "same element type and rank")},
     {REQ("output", DLC_T_STORED, NULL)},
     {{"axis", DLC_ATTR_INT, true, NULL, "negative counts from the end"}},
     dlcGraphInferConcat},
    {"dlc_graph.slice", "Strided slice",
     "For each listed axis, takes `starts[i]` up to (excluding) `ends[i]` in steps of `steps[i]`. "
     "Negative starts and ends count from the end; they are clamped as in numpy (to [0, dim] for "
     "positive steps, [-1, dim-1] for negative steps). Steps may be negative, never 0. "
     "`starts` and `ends` are attributes, or the two rows of the operand `bounds_tensor` "
     "(2 x n) when they are computed or fed at run time; with four rows it also holds `axes` "
     "and `steps` (then every dim's size is `?`). dlc-fold-constants turns a constant one into "
     "the attributes; otherwise lowering reads the bounds when the code runs.",
     {REQ("input", DLC_T_STORED, NULL),
      OPT("bounds_tensor", DLC_T_I64, "2 x n: starts, ends; or 4 x n: starts, ends, axes, steps")},
     {REQ("output", DLC_T_STORED, NULL)},
     {{"starts", DLC_ATTR_INTS, false, NULL, "one per axis"},
      {"ends", DLC_ATTR_INTS, false, NULL, "one per axis"},
      {"axes", DLC_ATTR_INTS, false, NULL, "unique, negative counts from the end; default "
                                           "[0, len(starts))"},
      {"steps", DLC_ATTR_INTS, false, NULL, "non-zero; default all 1"}},
     dlcGraphInferSlice},
    {"dlc_graph.squeeze", "Remove size-1 dims",
     "Removes the dims listed in `axes` (each must be 1), or every size-1 dim when absent. "
     "Without `axes`, a dynamic dim is kept or removed as the declared result rank says; "
     "kept where none is declared yet (the ONNX importer building the op).",
     {REQ("input", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, NULL)},
     {{"axes", DLC_ATTR_INTS, false, NULL, "negative counts from the end; default all size-1 "
                                           "dims"}},
     dlcGraphInferSqueeze},
    {"dlc_graph.unsqueeze", "Insert size-1 dims",
     "Inserts a size-1 dim at each position of `axes` in the output.",
     {REQ("input", DLC_T_STORED, NULL)},
     {REQ("output", DLC_T_STORED, NULL)},
     {{"axes", DLC_ATTR_INTS, true, NULL, "positions in the output, unique, negative counts from "
                                          "the end"}},
     dlcGraphInferUnsqueeze},
    {"dlc_graph.gather", "Gather along an axis",
     "`output[i.., j.., k..] = input[i.., indices[j..], k..]` with `i..` the dims before `axis`; "
     "negative indices count from the end. An index out of range reads a clamped one and makes the "
     "entry return status 1 (DlcStatusIndexOutOfRange, docs/RuntimeErrors.md).",
     {REQ("input", DLC_T_STORED, NULL), REQ("indices", DLC_T_INDEX, "any rank")},
     {REQ("output", DLC_T_STORED, "input[:axis] + indices + input[axis+1:]")},
     {{"axis", DLC_ATTR_INT, false, "0 : i64", "negative counts from the end"}},
     dlcGraphInferGather},
    {"dlc_graph.gather_elements", "Gather elements along an axis",
     "`output[p] = input[p with p[axis] = indices[p]]` (numpy's take_along_axis): the output has "
     "the shape of `indices`, whose rank is the input's; negative indices count from the end. An "
     "index out of range reads a clamped one and makes the entry return status 1 "
     "(DlcStatusIndexOutOfRange).",
     {REQ("input", DLC_T_STORED, NULL), REQ("indices", DLC_T_INDEX, "the input's rank")},
     {REQ("output", DLC_T_STORED, "element type of input, shape of indices")},
     {{"axis", DLC_ATTR_INT, false, "0 : i64", "negative counts from the end"}},
     dlcGraphInferGatherElements},
    {"dlc_graph.pad", "Pad",
     "Pads each dim by `pads[i]` before and `pads[rank + i]` after (negative pads crop). Modes: "
     "constant (`constant_value`, default 0), reflect (mirror without the edge), edge (repeat the "
     "edge), wrap (cyclic). Negative pads crop first; the positive pads then extend what is left. "
     "In reflect and wrap modes a pad longer than the dim repeats periodically (reflect with "
     "period 2*(dim-1), wrap as on a torus). `pads` is an attribute, or in constant mode the "
     "operand `pads_tensor` when computed or fed at run time: 1-D (begins then ends, `axes` the "
     "attribute) or 3 x n (begins, ends, axes); the padded dims' sizes are then `?` (every dim "
     "with run-time axes). dlc-fold-constants turns a constant one into the attributes; "
     "otherwise lowering reads the pads when the code runs.",
     {REQ("input", DLC_T_ANY, NULL), OPT("constant_value", DLC_T_ANY, "0-d (or 1-element 1-D), input element type"),
      OPT("pads_tensor", DLC_T_I64, "2n: begins, ends; or 3 x n: begins, ends, axes")},
     {REQ("output", DLC_T_ANY, NULL)},
     {{"pads", DLC_ATTR_INTS, false, NULL, "begins then ends, one pair per (listed) axis"},
      {"mode", DLC_ATTR_STRING, false, "\"constant\"", "constant, reflect, edge or wrap"},
      {"axes", DLC_ATTR_INTS, false, NULL, "the dims `pads` refers to; default all"}},
     dlcGraphInferPad},
    {"dlc_graph.expand", "Broadcast to a shape",
     "Broadcasts `input` and `shape` together with numpy rules (the result may be larger than "
     "`shape`). The shape is the attribute `shape` or the operand `shape_tensor` (exactly one), "
     "as for reshape.",
     {REQ("input", DLC_T_STORED, NULL), OPT("shape_tensor", DLC_T_INDEX, "1-D, static length")},
     {REQ("output", DLC_T_STORED, NULL)},
     {{"shape", DLC_ATTR_INTS, false, NULL, "the target shape"}},
     dlcGraphInferExpand},
    {"dlc_graph.constant_of_shape", "A tensor of a given shape filled with one value",
     "`output` has the dims that the 1-D `shape` operand holds, element type `dtype`, and every "
     "element `value` (converted to `dtype`; integers exact up to 2^53). When `shape` is a "
     "constant the result type is static and the op lowers to a splat; dlc-fold-constants "
     "replaces it by the constant. A static declared result type also lowers to a splat when "
     "`shape` is known only at run time: the type says what the shape must be, and the values "
     "at run time are not checked against it. Otherwise `shape` is read when the code runs; the "
     "dims that follow from the ops computing it (constants, static dims of other tensors) are "
     "static, the others `?`.",
     {REQ("shape", DLC_T_INDEX, "1-D, static length, values >= 0")},
     {REQ("output", DLC_T_ANY, "element type `dtype`")},
     {{"dtype", DLC_ATTR_TYPE, true, NULL, "the result element type"},
      {"value", DLC_ATTR_FLOAT, false, "0.0 : f64", "the value of every element"}},
     dlcGraphInferConstantOfShape},
    {"dlc_graph.shape", "The shape of a tensor",
     "A 1-D i64 tensor of the input's dims `[start, end)` (negative values count from the end, "
     "clamped to [0, rank]).",
     {REQ("input", DLC_T_ANY, NULL)},
     {REQ("output", DLC_T_I64, "1-D")},
     {{"start", DLC_ATTR_INT, false, "0 : i64", "first dim"},
      {"end", DLC_ATTR_INT, false, NULL, "one past the last dim; default rank"}},
     dlcGraphInferShape},
    {"dlc_graph.where", "Elementwise select",
     "`output = condition ? on_true : on_false` elementwise with numpy broadcasting of all three.",
     {REQ("condition", DLC_T_I1, NULL), REQ("on_true", DLC_T_ANY, NULL),
      REQ("on_false", DLC_T_ANY, "element type of on_true")},
     {REQ("output", DLC_T_ANY, NULL)},
     {{0}},
     dlcGraphInferWhere},
    {"dlc_graph.nonzero", "Indices of the non-zero elements",
     "`output[:, k]` is the index (one row per input dim) of the k-th non-zero element of `input` "
     "in row-major order, as numpy's nonzero stacked. The number of columns depends on the data: "
     "the result dim is `?` and the lowering counts, allocates, then fills.",
     {REQ("input", DLC_T_ANY, NULL)},
     {REQ("output", DLC_T_I64, "[rank, ?]")},
     {{0}},
     dlcGraphInferNonZero},
    {"dlc_graph.compress", "Select slices where a condition holds",
     "numpy's compress: the slices `input[..., j, ...]` along `axis` for which `condition[j]` is "
     "true, in order (entries of `condition` past the dim are ignored; the dim past the end of "
     "`condition` is dropped). Without `axis` the input is flattened first. The selected dim is "
     "`?`: the lowering counts, allocates, then fills.",
     {REQ("input", DLC_T_ANY, NULL), REQ("condition", DLC_T_I1, "1-D")},
     {REQ("output", DLC_T_ANY, "element type of input")},
     {{"axis", DLC_ATTR_INT, false, NULL, "negative counts from the end; default: flatten"}},
     dlcGraphInferCompress},
    {"dlc_graph.unique", "Unique elements or slices",
     "numpy's unique with return_index, return_inverse and return_counts on the flattened "
     "input, or with `axis` on the slices along it (compared lexicographically in row-major "
     "order): `output` the distinct values or slices (ascending when `sorted`, else in order of "
     "first occurrence), `indices` the first position of each, `inverse_indices` the position in "
     "`output` of every input element or slice, `counts` how often each occurs. The distinct "
     "count is `?`: the lowering counts, allocates, then fills.",
     {REQ("input", DLC_T_SIGNED, NULL)},
     {REQ("output", DLC_T_SIGNED, "1-D (the input's shape, `?` along `axis`), element type of "
                                  "input"),
      REQ("indices", DLC_T_I64, "1-D"),
      REQ("inverse_indices", DLC_T_I64, "1-D, the input's element count (its dim `axis`)"),
      REQ("counts", DLC_T_I64, "1-D")},
     {{"sorted", DLC_ATTR_BOOL, false, "true", "ascending values, else first-occurrence order"},
      {"axis", DLC_ATTR_INT, false, NULL, "negative counts from the end; default: flatten"}},
     dlcGraphInferUnique},
    {"dlc_graph.non_max_suppression", "Boxes selected by non-maximum suppression",
     "ONNX NonMaxSuppression: per batch and class, the boxes whose score is above "
     "`score_threshold` (all when absent) are visited by descending score (the lower index first "
     "on ties) and kept unless their IoU with a box already kept exceeds `iou_threshold` (default "
     "0), up to `max_output` boxes (default 0: none). One `[batch, class, box]` row per kept box, "
     "by batch, then class, then order of selection; the row count is `?`: the lowering selects "
     "into a buffer of `batch * class * box + 1` rows and returns its first rows.",
     {REQ("boxes", DLC_T_F32, "[batch, box, 4]"), REQ("scores", DLC_T_F32, "[batch, class, box]"),
      OPT("max_output", DLC_T_I64, "0-d"), OPT("iou_threshold", DLC_T_F32, "0-d"),
      OPT("score_threshold", DLC_T_F32, "0-d")},
     {REQ("output", DLC_T_I64, "[?, 3]")},
     {{"center_point_box", DLC_ATTR_INT, false, "0 : i64",
       "0: boxes are [y1, x1, y2, x2] (any two opposite corners); 1: [x_center, y_center, width, "
       "height]"}},
     dlcGraphInferNonMaxSuppression},
};

const DlcOpDef *dlcGraphOpDefs(size_t *count) {
  *count = sizeof graphOps / sizeof *graphOps;
  return graphOps;
}
