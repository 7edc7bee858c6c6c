"""Writes a model of ../shared/models with a symbolic batch: the first dim
of every graph input and output becomes dim_param "N" (as exporters write
a dynamic batch), and the inner value_info goes, so that DLC infers it.
With --reshapes, the shape constants of Reshape nodes that start with the
model's static batch start with 0 instead (ONNX: copy the input's dim),
as a tracer exporting a dynamic batch writes them (the encoder's heads
split as [1, 32, 4, 16] becomes [0, 32, 4, 16]).

usage: dynamic_batch.py [--reshapes] MODEL.onnx OUT.onnx
"""
import sys

import onnx
from onnx import numpy_helper


def batch_reshapes(graph, batch):
    constants = {n.output[0]: n for n in graph.node if n.op_type == "Constant"}
    for node in graph.node:
        if node.op_type != "Reshape" or node.input[1] not in constants:
            continue
        attr = constants[node.input[1]].attribute[0]
        shape = numpy_helper.to_array(attr.t).copy()
        if shape.ndim == 1 and len(shape) > 1 and shape[0] == batch:
            shape[0] = 0
            attr.t.CopyFrom(numpy_helper.from_array(shape, attr.t.name))


def main(*args):
    reshapes = "--reshapes" in args
    src, dst = [a for a in args if a != "--reshapes"]
    model = onnx.load(src)
    graph = model.graph
    weights = {t.name for t in graph.initializer}
    batch = None
    for value in list(graph.input) + list(graph.output):
        if value.name in weights:
            continue
        dim = value.type.tensor_type.shape.dim[0]
        batch = batch or dim.dim_value
        dim.ClearField("dim_value")
        dim.dim_param = "N"
    if reshapes:
        batch_reshapes(graph, batch)
    del graph.value_info[:]
    onnx.save(model, dst)


if __name__ == "__main__":
    main(*sys.argv[1:])
