#!/usr/bin/python3
"""Writes DIR/conv_shuffle.mlir (two ShuffleNetV2 units in dlc_graph: each
concatenates a passthrough half with a branch's convolutions, shuffles the
channels in `groups` groups (reshape, transpose, reshape) and splits them
into halves, the next branch convolving the second half) with seeded inputs
and NumPy's results (float64, then f32): DIR/x.npy, DIR/w*.npy,
DIR/expected0.npy (the last shuffle), DIR/expected1.npy (the first
unit's passthrough half), DIR/expected2.npy (the first convolution's
result, whose halves the first unit slices, shuffled over three group
dims: 2 x 2 x 5 channels permuted to 5 x 2 x 2).

    conv_shuffle.py DIR
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from nchw_reference import conv  # noqa: E402

# 10 channels per half: no whole vector, as ShuffleNetV2's 58.
C, H = 10, 5

# One unit: slice the halves of %{src}, convolve the second with %{w},
# concat, shuffle into %s{i}.
UNIT = """\
  %p{i} = "dlc_graph.slice"(%{src}) {{starts = array<i64: 0>, ends = array<i64: {C}>, axes = array<i64: 1>}} : (tensor<1x{C2}x{H}x{H}xf32>) -> tensor<1x{C}x{H}x{H}xf32>
  %q{i} = "dlc_graph.slice"(%{src}) {{starts = array<i64: {C}>, ends = array<i64: {C2}>, axes = array<i64: 1>}} : (tensor<1x{C2}x{H}x{H}xf32>) -> tensor<1x{C}x{H}x{H}xf32>
  %b{i} = "dlc_graph.conv"(%q{i}, %{w}) : (tensor<1x{C}x{H}x{H}xf32>, tensor<{C}x{C}x1x1xf32>) -> tensor<1x{C}x{H}x{H}xf32>
  %r{i} = "dlc_graph.relu"(%b{i}) : (tensor<1x{C}x{H}x{H}xf32>) -> tensor<1x{C}x{H}x{H}xf32>
  %c{i} = "dlc_graph.concat"(%p{i}, %r{i}) {{axis = 1 : i64}} : (tensor<1x{C}x{H}x{H}xf32>, tensor<1x{C}x{H}x{H}xf32>) -> tensor<1x{C2}x{H}x{H}xf32>
  %e{i} = "dlc_graph.reshape"(%c{i}) {{shape = array<i64: 1, 2, {C}, {H}, {H}>}} : (tensor<1x{C2}x{H}x{H}xf32>) -> tensor<1x2x{C}x{H}x{H}xf32>
  %t{i} = "dlc_graph.transpose"(%e{i}) {{perm = array<i64: 0, 2, 1, 3, 4>}} : (tensor<1x2x{C}x{H}x{H}xf32>) -> tensor<1x{C}x2x{H}x{H}xf32>
  %s{i} = "dlc_graph.reshape"(%t{i}) {{shape = array<i64: 1, {C2}, {H}, {H}>}} : (tensor<1x{C}x2x{H}x{H}xf32>) -> tensor<1x{C2}x{H}x{H}xf32>
"""

MODEL = """\
func.func @main(%x: tensor<1x3x{H}x{H}xf32>, %w0: tensor<{C2}x3x3x3xf32>, %w1: tensor<{C}x{C}x1x1xf32>, %w2: tensor<{C}x{C}x1x1xf32>) -> (tensor<1x{C2}x{H}x{H}xf32>, tensor<1x{C}x{H}x{H}xf32>, tensor<1x{C2}x{H}x{H}xf32>) {{
  %a = "dlc_graph.conv"(%x, %w0) {{pads = array<i64: 1, 1, 1, 1>}} : (tensor<1x3x{H}x{H}xf32>, tensor<{C2}x3x3x3xf32>) -> tensor<1x{C2}x{H}x{H}xf32>
{units}  %e2 = "dlc_graph.reshape"(%a) {{shape = array<i64: 1, 2, 2, {C4}, {H}, {H}>}} : (tensor<1x{C2}x{H}x{H}xf32>) -> tensor<1x2x2x{C4}x{H}x{H}xf32>
  %t2 = "dlc_graph.transpose"(%e2) {{perm = array<i64: 0, 3, 1, 2, 4, 5>}} : (tensor<1x2x2x{C4}x{H}x{H}xf32>) -> tensor<1x{C4}x2x2x{H}x{H}xf32>
  %s2 = "dlc_graph.reshape"(%t2) {{shape = array<i64: 1, {C2}, {H}, {H}>}} : (tensor<1x{C4}x2x2x{H}x{H}xf32>) -> tensor<1x{C2}x{H}x{H}xf32>
  return %s1, %p1, %s2 : tensor<1x{C2}x{H}x{H}xf32>, tensor<1x{C}x{H}x{H}xf32>, tensor<1x{C2}x{H}x{H}xf32>
}}
"""
DIMS = dict(C=C, C2=2 * C, C4=C // 2, H=H)
MODEL = MODEL.format(units=UNIT.format(i=0, src="a", w="w1", **DIMS) +
                     UNIT.format(i=1, src="s0", w="w2", **DIMS), **DIMS)


def shuffle(x):
    n, c, h, w = x.shape
    return x.reshape(n, 2, c // 2, h, w).transpose(0, 2, 1, 3, 4).reshape(n, c, h, w)


def main(out):
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(20261206)
    arrays = {
        "x": rng.standard_normal((1, 3, H, H)),
        "w0": rng.standard_normal((2 * C, 3, 3, 3)),
        "w1": rng.standard_normal((C, C, 1, 1)),
        "w2": rng.standard_normal((C, C, 1, 1)),
    }
    arrays = {k: v.astype(np.float32) for k, v in arrays.items()}
    f = {k: v.astype(np.float64) for k, v in arrays.items()}
    a = conv(f["x"], f["w0"], 1)
    s0 = shuffle(np.concatenate([a[:, :C], np.maximum(conv(a[:, C:], f["w1"], 0), 0)], axis=1))
    p1 = s0[:, :C]
    s1 = shuffle(np.concatenate([p1, np.maximum(conv(s0[:, C:], f["w2"], 0), 0)], axis=1))
    with open(os.path.join(out, "conv_shuffle.mlir"), "w") as file:
        file.write(MODEL)
    for name, array in arrays.items():
        np.save(os.path.join(out, name + ".npy"), array)
    np.save(os.path.join(out, "expected0.npy"), s1.astype(np.float32))
    np.save(os.path.join(out, "expected1.npy"), p1.astype(np.float32))
    v = conv(f["x"], f["w0"], 0)
    s2 = a.reshape(1, 2, 2, C // 2, H, H).transpose(0, 3, 1, 2, 4, 5).reshape(a.shape)
    np.save(os.path.join(out, "expected2.npy"), s2.astype(np.float32))


if __name__ == "__main__":
    main(sys.argv[1])
