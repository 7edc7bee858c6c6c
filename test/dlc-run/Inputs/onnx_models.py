"""Writes small ONNX models and their tensors into a directory.

usage: onnx_models.py DIR

matmul.onnx: relu(x @ w) with a dynamic batch; reshape.onnx: Reshape whose
shape is a graph input (bound at import with --bind-input). References are
computed with NumPy.
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


if __name__ == "__main__":
    main(sys.argv[1])
