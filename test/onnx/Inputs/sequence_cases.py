#!/usr/bin/python3
"""Writes models of the Sequence and Optional ops, one folder per case:
DIR/NAME/model.onnx and, for the cases that run, DIR/NAME/test_data_set_0/
{input,output}_N.pb with a NumPy reference (a list is a SequenceProto, an
Opt an OptionalProto). Cases cover what the node tests do not: negative
positions, Erase, Length, ConcatFromSequence with and without new_axis,
SplitToSequence with sizes and without keepdims, SequenceMap over a split,
optionals of tensors and of sequences at the graph's edges, a Loop carrying
a sequence; and broken or unsupported models.

    sequence_cases.py DIR          writes every case
    sequence_cases.py --list       prints the names of the cases that run
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper

F, I64, B = T.FLOAT, T.INT64, T.BOOL
N = helper.make_node
RUNS = {}
IMPORTED = {}


class Opt:
    """An optional feed or result: `value` a tensor, a list or None (empty)."""

    def __init__(self, value):
        self.value = value


def tensor_type(elem, shape):
    return helper.make_tensor_type_proto(elem, shape)


def seq_type(elem, shape=None):
    return helper.make_sequence_type_proto(tensor_type(elem, shape))


def opt_type(inner):
    return helper.make_optional_type_proto(inner)


def vi(name, t):
    if isinstance(t, onnx.TypeProto):
        return helper.make_value_info(name, t)
    return helper.make_tensor_value_info(name, t[0], t[1])


def model(nodes, inputs, outputs, opset=18):
    g = helper.make_graph(nodes, "g", [vi(n, t) for n, t in inputs],
                          [vi(n, t) for n, t in outputs])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)],
                          producer_name="dlc-test")
    m.ir_version = 8
    return m


def const(name, value):
    return N("Constant", [], [name], value=numpy_helper.from_array(np.array(value)))


def runs(fn):
    RUNS[fn.__name__] = fn
    return fn


def imported(fn):
    IMPORTED[fn.__name__] = fn
    return fn


def proto(x):
    if isinstance(x, Opt):
        return numpy_helper.from_optional(x.value)
    if isinstance(x, list):
        return numpy_helper.from_list([np.array(a, order="C") for a in x])
    return numpy_helper.from_array(np.array(x, order="C"))


@runs
def seq_ops():
    # s = [s0, s1] -> insert t at -1 -> [s0, t, s1] -> erase 0 -> [t, s1].
    rs = np.random.RandomState(0)
    s = [rs.randn(2, 3).astype(np.float32) for _ in range(2)]
    t = rs.randn(2, 3).astype(np.float32)
    m = model([const("m1", -1), const("z", 0),
               N("SequenceInsert", ["s", "t", "m1"], ["s1"]),
               N("SequenceErase", ["s1", "z"], ["s2"]),
               N("SequenceAt", ["s2", "m1"], ["a"]),
               N("SequenceLength", ["s2"], ["len"]),
               N("ConcatFromSequence", ["s2"], ["c"], axis=0),
               N("ConcatFromSequence", ["s2"], ["st"], axis=-1, new_axis=1)],
              [("s", seq_type(F, [2, 3])), ("t", (F, [2, 3]))],
              [("s2", seq_type(F)), ("a", (F, [2, 3])), ("len", (I64, [])), ("c", (F, [4, 3])),
               ("st", (F, [2, 3, 2]))])
    s2 = [t, s[1]]
    return m, [s, t], [s2, s[1], np.array(2, np.int64), np.concatenate(s2, 0),
                       np.stack(s2, -1)]


@runs
def split_map():
    # Columns split 1/3/2, each squared by SequenceMap; rows split without
    # keepdims and stacked on a new axis 1: the transpose.
    x = np.random.RandomState(1).randn(4, 6).astype(np.float32)
    body = helper.make_graph([N("Mul", ["e", "e"], ["sq"])], "body",
                             [helper.make_tensor_value_info("e", F, None)],
                             [helper.make_tensor_value_info("sq", F, None)])
    m = model([const("sizes", np.array([1, 3, 2], np.int64)),
               N("SplitToSequence", ["x", "sizes"], ["cols"], axis=1),
               N("SequenceMap", ["cols"], ["sq"], body=body),
               N("SplitToSequence", ["x"], ["rows"], axis=0, keepdims=0),
               N("ConcatFromSequence", ["rows"], ["xt"], axis=1, new_axis=1)],
              [("x", (F, [4, 6]))], [("sq", seq_type(F)), ("xt", (F, [6, 4]))])
    cols = np.split(x, [1, 4], axis=1)
    return m, [x], [[c * c for c in cols], x.T]


@runs
def split_runtime():
    # Sizes fed when the code runs: one compile, the pieces' rows are `?`.
    x = np.random.RandomState(2).randn(5, 3).astype(np.float32)
    sizes = np.array([2, 0, 3], np.int64)
    m = model([N("SplitToSequence", ["x", "sizes"], ["s"])],
              [("x", (F, [5, 3])), ("sizes", (I64, [3]))], [("s", seq_type(F))])
    return m, [x, sizes], [np.split(x, [2, 2], axis=0)]


@runs
def optionals():
    # o holds a tensor, p is an empty optional of a sequence.
    o = np.arange(3, dtype=np.float32)
    m = model([N("OptionalHasElement", ["o"], ["ho"]),
               N("OptionalGetElement", ["o"], ["go"]),
               N("OptionalHasElement", ["p"], ["hp"]),
               N("Identity", ["p"], ["q"]),
               N("Optional", ["go"], ["r"])],
              [("o", opt_type(tensor_type(F, [3]))), ("p", opt_type(seq_type(F, [2])))],
              [("ho", (B, [])), ("go", (F, [3])), ("hp", (B, [])),
               ("q", opt_type(seq_type(F, [2]))), ("r", opt_type(tensor_type(F, [3])))])
    return m, [Opt(o), Opt(None)], [np.array(True), o, np.array(False), Opt(None), Opt(o)]


@runs
def loop_seq():
    # Three iterations append x * i to a sequence that starts empty.
    x = np.random.RandomState(2).randn(2).astype(np.float32)
    body = helper.make_graph(
        [N("Identity", ["c_in"], ["c_out"]),
         N("Cast", ["i"], ["fi"], to=F),
         N("Mul", ["x", "fi"], ["xi"]),
         N("SequenceInsert", ["s_in", "xi"], ["s_out"])],
        "body", [helper.make_tensor_value_info("i", I64, []),
                 helper.make_tensor_value_info("c_in", B, []),
                 helper.make_value_info("s_in", seq_type(F))],
        [helper.make_tensor_value_info("c_out", B, []),
         helper.make_value_info("s_out", seq_type(F))])
    m = model([const("m", np.array(3, np.int64)),
               N("SequenceEmpty", [], ["e"], dtype=F),
               N("Loop", ["m", "", "e"], ["s"], body=body),
               N("ConcatFromSequence", ["s"], ["c"], axis=0)],
              [("x", (F, [2]))], [("s", seq_type(F)), ("c", (F, [6]))])
    s = [x * i for i in range(3)]
    return m, [x], [s, np.concatenate(s)]


@imported
def seq_input():
    return model([N("Identity", ["s"], ["y"])], [("s", seq_type(F, [2]))],
                 [("y", seq_type(F, [2]))])


@imported
def at_out_of_range():
    return model([const("p", -2), N("SequenceConstruct", ["x"], ["s"]),
                  N("SequenceAt", ["s", "p"], ["y"], name="at")],
                 [("x", (F, [2]))], [("y", (F, [2]))])


@imported
def get_empty():
    return model([N("Optional", [], ["o"], type=tensor_type(F, [2])),
                  N("OptionalGetElement", ["o"], ["y"], name="get")],
                 [], [("y", (F, [2]))])


@imported
def erase_empty():
    return model([N("SequenceEmpty", [], ["e"]), N("SequenceErase", ["e"], ["s"], name="erase")],
                 [], [("s", seq_type(F))])


@imported
def split_sizes():
    return model([const("sizes", np.array([1, 2], np.int64)),
                  N("SplitToSequence", ["x", "sizes"], ["s"], name="split")],
                 [("x", (F, [4]))], [("s", seq_type(F))])


@imported
def map_lengths():
    body = helper.make_graph([N("Add", ["a", "b"], ["y"])], "body",
                             [helper.make_tensor_value_info("a", F, None),
                              helper.make_tensor_value_info("b", F, None)],
                             [helper.make_tensor_value_info("y", F, None)])
    return model([N("SequenceConstruct", ["x"], ["s"]),
                  N("SequenceConstruct", ["x", "x"], ["t"]),
                  N("SequenceMap", ["s", "t"], ["y"], name="map", body=body)],
                 [("x", (F, [2]))], [("y", seq_type(F))])


@imported
def seq_as_tensor():
    return model([N("SequenceConstruct", ["x"], ["s"]), N("Relu", ["s"], ["y"], name="relu")],
                 [("x", (F, [2]))], [("y", (F, [2]))])


# Known only at run time: one compile serves every value below.


@runs
def rt_split_scalar():
    # A split size fed at run time: ceil(7 / 3) = 3 pieces, the last one short.
    x = np.arange(14, dtype=np.float32).reshape(2, 7)
    m = model([N("SplitToSequence", ["x", "size"], ["s"], axis=1),
               N("SequenceLength", ["s"], ["len"])],
              [("x", (F, [2, 7])), ("size", (I64, []))], [("s", seq_type(F)), ("len", (I64, []))])
    return m, [x, np.array(3, np.int64)], [[x[:, 0:3], x[:, 3:6], x[:, 6:7]], np.array(3, np.int64)]


def if_lengths():
    # The branches give sequences of different lengths.
    then_g = helper.make_graph([N("SequenceConstruct", ["x"], ["t"])], "then", [],
                               [helper.make_value_info("t", seq_type(F, [2]))])
    else_g = helper.make_graph([N("Add", ["x", "x"], ["x2"]),
                                N("SequenceConstruct", ["x", "x2", "x"], ["e"])], "else", [],
                               [helper.make_value_info("e", seq_type(F, [2]))])
    return model([N("If", ["c"], ["s"], name="if", then_branch=then_g, else_branch=else_g),
                  N("SequenceLength", ["s"], ["len"]),
                  N("SequenceAt", ["s", "p"], ["a"])],
                 [("c", (B, [])), ("x", (F, [2])), ("p", (I64, []))],
                 [("s", seq_type(F)), ("len", (I64, [])), ("a", (F, [2]))])


@runs
def rt_if_then():
    x = np.array([1, -2], np.float32)
    return if_lengths(), [np.array(True), x, np.array(0, np.int64)], [[x], np.array(1, np.int64), x]


@runs
def rt_if_else():
    x = np.array([1, -2], np.float32)
    return (if_lengths(), [np.array(False), x, np.array(-2, np.int64)],
            [[x, 2 * x, x], np.array(3, np.int64), 2 * x])


@runs
def rt_loop():
    # A run-time trip count: iteration i appends x[:i + 1] (a growing
    # length) to a sequence that starts empty, then erases element 0 once.
    x = np.arange(1, 6, dtype=np.float32)
    body = helper.make_graph(
        [N("Identity", ["c_in"], ["c_out"]), N("Add", ["i", "one"], ["end"]),
         N("Slice", ["x", "zero", "end"], ["piece"]),
         N("SequenceInsert", ["s_in", "piece"], ["s_out"])],
        "body", [helper.make_tensor_value_info("i", I64, []),
                 helper.make_tensor_value_info("c_in", B, []),
                 helper.make_value_info("s_in", seq_type(F))],
        [helper.make_tensor_value_info("c_out", B, []),
         helper.make_value_info("s_out", seq_type(F))])
    m = model([const("zero", np.array([0], np.int64)), const("one", np.array([1], np.int64)),
               N("SequenceEmpty", [], ["e"], dtype=F),
               N("Loop", ["m", "", "e"], ["s"], name="loop", body=body),
               N("SequenceErase", ["s", "p"], ["s2"]),
               N("SequenceLength", ["s2"], ["len"])],
              [("m", (I64, [])), ("x", (F, [5])), ("p", (I64, []))],
              [("s2", seq_type(F)), ("len", (I64, []))])
    return (m, [np.array(4, np.int64), x, np.array(0, np.int64)],
            [[x[:2], x[:3], x[:4]], np.array(3, np.int64)])


@runs
def rt_insert_at():
    # A static sequence, a position fed at run time: tensors of different
    # shapes, inserted before the last, which position -1 then reads.
    a, b = np.arange(6, dtype=np.float32).reshape(2, 3), np.ones((1, 3), np.float32)
    t = np.full((4, 3), 7, np.float32)
    m = model([N("SequenceConstruct", ["a", "b"], ["s"]),
               N("SequenceInsert", ["s", "t", "p"], ["s1"]),
               N("SequenceAt", ["s1", "p"], ["got"])],
              [("a", (F, [2, 3])), ("b", (F, [1, 3])), ("t", (F, [4, 3])), ("p", (I64, [1]))],
              [("s1", seq_type(F)), ("got", (F, None))])
    return m, [a, b, t, np.array([-1], np.int64)], [[a, t, b], b]


def optional_if():
    then_g = helper.make_graph([N("Optional", [], ["t"], type=tensor_type(F, [2]))], "then", [],
                               [helper.make_value_info("t", opt_type(tensor_type(F, [2])))])
    else_g = helper.make_graph([N("Optional", ["x"], ["e"])], "else", [],
                               [helper.make_value_info("e", opt_type(tensor_type(F, [2])))])
    return model([N("If", ["c"], ["o"], name="if", then_branch=then_g, else_branch=else_g),
                  N("OptionalHasElement", ["o"], ["has"])],
                 [("c", (B, [])), ("x", (F, [2]))],
                 [("o", opt_type(tensor_type(F, [2]))), ("has", (B, []))])


@runs
def rt_optional_empty():
    return optional_if(), [np.array(True), np.ones(2, np.float32)], [Opt(None), np.array(False)]


@runs
def rt_optional_present():
    x = np.array([3, 4], np.float32)
    return optional_if(), [np.array(False), x], [Opt(x), np.array(True)]


def write(path, message):
    with open(path, "wb") as f:
        f.write(message.SerializeToString())


def main(out):
    for name, build in RUNS.items():
        m, feeds, results = build()
        d = os.path.join(out, name, "test_data_set_0")
        os.makedirs(d, exist_ok=True)
        onnx.save(m, os.path.join(out, name, "model.onnx"))
        for i, x in enumerate(feeds):
            write(os.path.join(d, "input_%d.pb" % i), proto(x))
        for i, y in enumerate(results):
            write(os.path.join(d, "output_%d.pb" % i), proto(y))
    for name, build in IMPORTED.items():
        os.makedirs(os.path.join(out, name), exist_ok=True)
        onnx.save(build(), os.path.join(out, name, "model.onnx"))
    # Files dlc-run cannot read as a sequence: garbage, and a sequence of
    # sequences; one of the wrong element type; and a wrong expectation,
    # which must be reported.
    bad = os.path.join(out, "bad")
    os.makedirs(bad, exist_ok=True)
    with open(os.path.join(bad, "garbage.pb"), "wb") as f:
        f.write(b"\xff\xff\xff")
    nested = onnx.SequenceProto(elem_type=onnx.SequenceProto.SEQUENCE)
    nested.sequence_values.append(numpy_helper.from_list([np.zeros(2, np.float32)]))
    write(os.path.join(bad, "nested.pb"), nested)
    write(os.path.join(bad, "ints.pb"), proto([np.zeros((2, 3), np.int64)] * 2))
    _, _, results = RUNS["loop_seq"]()
    write(os.path.join(bad, "wrong.pb"), proto([r + 1 for r in results[0]]))


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    if sys.argv[1] == "--list":
        print(" ".join(RUNS))
    else:
        main(sys.argv[1])
