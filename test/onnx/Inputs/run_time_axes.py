# Reduce* models whose `axes` is a graph input, for run-time-axes.test:
# `axes2` (static length 2, opset 18), `axes_dynamic` (length unknown) and
# the axes values as .npy files to bind or feed.
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T, helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def model(name, op, axes_dims, keepdims, out_rank):
    graph = helper.make_graph(
        [helper.make_node(op, ["x", "axes"], ["y"], name="reduce", keepdims=keepdims)], "g",
        [helper.make_tensor_value_info("x", T.FLOAT, [2, 3, 4]),
         helper.make_tensor_value_info("axes", T.INT64, axes_dims)],
        [helper.make_tensor_value_info("y", T.FLOAT, [None] * out_rank)])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    m.ir_version = 8
    onnx.save(m, os.path.join(out, name + ".onnx"))


model("axes2", "ReduceSum", [2], 0, 1)
model("axes_dynamic", "ReduceMean", ["n"], 1, 3)
np.save(os.path.join(out, "axes_0_2.npy"), np.array([0, 2], np.int64))
np.save(os.path.join(out, "axes_m1_1.npy"), np.array([-1, 1], np.int64))
np.save(os.path.join(out, "x.npy"), np.arange(24, dtype=np.float32).reshape(2, 3, 4))
