#!/usr/bin/python3
"""Writes the hostile inputs of the reliability tests: models whose data or
structure would make a careless compiler or its code crash, hang or return
garbage.

usage: make_hostile.py OUTDIR

Writes every model below as OUTDIR/NAME.onnx and the tensors they are run
on as OUTDIR/NAME.npy, plus a FIFO (OUTDIR/fifo).
"""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper


def model(nodes, inputs, outputs, inits=(), opset=17):
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info(*i) for i in inputs],
                              [helper.make_tensor_value_info(*o) for o in outputs], list(inits))
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    return m


def external(name, entries):
    """An initializer `name` of 2x3 floats whose external_data has `entries`."""
    t = numpy_helper.from_array(np.ones((2, 3), np.float32), name)
    t.ClearField("raw_data")
    t.data_location = T.EXTERNAL
    for key, value in entries:
        e = t.external_data.add()
        if key is not None:
            e.key = key
        if value is not None:
            e.value = value
    return t


def add_weight(weight):
    return model([helper.make_node("Add", ["x", "w"], ["y"], name="add")],
                 [("x", T.FLOAT, [2, 3])], [("y", T.FLOAT, [2, 3])], [weight])


GATHER = [helper.make_node("Gather", ["table", "ids"], ["rows"], name="embed")]

MODELS = {
    # Embedding lookups with run-time ids, and with constant ones.
    "gather": model(GATHER, [("table", T.FLOAT, [4, 3]), ("ids", T.INT64, [3])],
                    [("rows", T.FLOAT, [3, 3])]),
    "gather_constant": model(GATHER, [("table", T.FLOAT, [4, 3])], [("rows", T.FLOAT, [3, 3])],
                             [numpy_helper.from_array(np.array([0, 9, 1], np.int64), "ids")]),
    # One 0-d id: a row, and a check on one value.
    "gather_scalar": model(GATHER, [("table", T.FLOAT, [4, 3]), ("ids", T.INT64, [])],
                           [("rows", T.FLOAT, [3])]),
    # Integer division; a second quotient after it shows that the first
    # failed check is the one reported.
    "divide": model([helper.make_node("Div", ["a", "b"], ["q"], name="quotient"),
                     helper.make_node("Div", ["q", "b"], ["r"], name="again")],
                    [("a", T.INT32, [4]), ("b", T.INT32, [4])], [("r", T.INT32, [4])]),
    # Inputs fed at run time that their ops accept only in a range: DFT's
    # axis, a training Dropout's ratio.
    "dft_axis": model([helper.make_node("DFT", ["signal", "", "axis"], ["spectrum"], name="dft")],
                      [("signal", T.FLOAT, [2, 3, 2]), ("axis", T.INT64, [])],
                      [("spectrum", T.FLOAT, [2, 3, 2])], opset=20),
    "dft_length": model([helper.make_node("DFT", ["signal", "length"], ["spectrum"], axis=1,
                                          name="dft")],
                        [("signal", T.FLOAT, [2, 3, 2]), ("length", T.INT64, [])],
                        [("spectrum", T.FLOAT, [2, None, 2])]),
    "dropout_ratio": model([helper.make_node("Dropout", ["x", "ratio", "train"], ["y"],
                                             name="dropout")],
                           [("x", T.FLOAT, [2, 3]), ("ratio", T.FLOAT, []), ("train", T.BOOL, [])],
                           [("y", T.FLOAT, [2, 3])]),
    # One graph output listed twice.
    "duplicate_output": model([helper.make_node("Relu", ["x"], ["y"], name="relu")],
                              [("x", T.FLOAT, [2, 3])],
                              [("y", T.FLOAT, [2, 3]), ("y", T.FLOAT, [2, 3])]),
    # A declared intermediate type with a negative dim.
    "negative_declared_dim": model([helper.make_node("Relu", ["x"], ["t"], name="relu"),
                                    helper.make_node("Neg", ["t"], ["y"], name="neg")],
                                   [("x", T.FLOAT, [2, 3])], [("y", T.FLOAT, [2, 3])]),
    "external_no_key": add_weight(external("w", [(None, "w.bin")])),
    "external_no_value": add_weight(external("w", [("location", None)])),
    "external_bad_offset": add_weight(external("w", [("location", "w.bin"), ("offset", "12abc")])),
    "external_fifo": add_weight(external("w", [("location", "fifo")])),
}

TENSORS = {
    "x": np.arange(-3, 3, dtype=np.float32).reshape(2, 3),
    "table": np.arange(12, dtype=np.float32).reshape(4, 3),
    "ids_ok": np.array([3, -4, 0], np.int64),  # -4 is row 0, as ONNX says
    "ids_high": np.array([0, 4, 1], np.int64),
    "ids_low": np.array([0, 1, -5], np.int64),
    "ids_huge": np.array([2**62, 0, 1], np.int64),
    "id_ok": np.array(-1, np.int64),
    "id_high": np.array(4, np.int64),
    "a": np.array([7, -7, -2**31, 9], np.int32),
    "b_ok": np.array([2, 2, 2, 3], np.int32),
    "b_zero": np.array([2, 0, 2, 3], np.int32),
    "b_overflow": np.array([2, 2, -1, 3], np.int32),
    "signal": np.ones((2, 3, 2), np.float32),
    "axis_ok": np.array(-2, np.int64),
    "axis_complex": np.array(2, np.int64),  # the last dim holds the parts
    "length_zero": np.array(0, np.int64),
    "length_negative": np.array(-3, np.int64),
    "ratio_one": np.array(1, np.float32),
    "train": np.array(True),
    "idle": np.array(False),
}


def main():
    outdir = sys.argv[1]
    MODELS["negative_declared_dim"].graph.value_info.append(
        helper.make_tensor_value_info("t", T.FLOAT, [-5, 3]))
    os.makedirs(outdir, exist_ok=True)
    for name, m in MODELS.items():
        with open(os.path.join(outdir, name + ".onnx"), "wb") as f:
            f.write(m.SerializeToString())
    for name, t in TENSORS.items():
        np.save(os.path.join(outdir, name + ".npy"), t)
    np.ones((2, 3), np.float32).tofile(os.path.join(outdir, "w.bin"))
    os.mkfifo(os.path.join(outdir, "fifo"))


if __name__ == "__main__":
    main()
