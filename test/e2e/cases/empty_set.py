"""Reductions of an empty set against NumPy: every reduction over a
zero-size dim into a non-empty result, in every type it takes. The values
are ONNX's for no elements (0, 1, the type's lowest or highest value, -inf;
the mean, which ONNX leaves undefined, is 0 / 0 = NaN for floats and 0 for
integers, as the lowering divides by max(count, 1)). With --no-optimize the
lowering computes them; by default dlc-eliminate-empty-tensors folds them
into constants: both must give the same values."""

import numpy as np
from e2e import FLOATS, NUMERIC, Case, run

OPS = {  # op: (element types, value over no elements)
    "reduce_sum": (NUMERIC, lambda t: 0),
    "reduce_prod": (NUMERIC, lambda t: 1),
    "reduce_max": (NUMERIC, lambda t: -np.inf if t.kind == "f" else np.iinfo(t).min),
    "reduce_min": (NUMERIC, lambda t: np.inf if t.kind == "f" else np.iinfo(t).max),
    "reduce_mean": (NUMERIC, lambda t: np.nan if t.kind == "f" else 0),
    "reduce_l1": (NUMERIC, lambda t: 0),
    "reduce_l2": (FLOATS, lambda t: 0),
    "reduce_sum_square": (NUMERIC, lambda t: 0),
    "reduce_log_sum": (FLOATS, lambda t: -np.inf),
    "reduce_log_sum_exp": (FLOATS, lambda t: -np.inf),
}
SHAPES = [  # (input shape, axes or None, keepdims or None, result shape)
    ((2, 0, 4), [1], None, (2, 1, 4)),
    ((0, 3), None, False, ()),          # all dims: a 0-d result
    ((3, 0), [-1], False, (3,)),
]

cases = []
for j, (op, (dtypes, value)) in enumerate(OPS.items()):
    for k, (shape, axes, keepdims, out) in enumerate(SHAPES):
        # Every type on the first shape; the others take f32 and one more.
        for dtype in dtypes if k == 0 else {np.float32, dtypes[(j + k) % len(dtypes)]}:
            t = np.dtype(dtype)
            attrs = {}
            if axes is not None:
                attrs["axes"] = axes
            if keepdims is not None:
                attrs["keepdims"] = keepdims
            want = np.full(out, value(t), dtype=t)
            cases.append(Case("%s_%d_%s" % (op, k, t.name), op, [np.zeros(shape, t)], [want],
                              attrs=attrs))

run(cases)
