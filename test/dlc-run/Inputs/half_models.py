"""Writes half-precision models and their tensors into a directory.

usage: half_models.py DIR

f16.onnx: transpose(tanh(x * w + b)) on FLOAT16 (w, b initializers), with
x.npy and NumPy's float16 result y.npy (NumPy rounds each op's result to
float16, as DLC does); f16_copy.onnx: a Transpose, to show values;
bf16.onnx: Relu on BFLOAT16 with backend-test data (bf16/input_0.pb and
output_0.pb: NumPy has no bfloat16, TensorProto does).
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def save_model(path, nodes, inputs, outputs, initializers=()):
    graph = helper.make_graph(nodes, "g", inputs, outputs, list(initializers))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, path)


def bf16_tensor(name, values):
    """A BFLOAT16 TensorProto of float32 values whose low halves are zero."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32) >> 16
    t = TensorProto(name=name, data_type=TensorProto.BFLOAT16, dims=list(np.shape(values)))
    t.raw_data = bits.astype("<u2").tobytes()
    return t


def main(d):
    os.makedirs(d, exist_ok=True)
    H = TensorProto.FLOAT16
    w = np.linspace(-2, 2, 6, dtype=np.float16).reshape(2, 3)
    b = np.array([0.1, -0.3, 0.7], dtype=np.float16)
    save_model(os.path.join(d, "f16.onnx"),
               [helper.make_node("Mul", ["x", "w"], ["m"]),
                helper.make_node("Add", ["m", "b"], ["a"]),
                helper.make_node("Tanh", ["a"], ["t"]),
                helper.make_node("Transpose", ["t"], ["y"], perm=[1, 0])],
               [helper.make_tensor_value_info("x", H, [2, 3])],
               [helper.make_tensor_value_info("y", H, [3, 2])],
               [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")])
    x = np.array([[0.1, 0.25, -0.5], [1.0, 0.333, -0.2]], dtype=np.float16)
    np.save(os.path.join(d, "x.npy"), x)
    np.save(os.path.join(d, "y.npy"), np.ascontiguousarray(np.tanh(x * w + b).T))

    save_model(os.path.join(d, "f16_copy.onnx"),
               [helper.make_node("Transpose", ["x"], ["y"], perm=[1, 0])],
               [helper.make_tensor_value_info("x", H, [2, 3])],
               [helper.make_tensor_value_info("y", H, [3, 2])])

    B = TensorProto.BFLOAT16
    save_model(os.path.join(d, "bf16.onnx"), [helper.make_node("Relu", ["x"], ["y"])],
               [helper.make_tensor_value_info("x", B, [4])],
               [helper.make_tensor_value_info("y", B, [4])])
    data = os.path.join(d, "bf16")
    os.makedirs(data, exist_ok=True)
    xs = [1.5, -2.0, 0.375, -0.125]
    for name, values in (("input_0", xs), ("output_0", [max(v, 0) for v in xs])):
        with open(os.path.join(data, name + ".pb"), "wb") as f:
            f.write(bf16_tensor(name, values).SerializeToString())


if __name__ == "__main__":
    main(sys.argv[1])
