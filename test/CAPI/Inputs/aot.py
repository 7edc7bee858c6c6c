"""Inputs and the NumPy reference for aot.c.

usage: aot.py inputs DIR   writes DIR/in0.bin (raw float32, 3x4)
       aot.py check DIR    compares DIR/out0.bin, DIR/out1.bin with NumPy
"""

import os
import sys

import numpy as np

W1 = np.array([[0.5, -0.25, 0.125], [1.0, 0.75, -0.5], [-1.0, 0.25, 0.5], [0.25, -0.75, 1.0]],
              dtype=np.float32)
B1 = np.array([0.1, -0.2, 0.3], dtype=np.float32)
W2 = np.array([[1.0, -1.0], [0.5, 0.25], [-0.5, 2.0]], dtype=np.float32)


def main(mode, d):
    x = np.random.default_rng(7).uniform(-2, 2, (3, 4)).astype(np.float32)
    if mode == "inputs":
        x.tofile(os.path.join(d, "in0.bin"))
        return
    y = np.tanh(x @ W1 + B1) @ W2
    got = np.fromfile(os.path.join(d, "out0.bin"), dtype=np.float32).reshape(3, 2)
    positive = np.fromfile(os.path.join(d, "out1.bin"), dtype=np.bool_).reshape(3, 2)
    err = np.abs(got - y).max()
    print("out0: max_abs_err %.3g %s" % (err, "ok" if np.allclose(got, y, rtol=1e-5, atol=1e-6)
                                          else "MISMATCH"))
    print("out1: %s" % ("ok" if (positive == (got > 0)).all() and (positive == (y > 0)).all()
                        else "MISMATCH"))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
