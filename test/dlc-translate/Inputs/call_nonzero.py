"""Calls nz of Inputs/nonzero.mlir, compiled once by dlc-translate
--emit-shared, through ctypes on inputs with different numbers of non-zero
elements, as its header declares it:
    int nz(const float *in0, int64_t **out0, int64_t *out0_shape);
    void nz_free(void *buffer);
and compares each result with NumPy's.

usage: call_nonzero.py LIBRARY
"""
import ctypes
import sys

import numpy as np

lib = ctypes.CDLL(sys.argv[1])
f32p = ctypes.POINTER(ctypes.c_float)
i64p = ctypes.POINTER(ctypes.c_int64)
lib.nz.argtypes = [f32p, ctypes.POINTER(i64p), i64p]
lib.nz.restype = ctypes.c_int
lib.nz_free.argtypes = [ctypes.c_void_p]
lib.nz_free.restype = None

rng = np.random.default_rng(6)
for density in (0.0, 0.5, 1.0):
    x = np.where(rng.uniform(0, 1, (3, 4)) < density, rng.uniform(1, 2, (3, 4)), 0).astype(np.float32)
    out = i64p()
    out_shape = (ctypes.c_int64 * 2)(-7, -7)
    status = lib.nz(x.ctypes.data_as(f32p), ctypes.byref(out), out_shape)
    y = np.ctypeslib.as_array(out, shape=(out_shape[0], out_shape[1])).copy() if out_shape[1] else \
        np.zeros((out_shape[0], 0), np.int64)
    lib.nz_free(out)
    ok = status == 0 and np.array_equal(y, np.array(np.nonzero(x)))
    print(f"{int(np.count_nonzero(x))} non-zero: status {status} shape {list(out_shape)} {'ok' if ok else 'MISMATCH'}")
