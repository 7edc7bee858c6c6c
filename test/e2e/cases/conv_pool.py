"""conv, conv_transpose, max_pool (with and without indices, both storage
orders), avg_pool and global_avg_pool end to end, against NumPy references
written here from the ONNX v1.22 operator spec (direct sums over windows, a
scatter for conv_transpose), independently of DLC's geometry and
decompositions.

Covers 1-3 spatial dims, strides, explicit asymmetric pads, dilations,
groups (depthwise too), bias present and absent, auto_pad SAME_UPPER /
SAME_LOWER / VALID, ceil_mode (including windows that would start in the end
padding), count_include_pad, output_padding and output_shape (smaller than,
equal to and larger than the full output), odd sizes, batch > 1, size-1 and
zero-size dims, f32 and f64 (max_pool: every numeric type).

`conv_pool.py --check-references DIR` instead checks the references against
ONNX's backend node tests in DIR (../shared/onnx-node)."""

import glob
import itertools
import os
import sys

import numpy as np
from e2e import FLOATS, INTS, Case, random, run

# ---------------------------------------------------------------------------
# Geometry (ONNX v1.22 spec text and shape inference)
# ---------------------------------------------------------------------------


def _spatial(attrs, name, n, default):
    return list(attrs.get(name, [default] * n))


def window_geometry(dims, kernel, attrs, pool):
    """Output sizes, begin and end pads of conv / max_pool / avg_pool.

    SAME_*: output = ceil(D / s), total pad (O-1)*s + span - D (>= 0), the odd
    one at the end (UPPER) or the beginning (LOWER). NOTSET / VALID (pads 0):
    output = floor((D + pads - span) / s) + 1, ceil with ceil_mode, and then a
    last window that would start in the end padding is dropped. Returns
    (out, pad_begin, pad_end); pad_end does not include the ceil-mode extra."""
    n = len(dims)
    s = _spatial(attrs, "strides", n, 1)
    d = _spatial(attrs, "dilations", n, 1)
    mode = attrs.get("auto_pad", "NOTSET")
    pads = list(attrs.get("pads", [0] * 2 * n))
    pb, pe = pads[:n], pads[n:]
    ceil = pool and attrs.get("ceil_mode", False)
    out = []
    for i in range(n):
        span = (kernel[i] - 1) * d[i] + 1
        if mode in ("SAME_UPPER", "SAME_LOWER"):
            o = -(-dims[i] // s[i])
            total = max(0, (o - 1) * s[i] + span - dims[i])
            pb[i] = total // 2 if mode == "SAME_UPPER" else total - total // 2
            pe[i] = total - pb[i]
            out.append(o)
            continue
        if mode == "VALID":
            pb[i] = pe[i] = 0
        room = dims[i] + pb[i] + pe[i] - span
        assert room >= 0, "window larger than the padded input"
        o = (-(-room // s[i]) if ceil else room // s[i]) + 1
        if ceil and (o - 1) * s[i] >= dims[i] + pb[i]:
            o -= 1
        out.append(o)
    return out, pb, pe


def transpose_geometry(dims, kernel, attrs):
    """Output sizes and begin pads of conv_transpose: full = s*(D-1) +
    output_padding + span; output_shape (or D*s with SAME_*) fixes the output
    and total = full - output is split as total//2 at the begin for
    SAME_UPPER, total - total//2 otherwise (Python floor division, so a
    negative total, an output beyond the full one, adds zeros)."""
    n = len(dims)
    s = _spatial(attrs, "strides", n, 1)
    d = _spatial(attrs, "dilations", n, 1)
    op = _spatial(attrs, "output_padding", n, 0)
    mode = attrs.get("auto_pad", "NOTSET")
    pads = list(attrs.get("pads", [0] * 2 * n))
    shape = attrs.get("output_shape")
    out, pb = [], []
    for i in range(n):
        full = s[i] * (dims[i] - 1) + op[i] + (kernel[i] - 1) * d[i] + 1
        target = shape[i] if shape else (dims[i] * s[i] if mode.startswith("SAME") else None)
        if target is not None:
            total = full - target
            pb.append(total // 2 if mode == "SAME_UPPER" else total - total // 2)
            out.append(target)
        else:
            b, e = (0, 0) if mode == "VALID" else (pads[i], pads[n + i])
            pb.append(b)
            out.append(full - b - e)
    return out, pb


# ---------------------------------------------------------------------------
# References
# ---------------------------------------------------------------------------


def ref_conv(x, w, b, attrs):
    """y[n, m, o] = b[m] + sum_{c, k} x[n, g*C/G + c, o*s + k*d - pb] * w[m, c, k]
    (padding reads 0). Also returns sum |terms|, for the tolerance."""
    n = x.ndim - 2
    kernel = list(w.shape[2:])
    out, pb, pe = window_geometry(x.shape[2:], kernel, attrs, pool=False)
    s = _spatial(attrs, "strides", n, 1)
    d = _spatial(attrs, "dilations", n, 1)
    G = attrs.get("group", 1)
    N, C = x.shape[:2]
    M = w.shape[0]
    cg, mg = C // G, M // G
    # Enough padding that every window position is addressable.
    hi = [max(pe[i], (out[i] - 1) * s[i] + (kernel[i] - 1) * d[i] + 1 - x.shape[2 + i] - pb[i])
          for i in range(n)]
    xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + [(pb[i], hi[i]) for i in range(n)])
    y = np.zeros((N, M) + tuple(out))
    mag = np.zeros_like(y)
    for k in itertools.product(*[range(v) for v in kernel]):
        win = (slice(None),) * 2 + tuple(
            slice(k[i] * d[i], k[i] * d[i] + (out[i] - 1) * s[i] + 1, s[i]) for i in range(n))
        xs = xp[win]
        for g in range(G):
            xg = xs[:, g * cg:(g + 1) * cg]
            wg = w[(slice(g * mg, (g + 1) * mg), slice(None)) + k].astype(np.float64)
            y[:, g * mg:(g + 1) * mg] += np.einsum("nc...,mc->nm...", xg, wg)
            mag[:, g * mg:(g + 1) * mg] += np.einsum("nc...,mc->nm...", np.abs(xg), np.abs(wg))
    if b is not None:
        y += b.astype(np.float64).reshape((M,) + (1,) * n)
        mag += np.abs(b.astype(np.float64)).reshape((M,) + (1,) * n)
    return y, mag


def ref_conv_transpose(x, w, b, attrs):
    """Each x[n, c, i] * w[c, m, k] is added to y[n, g*M/G + m, i*s + k*d - pb]
    (positions outside the output are dropped)."""
    n = x.ndim - 2
    kernel = list(w.shape[2:])
    out, pb = transpose_geometry(x.shape[2:], kernel, attrs)
    s = _spatial(attrs, "strides", n, 1)
    d = _spatial(attrs, "dilations", n, 1)
    G = attrs.get("group", 1)
    N, C = x.shape[:2]
    cg, mg = C // G, w.shape[1]
    D = x.shape[2:]
    # Scatter into the uncropped output (position u = i*s + k*d), then move
    # it by -pb into the real one.
    full = [s[i] * (D[i] - 1) + (kernel[i] - 1) * d[i] + 1 for i in range(n)]
    yf = np.zeros((N, G * mg) + tuple(full))
    mf = np.zeros_like(yf)
    for k in itertools.product(*[range(v) for v in kernel]):
        dst = (slice(None),) * 2 + tuple(
            slice(k[i] * d[i], k[i] * d[i] + (D[i] - 1) * s[i] + 1, s[i]) for i in range(n))
        for g in range(G):
            xg = x[:, g * cg:(g + 1) * cg].astype(np.float64)
            wg = w[(slice(g * cg, (g + 1) * cg), slice(None)) + k].astype(np.float64)
            part = (dst[0], slice(g * mg, (g + 1) * mg)) + dst[2:]
            yf[part] += np.einsum("nc...,cm->nm...", xg, wg)
            mf[part] += np.einsum("nc...,cm->nm...", np.abs(xg), np.abs(wg))
    y = np.zeros((N, G * mg) + tuple(out))
    mag = np.zeros_like(y)
    src, dst = [slice(None)] * 2, [slice(None)] * 2
    for i in range(n):
        lo, hi = max(0, -pb[i]), min(out[i], full[i] - pb[i])
        if hi <= lo:
            lo = hi = 0
        dst.append(slice(lo, hi))
        src.append(slice(lo + pb[i], hi + pb[i]))
    y[tuple(dst)] = yf[tuple(src)]
    mag[tuple(dst)] = mf[tuple(src)]
    if b is not None:
        y += b.astype(np.float64).reshape((-1,) + (1,) * n)
        mag += np.abs(b.astype(np.float64)).reshape((-1,) + (1,) * n)
    return y, mag


def _windows(x, kernel, attrs):
    """Yields, for each kernel offset in row-major order, the input values at
    that offset of every window (N x C x O..), whether each is a real input
    element, whether it lies within the input or its pads (not in the
    ceil-mode extra), and its spatial positions."""
    n = x.ndim - 2
    D = x.shape[2:]
    out, pb, pe = window_geometry(D, kernel, attrs, pool=True)
    s = _spatial(attrs, "strides", n, 1)
    d = _spatial(attrs, "dilations", n, 1)
    for k in itertools.product(*[range(v) for v in kernel]):
        pos = [np.arange(out[i]) * s[i] + k[i] * d[i] - pb[i] for i in range(n)]
        grids = np.meshgrid(*pos, indexing="ij")
        real = np.ones(out, bool)
        padded = np.ones(out, bool)
        for i in range(n):
            real &= (grids[i] >= 0) & (grids[i] < D[i])
            padded &= grids[i] < D[i] + pe[i]
        clipped = tuple(np.clip(grids[i], 0, max(D[i] - 1, 0)) for i in range(n))
        vals = x[(slice(None), slice(None)) + clipped]
        yield vals, real, padded, grids, out


def ref_max_pool(x, kernel, attrs):
    """Max over the real elements of each window; indices: the flat row-major
    offset of the first maximum (window scanned row-major), the spatial part
    linearized column-major with storage_order 1."""
    n = x.ndim - 2
    N, C = x.shape[:2]
    D = x.shape[2:]
    column_major = attrs.get("storage_order", 0) == 1
    best = have = where = None
    for vals, real, _, grids, out in _windows(x, kernel, attrs):
        if best is None:
            best = np.zeros((N, C) + tuple(out), x.dtype)
            have = np.zeros(best.shape, bool)
            where = np.zeros(best.shape, np.int64)
        take = real & (~have | (vals > best))
        best = np.where(take, vals, best)
        have |= take
        flat = np.zeros(out, np.int64)
        for i in (reversed(range(n)) if column_major else range(n)):
            flat = flat * D[i] + grids[i]
        where = np.where(take, flat, where)
    assert have.all(), "a window without real elements"
    where += (np.arange(N)[:, None] * C + np.arange(C)[None, :]).reshape(
        (N, C) + (1,) * n) * int(np.prod(D))
    return best, where


def ref_avg_pool(x, kernel, attrs):
    """Sum over each window's real elements divided by how many it counts:
    the real ones, plus the pads with count_include_pad (never the ceil-mode
    extra)."""
    include = attrs.get("count_include_pad", False)
    total = count = None
    for vals, real, padded, _, out in _windows(x, kernel, attrs):
        if total is None:
            total = np.zeros(x.shape[:2] + tuple(out))
            count = np.zeros(out)
        total += np.where(real, vals.astype(np.float64), 0.0)
        count += padded if include else real
    assert (count > 0).all(), "a window without counted elements"
    return total / count


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------

rng = np.random.default_rng(20260522)
cases = []
EPS = {np.dtype(np.float32): 1.2e-7, np.dtype(np.float64): 2.3e-16}


def ename(dtype):
    return np.dtype(dtype).name


def tolerances(dtype, mag):
    """rtol, atol for a sum whose terms add up to `mag` in absolute value:
    the rounding error grows with it (a few ulps of the magnitude)."""
    eps = EPS[np.dtype(dtype)]
    worst = float(mag.max()) if mag.size else 0.0
    return 64 * eps, max(16 * eps * worst, 1e-30)


def conv_case(name, dtype, xshape, wshape, bias, attrs):
    """A conv case; `attrs` are what the op gets and what the reference sees
    (kernel_shape is only checked)."""
    x = random(rng, xshape, dtype)
    w = random(rng, wshape, dtype, -2, 2)
    b = random(rng, (wshape[0],), dtype) if bias else None
    y, mag = ref_conv(x, w, b, attrs)
    rtol, atol = tolerances(dtype, mag)
    cases.append(Case("conv_%s_%s" % (name, ename(dtype)), "conv", [x, w, b],
                      [y.astype(dtype)], attrs=attrs, rtol=rtol, atol=atol))


def conv_transpose_case(name, dtype, xshape, wshape, bias, attrs):
    """A conv_transpose case; wshape is C x M/group x k.."""
    x = random(rng, xshape, dtype)
    w = random(rng, wshape, dtype, -2, 2)
    G = attrs.get("group", 1)
    b = random(rng, (wshape[1] * G,), dtype) if bias else None
    y, mag = ref_conv_transpose(x, w, b, attrs)
    rtol, atol = tolerances(dtype, mag)
    cases.append(Case("conv_transpose_%s_%s" % (name, ename(dtype)), "conv_transpose",
                      [x, w, b], [y.astype(dtype)], attrs=attrs, rtol=rtol, atol=atol))


def max_pool_case(name, dtype, xshape, attrs, indices, low=None, high=None, extremes=False):
    """Floats drawn from a small range are rounded, to have ties; `extremes`:
    integers over the type's whole range, its lowest and highest values
    among them."""
    x = random(rng, xshape, dtype, low, high)
    if low is not None and np.dtype(dtype).kind == "f":
        x = np.round(x)
    if extremes:
        info = np.iinfo(dtype)
        x = rng.integers(info.min, info.max, size=xshape, endpoint=True, dtype=dtype)
        x.flat[rng.integers(0, x.size, size=x.size // 3)] = info.min
        x.flat[rng.integers(0, x.size, size=x.size // 8)] = info.max
    y, idx = ref_max_pool(x, attrs["kernel_shape"], attrs)
    suffix = "_idx" if indices else ""
    cases.append(Case("max_pool_%s%s_%s" % (name, suffix, ename(dtype)), "max_pool", [x],
                      [y, idx if indices else None], attrs=attrs, rtol=0.0, atol=0.0))


def avg_pool_case(name, dtype, xshape, attrs):
    x = random(rng, xshape, dtype)
    y = ref_avg_pool(x, attrs["kernel_shape"], attrs)
    eps = EPS[np.dtype(dtype)]
    cases.append(Case("avg_pool_%s_%s" % (name, ename(dtype)), "avg_pool", [x],
                      [y.astype(dtype)], attrs=attrs, rtol=64 * eps, atol=256 * eps))


def global_avg_pool_case(name, dtype, xshape):
    x = random(rng, xshape, dtype)
    y = x.astype(np.float64).sum(axis=tuple(range(2, x.ndim)), keepdims=True)
    y /= int(np.prod(x.shape[2:]))
    eps = EPS[np.dtype(dtype)]
    cases.append(Case("global_avg_pool_%s_%s" % (name, ename(dtype)), "global_avg_pool", [x],
                      [y.astype(dtype)], rtol=64 * eps, atol=256 * eps))


# --- conv: hand-picked -------------------------------------------------------
CONV = [  # name, x shape, w shape, bias, attrs
    ("1d", (2, 3, 11), (4, 3, 3), False, {}),
    ("1d_strided_padded_dilated", (3, 2, 13), (5, 2, 3), True,
     {"strides": [2], "pads": [1, 2], "dilations": [2]}),
    ("1d_same_upper", (1, 2, 10), (3, 2, 4), True, {"auto_pad": "SAME_UPPER", "strides": [3]}),
    ("1d_same_lower", (1, 2, 10), (3, 2, 4), False, {"auto_pad": "SAME_LOWER", "strides": [3]}),
    ("2d", (2, 3, 7, 9), (4, 3, 3, 3), True, {}),
    ("2d_kernel_shape", (1, 2, 6, 5), (3, 2, 2, 3), False, {"kernel_shape": [2, 3]}),
    ("2d_asym_pads", (1, 2, 7, 9), (3, 2, 3, 3), True, {"pads": [0, 1, 2, 1], "strides": [2, 1]}),
    ("2d_dilations", (2, 2, 11, 10), (3, 2, 3, 2), False,
     {"dilations": [2, 3], "strides": [1, 2], "pads": [1, 0, 0, 2]}),
    ("2d_pads_beyond_kernel", (1, 1, 5, 5), (2, 1, 2, 2), True, {"pads": [3, 0, 1, 2]}),
    ("2d_group2", (2, 4, 7, 6), (6, 2, 3, 3), True, {"group": 2, "pads": [1, 1, 1, 1]}),
    ("2d_group3_strided", (1, 6, 9, 8), (3, 2, 2, 3), False,
     {"group": 3, "strides": [2, 3], "pads": [0, 1, 1, 0]}),
    ("2d_depthwise", (2, 5, 8, 7), (5, 1, 3, 3), True, {"group": 5, "pads": [1, 1, 1, 1]}),
    ("2d_depthwise_multiplier", (1, 3, 7, 7), (6, 1, 3, 2), False,
     {"group": 3, "strides": [2, 2], "dilations": [1, 2]}),
    ("2d_same_upper_odd", (1, 3, 7, 8), (2, 3, 4, 3), True,
     {"auto_pad": "SAME_UPPER", "strides": [2, 2]}),
    ("2d_same_lower_odd", (1, 3, 7, 8), (2, 3, 4, 3), True,
     {"auto_pad": "SAME_LOWER", "strides": [2, 2]}),
    ("2d_same_upper_dilated", (2, 2, 9, 6), (2, 2, 3, 3), False,
     {"auto_pad": "SAME_UPPER", "dilations": [2, 2]}),
    ("2d_same_lower_stride_past_kernel", (1, 2, 11, 9), (2, 2, 2, 2), False,
     {"auto_pad": "SAME_LOWER", "strides": [4, 3]}),
    ("2d_valid", (1, 2, 9, 8), (3, 2, 3, 4), True, {"auto_pad": "VALID", "strides": [2, 3]}),
    ("2d_pointwise", (3, 4, 5, 3), (7, 4, 1, 1), True, {}),
    ("2d_kernel_equals_input", (2, 3, 4, 5), (2, 3, 4, 5), True, {}),
    ("2d_size1_spatial", (1, 2, 1, 9), (3, 2, 1, 3), False, {"strides": [1, 2]}),
    ("2d_size1_channels", (1, 1, 6, 6), (1, 1, 3, 3), True, {"pads": [1, 2, 2, 1]}),
    ("2d_batch0", (0, 2, 5, 5), (3, 2, 3, 3), True, {}),
    ("3d", (1, 2, 5, 6, 4), (2, 2, 2, 3, 2), True, {}),
    ("3d_all", (2, 2, 7, 6, 5), (4, 1, 2, 3, 2), True,
     {"group": 2, "strides": [2, 1, 2], "dilations": [2, 1, 1], "pads": [1, 0, 1, 0, 2, 1]}),
    ("3d_same_lower", (1, 3, 5, 4, 6), (3, 1, 3, 2, 3), False,
     {"group": 3, "auto_pad": "SAME_LOWER", "strides": [2, 1, 2]}),
    ("3d_valid_depthwise", (1, 2, 6, 5, 7), (2, 1, 3, 3, 3), True,
     {"group": 2, "auto_pad": "VALID", "dilations": [1, 2, 2]}),
]
for k, (name, xs, ws, bias, attrs) in enumerate(CONV):  # f64: every other one
    for dtype in FLOATS[:2 - k % 2]:
        conv_case(name, dtype, xs, ws, bias, attrs)

# --- conv_transpose: hand-picked ----------------------------------------------
CONVT = [  # name, x shape, w shape (C x M/G x k..), bias, attrs
    ("1d", (2, 3, 5), (3, 2, 3), False, {}),
    ("1d_strided_pads", (1, 2, 6), (2, 3, 4), True, {"strides": [3], "pads": [2, 1]}),
    ("1d_output_padding", (2, 2, 5), (2, 2, 3), True,
     {"strides": [3], "output_padding": [2], "dilations": [2]}),
    ("1d_output_padding_by_dilation", (1, 1, 4), (1, 2, 2), False,
     {"dilations": [3], "output_padding": [2]}),
    ("1d_output_shape_crop", (1, 2, 5), (2, 2, 3), False,
     {"strides": [2], "output_shape": [8]}),
    ("1d_output_shape_larger", (1, 2, 4), (2, 1, 3), True,
     {"strides": [2], "output_shape": [14]}),
    ("1d_output_shape_larger_same_upper", (1, 2, 4), (2, 1, 3), True,
     {"strides": [2], "output_shape": [14], "auto_pad": "SAME_UPPER"}),
    ("2d", (1, 2, 4, 5), (2, 3, 3, 3), True, {}),
    ("2d_kernel_shape", (2, 1, 3, 3), (1, 2, 2, 3), False, {"kernel_shape": [2, 3]}),
    ("2d_strides_asym_pads", (2, 3, 5, 4), (3, 2, 3, 4), True,
     {"strides": [2, 3], "pads": [1, 0, 2, 3]}),
    ("2d_dilations", (1, 2, 4, 6), (2, 2, 3, 2), False,
     {"dilations": [2, 3], "strides": [1, 2], "pads": [0, 1, 1, 0]}),
    ("2d_output_padding", (1, 2, 3, 4), (2, 2, 3, 3), True,
     {"strides": [3, 2], "output_padding": [2, 1], "pads": [1, 1, 0, 0]}),
    ("2d_group2", (2, 4, 4, 3), (4, 3, 3, 2), True, {"group": 2, "strides": [2, 2]}),
    ("2d_depthwise", (1, 3, 5, 5), (3, 1, 3, 3), True,
     {"group": 3, "strides": [2, 2], "pads": [1, 1, 1, 1]}),
    ("2d_same_upper", (1, 2, 5, 4), (2, 2, 4, 3), False,
     {"auto_pad": "SAME_UPPER", "strides": [2, 3]}),
    ("2d_same_lower", (1, 2, 5, 4), (2, 2, 4, 3), False,
     {"auto_pad": "SAME_LOWER", "strides": [2, 3]}),
    ("2d_same_upper_stride1", (2, 1, 4, 5), (1, 2, 3, 2), True, {"auto_pad": "SAME_UPPER"}),
    ("2d_valid", (1, 2, 3, 4), (2, 2, 3, 3), True, {"auto_pad": "VALID", "strides": [2, 1]}),
    ("2d_output_shape_odd", (1, 2, 4, 3), (2, 2, 3, 3), True,
     {"strides": [2, 2], "output_shape": [8, 6]}),
    ("2d_output_shape_same_lower", (1, 2, 4, 3), (2, 2, 3, 3), True,
     {"strides": [2, 2], "output_shape": [8, 6], "auto_pad": "SAME_LOWER"}),
    ("2d_output_shape_same_upper", (1, 2, 4, 3), (2, 2, 3, 3), True,
     {"strides": [2, 2], "output_shape": [8, 6], "auto_pad": "SAME_UPPER"}),
    ("2d_output_shape_full", (1, 1, 3, 3), (1, 2, 3, 3), False,
     {"strides": [2, 2], "output_shape": [7, 7]}),
    ("2d_output_shape_larger", (1, 2, 3, 2), (2, 2, 2, 3), False,
     {"strides": [2, 3], "output_shape": [9, 10]}),
    ("2d_output_shape_with_output_padding", (1, 1, 3, 3), (1, 1, 3, 3), False,
     {"strides": [2, 2], "output_padding": [1, 1], "output_shape": [6, 7]}),
    ("2d_size1", (1, 1, 1, 1), (1, 1, 1, 1), True, {}),
    ("2d_size1_spatial", (2, 2, 1, 5), (2, 1, 2, 3), False, {"strides": [2, 2]}),
    ("3d", (1, 2, 3, 4, 3), (2, 2, 2, 3, 2), True, {}),
    ("3d_all", (2, 2, 3, 3, 4), (2, 2, 3, 2, 2), True,
     {"group": 2, "strides": [2, 3, 1], "dilations": [1, 1, 2], "pads": [1, 0, 0, 0, 2, 1],
      "output_padding": [1, 2, 0]}),
    ("3d_output_shape", (1, 1, 2, 3, 2), (1, 2, 2, 2, 2), False,
     {"strides": [2, 2, 2], "output_shape": [3, 7, 6]}),
    ("3d_same_lower", (1, 2, 3, 2, 3), (2, 1, 3, 3, 2), True,
     {"auto_pad": "SAME_LOWER", "strides": [2, 1, 3]}),
]
for k, (name, xs, ws, bias, attrs) in enumerate(CONVT):  # f64: every other one
    for dtype in FLOATS[:2 - k % 2]:
        conv_transpose_case(name, dtype, xs, ws, bias, attrs)

# --- max_pool: hand-picked ------------------------------------------------------
POOL = [  # name, x shape, attrs; shared by max_pool and avg_pool
    ("1d", (2, 3, 11), {"kernel_shape": [3]}),
    ("1d_strided_pads", (1, 2, 10), {"kernel_shape": [4], "strides": [3], "pads": [2, 1]}),
    ("1d_ceil", (1, 2, 10), {"kernel_shape": [3], "strides": [2], "ceil_mode": True}),
    ("1d_ceil_last_window_in_pad", (1, 1, 5),
     {"kernel_shape": [2], "strides": [2], "pads": [1, 1], "ceil_mode": True}),
    ("2d", (2, 2, 7, 9), {"kernel_shape": [3, 2]}),
    ("2d_strides", (1, 3, 9, 8), {"kernel_shape": [3, 3], "strides": [2, 3]}),
    ("2d_asym_pads", (1, 2, 7, 6), {"kernel_shape": [3, 3], "pads": [2, 0, 1, 2]}),
    ("2d_dilations", (1, 2, 9, 10), {"kernel_shape": [2, 3], "dilations": [3, 2],
                                     "pads": [1, 0, 1, 2], "strides": [1, 2]}),
    ("2d_ceil", (2, 1, 8, 7), {"kernel_shape": [3, 2], "strides": [2, 2], "ceil_mode": True}),
    ("2d_ceil_pads", (1, 2, 6, 7), {"kernel_shape": [3, 3], "strides": [2, 3],
                                    "pads": [1, 1, 1, 1], "ceil_mode": True}),
    # ceil would add a window starting in the end padding (dropped by ONNX 1.22)
    ("2d_ceil_last_window_in_pad", (1, 3, 2, 2),
     {"kernel_shape": [3, 3], "strides": [3, 3], "pads": [1, 1, 1, 1], "ceil_mode": True}),
    ("2d_ceil_last_window_in_pad2", (1, 2, 5, 4),
     {"kernel_shape": [3, 2], "strides": [3, 2], "pads": [1, 1, 2, 1], "ceil_mode": True}),
    ("2d_ceil_dilated", (1, 2, 8, 9), {"kernel_shape": [2, 2], "strides": [3, 2],
                                       "dilations": [2, 3], "ceil_mode": True}),
    ("2d_same_upper", (1, 2, 7, 8), {"kernel_shape": [3, 4], "strides": [2, 3],
                                     "auto_pad": "SAME_UPPER"}),
    ("2d_same_lower", (1, 2, 7, 8), {"kernel_shape": [3, 4], "strides": [2, 3],
                                     "auto_pad": "SAME_LOWER"}),
    ("2d_same_upper_ceil", (1, 1, 5, 6), {"kernel_shape": [2, 3], "strides": [2, 2],
                                          "auto_pad": "SAME_UPPER", "ceil_mode": True}),
    ("2d_same_lower_dilated", (2, 1, 6, 7), {"kernel_shape": [2, 2], "dilations": [2, 3],
                                             "auto_pad": "SAME_LOWER"}),
    ("2d_valid", (1, 2, 8, 7), {"kernel_shape": [3, 2], "strides": [2, 2], "auto_pad": "VALID"}),
    # ONNX's shape inference and runtime apply ceil_mode with VALID too.
    ("2d_valid_ceil", (1, 2, 8, 7), {"kernel_shape": [3, 2], "strides": [2, 2],
                                     "auto_pad": "VALID", "ceil_mode": True}),
    ("2d_global_window", (2, 3, 4, 5), {"kernel_shape": [4, 5]}),
    ("2d_size1", (1, 1, 1, 1), {"kernel_shape": [1, 1]}),
    ("2d_size1_spatial", (3, 2, 1, 7), {"kernel_shape": [1, 3], "strides": [1, 2],
                                        "pads": [0, 1, 0, 1]}),
    ("2d_batch0", (0, 2, 5, 5), {"kernel_shape": [2, 2]}),
    ("3d", (1, 2, 5, 6, 4), {"kernel_shape": [2, 3, 2]}),
    ("3d_all", (2, 1, 7, 6, 5), {"kernel_shape": [2, 3, 2], "strides": [2, 1, 2],
                                 "dilations": [2, 1, 1], "pads": [1, 0, 1, 0, 2, 1]}),
    ("3d_ceil", (1, 2, 6, 5, 7), {"kernel_shape": [3, 2, 2], "strides": [2, 2, 3],
                                  "pads": [1, 0, 0, 1, 1, 0], "ceil_mode": True}),
    ("3d_same_upper", (1, 1, 5, 4, 6), {"kernel_shape": [3, 2, 3], "strides": [2, 1, 2],
                                        "auto_pad": "SAME_UPPER"}),
]
for name, xs, attrs in POOL:
    padded = bool(attrs.get("ceil_mode") or attrs.get("pads") or
                  attrs.get("auto_pad", "VALID") != "VALID")
    # f32: max_pool with and without indices, avg_pool with and without
    # count_include_pad; f64: indices with column-major spatial positions
    # (storage_order 1), avg_pool counting the pads.
    max_pool_case(name, np.float32, xs, attrs, False)
    max_pool_case(name, np.float32, xs, attrs, True)
    max_pool_case(name + "_colmajor", np.float64, xs, dict(attrs, storage_order=1), True)
    avg_pool_case(name, np.float32, xs, attrs)
    if padded:
        avg_pool_case(name + "_include_pad", np.float32, xs, dict(attrs, count_include_pad=True))
    avg_pool_case(name + ("_include_pad" if padded else ""), np.float64, xs,
                  dict(attrs, count_include_pad=True) if padded else attrs)

# max_pool in every element type: ties (values drawn from {0, 1, 2}, so the
# first maximum counts, and for unsigned types the lowest value is in the
# padding too) and the type's extremes (its lowest and highest values).
TYPE_POOLS = [p for p in POOL if p[0] in ("2d_strides", "2d_dilations", "2d_same_upper", "3d_all")]
for t, dtype in enumerate(INTS + FLOATS):
    for name, xs, attrs in (TYPE_POOLS[t % 4], TYPE_POOLS[(t + 2) % 4]):
        max_pool_case(name + "_ties", dtype, xs, dict(attrs, storage_order=t % 2), True, 0, 2)
    if np.dtype(dtype).kind in "iu":
        for name, xs, attrs in (TYPE_POOLS[(t + 1) % 4], TYPE_POOLS[(t + 3) % 4]):
            max_pool_case(name + "_extremes", dtype, xs, dict(attrs, storage_order=1 - t % 2),
                          True, extremes=True)
        max_pool_case("2d_ceil_pads", dtype, (2, 3, 7, 5),
                      {"kernel_shape": [2, 3], "pads": [1, 0, 0, 1], "ceil_mode": True}, False)
for dtype in (np.uint8, np.int8):
    max_pool_case("3d_colmajor", dtype, (2, 2, 5, 4, 3),
                  {"kernel_shape": [2, 2, 2], "strides": [2, 1, 2], "pads": [1, 0, 1, 0, 1, 1],
                   "storage_order": 1}, True, -3, 3)
    max_pool_case("1d_colmajor", dtype, (3, 2, 9),
                  {"kernel_shape": [3], "strides": [2], "pads": [2, 0], "storage_order": 1},
                  True, -3, 3)
# -inf inputs: the padding must not win over them
x = random(rng, (2, 2, 5, 6), np.float32)
x[0, 0, :2] = -np.inf
x[1] = -np.inf
for k, attrs in enumerate([{"kernel_shape": [2, 2], "pads": [1, 1, 1, 1]},
                           {"kernel_shape": [2, 3], "strides": [2, 2], "ceil_mode": True}]):
    y, idx = ref_max_pool(x, attrs["kernel_shape"], attrs)
    cases.append(Case("max_pool_neg_inf%d_idx_float32" % k, "max_pool", [x], [y, idx],
                      attrs=attrs, rtol=0.0, atol=0.0))

# Zero-size dims. Those with padding fail today: MLIR 22's slice verifier
# rejects any static slice of a zero-size dim, which tensor.pad's
# bufferization and conv_transpose's weight flip produce.
conv_case("2d_batch0_pads", np.float32, (0, 2, 5, 5), (3, 2, 3, 3), True, {"pads": [1, 0, 1, 2]})
conv_case("2d_channels0_pads", np.float32, (1, 0, 5, 5), (3, 0, 3, 3), True,
          {"pads": [1, 1, 1, 1]})
conv_transpose_case("2d_batch0", np.float32, (0, 2, 3, 3), (2, 2, 2, 2), True, {})
conv_transpose_case("2d_outputs0", np.float32, (1, 2, 3, 3), (2, 0, 2, 2), False,
                    {"strides": [2, 2]})
max_pool_case("2d_batch0_pads", np.float32, (0, 2, 5, 5),
              {"kernel_shape": [2, 2], "pads": [1, 1, 0, 0]}, True)
avg_pool_case("2d_channels0_pads", np.float32, (2, 0, 5, 5),
              {"kernel_shape": [2, 2], "pads": [1, 1, 1, 1]})
conv_case("2d_channels0", np.float32, (2, 0, 5, 5), (3, 0, 3, 3), True, {})
conv_case("2d_outputs0", np.float32, (2, 3, 5, 5), (0, 3, 3, 3), False, {"strides": [2, 2]})

# Model-sized layers
conv_case("2d_resnet_like", np.float32, (2, 16, 15, 15), (32, 16, 3, 3), True,
          {"strides": [2, 2], "pads": [1, 1, 1, 1]})
conv_case("2d_depthwise_wide", np.float32, (1, 32, 17, 17), (32, 1, 3, 3), True,
          {"group": 32, "pads": [1, 1, 1, 1]})
conv_transpose_case("2d_upsample", np.float32, (1, 16, 8, 8), (16, 8, 4, 4), True,
                    {"strides": [2, 2], "pads": [1, 1, 1, 1]})
max_pool_case("2d_large", np.float32, (2, 16, 33, 31),
              {"kernel_shape": [3, 3], "strides": [2, 2], "pads": [1, 1, 1, 1]}, True)
avg_pool_case("2d_large_ceil", np.float32, (2, 16, 33, 31),
              {"kernel_shape": [3, 3], "strides": [2, 2], "pads": [1, 1, 1, 1], "ceil_mode": True})

# --- global_avg_pool ------------------------------------------------------------
for dtype in FLOATS:
    for name, xs in [("1d", (2, 3, 7)), ("2d", (1, 5, 6, 7)), ("2d_batch3", (3, 2, 1, 9)),
                     ("2d_size1", (1, 1, 1, 1)), ("3d", (2, 3, 3, 4, 5)),
                     ("2d_batch0", (0, 3, 4, 4)), ("2d_large", (2, 64, 17, 19))]:
        global_avg_pool_case(name, dtype, xs)


# --- seeded random configurations -----------------------------------------------
def random_spatial(n, lo, hi):
    return [int(v) for v in rng.integers(lo, hi, size=n, endpoint=True)]


def random_window_attrs(n, D, pool):
    """kernel, strides, dilations and padding for a window op over D, each
    window holding at least one real element."""
    while True:
        k = random_spatial(n, 1, 3)
        s = random_spatial(n, 1, 3)
        d = random_spatial(n, 1, 2)
        attrs = {"kernel_shape": k}
        if rng.random() < 0.7:
            attrs["strides"] = s
        if rng.random() < 0.4:
            attrs["dilations"] = d
        mode = rng.choice(["NOTSET", "NOTSET", "NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID"])
        if mode != "NOTSET":
            attrs["auto_pad"] = str(mode)
        elif rng.random() < 0.8:
            attrs["pads"] = [int(rng.integers(0, k[i % n], endpoint=False)) for i in range(2 * n)]
        if pool and rng.random() < 0.5:
            attrs["ceil_mode"] = True
        x = np.zeros((1, 1) + tuple(D))
        try:
            if pool:
                ref_avg_pool(x, k, attrs)  # asserts every window counts something
                ref_max_pool(x, k, attrs)
            else:
                ref_conv(x, np.zeros((1, 1) + tuple(k)), None, attrs)
        except AssertionError:
            continue
        return attrs


for t in range(36):
    n = int(rng.integers(1, 3, endpoint=True))
    D = random_spatial(n, 1, 7)
    dtype = FLOATS[t % 2]
    op = ["max_pool", "avg_pool", "conv"][t % 3]
    attrs = random_window_attrs(n, D, op != "conv")
    N = int(rng.integers(1, 2, endpoint=True))
    if op == "max_pool":
        pick = [np.float32, np.float64, np.uint8, np.int8, np.int32, np.uint16][t % 6]
        if rng.random() < 0.4:
            attrs["storage_order"] = 1
        max_pool_case("random%d" % t, pick, (N, 2) + tuple(D), attrs, bool(rng.random() < 0.7),
                      -5, 5)
    elif op == "avg_pool":
        if rng.random() < 0.5:
            attrs["count_include_pad"] = True
        avg_pool_case("random%d" % t, dtype, (N, 2) + tuple(D), attrs)
    else:
        G = int(rng.choice([1, 2]))
        C = G * int(rng.integers(1, 2, endpoint=True))
        M = G * int(rng.integers(1, 2, endpoint=True))
        if G > 1:
            attrs["group"] = G
        k = attrs["kernel_shape"]
        if rng.random() < 0.5:
            del attrs["kernel_shape"]
        conv_case("random%d" % t, dtype, (N, C) + tuple(D), (M, C // G) + tuple(k),
                  bool(rng.random() < 0.5), attrs)

for t in range(20):
    n = int(rng.integers(1, 3, endpoint=True))
    D = random_spatial(n, 1, 4)
    k = random_spatial(n, 1, 3)
    s = random_spatial(n, 1, 3)
    d = random_spatial(n, 1, 2)
    attrs = {"strides": s}
    if rng.random() < 0.5:
        attrs["dilations"] = d
    else:
        d = [1] * n
    if rng.random() < 0.5:
        attrs["output_padding"] = [int(rng.integers(0, max(s[i], d[i]))) for i in range(n)]
    mode = rng.choice(["NOTSET", "NOTSET", "SAME_UPPER", "SAME_LOWER", "VALID", "SHAPE", "SHAPE"])
    if mode == "SHAPE":
        op = attrs.get("output_padding", [0] * n)
        attrs["output_shape"] = [max(1, (D[i] - 1) * s[i] + op[i] + (k[i] - 1) * d[i] + 1 +
                                     int(rng.integers(-3, 3, endpoint=True))) for i in range(n)]
        if rng.random() < 0.5:
            attrs["auto_pad"] = str(rng.choice(["SAME_UPPER", "SAME_LOWER"]))
    elif mode == "NOTSET":
        attrs["pads"] = [int(rng.integers(0, k[i % n], endpoint=False)) for i in range(2 * n)]
    else:
        attrs["auto_pad"] = str(mode)
    if min(transpose_geometry(D, k, attrs)[0]) < 1:
        continue
    G = int(rng.choice([1, 2]))
    if G > 1:
        attrs["group"] = G
    C, mg = G * int(rng.integers(1, 2, endpoint=True)), int(rng.integers(1, 2, endpoint=True))
    N = int(rng.integers(1, 2, endpoint=True))
    conv_transpose_case("random%d" % t, FLOATS[t % 2], (N, C) + tuple(D), (C, mg) + tuple(k),
                        bool(rng.random() < 0.5), attrs)


# ---------------------------------------------------------------------------
# Checking the references against ONNX's node tests
# ---------------------------------------------------------------------------


def check_references(root):
    import onnx
    from onnx import helper, numpy_helper

    def tensors(paths):
        out = []
        for p in sorted(paths):
            t = onnx.TensorProto()
            with open(p, "rb") as f:
                t.ParseFromString(f.read())
            out.append(numpy_helper.to_array(t))
        return out

    prefixes = ("test_conv", "test_basic_conv", "test_convtranspose", "test_maxpool",
                "test_averagepool", "test_globalaveragepool")
    checked = bad = 0
    for d in sorted(glob.glob(os.path.join(root, "test_*"))):
        if not os.path.basename(d).startswith(prefixes):
            continue
        node = onnx.load(os.path.join(d, "model.onnx")).graph.node[0]
        attrs = {}
        for a in node.attribute:
            v = helper.get_attribute_value(a)
            attrs[a.name] = v.decode() if isinstance(v, bytes) else v
        for key in ("ceil_mode", "count_include_pad"):
            if key in attrs:
                attrs[key] = bool(attrs[key])
        for data in sorted(glob.glob(os.path.join(d, "test_data_set_*"))):
            ins = tensors(glob.glob(os.path.join(data, "input_*.pb")))
            outs = tensors(glob.glob(os.path.join(data, "output_*.pb")))
            x = ins[0]
            if node.op_type == "Conv":
                got = [ref_conv(x, ins[1], ins[2] if len(ins) > 2 else None, attrs)[0]]
            elif node.op_type == "ConvTranspose":
                got = [ref_conv_transpose(x, ins[1], ins[2] if len(ins) > 2 else None, attrs)[0]]
            elif node.op_type == "MaxPool":
                got = list(ref_max_pool(x, attrs["kernel_shape"], attrs))
            elif node.op_type == "AveragePool":
                got = [ref_avg_pool(x, attrs["kernel_shape"], attrs)]
            else:
                got = [x.astype(np.float64).mean(axis=tuple(range(2, x.ndim)), keepdims=True)]
            # (some expected outputs are rounded to 4 decimals)
            ok = all(g.shape == w.shape and np.allclose(g, w, rtol=1e-4, atol=1e-4)
                     for g, w in zip(got, outs))
            checked += 1
            if not ok:
                bad += 1
                print("MISMATCH %s/%s" % (os.path.basename(d), os.path.basename(data)))
    print("%d node tests checked, %d mismatched" % (checked, bad))
    return bad == 0 and checked > 0


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--check-references":
        sys.exit(0 if check_references(sys.argv[2]) else 1)
    run(cases)
