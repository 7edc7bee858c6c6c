#!/usr/bin/python3
"""Writes a DenseNet-121-shaped ONNX model with random weights (fixed seed):
the many-node CNN of the compile-time work (issue 7). It has no real weights
to ship: its shape is what matters (~120 convs, ~58 concats whose operands
grow channel by channel), so tests and benchmarks generate it instead of
committing a 30 MB binary.

  stem:        Conv 7x7/2 (3 -> 64), Relu, MaxPool 3x3/2
  dense layer: Conv 1x1 (C -> 4*growth), Relu, Conv 3x3 (-> growth), Relu,
               Concat [layer input, new features]  (C grows by `growth`)
  transition:  Conv 1x1 (C -> C/2), AvgPool 2x2/2   (between blocks)
  head:        GlobalAveragePool, Flatten, Gemm (C -> classes)

With the default blocks 6,12,24,16 that is 120 convs and 58 concats (302
nodes; --batch-norm adds a BatchNormalization after every conv: 422). The
resolution must be divisible by 32 (224 for benchmarks; 32 or 64 for tests:
the last block then runs at 1x1 or 2x2).

Usage: densenet.py OUT.onnx [--resolution R] [--blocks 6,12,24,16]
                            [--growth 32] [--classes 1000] [--batch-norm]
                            [--input IN.npy [--reference OUT.npy]] [--seed S]
--input writes a random input of the model's shape (.npy) for dlc-run --input;
--reference the model's output for it, computed by NumPy in float64 from the
graph's nodes (onnx_reference.py: an oracle independent of DLC, for dlc-run
--expect).
"""
import argparse

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from onnx_reference import evaluate, summary


def build(resolution, blocks, growth, classes, batch_norm, seed):
    if resolution % 32 or resolution <= 0:
        raise SystemExit("densenet.py: --resolution must be a positive multiple of 32")
    rng = np.random.default_rng(seed)
    nodes, inits = [], []
    count = {"conv": 0}

    def init(name, array):
        inits.append(numpy_helper.from_array(array.astype(np.float32), name))
        return name

    def conv(x, cin, cout, k, stride=1):
        i = count["conv"]
        count["conv"] += 1
        name = "conv%d" % i
        # He-scaled weights keep activations O(1) through 120 convs and
        # their Relus, so a fast/naive comparison has meaningful numbers.
        scale = np.sqrt(2.0 / (cin * k * k))
        w = init(name + ".w", rng.standard_normal((cout, cin, k, k)) * scale)
        b = init(name + ".b", rng.uniform(-0.05, 0.05, cout))
        y = name + ".y"
        nodes.append(helper.make_node("Conv", [x, w, b], [y], name=name,
                                      kernel_shape=[k, k], strides=[stride, stride],
                                      pads=[k // 2] * 4))
        if batch_norm:
            bn = "bn%d" % i
            gamma = init(bn + ".scale", rng.uniform(0.5, 1.5, cout))
            beta = init(bn + ".bias", rng.uniform(-0.1, 0.1, cout))
            mean = init(bn + ".mean", rng.uniform(-0.1, 0.1, cout))
            var = init(bn + ".var", rng.uniform(0.5, 1.5, cout))
            nodes.append(helper.make_node("BatchNormalization", [y, gamma, beta, mean, var],
                                          [bn + ".y"], name=bn, epsilon=1e-5))
            y = bn + ".y"
        return y

    def relu(x):
        y = x + ".relu"
        nodes.append(helper.make_node("Relu", [x], [y], name=y))
        return y

    x = relu(conv("input", 3, 64, 7, 2))
    nodes.append(helper.make_node("MaxPool", [x], ["stem.pool"], name="stem.pool",
                                  kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1]))
    x, c = "stem.pool", 64
    for bi, layers in enumerate(blocks):
        for li in range(layers):
            h = relu(conv(x, c, 4 * growth, 1))
            h = relu(conv(h, 4 * growth, growth, 3))
            y = "block%d.layer%d.concat" % (bi, li)
            nodes.append(helper.make_node("Concat", [x, h], [y], name=y, axis=1))
            x, c = y, c + growth
        if bi + 1 < len(blocks):
            h = conv(x, c, c // 2, 1)
            y = "transition%d.pool" % bi
            nodes.append(helper.make_node("AveragePool", [h], [y], name=y,
                                          kernel_shape=[2, 2], strides=[2, 2]))
            x, c = y, c // 2
    nodes.append(helper.make_node("GlobalAveragePool", [x], ["head.gap"], name="head.gap"))
    nodes.append(helper.make_node("Flatten", ["head.gap"], ["head.flat"], name="head.flat"))
    w = init("head.w", rng.standard_normal((classes, c)) * np.sqrt(1.0 / c))
    b = init("head.b", rng.uniform(-0.05, 0.05, classes))
    nodes.append(helper.make_node("Gemm", ["head.flat", w, b], ["output"], name="head.fc",
                                  transB=1))

    graph = helper.make_graph(
        nodes, "densenet",
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
    ap.add_argument("--blocks", default="6,12,24,16",
                    help="layers per dense block, comma-separated")
    ap.add_argument("--growth", type=int, default=32)
    ap.add_argument("--classes", type=int, default=1000)
    ap.add_argument("--batch-norm", action="store_true",
                    help="a BatchNormalization after every conv (as unfolded exports have)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--input", help="also write a random input (.npy) of the model's shape")
    ap.add_argument("--reference", help="with --input: write the model's output for it (.npy)")
    args = ap.parse_args()
    blocks = [int(b) for b in args.blocks.split(",") if b]
    model = build(args.resolution, blocks, args.growth, args.classes, args.batch_norm, args.seed)
    onnx.save(model, args.out)
    if args.input:
        rng = np.random.default_rng(args.seed + 1)
        x = rng.uniform(-1, 1, (1, 3, args.resolution, args.resolution)).astype(np.float32)
        np.save(args.input, x)
        if args.reference:
            np.save(args.reference, evaluate(model, {"input": x})[0])
    print(summary("densenet", model))


if __name__ == "__main__":
    main()
