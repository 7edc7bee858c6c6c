#!/usr/bin/python3
"""A conv + batch_norm + attention net exported by PyTorch 1.13 WITHOUT
constant folding (do_constant_folding=False): batch_norms, identities,
Shape -> Gather -> Unsqueeze -> Concat -> Reshape chains and Slice bounds
computed from constants, as real exports leave them. Regenerate (needs
python3-torch) with: cd test/models/Inputs/torch_unfolded && /usr/bin/python3 export.py
"""
import torch, torch.nn as nn, numpy as np
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(s):
        super().__init__()
        s.c1 = nn.Conv2d(3, 8, 3, padding=1); s.b1 = nn.BatchNorm2d(8)
        s.c2 = nn.Conv2d(8, 16, 3, stride=2, padding=1); s.b2 = nn.BatchNorm2d(16)
        s.drop = nn.Dropout(0.1)
        s.att = nn.MultiheadAttention(16, 2, batch_first=True)
        s.ln = nn.LayerNorm(16)
        s.fc = nn.Linear(16, 10)
    def forward(s, x):
        x = torch.relu(s.b1(s.c1(x)))
        x = torch.relu(s.b2(s.c2(x)))
        n, c, h, w = x.shape
        t = x.view(n, c, h * w).transpose(1, 2)          # tokens
        a, _ = s.att(t, t, t, need_weights=False)
        t = s.ln(t + s.drop(a))
        t = t.mean(dim=1)
        return s.fc(t.reshape(t.size(0), -1))
m = Net().eval()
for b in (m.b1, m.b2):
    b.running_mean.uniform_(-1, 1); b.running_var.uniform_(0.5, 2); b.weight.data.uniform_(0.5, 2)
x = torch.randn(1, 3, 16, 16)
with torch.no_grad():
    y = m(x)
torch.onnx.export(m, x, "model.onnx", do_constant_folding=False, opset_version=17,
                  training=torch.onnx.TrainingMode.PRESERVE)
import os

np.save("input_0.npy", x.numpy()); np.save("output_0.npy", y.numpy())
import onnx, collections
print(collections.Counter(n.op_type for n in onnx.load("model.onnx").graph.node))
