#!/usr/bin/python3
"""Writes the "unfolded twin" of an ONNX model: what an exporter without
constant folding leaves. Every Conv gets a BatchNormalization after it (its
weights divided by the batch norm's per-channel scale, its bias moved into
the batch norm), every Relu an Identity after it, and every Flatten becomes
the Shape -> Gather -> Unsqueeze -> Concat -> Reshape chain that exporters
emit. Scales are powers of two and var + epsilon is 1, so folding the batch
norm gives back the original weights exactly: the twin must compute the
same outputs and, after dlc-optimize, be the same graph.

Usage: unfold.py MODEL.onnx OUT.onnx
"""
import sys

import numpy as np
import onnx
from onnx import helper, numpy_helper


def main(src, dst):
    model = onnx.load(src)
    g = model.graph
    inits = {t.name: t for t in g.initializer}
    rng = np.random.default_rng(0)
    nodes, extra = [], []

    def const(name, array):
        extra.append(numpy_helper.from_array(np.asarray(array), name))
        return name

    for k, n in enumerate(g.node):
        if n.op_type == "Conv" and n.input[1] in inits:
            w = numpy_helper.to_array(inits[n.input[1]]).astype(np.float32)
            m = w.shape[0]
            scale = np.exp2(rng.integers(-2, 3, size=m)).astype(np.float32)
            shaped = scale.reshape((m,) + (1,) * (w.ndim - 1))
            inits[n.input[1]].CopyFrom(numpy_helper.from_array(w / shaped, n.input[1]))
            bias = (numpy_helper.to_array(inits[n.input[2]]).astype(np.float32)
                    if len(n.input) > 2 and n.input[2] else np.zeros(m, np.float32))
            out = n.output[0]
            conv = helper.make_node("Conv", list(n.input[:2]), [out + "_unfolded"],
                                    name=n.name, **{a.name: helper.get_attribute_value(a)
                                                    for a in n.attribute})
            bn = helper.make_node(
                "BatchNormalization",
                [out + "_unfolded", const("bn_scale_%d" % k, scale), const("bn_bias_%d" % k, bias),
                 const("bn_mean_%d" % k, np.zeros(m, np.float32)),
                 const("bn_var_%d" % k, np.ones(m, np.float32))],
                [out], name="bn_%d" % k, epsilon=0.0)
            nodes += [conv, bn]
        elif n.op_type == "Relu":
            out = n.output[0]
            nodes.append(helper.make_node("Relu", list(n.input), [out + "_pre"], name=n.name))
            nodes.append(helper.make_node("Identity", [out + "_pre"], [out], name="id_%d" % k))
        elif n.op_type == "Flatten" and all(a.name != "axis" or a.i == 1 for a in n.attribute):
            x, out = n.input[0], n.output[0]
            p = "flat_%d_" % k
            nodes += [
                helper.make_node("Shape", [x], [p + "shape"], name=p + "shape"),
                helper.make_node("Gather", [p + "shape", const(p + "zero", np.int64(0))],
                                 [p + "batch"], name=p + "gather", axis=0),
                helper.make_node("Unsqueeze", [p + "batch", const(p + "axes", np.array([0]))],
                                 [p + "batch1"], name=p + "unsqueeze"),
                helper.make_node("Concat", [p + "batch1", const(p + "rest", np.array([-1]))],
                                 [p + "target"], name=p + "concat", axis=0),
                helper.make_node("Reshape", [x, p + "target"], [out], name=p + "reshape"),
            ]
        else:
            nodes.append(n)
    del g.node[:]
    g.node.extend(nodes)
    g.initializer.extend(extra)
    # Shapes of intermediate values would describe the folded graph.
    del g.value_info[:]
    onnx.checker.check_model(model)
    onnx.save(model, dst)


if __name__ == "__main__":
    main(*sys.argv[1:])
