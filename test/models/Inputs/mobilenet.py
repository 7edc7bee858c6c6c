#!/usr/bin/python3
"""Writes a MobileNetV2-shaped ONNX model with random weights (fixed seed):
the depthwise-heavy mobile net of the benchmarks, as torchvision's
mobilenet_v2 exports with its batch norms folded (Conv with a bias, Clip 0..6
for ReLU6), without shipping 14 MB of weights.

  stem:      Conv 3x3/2 (3 -> 32), Clip
  block:     [Conv 1x1 (C -> t*C), Clip]  (expansion t > 1 only)
             Conv 3x3 depthwise/s (group t*C), Clip
             Conv 1x1 (t*C -> C'), Add the block's input when s = 1, C = C'
  head:      Conv 1x1 (320 -> 1280), Clip, GlobalAveragePool, Flatten, Gemm

The blocks (t, C', repeats, first stride) are torchvision's: 1,16,1,1
6,24,2,2 6,32,3,2 6,64,4,2 6,96,3,1 6,160,3,2 6,320,1,1: 52 convs (17
depthwise), 10 residual adds. --width scales every channel count (rounded to
multiples of 8, as torchvision does). The resolution must be divisible by 32.

Usage: mobilenet.py OUT.onnx [--resolution R] [--width W] [--classes N]
                             [--input IN.npy [--reference OUT.npy]] [--seed S]
--input writes a random input of the model's shape (.npy) for dlc-run --input;
--reference the model's output for it, computed by NumPy in float64 from the
graph's nodes (onnx_reference.py).
"""
import argparse

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from onnx_reference import evaluate, summary

BLOCKS = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1),
          (6, 160, 3, 2), (6, 320, 1, 1)]


def channels(c, width):
    """torchvision's _make_divisible(c * width, 8)."""
    v = max(8, int(c * width + 4) // 8 * 8)
    return v + 8 if v < 0.9 * c * width else v


def build(resolution, width, classes, seed):
    if resolution % 32 or resolution <= 0:
        raise SystemExit("mobilenet.py: --resolution must be a positive multiple of 32")
    rng = np.random.default_rng(seed)
    nodes, inits = [], []
    count = {"conv": 0}

    def init(name, array):
        inits.append(numpy_helper.from_array(array.astype(np.float32), name))
        return name

    def conv(x, cin, cout, k, stride=1, groups=1, relu6=True):
        i = count["conv"]
        count["conv"] += 1
        name = "conv%d" % i
        # He-scaled weights keep activations O(1) through the blocks.
        scale = np.sqrt(2.0 / (cin // groups * k * k))
        w = init(name + ".w", rng.standard_normal((cout, cin // groups, k, k)) * scale)
        b = init(name + ".b", rng.uniform(-0.05, 0.05, cout))
        y = name + ".y"
        nodes.append(helper.make_node("Conv", [x, w, b], [y], name=name, group=groups,
                                      kernel_shape=[k, k], strides=[stride, stride],
                                      pads=[k // 2] * 4))
        if not relu6:
            return y
        nodes.append(helper.make_node("Clip", [y, "relu6.min", "relu6.max"], [y + ".clip"],
                                      name=name + ".clip"))
        return y + ".clip"

    init("relu6.min", np.array(0.0))
    init("relu6.max", np.array(6.0))
    c = channels(32, width)
    x = conv("input", 3, c, 3, 2)
    for bi, (t, cout, repeats, stride) in enumerate(BLOCKS):
        cout = channels(cout, width)
        for r in range(repeats):
            s = stride if r == 0 else 1
            h = conv(x, c, c * t, 1) if t > 1 else x
            h = conv(h, c * t, c * t, 3, s, groups=c * t)
            h = conv(h, c * t, cout, 1, relu6=False)
            if s == 1 and c == cout:
                y = "block%d.%d.add" % (bi, r)
                nodes.append(helper.make_node("Add", [x, h], [y], name=y))
                h = y
            x, c = h, cout
    last = channels(1280, max(1.0, width))
    x = conv(x, c, last, 1)
    nodes.append(helper.make_node("GlobalAveragePool", [x], ["head.gap"], name="head.gap"))
    nodes.append(helper.make_node("Flatten", ["head.gap"], ["head.flat"], name="head.flat"))
    w = init("head.w", rng.standard_normal((classes, last)) * np.sqrt(1.0 / last))
    b = init("head.b", rng.uniform(-0.05, 0.05, classes))
    nodes.append(helper.make_node("Gemm", ["head.flat", w, b], ["output"], name="head.fc",
                                  transB=1))

    graph = helper.make_graph(
        nodes, "mobilenet_v2",
        [helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, 3, resolution, resolution])],
        [helper.make_tensor_value_info("output", TensorProto.FLOAT, [1, classes])],
        initializer=inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8  # readable by onnx 1.12's checker and every runtime here
    onnx.checker.check_model(model)
    return model


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--resolution", type=int, default=224)
    ap.add_argument("--width", type=float, default=1.0)
    ap.add_argument("--classes", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--input", help="also write a random input (.npy) of the model's shape")
    ap.add_argument("--reference", help="with --input: write the model's output for it (.npy)")
    args = ap.parse_args()
    model = build(args.resolution, args.width, args.classes, args.seed)
    onnx.save(model, args.out)
    if args.input:
        rng = np.random.default_rng(args.seed + 1)
        x = rng.uniform(-1, 1, (1, 3, args.resolution, args.resolution)).astype(np.float32)
        np.save(args.input, x)
        if args.reference:
            np.save(args.reference, evaluate(model, {"input": x})[0])
    print(summary("mobilenet", model))


if __name__ == "__main__":
    main()
