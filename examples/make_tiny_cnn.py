#!/usr/bin/python3
"""Writes examples/tiny_cnn: a small CNN as an ONNX model (opset 17) with a
seeded input and its reference output, laid out like an ONNX backend test
(model.onnx, test_data_set_0/input_0.pb, output_0.pb), plus the same input
and output as raw little-endian float32 (input_0.f32, output_0.f32) for the
C caller of the compiled library (examples/tiny_cnn_main.c).

The reference is computed here with NumPy (direct convolution loops), not by
DLC. Run with Debian's python3 (numpy, onnx):
    /usr/bin/python3 examples/make_tiny_cnn.py [OUTDIR]   (default examples/tiny_cnn)
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

HERE = (sys.argv[1] if len(sys.argv) > 1 else
        os.path.join(os.path.dirname(os.path.abspath(__file__)), "tiny_cnn"))
rng = np.random.default_rng(2026)


def conv2d(x, w, b, pad):
    n, c, h, wd = x.shape
    m, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh, ow = h + 2 * pad - kh + 1, wd + 2 * pad - kw + 1
    y = np.zeros((n, m, oh, ow), np.float64)
    for i in range(kh):
        for j in range(kw):
            y += np.einsum("nchw,mc->nmhw", xp[:, :, i:i + oh, j:j + ow], w[:, :, i, j])
    return y + b.reshape(1, m, 1, 1)


def maxpool2(x):
    n, c, h, w = x.shape
    return x[:, :, :h // 2 * 2, :w // 2 * 2].reshape(n, c, h // 2, 2, w // 2, 2).max(axis=(3, 5))


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


w1 = rng.normal(0, 0.5, (4, 1, 3, 3)).astype(np.float32)
b1 = rng.normal(0, 0.1, (4,)).astype(np.float32)
w2 = rng.normal(0, 0.3, (8, 4, 3, 3)).astype(np.float32)
b2 = rng.normal(0, 0.1, (8,)).astype(np.float32)
w3 = rng.normal(0, 0.5, (10, 8)).astype(np.float32)
b3 = rng.normal(0, 0.1, (10,)).astype(np.float32)
x = rng.normal(0, 1, (1, 1, 12, 12)).astype(np.float32)

h = np.maximum(conv2d(x.astype(np.float64), w1, b1, 1), 0)
h = maxpool2(h)
h = np.maximum(conv2d(h, w2, b2, 1), 0)
h = h.mean(axis=(2, 3))
y = softmax(h @ w3.T.astype(np.float64) + b3).astype(np.float32)

nodes = [
    helper.make_node("Conv", ["x", "w1", "b1"], ["c1"], name="conv1", pads=[1, 1, 1, 1]),
    helper.make_node("Relu", ["c1"], ["r1"], name="relu1"),
    helper.make_node("MaxPool", ["r1"], ["p1"], name="pool1", kernel_shape=[2, 2], strides=[2, 2]),
    helper.make_node("Conv", ["p1", "w2", "b2"], ["c2"], name="conv2", pads=[1, 1, 1, 1]),
    helper.make_node("Relu", ["c2"], ["r2"], name="relu2"),
    helper.make_node("GlobalAveragePool", ["r2"], ["g"], name="gap"),
    helper.make_node("Flatten", ["g"], ["f"], name="flatten"),
    helper.make_node("Gemm", ["f", "w3", "b3"], ["logits"], name="fc", transB=1),
    helper.make_node("Softmax", ["logits"], ["probs"], name="softmax", axis=1),
]
graph = helper.make_graph(
    nodes, "tiny_cnn",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 12, 12])],
    [helper.make_tensor_value_info("probs", TensorProto.FLOAT, [1, 10])],
    [numpy_helper.from_array(v, n) for n, v in
     [("w1", w1), ("b1", b1), ("w2", w2), ("b2", b2), ("w3", w3), ("b3", b3)]])
model = helper.make_model(graph, producer_name="dlc-examples",
                          opset_imports=[helper.make_opsetid("", 17)])
model.ir_version = 8
onnx.checker.check_model(model)

os.makedirs(os.path.join(HERE, "test_data_set_0"), exist_ok=True)
onnx.save(model, os.path.join(HERE, "model.onnx"))
for name, value in [("input_0", x), ("output_0", y)]:
    with open(os.path.join(HERE, "test_data_set_0", name + ".pb"), "wb") as f:
        f.write(numpy_helper.from_array(value).SerializeToString())
    value.astype("<f4").tofile(os.path.join(HERE, name + ".f32"))
print("wrote", HERE, "probs:", np.round(y.ravel(), 4))
