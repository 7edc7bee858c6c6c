#!/usr/bin/python3
"""Writes the ONNX models (and tensors) the importer's lit tests read.

usage: make_models.py OUTDIR NAME...

Each NAME is one entry of MODELS below, written to OUTDIR/NAME.onnx (or, for
the few non-model entries, the file the entry says). Models are built with
onnx.helper and never checked with onnx.checker: some are broken on purpose,
and onnx 1.12 does not know opsets above 17.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper

F, I64, I32, B, F16, BF16 = T.FLOAT, T.INT64, T.INT32, T.BOOL, T.FLOAT16, T.BFLOAT16


def vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def init(name, array):
    return numpy_helper.from_array(np.asarray(array), name)


def model(nodes, inputs, outputs, inits=(), opset=17, ir=8, name="g", value_info=(), domain_opsets=()):
    graph = helper.make_graph(list(nodes), name, [vi(*i) for i in inputs], [vi(*o) for o in outputs],
                              list(inits), value_info=[vi(*v) for v in value_info])
    opsets = [helper.make_opsetid("", opset)] + [helper.make_opsetid(d, v) for d, v in domain_opsets]
    m = helper.make_model(graph, opset_imports=opsets, producer_name="dlc-test", producer_version="1")
    m.ir_version = ir
    return m


def node(op, inputs, outputs, name=None, **attrs):
    return helper.make_node(op, inputs, outputs, name=name if name is not None else op.lower(), **attrs)


def unary(op, elem=F, shape=(2, 3), opset=17, **attrs):
    return model([node(op, ["x"], ["y"], **attrs)], [("x", elem, shape)], [("y", elem, shape)], opset=opset)


MODELS = {}


def register(name):
    def wrap(fn):
        MODELS[name] = fn
        return fn
    return wrap


# --- graph structure --------------------------------------------------------

@register("names")
def _():
    return model([node("Add", ["x", "w"], ["sum"], name="the_add")],
                 [("x", F, ["batch", 4])], [("sum", F, ["batch", 4])],
                 inits=[init("w", np.arange(4, dtype=np.float32))], name="my_graph")


@register("large_weight")
def _():
    w = np.arange(12 * 10, dtype=np.float32).reshape(12, 10)
    return model([node("MatMul", ["x", "w"], ["y"])], [("x", F, [2, 12])], [("y", F, [2, 10])],
                 inits=[init("w", w)])


@register("initializer_input")
def _():
    # IR 3 style: the weight is also listed as a graph input (its default).
    m = model([node("Mul", ["x", "w"], ["y"])], [("x", F, [2]), ("w", F, [2])], [("y", F, [2])],
              inits=[init("w", np.array([2, 3], dtype=np.float32))], ir=3, opset=11)
    return m


@register("empty_weight")
def _():
    return model([node("Concat", ["x", "w"], ["y"], axis=0)], [("x", F, [2])], [("y", F, [2])],
                 inits=[init("w", np.zeros(0, dtype=np.float32))])


@register("passthrough")
def _():
    return model([], [("x", F, [3])], [("x", F, [3])])


@register("unnamed_nodes")
def _():
    return model([node("Relu", ["x"], ["a"], name=""), node("Neg", ["a"], ["y"], name="")],
                 [("x", F, [2])], [("y", F, [2])])


@register("bool_weight")
def _():
    return model([node("Where", ["c", "x", "z"], ["y"])], [("x", F, [70]), ("z", F, [70])], [("y", F, [70])],
                 inits=[init("c", np.arange(70) % 3 == 0)])


@register("value_info_refines")
def _():
    # 'x' has a dynamic dim; value_info pins the intermediate's.
    return model([node("Relu", ["x"], ["r"]), node("Neg", ["r"], ["y"])],
                 [("x", F, ["n", 2])], [("y", F, None)], value_info=[("r", F, [5, 2])])


# --- elementwise ------------------------------------------------------------

@register("binary_broadcast")
def _():
    return model([node("Add", ["a", "b"], ["s"]), node("Sub", ["s", "b"], ["d"]),
                  node("Mul", ["d", "a"], ["m"]), node("Div", ["m", "b"], ["q"]),
                  node("Pow", ["q", "e"], ["y"])],
                 [("a", F, [3, 4]), ("b", F, [4]), ("e", I32, [])], [("y", F, [3, 4])])


@register("compare")
def _():
    return model([node("Equal", ["a", "b"], ["eq"]), node("Greater", ["a", "b"], ["gt"]),
                  node("Less", ["a", "b"], ["lt"])],
                 [("a", I64, [2, 3]), ("b", I64, [3])], [("eq", B, [2, 3]), ("gt", B, [2, 3]), ("lt", B, [2, 3])])


@register("unary_chain")
def _():
    ops = ["Relu", "Sigmoid", "Tanh", "Exp", "Log", "Sqrt", "Neg", "Abs", "Erf"]
    names = ["x"] + ["t%d" % i for i in range(len(ops) - 1)] + ["y"]
    return model([node(op, [names[i]], [names[i + 1]]) for i, op in enumerate(ops)],
                 [("x", F, [2, 3])], [("y", F, [2, 3])])


@register("leaky_relu")
def _():
    return unary("LeakyRelu", alpha=0.2)


@register("leaky_relu_default")
def _():
    return unary("LeakyRelu")


@register("gelu_tanh")
def _():
    return unary("Gelu", opset=20, approximate="tanh")


@register("gelu_opset17")
def _():
    return unary("Gelu", opset=17)


@register("clip_min")
def _():
    return model([node("Clip", ["x", "lo"], ["y"])], [("x", F, [4]), ("lo", F, [])], [("y", F, [4])], opset=13)


@register("clip_max_1d")
def _():
    # max given as a one-element 1-D tensor, min left out with an empty name.
    return model([node("Clip", ["x", "", "hi"], ["y"])], [("x", F, [4])], [("y", F, [4])],
                 inits=[init("hi", np.array([6], dtype=np.float32))], opset=13)


@register("where")
def _():
    return model([node("Where", ["c", "a", "b"], ["y"])], [("c", B, [2, 1]), ("a", I32, [3]), ("b", I32, [2, 3])],
                 [("y", I32, [2, 3])], opset=16)


@register("relu_uint8")
def _():
    return unary("Relu", elem=T.UINT8)


# --- linear -----------------------------------------------------------------

@register("matmul_batched")
def _():
    return model([node("MatMul", ["a", "b"], ["y"])], [("a", F, [2, 3, 4]), ("b", F, [4, 5])], [("y", F, [2, 3, 5])])


@register("gemm")
def _():
    return model([node("Gemm", ["a", "b", "c"], ["y"], alpha=0.5, beta=1.0, transA=1, transB=0)],
                 [("a", F, [4, 3]), ("b", F, [4, 5]), ("c", F, [5])], [("y", F, [3, 5])], opset=13)


@register("gemm_no_c")
def _():
    return model([node("Gemm", ["a", "b"], ["y"], transB=1)], [("a", F, [3, 4]), ("b", F, [5, 4])], [("y", F, [3, 5])],
                 opset=11)


@register("conv")
def _():
    return model([node("Conv", ["x", "w", "b"], ["y"], auto_pad="SAME_UPPER", strides=[2, 2], group=2,
                       dilations=[1, 1])],
                 [("x", F, [1, 4, 7, 7]), ("w", F, [6, 2, 3, 3]), ("b", F, [6])], [("y", F, [1, 6, 4, 4])])


@register("conv_transpose")
def _():
    return model([node("ConvTranspose", ["x", "w"], ["y"], strides=[2], output_padding=[1], pads=[1, 1])],
                 [("x", F, [1, 2, 5]), ("w", F, [2, 3, 3])], [("y", F, [1, 3, 10])])


@register("max_pool_indices")
def _():
    return model([node("MaxPool", ["x"], ["y", "idx"], kernel_shape=[2, 2], ceil_mode=1, strides=[2, 2])],
                 [("x", F, [1, 1, 5, 5])], [("y", F, [1, 1, 3, 3]), ("idx", I64, [1, 1, 3, 3])], opset=12)


@register("max_pool_storage_order")
def _():
    return model([node("MaxPool", ["x"], ["y", "idx"], kernel_shape=[2, 2], storage_order=1)],
                 [("x", F, [1, 1, 4, 4])], [("y", F, [1, 1, 3, 3]), ("idx", I64, [1, 1, 3, 3])])


@register("avg_pool")
def _():
    return model([node("AveragePool", ["x"], ["y"], kernel_shape=[3, 3], pads=[1, 1, 1, 1], count_include_pad=1)],
                 [("x", F, [1, 2, 4, 4])], [("y", F, [1, 2, 4, 4])], opset=11)


@register("avg_pool_dilations_opset19")
def _():
    return model([node("AveragePool", ["x"], ["y"], kernel_shape=[2], dilations=[2])],
                 [("x", F, [1, 1, 6])], [("y", F, [1, 1, 4])], opset=19)


@register("avg_pool_dilations_opset18")
def _():
    return model([node("AveragePool", ["x"], ["y"], kernel_shape=[2], dilations=[2])],
                 [("x", F, [1, 1, 6])], [("y", F, [1, 1, 4])], opset=18)


@register("global_avg_pool")
def _():
    return model([node("GlobalAveragePool", ["x"], ["y"])], [("x", F, [2, 3, 4, 5])], [("y", F, [2, 3, 1, 1])])


# --- normalization, softmax, reductions --------------------------------------

def bn(opset, **attrs):
    return model([node("BatchNormalization", ["x", "s", "b", "m", "v"], ["y"], **attrs)],
                 [("x", F, [2, 3, 4]), ("s", F, [3]), ("b", F, [3]), ("m", F, [3]), ("v", F, [3])],
                 [("y", F, [2, 3, 4])], opset=opset)


@register("batch_norm")
def _():
    return bn(15, epsilon=1e-3)


@register("batch_norm_opset11")
def _():
    return bn(11, epsilon=1e-5, momentum=0.8)


@register("batch_norm_training")
def _():
    # Y and both running statistics.
    return model([node("BatchNormalization", ["x", "s", "b", "m", "v"], ["y", "rm", "rv"],
                       training_mode=1, momentum=0.75)],
                 [("x", F, [2, 3, 4]), ("s", F, [3]), ("b", F, [3]), ("m", F, [3]), ("v", F, [3])],
                 [("y", F, [2, 3, 4]), ("rm", F, [3]), ("rv", F, [3])], opset=15)


@register("batch_norm_training_dynamic_scale")
def _():
    return model([node("BatchNormalization", ["x", "s", "b", "m", "v"], ["y"], training_mode=1)],
                 [("x", F, [2, 3]), ("s", F, ["c"]), ("b", F, [3]), ("m", F, [3]), ("v", F, [3])],
                 [("y", F, [2, 3])], opset=15)


@register("layer_norm")
def _():
    return model([node("LayerNormalization", ["x", "s"], ["y", "", "inv"], axis=1, epsilon=1e-3)],
                 [("x", F, [2, 3, 4]), ("s", F, [3, 4])], [("y", F, [2, 3, 4]), ("inv", F, [2, 1, 1])])


@register("layer_norm_opset16")
def _():
    return model([node("LayerNormalization", ["x", "s"], ["y"])], [("x", F, [2, 3]), ("s", F, [3])],
                 [("y", F, [2, 3])], opset=16)


@register("softmax13")
def _():
    return unary("Softmax", shape=(2, 3, 4), opset=13)


@register("softmax11_axis1")
def _():
    return unary("Softmax", shape=(2, 3, 4), opset=11)


@register("softmax11_last")
def _():
    return unary("LogSoftmax", shape=(2, 3, 4), opset=11, axis=-1)


@register("log_softmax13_axis")
def _():
    return unary("LogSoftmax", shape=(2, 3, 4), opset=13, axis=1)


@register("reduce_sum11")
def _():
    return model([node("ReduceSum", ["x"], ["y"], axes=[1], keepdims=0)], [("x", F, [2, 3, 4])], [("y", F, [2, 4])],
                 opset=11)


@register("reduce_sum13")
def _():
    return model([node("ReduceSum", ["x", "axes"], ["y"])], [("x", F, [2, 3, 4])], [("y", F, [2, 1, 4])],
                 inits=[init("axes", np.array([-2], dtype=np.int64))], opset=13)


@register("reduce_mean13_attr")
def _():
    return model([node("ReduceMean", ["x"], ["y"], axes=[0, 2])], [("x", F, [2, 3, 4])], [("y", F, [1, 3, 1])],
                 opset=13)


@register("reduce_max18_noop")
def _():
    return model([node("ReduceMax", ["x"], ["y"], noop_with_empty_axes=1)], [("x", F, [2, 3])], [("y", F, [2, 3])],
                 opset=18)


@register("reduce_mean18_axes_attr")
def _():
    # ReduceMean-18 takes axes as an input; the attribute is gone.
    return model([node("ReduceMean", ["x"], ["y"], axes=[0])], [("x", F, [2, 3])], [("y", F, [1, 3])], opset=18)


# --- shape ops --------------------------------------------------------------

def i64(*values):
    return np.array(values, dtype=np.int64)


@register("reshape")
def _():
    return model([node("Reshape", ["x", "shape"], ["y"], allowzero=1)], [("x", F, [2, 3, 4])], [("y", F, [6, 4])],
                 inits=[init("shape", i64(6, 4))], opset=14)


@register("reshape_runtime_shape")
def _():
    return model([node("Reshape", ["x", "shape"], ["y"])], [("x", F, [2, 3, 4]), ("shape", I64, [2])],
                 [("y", F, [6, 4])])


@register("reshape_computed_shape")
def _():
    # The shape of a dynamic tensor is known only at run time.
    return model([node("Shape", ["x"], ["s"]), node("Reshape", ["z", "s"], ["y"])],
                 [("x", F, ["n", 4]), ("z", F, [8])], [("y", F, None)])


@register("reshape_static_shape_of")
def _():
    # Shape of a static tensor is known at import time.
    return model([node("Shape", ["x"], ["s"]), node("Reshape", ["z", "s"], ["y"])],
                 [("x", F, [2, 4]), ("z", F, [8])], [("y", F, [2, 4])])


@register("flatten_transpose")
def _():
    return model([node("Flatten", ["x"], ["f"], axis=2), node("Transpose", ["f"], ["y"], perm=[1, 0])],
                 [("x", F, [2, 3, 4])], [("y", F, [4, 6])])


@register("concat3")
def _():
    return model([node("Concat", ["a", "b", "c"], ["y"], axis=-1)],
                 [("a", F, [2, 1]), ("b", F, [2, 2]), ("c", F, [2, 3])], [("y", F, [2, 6])])


@register("slice")
def _():
    # Rows 9, 7, 5, 3, 1: ends below -dim clamp to "before the first row".
    return model([node("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"])], [("x", F, [10, 8])],
                 [("y", F, [5, 8])],
                 inits=[init("starts", i64(-1)), init("ends", i64(-9223372036854775807)), init("axes", i64(0)),
                        init("steps", i64(-2))], opset=13)


@register("slice_runtime")
def _():
    return model([node("Slice", ["x", "starts", "ends"], ["y"])],
                 [("x", F, [10]), ("starts", I64, [1]), ("ends", I64, [1])], [("y", F, None)], opset=13)


@register("pad_reflect_runtime")
def _():
    return model([node("Pad", ["x", "pads", "", "axes"], ["y"], mode="reflect")],
                 [("x", F, [4, 5]), ("pads", I64, [2]), ("axes", I64, [1])], [("y", F, None)], opset=18)


@register("pad_constant_runtime")
def _():
    return model([node("Pad", ["x", "pads", "value"], ["y"])],
                 [("x", F, [4, 5]), ("pads", I64, [4]), ("value", F, [])], [("y", F, None)], opset=13)


@register("pad_constant_runtime_axes")
def _():
    return model([node("Pad", ["x", "pads", "", "axes"], ["y"])],
                 [("x", F, [4, 5]), ("pads", I64, [2]), ("axes", I64, [1])], [("y", F, None)], opset=18)


@register("pad_runtime_odd")
def _():
    return model([node("Pad", ["x", "pads"], ["y"])],
                 [("x", F, [4, 5]), ("pads", I64, [3])], [("y", F, None)], opset=13)


@register("pad_runtime_axes_mismatch")
def _():
    return model([node("Pad", ["x", "pads", "", "axes"], ["y"])],
                 [("x", F, [4, 5]), ("pads", I64, [4]), ("axes", I64, [1])], [("y", F, None)], opset=18)


@register("center_crop_pad_runtime")
def _():
    return model([node("CenterCropPad", ["x", "shape"], ["y"], axes=[-1])],
                 [("x", F, [4, 5]), ("shape", I64, [1])], [("y", F, None)], opset=18)


@register("center_crop_pad_runtime_length")
def _():
    return model([node("CenterCropPad", ["x", "shape"], ["y"])],
                 [("x", F, [4, 5]), ("shape", I64, [3])], [("y", F, None)], opset=18)


@register("center_crop_pad_too_many_axes")
def _():
    return model([node("CenterCropPad", ["x", "shape"], ["y"], axes=[0, 1, 0])],
                 [("x", F, [4, 5]), ("shape", I64, [3])], [("y", F, None)], opset=18)


@register("center_crop_pad_axis_out_of_range")
def _():
    return model([node("CenterCropPad", ["x", "shape"], ["y"], axes=[2])],
                 [("x", F, [4, 5]), ("shape", I64, [1])], [("y", F, None)], opset=18)


@register("trilu_runtime")
def _():
    return model([node("Trilu", ["x", "k"], ["y"], upper=0)], [("x", F, [2, 3]), ("k", I64, [])],
                 [("y", F, [2, 3])], opset=14)


@register("cumsum_runtime")
def _():
    return model([node("CumSum", ["x", "axis"], ["y"])], [("x", F, [2, 3]), ("axis", I64, [])],
                 [("y", F, [2, 3])], opset=14)


@register("topk_runtime")
def _():
    return model([node("TopK", ["x", "k"], ["v", "i"])], [("x", F, [2, 3]), ("k", I64, [1])],
                 [("v", F, None), ("i", I64, None)], opset=11)


@register("range_runtime")
def _():
    return model([node("Range", ["start", "limit", "delta"], ["y"])],
                 [("start", I32, []), ("limit", I32, []), ("delta", I32, [])], [("y", I32, None)], opset=11)


@register("tile_runtime")
def _():
    return model([node("Tile", ["x", "repeats"], ["y"])], [("x", F, [2, 3]), ("repeats", I64, [2])],
                 [("y", F, None)], opset=13)


@register("tile_runtime_bad")
def _():
    return model([node("Tile", ["x", "repeats"], ["y"])], [("x", F, [2, 3]), ("repeats", I64, [3])],
                 [("y", F, None)], opset=13)


@register("range_runtime_bad")
def _():
    return model([node("Range", ["start", "limit", "delta"], ["y"])],
                 [("start", I32, []), ("limit", I32, [2]), ("delta", I32, [])], [("y", I32, None)], opset=11)


@register("cumsum_runtime_scalar")
def _():
    return model([node("CumSum", ["x", "axis"], ["y"])], [("x", F, []), ("axis", I64, [])],
                 [("y", F, [])], opset=14)


@register("split_runtime")
def _():
    return model([node("Split", ["x", "split"], ["a", "b"], axis=1)], [("x", F, [2, 5]), ("split", I64, [2])],
                 [("a", F, None), ("b", F, None)], opset=13)


@register("split_runtime_bad")
def _():
    return model([node("Split", ["x", "split"], ["a", "b"], axis=1)], [("x", F, [2, 5]), ("split", I64, [3])],
                 [("a", F, None), ("b", F, None)], opset=13)


@register("unsqueeze_runtime")
def _():
    return model([node("Unsqueeze", ["x", "axes"], ["y"])], [("x", F, [2, 3]), ("axes", I64, [2])],
                 [("y", F, None)], opset=13)


@register("squeeze_runtime_dynamic_length")
def _():
    return model([node("Squeeze", ["x", "axes"], ["y"])], [("x", F, [1, 3]), ("axes", I64, ["n"])],
                 [("y", F, None)], opset=13)


@register("squeeze_runtime_too_many")
def _():
    return model([node("Squeeze", ["x", "axes"], ["y"])], [("x", F, [1, 3]), ("axes", I64, [3])],
                 [("y", F, None)], opset=13)


@register("onehot_runtime")
def _():
    return model([node("OneHot", ["i", "depth", "values"], ["y"], axis=0)],
                 [("i", I64, [3]), ("depth", I64, []), ("values", F, [2])], [("y", F, None)], opset=11)


@register("onehot_runtime_bad")
def _():
    return model([node("OneHot", ["i", "depth", "values"], ["y"])],
                 [("i", I64, [3]), ("depth", I64, [2]), ("values", F, [2])], [("y", F, None)], opset=11)


@register("squeeze11")
def _():
    return model([node("Squeeze", ["x"], ["y"], axes=[0, 2])], [("x", F, [1, 3, 1])], [("y", F, [3])], opset=11)


@register("squeeze13")
def _():
    return model([node("Squeeze", ["x", "axes"], ["y"])], [("x", F, [1, 3, 1])], [("y", F, [1, 3])],
                 inits=[init("axes", i64(-1))], opset=13)


@register("unsqueeze13")
def _():
    return model([node("Unsqueeze", ["x", "axes"], ["y"])], [("x", F, [3])], [("y", F, [1, 3, 1])],
                 inits=[init("axes", i64(0, 2))], opset=13)


@register("gather")
def _():
    return model([node("Gather", ["x", "i"], ["y"], axis=1)], [("x", F, [2, 5]), ("i", I32, [3])],
                 [("y", F, [2, 3])], opset=13)


@register("nonzero")
def _():
    return model([node("NonZero", ["x"], ["y"])], [("x", F, [2, 3])], [("y", I64, [2, "n"])], opset=13)


# NonZero's `?` columns flow into the next op.
@register("nonzero_transpose")
def _():
    return model([node("NonZero", ["x"], ["i"]), node("Transpose", ["i"], ["y"], perm=[1, 0])],
                 [("x", I32, [4])], [("y", I64, ["n", 1])], opset=13)


@register("compress_axis")
def _():
    return model([node("Compress", ["x", "c"], ["y"], axis=-1)], [("x", F, [2, 3]), ("c", B, [3])],
                 [("y", F, [2, "n"])], opset=11)


@register("compress_flat")
def _():
    return model([node("Compress", ["x", "c"], ["y"])], [("x", F, [2, 3]), ("c", B, [4])],
                 [("y", F, ["n"])], opset=11)


@register("compress_bad_axis")
def _():
    return model([node("Compress", ["x", "c"], ["y"], axis=2)], [("x", F, [2, 3]), ("c", B, [3])],
                 [("y", F, [2, "n"])], opset=11)


@register("unique")
def _():
    return model([node("Unique", ["x"], ["y", "i", "inv", "c"], sorted=0)], [("x", F, [2, 3])],
                 [("y", F, ["n"]), ("i", I64, ["n"]), ("inv", I64, [6]), ("c", I64, ["n"])], opset=11)


@register("unique_axis")
def _():
    return model([node("Unique", ["x"], ["y", "i", "inv", "c"], axis=-1)], [("x", F, [2, 3])],
                 [("y", F, [2, "n"]), ("i", I64, ["n"]), ("inv", I64, [3]), ("c", I64, ["n"])], opset=11)


@register("unique_bad_axis")
def _():
    return model([node("Unique", ["x"], ["y"], axis=2)], [("x", F, [2, 3])], [("y", F, [2, "n"])], opset=11)


# NonMaxSuppression: the optional scalar inputs, as 1-element tensors.
@register("nms")
def _():
    return model([node("NonMaxSuppression", ["b", "s", "m", "iou"], ["y"], center_point_box=1)],
                 [("b", F, [1, 6, 4]), ("s", F, [1, 2, 6]), ("m", I64, [1]), ("iou", F, [1])],
                 [("y", I64, ["n", 3])], opset=11)


@register("nms_bad_center")
def _():
    return model([node("NonMaxSuppression", ["b", "s"], ["y"], center_point_box=2)],
                 [("b", F, [1, 6, 4]), ("s", F, [1, 2, 6])], [("y", I64, ["n", 3])], opset=11)


@register("pad")
def _():
    return model([node("Pad", ["x", "pads", "v"], ["y"])], [("x", F, [2, 3]), ("v", F, [])], [("y", F, [3, 6])],
                 inits=[init("pads", i64(1, 1, 0, 2))], opset=11)


@register("pad_reflect_axes")
def _():
    return model([node("Pad", ["x", "pads", "", "axes"], ["y"], mode="reflect")], [("x", F, [4, 5])],
                 [("y", F, [4, 8])], inits=[init("pads", i64(1, 2)), init("axes", i64(-1))], opset=18)


@register("expand")
def _():
    return model([node("Expand", ["x", "s"], ["y"])], [("x", F, [3, 1])], [("y", F, [2, 3, 4])],
                 inits=[init("s", i64(2, 1, 4))], opset=13)


@register("split13")
def _():
    return model([node("Split", ["x", "split"], ["a", "b"], axis=1)], [("x", F, [2, 5])],
                 [("a", F, [2, 2]), ("b", F, [2, 3])], inits=[init("split", i64(2, 3))], opset=13)


@register("split18_uneven")
def _():
    return model([node("Split", ["x"], ["a", "b", "c"], num_outputs=3)], [("x", F, [7])],
                 [("a", F, [3]), ("b", F, [3]), ("c", F, [1])], opset=18)


@register("split11_equal")
def _():
    return model([node("Split", ["x"], ["a", "b"], axis=0)], [("x", F, [4, 2])], [("a", F, [2, 2]), ("b", F, [2, 2])],
                 opset=11)


@register("shape15")
def _():
    return model([node("Shape", ["x"], ["y"], start=1, end=-1)], [("x", F, [2, "C", 4, 5])], [("y", I64, [2])],
                 opset=15)


@register("shape_chain")
def _():
    # LayerNormalization's function body: Size -> Sub -> ConstantOfShape gives
    # the rank of a Reshape.
    return model([node("Shape", ["x"], ["s"]), node("Size", ["s"], ["rank"]),
                  node("Sub", ["rank", "one"], ["n"]), node("ConstantOfShape", ["n"], ["ones"],
                                                            value=helper.make_tensor("v", T.INT64, [1], [1])),
                  node("Slice", ["s", "zero", "one"], ["prefix"]), node("Concat", ["prefix", "ones"], ["shape"], axis=0),
                  node("Reshape", ["m", "shape"], ["y"])],
                 [("x", F, [2, 3, 4]), ("m", F, [2, 1])], [("y", F, [2, 1, 1])],
                 inits=[init("one", np.array([1], dtype=np.int64)), init("zero", np.array([0], dtype=np.int64))],
                 opset=17)


# --- constants, casts, identity, dropout ------------------------------------

@register("constant")
def _():
    return model([node("Constant", [], ["c"], value=init("v", np.array([[1, 2], [3, 4]], dtype=np.int32))),
                  node("Add", ["x", "c"], ["y"])], [("x", I32, [2, 2])], [("y", I32, [2, 2])])


@register("constant_lists")
def _():
    return model([node("Constant", [], ["f"], value_float=1.5, name="cf"),
                  node("Constant", [], ["s"], value_ints=[3, 2], name="cs"),
                  node("Reshape", ["x", "s"], ["r"]), node("Mul", ["r", "f"], ["y"])],
                 [("x", F, [6])], [("y", F, [3, 2])])


@register("constant_string")
def _():
    return model([node("Constant", [], ["c"], value_string="hello")], [], [("c", T.STRING, [])])


@register("cast")
def _():
    return model([node("Cast", ["x"], ["y"], to=T.INT8)], [("x", F, [3])], [("y", T.INT8, [3])], opset=19)


@register("cast_f16")
def _():
    return model([node("Cast", ["x"], ["y"], to=F16)], [("x", F, [3])], [("y", F16, [3])])


@register("identity")
def _():
    return unary("Identity", elem=B, shape=(2,))


@register("dropout11")
def _():
    return model([node("Dropout", ["x"], ["y", "mask"], ratio=0.25)], [("x", F, [4])],
                 [("y", F, [4]), ("mask", B, [4])], opset=11)


@register("dropout13")
def _():
    return model([node("Dropout", ["x", "r", "t"], ["y"], seed=3)], [("x", F, [4])], [("y", F, [4])],
                 inits=[init("r", np.array(0.5, dtype=np.float32)), init("t", np.array(False))], opset=13)


@register("dropout_training")
def _():
    return model([node("Dropout", ["x", "", "t"], ["y"])], [("x", F, [4]), ("t", B, [])], [("y", F, [4])], opset=13)


@register("dropout_training_ratio_one")
def _():
    return model([node("Dropout", ["x", "r", "t"], ["y"])], [("x", F, [4])], [("y", F, [4])],
                 inits=[init("r", np.array(1.0, dtype=np.float32)), init("t", np.array(True))], opset=13)


# --- bindings ---------------------------------------------------------------

@register("bind_reshape")
def _():
    return model([node("Reshape", ["x", "shape"], ["y"])], [("x", F, [2, 3]), ("shape", I64, [2])],
                 [("y", F, [3, 2])])


@register("bind_data")
def _():
    return model([node("Reshape", ["x", "shape"], ["r"]), node("Cast", ["shape"], ["y"], to=F)],
                 [("x", F, [2, 3]), ("shape", I64, [2])], [("r", F, [3, 2]), ("y", F, [2])])


@register("shape_3_2.npy")
def _():
    return i64(3, 2)


@register("shape_3.npy")
def _():
    return i64(3)


# --- broken and unsupported models ------------------------------------------

@register("unsupported_many")
def _():
    return model([node("Relu", ["x"], ["a"], name="ok"),
                  node("FancyOp", ["a"], ["b"], name="fancy"),
                  node("Relu", ["b"], ["c"], name="after_fancy"),
                  node("Custom", ["x"], ["d"], name="custom", domain="com.example"),
                  node("Softmax", ["x"], ["e"], name="bad_attr", color=3),
                  node("Cast", ["x"], ["f"], name="to_complex", to=T.COMPLEX64),
                  node("Flatten", ["x"], ["g"], name="float_axis", axis=1.5)],
                 [("x", F, [2]), ("h", T.COMPLEX64, [2]), ("r", F, None)],
                 [("c", F, [2]), ("d", F, [2]), ("e", F, [2]), ("f", T.COMPLEX64, [2]),
                  ("g", F, [1, 2])],
                 domain_opsets=[("com.example", 1)])


@register("redefined")
def _():
    return model([node("Relu", ["x"], ["x"], name="again")], [("x", F, [2])], [("x", F, [2])])


# --- versions before opset 11 and variadic ops ------------------------------
@register("clip6")
def _():
    return unary("Clip", opset=6, min=-1.0, max=6.0)


@register("maxpool8_ceil_mode")
def _():
    return model([node("MaxPool", ["x"], ["y"], kernel_shape=[2, 2], ceil_mode=1)],
                 [("x", F, [1, 1, 4, 4])], [("y", F, [1, 1, 2, 2])], opset=8)


@register("batchnorm7_spatial0")
def _():
    c = np.ones(3, dtype=np.float32)
    return model([node("BatchNormalization", ["x", "s", "b", "m", "v"], ["y"], spatial=0)],
                 [("x", F, [1, 3, 2, 2])], [("y", F, [1, 3, 2, 2])],
                 inits=[init(n, c) for n in "sbmv"], opset=7)


@register("dropout7_mask")
def _():
    return model([node("Dropout", ["x"], ["y", "mask"])], [("x", F, [2])],
                 [("y", F, [2]), ("mask", F, [2])], opset=7)


@register("mean3")
def _():
    return model([node("Mean", ["a", "b", "c"], ["y"])],
                 [("a", F, [2, 3]), ("b", F, [3]), ("c", F, [1, 1])], [("y", F, [2, 3])], opset=13)


@register("max1")
def _():
    return model([node("Max", ["a"], ["y"])], [("a", I32, [4])], [("y", I32, [4])], opset=13)


@register("mod_float_no_fmod")
def _():
    return model([node("Mod", ["a", "b"], ["y"])], [("a", F, [4]), ("b", F, [4])], [("y", F, [4])],
                 opset=13)


# --- resize ---------------------------------------------------------------
@register("resize_linear")
def _():
    return model([node("Resize", ["x", "", "scales"], ["y"], mode="linear")],
                 [("x", F, [1, 1, 2, 3])], [("y", F, [1, 1, 4, 3])],
                 inits=[init("scales", np.array([1, 1, 2, 1], dtype=np.float32))], opset=13)


@register("resize_two_axes")
def _():
    return model([node("Resize", ["x", "", "scales"], ["y"], mode="linear")],
                 [("x", F, [1, 1, 2, 3])], [("y", F, [1, 1, 4, 6])],
                 inits=[init("scales", np.array([1, 1, 2, 2], dtype=np.float32))], opset=13)


@register("resize_cubic_antialias")
def _():
    return model([node("Resize", ["x", "", "scales"], ["y"], mode="cubic", antialias=1)],
                 [("x", F, [1, 1, 8, 8])], [("y", F, [1, 1, 8, 4])],
                 inits=[init("scales", np.array([1, 1, 1, 0.5], dtype=np.float32))], opset=18)


@register("resize_scales_and_sizes")
def _():
    return model([node("Resize", ["x", "", "scales", "sizes"], ["y"])],
                 [("x", F, [1, 1, 2, 2])], [("y", F, [1, 1, 4, 4])],
                 inits=[init("scales", np.array([1, 1, 2, 2], dtype=np.float32)),
                        init("sizes", np.array([1, 1, 4, 4], dtype=np.int64))], opset=13)


@register("resize_runtime_scales")
def _():
    return model([node("Resize", ["x", "", "scales"], ["y"], mode="linear")],
                 [("x", F, [1, 1, 2, 3]), ("scales", F, [4])], [("y", F, [None] * 4)], opset=13)


@register("resize_runtime_sizes")
def _():
    return model([node("Resize", ["x", "", "", "sizes"], ["y"], axes=[2, 3],
                       keep_aspect_ratio_policy="not_larger")],
                 [("x", F, [1, 1, 2, 2]), ("sizes", I64, [2])], [("y", F, [None] * 4)], opset=19)


@register("resize_runtime_dynamic_length")
def _():
    return model([node("Resize", ["x", "", "scales"], ["y"])],
                 [("x", F, [1, 1, 2, 2]), ("scales", F, ["n"])], [("y", F, [None] * 4)], opset=13)


@register("upsample_runtime")
def _():
    return model([node("Upsample", ["x", "scales"], ["y"])],
                 [("x", F, [1, 1, 2, 2]), ("scales", F, [4])], [("y", F, [None] * 4)], opset=9)


@register("resize_dynamic_batch")
def _():
    return model([node("Resize", ["x", "", "scales"], ["y"], mode="cubic")],
                 [("x", F, ["n", 1, 2, 2])], [("y", F, [None] * 4)],
                 inits=[init("scales", np.array([1, 1, 2, 1.5], dtype=np.float32))], opset=13)


@register("resize_dynamic_height")
def _():
    return model([node("Resize", ["x", "", "scales"], ["y"])],
                 [("x", F, [1, 1, "h", 2])], [("y", F, [None] * 4)],
                 inits=[init("scales", np.array([1, 1, 2, 2], dtype=np.float32))], opset=13)


@register("x_2x3.npy")
def _():
    return np.arange(6, dtype=np.float32).reshape(1, 1, 2, 3)


@register("x_2x2.npy")
def _():
    return np.arange(4, dtype=np.float32).reshape(1, 1, 2, 2)


@register("scales_up.npy")
def _():
    return np.array([1, 1, 2, 1], np.float32)


@register("scales_down.npy")
def _():
    return np.array([1, 1, 1, 0.5], np.float32)


@register("scales_2x2.npy")
def _():
    return np.array([1, 1, 2, 2], np.float32)


@register("sizes_7x8.npy")
def _():
    return np.array([7, 8], np.int64)


@register("want_scales_up.npy")
def _():
    # Rows at -0.25, 0.25, 0.75, 1.25 of x = arange(6) as 2x3 (half_pixel).
    return np.array([0, 1, 2, 0.75, 1.75, 2.75, 2.25, 3.25, 4.25, 3, 4, 5], np.float32).reshape(1, 1, 4, 3)


@register("want_sizes_7x8.npy")
def _():
    # Scale 3.5 both ways: positions -0.36, -0.07, 0.21, 0.5, 0.79, 1.07,
    # 1.36 round (halves down) to rows and columns 0, 0, 0, 0, 1, 1, 1.
    rows = np.array([0, 0, 0, 0, 1, 1, 1])
    x = np.arange(4, dtype=np.float32).reshape(2, 2)
    return np.ascontiguousarray(x[rows][:, rows]).reshape(1, 1, 7, 7)


@register("want_upsample_2x2.npy")
def _():
    return np.array([[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]], np.float32).reshape(1, 1, 4, 4)


# --- attention ------------------------------------------------------------
@register("attention_gqa_causal")
def _():
    # 3-D inputs: 4 query heads over 2 KV heads of size 2, causal.
    return model([node("Attention", ["q", "k", "v"], ["y"], q_num_heads=4, kv_num_heads=2, is_causal=1)],
                 [("q", F, [1, 3, 8]), ("k", F, [1, 3, 4]), ("v", F, [1, 3, 4])], [("y", F, [1, 3, 8])],
                 opset=23)


@register("attention_constant_cache")
def _():
    # K, V and the cache are initializers: present_key (a concat of two
    # constants) is computed while importing, and still built on.
    kv = np.ones((1, 1, 2, 2), dtype=np.float32)
    return model([node("Attention", ["q", "k", "v", "", "pk", "pv"], ["y", "present_key", "present_value"])],
                 [("q", F, [1, 1, 3, 2])],
                 [("y", F, [1, 1, 3, 2]), ("present_key", F, [1, 1, 4, 2]), ("present_value", F, [1, 1, 4, 2])],
                 inits=[init("k", kv), init("v", kv), init("pk", 2 * kv), init("pv", 3 * kv)], opset=23)


@register("attention_nonpad_kv")
def _():
    # Opset 24's key lengths per batch, fed at run time.
    return model([node("Attention", ["q", "k", "v", "", "", "", "len"], ["y"])],
                 [("q", F, [2, 1, 1, 2]), ("k", F, [2, 1, 3, 2]), ("v", F, [2, 1, 3, 2]), ("len", I64, [2])],
                 [("y", F, [2, 1, 1, 2])], opset=24)


@register("attention_nonpad_kv_int32")
def _():
    return model([node("Attention", ["q", "k", "v", "", "", "", "len"], ["y"])],
                 [("q", F, [2, 1, 1, 2]), ("k", F, [2, 1, 3, 2]), ("v", F, [2, 1, 3, 2]), ("len", I32, [2])],
                 [("y", F, [2, 1, 1, 2])], opset=24)


# --- spectral -------------------------------------------------------------
def mel(values, fed=(), **attrs):
    # MelWeightMatrix's five scalar inputs: initializers, or graph inputs for the names in `fed`.
    names = ["num_mel_bins", "dft_length", "sample_rate", "lower_edge_hertz", "upper_edge_hertz"]
    types = [np.int32, np.int32, np.int32, np.float32, np.float32]
    inits = [init(nm, np.array(v, dtype=t)) for nm, v, t in zip(names, values, types) if nm not in fed]
    inputs = [(nm, I32, []) for nm in names if nm in fed]
    return model([node("MelWeightMatrix", names, ["w"], **attrs)], inputs, [("w", F, None)], inits=inits)


@register("mel_weight_matrix")
def _():
    return mel([2, 16, 16, 0, 8])


@register("mel_weight_matrix_fed")
def _():
    return mel([2, 16, 16, 0, 8], fed=("num_mel_bins",))


@register("mel_weight_matrix_no_bins")
def _():
    return mel([0, 16, 16, 0, 8])


# --- recurrent ------------------------------------------------------------
def recurrent(op, gates, outputs, opset=14, hidden=2, **attrs):
    # Two steps, batch 1, input size 3; weights as initializers.
    w = np.ones((1, gates * hidden, 3), dtype=np.float32)
    r = np.ones((1, gates * hidden, hidden), dtype=np.float32)
    outs = [(o, F, [2, 1, 1, hidden] if o == "Y" else [1, 1, hidden]) for o in outputs if o]
    return model([node(op, ["x", "w", "r"], list(outputs), hidden_size=hidden, **attrs)],
                 [("x", F, [2, 1, 3])], outs, inits=[init("w", w), init("r", r)], opset=opset)


@register("rnn_two_steps")
def _():
    return recurrent("RNN", 1, ["Y", "Y_h"])


@register("gru_two_steps")
def _():
    return recurrent("GRU", 3, ["", "Y_h"], linear_before_reset=1)


@register("lstm_two_steps")
def _():
    return recurrent("LSTM", 4, ["", "", "Y_c"], direction="reverse")


@register("rnn_bad_activation")
def _():
    return recurrent("RNN", 1, ["Y"], activations=["Gelu"])


@register("rnn_bad_direction")
def _():
    return recurrent("RNN", 1, ["Y"], direction="sideways")


@register("gru_activation_count")
def _():
    # GRU takes two functions per direction.
    return recurrent("GRU", 3, ["", "Y_h"], activations=["Sigmoid", "Tanh", "Tanh"])


@register("lstm_hidden_size")
def _():
    # R says 2, the attribute 3.
    return model([node("LSTM", ["x", "w", "r"], ["", "y_h"], hidden_size=3)], [("x", F, [2, 1, 3])],
                 [("y_h", F, [1, 1, 2])], inits=[init("w", np.ones((1, 8, 3), np.float32)),
                                               init("r", np.ones((1, 8, 2), np.float32))], opset=14)


@register("rnn_bad_weight")
def _():
    # W for input size 4, X of input size 3.
    return model([node("RNN", ["x", "w", "r"], ["y"])], [("x", F, [2, 1, 3])], [("y", F, [2, 1, 1, 2])],
                 inits=[init("w", np.ones((1, 2, 4), np.float32)), init("r", np.ones((1, 2, 2), np.float32))],
                 opset=14)


@register("rnn_dynamic_steps")
def _():
    return model([node("RNN", ["x", "w", "r"], ["", "y_h"])], [("x", F, ["steps", 1, 3])], [("y_h", F, [1, 1, 2])],
                 inits=[init("w", np.ones((1, 2, 3), np.float32)), init("r", np.ones((1, 2, 2), np.float32))],
                 opset=14)


# --- quantization ---------------------------------------------------------
@register("quantize_axis")
def _():
    return model([node("QuantizeLinear", ["x", "s", "zp"], ["y"], axis=1)],
                 [("x", F, [2, 3])], [("y", T.UINT8, [2, 3])],
                 inits=[init("s", np.array([0.5, 1, 2], dtype=np.float32)),
                        init("zp", np.array([0, 10, 128], dtype=np.uint8))], opset=13)


@register("opset5")
def _():
    return unary("Relu", opset=5)


@register("opset28")
def _():
    return unary("Relu", opset=28)


# --- half precision ---------------------------------------------------------

@register("fp16_initializer")
def _():
    return model([node("Add", ["x", "w"], ["y"])], [("x", F16, [2])], [("y", F16, [2])],
                 inits=[init("w", np.array([0.5, 1.5], dtype=np.float16))])


@register("fp16_transpose")
def _():
    return model([node("Transpose", ["x"], ["y"], perm=[1, 0])], [("x", F16, [2, 3])],
                 [("y", F16, [3, 2])])


# A FLOAT16 tensor without raw_data holds each value's bits in int32_data.
@register("fp16_int32_data")
def _():
    w = helper.make_tensor("w", F16, [2], [1.0, -2.0])  # helper stores the bits in int32_data
    return model([node("Mul", ["x", "w"], ["y"])], [("x", F16, [2])], [("y", F16, [2])], inits=[w])


# The model declares the Relu's output FLOAT: it is not rounded to f16.
@register("fp16_declared_f32")
def _():
    return model([node("Relu", ["x"], ["y"])], [("x", F16, [2])], [("y", F, [2])])


@register("bf16_relu")
def _():
    return unary("Relu", elem=BF16, shape=(2,))


@register("fp16_range")
def _():
    return model([node("Range", ["s", "l", "d"], ["y"])], [], [("y", F16, [3])],
                 inits=[init("s", np.float16(1)), init("l", np.float16(2.5)),
                        init("d", np.float16(0.5))])


@register("missing_input")
def _():
    return model([node("Add", ["x", "nowhere"], ["y"], name="adder")], [("x", F, [2])], [("y", F, [2])])


@register("missing_output")
def _():
    return model([node("Relu", ["x"], ["y"])], [("x", F, [2])], [("z", F, [2])])


@register("shape_mismatch")
def _():
    return model([node("Add", ["a", "b"], ["y"], name="bad_add")], [("a", F, [3]), ("b", F, [4])], [("y", F, [4])])


@register("declared_mismatch")
def _():
    return model([node("Relu", ["x"], ["y"], name="r")], [("x", F, [3])], [("y", F, [4])])


@register("ir_version2")
def _():
    return model([node("Relu", ["x"], ["y"])], [("x", F, [2])], [("y", F, [2])], ir=2)


@register("ir_version14")
def _():
    return model([node("Relu", ["x"], ["y"])], [("x", F, [2])], [("y", F, [2])], ir=14)


def write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)


def special(outdir, name):
    """Non-model files: returns True when `name` is one of them."""
    path = os.path.join(outdir, name + ".onnx")
    valid = MODELS["large_weight"]().SerializeToString()
    if name in ("external_weight", "external_missing"):
        # The weight's bytes live in a file next to the model.
        m = MODELS["large_weight"]()
        onnx.save_model(m, path, save_as_external_data=True, all_tensors_to_one_file=True,
                        location=name + ".bin", size_threshold=0)
        if name == "external_missing":
            os.remove(os.path.join(outdir, name + ".bin"))
    elif name == "truncated":
        write_bytes(path, valid[: len(valid) // 2])
    elif name == "garbage":
        write_bytes(path, b"this is not a protobuf \xff\xff\xff\xff")
    elif name == "empty":
        write_bytes(path, b"")
    elif name == "deep":
        # TypeProto.sequence_type.elem_type nested 1000 deep in a graph input (the limit is 64).
        def varint(n):
            out = b""
            while True:
                b, n = n & 0x7F, n >> 7
                out += bytes([b | 0x80]) if n else bytes([b])
                if not n:
                    return out

        def field(num, payload):
            return varint(num << 3 | 2) + varint(len(payload)) + payload
        t = b""
        for _ in range(1000):
            t = field(4, field(1, t))
        write_bytes(path, varint(1 << 3) + varint(8) + field(7, field(11, field(2, t))))
    else:
        return False
    return True


# --- low-precision types ------------------------------------------------------
# onnx 1.12 has no names for them: TensorProto.DataType numbers of ONNX 1.22.
LOWP = {"FLOAT8E4M3FN": 17, "FLOAT8E4M3FNUZ": 18, "FLOAT8E5M2": 19, "FLOAT8E5M2FNUZ": 20,
        "UINT4": 21, "INT4": 22, "FLOAT4E2M1": 23, "FLOAT8E8M0": 24, "UINT2": 25, "INT2": 26}


def raw(name, data_type, dims, data=None, int32_data=None):
    t = T()
    t.name, t.data_type = name, data_type
    t.dims.extend(dims)
    if data is not None:
        t.raw_data = bytes(data)
    else:
        t.int32_data.extend(int32_data)
    return t


# One graph input of each type, passed through Identity.
@register("lowp_inputs")
def _():
    names = list(LOWP)
    return model([node("Identity", [n], [n + "_out"], name=n) for n in names],
                 [(n, LOWP[n], [3]) for n in names], [(n + "_out", LOWP[n], [3]) for n in names],
                 opset=25, ir=11)


# Initializers: INT4 packed in raw_data (three values: the last byte half
# used), UINT2 packed four to a byte in int32_data, FLOAT8E4M3FN codes in
# int32_data, FLOAT4E2M1 in raw_data.
@register("lowp_initializers")
def _():
    inits = [raw("i4", LOWP["INT4"], [3], data=[0x8f, 0x07]),  # -1, -8, 7
             raw("u2", LOWP["UINT2"], [5], int32_data=[0b10010011, 0b01]),  # 3, 0, 1, 2, 1
             raw("f8", LOWP["FLOAT8E4M3FN"], [2], int32_data=[0x38, 0xfe]),  # 1, -448
             raw("f4", LOWP["FLOAT4E2M1"], [2], data=[0xf1])]  # 0.5, -6
    outs = [("i4", LOWP["INT4"], [3]), ("u2", LOWP["UINT2"], [5]), ("f8", LOWP["FLOAT8E4M3FN"], [2]),
            ("f4", LOWP["FLOAT4E2M1"], [2])]
    return model([node("Identity", [n], [n + "_out"], name=n) for n, _, _ in outs], [],
                 [(n + "_out", t, d) for n, t, d in outs], inits=inits, opset=25, ir=11)


# Data movement keeps the type: Transpose of INT4, Reshape of FLOAT8E5M2.
@register("lowp_movement")
def _():
    return model([node("Transpose", ["a"], ["t"], perm=[1, 0]), node("Reshape", ["b", "s"], ["r"])],
                 [("a", LOWP["INT4"], [2, 3]), ("b", LOWP["FLOAT8E5M2"], [2, 3])],
                 [("t", LOWP["INT4"], [3, 2]), ("r", LOWP["FLOAT8E5M2"], [3, 2])],
                 inits=[helper.make_tensor("s", I64, [2], [3, 2])], opset=25, ir=11)


# Saturate and round_mode reach dlc_graph.cast; a round_mode ONNX lacks is an
# error.
@register("lowp_cast_modes")
def _():
    return model([node("Cast", ["x"], ["a"], name="nosat", to=LOWP["FLOAT8E5M2"], saturate=0),
                  node("Cast", ["x"], ["b"], name="down", to=LOWP["FLOAT8E8M0"], round_mode="down"),
                  node("Cast", ["x"], ["c"], name="plain", to=LOWP["UINT4"])],
                 [("x", F, [2])], [("a", LOWP["FLOAT8E5M2"], [2]), ("b", LOWP["FLOAT8E8M0"], [2]),
                                   ("c", LOWP["UINT4"], [2])], opset=25, ir=11)


@register("lowp_bad_round_mode")
def _():
    return model([node("Cast", ["x"], ["y"], to=LOWP["FLOAT8E8M0"], round_mode="sideways")],
                 [("x", F, [2])], [("y", LOWP["FLOAT8E8M0"], [2])], opset=25, ir=11)


# Arithmetic does not take them: Add on INT4, QuantizeLinear to FLOAT8E8M0.
@register("lowp_add")
def _():
    return model([node("Add", ["a", "b"], ["c"])], [("a", LOWP["INT4"], [3]), ("b", LOWP["INT4"], [3])],
                 [("c", LOWP["INT4"], [3])], opset=25, ir=11)


@register("lowp_quantize_e8m0")
def _():
    return model([node("QuantizeLinear", ["x", "s"], ["y"], output_dtype=LOWP["FLOAT8E8M0"])],
                 [("x", F, [2]), ("s", F, [])], [("y", LOWP["FLOAT8E8M0"], [2])], opset=25, ir=11)


# Packed tensors for lowp_movement: INT4 [[1, 2, 3], [-8, 7, -1]] and six
# FLOAT8E5M2 codes (tiny, 57344, -0, -inf among them).
@register("lowp_a.pb")
def _():
    return raw("a", LOWP["INT4"], [2, 3], data=[0x21, 0x83, 0xf7])


@register("lowp_b.pb")
def _():
    return raw("b", LOWP["FLOAT8E5M2"], [2, 3], data=[0x01, 0x02, 0x03, 0x7b, 0x80, 0xfc])

def main():
    outdir, names = sys.argv[1], sys.argv[2:]
    os.makedirs(outdir, exist_ok=True)
    for name in names:
        if special(outdir, name):
            continue
        made = MODELS[name]()
        if name.endswith(".npy"):
            np.save(os.path.join(outdir, name), made)
        elif name.endswith(".pb"):
            write_bytes(os.path.join(outdir, name), made.SerializeToString())
        else:
            write_bytes(os.path.join(outdir, name + ".onnx"), made.SerializeToString())


if __name__ == "__main__":
    main()
