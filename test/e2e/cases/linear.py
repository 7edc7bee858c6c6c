"""matmul (numpy semantics: 1-D promotion, batch broadcasting) and gemm
(transposes, alpha, beta, broadcast c), in every element type they allow."""

import numpy as np
from e2e import FLOATS, INTS, NUMERIC, Case, random, run

rng = np.random.default_rng(7)
cases = []

MATMUL_SHAPES = [
    ((3, 5), (5, 7)), ((1, 4), (4, 1)), ((5,), (5, 3)), ((2, 6), (6,)), ((4,), (4,)),
    ((2, 3, 4), (4, 5)), ((3, 4), (2, 4, 5)), ((2, 1, 3, 4), (5, 4, 6)), ((0, 3), (3, 4)),
    ((3, 0), (0, 2)), ((1, 17, 9), (3, 9, 13)),
]
for dtype in NUMERIC:
    for k, (sa, sb) in enumerate(MATMUL_SHAPES):
        a = random(rng, sa, dtype, -5, 5)
        b = random(rng, sb, dtype, -5, 5)
        want = np.matmul(a, b).astype(dtype)
        cases.append(Case("matmul_%s_%d" % (np.dtype(dtype).name, k), "matmul", [a, b], [want],
                          rtol=1e-4, atol=1e-4))

GEMM = [  # (M, K, N, trans_a, trans_b, alpha, beta, c shape or None)
    (3, 4, 5, False, False, 1.0, 1.0, (5,)),
    (3, 4, 5, True, False, 1.0, 1.0, (3, 5)),
    (3, 4, 5, False, True, 0.5, 2.0, (3, 1)),
    (3, 4, 5, True, True, 2.0, 0.0, (1,)),
    (1, 7, 2, False, False, 1.0, 1.0, None),
    (6, 1, 3, False, True, 1.0, -1.0, ()),
]
for dtype in FLOATS + [np.int32, np.int64, np.uint32]:
    for k, (m, kk, n, ta, tb, alpha, beta, cshape) in enumerate(GEMM):
        if np.dtype(dtype).kind != "f" and (alpha not in (1.0, 2.0) or beta not in (0.0, 1.0, 2.0)):
            continue  # integer gemm: integral alpha and beta only
        a = random(rng, (kk, m) if ta else (m, kk), dtype, 0, 5)
        b = random(rng, (n, kk) if tb else (kk, n), dtype, 0, 5)
        c = None if cshape is None else random(rng, cshape, dtype, 0, 5)
        y = alpha * np.matmul(a.T if ta else a, b.T if tb else b)
        if c is not None:
            y = y + beta * c
        attrs = {}
        if ta:
            attrs["trans_a"] = True
        if tb:
            attrs["trans_b"] = True
        if alpha != 1.0:
            attrs["alpha"] = alpha
        if beta != 1.0:
            attrs["beta"] = beta
        inputs = [a, b] + ([] if c is None else [c])
        cases.append(Case("gemm_%s_%d" % (np.dtype(dtype).name, k), "gemm", inputs,
                          [y.astype(dtype)], attrs=attrs, rtol=1e-4, atol=1e-4))

run(cases)
