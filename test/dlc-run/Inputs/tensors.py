"""Writes the tensors of one dlc-run test into a directory.

usage: tensors.py DIR SET

Inputs are seeded; expected outputs are computed here with NumPy,
independently of DLC. Each SET below belongs to the test of the same name.
"""

import os
import sys

import numpy as np
from onnx import TensorProto, helper, numpy_helper

# The weights of the perceptron in mlp.mlir.
W1 = np.array([[0.5, -0.25, 0.125], [1.0, 0.75, -0.5], [-1.0, 0.25, 0.5], [0.25, -0.75, 1.0]],
              dtype=np.float32)
B1 = np.array([0.1, -0.2, 0.3], dtype=np.float32)
W2 = np.array([[1.0, -1.0], [0.5, 0.25], [-0.5, 2.0]], dtype=np.float32)

DTYPES = {"f32": np.float32, "f64": np.float64, "i8": np.int8, "i16": np.int16,
          "i32": np.int32, "i64": np.int64, "u8": np.uint8, "u16": np.uint16,
          "u32": np.uint32, "u64": np.uint64}


def npy(d, name, array):
    np.save(os.path.join(d, name + ".npy"), array)


def pb(d, name, array):
    with open(os.path.join(d, name + ".pb"), "wb") as f:
        f.write(numpy_helper.from_array(array).SerializeToString())


def mlp_reference(x):
    return np.maximum(x @ W1 + B1, 0) @ W2


def mlp(d):
    x = np.random.default_rng(1).uniform(-2, 2, (3, 4)).astype(np.float32)
    npy(d, "x", x)
    npy(d, "y", mlp_reference(x))
    pb(d, "x", x)
    pb(d, "y", mlp_reference(x))
    # The other encodings of a TensorProto: typed fields, external data.
    typed = helper.make_tensor("x", TensorProto.FLOAT, x.shape, x.ravel().tolist())
    with open(os.path.join(d, "x_typed.pb"), "wb") as f:
        f.write(typed.SerializeToString())
    external = numpy_helper.from_array(x, "x")
    external.ClearField("raw_data")
    external.data_location = TensorProto.EXTERNAL
    for key, value in (("location", "x.bin"), ("offset", "16"), ("length", str(x.nbytes))):
        entry = external.external_data.add()
        entry.key, entry.value = key, value
    with open(os.path.join(d, "x_external.pb"), "wb") as f:
        f.write(external.SerializeToString())
    with open(os.path.join(d, "x.bin"), "wb") as f:
        f.write(bytes(16) + x.tobytes())
    os.makedirs(os.path.join(d, "test_data_set_0"))
    pb(os.path.join(d, "test_data_set_0"), "input_0", x)
    pb(os.path.join(d, "test_data_set_0"), "output_0", mlp_reference(x))


def dtypes(d):
    rng = np.random.default_rng(2)
    for name, dtype in DTYPES.items():
        if np.dtype(dtype).kind == "f":
            a, b = (rng.uniform(-8, 8, (2, 3)).astype(dtype) for _ in range(2))
        else:
            info = np.iinfo(dtype)
            # Extremes included: sums wrap around as in NumPy.
            a = rng.integers(info.min, info.max, (2, 3), endpoint=True, dtype=dtype)
            b = rng.integers(info.min, info.max, (2, 3), endpoint=True, dtype=dtype)
            a[0, 0] = info.max
        npy(d, "a_" + name, a)
        npy(d, "b_" + name, b)
        with np.errstate(over="ignore"):
            npy(d, "sum_" + name, (a + b).astype(dtype))
    a = np.array([[True, False, True], [False, False, True]])
    b = np.array([[True, True, False], [False, True, True]])
    npy(d, "a_bool", a)
    npy(d, "b_bool", b)
    npy(d, "eq_bool", a == b)
    pb(d, "a_u16", np.load(os.path.join(d, "a_u16.npy")))


def ranks(d):
    rng = np.random.default_rng(3)
    s = np.array(2.5, dtype=np.float32)
    npy(d, "s", s)
    npy(d, "s2", s + s)
    x = rng.uniform(-1, 1, (2, 1, 3, 1, 2, 2)).astype(np.float32)
    npy(d, "x6", x)
    npy(d, "x6x2", x + x)


def zero_size(d):
    npy(d, "a", np.zeros((0, 3), dtype=np.float32))
    npy(d, "b", np.arange(3, dtype=np.float32))
    npy(d, "c", np.zeros((2, 0), dtype=np.int32))
    npy(d, "ab", np.zeros((0, 3), dtype=np.float32))
    npy(d, "cc", np.zeros((2, 0), dtype=np.int32))


def identity_constant(d):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    npy(d, "x", x)
    npy(d, "c", np.array([7, -8], dtype=np.int64))


def dynamic(d):
    rng = np.random.default_rng(4)
    for n in (1, 5):
        x = rng.uniform(-2, 2, (n, 4)).astype(np.float32)
        npy(d, "x%d" % n, x)
        npy(d, "y%d" % n, mlp_reference(x))
    npy(d, "bad", np.zeros((2, 5), dtype=np.float32))


def mismatch(d):
    x = np.array([1.0, 2.0, np.nan, -3.0], dtype=np.float32)
    npy(d, "x", x)
    npy(d, "same", np.abs(x))
    off = np.abs(x)
    off[1] += 1e-3  # 5e-4 relative: within 1e-3, not within the default 1e-4
    npy(d, "off", off)
    nan = np.abs(x)
    nan[0] = np.nan
    npy(d, "nan", nan)
    i = np.array([3, -4, 5], dtype=np.int32)
    npy(d, "i", i)
    npy(d, "i_off", np.array([3, 4, 6], dtype=np.int32))


def errors(d):
    npy(d, "x", np.zeros((2, 3), dtype=np.float32))
    npy(d, "x64", np.zeros((2, 3), dtype=np.float64))
    npy(d, "x32", np.zeros((3, 2), dtype=np.float32))
    npy(d, "y", np.zeros((2, 3), dtype=np.float32))
    npy(d, "y1", np.zeros((6,), dtype=np.float32))
    np.save(os.path.join(d, "full.npy"), np.zeros((2, 3), dtype=np.float32))
    with open(os.path.join(d, "full.npy"), "rb") as f:
        data = f.read()
    with open(os.path.join(d, "truncated.npy"), "wb") as f:
        f.write(data[:-4])
    with open(os.path.join(d, "text.npy"), "w") as f:
        f.write("not a tensor\n")
    with open(os.path.join(d, "unknown-op.mlir"), "w") as f:
        f.write('func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n'
                '  %y = "dlc_graph.frobnicate"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>\n'
                '  return %y : tensor<2x3xf32>\n}\n')
    with open(os.path.join(d, "bad.mlir"), "w") as f:
        f.write("func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n  return %y\n}\n")


def levels(d):
    x = np.random.default_rng(5).uniform(-2, 2, (3, 4)).astype(np.float32)
    npy(d, "x", x)
    npy(d, "y", mlp_reference(x))
    npy(d, "a", np.arange(4, dtype=np.float32))
    npy(d, "a2", 2 * np.arange(4, dtype=np.float32))


if __name__ == "__main__":
    directory, name = sys.argv[1], sys.argv[2]
    os.makedirs(directory, exist_ok=True)
    globals()[name.replace("-", "_")](directory)
