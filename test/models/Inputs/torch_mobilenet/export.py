#!/usr/bin/python3
"""A MobileNetV2 as torchvision builds it, narrowed: a stride-2 3x3 stem,
inverted residual blocks (1x1 expand, 3x3 depthwise of stride 2 and 1,
ReLU6, 1x1 linear project, BatchNorm after each conv, a residual add where
stride is 1 and widths match), a 1x1 head conv, global average pool,
Dropout and a Linear classifier. Exported by PyTorch 1.13 with a dynamic
batch axis (dynamic_axes) twice: model.onnx without constant folding
(BatchNormalization kept, training=PRESERVE), folded/model.onnx as a
plain export does it (batch norms folded into the convolutions);
input_0/output_0 hold batch 1, input_1/output_1 batch 3.
Regenerate (needs python3-torch) with:
cd test/models/Inputs/torch_mobilenet && /usr/bin/python3 export.py
"""
import os, torch, torch.nn as nn, numpy as np
torch.manual_seed(0)
def conv_bn(i, o, k, stride=1, groups=1, act=True):
    layers = [nn.Conv2d(i, o, k, stride, (k - 1) // 2, groups=groups, bias=False),
              nn.BatchNorm2d(o)]
    return nn.Sequential(*(layers + [nn.ReLU6(inplace=True)] if act else layers))
class InvertedResidual(nn.Module):
    def __init__(s, i, o, stride, expand):
        super().__init__()
        hidden = i * expand
        s.use_res = stride == 1 and i == o
        layers = [conv_bn(i, hidden, 1)] if expand != 1 else []
        layers += [conv_bn(hidden, hidden, 3, stride, groups=hidden),
                   conv_bn(hidden, o, 1, act=False)]
        s.conv = nn.Sequential(*layers)
    def forward(s, x):
        return x + s.conv(x) if s.use_res else s.conv(x)
class MobileNetV2(nn.Module):
    # (expand t, channels c, repeats n, first stride s), torchvision's table narrowed
    setting = [(1, 8, 1, 1), (6, 12, 2, 2), (6, 16, 2, 2)]
    def __init__(s, classes=10):
        super().__init__()
        layers = [conv_bn(3, 8, 3, 2)]
        i = 8
        for t, c, n, st in s.setting:
            for r in range(n):
                layers.append(InvertedResidual(i, c, st if r == 0 else 1, t)); i = c
        layers.append(conv_bn(i, 32, 1))
        s.features = nn.Sequential(*layers)
        s.classifier = nn.Sequential(nn.Dropout(0.2), nn.Linear(32, classes))
    def forward(s, x):
        x = nn.functional.adaptive_avg_pool2d(s.features(x), (1, 1))
        return s.classifier(torch.flatten(x, 1))
m = MobileNetV2().eval()
for b in m.modules():
    if isinstance(b, nn.BatchNorm2d):
        b.running_mean.uniform_(-0.5, 0.5); b.running_var.uniform_(0.5, 2)
        b.weight.data.uniform_(0.5, 2); b.bias.data.uniform_(-0.5, 0.5)
xs = [torch.randn(1, 3, 32, 32), torch.randn(3, 3, 32, 32)]
os.makedirs("folded", exist_ok=True)
for path, fold, training in (("model.onnx", False, torch.onnx.TrainingMode.PRESERVE),
                             ("folded/model.onnx", True, torch.onnx.TrainingMode.EVAL)):
    torch.onnx.export(m, xs[0], path, do_constant_folding=fold, opset_version=14,
                      input_names=["x"], output_names=["y"],
                      dynamic_axes={"x": {0: "N"}, "y": {0: "N"}}, training=training)
with torch.no_grad():
    for k, x in enumerate(xs):
        np.save(f"input_{k}.npy", x.numpy()); np.save(f"output_{k}.npy", m(x).numpy())
import onnx, collections
for path in ("model.onnx", "folded/model.onnx"):
    print(path, collections.Counter(n.op_type for n in onnx.load(path).graph.node))
