"""Writes a model of ../shared/models with a symbolic batch: the first dim
of every graph input and output becomes dim_param "N" (as exporters write
a dynamic batch), and the inner value_info goes, so that DLC infers it.

usage: dynamic_batch.py MODEL.onnx OUT.onnx
"""
import sys

import onnx


def main(src, dst):
    model = onnx.load(src)
    graph = model.graph
    weights = {t.name for t in graph.initializer}
    for value in list(graph.input) + list(graph.output):
        if value.name in weights:
            continue
        dim = value.type.tensor_type.shape.dim[0]
        dim.ClearField("dim_value")
        dim.dim_param = "N"
    del graph.value_info[:]
    onnx.save(model, dst)


if __name__ == "__main__":
    main(*sys.argv[1:])
