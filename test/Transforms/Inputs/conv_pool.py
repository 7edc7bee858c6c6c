#!/usr/bin/python3
"""Writes DIR/conv_pool.mlir (a padded conv, relu and a 3x3 max pool in
dlc_graph) with seeded inputs and NumPy's result (float64, then f32):
DIR/x.npy, DIR/w.npy, DIR/expected.npy.

    conv_pool.py DIR
"""
import os
import sys

import numpy as np

MODEL = """\
func.func @main(%x: tensor<1x3x9x9xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x3x3xf32> {
  %y = "dlc_graph.conv"(%x, %w) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x9x9xf32>, tensor<8x3x3x3xf32>) -> tensor<1x8x9x9xf32>
  %r = "dlc_graph.relu"(%y) : (tensor<1x8x9x9xf32>) -> tensor<1x8x9x9xf32>
  %p = "dlc_graph.max_pool"(%r) {kernel_shape = array<i64: 3, 3>, strides = array<i64: 3, 3>} : (tensor<1x8x9x9xf32>) -> tensor<1x8x3x3xf32>
  return %p : tensor<1x8x3x3xf32>
}
"""


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(20261204)
    x = rng.standard_normal((1, 3, 9, 9)).astype(np.float32)
    w = rng.standard_normal((8, 3, 3, 3)).astype(np.float32)
    padded = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (1, 1), (1, 1)))
    y = np.zeros((1, 8, 9, 9))
    for i in range(9):
        for j in range(9):
            y[0, :, i, j] = np.tensordot(w, padded[0, :, i:i + 3, j:j + 3], axes=3)
    pooled = np.maximum(y, 0).reshape(1, 8, 3, 3, 3, 3).max(axis=(3, 5))
    with open(os.path.join(out, "conv_pool.mlir"), "w") as f:
        f.write(MODEL)
    np.save(os.path.join(out, "x.npy"), x)
    np.save(os.path.join(out, "w.npy"), w)
    np.save(os.path.join(out, "expected.npy"), pooled.astype(np.float32))


if __name__ == "__main__":
    main(sys.argv[1])
