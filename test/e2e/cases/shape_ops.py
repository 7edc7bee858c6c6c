"""Shape ops (reshape, flatten, transpose, concat, slice, squeeze, unsqueeze,
gather, pad, expand, shape) against NumPy: attribute combinations on odd,
size-1, zero-size and 0-d shapes, and every element type (these ops move
data without looking at it, so integers use their full range: a copy that
truncates or sign-extends the wrong width shows)."""

import numpy as np
from e2e import ALL, Case, run

rng = np.random.default_rng(20261201)
cases = []
I64_MAX, I64_MIN = 2 ** 63 - 1, -2 ** 63


def data(shape, dtype):
    """Seeded values of `dtype`: floats with negatives, integers over the
    whole range of the type, random bools."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind == "f":
        return (rng.random(shape) * 20 - 10).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)


def tname(dtype):
    return np.dtype(dtype).name


def add(op, variant, dtype, inputs, want, attrs=None):
    name = "%s_%s_%s" % (op, variant, tname(dtype))
    cases.append(Case(name, op, inputs, [want], attrs=attrs))


def table(op, configs, build, basic=(0,)):
    """Each config once, with element types taken in turn; the configs
    `basic` in every element type."""
    for k, config in enumerate(configs):
        dtypes = ALL if k in basic else [ALL[k % len(ALL)]]
        for dtype in dtypes:
            build(k, dtype, *config)


# reshape: (input shape, shape attribute, allowzero or None for the default).
def reshape(k, dtype, shape, target, allowzero):
    x = data(shape, dtype)
    dims = [d if d != 0 or allowzero else shape[i] for i, d in enumerate(target)]
    attrs = {"shape": target}
    if allowzero is not None:
        attrs["allowzero"] = allowzero
    add("reshape", k, dtype, [x], x.reshape(dims), attrs)


table("reshape", [
    ((2, 3, 5), [5, 6], None),
    ((2, 3, 5), [0, -1], None),          # 0 copies dim 0, -1 infers 15
    ((2, 3, 5), [-1], None),
    ((2, 3, 5), [5, 0, -1], None),       # 0 copies dim 1 (3)
    ((3, 5, 1, 2), [0, 0, -1], False),
    ((7,), [1, 7, 1], None),
    ((), [1, 1], None),                  # 0-d to 2-D
    ((1, 1), [], None),                  # to 0-d
    ((2, 3, 5), [3, -1], True),          # allowzero without zeros
    ((0, 3), [3, 0], True),              # allowzero: 0 is a zero-size dim
    ((0, 3), [-1, 3], None),             # -1 infers 0
    ((4, 0, 3), [2, 0, 6], False),       # 0 copies the zero-size dim
    ((4, 0, 3), [0, 0, 3], None),
    ((2, 3, 0), [0, 5, 0], True),        # allowzero: 0 stays 0
    ((3, 1, 5), [-1, 1], None),
], reshape)


# flatten: (input shape, axis or None for the default 1).
def flatten(k, dtype, shape, axis):
    x = data(shape, dtype)
    a = 1 if axis is None else axis
    a = a + len(shape) if a < 0 else a
    outer = int(np.prod(shape[:a], dtype=np.int64))
    want = x.reshape(outer, int(np.prod(shape[a:], dtype=np.int64)))
    add("flatten", k, dtype, [x], want, None if axis is None else {"axis": axis})


table("flatten", [
    ((2, 3, 5), None), ((2, 3, 5), 0), ((2, 3, 5), 2), ((2, 3, 5), 3), ((2, 3, 5), -1),
    ((2, 3, 5), -3), ((7,), 1), ((7,), 0), ((7,), -1), ((), 0), ((4, 0, 3), 1), ((4, 0, 3), 2),
    ((3, 1, 5, 1), -2),
], flatten)


# transpose: (input shape, perm or None for the default reversal).
def transpose(k, dtype, shape, perm):
    x = data(shape, dtype)
    add("transpose", k, dtype, [x], np.transpose(x, perm), None if perm is None else {"perm": perm})


table("transpose", [
    ((2, 3, 5), [1, 2, 0]), ((2, 3, 5), None), ((7,), None), ((), None), ((3, 1, 4, 2), None),
    ((0, 3), None), ((2, 3, 5), [0, 2, 1]), ((2, 3, 5), [2, 0, 1]), ((2, 3, 5), [0, 1, 2]),
    ((3, 1, 4, 2), [3, 1, 0, 2]), ((2, 3, 1, 5, 3), [4, 2, 0, 3, 1]), ((3, 0, 2), [2, 0, 1]),
    ((5, 3), [1, 0]),
    # Layout conversions in blocks of the vector width (dlc_transpose_4d):
    # 16 x 16, 8 x 8 where 16 does not divide, batch 2, a non-layout order.
    ((1, 32, 8, 48), [0, 2, 3, 1]), ((1, 8, 24, 16), [0, 3, 1, 2]), ((2, 16, 4, 56), [0, 2, 3, 1]),
    ((1, 24, 40, 8), [0, 3, 1, 2]), ((2, 16, 3, 32), [1, 0, 3, 2]),
], transpose)


# concat: (lhs shape, rhs shape, axis).
def concat(k, dtype, sa, sb, axis):
    a, b = data(sa, dtype), data(sb, dtype)
    add("concat", k, dtype, [a, b], np.concatenate([a, b], axis), {"axis": axis})


table("concat", [
    ((2, 3), (2, 4), 1), ((2, 3), (5, 3), 0), ((2, 3), (2, 4), -1), ((2, 3), (5, 3), -2),
    ((2, 3, 5), (2, 1, 5), 1), ((2, 3, 5), (2, 3, 2), -1), ((7,), (1,), 0), ((7,), (3,), -1),
    ((0, 3), (2, 3), 0),                 # zero-size lhs
    # Regressions: the next three once failed in MLIR's verifier ("offset 1 is
    # out-of-bounds: 3 >= 3"): tensor.concat bufferizes each operand to a
    # memref.subview, and an offset equal to the dim size is rejected even for
    # an empty slice; empty operands and results now skip tensor.concat.
    ((2, 3), (2, 0), 1),                 # zero-size rhs
    ((0, 3), (0, 2), 1),                 # zero-size in another dim
    ((0, 3), (0, 3), 0),                 # both empty
    ((3, 1, 2, 2), (3, 1, 3, 2), 2),
], concat)


# slice: (input shape, starts, ends, axes or None, steps or None); the
# reference is Python's slicing, whose clamping is ONNX's.
def slice_(k, dtype, shape, starts, ends, axes, steps):
    x = data(shape, dtype)
    index = [slice(None)] * len(shape)
    for i, (s, e) in enumerate(zip(starts, ends)):
        index[i if axes is None else axes[i]] = slice(s, e, 1 if steps is None else steps[i])
    attrs = {"starts": starts, "ends": ends}
    if axes is not None:
        attrs["axes"] = axes
    if steps is not None:
        attrs["steps"] = steps
    add("slice", k, dtype, [x], x[tuple(index)], attrs)


SLICES = [
    ((3, 4, 5), [1, 0], [3, 3], None, None),
    ((7,), [1], [6], None, None),
    ((7,), [-5], [-1], None, None),                         # negative starts and ends
    ((7,), [-100], [100], None, [3]),                       # clamped, step 3
    ((7,), [6], [0], None, [-2]),                           # negative step
    ((7,), [-1], [-100], None, [-1]),                       # full reversal (end clamps to -1)
    ((7,), [I64_MAX], [I64_MIN], None, [-1]),               # INT64 bounds, reversed
    ((7,), [0], [I64_MAX], None, [2]),
    ((7,), [4], [2], None, None),                           # empty: start > end
    ((7,), [2], [4], None, [-1]),                           # empty: negative step upwards
    ((7,), [3], [3], None, None),                           # empty: start == end
    ((7,), [7], [10], None, None),                          # empty at the end of the dim
    ((7,), [10], [20], None, None),                         # start clamped to the dim
    ((7,), [-100], [0], None, [-1]),                        # empty: start clamped to -1
    ((3, 4, 5), [5], [I64_MAX], [2], None),
    ((3, 4, 5), [1], [3], [2], None),                       # one axis of three
    ((3, 4, 5), [-3, 1], [-1, 100], [-1, 0], [-2, 1]),      # negative axes, unordered
    ((3, 4, 5), [0, 3, 4], [3, 0, 0], [1, 0, 2], [1, -1, -3]),
    ((3, 4, 5), [2], [-1], [1], [5]),                       # step longer than the dim
    # Regression: once failed in MLIR's verifier (tensor.extract_slice at
    # offset 0 of a size-0 dim); an empty result is now a tensor.empty.
    ((3, 0, 5), [1], [4], [2], None),                       # zero-size input dim
    ((3, 0, 5), [0], [1], [1], None),
    ((1, 5), [0], [-1], [0], [-1]),                         # size-1 dim, empty by reversal
    ((2, 3, 4, 5), [1, -2], [I64_MAX, 0], [3, 1], [1, -1]),
]
# Random combinations on a 3-D input (seeded).
for t in range(16):
    n = int(rng.integers(1, 4))
    axes = [int(a) for a in rng.permutation([0, 1, 2])[:n]]
    axes = [a - 3 if rng.random() < 0.4 else a for a in axes]
    starts = [int(rng.integers(-7, 8)) for _ in axes]
    ends = [int(rng.choice([rng.integers(-7, 8), I64_MAX, I64_MIN])) for _ in axes]
    steps = [int(rng.choice([-3, -2, -1, 1, 2, 3])) for _ in axes]
    SLICES.append(((3, 4, 5), starts, ends, axes, steps))
table("slice", SLICES, slice_)


# squeeze: (input shape, axes or None for all size-1 dims).
def squeeze(k, dtype, shape, axes):
    x = data(shape, dtype)
    want = np.squeeze(x) if axes is None else np.squeeze(x, tuple(axes))
    add("squeeze", k, dtype, [x], want, None if axes is None else {"axes": axes})


table("squeeze", [
    ((1, 3, 1, 5), None), ((1, 3, 1, 5), [0]), ((1, 3, 1, 5), [-2]), ((1, 3, 1, 5), [2, 0]),
    ((1, 3, 1, 5), [-4, -2]), ((1,), None), ((1, 1), None), ((1,), [0]), ((3, 0, 1), [-1]),
    ((1, 0, 1), None), ((3, 5), None), ((5, 1), [1]),
], squeeze)


# unsqueeze: (input shape, axes); positions in the output.
def unsqueeze(k, dtype, shape, axes):
    x = data(shape, dtype)
    add("unsqueeze", k, dtype, [x], np.expand_dims(x, tuple(axes)), {"axes": axes})


table("unsqueeze", [
    ((3, 5), [0]), ((3, 5), [2]), ((3, 5), [-1]), ((3, 5), [0, 3]), ((3, 5), [1, -1]),
    ((3, 5), [3, 0]), ((3, 5), [-4, -1]), ((), [0]), ((), [1, 0]), ((0, 2), [1]),
    ((7,), [0, 1, 3]),
], unsqueeze)


# gather: (input shape, indices, indices type, axis or None for 0); indices
# within [-dim, dim).
def gather(k, dtype, shape, idx, itype, axis):
    x = data(shape, dtype)
    i = np.array(idx, itype)
    a = 0 if axis is None else axis
    add("gather", k, dtype, [x, i], np.take(x, i, axis=a), None if axis is None else {"axis": axis})


table("gather", [
    ((5, 4), [[0, -1], [2, -5]], np.int64, None),           # 2-D indices, negative
    ((5, 4), [-1, 0, 3, 3], np.int32, 1),
    ((5, 4), [-1, 0, 3], np.int64, -1),
    ((5, 4), -2, np.int64, None),                           # 0-d indices drop the dim
    ((5, 4), 3, np.int32, -1),
    ((2, 3, 5), [[4, -5, 0], [1, 1, -1]], np.int32, 2),
    ((2, 3, 5), [[[2]], [[-3]]], np.int64, 1),              # 3-D indices
    ((2, 3, 5), [], np.int64, 1),                           # no indices: zero-size result
    ((1, 3), [0, 0, -1], np.int32, 0),                      # size-1 dim, repeated
    ((4, 0), [3, -4], np.int64, 0),                         # zero-size other dim
    ((7,), [[6, -7], [0, 3]], np.int64, -1),
    ((3, 4, 2), [1, -1], np.int64, -2),
], gather)


# pad: (input shape, pads, mode or None, axes or None, constant value: None
# for the operand absent, "0d" / "1d" for a given one). The reference crops
# negative pads first, then pads: constant mode with np.pad, the others by
# the definitions as index maps (reflect: mirror without the edge, period
# 2*(n-1); edge: clamp; wrap: cyclic), since NumPy 1.24's np.pad is wrong
# for reflect and wrap pads much longer than the dim on one side only
# (np.pad(np.arange(3), (1, 6), mode="wrap") ends 2, 2, 0, 1 instead of 2, 0, 1, 2).
def source_index(mode, j, n):
    if mode == "wrap":
        return j % n
    if mode == "edge":
        return np.clip(j, 0, n - 1)
    if n == 1:
        return np.zeros_like(j)
    period = 2 * (n - 1)
    r = j % period
    return np.where(r < n, r, period - r)


def pad_reference(x, width, mode):
    for axis, (b, e) in enumerate(width):
        n = x.shape[axis]
        x = np.take(x, source_index(mode, np.arange(-b, n + e), n), axis=axis)
    return x


# The index maps agree with np.pad where np.pad is right (pads within the dim).
for _mode in ("reflect", "edge", "wrap"):
    for _n in range(1 if _mode != "reflect" else 2, 6):
        for _b in range(_n if _mode != "edge" else 9):
            for _e in range(_n if _mode != "edge" else 9):
                assert (pad_reference(np.arange(_n), [(_b, _e)], _mode)
                        == np.pad(np.arange(_n), (_b, _e), mode=_mode)).all(), (_mode, _n, _b, _e)


def pad(k, dtype, shape, pads, mode, axes, value):
    x = data(shape, dtype)
    rank = len(shape)
    listed = list(range(rank)) if axes is None else [a % rank for a in axes]
    begin, end = [0] * rank, [0] * rank
    for i, a in enumerate(listed):
        begin[a], end[a] = pads[i], pads[len(listed) + i]
    kept = x[tuple(slice(max(-b, 0), d - max(-e, 0)) for d, b, e in zip(shape, begin, end))]
    width = [(max(b, 0), max(e, 0)) for b, e in zip(begin, end)]
    attrs = {"pads": pads}
    if mode is not None:
        attrs["mode"] = mode
    if axes is not None:
        attrs["axes"] = axes
    # Operands: input, constant_value, pads_tensor (the pads are attributes here).
    inputs = [x, None, None]
    if mode in (None, "constant"):
        c = np.zeros((), dtype)
        if value is not None:
            c = data((), dtype) if value == "0d" else data((1,), dtype)
            inputs[1] = c
        want = np.pad(kept, width, mode="constant", constant_values=c.reshape(()))
    else:
        want = pad_reference(kept, width, mode)
    cases.append(Case("pad_%s_%s" % (k, tname(dtype)), "pad", inputs, [want], attrs=attrs,
                      operand_segments=True))


PADS = [
    ((3, 4), [1, 2, 0, 1], None, None, None),               # constant 0
    ((3, 4), [1, 2, 0, 1], "constant", None, "0d"),
    ((3, 4), [2, 0, 1, 3], None, None, "1d"),               # 1-element 1-D value
    ((3, 4), [-1, 1, 1, -2], "constant", None, "0d"),       # negative pads crop
    ((2, 3, 5), [1, 2], None, [1], "0d"),                   # axes subset
    ((2, 3, 5), [0, 1, 2, 1], None, [-1, 0], None),         # negative, unordered axes
    ((0, 3), [1, 0, 1, 0], None, None, "0d"),               # zero-size input dim
    # Regressions: the next two once failed in MLIR's verifier (tensor.pad of
    # an empty source bufferizes to a memref.subview at an offset equal to
    # the dim size); an empty source is now a fill.
    ((3, 4), [2, 0, -3, 0], None, None, "0d"),              # all cropped, then padded
    ((3, 4), [-1, 1, -2, 0], "constant", None, None),       # all cropped: empty result
    ((3, 4), [3, 3, 0, 0], "constant", None, None),
    ((7,), [0, 0], None, None, "0d"),                       # no padding
    ((4, 5), [1, 2, 3, 1], "reflect", None, None),
    ((4, 5), [3, 4, 3, 4], "reflect", None, None),          # pad = dim - 1
    ((2, 3), [3, 5, 4, 7], "reflect", None, None),          # longer than the dim: periodic
    ((1, 3), [2, 1, 3, 1], "reflect", None, None),          # size-1 dim
    ((4, 5), [-1, 2, 2, -2], "reflect", None, None),        # crop, then reflect what is left
    ((2, 3, 5), [2, 3], "reflect", [-1], None),
    ((4, 5), [1, 2, 3, 1], "edge", None, None),
    ((1, 2), [3, 4, 2, 5], "edge", None, None),
    ((4, 5), [-2, 3, 1, -4], "edge", None, None),
    ((2, 3, 5), [2, 0, 1, 3], "edge", [0, 2], None),
    ((4, 5), [1, 2, 3, 1], "wrap", None, None),
    ((2, 3), [5, 7, 4, 8], "wrap", None, None),             # longer than the dim: cyclic
    ((4, 5), [2, -1, -3, 6], "wrap", None, None),
    ((2, 3, 5), [1, 6], "wrap", [-2], None),
    ((3, 2, 1, 4), [1, 0, 2, 1, 1, 0, 3, 2], "reflect", None, None),
    ((3, 4), [1, 11, 8, 1], "reflect", None, None),         # long on one side only
    ((3, 4), [1, 0, 7, 11], "wrap", None, None),
    ((2, 5), [9, 1, 1, 13], "edge", None, None),
]
for t in range(8):  # random pads, modes and crops on a 3-D input (seeded)
    mode = str(rng.choice(["constant", "reflect", "edge", "wrap"]))
    PADS.append(((3, 4, 5), [int(v) for v in rng.integers(-1, 7, 6)], mode, None, None))
table("pad", PADS, pad, basic=(1, 12, 19, 23))  # constant with a value, reflect, edge, wrap


# expand: (input shape, shape attribute); the result is the broadcast of both.
def expand(k, dtype, shape, target):
    x = data(shape, dtype)
    want = np.broadcast_to(x, np.broadcast_shapes(shape, tuple(target)))
    add("expand", k, dtype, [x], want, {"shape": target})


table("expand", [
    ((3, 1), [2, 1, 4]),                 # input grows both ways
    ((1,), [5]), ((2, 3), [3]), ((2, 1, 5), [3, 1]),         # result larger than the shape
    ((4, 1), [1]), ((3,), [2, 1]), ((), [2, 3]), ((2, 3), []),
    ((0, 1), [0, 4]), ((1, 3), [0, 1]),  # zero-size
    ((1, 1, 1), [3, 5, 2]), ((5, 1, 3), [2, 1, 4, 1]),
], expand)


# shape: (input shape, start, end); None for the defaults.
def shape_(k, dtype, shape, start, end):
    x = data(shape, dtype)
    r = len(shape)
    s = 0 if start is None else min(max(start + r if start < 0 else start, 0), r)
    e = r if end is None else min(max(end + r if end < 0 else end, 0), r)
    attrs = {}
    if start is not None:
        attrs["start"] = start
    if end is not None:
        attrs["end"] = end
    add("shape", k, dtype, [x], np.array(shape[s:e] if s < e else [], np.int64), attrs)


table("shape", [
    ((2, 3, 5, 1), None, None), ((2, 3, 5, 1), 1, None), ((2, 3, 5, 1), None, -1),
    ((2, 3, 5, 1), -2, None), ((2, 3, 5, 1), -10, 10), ((2, 3, 5, 1), 3, 1),
    ((2, 3, 5, 1), 1, 3), ((), None, None), ((0, 3), None, None), ((7,), -1, None),
    ((4, 0, 2), 1, 2),
], shape_)

run(cases)
