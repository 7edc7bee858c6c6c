"""The input of trim-conv-windows.mlir's numeric check: DIR/x.npy, a
1x1x4x4 float32 image of distinct values (seeded)."""
import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
np.save(os.path.join(out, "x.npy"),
        np.random.default_rng(7).standard_normal((1, 1, 4, 4)).astype(np.float32))
