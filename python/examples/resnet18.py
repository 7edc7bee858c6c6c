"""Compile resnet18 from NumPy, run a few inputs, time it, look at its graph
after a pipeline, export it as a shared library. Usage:
    python3 resnet18.py MODEL.onnx OUTPUT_DIR"""

import os
import sys
import time

import numpy as np

import dlc

model, out = sys.argv[1], sys.argv[2]

# Compile for 2 threads; inputs and outputs say what the model takes.
m = dlc.compile(model, threads=2)
print("inputs:", [(i.name, str(i.dtype), i.shape) for i in m.inputs])
print("outputs:", [(o.name, str(o.dtype), o.shape) for o in m.outputs])

# Run a few inputs (the model's batch is 1) and time the runs.
rng = np.random.default_rng(0)
images = [rng.standard_normal(m.inputs[0].shape).astype(np.float32) for _ in range(4)]
classes = [int(np.argmax(m(image)[0])) for image in images]
start = time.perf_counter()
for image in images:
    m(image)
print(f"classes: {classes}, {1e3 * (time.perf_counter() - start) / len(images):.1f} ms per run")

# The graph after DLC's graph optimizations, as MLIR text.
graph = dlc.run_pipeline(dlc.import_onnx(model), "builtin.module(dlc-optimize)")
print("convolutions after dlc-optimize:", graph.count('"dlc_graph.conv"'),
      "batch norms:", graph.count('"dlc_graph.batch_norm"'))

# A shared library with its C header, for a C program.
header = dlc.export(model, os.path.join(out, "libresnet18.so"), threads=1)
print("exported:", os.path.basename(header), "and libresnet18.so")

# Mistakes raise dlc.Error with DLC's message.
try:
    m(np.zeros((1, 3, 32, 32), np.float32))
except dlc.Error as e:
    print("error:", e)
