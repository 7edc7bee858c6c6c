#!/usr/bin/python3
"""An RNN classifier exported by PyTorch 1.13: an nn.LSTM (2 layers,
bidirectional, batch_first) feeding an nn.GRU head, then a Linear on the
last step. Written twice: model.onnx with constant folding, and
unfolded/model.onnx without it (the exporter's Shape -> Gather -> Concat
chains for the initial states and the Transposes around each layer kept);
and with a dynamic batch axis (dynamic_axes) as dynamic/model.onnx, whose
initial states are ConstantOfShape of Shape -> Gather -> Concat chains,
with dynamic/input_K.npy and output_K.npy at batches 1, 2 and 5.
Regenerate (needs python3-torch) with:
cd test/models/Inputs/torch_rnn && /usr/bin/python3 export.py
"""
import os, torch, torch.nn as nn, numpy as np
torch.manual_seed(0)
class Net(nn.Module):
    def __init__(s):
        super().__init__()
        s.lstm = nn.LSTM(6, 8, num_layers=2, bidirectional=True, batch_first=True)
        s.gru = nn.GRU(16, 8, batch_first=True)
        s.fc = nn.Linear(8, 4)
    def forward(s, x):
        y, _ = s.lstm(x)
        y, _ = s.gru(y)
        return s.fc(y[:, -1])
m = Net().eval()
x = torch.randn(2, 5, 6)
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
with torch.no_grad():
    for k, n in enumerate((1, 2, 5)):
        xk = torch.randn(n, 5, 6)
        np.save(f"dynamic/input_{k}.npy", xk.numpy()); np.save(f"dynamic/output_{k}.npy", m(xk).numpy())
import onnx, collections
for path in ("model.onnx", "unfolded/model.onnx", "dynamic/model.onnx"):
    print(path, collections.Counter(n.op_type for n in onnx.load(path).graph.node))
