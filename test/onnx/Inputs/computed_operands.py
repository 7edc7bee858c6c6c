#!/usr/bin/python3
"""Writes models whose shape-like inputs (Squeeze/Unsqueeze axes, Pad pads,
constant_value and axes, Slice axes and steps, Tile repeats, Reduce* axes,
Reshape shapes) other nodes compute from static shapes, as exporters do
(Shape -> Gather -> Unsqueeze -> Concat, Shape -> Slice -> ReduceProd,
Equal -> Where -> ReduceMax), with NumPy's results as test data: one folder
per case, DIR/NAME/model.onnx and DIR/NAME/test_data_set_0/{input,output}_N.pb.
Cases named `runtime_*` compute an operand from run-time values: the
importer must refuse them.

    computed_operands.py DIR
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper

F, I64 = T.FLOAT, T.INT64
N = helper.make_node
RNG = np.random.default_rng(20261204)


def const(name, value):
    return N("Constant", [], [name], name=name, value=numpy_helper.from_array(np.asarray(value),
                                                                             name + "_value"))


def dim(x, i, out):
    """dim i of x as a 1-element int64 vector: Shape -> Gather -> Unsqueeze."""
    return [N("Shape", [x], [out + "_shape"], name=out + "_shape"),
            const(out + "_index", np.int64(i)),
            N("Gather", [out + "_shape", out + "_index"], [out + "_dim"], name=out + "_gather"),
            const(out + "_zero", np.array([0], np.int64)),
            N("Unsqueeze", [out + "_dim", out + "_zero"], [out], name=out + "_unsqueeze")]


def data(shape):
    return RNG.standard_normal(shape).astype(np.float32)


CASES = {}


def case(name, opset=13):
    def wrap(fn):
        CASES[name] = (fn, opset)
        return fn
    return wrap


# dim 0 of x (2) as the axis of a size-1 dim
@case("squeeze_axes")
def _():
    x = data((2, 3, 1, 4))
    return dim("x", 0, "axes") + [N("Squeeze", ["x", "axes"], ["y"])], [x], [np.squeeze(x, 2)]


@case("unsqueeze_axes")
def _():
    x = data((2, 3))
    return dim("x", 0, "axes") + [N("Unsqueeze", ["x", "axes"], ["y"])], [x], [x[:, :, None]]


# pads: a Concat of three inputs (two dlc_graph.concat ops), and a
# constant_value cast from a dim and reshaped to a scalar
@case("pad_pads_value")
def _():
    x = data((2, 3))
    nodes = dim("x", 0, "p0") + dim("x", 1, "p1") + [
        const("p2", np.array([0, 1], np.int64)),
        N("Concat", ["p0", "p1", "p2"], ["pads"], axis=0),
        N("Cast", ["p1"], ["value_1"], to=F),
        const("scalar", np.array([], np.int64)),
        N("Reshape", ["value_1", "scalar"], ["value"]),
        N("Pad", ["x", "pads", "value"], ["y"])]
    return nodes, [x], [np.pad(x, ((2, 0), (3, 1)), constant_values=3.0)]


@case("pad_axes", opset=18)
def _():
    x = data((2, 3))
    nodes = dim("x", 0, "a0") + [
        const("one", np.array([1], np.int64)), N("Sub", ["a0", "one"], ["axes"]),
        const("pads", np.array([1, 2], np.int64)),
        N("Pad", ["x", "pads", "", "axes"], ["y"], mode="reflect")]
    return nodes, [x], [np.pad(x, ((0, 0), (1, 2)), mode="reflect")]


@case("slice_axes_steps")
def _():
    x = data((2, 5))
    nodes = dim("x", 0, "a0") + [
        const("one", np.array([1], np.int64)), N("Sub", ["a0", "one"], ["axes"]),
        N("Neg", ["one"], ["steps"]),
        const("starts", np.array([-1], np.int64)), const("ends", np.array([-100], np.int64)),
        N("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"])]
    return nodes, [x], [x[:, ::-1]]


# every input of Slice computed: starts 1, ends dim 1 - 1, axes [1], steps [2]
@case("slice_all_computed")
def _():
    x = data((3, 7))
    nodes = dim("x", 1, "d1") + [
        const("one", np.array([1], np.int64)), const("two", np.array([2], np.int64)),
        N("Sub", ["d1", "one"], ["ends"]), N("Div", ["two", "two"], ["starts"]),
        N("Div", ["d1", "d1"], ["axes"]), N("Max", ["one", "two"], ["steps"]),
        N("Slice", ["x", "starts", "ends", "axes", "steps"], ["y"])]
    return nodes, [x], [x[:, 1:6:2]]


@case("tile_repeats")
def _():
    x = data((2, 3))
    nodes = dim("x", 0, "r0") + [const("r1", np.array([1], np.int64)),
                                 N("Concat", ["r0", "r1"], ["repeats"], axis=0),
                                 N("Tile", ["x", "repeats"], ["y"])]
    return nodes, [x], [np.tile(x, (2, 1))]


@case("reduce_sum_axes")
def _():
    x = data((2, 3, 1, 4))
    nodes = dim("x", 0, "axes") + [N("ReduceSum", ["x", "axes"], ["y"], keepdims=0)]
    return nodes, [x], [x.sum(axis=2)]


@case("reduce_mean_axes", opset=18)
def _():
    x = data((2, 3, 1, 4))
    nodes = dim("x", 0, "axes") + [N("ReduceMean", ["x", "axes"], ["y"])]
    return nodes, [x], [x.mean(axis=2, keepdims=True)]


# axes = Range(2, rank): the trailing dims
@case("reduce_max_range_axes", opset=18)
def _():
    x = data((2, 3, 5, 4))
    nodes = [N("Shape", ["x"], ["shape"]), N("Size", ["shape"], ["rank"]),
             const("two", np.int64(2)), const("step", np.int64(1)),
             N("Range", ["two", "rank", "step"], ["axes"]),
             N("ReduceMax", ["x", "axes"], ["y"], keepdims=0)]
    return nodes, [x], [x.max(axis=(2, 3))]


# Flatten as exporters write it: dim 0, and the product of the others
@case("reshape_reduce_prod")
def _():
    x = data((2, 3, 1, 4))
    nodes = dim("x", 0, "d0") + [
        N("Shape", ["x"], ["shape"]),
        const("begin", np.array([1], np.int64)), const("end", np.array([100], np.int64)),
        N("Slice", ["shape", "begin", "end"], ["tail"]),
        N("ReduceProd", ["tail"], ["prod"], keepdims=1),
        N("Concat", ["d0", "prod"], ["target"], axis=0),
        N("Reshape", ["x", "target"], ["y"])]
    return nodes, [x], [x.reshape(2, 12)]


# squeeze the size-1 dim, found with Equal -> Where -> ReduceMax
@case("squeeze_where_reduce_max")
def _():
    x = data((2, 3, 1, 4))
    nodes = [N("Shape", ["x"], ["shape"]), const("one", np.array([1], np.int64)),
             N("Equal", ["shape", "one"], ["is_one"]),
             const("index", np.arange(4, dtype=np.int64)),
             const("none", np.array([-99], np.int64)),
             N("Where", ["is_one", "index", "none"], ["where"]),
             N("ReduceMax", ["where"], ["axes"], keepdims=1),
             N("Squeeze", ["x", "axes"], ["y"])]
    return nodes, [x], [np.squeeze(x, 2)]


# Not known at compile time: axes from the values of a graph input.
@case("runtime_axes")
def _():
    x = data((2, 3, 1, 4))
    nodes = [N("Cast", ["a"], ["axes"], to=I64), N("Squeeze", ["x", "axes"], ["y"])]
    return nodes, [x, np.array([2.0], np.float32)], [np.squeeze(x, 2)]


@case("runtime_pads")
def _():
    x = data((2, 3))
    nodes = [N("Cast", ["a"], ["pads"], to=I64), N("Pad", ["x", "pads"], ["y"], mode="edge")]
    return nodes, [x, np.array([0, 1, 0, 2], np.float32)], [np.pad(x, ((0, 0), (1, 2)), mode="edge")]


def value_info(name, array, dims=None):
    elem = {np.dtype(np.float32): F, np.dtype(np.int64): I64}[array.dtype]
    return helper.make_tensor_value_info(name, elem, dims or list(array.shape))


# Not known at compile time: axes from a dim that is dynamic (`batch`).
@case("runtime_dynamic_dim")
def _():
    x = data((2, 3, 1, 4))
    return dim("x", 0, "axes") + [N("Squeeze", ["x", "axes"], ["y"])], [x], [np.squeeze(x, 2)]


DIMS = {"runtime_dynamic_dim": ["batch", 3, 1, 4]}


def main(out):
    for name, (fn, opset) in CASES.items():
        nodes, inputs, outputs = fn()
        names = ["x", "a"][:len(inputs)]
        declared = [value_info(n, a, DIMS.get(name) if n == "x" else None)
                    for n, a in zip(names, inputs)]
        graph = helper.make_graph(nodes, name, declared, [value_info("y", outputs[0])])
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
        model.ir_version = 8
        d = os.path.join(out, name, "test_data_set_0")
        os.makedirs(d, exist_ok=True)
        onnx.save(model, os.path.join(out, name, "model.onnx"))
        for kind, arrays, names_ in (("input", inputs, names), ("output", outputs, ["y"])):
            for i, (a, n) in enumerate(zip(arrays, names_)):
                with open(os.path.join(d, "%s_%d.pb" % (kind, i)), "wb") as f:
                    f.write(numpy_helper.from_array(np.asarray(a), n).SerializeToString())


if __name__ == "__main__":
    main(sys.argv[1])
