"""Products and row groups whose rows are known only at run time, compiled
once and run at several batches (odd row counts: partial register and
cache tiles, a single row), against NumPy in float64. Prints one line per
batch and output.

usage: dynamic_rows.py [THREADS]
"""
import sys

import numpy as np

import dlc

MODULE = """
func.func @main(%x: tensor<?x70xf32>, %w: tensor<70x300xf32>, %bias: tensor<300xf32>,
                %s: tensor<?x3x19xf32>, %v: tensor<19x23xf32>,
                %q: tensor<?x2x17x19xf32>, %k: tensor<?x2x19x23xf32>)
    -> (tensor<?x300xf32>, tensor<?x3x23xf32>, tensor<?x2x17x23xf32>, tensor<?x2x17x23xf32>) {
  %m = "dlc_graph.matmul"(%x, %w) : (tensor<?x70xf32>, tensor<70x300xf32>) -> tensor<?x300xf32>
  %mb = "dlc_graph.add"(%m, %bias) : (tensor<?x300xf32>, tensor<300xf32>) -> tensor<?x300xf32>
  %f = "dlc_graph.matmul"(%s, %v) : (tensor<?x3x19xf32>, tensor<19x23xf32>) -> tensor<?x3x23xf32>
  %b = "dlc_graph.matmul"(%q, %k) : (tensor<?x2x17x19xf32>, tensor<?x2x19x23xf32>) -> tensor<?x2x17x23xf32>
  %sm = "dlc_graph.softmax"(%b) : (tensor<?x2x17x23xf32>) -> tensor<?x2x17x23xf32>
  return %mb, %f, %b, %sm : tensor<?x300xf32>, tensor<?x3x23xf32>, tensor<?x2x17x23xf32>, tensor<?x2x17x23xf32>
}
"""


def softmax(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def main(threads):
    module = dlc.compile(MODULE, threads=threads)
    rng = np.random.default_rng(7)
    w = rng.uniform(-1, 1, (70, 300)).astype(np.float32)
    bias = rng.uniform(-1, 1, 300).astype(np.float32)
    v = rng.uniform(-1, 1, (19, 23)).astype(np.float32)
    for n in (1, 7, 17, 65):
        x = rng.uniform(-1, 1, (n, 70)).astype(np.float32)
        s = rng.uniform(-1, 1, (n, 3, 19)).astype(np.float32)
        q = rng.uniform(-1, 1, (n, 2, 17, 19)).astype(np.float32)
        k = rng.uniform(-1, 1, (n, 2, 19, 23)).astype(np.float32)
        got = module(x, w, bias, s, v, q, k)
        d = np.float64
        b = q.astype(d) @ k.astype(d)
        want = [x.astype(d) @ w.astype(d) + bias, s.astype(d) @ v.astype(d), b, softmax(b)]
        for i, (g, e) in enumerate(zip(got, want)):
            ok = g.shape == e.shape and np.allclose(g, e, rtol=1e-4, atol=1e-4)
            err = np.abs(g - e).max() if g.shape == e.shape else float("inf")
            print(f"batch {n} output {i}: shape={list(g.shape)} max_abs_err={err:.2e} {'ok' if ok else 'FAIL'}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
