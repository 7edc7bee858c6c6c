"""Models whose sizes come from a 1-D size vector fed at run time, split into
its entries, as ONNX's AffineGrid function and exporters build them
(test/onnx/size-vector.test): size_vector_cases.py DIR writes DIR/NAME/model.onnx
and DIR/NAME/test_data_set_0 with a NumPy reference; --list names them;
--affine-grid NODE_TEST DIR writes ONNX's AffineGrid function at two sizes."""
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


def affine_grid_sizes(node_test, out):
    """ONNX's AffineGrid function (the expanded node test at `node_test`),
    its output declared dynamic, at sizes whose depth is 1 (the function's
    nested If on D == 1 takes its 0-d branch) and is not, against NumPy."""
    m = onnx.load(os.path.join(node_test, "model.onnx"))
    for d in m.graph.output[0].type.tensor_type.shape.dim:
        d.ClearField("dim_value")
    theta = numpy_helper.to_array(
        onnx.load_tensor(os.path.join(node_test, "test_data_set_0", "input_0.pb")))
    for name, size in (("depth1", [2, 1, 1, 3, 4]), ("depth3", [2, 1, 3, 2, 5])):
        n, _, d, h, w = size
        z, y, x = [np.linspace(-1, 1, k) for k in (d, h, w)]  # align_corners
        zz, yy, xx = np.meshgrid(z, y, x, indexing="ij")
        points = np.stack([xx, yy, zz, np.ones_like(xx)], -1).reshape(-1, 4)
        grid = np.einsum("nij,pj->npi", theta.astype(np.float64), points)
        case_dir = os.path.join(out, name)
        os.makedirs(case_dir, exist_ok=True)
        onnx.save(m, os.path.join(case_dir, "model.onnx"))
        arrays = (("input", [theta, np.array(size, np.int64)]),
                  ("output", [grid.reshape(n, d, h, w, 3).astype(np.float32)]))
        write_data(os.path.join(case_dir, "test_data_set_0"), arrays)


def write_data(d, arrays):
    os.makedirs(d, exist_ok=True)
    for kind, values in arrays:
        for i, a in enumerate(values):
            with open(os.path.join(d, "%s_%d.pb" % (kind, i)), "wb") as f:
                f.write(numpy_helper.from_array(np.ascontiguousarray(a)).SerializeToString())


def main(out):
    for name, build in CASES.items():
        m, feeds, results = build()
        os.makedirs(os.path.join(out, name), exist_ok=True)
        onnx.save(m, os.path.join(out, name, "model.onnx"))
        write_data(os.path.join(out, name, "test_data_set_0"), (("input", feeds), ("output", results)))


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    if sys.argv[1] == "--list":
        print(" ".join(CASES))
    elif sys.argv[1] == "--affine-grid":
        affine_grid_sizes(sys.argv[2], sys.argv[3])
    else:
        main(sys.argv[1])
