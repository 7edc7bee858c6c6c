"""NumPy (float64) evaluation of the CNN graphs that densenet.py and
mobilenet.py write: an oracle independent of DLC, node by node, for the op
types those models use (Conv with groups, BatchNormalization, Relu, Clip,
Add, MaxPool, AveragePool, Concat, GlobalAveragePool, Flatten, Gemm)."""
import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from onnx import helper, numpy_helper


def _attr(node, name, default=None):
    for a in node.attribute:
        if a.name == name:
            return helper.get_attribute_value(a)
    return default


def _windows(v, k, stride, pad, fill):
    v = np.pad(v, ((0, 0), (0, 0), (pad[0], pad[2]), (pad[1], pad[3])), constant_values=fill)
    return sliding_window_view(v, k, axis=(2, 3))[:, :, ::stride[0], ::stride[1]]


def _conv(node, x, w, b):
    groups = _attr(node, "group", 1)
    win = _windows(x, w.shape[2:], _attr(node, "strides"), _attr(node, "pads"), 0.0)
    n, c, h, wd = win.shape[:4]
    # Groups as a leading axis of both operands: (n, g, c/g, h, w, i, j)
    # against (g, f/g, c/g, i, j).
    win = win.reshape(n, groups, c // groups, h, wd, *w.shape[2:])
    wg = w.reshape(groups, w.shape[0] // groups, *w.shape[1:])
    y = np.einsum("ngchwij,gfcij->ngfhw", win, wg, optimize=True).reshape(n, -1, h, wd)
    return y + b[None, :, None, None]


def evaluate(model, inputs):
    """The graph's outputs (a list) for `inputs`, a dict of name -> array."""
    env = {t.name: numpy_helper.to_array(t).astype(np.float64) for t in model.graph.initializer}
    env.update({k: v.astype(np.float64) for k, v in inputs.items()})
    for n in model.graph.node:
        ins = [env[i] for i in n.input]
        if n.op_type == "Conv":
            y = _conv(n, *ins)
        elif n.op_type == "BatchNormalization":
            scale, bias, mean, var = (t[None, :, None, None] for t in ins[1:])
            y = (ins[0] - mean) / np.sqrt(var + _attr(n, "epsilon")) * scale + bias
        elif n.op_type == "Relu":
            y = np.maximum(ins[0], 0.0)
        elif n.op_type == "Clip":
            y = np.clip(ins[0], ins[1], ins[2])
        elif n.op_type == "Add":
            y = ins[0] + ins[1]
        elif n.op_type == "MaxPool":
            y = _windows(ins[0], _attr(n, "kernel_shape"), _attr(n, "strides"), _attr(n, "pads"),
                         -np.inf).max(axis=(4, 5))
        elif n.op_type == "AveragePool":
            y = _windows(ins[0], _attr(n, "kernel_shape"), _attr(n, "strides"), [0] * 4,
                         0.0).mean(axis=(4, 5))
        elif n.op_type == "Concat":
            y = np.concatenate(ins, axis=_attr(n, "axis"))
        elif n.op_type == "GlobalAveragePool":
            y = ins[0].mean(axis=(2, 3), keepdims=True)
        elif n.op_type == "Flatten":
            y = ins[0].reshape(ins[0].shape[0], -1)
        elif n.op_type == "Gemm":
            y = ins[0] @ ins[1].T + ins[2]
        else:
            raise SystemExit("onnx_reference.py: no reference for " + n.op_type)
        env[n.output[0]] = y
    return [env[o.name].astype(np.float32) for o in model.graph.output]


def summary(name, model):
    """One line: the node count by op type and the weight count."""
    ops = {}
    for n in model.graph.node:
        ops[n.op_type] = ops.get(n.op_type, 0) + 1
    return "%s: %d nodes (%s), %d weights" % (
        name, len(model.graph.node), ", ".join("%s %d" % kv for kv in sorted(ops.items())),
        sum(numpy_helper.to_array(t).size for t in model.graph.initializer))
