"""Models and inputs of convs-to-2d.mlir's numeric checks, in DIR:
plain.onnx (3x3x3, pads 1, bias: R3D-18's layers) on plain.npy,
every.onnx (batch 2, 2 groups, strides, dilations, uneven pads, no bias) on
every.npy, temporal.onnx (a 3x1x1 window: a (2+1)-D network's temporal
layer) on temporal.npy and row.onnx (1-D: the same, with bias) on row.npy; weights are
random constants (initializers), as in exported models (seeded)."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(11)


def save(name, xshape, wshape, bias, attrs):
    x = rng.standard_normal(xshape).astype(np.float32)
    w = rng.standard_normal(wshape).astype(np.float32)
    inits = [numpy_helper.from_array(w, "w")]
    inputs = ["x", "w"]
    if bias:
        inits.append(numpy_helper.from_array(rng.standard_normal(wshape[0]).astype(np.float32), "b"))
        inputs.append("b")
    node = helper.make_node("Conv", inputs, ["y"], **attrs)
    graph = helper.make_graph([node], name, [helper.make_tensor_value_info("x", TensorProto.FLOAT, xshape)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, os.path.join(out, name + ".onnx"))
    np.save(os.path.join(out, name + ".npy"), x)


save("plain", [1, 3, 5, 8, 8], [4, 3, 3, 3, 3], True, {"pads": [1] * 6})
save("every", [2, 2, 7, 6, 5], [4, 1, 2, 3, 2], False,
     {"group": 2, "strides": [2, 1, 2], "dilations": [2, 1, 1], "pads": [1, 0, 1, 0, 2, 1]})
save("temporal", [1, 4, 7, 3, 5], [6, 4, 3, 1, 1], True, {"strides": [2, 1, 1], "pads": [1, 0, 0, 1, 0, 0]})
save("row", [2, 4, 11], [6, 2, 3], True,
     {"group": 2, "strides": [2], "dilations": [2], "pads": [1, 2]})
