#!/usr/bin/python3
"""Writes convolutions and matrix-vector Gemms with constant weights whose
output channels fill no vector (dlc-convert-layout pads them with zero
weights when compiling and slices the result), with NumPy's results as test
data: DIR/caseN/model.onnx and DIR/caseN/test_data_set_0/*.pb.

    narrow_channels_cases.py DIR
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper


def conv_ref(x, w, b, stride, pad):
    n, c, h, wd = x.shape
    f, _, kh, kw = w.shape
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh, ow = (h + 2 * pad - kh) // stride + 1, (wd + 2 * pad - kw) // stride + 1
    y = np.zeros((n, f, oh, ow), np.float64)
    for i in range(kh):
        for j in range(kw):
            patch = xp[:, :, i:i + stride * oh:stride, j:j + stride * ow:stride]
            y += np.einsum("nchw,fc->nfhw", patch, w[:, :, i, j])
    return y + b.reshape(1, f, 1, 1)


# (filters, input channels, size, kernel, stride, pad): 1, 3, 6 and 13
# filters pad to 8 or 16; 12 fills 128-bit vectors and is left as it is.
CONVS = [(1, 3, 9, 3, 1, 1), (3, 2, 8, 5, 2, 2), (6, 1, 12, 5, 1, 2), (13, 4, 7, 3, 1, 0),
         (12, 3, 6, 3, 1, 1)]
# (rows, k, n) of Gemm(x, W^T) + bias with W constant.
GEMMS = [(1, 400, 120), (1, 120, 84), (2, 84, 10), (3, 7, 1), (1, 33, 17)]


def save(d, nodes, inputs, outputs, inits, feeds, wants):
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    model = helper.make_model(helper.make_graph(nodes, "g", inputs, outputs, initializer=inits),
                              opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.save(model, os.path.join(d, "model.onnx"))
    for kind, arrays in (("input", feeds), ("output", wants)):
        for i, a in enumerate(arrays):
            with open(os.path.join(d, "test_data_set_0", "%s_%d.pb" % (kind, i)), "wb") as f:
                f.write(numpy_helper.from_array(a).SerializeToString())


def main(out):
    rng = np.random.default_rng(7)
    index = 0
    for f, c, size, k, stride, pad in CONVS:
        x = rng.standard_normal((1, c, size, size)).astype(np.float32)
        w = rng.standard_normal((f, c, k, k)).astype(np.float32)
        b = rng.standard_normal(f).astype(np.float32)
        y = np.maximum(conv_ref(x.astype(np.float64), w.astype(np.float64), b, stride, pad), 0)
        y = y.astype(np.float32)
        nodes = [helper.make_node("Conv", ["x", "w", "b"], ["c"], kernel_shape=[k, k],
                                  strides=[stride, stride], pads=[pad] * 4),
                 helper.make_node("Relu", ["c"], ["y"])]
        save(os.path.join(out, "case%d" % index), nodes,
             [helper.make_tensor_value_info("x", T.FLOAT, x.shape)],
             [helper.make_tensor_value_info("y", T.FLOAT, y.shape)],
             [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")], [x], [y])
        index += 1
    for m, k, n in GEMMS:
        x = rng.standard_normal((m, k)).astype(np.float32)
        w = rng.standard_normal((n, k)).astype(np.float32)
        b = rng.standard_normal(n).astype(np.float32)
        y = (x.astype(np.float64) @ w.astype(np.float64).T + b).astype(np.float32)
        node = helper.make_node("Gemm", ["x", "w", "b"], ["y"], transB=1)
        save(os.path.join(out, "case%d" % index), [node],
             [helper.make_tensor_value_info("x", T.FLOAT, x.shape)],
             [helper.make_tensor_value_info("y", T.FLOAT, y.shape)],
             [numpy_helper.from_array(w, "w"), numpy_helper.from_array(b, "b")], [x], [y])
        index += 1


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    main(sys.argv[1])
