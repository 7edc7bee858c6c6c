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
graph's nodes (cnn_common.py: an oracle independent of DLC, for dlc-run
--expect).
"""
import argparse

import cnn_common


def build(resolution, blocks, growth, classes, batch_norm, seed):
    g = cnn_common.Graph("densenet", resolution, seed)

    def conv(x, cin, cout, k, stride=1):
        y = g.conv(x, cin, cout, k, stride)
        if not batch_norm:
            return y
        bn = "bn%d" % (g.convs - 1)
        stats = [g.init(bn + ".scale", g.rng.uniform(0.5, 1.5, cout)),
                 g.init(bn + ".bias", g.rng.uniform(-0.1, 0.1, cout)),
                 g.init(bn + ".mean", g.rng.uniform(-0.1, 0.1, cout)),
                 g.init(bn + ".var", g.rng.uniform(0.5, 1.5, cout))]
        return g.node("BatchNormalization", [y] + stats, bn + ".y", epsilon=1e-5)

    def relu(x):
        return g.node("Relu", [x], x + ".relu")

    x = relu(conv("input", 3, 64, 7, 2))
    x = g.node("MaxPool", [x], "stem.pool", kernel_shape=[3, 3], strides=[2, 2],
               pads=[1, 1, 1, 1])
    c = 64
    for bi, layers in enumerate(blocks):
        for li in range(layers):
            h = relu(conv(x, c, 4 * growth, 1))
            h = relu(conv(h, 4 * growth, growth, 3))
            x = g.node("Concat", [x, h], "block%d.layer%d.concat" % (bi, li), axis=1)
            c += growth
        if bi + 1 < len(blocks):
            h = conv(x, c, c // 2, 1)
            x = g.node("AveragePool", [h], "transition%d.pool" % bi, kernel_shape=[2, 2],
                       strides=[2, 2])
            c //= 2
    return g.classify(x, c, classes)


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
    cnn_common.write("densenet", model, args)


if __name__ == "__main__":
    main()
