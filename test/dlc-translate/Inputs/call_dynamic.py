"""Calls the dynamic mlp of dlc-run/dynamic.mlir, compiled once by
dlc-translate --emit-shared, through ctypes at several batch sizes, as
its header declares it:
    int mlp(const float *in0, const int64_t *in0_shape,
            float **out0, int64_t *out0_shape);
    void mlp_free(void *buffer);
and compares each result with NumPy's. Also a shape that does not fit.

usage: call_dynamic.py LIBRARY
"""
import ctypes
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "dlc-run", "Inputs"))
from tensors import mlp_reference  # noqa: E402

lib = ctypes.CDLL(sys.argv[1])
f32p = ctypes.POINTER(ctypes.c_float)
i64p = ctypes.POINTER(ctypes.c_int64)
lib.mlp.argtypes = [f32p, i64p, ctypes.POINTER(f32p), i64p]
lib.mlp.restype = ctypes.c_int
lib.mlp_free.argtypes = [ctypes.c_void_p]
lib.mlp_free.restype = None


def call(x):
    shape = (ctypes.c_int64 * 2)(*x.shape)
    out = f32p()
    out_shape = (ctypes.c_int64 * 2)(-7, -7)
    status = lib.mlp(x.ctypes.data_as(f32p), shape, ctypes.byref(out), out_shape)
    if status:
        return status, bool(out), None
    y = np.ctypeslib.as_array(out, shape=(out_shape[0], out_shape[1])).copy()
    lib.mlp_free(out)
    return status, True, y


rng = np.random.default_rng(5)
for n in (1, 2, 5, 0):
    x = rng.uniform(-2, 2, (n, 4)).astype(np.float32)
    status, _, y = call(x)
    ok = status == 0 and y.shape == (n, 2) and np.allclose(y, mlp_reference(x), rtol=1e-5, atol=1e-5)
    print(f"batch {n}: status {status} shape {None if y is None else list(y.shape)} "
          f"{'ok' if ok else 'MISMATCH'}")
# A static dim that does not fit: status 5, nothing handed out.
status, handed, _ = call(np.zeros((3, 5), np.float32))
print(f"3x5: status {status} output {'set' if handed else 'NULL'}")
