#!/usr/bin/python3
"""Writes the models of the out-of-memory tests: each allocates 768 MiB or
more, in a Loop body or at a size the data decides, from inputs of a few
bytes.

usage: make_oom.py OUTDIR

Writes OUTDIR/NAME.onnx and the inputs they run on as OUTDIR/NAME_*.npy.
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper

# 256 Mi floats: 1 GiB.
BIG = 1 << 28


def model(nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info(*i) for i in inputs],
                              [helper.make_tensor_value_info(*o) for o in outputs], list(inits))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    m.ir_version = 8
    return m


def const(name, array):
    return helper.make_node("Constant", [], [name], value=numpy_helper.from_array(array, name))


# A Loop whose body broadcasts its carried value to BIG floats and sums a
# running total of them: the broadcast buffer is allocated in the body.
LOOP_BODY = helper.make_graph(
    [const("shape", np.array([BIG], np.int64)),
     helper.make_node("Expand", ["acc_in", "shape"], ["wide"], name="wide"),
     helper.make_node("CumSum", ["wide", "axis"], ["running"], name="running"),
     helper.make_node("ReduceMax", ["running"], ["acc_out"], keepdims=1, name="largest"),
     helper.make_node("Identity", ["cond_in"], ["cond_out"])],
    "body",
    [helper.make_tensor_value_info("i", T.INT64, []),
     helper.make_tensor_value_info("cond_in", T.BOOL, []),
     helper.make_tensor_value_info("acc_in", T.FLOAT, [1])],
    [helper.make_tensor_value_info("cond_out", T.BOOL, []),
     helper.make_tensor_value_info("acc_out", T.FLOAT, [1])],
    [numpy_helper.from_array(np.array(0, np.int64), "axis")])

# A Loop whose body counts up to its carried limit (Range) and takes the
# largest of two copies (Concat): a buffer of a size the data decides,
# allocated in the body.
RANGE_BODY = helper.make_graph(
    [helper.make_node("Range", ["zero", "lim_in", "one"], ["numbers"], name="numbers"),
     helper.make_node("Concat", ["numbers", "numbers"], ["twice"], axis=0, name="twice"),
     helper.make_node("ReduceMax", ["twice"], ["largest"], keepdims=0, name="largest"),
     helper.make_node("Identity", ["lim_in"], ["lim_out"]),
     helper.make_node("Identity", ["cond_in"], ["cond_out"])],
    "body",
    [helper.make_tensor_value_info("i", T.INT64, []),
     helper.make_tensor_value_info("cond_in", T.BOOL, []),
     helper.make_tensor_value_info("lim_in", T.FLOAT, [])],
    [helper.make_tensor_value_info("cond_out", T.BOOL, []),
     helper.make_tensor_value_info("lim_out", T.FLOAT, []),
     helper.make_tensor_value_info("largest", T.FLOAT, [])],
    [numpy_helper.from_array(np.array(0, np.float32), "zero"),
     numpy_helper.from_array(np.array(1, np.float32), "one")])

MODELS = {
    "loop_alloc": model(
        [helper.make_node("Loop", ["trips", "", "x"], ["y"], body=LOOP_BODY, name="loop")],
        [("trips", T.INT64, []), ("x", T.FLOAT, [1])], [("y", T.FLOAT, [1])]),
    "range_loop": model(
        [helper.make_node("Loop", ["trips", "", "limit"], ["limit_out", "largest"],
                          body=RANGE_BODY, name="loop")],
        [("trips", T.INT64, []), ("limit", T.FLOAT, [])], [("largest", T.FLOAT, [None])]),
    # NonZero of 16 Mi elements (bytes) the model makes from one, in 6
    # dims: its output (6 int64 per nonzero element, 768 MiB) has a size
    # only the data says.
    "nonzero_alloc": model(
        [const("shape", np.array([16, 16, 16, 16, 16, 256], np.int64)),
         helper.make_node("Expand", ["x", "shape"], ["wide"], name="wide"),
         helper.make_node("Cast", ["wide"], ["flags"], to=T.BOOL, name="flags"),
         helper.make_node("NonZero", ["flags"], ["where"], name="where"),
         helper.make_node("ReduceMax", ["where"], ["y"], keepdims=0, name="last")],
        [("x", T.FLOAT, [1])], [("y", T.INT64, [])]),
}

INPUTS = {
    "trips": np.array(3, np.int64),
    "x": np.array([1.0], np.float32),
    "limit_small": np.array(10, np.float32),
    "limit_big": np.array(BIG, np.float32),
}


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, m in MODELS.items():
        onnx.save(m, os.path.join(out, name + ".onnx"))
    for name, a in INPUTS.items():
        np.save(os.path.join(out, name + ".npy"), a)


if __name__ == "__main__":
    main()
