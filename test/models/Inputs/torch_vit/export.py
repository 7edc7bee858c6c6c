#!/usr/bin/python3
"""A vision transformer as torchvision's vit_b_16 builds it, narrowed:
patch embedding by a strided Conv2d, a class token concatenated in front,
a learned position embedding, two nn.TransformerEncoderLayer (batch_first,
GELU, pre-norm as ViT), a final LayerNorm and a Linear head on the class
token. Exported by PyTorch 1.13 twice: model.onnx with constant folding,
unfolded/model.onnx without it; and with a dynamic batch axis
(dynamic_axes) as dynamic/model.onnx, whose class token expand and
attention reshapes take their shapes from Shape -> Gather -> Concat
chains, with dynamic/input_K.npy and output_K.npy at batches 1, 2 and 5;
and its encoder layers alone with a dynamic batch and sequence length
(as Hugging Face exports encoders), encoder/model.onnx, with
encoder/input_K.npy and output_K.npy of (batch, tokens) (1, 3), (2, 17),
(5, 9). Regenerate (needs python3-torch) with:
cd test/models/Inputs/torch_vit && /usr/bin/python3 export.py
"""
import os, torch, torch.nn as nn, numpy as np
torch.manual_seed(0)
class ViT(nn.Module):
    def __init__(s, image=16, patch=4, dim=16, heads=2, classes=10):
        super().__init__()
        s.proj = nn.Conv2d(3, dim, patch, stride=patch)
        s.cls = nn.Parameter(torch.randn(1, 1, dim) * 0.02)
        s.pos = nn.Parameter(torch.randn(1, (image // patch) ** 2 + 1, dim) * 0.02)
        s.layers = nn.ModuleList(
            nn.TransformerEncoderLayer(dim, heads, dim_feedforward=32, dropout=0.1,
                                       activation="gelu", batch_first=True, norm_first=True)
            for _ in range(2))
        s.ln = nn.LayerNorm(dim)
        s.head = nn.Linear(dim, classes)
    def forward(s, x):
        x = s.proj(x)                        # N, dim, h, w
        n = x.shape[0]
        x = x.flatten(2).transpose(1, 2)     # N, h*w, dim
        x = torch.cat([s.cls.expand(n, -1, -1), x], dim=1) + s.pos
        for layer in s.layers:
            x = layer(x)
        return s.head(s.ln(x)[:, 0])
m = ViT().eval()
x = torch.randn(1, 3, 16, 16)
with torch.no_grad():
    y = m(x)
os.makedirs("unfolded", exist_ok=True)
for path, fold in (("model.onnx", True), ("unfolded/model.onnx", False)):
    torch.onnx.export(m, x, path, do_constant_folding=fold, opset_version=14,
                      input_names=["x"], output_names=["y"])
np.save("input_0.npy", x.numpy()); np.save("output_0.npy", y.numpy())
os.makedirs("dynamic", exist_ok=True)
torch.onnx.export(m, x, "dynamic/model.onnx", opset_version=14, input_names=["x"],
                  output_names=["y"], dynamic_axes={"x": {0: "N"}, "y": {0: "N"}})
class Encoder(nn.Module):
    def __init__(s, vit):
        super().__init__()
        s.layers, s.ln = vit.layers, vit.ln
    def forward(s, x):
        for layer in s.layers:
            x = layer(x)
        return s.ln(x)
enc = Encoder(m).eval()
os.makedirs("encoder", exist_ok=True)
torch.onnx.export(enc, torch.randn(2, 17, 16), "encoder/model.onnx", opset_version=14,
                  input_names=["x"], output_names=["y"],
                  dynamic_axes={"x": {0: "N", 1: "S"}, "y": {0: "N", 1: "S"}})
with torch.no_grad():
    for k, n in enumerate((1, 2, 5)):
        xk = torch.randn(n, 3, 16, 16)
        np.save(f"dynamic/input_{k}.npy", xk.numpy()); np.save(f"dynamic/output_{k}.npy", m(xk).numpy())
    for k, (n, t) in enumerate(((1, 3), (2, 17), (5, 9))):
        xk = torch.randn(n, t, 16)
        np.save(f"encoder/input_{k}.npy", xk.numpy()); np.save(f"encoder/output_{k}.npy", enc(xk).numpy())
import onnx, collections
for path in ("model.onnx", "unfolded/model.onnx", "dynamic/model.onnx", "encoder/model.onnx"):
    print(path, collections.Counter(n.op_type for n in onnx.load(path).graph.node))
