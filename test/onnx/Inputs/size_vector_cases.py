"""Models whose sizes come from a 1-D size vector fed at run time, split into
its entries, as ONNX's AffineGrid function and exporters build them
(test/onnx/size-vector.test): size_vector_cases.py DIR writes DIR/NAME/model.onnx
and DIR/NAME/test_data_set_0 with a NumPy reference; --list names them."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper

N = helper.make_node
CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def model(nodes, inputs, outputs, inits):
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info(*i) for i in inputs],
                          [helper.make_tensor_value_info(*o) for o in outputs],
                          [numpy_helper.from_array(a, n) for n, a in inits])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 18)])
    m.ir_version = 8
    return m


@case
def split_squeeze_range():
    # n, m = Split(size): x expanded to [n, 1, 3], squeezed without axes
    # (the dynamic n is kept), and a Range to the 1-element m.
    nodes = [N("Split", ["size"], ["n", "m"], num_outputs=2, name="split"),
             N("Concat", ["n", "one_1d", "three_1d"], ["shape"], axis=0),
             N("Expand", ["x", "shape"], ["e"]),
             N("Squeeze", ["e"], ["y"], name="squeeze"),
             N("Range", ["zero", "m", "one"], ["r"], name="range"),
             N("Cast", ["r"], ["z"], to=T.FLOAT)]
    inits = [("one_1d", np.array([1], np.int64)), ("three_1d", np.array([3], np.int64)),
             ("zero", np.array(0, np.int64)), ("one", np.array(1, np.int64))]
    m = model(nodes, [("x", T.FLOAT, [1, 3]), ("size", T.INT64, [2])],
              [("y", T.FLOAT, None), ("z", T.FLOAT, None)], inits)
    x, size = np.array([[1, 2, 3]], np.float32), np.array([2, 4], np.int64)
    return m, [x, size], [np.broadcast_to(x, (2, 3)), np.arange(4, dtype=np.float32)]


@case
def if_on_size_length():
    # The branch follows from the size vector's static length (Size is a
    # constant): the If is its then branch, imported inline, although the
    # branches give different types.
    then_g = helper.make_graph([N("Identity", ["size"], ["t"])], "then", [],
                               [helper.make_tensor_value_info("t", T.INT64, None)])
    else_g = helper.make_graph([N("Concat", ["size", "size"], ["e"], axis=0)], "else", [],
                               [helper.make_tensor_value_info("e", T.INT64, None)])
    nodes = [N("Size", ["size"], ["len"]), N("Equal", ["len", "two"], ["is2"]),
             N("If", ["is2"], ["y"], name="if", then_branch=then_g, else_branch=else_g)]
    m = model(nodes, [("size", T.INT64, [2])], [("y", T.INT64, None)],
              [("two", np.array(2, np.int64))])
    size = np.array([5, 7], np.int64)
    return m, [size], [size]


def main(out):
    for name, build in CASES.items():
        m, feeds, results = build()
        d = os.path.join(out, name, "test_data_set_0")
        os.makedirs(d, exist_ok=True)
        onnx.save(m, os.path.join(out, name, "model.onnx"))
        for kind, arrays in (("input", feeds), ("output", results)):
            for i, a in enumerate(arrays):
                with open(os.path.join(d, "%s_%d.pb" % (kind, i)), "wb") as f:
                    f.write(numpy_helper.from_array(np.ascontiguousarray(a)).SerializeToString())


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    if sys.argv[1] == "--list":
        print(" ".join(CASES))
    else:
        main(sys.argv[1])
