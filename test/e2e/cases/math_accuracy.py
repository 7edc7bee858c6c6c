"""Accuracy of the f32 math functions as the fast codegen path computes them
(dlc-approximate-math: polynomial approximations, not libm), against
float64 references rounded to f32: over their whole useful range, at the
edges where they saturate, overflow or underflow, and on inf, -inf, NaN, -0.

The tolerance is rtol 1e-6 (about 8 ulp; the approximations measure 2-5)
plus, for exp, results below the smallest normal float (1.2e-38), which
the approximation flushes to 0."""

import math

import numpy as np
from e2e import Case, run

rng = np.random.default_rng(20261202)
TINY = float(np.finfo(np.float32).tiny)
SPECIALS = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1e-45, -1e-45, TINY, -TINY, 1e-8, -1e-8,
                     0.5, -0.5, 1, -1, 2, 9, -9, 20, -20, 88.7, 88.8, -87.3, -88, -103, -104, 1e30,
                     -1e30], np.float32)
erf = np.vectorize(math.erf, otypes=[np.float64])
cases = []


def accuracy(op, fn, low, high, atol=0.0, attrs=None, name=None):
    x = np.concatenate([SPECIALS, rng.uniform(low, high, 20000), rng.standard_normal(4000) * 3,
                        10.0 ** rng.uniform(-30, 1, 2000)]).astype(np.float32)
    with np.errstate(all="ignore"):
        want = np.asarray(fn(x.astype(np.float64))).astype(np.float32)
    cases.append(Case(name or op, op, [x], [want], attrs=attrs, rtol=1e-6, atol=atol))


accuracy("exp", np.exp, -104, 89, atol=TINY)
accuracy("tanh", np.tanh, -12, 12)
accuracy("erf", erf, -5, 5)
accuracy("sigmoid", lambda x: 1 / (1 + np.exp(-x)), -104, 104, atol=TINY)
# log(1 + e^x) past the overflow of e^x (x > 88.7) is x.
accuracy("softplus", lambda x: np.logaddexp(0, x), -100, 100, atol=TINY)
# 1 + erf(x) cancels for negative x: absolute error of erf's order, in f32.
accuracy("gelu", lambda x: 0.5 * x * (1 + erf(x / math.sqrt(2))), -12, 12, atol=1e-6)

# softmax of large logits: exp after subtracting the row max, sums of
# 1000 terms in vector lanes (dlc-reassociate-reductions).
logits = (rng.standard_normal((8, 1000)) * 30).astype(np.float32)
shifted = np.exp(logits.astype(np.float64) - logits.max(axis=1, keepdims=True))
cases.append(Case("softmax", "softmax", [logits],
                  [(shifted / shifted.sum(axis=1, keepdims=True)).astype(np.float32)],
                  attrs={"axis": 1}, rtol=1e-5, atol=TINY))
run(cases)
