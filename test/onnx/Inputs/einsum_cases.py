#!/usr/bin/python3
"""Writes Einsum models with numpy's results as test data, one folder per
case: DIR/caseN/model.onnx and DIR/caseN/test_data_set_0/{input,output}_N.pb.

    einsum_cases.py DIR
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper

CASES = [
    ("bij,bjk->bki", [(2, 3, 4), (2, 4, 5)]),  # batched, output permuted
    ("ij,jk", [(3, 4), (4, 2)]),  # implicit output
    ("abc,cd->abd", [(2, 3, 4), (4, 5)]),
    ("ij,ij->", [(3, 4), (3, 4)]),  # full contraction
    ("i,j->ij", [(3,), (4,)]),  # outer product
    ("ijk->kj", [(2, 3, 4)]),  # sum and transpose
    ("bhqd,bhkd->bhqk", [(2, 2, 3, 4), (2, 2, 5, 4)]),  # attention scores
    ("ik,jk->ij", [(3, 4), (5, 4)]),
    ("ij,jk->ik", [(2, 3), (3, 2)]),
]


def main(out):
    rng = np.random.default_rng(0)
    for index, (eq, shapes) in enumerate(CASES):
        d = os.path.join(out, "case%d" % index)
        os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
        xs = [rng.standard_normal(s).astype(np.float32) for s in shapes]
        y = np.asarray(np.einsum(eq, *xs), dtype=np.float32)
        inputs = [helper.make_tensor_value_info("x%d" % i, T.FLOAT, s) for i, s in enumerate(shapes)]
        output = helper.make_tensor_value_info("y", T.FLOAT, y.shape)
        node = helper.make_node("Einsum", ["x%d" % i for i in range(len(xs))], ["y"], equation=eq)
        model = helper.make_model(helper.make_graph([node], "einsum", inputs, [output]),
                                  opset_imports=[helper.make_opsetid("", 13)])
        model.ir_version = 8
        onnx.save(model, os.path.join(d, "model.onnx"))
        for i, x in enumerate(xs):
            with open(os.path.join(d, "test_data_set_0", "input_%d.pb" % i), "wb") as f:
                f.write(numpy_helper.from_array(x).SerializeToString())
        with open(os.path.join(d, "test_data_set_0", "output_0.pb"), "wb") as f:
            f.write(numpy_helper.from_array(y).SerializeToString())


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    main(sys.argv[1])
