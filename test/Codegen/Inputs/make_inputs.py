"""make_inputs.py DIR SHAPE...: seeded float32 inputs DIR/input_N.npy."""
import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(3)
for i, shape in enumerate(sys.argv[2:]):
    dims = [int(d) for d in shape.split("x")]
    np.save(os.path.join(out, "input_%d.npy" % i), rng.standard_normal(dims).astype(np.float32))
