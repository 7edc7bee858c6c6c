"""Run an ONNX graph with PyTorch eager ops (torch.nn.functional).

torch 1.13 can export ONNX but not import it, so the PyTorch figures come from
this small interpreter: the initializers become torch tensors once, and each
node becomes the one torch call a hand-written module would make (F.conv2d,
F.linear, F.layer_norm, ...). It covers exactly the operators of the
benchmark's layer models and of ../shared/models (mlp, lenet, resnet18,
encoder); the per-node Python dispatch is the same cost eager PyTorch pays in
a module's forward(). The driver checks its output against each model's
reference output before timing it.
"""

import numpy as np
import onnx
import torch
import torch.nn.functional as F
from onnx import numpy_helper


def _attrs(node):
    return {a.name: onnx.helper.get_attribute_value(a) for a in node.attribute}


def _pads_2d(pads):
    """ONNX pads [top, left, bottom, right] -> (symmetric padding, extra F.pad)."""
    t, l, b, r = pads
    if t == b and l == r:
        return (t, l), None
    return (0, 0), (l, r, t, b)


def _conv(x, w, b=None, strides=(1, 1), pads=(0, 0, 0, 0), dilations=(1, 1),
          group=1, **_):
    padding, extra = _pads_2d(pads)
    if extra:
        x = F.pad(x, extra)
    return F.conv2d(x, w, b, tuple(strides), padding, tuple(dilations), group)


def _max_pool(x, kernel_shape, strides=None, pads=(0, 0, 0, 0), ceil_mode=0,
              dilations=(1, 1), **_):
    padding, extra = _pads_2d(pads)
    if extra:
        x = F.pad(x, extra, value=float("-inf"))
    return F.max_pool2d(x, tuple(kernel_shape), tuple(strides or kernel_shape),
                        padding, tuple(dilations), bool(ceil_mode))


def _avg_pool(x, kernel_shape, strides=None, pads=(0, 0, 0, 0), ceil_mode=0,
              count_include_pad=0, **_):
    padding, extra = _pads_2d(pads)
    if extra:
        raise NotImplementedError("AveragePool with asymmetric pads")
    return F.avg_pool2d(x, tuple(kernel_shape), tuple(strides or kernel_shape), padding,
                        bool(ceil_mode), bool(count_include_pad))


def _gemm(a, b, c=None, alpha=1.0, beta=1.0, transA=0, transB=0, **_):
    if transA:
        a = a.t()
    if transB and alpha == 1.0 and beta == 1.0 and c is not None:
        return F.linear(a, b, c)  # what nn.Linear does
    y = alpha * (a @ (b.t() if transB else b))
    return y if c is None else y + beta * c


def _reshape(x, shape, allowzero=0, **_):
    dims = [int(d) for d in shape.tolist()]
    if not allowzero:
        dims = [x.shape[i] if d == 0 else d for i, d in enumerate(dims)]
    return x.reshape(dims)


def _split(x, split=None, axis=0, num_outputs=None, **_):
    if split is not None:
        return torch.split(x, [int(s) for s in split.tolist()], dim=axis)
    return torch.chunk(x, num_outputs, dim=axis)


def _layer_norm(x, scale, bias=None, axis=-1, epsilon=1e-5, **_):
    axis = axis % x.dim()
    return F.layer_norm(x, x.shape[axis:], scale, bias, epsilon)


def _reduce_mean(x, axes=None, keepdims=1, **_):
    if axes is None:
        return x.mean().reshape([1] * x.dim() if keepdims else [])
    return x.mean(dim=tuple(axes), keepdim=bool(keepdims))


OPS = {
    "Identity": lambda x, **_: x,
    "Relu": lambda x, **_: F.relu(x),
    # Opset 11+: the bounds are inputs (0-d tensors), ReLU6 as 0 and 6.
    "Clip": lambda x, lo=None, hi=None, **_: torch.clamp(
        x, None if lo is None else lo.item(), None if hi is None else hi.item()),
    "Add": lambda a, b, **_: a + b,
    "Sub": lambda a, b, **_: a - b,
    "Mul": lambda a, b, **_: a * b,
    "Div": lambda a, b, **_: a / b,
    "Pow": lambda a, b, **_: torch.pow(a, b),
    "Sqrt": lambda x, **_: torch.sqrt(x),
    "Erf": lambda x, **_: torch.erf(x),
    "Flatten": lambda x, axis=1, **_: torch.flatten(x, axis),
    "Gemm": _gemm,
    "MatMul": lambda a, b, **_: torch.matmul(a, b),
    "Conv": _conv,
    "MaxPool": _max_pool,
    "AveragePool": _avg_pool,
    "Concat": lambda *xs, axis, **_: torch.cat(xs, axis),
    "GlobalAveragePool": lambda x, **_: F.adaptive_avg_pool2d(x, 1),
    "Gather": lambda x, i, axis=0, **_: torch.index_select(
        x, axis, i.reshape(-1)).reshape(
            x.shape[:axis] + i.shape + x.shape[axis + 1:]),
    "LayerNormalization": _layer_norm,
    "Softmax": lambda x, axis=-1, **_: F.softmax(x, axis),
    "Reshape": _reshape,
    "Split": _split,
    "Transpose": lambda x, perm=None, **_: x.permute(
        perm if perm is not None else list(reversed(range(x.dim())))),
    "ReduceMean": _reduce_mean,
}


class TorchOnnx:
    """An ONNX model as a callable on torch tensors (inference only)."""

    def __init__(self, path):
        model = onnx.load(path)
        graph = model.graph
        self.consts = {
            t.name: torch.from_numpy(numpy_helper.to_array(t).copy())
            for t in graph.initializer
        }
        self.inputs = [i.name for i in graph.input if i.name not in self.consts]
        self.outputs = [o.name for o in graph.output]
        self.nodes = []
        for node in graph.node:
            attrs = _attrs(node)
            if node.op_type == "Constant":
                self.consts[node.output[0]] = torch.from_numpy(
                    numpy_helper.to_array(attrs["value"]).copy())
                continue
            if node.op_type not in OPS:
                raise NotImplementedError(f"{path}: op {node.op_type}")
            self.nodes.append((OPS[node.op_type], list(node.input),
                               list(node.output), attrs))

    @torch.inference_mode()
    def __call__(self, *args):
        env = dict(self.consts)
        env.update(zip(self.inputs, args))
        for fn, ins, outs, attrs in self.nodes:
            # An empty input name is an omitted optional input.
            res = fn(*[env[n] if n else None for n in ins], **attrs)
            if len(outs) == 1:
                env[outs[0]] = res
            else:
                env.update(zip(outs, res))
        return [env[o] for o in self.outputs]


def load_inputs(paths):
    """.npy files -> torch tensors (contiguous, owned)."""
    return [torch.from_numpy(np.load(p).copy()) for p in paths]
