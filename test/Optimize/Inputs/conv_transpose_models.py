"""Models and inputs of conv-transpose-phases.mlir's numeric checks, in DIR:
NAME.onnx and NAME.npy for each ConvTranspose below, its weights random
constants (initializers), as in exported models (seeded)."""
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(13)

MODELS = [  # name, x shape, w shape (C x M x k..), bias, attrs
    ("dcgan", [1, 6, 5, 5], [6, 4, 4, 4], True, {"strides": [2, 2], "pads": [1, 1, 1, 1]}),
    ("unet", [2, 3, 4, 6], [3, 5, 2, 2], True, {"strides": [2, 2]}),
    ("output_padding", [1, 4, 5, 3], [4, 3, 3, 3], False,
     {"strides": [2, 2], "pads": [1, 1, 1, 1], "output_padding": [1, 1]}),
    ("uneven", [1, 2, 4, 5], [2, 3, 3, 4], True, {"strides": [3, 1], "pads": [0, 2, 0, 1]}),
    ("from_pixel", [1, 8, 1, 1], [8, 6, 4, 4], False, {}),
    ("row", [2, 3, 7], [3, 2, 5], True, {"strides": [3], "pads": [1, 1]}),
]

for name, xshape, wshape, bias, attrs in MODELS:
    inits = [numpy_helper.from_array(rng.standard_normal(wshape).astype(np.float32), "w")]
    inputs = ["x", "w"]
    if bias:
        inits.append(numpy_helper.from_array(rng.standard_normal(wshape[1]).astype(np.float32), "b"))
        inputs.append("b")
    node = helper.make_node("ConvTranspose", inputs, ["y"], **attrs)
    graph = helper.make_graph([node], name, [helper.make_tensor_value_info("x", TensorProto.FLOAT, xshape)],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, os.path.join(out, name + ".onnx"))
    np.save(os.path.join(out, name + ".npy"), rng.standard_normal(xshape).astype(np.float32))
