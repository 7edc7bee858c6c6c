"""Normalizations, softmax and reductions against NumPy: batch_norm (2-D to
5-D), layer_norm (axes, broadcast scale/bias, optional bias and statistics),
softmax and log_softmax (every axis, large magnitudes), reduce_sum /
reduce_mean / reduce_max (axes subsets, negative axes, keepdims, all axes,
noop_with_empty_axes, every numeric type). References are computed in
float64 from the same inputs, then cast to the op's type."""

import numpy as np
from e2e import FLOATS, NUMERIC, Case, Raw, random, run

rng = np.random.default_rng(20261202)
cases = []
EPS32 = float(np.finfo(np.float32).eps)


def tname(dtype):
    return np.dtype(dtype).name


def f32(v):
    """An f32 attribute's value as the op sees it (epsilon is an f32)."""
    return float(np.float32(v))


def f32_attr(v):
    """An f32 attribute. (e2e.attr writes repr(v), which for 1e-05 is no MLIR
    float literal: MLIR needs a '.'.)"""
    return Raw("%.8e : f32" % v)


# ---------------------------------------------------------------------------
# batch_norm: y = (x - mean[c]) / sqrt(var[c] + eps) * scale[c] + bias[c]
# ---------------------------------------------------------------------------
BATCH_NORM = [  # (input shape, epsilon or None, momentum or None)
    ((3, 5), None, None),                # 2-D: N x C
    ((2, 3, 7), None, None),
    ((2, 3, 4, 5), 1e-3, None),
    ((1, 2, 3, 1, 4), None, None),       # 5-D
    ((2, 1, 3), 0.5, None),              # one channel
    ((3, 4, 1, 1), None, 0.7),           # momentum is ignored in inference
    ((0, 3, 2), None, None),             # zero-size batch
    ((2, 3, 0, 2), 1e-2, None),          # zero-size spatial dim
    ((1, 7, 5, 3), 1e-5, None),
]
for dtype in FLOATS:
    for k, (shape, eps, momentum) in enumerate(BATCH_NORM):
        c = shape[1]
        x = random(rng, shape, dtype)
        scale, bias, mean = (random(rng, (c,), dtype) for _ in range(3))
        var = random(rng, (c,), dtype, 0.0, 3.0)
        var[0] = 0  # the variance of a constant channel: only epsilon keeps it finite
        e = f32(1e-5 if eps is None else eps)
        bc = (1, c) + (1,) * (len(shape) - 2)
        x64 = x.astype(np.float64)
        y = ((x64 - mean.reshape(bc)) / np.sqrt(var.astype(np.float64).reshape(bc) + e)
             * scale.reshape(bc) + bias.reshape(bc))
        attrs = {}
        if eps is not None:
            attrs["epsilon"] = f32_attr(eps)
        if momentum is not None:
            attrs["momentum"] = f32_attr(momentum)
        cases.append(Case("batch_norm_%d_%s" % (k, tname(dtype)), "batch_norm",
                          [x, scale, bias, mean, var], [y.astype(dtype)], attrs=attrs))


# ---------------------------------------------------------------------------
# layer_norm over dims [axis, rank), with optional bias, mean and inv_std_dev
# ---------------------------------------------------------------------------
LAYER_NORM = [  # (input, axis or None, scale, bias or None, mean?, inv_std_dev?, epsilon or None)
    ((2, 3, 4), None, (4,), (4,), False, False, None),
    ((2, 3, 4), 1, (3, 4), (4,), True, True, None),
    ((2, 3, 4), -2, (1, 4), None, True, False, None),        # without bias
    ((2, 3, 4), 0, (2, 3, 4), (1,), False, True, None),      # everything normalized
    ((2, 3, 4), -3, (3, 1), (2, 1, 4), True, True, 1e-3),
    ((3, 5), -1, (5,), None, True, True, None),
    ((3, 5), 0, (3, 5), (5,), True, True, None),
    ((2, 3, 4, 5), 2, (4, 1), (1, 5), True, True, None),
    ((2, 3, 4, 5), -3, (3, 4, 5), (3, 1, 1), False, False, None),
    ((2, 3, 4, 5), 3, (1,), (5,), False, True, 1e-2),
    ((7,), 0, (7,), (7,), True, True, None),                 # 1-D
    ((4, 1, 5), 1, (1, 5), (5,), True, True, None),          # size-1 normalized dim
    ((3, 1), -1, (1,), (1,), True, True, None),              # one element: var 0, y = bias
    ((0, 4), -1, (4,), (4,), True, True, None),              # zero-size batch
    ((1, 2, 17), -1, (17,), (17,), True, True, None),
]
for dtype in FLOATS:
    for k, (shape, axis, ss, bs, want_mean, want_inv, eps) in enumerate(LAYER_NORM):
        x = random(rng, shape, dtype)
        scale = random(rng, ss, dtype)
        bias = None if bs is None else random(rng, bs, dtype)
        a = -1 if axis is None else axis
        a = a + len(shape) if a < 0 else a
        e = f32(1e-5 if eps is None else eps)
        axes = tuple(range(a, len(shape)))
        x64 = x.astype(np.float64)
        mean = x64.mean(axis=axes, keepdims=True)
        var = ((x64 - mean) ** 2).mean(axis=axes, keepdims=True)
        inv = 1 / np.sqrt(var + e)
        y = (x64 - mean) * inv * scale
        if bias is not None:
            y = y + bias
        attrs = {}
        if axis is not None:
            attrs["axis"] = axis
        if eps is not None:
            attrs["epsilon"] = f32_attr(eps)
        cases.append(Case("layer_norm_%d_%s" % (k, tname(dtype)), "layer_norm", [x, scale, bias],
                          [y.astype(dtype), mean.astype(dtype) if want_mean else None,
                           inv.astype(dtype) if want_inv else None],
                          attrs=attrs, result_segments=True))


# ---------------------------------------------------------------------------
# softmax and log_softmax along one axis (opset >= 13)
# ---------------------------------------------------------------------------
def softmax(x, axis):
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=axis, keepdims=True, initial=-np.inf))
    return e / e.sum(axis=axis, keepdims=True)


def log_softmax(x, axis):
    x = x.astype(np.float64)
    d = x - x.max(axis=axis, keepdims=True, initial=-np.inf)
    with np.errstate(divide="ignore"):  # log(0) of the sums over an empty axis
        return d - np.log(np.exp(d).sum(axis=axis, keepdims=True))


SOFTMAX = [  # (input shape, axis or None for -1, value range (low, high) or None)
    ((2, 3, 5), None, None), ((2, 3, 5), 0, None), ((2, 3, 5), 1, None), ((2, 3, 5), 2, None),
    ((2, 3, 5), -2, None), ((2, 3, 5), -3, None),
    ((3, 1, 4), 1, None),                # size-1 axis: softmax 1, log_softmax 0
    ((7,), 0, None), ((7,), -1, None),
    ((2, 3, 4, 5), 2, None), ((2, 3, 4, 5), -4, None),
    ((0, 5), 1, None), ((0, 5), 0, None), ((3, 0), -1, None),   # zero-size
    ((4, 9), None, (-1000.0, 1000.0)),   # large spread: exp underflows without max-subtraction care
    ((4, 9), 0, (9990.0, 10010.0)),      # large offset: exp(x) overflows unless x - max is used
    ((3, 6), -1, (-10010.0, -9990.0)),   # large negative offset: exp(x) underflows to 0
    ((2, 33), 1, (-80.0, 80.0)),
]
for op, fn in [("softmax", softmax), ("log_softmax", log_softmax)]:
    for k, (shape, axis, vr) in enumerate(SOFTMAX):
        for dtype in FLOATS if vr is not None or k % 3 == 0 else [FLOATS[k % 2]]:
            x = random(rng, shape, dtype, *(vr or (None, None)))
            want = fn(x, -1 if axis is None else axis).astype(dtype)
            cases.append(Case("%s_%d_%s" % (op, k, tname(dtype)), op, [x], [want],
                              attrs=None if axis is None else {"axis": axis}))


# ---------------------------------------------------------------------------
# reduce_sum, reduce_mean, reduce_max
# ---------------------------------------------------------------------------
def reference(op, x, axes, keepdims, noop):
    """ONNX semantics: no (or empty) axes reduce everything unless
    noop_with_empty_axes; integer sums wrap; integer means are numpy's mean
    (in float64) cast back (truncated), as ONNX's reference; the max of an
    empty set is -inf (floats) or the type's minimum."""
    if not axes:
        if noop:
            return x
        axes = tuple(range(x.ndim))
    axes = tuple(a % x.ndim for a in axes) if x.ndim else ()
    keep = True if keepdims is None else keepdims
    dtype = x.dtype
    if op == "reduce_sum":
        y = np.sum(x.astype(np.float64) if dtype.kind == "f" else x, axis=axes, keepdims=keep)
    elif op == "reduce_mean":
        y = np.mean(x.astype(np.float64), axis=axes, keepdims=keep)
        if dtype.kind != "f":
            y = np.trunc(y)
    else:
        lowest = -np.inf if dtype.kind == "f" else np.iinfo(dtype).min
        y = np.max(x, axis=axes, keepdims=keep, initial=lowest)
    return np.asarray(y).astype(dtype)


REDUCE = [  # (input shape, axes or None, keepdims or None, noop_with_empty_axes or None)
    ((2, 3, 5), [1], None, None),
    ((2, 3, 5), [0, 2], False, None),
    ((2, 3, 5), None, None, None),       # all, kept as 1x1x1
    ((2, 3, 5), [-1, 0], False, None),   # negative, unordered
    ((2, 3, 5), [-1], True, None),
    ((2, 3, 5), None, False, None),      # all: 0-d
    ((2, 3, 5), [], None, None),         # empty axes: all
    ((2, 3, 5), None, None, True),       # noop: identity
    ((2, 3, 5), [], False, True),        # empty axes with noop: identity
    ((2, 3, 5), [1], False, True),       # axes given: noop does not apply
    ((2, 3, 5), [0, 1, 2], False, None),
    ((7,), [0], False, None),
    ((7,), [-1], None, None),
    ((3, 1, 4), [1], False, None),       # size-1 reduced dim
    ((4, 0, 3), [0], None, None),        # zero-size kept dim
    ((4, 0, 3), [1], False, None),       # reduction over an empty set
    ((), None, None, None),              # 0-d input
    ((2, 3, 4, 5), [1, 3], False, None),
    ((2, 3, 4, 5), [3, 0, -2], True, None),
    ((17, 13), [0], False, None),
    ((5, 211), [-1], False, None),       # long rows
]
# Configs run in every numeric type; the others take the types in turn, with
# some extra types (the max of an empty set in float and unsigned).
CORE = {0, 3, 5, 13}
EXTRA = {15: [np.float32, np.uint16], 16: [np.float64]}


def reduce_data(op, shape, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return random(rng, shape, dtype)
    info = np.iinfo(dtype)
    if op == "reduce_max" or (op == "reduce_mean" and dtype.itemsize < 8):
        # max: the whole range (an unsigned max compared as signed, or a
        # maximum starting at 0 instead of the minimum, shows); mean: sums
        # that overflow the element type (they must not wrap).
        return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
    if op == "reduce_mean":  # 64 bits: sums stay exact in int64 and float64
        return rng.integers(max(info.min, -2 ** 40), 2 ** 40, size=shape, dtype=dtype)
    return random(rng, shape, dtype)  # sums of [-100, 100]: narrow types wrap


for op in ["reduce_sum", "reduce_mean", "reduce_max"]:
    for k, (shape, axes, keepdims, noop) in enumerate(REDUCE):
        if op == "reduce_mean" and 0 in shape and axes != [0]:
            continue  # the mean of an empty set is undefined
        dtypes = NUMERIC if k in CORE else [NUMERIC[k % len(NUMERIC)]] + EXTRA.get(k, [])
        for dtype in dtypes:
            x = reduce_data(op, shape, dtype)
            want = reference(op, x, axes, keepdims, noop)
            attrs = {}
            if axes is not None:
                attrs["axes"] = axes
            if keepdims is not None:
                attrs["keepdims"] = keepdims
            if noop is not None:
                attrs["noop_with_empty_axes"] = noop
            atol = 1e-5
            if op == "reduce_sum" and np.dtype(dtype) == np.float32 and x.size:
                # Loosened for long f32 sums: each of the n additions rounds
                # by up to eps/2 of its partial sum, and with these zero-mean
                # inputs the partial sums stay within about sqrt(n) * max|x|;
                # n * eps * max|x| covers that with margin (1e-4 for 211
                # terms) and still catches a wrong or missing term.
                n = x.size // max(want.size, 1)
                atol = max(atol, n * EPS32 * float(np.abs(x).max()))
            cases.append(Case("%s_%d_%s" % (op, k, tname(dtype)), op, [x], [want], attrs=attrs,
                              atol=atol))

run(cases)
