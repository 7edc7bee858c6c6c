#!/usr/bin/python3
"""Writes RNN, GRU and LSTM models with a NumPy reference as test data, one
folder per case: DIR/NAME/model.onnx and DIR/NAME/test_data_set_0/
{input,output}_N.pb. Cases cover what the node tests do not: both
directions, layout 1, initial states, peepholes, clip, the other
activations with their alpha / beta, linear_before_reset, input_forget and
variable sequence lengths (known at import or a graph input), and a
dynamic batch (dim_param "N", run with dlc-run --dynamic).

    rnn_cases.py DIR             writes every case
    rnn_cases.py --list          prints the names of the static cases
    rnn_cases.py --list-dynamic  prints the names of the dynamic-batch cases
"""

import os
import sys

import numpy as np
import onnx
from onnx import TensorProto as T
from onnx import helper, numpy_helper

GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}
DEFAULT_ACTS = {"RNN": ["Tanh"], "GRU": ["Sigmoid", "Tanh"], "LSTM": ["Sigmoid", "Tanh", "Tanh"]}
# (number of alphas, number of betas, default alpha, default beta)
ACT_PARAMS = {"Affine": (1, 1, 1.0, 0.0), "LeakyRelu": (1, 0, 0.01, 0), "ThresholdedRelu": (1, 0, 1.0, 0),
              "ScaledTanh": (1, 1, 1.0, 1.0), "HardSigmoid": (1, 1, 0.2, 0.5), "Elu": (1, 0, 1.0, 0)}


def activation(name, alpha, beta):
    f = {
        "Relu": lambda x: np.maximum(x, 0),
        "Tanh": np.tanh,
        "Sigmoid": lambda x: 1 / (1 + np.exp(-x)),
        "Affine": lambda x: alpha * x + beta,
        "LeakyRelu": lambda x: np.where(x >= 0, x, alpha * x),
        "ThresholdedRelu": lambda x: np.where(x > alpha, x, 0),
        "ScaledTanh": lambda x: alpha * np.tanh(beta * x),
        "HardSigmoid": lambda x: np.clip(alpha * x + beta, 0, 1),
        "Elu": lambda x: np.where(x < 0, alpha * (np.exp(x) - 1), x),
        "Softsign": lambda x: x / (1 + np.abs(x)),
        "Softplus": lambda x: np.log(np.exp(x) + 1),
    }[name]
    return f


def resolve_acts(op, num_dir, names, alphas, betas):
    """Per direction, the activation functions; alphas and betas are taken in
    order by the functions that use them (onnxruntime's reading)."""
    k = len(DEFAULT_ACTS[op])
    names = names or DEFAULT_ACTS[op]
    alphas, betas = list(alphas or []), list(betas or [])
    out = []
    for d in range(num_dir):
        fs = []
        for j in range(k):
            name = names[(d * k + j) % len(names)]
            na, nb, a, b = ACT_PARAMS.get(name, (0, 0, 0, 0))
            if na and alphas:
                a = alphas.pop(0)
            if nb and betas:
                b = betas.pop(0)
            fs.append(activation(name, a, b))
        out.append(fs)
    return out


def reference(op, X, W, R, B=None, lens=None, h0=None, c0=None, P=None, direction="forward",
              activations=None, alphas=None, betas=None, clip=None, linear_before_reset=0,
              input_forget=0, layout=0):
    if layout:
        X = X.transpose(1, 0, 2)
        h0 = None if h0 is None else h0.transpose(1, 0, 2)
        c0 = None if c0 is None else c0.transpose(1, 0, 2)
    seq, batch, _ = X.shape
    num_dir, _, hidden = R.shape
    acts = resolve_acts(op, num_dir, activations, alphas, betas)
    lens = np.full(batch, seq) if lens is None else lens
    cl = (lambda x: np.clip(x, -clip, clip)) if clip is not None else (lambda x: x)
    H = hidden
    Y = np.zeros((seq, num_dir, batch, H), X.dtype)
    Yh = np.zeros((num_dir, batch, H), X.dtype)
    Yc = np.zeros((num_dir, batch, H), X.dtype)
    for d in range(num_dir):
        f = acts[d]
        w, r = W[d], R[d]
        b = np.zeros(2 * GATES[op] * H, X.dtype) if B is None else B[d]
        wb, rb = b[:GATES[op] * H], b[GATES[op] * H:]
        h = np.zeros((batch, H), X.dtype) if h0 is None else h0[d].copy()
        c = np.zeros((batch, H), X.dtype) if c0 is None else c0[d].copy()
        p = np.zeros(3 * H, X.dtype) if P is None else P[d]
        steps = range(seq - 1, -1, -1) if direction == "reverse" or d == 1 else range(seq)
        for t in steps:
            x = X[t]
            if op == "RNN":
                hn = f[0](cl(x @ w.T + h @ r.T + wb + rb))
                cn = c
            elif op == "GRU":
                g = lambda k, v, m: v @ m[k * H:(k + 1) * H].T
                z = f[0](cl(g(0, x, w) + g(0, h, r) + wb[:H] + rb[:H]))
                rr = f[0](cl(g(1, x, w) + g(1, h, r) + wb[H:2 * H] + rb[H:2 * H]))
                if linear_before_reset:
                    hh = f[1](cl(g(2, x, w) + rr * (g(2, h, r) + rb[2 * H:]) + wb[2 * H:]))
                else:
                    hh = f[1](cl(g(2, x, w) + g(2, rr * h, r) + rb[2 * H:] + wb[2 * H:]))
                hn = (1 - z) * hh + z * h
                cn = c
            else:
                gates = x @ w.T + h @ r.T + wb + rb
                gi, go, gf, gc = (gates[:, k * H:(k + 1) * H] for k in range(4))
                i = f[0](cl(gi + p[:H] * c))
                ff = 1 - i if input_forget else f[0](cl(gf + p[2 * H:] * c))
                cn = ff * c + i * f[1](cl(gc))
                o = f[0](cl(go + p[H:2 * H] * cn))
                hn = o * f[2](cn)
            live = (t < lens)[:, None]
            h = np.where(live, hn, h)
            c = np.where(live, cn, c)
            Y[t, d] = np.where(live, hn, 0)
        Yh[d], Yc[d] = h, c
    if layout:
        Y, Yh, Yc = Y.transpose(2, 0, 1, 3), Yh.transpose(1, 0, 2), Yc.transpose(1, 0, 2)
    return {"Y": Y, "Y_h": Yh, "Y_c": Yc}


def case(op, seq=3, batch=2, inp=3, hidden=4, direction="forward", bias=True, initial=False,
         peepholes=False, lens=None, lens_input=False, outputs=("Y", "Y_h"), layout=0, opset=14,
         attrs=None, seed=0, dynamic_batch=False):
    rng = np.random.default_rng(seed)
    num_dir = 2 if direction == "bidirectional" else 1
    G = GATES[op]
    rand = lambda *s: (rng.standard_normal(s) * 0.5).astype(np.float32)
    X = rand(batch, seq, inp) if layout else rand(seq, batch, inp)
    state_shape = (batch, num_dir, hidden) if layout else (num_dir, batch, hidden)
    args = {"W": rand(num_dir, G * hidden, inp), "R": rand(num_dir, G * hidden, hidden),
            "B": rand(num_dir, 2 * G * hidden) if bias else None,
            "sequence_lens": None if lens is None else np.array(lens, np.int32),
            "initial_h": rand(*state_shape) if initial else None,
            "initial_c": rand(*state_shape) if initial and op == "LSTM" else None,
            "P": rand(num_dir, 3 * hidden) if peepholes else None}
    attrs = dict(attrs or {})
    names = ["X", "W", "R", "B", "sequence_lens", "initial_h", "initial_c", "P"][:8 if op == "LSTM" else 6]
    inputs, inits, feeds = [("X", X)], [], [X]
    for name in names[1:]:
        if args[name] is None:
            continue
        if name == "sequence_lens" and lens_input:
            inputs.append((name, args[name]))
            feeds.append(args[name])
        else:
            inits.append(numpy_helper.from_array(args[name], name))
    node_inputs = [n if n == "X" or args[n] is not None else "" for n in names]
    while node_inputs[-1] == "":
        node_inputs.pop()
    node_attrs = dict(attrs, direction=direction, hidden_size=hidden)
    if layout:
        node_attrs["layout"] = layout
    node_outputs = [n if n in outputs else "" for n in ["Y", "Y_h", "Y_c"][:3 if op == "LSTM" else 2]]
    while node_outputs[-1] == "":
        node_outputs.pop()
    ref = reference(op, X, args["W"], args["R"], args["B"], args["sequence_lens"], args["initial_h"],
                    args["initial_c"], args["P"], direction, attrs.get("activations"),
                    attrs.get("activation_alpha"), attrs.get("activation_beta"), attrs.get("clip"),
                    attrs.get("linear_before_reset", 0), attrs.get("input_forget", 0), layout)
    results = [ref[n] for n in node_outputs if n]
    node = helper.make_node(op, node_inputs, node_outputs, name=op.lower(), **node_attrs)
    graph = helper.make_graph(
        [node], op.lower(),
        [helper.make_tensor_value_info(n, T.INT32 if v.dtype == np.int32 else T.FLOAT, v.shape)
         for n, v in inputs],
        [helper.make_tensor_value_info(n, T.FLOAT, ref[n].shape) for n in node_outputs if n],
        inits)
    if dynamic_batch:  # dim_param "N" for the batch of X, the states and the outputs
        batch_dim = {"X": 0 if layout else 1, "sequence_lens": 0, "initial_h": 0 if layout else 1,
                     "initial_c": 0 if layout else 1, "Y": 0 if layout else 2, "Y_h": 0 if layout else 1,
                     "Y_c": 0 if layout else 1}
        for v in list(graph.input) + list(graph.output):
            if v.name in batch_dim:
                v.type.tensor_type.shape.dim[batch_dim[v.name]].dim_param = "N"
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    return model, feeds, results


CASES = {
    # Y and Y_h, bias and initial state, three steps.
    "rnn_forward": lambda: case("RNN", initial=True),
    # Each direction its own activation, LeakyRelu taking the one alpha.
    "rnn_bidirectional": lambda: case("RNN", direction="bidirectional",
                                      attrs={"activations": ["LeakyRelu", "Tanh"], "activation_alpha": [0.1]}),
    # Batch first; lengths 3 and 1, given at run time.
    "rnn_layout_lens_input": lambda: case("RNN", layout=1, direction="bidirectional", lens=[3, 1],
                                          lens_input=True, initial=True),
    "gru_bidirectional_lbr": lambda: case("GRU", direction="bidirectional", initial=True,
                                          attrs={"linear_before_reset": 1}),
    # Reverse, clipped, lengths known at import (3, 1, 2).
    "gru_reverse_clip_lens": lambda: case("GRU", direction="reverse", batch=3, lens=[3, 1, 2],
                                          attrs={"clip": 0.5}),
    "gru_lbr_no_bias": lambda: case("GRU", bias=False, attrs={"linear_before_reset": 1}, opset=7),
    "lstm_bidirectional_peepholes": lambda: case("LSTM", direction="bidirectional", initial=True,
                                                 peepholes=True, outputs=("Y", "Y_h", "Y_c")),
    # Batch first, coupled gates, lengths, and parameterized activations.
    "lstm_layout_forget_acts": lambda: case(
        "LSTM", layout=1, lens=[2, 3], initial=True, outputs=("Y", "Y_c"),
        attrs={"input_forget": 1, "activations": ["HardSigmoid", "ScaledTanh", "Affine"],
               "activation_alpha": [0.3, 0.9, 0.7], "activation_beta": [0.4, 1.1, 0.2]}),
    # Only Y_c of a reverse LSTM of the other activations.
    "lstm_reverse_yc": lambda: case("LSTM", direction="reverse", outputs=("Y_c",), initial=True,
                                    attrs={"activations": ["Sigmoid", "Softsign", "Elu"]}),
    # One step from a given state, no bias: x W^T + h R^T feed one add.
    "lstm_one_step": lambda: case("LSTM", seq=1, batch=3, inp=2, bias=False, initial=True),
    "rnn_softplus_relu": lambda: case("RNN", direction="bidirectional", attrs={"activations": ["Softplus", "Relu"]}),
    # A dynamic batch (run with --dynamic): zero initial states from X's shape,
    # given states and lengths at run time, batch first.
    "gru_dynamic_batch": lambda: case("GRU", direction="bidirectional", batch=3,
                                      attrs={"linear_before_reset": 1}, dynamic_batch=True),
    "lstm_dynamic_batch_layout": lambda: case("LSTM", layout=1, initial=True, lens=[2, 3],
                                              lens_input=True, outputs=("Y", "Y_h", "Y_c"),
                                              dynamic_batch=True),
    "rnn_dynamic_batch": lambda: case("RNN", batch=1, dynamic_batch=True),
}
DYNAMIC = ["gru_dynamic_batch", "lstm_dynamic_batch_layout", "rnn_dynamic_batch"]


def main(out):
    for name, build in CASES.items():
        model, feeds, results = build()
        d = os.path.join(out, name, "test_data_set_0")
        os.makedirs(d, exist_ok=True)
        onnx.save(model, os.path.join(out, name, "model.onnx"))
        for i, x in enumerate(feeds):
            with open(os.path.join(d, "input_%d.pb" % i), "wb") as f:
                f.write(numpy_helper.from_array(x).SerializeToString())
        for i, y in enumerate(results):
            with open(os.path.join(d, "output_%d.pb" % i), "wb") as f:
                f.write(numpy_helper.from_array(np.ascontiguousarray(y)).SerializeToString())


if __name__ == "__main__":
    sys.dont_write_bytecode = True
    if sys.argv[1] == "--list":
        print(" ".join(c for c in CASES if c not in DYNAMIC))
    elif sys.argv[1] == "--list-dynamic":
        print(" ".join(DYNAMIC))
    else:
        main(sys.argv[1])
