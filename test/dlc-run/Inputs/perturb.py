"""Plants a divergence: adds DELTA to element 0 of DIR/NAME.npy.

usage: perturb.py FILE DELTA
"""

import sys

import numpy as np

path, delta = sys.argv[1], float(sys.argv[2])
a = np.load(path)
a.flat[0] += delta
np.save(path, a)
