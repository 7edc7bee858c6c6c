#!/usr/bin/python3
"""Writes DIR/conv_concat.mlir (a DenseNet layer in dlc_graph: a conv and
its relu concatenated to the layer's input, which comes from a conv too,
along the channels; then a conv of the concat, and the concat itself as a
second result) with seeded inputs and NumPy's results (float64, then f32):
DIR/x.npy, DIR/w0.npy, DIR/w1.npy, DIR/w2.npy, DIR/expected0.npy,
DIR/expected1.npy.

    conv_concat.py DIR
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nchw_reference import conv  # noqa: E402

MODEL = """\
func.func @main(%x: tensor<1x3x6x6xf32>, %w0: tensor<8x3x3x3xf32>, %w1: tensor<4x8x3x3xf32>, %w2: tensor<5x12x1x1xf32>) -> (tensor<1x5x6x6xf32>, tensor<1x12x6x6xf32>) {
  %a = "dlc_graph.conv"(%x, %w0) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x6x6xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x6x6xf32>
  %b = "dlc_graph.conv"(%a, %w1) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x8x6x6xf32>, tensor<4x8x3x3xf32>) -> tensor<1x4x6x6xf32>
  %r = "dlc_graph.relu"(%b) : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %c = "dlc_graph.concat"(%a, %r) {axis = 1 : i64} : (tensor<1x8x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x12x6x6xf32>
  %y = "dlc_graph.conv"(%c, %w2) : (tensor<1x12x6x6xf32>, tensor<5x12x1x1xf32>) -> tensor<1x5x6x6xf32>
  return %y, %c : tensor<1x5x6x6xf32>, tensor<1x12x6x6xf32>
}
"""


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(20261205)
    arrays = {
        "x": rng.standard_normal((1, 3, 6, 6)),
        "w0": rng.standard_normal((8, 3, 3, 3)),
        "w1": rng.standard_normal((4, 8, 3, 3)),
        "w2": rng.standard_normal((5, 12, 1, 1)),
    }
    arrays = {k: v.astype(np.float32) for k, v in arrays.items()}
    f = {k: v.astype(np.float64) for k, v in arrays.items()}
    a = conv(f["x"], f["w0"], 1)
    r = np.maximum(conv(a, f["w1"], 1), 0)
    c = np.concatenate([a, r], axis=1)
    y = conv(c, f["w2"], 0)
    with open(os.path.join(out, "conv_concat.mlir"), "w") as file:
        file.write(MODEL)
    for name, array in arrays.items():
        np.save(os.path.join(out, name + ".npy"), array)
    np.save(os.path.join(out, "expected0.npy"), y.astype(np.float32))
    np.save(os.path.join(out, "expected1.npy"), c.astype(np.float32))


if __name__ == "__main__":
    main(sys.argv[1])
