#!/usr/bin/python3
"""Writes If, Loop and Scan models, one folder per case: DIR/NAME/model.onnx
and, for the cases that run, DIR/NAME/test_data_set_0/{input,output}_N.pb
with a NumPy reference. Cases cover what the node tests do not: branches
and bodies reading outer values (graph inputs and initializers), a loop
leaving early on a computed condition, a run-time trip count, scan axes and
directions, a subgraph inside a body; and broken or unsupported models.

    control_cases.py DIR          writes every case
    control_cases.py --list       prints the names of the cases that run
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper

F, I64, B = T.FLOAT, T.INT64, T.BOOL


def vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def graph(nodes, name, inputs, outputs, inits=()):
    return helper.make_graph(nodes, name, [vi(*i) for i in inputs], [vi(*o) for o in outputs],
                             [numpy_helper.from_array(a, n) for n, a in inits])


def model(g, opset=17):
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)], producer_name="dlc-test")
    m.ir_version = 8
    return m


N = helper.make_node
RUNS = {}
IMPORTED = {}


def runs(fn):
    RUNS[fn.__name__] = fn
    return fn


def imported(fn):
    """Models the lit tests only import: broken ones, and forms checked by
    their IR."""
    IMPORTED[fn.__name__] = fn
    return fn


def branches(then_out, else_out):
    # then: x + w (w an outer initializer); else: x * x.
    then_g = graph([N("Add", ["x", "w"], [then_out])], "then", [], [(then_out, F, None)])
    else_g = graph([N("Mul", ["x", "x"], [else_out])], "else", [], [(else_out, F, None)])
    return then_g, else_g


def if_model():
    then_g, else_g = branches("t", "e")
    g = graph([N("If", ["c"], ["y"], name="if", then_branch=then_g, else_branch=else_g)], "g",
              [("c", B, []), ("x", F, [2, 3])], [("y", F, [2, 3])],
              inits=[("w", np.arange(3, dtype=np.float32))])
    return model(g)


@runs
def if_then():
    x = np.random.RandomState(0).randn(2, 3).astype(np.float32)
    return if_model(), [np.array(True), x], [x + np.arange(3, dtype=np.float32)]


@runs
def if_else():
    x = np.random.RandomState(1).randn(2, 3).astype(np.float32)
    return if_model(), [np.array(False), x], [x * x]


@runs
def loop_early_exit():
    # x doubles plus y (read from outside) while its sum stays under 50,
    # at most M times; M is a graph input used as data.
    body = graph([N("Mul", ["x_in", "two"], ["x2"]), N("Add", ["x2", "y"], ["x_out"]),
                  N("ReduceSum", ["x_out"], ["s"], keepdims=0), N("Less", ["s", "limit"], ["c_out"])],
                 "body", [("i", I64, []), ("c_in", B, []), ("x_in", F, [3])],
                 [("c_out", B, []), ("x_out", F, [3])],
                 inits=[("two", np.array([2], dtype=np.float32)), ("limit", np.array(50, dtype=np.float32))])
    g = graph([N("Loop", ["m", "c", "x"], ["x_final"], name="loop", body=body)], "g",
              [("m", I64, []), ("c", B, []), ("x", F, [3]), ("y", F, [3])], [("x_final", F, [3])])
    x = np.array([1, 2, 3], dtype=np.float32)
    y = np.array([0.5, 0, -1], dtype=np.float32)
    r = x.copy()
    for _ in range(10):
        r = r * 2 + y
        if not r.sum() < 50:
            break
    return model(g), [np.array(10, dtype=np.int64), np.array(True), x, y], [r]


def growing_loop(x_type, inits):
    # Each iteration appends x's first element plus the iteration number:
    # the loop-carried value grows, so it is carried as [?].
    body = graph([N("Cast", ["i"], ["fi"], to=F), N("Slice", ["x_in", "zero", "one"], ["head"]),
                  N("Add", ["head", "fi"], ["tail"]), N("Concat", ["x_in", "tail"], ["x_out"], axis=0),
                  N("Identity", ["c_in"], ["c_out"])],
                 "body", [("i", I64, []), ("c_in", B, []), ("x_in", F, None)],
                 [("c_out", B, []), ("x_out", F, None)],
                 inits=[("zero", np.array([0], dtype=np.int64)), ("one", np.array([1], dtype=np.int64))])
    inputs = [("m", I64, [])] + ([("x", F, x_type)] if x_type else [])
    g = graph([N("Loop", ["m", "", "x"], ["x_final"], name="loop", body=body)], "g", inputs,
              [("x_final", F, None)], inits=inits)
    return model(g)


def grown(x, m):
    for i in range(m):
        x = np.concatenate([x, x[:1] + i])
    return x


@runs
def loop_grows_from_constant():
    x = np.array([1, 2, 3], dtype=np.float32)
    return growing_loop(None, [("x", x)]), [np.array(5, dtype=np.int64)], [grown(x, 5)]


@runs
def loop_grows_from_input():
    x = np.array([4, 5], dtype=np.float32)
    return growing_loop(["n"], []), [np.array(3, dtype=np.int64), x], [grown(x, 3)]


@runs
def loop_scan_while():
    # A compile-time M with a condition computed at run time: scf.while
    # with scan outputs (the running value and the iteration number), which
    # ends after 3 of the 4 iterations: the scan outputs have 3 rows.
    body = graph([N("Cast", ["i"], ["fi"], to=F), N("Add", ["x_in", "fi"], ["x_out"]),
                  N("Identity", ["x_out"], ["row"]), N("Identity", ["i"], ["irow"]),
                  N("ReduceSum", ["x_out"], ["s"], keepdims=0), N("Less", ["s", "limit"], ["c_out"])],
                 "body", [("i", I64, []), ("c_in", B, []), ("x_in", F, [2])],
                 [("c_out", B, []), ("x_out", F, [2]), ("row", F, [2]), ("irow", I64, [])],
                 inits=[("limit", np.array(5, dtype=np.float32))])
    g = graph([N("Loop", ["m", "c", "x"], ["x_final", "rows", "iters"], name="loop", body=body)], "g",
              [("c", B, []), ("x", F, [2])],
              [("x_final", F, [2]), ("rows", F, ["R", 2]), ("iters", I64, ["R"])],
              inits=[("m", np.array(4, dtype=np.int64))])
    x = np.array([1, -1], dtype=np.float32)
    rows, r = [], x.copy()
    for i in range(4):
        r = r + i
        rows.append(r.copy())
        if not r.sum() < 5:
            break
    return model(g), [np.array(True), x], [r, np.stack(rows), np.arange(len(rows), dtype=np.int64)]


@runs
def loop_ignores_body_condition():
    # Without a condition input the body's condition output is ignored
    # (ONNX's for loop): all M = 3 iterations run though it yields false.
    body = graph([N("Add", ["x_in", "one"], ["x_out"]), N("Identity", ["stop"], ["c_out"])],
                 "body", [("i", I64, []), ("c_in", B, []), ("x_in", F, [2])],
                 [("c_out", B, []), ("x_out", F, [2])],
                 inits=[("one", np.array([1], dtype=np.float32)), ("stop", np.array(False))])
    g = graph([N("Loop", ["m", "", "x"], ["x_final"], name="loop", body=body)], "g",
              [("x", F, [2])], [("x_final", F, [2])],
              inits=[("m", np.array(3, dtype=np.int64))])
    x = np.array([1, -1], dtype=np.float32)
    return model(g), [x], [x + 3]


@runs
def scan_axes_reverse():
    # Opset 11: scan over axis 1 of x, backwards, stacking the outputs on
    # axis 1 too; the body also reads the outer input w.
    body = graph([N("Add", ["acc_in", "col"], ["acc_out"]), N("Mul", ["acc_out", "w"], ["out"])],
                 "body", [("acc_in", F, [2]), ("col", F, [2])],
                 [("acc_out", F, [2]), ("out", F, [2])])
    g = graph([N("Scan", ["acc", "x"], ["acc_final", "outs"], name="scan", body=body,
                 num_scan_inputs=1, scan_input_axes=[1], scan_input_directions=[1],
                 scan_output_axes=[1])], "g",
              [("acc", F, [2]), ("x", F, [2, 3]), ("w", F, [2])],
              [("acc_final", F, [2]), ("outs", F, [2, 3])])
    rs = np.random.RandomState(2)
    acc, x, w = (rs.randn(*s).astype(np.float32) for s in [(2,), (2, 3), (2,)])
    a, outs = acc.copy(), []
    for t in reversed(range(3)):
        a = a + x[:, t]
        outs.append(a * w)
    return model(g, opset=11), [acc, x, w], [a, np.stack(outs, axis=1)]


@runs
def scan_with_if():
    # A body holding an If on a condition from two scopes out.
    then_g = graph([N("Add", ["s_in", "row"], ["t"])], "then", [], [("t", F, None)])
    else_g = graph([N("Sub", ["s_in", "row"], ["e"])], "else", [], [("e", F, None)])
    body = graph([N("If", ["c"], ["s_out"], name="inner_if", then_branch=then_g, else_branch=else_g)],
                 "body", [("s_in", F, [2]), ("row", F, [2])], [("s_out", F, [2])])
    g = graph([N("Scan", ["s", "x"], ["s_final"], name="scan", body=body, num_scan_inputs=1)], "g",
              [("c", B, []), ("s", F, [2]), ("x", F, [4, 2])], [("s_final", F, [2])])
    rs = np.random.RandomState(3)
    s, x = rs.randn(2).astype(np.float32), rs.randn(4, 2).astype(np.float32)
    return model(g, opset=11), [np.array(False), s, x], [s - x.sum(axis=0)]


@runs
def symbolic_batch():
    # x has a symbolic dim: dlc-run specializes it from the input, and the
    # static shape reaches the branches, the loop and its body.
    then_g = graph([N("Add", ["x", "x"], ["t"])], "then", [], [("t", F, None)])
    else_g = graph([N("Neg", ["x"], ["e"])], "else", [], [("e", F, None)])
    body = graph([N("Identity", ["c_in"], ["c_out"]), N("Add", ["s_in", "x"], ["s_out"])], "body",
                 [("i", I64, []), ("c_in", B, []), ("s_in", F, None)],
                 [("c_out", B, []), ("s_out", F, None)])
    g = graph([N("If", ["c"], ["y"], name="if", then_branch=then_g, else_branch=else_g),
               N("Loop", ["m", "", "y"], ["z"], name="loop", body=body)], "g",
              [("c", B, []), ("x", F, ["N", 3]), ("m", I64, [])], [("z", F, ["N", 3])])
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    return model(g), [np.array(True), x, np.array(3, dtype=np.int64)], [2 * x + 3 * x]


@imported
def if_known_cond():
    # A condition known at import: only the else branch, inline.
    then_g, else_g = branches("t", "e")
    g = graph([N("If", ["c"], ["y"], name="if", then_branch=then_g, else_branch=else_g)], "g",
              [("x", F, [2, 3])], [("y", F, [2, 3])],
              inits=[("w", np.arange(3, dtype=np.float32)), ("c", np.array(False))])
    return model(g)


@runs
def loop_unrolled():
    # M known, no condition: unrolled; the body slices x at the iteration
    # number, which is a constant in each copy.
    body = graph([N("Identity", ["c_in"], ["c_out"]), N("Unsqueeze", ["i", "zero"], ["start"]),
                  N("Add", ["start", "one"], ["end"]), N("Slice", ["x", "start", "end"], ["row1"]),
                  N("Squeeze", ["row1", "zero"], ["row"]), N("Add", ["acc_in", "row"], ["acc_out"]), N("Identity", ["acc_out"], ["scan"])],
                 "body", [("i", I64, []), ("c_in", B, []), ("acc_in", F, [2])],
                 [("c_out", B, []), ("acc_out", F, [2]), ("scan", F, [2])],
                 inits=[("zero", np.array([0], dtype=np.int64)), ("one", np.array([1], dtype=np.int64))])
    g = graph([N("Loop", ["m", "", "acc"], ["acc_final", "rows"], name="loop", body=body)], "g",
              [("acc", F, [2]), ("x", F, [3, 2])], [("acc_final", F, [2]), ("rows", F, [3, 2])],
              inits=[("m", np.array(3, dtype=np.int64))])
    rs = np.random.RandomState(4)
    acc, x = rs.randn(2).astype(np.float32), rs.randn(3, 2).astype(np.float32)
    rows = np.cumsum(x, axis=0) + acc
    return model(g), [acc, x], [rows[-1], rows]


@imported
def if_missing_branch():
    then_g, _ = branches("t", "e")
    g = graph([N("If", ["c"], ["y"], name="if", then_branch=then_g)], "g",
              [("c", B, []), ("x", F, [2])], [("y", F, [2])],
              inits=[("w", np.ones(2, dtype=np.float32))])
    return model(g)


@imported
def if_branch_types():
    # [2] and [2, 2]: ranks that differ by more than size-1 dims.
    then_g = graph([N("Identity", ["x"], ["t"])], "then", [], [("t", F, None)])
    else_g = graph([N("Unsqueeze", ["x", "zero"], ["u"]), N("Concat", ["u", "u"], ["e"], axis=0)],
                   "else", [], [("e", F, None)])
    g = graph([N("If", ["c"], ["y"], name="if", then_branch=then_g, else_branch=else_g)], "g",
              [("c", B, []), ("x", F, [2])], [("y", F, None)],
              inits=[("zero", np.array([0], np.int64))])
    return model(g)


@runs
def if_branch_dims():
    # [2] and [4]: the If gives [?]; the else branch runs.
    then_g = graph([N("Identity", ["x"], ["t"])], "then", [], [("t", F, None)])
    else_g = graph([N("Concat", ["x", "x"], ["e"], axis=0)], "else", [], [("e", F, None)])
    g = graph([N("If", ["c"], ["y"], name="if", then_branch=then_g, else_branch=else_g)], "g",
              [("c", B, []), ("x", F, [2])], [("y", F, None)])
    x = np.array([1.5, -2.0], np.float32)
    return model(g), [np.array(False), x], [np.concatenate([x, x])]


@runs
def if_branch_ranks():
    # A 0-d constant and a 1-element [1] (as ONNX's AffineGrid function
    # gives a step): the If gives [1]; the branch that computes runs.
    then_g = graph([N("Identity", ["zero_f"], ["t"])], "then", [], [("t", F, None)])
    else_g = graph([N("Div", ["two", "d"], ["e"])], "else", [], [("e", F, None)])
    g = graph([N("If", ["c"], ["s"], name="if", then_branch=then_g, else_branch=else_g),
               N("Mul", ["v", "s"], ["y"])], "g",
              [("c", B, []), ("d", F, [1]), ("v", F, [3])], [("y", F, [3])],
              inits=[("zero_f", np.array(0, np.float32)), ("two", np.array(2, np.float32))])
    d, v = np.array([4], np.float32), np.array([1, 2, 3], np.float32)
    return model(g), [np.array(False), d, v], [v * (2 / d)]


@imported
def loop_body_inputs():
    body = graph([N("Identity", ["c_in"], ["c_out"])], "body", [("i", I64, []), ("c_in", B, [])],
                 [("c_out", B, []), ("x_in", F, [2])])
    g = graph([N("Loop", ["m", "", "x"], ["y"], name="loop", body=body)], "g",
              [("m", I64, []), ("x", F, [2])], [("y", F, [2])])
    return model(g)


@runs
def loop_scan_runtime_trips():
    # M is a graph input: the rows are allocated at run time. The row is
    # the carried value's old value, read before the new one replaces it.
    body = graph([N("Identity", ["c_in"], ["c_out"]), N("Add", ["x_in", "x_in"], ["x_out"]),
                  N("Identity", ["x_in"], ["row"])], "body",
                 [("i", I64, []), ("c_in", B, []), ("x_in", F, [2])],
                 [("c_out", B, []), ("x_out", F, [2]), ("row", F, [2])])
    g = graph([N("Loop", ["m", "", "x"], ["y", "rows"], name="loop", body=body)], "g",
              [("m", I64, []), ("x", F, [2])], [("y", F, [2]), ("rows", F, None)])
    x = np.array([1.5, -2.0], np.float32)
    return model(g), [np.array(3, np.int64), x], [x * 8, np.stack([x, 2 * x, 4 * x])]


@imported
def loop_scan_no_trips():
    body = graph([N("Identity", ["c_in"], ["c_out"]), N("Identity", ["x_in"], ["x_out"]),
                  N("Identity", ["x_in"], ["row"])], "body",
                 [("i", I64, []), ("c_in", B, []), ("x_in", F, [2])],
                 [("c_out", B, []), ("x_out", F, [2]), ("row", F, [2])])
    g = graph([N("Loop", ["", "c", "x"], ["y", "rows"], name="loop", body=body)], "g",
              [("c", B, []), ("x", F, [2])], [("y", F, [2]), ("rows", F, None)])
    return model(g)


@imported
def scan_body_inputs():
    body = graph([N("Identity", ["a"], ["b"])], "body", [("a", F, [2])], [("b", F, [2])])
    g = graph([N("Scan", ["s", "x"], ["y"], name="scan", body=body, num_scan_inputs=1)], "g",
              [("s", F, [2]), ("x", F, [3, 2])], [("y", F, [2])])
    return model(g, opset=11)


@imported
def body_reads_undefined():
    then_g = graph([N("Identity", ["nowhere"], ["t"])], "then", [], [("t", F, None)])
    else_g = graph([N("Identity", ["x"], ["e"])], "else", [], [("e", F, None)])
    g = graph([N("If", ["c"], ["y"], name="if", then_branch=then_g, else_branch=else_g)], "g",
              [("c", B, []), ("x", F, [2])], [("y", F, [2])])
    return model(g)


def main(out):
    for name, build in RUNS.items():
        m, feeds, results = build()
        d = os.path.join(out, name, "test_data_set_0")
        os.makedirs(d, exist_ok=True)
        onnx.save(m, os.path.join(out, name, "model.onnx"))
        for i, x in enumerate(feeds):
            with open(os.path.join(d, "input_%d.pb" % i), "wb") as f:
                f.write(numpy_helper.from_array(x).SerializeToString())
        for i, y in enumerate(results):
            with open(os.path.join(d, "output_%d.pb" % i), "wb") as f:
                f.write(numpy_helper.from_array(np.ascontiguousarray(y)).SerializeToString())
    for name, build in IMPORTED.items():
        os.makedirs(os.path.join(out, name), exist_ok=True)
        onnx.save(build(), os.path.join(out, name, "model.onnx"))


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    if sys.argv[1] == "--list":
        print(" ".join(RUNS))
    else:
        main(sys.argv[1])
