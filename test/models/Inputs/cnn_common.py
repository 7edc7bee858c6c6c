"""What densenet.py and mobilenet.py share: the classifier head and the
model around their nodes, the command's outputs, and the NumPy (float64)
evaluation of their graphs: an oracle independent of DLC, node by node, for
the op types those models use (Conv with groups, BatchNormalization, Relu,
Clip, Add, MaxPool, AveragePool, Concat, GlobalAveragePool, Flatten, Gemm)."""
import numpy as np
import onnx
from numpy.lib.stride_tricks import sliding_window_view
from onnx import TensorProto, helper, numpy_helper


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


class Graph:
    """The nodes and random weights (fixed seed) of a model being written."""

    def __init__(self, name, resolution, seed):
        if resolution % 32 or resolution <= 0:
            raise SystemExit("%s: --resolution must be a positive multiple of 32" % name)
        self.name, self.resolution = name, resolution
        self.rng = np.random.default_rng(seed)
        self.nodes, self.inits, self.convs = [], [], 0

    def init(self, name, array):
        self.inits.append(numpy_helper.from_array(np.asarray(array, np.float32), name))
        return name

    def node(self, op, inputs, output, **attrs):
        self.nodes.append(helper.make_node(op, inputs, [output], name=output, **attrs))
        return output

    def conv(self, x, cin, cout, k, stride=1, groups=1):
        """A k x k convolution with a bias, padded to keep the size (/ stride);
        its output's name."""
        name = "conv%d" % self.convs
        self.convs += 1
        # He-scaled weights keep activations O(1) through the layers, so
        # that a fast/naive comparison has meaningful numbers.
        scale = np.sqrt(2.0 / (cin // groups * k * k))
        w = self.init(name + ".w", self.rng.standard_normal((cout, cin // groups, k, k)) * scale)
        b = self.init(name + ".b", self.rng.uniform(-0.05, 0.05, cout))
        return self.node("Conv", [x, w, b], name + ".y", group=groups, kernel_shape=[k, k],
                         strides=[stride, stride], pads=[k // 2] * 4)

    def classify(self, x, c, classes):
        """GlobalAveragePool, Flatten and a Gemm (c -> classes) after `x`,
        writing "output"; the checked model: "input" 1x3xRxR, opset 13."""
        self.node("GlobalAveragePool", [x], "head.gap")
        self.node("Flatten", ["head.gap"], "head.flat")
        w = self.init("head.w", self.rng.standard_normal((classes, c)) * np.sqrt(1.0 / c))
        b = self.init("head.b", self.rng.uniform(-0.05, 0.05, classes))
        self.nodes.append(helper.make_node("Gemm", ["head.flat", w, b], ["output"],
                                           name="head.fc", transB=1))
        r = self.resolution
        graph = helper.make_graph(
            self.nodes, self.name,
            [helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, 3, r, r])],
            [helper.make_tensor_value_info("output", TensorProto.FLOAT, [1, classes])],
            initializer=self.inits)
        m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
        m.ir_version = 8  # readable by onnx 1.12's checker and every runtime here
        onnx.checker.check_model(m)
        return m


def write(name, m, args):
    """Saves `m` to args.out; with args.input, a random input too, and with
    args.reference the model's output for it; prints a summary line."""
    onnx.save(m, args.out)
    if args.input:
        rng = np.random.default_rng(args.seed + 1)
        x = rng.uniform(-1, 1, (1, 3, args.resolution, args.resolution)).astype(np.float32)
        np.save(args.input, x)
        if args.reference:
            np.save(args.reference, evaluate(m, {"input": x})[0])
    ops = {}
    for n in m.graph.node:
        ops[n.op_type] = ops.get(n.op_type, 0) + 1
    print("%s: %d nodes (%s), %d weights" % (
        name, len(m.graph.node), ", ".join("%s %d" % kv for kv in sorted(ops.items())),
        sum(numpy_helper.to_array(t).size for t in m.graph.initializer)))
