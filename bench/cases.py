"""The benchmark cases, and the one-node ONNX models and inputs they run on.

Every case is batch 1, float32, with random data (seeded, so reruns time the
same numbers). Layer models keep their weights as ONNX initializers, as in a
real exported model; matmul models take both operands as inputs, as sgemm
does.
"""

import os
import subprocess
import sys
import zlib
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17  # LayerNormalization needs 17; the shared models are opset 17 too
# ../shared next to the repository, or where DLC_SHARED points (as the tests).
MODELS_DIR = os.path.join(os.environ.get("DLC_SHARED") or os.path.join(os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "shared"), "models")


@dataclass
class Case:
    section: str                 # matmul | layers | models
    name: str                    # short id, used in the csv and the tables
    desc: str                    # what it is, for the tables
    flops: Optional[float] = None  # for GFLOP/s; None where it means little
    mkn: Optional[Tuple[int, int, int]] = None  # matmul shape (M, K, N)
    model: Optional[str] = None  # .onnx path
    inputs: List[str] = field(default_factory=list)  # .npy paths, by position
    test_data: Optional[str] = None  # models: the backend-test folder
    expect: Optional[str] = None  # models: reference output as .npy
    torchvision: Optional[str] = None  # models: the torchvision module PyTorch times


# --- matmul: (name, M, K, N), in increasing FLOP order so that a slow
# system's time on the next case can be predicted from the previous one.
MATMULS = [
    ("1x768x3072", 1, 768, 3072),
    ("127x255x511", 127, 255, 511),
    ("256^3", 256, 256, 256),
    ("197x768x768", 197, 768, 768),
    ("512^3", 512, 512, 512),
    ("1000^3", 1000, 1000, 1000),
    ("1024^3", 1024, 1024, 1024),
    ("2048^3", 2048, 2048, 2048),
]

# --- conv layers: (name, desc, C_in, C_out, H=W, kernel, stride, groups)
CONVS = [
    ("r18.conv1", "resnet18 7x7/2 3->64 @224", 3, 64, 224, 7, 2, 1),
    ("r18.l1", "resnet18 3x3 64->64 @56", 64, 64, 56, 3, 1, 1),
    ("r18.l2.s2", "resnet18 3x3/2 64->128 @56->28", 64, 128, 56, 3, 2, 1),
    ("r18.l2.down", "resnet18 1x1/2 64->128 @56->28", 64, 128, 56, 1, 2, 1),
    ("r18.l2", "resnet18 3x3 128->128 @28", 128, 128, 28, 3, 1, 1),
    ("r18.l3", "resnet18 3x3 256->256 @14", 256, 256, 14, 3, 1, 1),
    ("r18.l4", "resnet18 3x3 512->512 @7", 512, 512, 7, 3, 1, 1),
    ("mbv2.dw.s1", "mobilenet_v2 depthwise 3x3 144ch @56", 144, 144, 56, 3, 1, 144),
    ("mbv2.dw.s2", "mobilenet_v2 depthwise 3x3/2 96ch @112->56", 96, 96, 112, 3, 2, 96),
    ("mbv2.pw.32-16", "mobilenet_v2 1x1 32->16 @112", 32, 16, 112, 1, 1, 1),
    ("mbv2.pw.144-24", "mobilenet_v2 1x1 144->24 @56", 144, 24, 56, 1, 1, 1),
    ("mbv2.pw.960-160", "mobilenet_v2 1x1 960->160 @7", 960, 160, 7, 1, 1, 1),
]

SHARED_MODELS = [
    ("mlp", "MLP 784-...-10 (Gemm, Relu)"),
    ("lenet", "LeNet-5, 28x28"),
    ("resnet18", "torchvision ResNet-18, 224x224"),
    ("encoder", "2-block transformer encoder, 32 tokens"),
]


def _rng(name):
    # A per-case seed: stable across runs (unlike hash()), distinct per case.
    return np.random.default_rng(zlib.crc32(name.encode()))


def _save_model(path, nodes, inputs, outputs, inits=()):
    graph = helper.make_graph(nodes, os.path.basename(path), inputs, outputs,
                              initializer=list(inits))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    model.ir_version = 8  # readable by onnx 1.12 and every runtime here
    onnx.checker.check_model(model)
    onnx.save(model, path)


def _vi(name, shape):
    return helper.make_tensor_value_info(name, TensorProto.FLOAT, list(shape))


def _random(rng, shape, scale=1.0):
    return ((rng.random(shape, dtype=np.float32) - 0.5) * 2 * scale).astype(np.float32)


def _init(name, array):
    return numpy_helper.from_array(array, name)


def matmul_case(work, name, m, k, n):
    base = os.path.join(work, "matmul_" + name.replace("^", "p"))
    rng = _rng(name)
    a, b = base + "_a.npy", base + "_b.npy"
    np.save(a, _random(rng, (m, k)))
    np.save(b, _random(rng, (k, n)))
    _save_model(base + ".onnx", [helper.make_node("MatMul", ["a", "b"], ["y"])],
                [_vi("a", (m, k)), _vi("b", (k, n))], [_vi("y", (m, n))])
    return Case("matmul", name, f"f32 matmul {m}x{k} @ {k}x{n}",
                flops=2.0 * m * k * n, mkn=(m, k, n), model=base + ".onnx",
                inputs=[a, b])


def conv_case(work, name, desc, cin, cout, hw, ksize, stride, groups):
    base = os.path.join(work, "layer_" + name)
    rng = _rng(name)
    pad = ksize // 2
    hout = (hw + 2 * pad - ksize) // stride + 1
    x = base + "_x.npy"
    np.save(x, _random(rng, (1, cin, hw, hw)))
    # Kaiming-like scale keeps the values in a sane range.
    fan_in = cin // groups * ksize * ksize
    w = _random(rng, (cout, cin // groups, ksize, ksize), (3.0 / fan_in) ** 0.5)
    b = _random(rng, (cout,), 0.1)
    node = helper.make_node("Conv", ["x", "w", "b"], ["y"],
                            kernel_shape=[ksize, ksize], strides=[stride, stride],
                            pads=[pad] * 4, group=groups)
    _save_model(base + ".onnx", [node], [_vi("x", (1, cin, hw, hw))],
                [_vi("y", (1, cout, hout, hout))], [_init("w", w), _init("b", b)])
    flops = 2.0 * cout * hout * hout * fan_in
    return Case("layers", name, desc, flops=flops, model=base + ".onnx", inputs=[x])


def transformer_cases(work):
    cases = []
    # A BERT-base feed-forward up-projection: 128 tokens, 768 -> 3072.
    base = os.path.join(work, "layer_bert.ffn")
    rng = _rng("bert.ffn")
    x = base + "_x.npy"
    np.save(x, _random(rng, (128, 768)))
    w = _random(rng, (768, 3072), (3.0 / 768) ** 0.5)
    _save_model(base + ".onnx", [helper.make_node("MatMul", ["x", "w"], ["y"])],
                [_vi("x", (128, 768))], [_vi("y", (128, 3072))], [_init("w", w)])
    cases.append(Case("layers", "bert.matmul", "transformer matmul 128x768 @ 768x3072",
                      flops=2.0 * 128 * 768 * 3072, model=base + ".onnx", inputs=[x]))

    # Attention probabilities: 12 heads of 128x128 scores.
    base = os.path.join(work, "layer_bert.softmax")
    x = base + "_x.npy"
    np.save(x, _random(_rng("bert.softmax"), (12, 128, 128), 4.0))
    _save_model(base + ".onnx", [helper.make_node("Softmax", ["x"], ["y"], axis=-1)],
                [_vi("x", (12, 128, 128))], [_vi("y", (12, 128, 128))])
    cases.append(Case("layers", "bert.softmax", "transformer softmax 12x128x128 (last axis)",
                      model=base + ".onnx", inputs=[x]))

    base = os.path.join(work, "layer_bert.layernorm")
    rng = _rng("bert.layernorm")
    x = base + "_x.npy"
    np.save(x, _random(rng, (128, 768)))
    node = helper.make_node("LayerNormalization", ["x", "scale", "bias"], ["y"],
                            axis=-1, epsilon=1e-5)
    _save_model(base + ".onnx", [node], [_vi("x", (128, 768))], [_vi("y", (128, 768))],
                [_init("scale", 1 + _random(rng, (768,), 0.1)),
                 _init("bias", _random(rng, (768,), 0.1))])
    cases.append(Case("layers", "bert.layernorm", "transformer layer_norm 128x768",
                      model=base + ".onnx", inputs=[x]))
    return cases


def _pb_to_npy(pb, npy):
    t = TensorProto()
    with open(pb, "rb") as f:
        t.ParseFromString(f.read())
    np.save(npy, numpy_helper.to_array(t))


def model_case(work, name, desc):
    src = os.path.join(MODELS_DIR, name)
    data = os.path.join(src, "test_data_set_0")
    # onnxruntime's node script and the torch worker read .npy; dlc-run reads
    # the .pb files itself (--test-data), which also checks its output.
    x = os.path.join(work, f"model_{name}_input_0.npy")
    y = os.path.join(work, f"model_{name}_output_0.npy")
    _pb_to_npy(os.path.join(data, "input_0.pb"), x)
    _pb_to_npy(os.path.join(data, "output_0.pb"), y)
    return Case("models", name, desc, model=os.path.join(src, "model.onnx"),
                inputs=[x], test_data=data, expect=y)


# --- generated whole models: (name, desc, generator in test/models/Inputs, its arguments)
GENERATED_MODELS = [
    ("densenet", "DenseNet-121-shaped CNN, 224x224, random weights (302 nodes: 120 conv, "
     "58 concat)", "densenet.py", ["--resolution", "224"]),
    ("mobilenet_v2", "MobileNetV2-shaped CNN, 224x224, random weights (100 nodes: 52 conv "
     "of which 17 depthwise, ReLU6 as Clip)", "mobilenet.py", ["--resolution", "224"]),
]
GENERATORS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "test", "models", "Inputs")


def generated_model_case(work, name, desc, script, args):
    """A model a script of test/models/Inputs writes (with its input and its
    NumPy reference output), rather than a large file in the repository."""
    base = os.path.join(work, f"model_{name}")
    x, y = base + "_input_0.npy", base + "_output_0.npy"
    if not all(os.path.exists(p) for p in (base + ".onnx", x, y)):
        subprocess.run([sys.executable, os.path.join(GENERATORS, script), base + ".onnx",
                        "--input", x, "--reference", y] + args,
                       check=True, stdout=subprocess.DEVNULL)
    return Case("models", name, desc, model=base + ".onnx", inputs=[x], expect=y)


def torchvision_case(work, name, desc):
    """A torchvision model (bench/torchvision_models.py exports it): one DLC
    was not tuned on. PyTorch times the module itself."""
    base = os.path.join(work, f"model_{name}")
    x, y = base + "_input_0.npy", base + "_output_0.npy"
    if not all(os.path.exists(p) for p in (base + ".onnx", x, y)):
        subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                     "torchvision_models.py"),
                        name, base + ".onnx", "--input", x, "--reference", y],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return Case("models", name, desc + " (torchvision, random weights)", model=base + ".onnx",
                inputs=[x], expect=y, torchvision=name)


def build_cases(work, quick):
    """All cases of the run (quick: one matmul, one conv, one small model)."""
    os.makedirs(work, exist_ok=True)
    if quick:
        return [matmul_case(work, "256^3", 256, 256, 256),
                conv_case(work, *CONVS[10]),  # mbv2.pw.144-24, about 20 MFLOP
                model_case(work, *SHARED_MODELS[0])]  # mlp
    cases = [matmul_case(work, *m) for m in MATMULS]
    cases += [conv_case(work, *c) for c in CONVS]
    cases += transformer_cases(work)
    cases += [model_case(work, *m) for m in SHARED_MODELS]
    cases += [generated_model_case(work, *m) for m in GENERATED_MODELS]
    from torchvision_models import MODELS as TORCHVISION_MODELS
    cases += [torchvision_case(work, *m) for m in TORCHVISION_MODELS]
    return cases
