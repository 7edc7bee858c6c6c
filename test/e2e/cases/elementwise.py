"""Elementwise dlc_graph ops: every element type each allows, broadcasting,
size-1 and zero-size dims, odd sizes, negative values."""

import math

import numpy as np
from e2e import (ALL, FLOATS, INTS, NUMERIC, SIGNED_INTS, UNSIGNED_INTS, Case, Raw, random,
                 run)

rng = np.random.default_rng(20261130)
cases = []

SHAPES = [  # (lhs, rhs): same shape, broadcasting both ways, scalars, zero-size
    ((3, 5), (3, 5)), ((2, 3, 5), (5,)), ((4, 1, 3), (1, 7, 1)), ((), (6,)), ((0, 3), (3,)),
]


def cname(*parts):
    return "_".join(str(p) for p in parts).replace(" ", "")


def trunc_div(a, b):
    q = np.abs(a.astype(np.int64)) // np.abs(b.astype(np.int64))
    return (np.sign(a.astype(np.int64)) * np.sign(b.astype(np.int64)) * q).astype(a.dtype)


for op, fn in [("add", np.add), ("sub", np.subtract), ("mul", np.multiply), ("div", None)]:
    for dtype in NUMERIC:
        for k, (sa, sb) in enumerate(SHAPES):
            a, b = random(rng, sa, dtype), random(rng, sb, dtype)
            if op == "div" and np.dtype(dtype).kind != "f":
                b = np.where(b == 0, 1, b).astype(dtype)
            with np.errstate(all="ignore"):
                if op == "div":
                    want = (a / b).astype(dtype) if np.dtype(dtype).kind == "f" else trunc_div(a, b)
                else:
                    want = fn(a, b).astype(dtype)
            cases.append(Case(cname(op, np.dtype(dtype).name, k), op, [a, b], [want]))

for op, fn in [("equal", np.equal), ("greater", np.greater), ("less", np.less)]:
    for dtype in (ALL if op == "equal" else NUMERIC):
        for k, (sa, sb) in enumerate(SHAPES[:3]):
            a, b = random(rng, sa, dtype, -3, 3), random(rng, sb, dtype, -3, 3)
            cases.append(Case(cname(op, np.dtype(dtype).name, k), op, [a, b], [fn(a, b)]))

# pow: float ** float, float ** int, int ** int, int ** float (truncated).
for base_t, exp_t in [(np.float32, np.float32), (np.float64, np.float64), (np.float32, np.int32),
                      (np.float32, np.int64), (np.float32, np.uint32), (np.int32, np.int32),
                      (np.int64, np.int64), (np.int32, np.float32), (np.int64, np.float32)]:
    base = random(rng, (3, 4), base_t, 0 if np.dtype(base_t).kind == "f" else 1, 3)
    exp = random(rng, (4,), exp_t, 0, 3)
    if np.dtype(base_t).kind == "f":
        want = np.power(base, exp.astype(base_t)).astype(base_t)
    elif np.dtype(exp_t).kind == "f":
        want = np.power(base.astype(exp_t), exp).astype(base_t)
    else:
        want = np.power(base, exp.astype(base_t)).astype(base_t)
    cases.append(Case(cname("pow", np.dtype(base_t).name, np.dtype(exp_t).name), "pow",
                      [base, exp], [want], rtol=1e-4, atol=1e-4))


def unary(op, dtypes, fn, low=None, high=None, attrs=None, rtol=1e-4, atol=1e-5, name=None):
    for dtype in dtypes:
        for k, shape in enumerate([(7,), (2, 3, 5), (0, 4), ()]):
            x = random(rng, shape, dtype, low, high)
            with np.errstate(all="ignore"):
                want = np.asarray(fn(x)).astype(dtype)
            cases.append(Case(cname(name or op, np.dtype(dtype).name, k), op, [x], [want],
                              attrs=attrs, rtol=rtol, atol=atol))


erf = np.vectorize(math.erf, otypes=[np.float64])
unary("relu", FLOATS + SIGNED_INTS, lambda x: np.maximum(x, 0))
unary("leaky_relu", FLOATS, lambda x: np.where(x >= 0, x, 0.01 * x))
unary("leaky_relu", FLOATS, lambda x: np.where(x >= 0, x, 0.2 * x), attrs={"alpha": 0.2},
      name="leaky_relu_alpha")
unary("sigmoid", FLOATS, lambda x: 1 / (1 + np.exp(-x)))
unary("tanh", FLOATS, np.tanh)
unary("erf", FLOATS, erf)
unary("exp", FLOATS, np.exp)
unary("log", FLOATS, np.log, 0.01, 10)
unary("sqrt", FLOATS, np.sqrt, 0, 10)
unary("neg", FLOATS + SIGNED_INTS, np.negative)
unary("abs", NUMERIC, np.abs)
unary("identity", ALL, lambda x: x)
unary("gelu", FLOATS, lambda x: 0.5 * x * (1 + erf(x / math.sqrt(2))))
unary("gelu", FLOATS,
      lambda x: 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3))),
      attrs={"approximate": "tanh"}, name="gelu_tanh")

# clip with both, one or no bound (bounds are 0-d tensors).
for dtype in NUMERIC:
    x = random(rng, (4, 5), dtype)
    lo, hi = np.array(-2 if np.dtype(dtype).kind != "u" else 3, dtype), np.array(5, dtype)
    for name, bounds, want in [("clip", [lo, hi], np.clip(x, lo, hi)),
                               ("clip_min", [lo, None], np.maximum(x, lo)),
                               ("clip_max", [None, hi], np.minimum(x, hi)),
                               ("clip_none", [None, None], x)]:
        cases.append(Case(cname(name, np.dtype(dtype).name), "clip", [x] + bounds, [want],
                          operand_segments=True))

# cast between every pair of types (values that fit both).
for src in ALL:
    for dst in ALL:
        x = random(rng, (2, 7), src, 0, 100) if np.dtype(src) != np.bool_ else random(rng, (2, 7), src)
        if np.dtype(src).kind == "f":
            x = np.round(x) + (x - np.round(x)) * 0.5  # fractions, truncated by the cast
        want = x.astype(dst) if np.dtype(dst) != np.bool_ else x != 0
        cases.append(Case(cname("cast", np.dtype(src).name, np.dtype(dst).name), "cast", [x], [want],
                          attrs={"to": Raw({"float32": "f32", "float64": "f64", "bool": "i1"}.get(
                              np.dtype(dst).name, np.dtype(dst).name.replace("uint", "ui").replace(
                                  "int", "i")))}))

# where with broadcasting of all three operands.
for dtype in ALL:
    c = random(rng, (3, 1, 4), np.bool_)
    x, y = random(rng, (5, 1), dtype), random(rng, (4,), dtype)
    cases.append(Case(cname("where", np.dtype(dtype).name), "where", [c, x, y], [np.where(c, x, y)]))

# dropout (inference): identity, optional all-true mask.
for dtype in FLOATS:
    x = random(rng, (3, 4), dtype)
    cases.append(Case(cname("dropout", np.dtype(dtype).name), "dropout", [x], [x, None]))
    cases.append(Case(cname("dropout_mask", np.dtype(dtype).name), "dropout", [x],
                      [x, np.ones(x.shape, np.bool_)]))

# constant: the attribute's value comes back.
cases.append(Case("constant_f32", "constant", [], [np.array([[1.5, -2.0, 3.25]], np.float32)],
                  attrs={"value": Raw("dense<[[1.5, -2.0, 3.25]]> : tensor<1x3xf32>")}))
cases.append(Case("constant_i64", "constant", [], [np.array([7, -8], np.int64)],
                  attrs={"value": Raw("dense<[7, -8]> : tensor<2xi64>")}))

run(cases)
