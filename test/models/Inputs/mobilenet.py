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
graph's nodes (cnn_common.py).
"""
import argparse

import cnn_common

BLOCKS = [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1),
          (6, 160, 3, 2), (6, 320, 1, 1)]


def channels(c, width):
    """torchvision's _make_divisible(c * width, 8)."""
    v = max(8, int(c * width + 4) // 8 * 8)
    return v + 8 if v < 0.9 * c * width else v


def build(resolution, width, classes, seed):
    g = cnn_common.Graph("mobilenet_v2", resolution, seed)
    bounds = [g.init("relu6.min", 0.0), g.init("relu6.max", 6.0)]

    def relu6(x):
        return g.node("Clip", [x] + bounds, x + ".clip")

    c = channels(32, width)
    x = relu6(g.conv("input", 3, c, 3, 2))
    for bi, (t, cout, repeats, stride) in enumerate(BLOCKS):
        cout = channels(cout, width)
        for r in range(repeats):
            s = stride if r == 0 else 1
            h = relu6(g.conv(x, c, c * t, 1)) if t > 1 else x
            h = relu6(g.conv(h, c * t, c * t, 3, s, groups=c * t))
            h = g.conv(h, c * t, cout, 1)
            if s == 1 and c == cout:
                h = g.node("Add", [x, h], "block%d.%d.add" % (bi, r))
            x, c = h, cout
    last = channels(1280, max(1.0, width))
    return g.classify(relu6(g.conv(x, c, last, 1)), last, classes)


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
    cnn_common.write("mobilenet", model, args)


if __name__ == "__main__":
    main()
