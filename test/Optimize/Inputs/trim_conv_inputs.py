"""The inputs of trim-conv-windows.mlir's numeric checks: DIR/x.npy, a
1x1x4x4 float32 image, and DIR/r.npy, a 1x2x14x14 one (seeded)."""
import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(7)
np.save(os.path.join(out, "x.npy"), rng.standard_normal((1, 1, 4, 4)).astype(np.float32))
np.save(os.path.join(out, "r.npy"), rng.standard_normal((1, 2, 14, 14)).astype(np.float32))
