#!/usr/bin/python3
"""A GPT block (causal self-attention with a tril mask, GELU MLP, layer
norms) exported by PyTorch 1.13 without constant folding: Split, Trilu,
Reciprocal, Where and shape chains. Regenerate (needs python3-torch) with:
cd test/models/Inputs/torch_gpt && /usr/bin/python3 export.py
"""
import torch, torch.nn as nn, numpy as np, collections, onnx
torch.manual_seed(0)
class Block(nn.Module):
    def __init__(s, d=32, h=4):
        super().__init__()
        s.h = h; s.qkv = nn.Linear(d, 3 * d); s.proj = nn.Linear(d, d)
        s.ln1 = nn.LayerNorm(d); s.ln2 = nn.LayerNorm(d)
        s.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
    def forward(s, x):
        B, T, C = x.shape
        q, k, v = s.qkv(s.ln1(x)).split(C, dim=2)
        q = q.view(B, T, s.h, C // s.h).transpose(1, 2)
        k = k.view(B, T, s.h, C // s.h).transpose(1, 2)
        v = v.view(B, T, s.h, C // s.h).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / (C // s.h) ** 0.5)
        mask = torch.ones(T, T).tril() == 0
        att = att.masked_fill(mask, float('-inf')).softmax(dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        x = x + s.proj(y)
        return x + s.mlp(s.ln2(x))
m = Block().eval(); x = torch.randn(1, 8, 32)
with torch.no_grad(): y = m(x)
torch.onnx.export(m, x, "model.onnx", do_constant_folding=False, opset_version=17)
np.save("input_0.npy", x.numpy()); np.save("output_0.npy", y.numpy())
print(collections.Counter(n.op_type for n in onnx.load("model.onnx").graph.node))
