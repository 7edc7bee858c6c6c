"""Writes small ONNX models and their tensors into a directory.

usage: onnx_models.py DIR

matmul.onnx: relu(x @ w) with a dynamic batch; reshape.onnx: Reshape whose
shape is a graph input (bound at import with --bind-input). reshape_add.onnx:
reshape(x, shape) + y with backend-test data in which the shape-like input is
input_1.pb, between two data inputs (--bind-shape-inputs), and broken variants
of that data; shape_as_data.onnx / data_then_shape.onnx: a graph input used
both as data and as a shape. References are computed with NumPy.
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def save_model(path, nodes, inputs, outputs, initializers=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs, list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.save(model, path)


def main(d):
    os.makedirs(d, exist_ok=True)
    w = np.arange(12, dtype=np.float32).reshape(4, 3) / 4 - 1
    save_model(os.path.join(d, "matmul.onnx"),
               [helper.make_node("MatMul", ["x", "w"], ["h"]),
                helper.make_node("Relu", ["h"], ["y"])],
               [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 4])],
               [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", 3])],
               [numpy_helper.from_array(w, "w")])
    x = np.random.default_rng(6).uniform(-2, 2, (2, 4)).astype(np.float32)
    data = os.path.join(d, "test_data_set_0")
    os.makedirs(data)
    for name, array in (("input_0", x), ("output_0", np.maximum(x @ w, 0))):
        with open(os.path.join(data, name + ".pb"), "wb") as f:
            f.write(numpy_helper.from_array(array).SerializeToString())

    save_model(os.path.join(d, "reshape.onnx"),
               [helper.make_node("Reshape", ["x", "shape"], ["y"])],
               [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 6]),
                helper.make_tensor_value_info("shape", TensorProto.INT64, [2])],
               [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)])
    x = np.arange(12, dtype=np.float32).reshape(2, 6)
    np.save(os.path.join(d, "x26.npy"), x)
    np.save(os.path.join(d, "shape.npy"), np.array([3, 4], dtype=np.int64))
    np.save(os.path.join(d, "y34.npy"), x.reshape(3, 4))

    reshape_add(d)
    for name, nodes in (("shape_as_data", [helper.make_node("Reshape", ["x", "shape"], ["r"]),
                                           helper.make_node("Cast", ["shape"], ["y"], to=TensorProto.FLOAT)]),
                         ("data_then_shape", [helper.make_node("Cast", ["shape"], ["y"], to=TensorProto.FLOAT),
                                              helper.make_node("Reshape", ["x", "shape"], ["r"])])):
        save_model(os.path.join(d, name + ".onnx"), nodes,
                   [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 6]),
                    helper.make_tensor_value_info("shape", TensorProto.INT64, [2])],
                   [helper.make_tensor_value_info("r", TensorProto.FLOAT, [3, 4]),
                    helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])])
        data = os.path.join(d, name + "_data")
        os.makedirs(data)
        write_pb(data, "input_0", x)
        write_pb(data, "input_1", np.array([3, 4], dtype=np.int64))
        write_pb(data, "output_0", x.reshape(3, 4))
        write_pb(data, "output_1", np.array([3, 4], dtype=np.float32))


def write_pb(d, name, array):
    with open(os.path.join(d, name + ".pb"), "wb") as f:
        f.write(numpy_helper.from_array(array).SerializeToString())


def reshape_add(d):
    """Graph inputs x, shape, y: input_1.pb is the shape DLC needs at compile time."""
    save_model(os.path.join(d, "reshape_add.onnx"),
               [helper.make_node("Reshape", ["x", "shape"], ["r"]),
                helper.make_node("Add", ["r", "y"], ["z"])],
               [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 6]),
                helper.make_tensor_value_info("shape", TensorProto.INT64, [2]),
                helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 4])],
               [helper.make_tensor_value_info("z", TensorProto.FLOAT, [3, 4])])
    x = np.arange(12, dtype=np.float32).reshape(2, 6)
    y = np.linspace(-1, 1, 12, dtype=np.float32).reshape(3, 4)
    shape = np.array([3, 4], dtype=np.int64)
    sets = {"good": (x, shape, y),
            "float_shape": (x, shape.astype(np.float32), y),  # wrong dtype for the input
            "missing_shape": (x,),                             # no input_1.pb
            "extra_input": (x, shape, y, y)}                   # one file too many
    for name, inputs in sets.items():
        data = os.path.join(d, "reshape_add_" + name)
        os.makedirs(data)
        for i, array in enumerate(inputs):
            write_pb(data, "input_%d" % i, array)
        write_pb(data, "output_0", x.reshape(3, 4) + y)


if __name__ == "__main__":
    main(sys.argv[1])
