"""A model whose two inputs share the batch N (dim_param), and a ctypes
call of it compiled by dlc-translate --emit-shared:
    int add(const float *in0, const int64_t *in0_shape,
            const float *in1, const int64_t *in1_shape,
            float **out0, int64_t *out0_shape);

usage: same_batch.py make OUT.onnx | same_batch.py call LIBRARY
"""
import ctypes
import sys

import numpy as np


def make(path):
    import onnx
    from onnx import TensorProto, helper
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 4])
    y = helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 4])
    z = helper.make_tensor_value_info("z", TensorProto.FLOAT, ["N", 4])
    graph = helper.make_graph([helper.make_node("Add", ["x", "y"], ["z"])], "add", [x, y], [z])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.save(model, path)


def call(path):
    lib = ctypes.CDLL(path)
    f32p = ctypes.POINTER(ctypes.c_float)
    i64p = ctypes.POINTER(ctypes.c_int64)
    lib.add.argtypes = [f32p, i64p, f32p, i64p, ctypes.POINTER(f32p), i64p]
    lib.add_free.argtypes = [ctypes.c_void_p]
    for nx, ny in ((3, 3), (3, 2)):
        x = np.arange(nx * 4, dtype=np.float32).reshape(nx, 4)
        y = np.ones((ny, 4), np.float32)
        out, out_shape = f32p(), (ctypes.c_int64 * 2)()
        status = lib.add(x.ctypes.data_as(f32p), (ctypes.c_int64 * 2)(*x.shape),
                         y.ctypes.data_as(f32p), (ctypes.c_int64 * 2)(*y.shape),
                         ctypes.byref(out), out_shape)
        line = f"x {nx}x4 y {ny}x4: status {status}"
        if out:
            z = np.ctypeslib.as_array(out, shape=(out_shape[0], out_shape[1])).copy()
            lib.add_free(out)
            line += " " + ("ok" if np.array_equal(z, x + y) else "MISMATCH")
        print(line)


if __name__ == "__main__":
    {"make": make, "call": call}[sys.argv[1]](sys.argv[2])
