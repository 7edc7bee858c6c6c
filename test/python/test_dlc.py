"""The Python package (python/dlc) on libDLC.so: compile and run, names,
dtypes and shapes, errors with their locations, pipelines, the pass table."""

import json
import os
import platform

import numpy as np
import pytest

import dlc

SHARED = os.environ["DLC_TEST_SHARED"]
SRC = os.environ["DLC_TEST_SRC"]

RELU = """func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = "dlc_graph.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
"""


def read_pb(path):
    import onnx.numpy_helper
    from onnx import TensorProto
    t = TensorProto()
    with open(path, "rb") as f:
        t.ParseFromString(f.read())
    return onnx.numpy_helper.to_array(t)


MODELS = sorted(os.listdir(os.path.join(SHARED, "models")))


@pytest.mark.parametrize("name", [m for m in MODELS if os.path.isdir(
    os.path.join(SHARED, "models", m))])
@pytest.mark.parametrize("threads", [1, 2])
def test_every_shared_model_matches_its_reference(name, threads):
    model = os.path.join(SHARED, "models", name)
    m = dlc.compile(os.path.join(model, "model.onnx"), threads=threads)
    x = read_pb(os.path.join(model, "test_data_set_0", "input_0.pb"))
    want = read_pb(os.path.join(model, "test_data_set_0", "output_0.pb"))
    (y,) = m(x)
    assert y.dtype == want.dtype and y.shape == want.shape
    np.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-4)
    # By ONNX name, as onnxruntime's sessions take them.
    (by_name,) = m(**{m.inputs[0].name: x})
    np.testing.assert_array_equal(by_name, y)


def test_mlir_text_and_signature():
    m = dlc.compile(RELU)
    assert [(i.dtype, i.shape) for i in m.inputs] == [(np.dtype(np.float32), (2, 3))]
    assert m.outputs[0].shape == (2, 3)
    x = np.array([[-1, 2, -3], [4, -5, 6]], np.float32)
    (y,) = m(x)
    np.testing.assert_array_equal(y, np.maximum(x, 0))
    # Not contiguous: made contiguous first.
    (t,) = m(np.asfortranarray(x))
    np.testing.assert_array_equal(t, y)


DYNAMIC_RELU = """
func.func @main(%x: tensor<?x3xf32> {onnx.name = "x"}) -> tensor<?x3xf32> {
  %y = "dlc_graph.relu"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}
"""


def test_input_shapes_fix_dynamic_dims():
    m = dlc.compile(DYNAMIC_RELU, input_shapes={"x": (4, None)})
    assert m.inputs[0].shape == (4, 3)
    x = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)
    (y,) = m(x)
    np.testing.assert_array_equal(y, np.maximum(x, 0))
    with pytest.raises(dlc.Error, match="dim 1 is 3, not 5 as input shape 'x=4x5' says"):
        dlc.compile(DYNAMIC_RELU, input_shapes={"x": (4, 5)})
    with pytest.raises(dlc.Error, match="input shape 'y=4x3' names no input"):
        dlc.compile(DYNAMIC_RELU, input_shapes={"y": (4, 3)})


@pytest.mark.parametrize("name", ["mlp", "lenet"])
def test_dynamic_batch_compiles_once_and_runs_every_batch(name, tmp_path):
    # The shared model with its batch made symbolic (dim_param "N").
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "dynamic_batch", os.path.join(SRC, "test", "models", "Inputs", "dynamic_batch.py"))
    dynamic_batch = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dynamic_batch)
    model = os.path.join(SHARED, "models", name)
    dynamic_batch.main(os.path.join(model, "model.onnx"), str(tmp_path / "model.onnx"))
    m = dlc.compile(str(tmp_path / "model.onnx"), threads=1)
    assert m.inputs[0].shape == (None, 1, 28, 28)
    assert m.outputs[0].shape == (None, 10)
    static = dlc.compile(os.path.join(model, "model.onnx"), threads=1)
    x0 = read_pb(os.path.join(model, "test_data_set_0", "input_0.pb"))
    want0 = read_pb(os.path.join(model, "test_data_set_0", "output_0.pb"))
    rng = np.random.default_rng(3)
    for n in (1, 2, 5):
        x = np.concatenate([x0, rng.uniform(-1, 1, (n - 1, 1, 28, 28)).astype(np.float32)])
        (y,) = m(x)
        assert y.shape == (n, 10)
        np.testing.assert_allclose(y[:1], want0, rtol=1e-4, atol=1e-4)
        for i in range(n):
            np.testing.assert_allclose(y[i:i + 1], static(x[i:i + 1])[0], rtol=1e-4, atol=1e-5)
    with pytest.raises(dlc.Error, match=r"must have shape \(None, 1, 28, 28\), got \(2, 1, 28, 29\)"):
        m(np.zeros((2, 1, 28, 29), np.float32))


def run_time_shape_model(path, op, inputs, output_rank):
    # One `op` node whose shape-like inputs are graph inputs; the output's
    # dims are left to the compiler (`?`).
    import onnx
    from onnx import helper
    graph = helper.make_graph(
        [helper.make_node(op, [i[0] for i in inputs], ["y"])], "g",
        [helper.make_tensor_value_info(*i) for i in inputs],
        [helper.make_tensor_value_info("y", inputs[0][1] if op == "Reshape" else onnx.TensorProto.FLOAT,
                                       [None] * output_rank)])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    m.ir_version = 8
    onnx.save(m, path)
    return path


def test_run_time_reshape_compiles_once_for_every_shape_value(tmp_path):
    from onnx import TensorProto as T
    path = run_time_shape_model(str(tmp_path / "reshape.onnx"), "Reshape",
                                [("x", T.FLOAT, [2, 3, 4]), ("shape", T.INT64, [3])], 3)
    m = dlc.compile(path, threads=1)
    assert m.inputs[1].shape == (3,)
    assert m.outputs[0].shape == (None, None, None)
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    # 0 copies the input dim, -1 takes the rest.
    for shape, want in (([4, 2, 3], (4, 2, 3)), ([0, -1, 2], (2, 6, 2)), ([1, 24, 1], (1, 24, 1))):
        (y,) = m(x, np.array(shape, np.int64))
        assert y.shape == want
        np.testing.assert_array_equal(y, x.reshape(want))


def test_run_time_constant_of_shape_compiles_once_for_every_shape_value(tmp_path):
    from onnx import TensorProto as T
    path = run_time_shape_model(str(tmp_path / "cos.onnx"), "ConstantOfShape",
                                [("shape", T.INT64, [2])], 2)
    m = dlc.compile(path, threads=1)
    assert m.outputs[0].shape == (None, None)
    for shape in ((3, 5), (1, 0), (7, 2)):
        (y,) = m(np.array(shape, np.int64))
        np.testing.assert_array_equal(y, np.zeros(shape, np.float32))


def test_run_time_expand_compiles_once_for_every_shape_value(tmp_path):
    from onnx import TensorProto as T
    path = run_time_shape_model(str(tmp_path / "expand.onnx"), "Expand",
                                [("x", T.FLOAT, [3, 1]), ("shape", T.INT64, [3])], 3)
    m = dlc.compile(path, threads=1)
    # The input's 3 stays: broadcasting allows only 1 or 3 against it.
    assert m.outputs[0].shape == (None, 3, None)
    x = np.arange(3, dtype=np.float32).reshape(3, 1)
    # The result may be larger than `shape` (a 1 against the input's 3).
    for shape in ((2, 1, 4), (1, 3, 1), (4, 1, 0)):
        (y,) = m(x, np.array(shape, np.int64))
        np.testing.assert_array_equal(y, x * np.ones(shape, np.float32))


DYNAMIC_CONVS = """
func.func @main(%x: tensor<?x8x10x11xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>,
                %w2: tensor<16x16x3x3xf32>) -> tensor<?x16x4x4xf32> {
  %y = "dlc_graph.conv"(%x, %w, %b) : (tensor<?x8x10x11xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<?x16x8x9xf32>
  %r = "dlc_graph.relu"(%y) : (tensor<?x16x8x9xf32>) -> tensor<?x16x8x9xf32>
  %z = "dlc_graph.conv"(%r, %w2) {pads = array<i64: 1, 1, 1, 1>} : (tensor<?x16x8x9xf32>, tensor<16x16x3x3xf32>) -> tensor<?x16x8x9xf32>
  %s = "dlc_graph.add"(%z, %r) : (tensor<?x16x8x9xf32>, tensor<?x16x8x9xf32>) -> tensor<?x16x8x9xf32>
  %p = "dlc_graph.max_pool"(%s) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<?x16x8x9xf32>) -> tensor<?x16x4x4xf32>
  return %p : tensor<?x16x4x4xf32>
}
"""


def test_dynamic_batch_convolutions_scheduled_per_image():
    # NHWC (the default): the convolutions take DLC's schedules, tiled per
    # image over the dynamic batch (rows of 9 pixels: a peeled tile too);
    # NCHW: the same convolutions left to the loop lowering. One compile
    # each, run at batches 1, 2 and 5.
    fast = dlc.compile(DYNAMIC_CONVS, threads=1)
    loops = dlc.compile(DYNAMIC_CONVS, threads=1, layout="nchw")
    rng = np.random.default_rng(5)
    w = rng.uniform(-0.5, 0.5, (16, 8, 3, 3)).astype(np.float32)
    b = rng.uniform(-0.5, 0.5, (16,)).astype(np.float32)
    w2 = rng.uniform(-0.5, 0.5, (16, 16, 3, 3)).astype(np.float32)
    for n in (1, 2, 5):
        x = rng.uniform(-1, 1, (n, 8, 10, 11)).astype(np.float32)
        (y,) = fast(x, w, b, w2)
        assert y.shape == (n, 16, 4, 4)
        np.testing.assert_allclose(y, loops(x, w, b, w2)[0], rtol=1e-4, atol=1e-5)


def run_time_axes_model(path, op, x_shape, num_axes, keepdims, out_rank, elt=None):
    # One Reduce* node (opset 18) whose `axes` is a graph input of static
    # length: the output rank follows, its dims are left `?`.
    import onnx
    from onnx import helper, TensorProto as T
    elt = T.FLOAT if elt is None else elt
    graph = helper.make_graph(
        [helper.make_node(op, ["x", "axes"], ["y"], keepdims=keepdims)], "g",
        [helper.make_tensor_value_info("x", elt, x_shape),
         helper.make_tensor_value_info("axes", T.INT64, [num_axes])],
        [helper.make_tensor_value_info("y", elt, [None] * out_rank)])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    m.ir_version = 8
    onnx.save(m, path)
    return path


@pytest.mark.parametrize("op,keepdims,ref", [
    ("ReduceSum", 0, lambda x, a, k: np.sum(x, axis=a, keepdims=k)),
    ("ReduceMean", 1, lambda x, a, k: np.mean(x, axis=a, keepdims=k)),
    ("ReduceMax", 0, lambda x, a, k: np.max(x, axis=a, keepdims=k)),
    ("ReduceLogSumExp", 1, lambda x, a, k: np.log(np.sum(np.exp(x), axis=a, keepdims=k))),
])
def test_run_time_reduce_axes_compile_once_for_every_axes_value(op, keepdims, ref, tmp_path):
    path = run_time_axes_model(str(tmp_path / "r.onnx"), op, [2, 3, 4], 2, keepdims,
                               3 if keepdims else 1)
    m = dlc.compile(path, threads=1)
    assert m.outputs[0].shape == ((None,) * 3 if keepdims else (None,))
    x = np.random.default_rng(0).standard_normal((2, 3, 4)).astype(np.float32)
    # Negative axes count from the end; the order of the axes does not matter.
    for axes in ((0, 2), (-1, 1), (1, 0)):
        (y,) = m(x, np.array(axes, np.int64))
        want = ref(x, tuple(a % 3 for a in axes), bool(keepdims))
        assert y.shape == want.shape
        np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-5)


def test_run_time_slice_compiles_once_for_every_bounds_value(tmp_path):
    from onnx import TensorProto as T
    path = run_time_shape_model(str(tmp_path / "slice.onnx"), "Slice",
                                [("x", T.FLOAT, [4, 5]), ("starts", T.INT64, [1]), ("ends", T.INT64, [1]),
                                 ("axes", T.INT64, [1]), ("steps", T.INT64, [1])], 2)
    m = dlc.compile(path, threads=1)
    assert m.outputs[0].shape == (None, None)
    x = np.arange(20, dtype=np.float32).reshape(4, 5)
    # Negative bounds and axes count from the end, bounds are clamped, steps
    # may be negative, and an empty range gives 0 elements.
    for start, end, axis, step in ((1, 3, 0, 1), (-1, -6, 1, -2), (0, 100, -1, 2), (3, 1, 0, 1),
                                   (-100, 2, 1, 1), (4, -2**63, 0, -1)):
        (y,) = m(x, *(np.array([v], np.int64) for v in (start, end, axis, step)))
        index = [slice(None)] * 2
        index[axis] = slice(start, None if end == -2**63 else end, step)
        np.testing.assert_array_equal(y, x[tuple(index)])


def numpy_pad(x, pads, axes, value):
    # ONNX Pad in constant mode: negative pads crop first, then pad.
    begin, end = [0] * x.ndim, [0] * x.ndim
    for j, a in enumerate(axes):
        begin[a], end[a] = pads[j], pads[len(axes) + j]
    x = x[tuple(slice(max(-b, 0), x.shape[i] - max(-e, 0)) for i, (b, e) in enumerate(zip(begin, end)))]
    return np.pad(x, [(max(b, 0), max(e, 0)) for b, e in zip(begin, end)], constant_values=value)


def one_node_model(path, node, inputs, output_rank, opset):
    # One node of opset `opset` whose inputs are all graph inputs; the
    # output's dims are left to the compiler (`?`).
    import onnx
    from onnx import helper, TensorProto as T
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info(*i) for i in inputs],
                              [helper.make_tensor_value_info("y", T.FLOAT, [None] * output_rank)])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    onnx.save(m, path)
    return path


def test_run_time_pad_compiles_once_for_every_pads_value(tmp_path):
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "pad.onnx"),
                          helper.make_node("Pad", ["x", "pads", "value", "axes"], ["y"]),
                          [("x", T.FLOAT, [3, 4]), ("pads", T.INT64, [2]), ("value", T.FLOAT, []),
                           ("axes", T.INT64, [1])], 2, 18)
    m = dlc.compile(path, threads=1)
    assert m.outputs[0].shape == (None, None)
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    # Either dim (a negative axis counts from the end), growing, cropping,
    # both at once, and a crop to nothing.
    for pads, axis, value in (((1, 2), 0, 0.5), ((0, 3), -1, -1.0), ((-1, 2), 1, 7.0),
                              ((2, -3), 0, 0.0), ((-2, -2), 1, 3.0)):
        (y,) = m(x, np.array(pads, np.int64), np.array(value, np.float32), np.array([axis], np.int64))
        np.testing.assert_array_equal(y, numpy_pad(x, pads, [axis % 2], value))


def test_run_time_center_crop_pad_compiles_once_for_every_shape_value(tmp_path):
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "ccp.onnx"),
                          helper.make_node("CenterCropPad", ["x", "shape"], ["y"]),
                          [("x", T.FLOAT, [4, 5]), ("shape", T.INT64, [2])], 2, 18)
    m = dlc.compile(path, threads=1)
    assert m.outputs[0].shape == (None, None)
    x = np.arange(20, dtype=np.float32).reshape(4, 5)
    for shape in ((2, 7), (4, 5), (7, 2), (3, 8)):
        (y,) = m(x, np.array(shape, np.int64))
        want = np.zeros(shape, np.float32)
        # Centered: the odd element cropped or padded at the end.
        src = [slice(max(d - t, 0) // 2, max(d - t, 0) // 2 + min(d, t)) for d, t in zip(x.shape, shape)]
        dst = [slice(max(t - d, 0) // 2, max(t - d, 0) // 2 + min(d, t)) for d, t in zip(x.shape, shape)]
        want[tuple(dst)] = x[tuple(src)]
        np.testing.assert_array_equal(y, want)


def numpy_resize_axis(x, axis, out, scale, mode):
    # ONNX Resize along one axis, half_pixel coordinates: linear, or nearest
    # rounding halves down; edge taps clamped into the input.
    c = (np.arange(out) + 0.5) / scale - 0.5
    lo = np.floor(c)
    ratio = c - lo
    n = x.shape[axis]
    if mode == "nearest":
        idx = np.clip(np.where(ratio > 0.5, lo + 1, lo), 0, n - 1).astype(np.int64)
        return np.take(x, idx, axis=axis)
    a = np.take(x, np.clip(lo, 0, n - 1).astype(np.int64), axis=axis)
    b = np.take(x, np.clip(lo + 1, 0, n - 1).astype(np.int64), axis=axis)
    shape = [1] * x.ndim
    shape[axis] = out
    r = ratio.reshape(shape)
    return a * (1 - r) + b * r


def test_run_time_resize_compiles_once_for_every_scales_and_sizes_value(tmp_path):
    from onnx import helper, TensorProto as T
    x = np.random.default_rng(0).standard_normal((1, 2, 3, 4)).astype(np.float32)
    path = one_node_model(str(tmp_path / "scales.onnx"),
                          helper.make_node("Resize", ["x", "", "scales"], ["y"], mode="linear", axes=[2, 3]),
                          [("x", T.FLOAT, [1, 2, 3, 4]), ("scales", T.FLOAT, [2])], 4, 18)
    m = dlc.compile(path, threads=1)
    assert m.outputs[0].shape == (1, 2, None, None)
    # Up, down, mixed and unchanged, the sizes floor(scale * dim).
    for scales in ((2.0, 1.5), (0.5, 0.75), (1.0, 3.0), (1.0, 1.0)):
        (y,) = m(x, np.array(scales, np.float32))
        want = x
        for axis, s in zip((2, 3), scales):
            want = numpy_resize_axis(want, axis, int(s * x.shape[axis]), s, "linear")
        np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-6)
    path = one_node_model(str(tmp_path / "sizes.onnx"),
                          helper.make_node("Resize", ["x", "", "", "sizes"], ["y"]),
                          [("x", T.FLOAT, [1, 2, 3, 4]), ("sizes", T.INT64, [4])], 4, 18)
    m = dlc.compile(path, threads=1)
    assert m.outputs[0].shape == (None, None, None, None)
    for sizes in ((1, 2, 7, 2), (1, 2, 1, 9), (1, 1, 3, 4)):
        (y,) = m(x, np.array(sizes, np.int64))
        want = x
        for axis in range(4):
            want = numpy_resize_axis(want, axis, sizes[axis], sizes[axis] / x.shape[axis], "nearest")
        np.testing.assert_array_equal(y, want)


def test_run_time_tile_compiles_once_for_every_repeats_value(tmp_path):
    from onnx import TensorProto as T
    path = run_time_shape_model(str(tmp_path / "tile.onnx"), "Tile",
                                [("x", T.FLOAT, [2, 3]), ("repeats", T.INT64, [2])], 2)
    m = dlc.compile(path, threads=1)
    assert m.outputs[0].shape == (None, None)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for repeats in ((1, 1), (3, 2), (1, 0)):
        (y,) = m(x, np.array(repeats, np.int64))
        np.testing.assert_array_equal(y, np.tile(x, repeats))


def test_run_time_trilu_and_cumsum_compile_once_for_every_value(tmp_path):
    from onnx import TensorProto as T
    x = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
    trilu = dlc.compile(run_time_shape_model(str(tmp_path / "trilu.onnx"), "Trilu",
                                             [("x", T.FLOAT, [3, 4]), ("k", T.INT64, [])], 2), threads=1)
    for k in (0, 2, -1, 5):
        (y,) = trilu(x, np.array(k, np.int64))
        np.testing.assert_array_equal(y, np.triu(x, k))
    cumsum = dlc.compile(run_time_shape_model(str(tmp_path / "cumsum.onnx"), "CumSum",
                                              [("x", T.FLOAT, [3, 4]), ("axis", T.INT64, [])], 2), threads=1)
    for axis in (0, 1, -1):
        (y,) = cumsum(x, np.array(axis, np.int64))
        np.testing.assert_array_equal(y, np.cumsum(x, axis))


def test_run_time_range_and_top_k_compile_once_for_every_value(tmp_path):
    import onnx
    from onnx import TensorProto as T, helper
    r = dlc.compile(run_time_shape_model(str(tmp_path / "range.onnx"), "Range",
                                         [("start", T.FLOAT, []), ("limit", T.FLOAT, []),
                                          ("delta", T.FLOAT, [])], 1), threads=1)
    assert r.outputs[0].shape == (None,)
    for start, limit, delta in ((1, 5, 2), (10, 2.5, -3), (0, -1, 1), (0.5, 4, 0.5)):
        (y,) = r(*(np.array(v, np.float32) for v in (start, limit, delta)))
        np.testing.assert_allclose(y, np.arange(start, limit, delta, dtype=np.float32))
    graph = helper.make_graph(
        [helper.make_node("TopK", ["x", "k"], ["v", "i"], axis=1)], "g",
        [helper.make_tensor_value_info("x", T.FLOAT, [2, 5]), helper.make_tensor_value_info("k", T.INT64, [1])],
        [helper.make_tensor_value_info("v", T.FLOAT, [2, None]), helper.make_tensor_value_info("i", T.INT64, [2, None])])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    m.ir_version = 8
    onnx.save(m, str(tmp_path / "topk.onnx"))
    top = dlc.compile(str(tmp_path / "topk.onnx"), threads=1)
    x = np.array([[3, 1, 4, 1, 5], [9, 2, 6, 5, 3]], np.float32)
    order = np.argsort(-x, axis=1, kind="stable")
    for k in (1, 3, 5, 0):
        v, i = top(x, np.array([k], np.int64))
        np.testing.assert_array_equal(i, order[:, :k])
        np.testing.assert_array_equal(v, np.take_along_axis(x, order[:, :k], 1))


def test_run_time_split_compiles_once_for_every_split_value(tmp_path):
    import onnx
    from onnx import TensorProto as T, helper
    graph = helper.make_graph(
        [helper.make_node("Split", ["x", "split"], ["a", "b", "c"], axis=1)], "g",
        [helper.make_tensor_value_info("x", T.FLOAT, [2, 5]), helper.make_tensor_value_info("split", T.INT64, [3])],
        [helper.make_tensor_value_info(name, T.FLOAT, [2, None]) for name in "abc"])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    m.ir_version = 8
    onnx.save(m, str(tmp_path / "split.onnx"))
    split = dlc.compile(str(tmp_path / "split.onnx"), threads=1)
    x = np.arange(10, dtype=np.float32).reshape(2, 5)
    for sizes in ((1, 2, 2), (0, 5, 0), (3, 1, 1)):
        got = split(x, np.array(sizes, np.int64))
        want = np.split(x, np.cumsum(sizes)[:-1], axis=1)
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)


def test_run_time_squeeze_axes_compile_once_for_every_axes_value(tmp_path):
    from onnx import TensorProto as T
    unsqueeze = dlc.compile(run_time_shape_model(str(tmp_path / "unsqueeze.onnx"), "Unsqueeze",
                                                 [("x", T.FLOAT, [2, 3]), ("axes", T.INT64, [2])], 4), threads=1)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    for axes in ((0, 1), (3, 1), (-1, 0), (2, -4)):
        (y,) = unsqueeze(x, np.array(axes, np.int64))
        np.testing.assert_array_equal(y, np.expand_dims(x, axes))
    squeeze = dlc.compile(run_time_shape_model(str(tmp_path / "squeeze.onnx"), "Squeeze",
                                               [("x", T.FLOAT, [1, 3, 1, 2]), ("axes", T.INT64, [1])], 3),
                          threads=1)
    x = np.arange(6, dtype=np.float32).reshape(1, 3, 1, 2)
    for axis in (0, 2, -2):
        (y,) = squeeze(x, np.array([axis], np.int64))
        np.testing.assert_array_equal(y, np.squeeze(x, axis))


def test_run_time_one_hot_compiles_once_for_every_depth(tmp_path):
    from onnx import TensorProto as T
    m = dlc.compile(run_time_shape_model(str(tmp_path / "onehot.onnx"), "OneHot",
                                         [("i", T.INT64, [3]), ("depth", T.INT64, []), ("values", T.FLOAT, [2])], 2),
                    threads=1)
    indices = np.array([0, 2, -1], np.int64)
    for depth in (3, 5):
        (y,) = m(indices, np.array(depth, np.int64), np.array([-1, 4], np.float32))
        want = np.where(np.arange(depth) == (indices % depth)[:, None], 4, -1).astype(np.float32)
        np.testing.assert_array_equal(y, want)


def test_integer_and_bool_dtypes_and_empty_tensors():
    m = dlc.compile("""func.func @main(%a: tensor<0x4xi64>, %b: tensor<3xui8>) -> (tensor<0x4xi64>, tensor<3xi1>) {
  %s = "dlc_graph.add"(%a, %a) : (tensor<0x4xi64>, tensor<0x4xi64>) -> tensor<0x4xi64>
  %c = "dlc_graph.greater"(%b, %b) : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xi1>
  return %s, %c : tensor<0x4xi64>, tensor<3xi1>
}
""")
    assert [o.dtype for o in m.outputs] == [np.dtype(np.int64), np.dtype(np.bool_)]
    s, c = m(np.zeros((0, 4), np.int64), np.array([1, 2, 3], np.uint8))
    assert s.shape == (0, 4) and c.tolist() == [False, False, False]


def test_float16_in_and_out_and_bfloat16_refused():
    # f16 at the boundary, f32 inside (the casts the ONNX importer makes).
    m = dlc.compile("""func.func @main(%x: tensor<3xf16>) -> tensor<3xf16> {
  %w = "dlc_graph.cast"(%x) {to = f32} : (tensor<3xf16>) -> tensor<3xf32>
  %e = "dlc_graph.exp"(%w) : (tensor<3xf32>) -> tensor<3xf32>
  %y = "dlc_graph.cast"(%e) {to = f16} : (tensor<3xf32>) -> tensor<3xf16>
  return %y : tensor<3xf16>
}
""")
    assert m.inputs[0].dtype == np.dtype(np.float16) == m.outputs[0].dtype
    x = np.array([0.1, -1, 2], np.float16)
    (y,) = m(x)
    assert y.dtype == np.float16
    np.testing.assert_array_equal(y, np.exp(x))  # NumPy rounds exp's f32 result alike
    # NumPy has no bfloat16: such a model is refused by name.
    with pytest.raises(dlc.Error, match="'input0' is bfloat16, which NumPy has no dtype for"):
        dlc.compile("""func.func @main(%x: tensor<3xbf16>) -> tensor<3xbf16> {
  %y = "dlc_graph.identity"(%x) : (tensor<3xbf16>) -> tensor<3xbf16>
  return %y : tensor<3xbf16>
}
""")


def test_low_precision_refused_by_name():
    # Nor float8, float4, int4 or int2: the output is refused by its name.
    with pytest.raises(dlc.Error, match="'output0' is float8_e4m3fn, which NumPy has no dtype"):
        dlc.compile("""func.func @main(%x: tensor<3xf32>) -> tensor<3xf8E4M3FN> {
  %y = "dlc_graph.cast"(%x) {to = f8E4M3FN} : (tensor<3xf32>) -> tensor<3xf8E4M3FN>
  return %y : tensor<3xf8E4M3FN>
}
""")


def test_bad_inputs_name_the_input():
    m = dlc.compile(RELU)
    with pytest.raises(dlc.Error, match="input 'input0' must be float32, got float64"):
        m(np.zeros((2, 3)))
    with pytest.raises(dlc.Error, match=r"must have shape \(2, 3\), got \(3, 2\)"):
        m(np.zeros((3, 2), np.float32))
    with pytest.raises(dlc.Error, match="takes 1 inputs, got 2"):
        m(np.zeros((2, 3), np.float32), np.zeros((2, 3), np.float32))
    with pytest.raises(dlc.Error, match="no input named nope"):
        m(nope=np.zeros((2, 3), np.float32))


def test_errors_carry_diagnostics_with_locations(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text(RELU.replace('"dlc_graph.relu"(%x)', '"dlc_graph.relu"(%x) {alpha = 0.5 : f32}'))
    with pytest.raises(dlc.Error, match=r"bad\.mlir:2:8: error: 'dlc_graph\.relu' op has unknown "
                                        r"attribute 'alpha'"):
        dlc.compile(bad)
    with pytest.raises(dlc.Error, match="No such file"):
        dlc.compile(str(tmp_path / "missing.onnx"))
    with pytest.raises(dlc.Error, match="missing.mlir': No such file"):
        dlc.compile(str(tmp_path / "missing.mlir"))
    pretty = tmp_path / "pretty.mlir"
    pretty.write_text("func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                      "  %y = dlc_graph.relu %x : tensor<2xf32>\n  return %y : tensor<2xf32>\n}\n")
    with pytest.raises(dlc.Error, match=r"pretty\.mlir:2:8: error: 'dlc_graph\.relu' must be written"):
        dlc.compile(pretty)


def test_mlir_text_errors_and_parser_crashes():
    # Text is read as a file would be: diagnostics name "<string>", and an
    # op that crashes MLIR's own parser (a linalg.reduce whose dimensions
    # lack brackets) is an error of this call, not the end of the process.
    with pytest.raises(dlc.Error, match=r"<string>:2:8: error: 'dlc_graph\.relu' op has unknown "
                                        r"attribute 'alpha'"):
        dlc.compile(RELU.replace('"dlc_graph.relu"(%x)', '"dlc_graph.relu"(%x) {alpha = 0.5 : f32}'))
    crash = ("func.func @f(%a: tensor<4xf32>, %b: tensor<f32>) {\n"
             "  %r = linalg.reduce ins(%a : tensor<4xf32>) outs(%b : tensor<f32>) dimensions = 0\n"
             "  return\n}\n")
    with pytest.raises(dlc.Error, match=r"cannot parse '<string>': MLIR's parser or verifier "
                                        r"crashed on it \(.+\) after reporting 2:81: expected '\['"):
        dlc.compile(crash)
    assert dlc.compile(RELU)(np.ones((2, 3), np.float32))[0].sum() == 6


def test_run_time_errors_raise_with_the_node():
    m = dlc.compile('func.func @lookup(%t: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {\n'
                    '  %r = "dlc_graph.gather"(%t, %i) : (tensor<4x2xf32>, tensor<2xi64>) -> '
                    'tensor<2x2xf32> loc("embed")\n  return %r : tensor<2x2xf32>\n}\n')
    table = np.arange(8, dtype=np.float32).reshape(4, 2)
    np.testing.assert_array_equal(m(table, np.array([3, -4]))[0], table[[3, 0]])
    with pytest.raises(dlc.Error, match=r"index out of range at 'embed' \(status 257\)"):
        m(table, np.array([0, 4]))
    # The module stays usable after a failed run.
    np.testing.assert_array_equal(m(table, np.array([1, 2]))[0], table[[1, 2]])


def test_unchecked_compile_reports_nothing():
    lookup = ('func.func @lookup(%t: tensor<4x2xf32>, %i: tensor<2xi64>) -> tensor<2x2xf32> {\n'
              '  %r = "dlc_graph.gather"(%t, %i) : (tensor<4x2xf32>, tensor<2xi64>) -> '
              'tensor<2x2xf32> loc("embed")\n  return %r : tensor<2x2xf32>\n}\n')
    m = dlc.compile(lookup, checks=False)
    table = np.arange(8, dtype=np.float32).reshape(4, 2)
    # No error: the index past the end is clamped to the last row.
    np.testing.assert_array_equal(m(table, np.array([0, 4]))[0], table[[0, 3]])


def test_profile_times_each_node(tmp_path):
    path = os.path.join(SHARED, "models", "lenet", "model.onnx")
    x = np.random.default_rng(0).standard_normal((1, 1, 28, 28)).astype(np.float32)
    m = dlc.compile(path, threads=1, profile=True)
    plain = dlc.compile(path, threads=1)
    # The instrumented code computes the same.
    np.testing.assert_array_equal(m(x)[0], plain(x)[0])
    p = m.profile(x, repeat=3)
    names = [r.name for r in p.rows]
    assert "/f/f.0/Conv" in names and "/c/c.5/Gemm" in names
    conv = p.rows[names.index("/f/f.0/Conv")]
    assert conv.op.startswith("conv") and conv.shape == "1x6x28x28xf32" and conv.flops > 0
    assert all(len(r.times) == 3 for r in p.rows) and len(p.run_times) == 3
    for k in range(3):
        assert sum(r.times[k] for r in p.rows) <= p.run_times[k]
    assert "/f/f.0/Conv" in p.table() and "whole run" in p.table()
    p.write_trace(tmp_path / "trace.json")
    events = json.load(open(tmp_path / "trace.json"))["traceEvents"]
    assert len(events) == 3 * len(p.rows) and {e["name"] for e in events} == set(names)
    with pytest.raises(dlc.Error, match="compile with profile=True"):
        plain.profile(x)


def test_pipelines_and_options():
    text = dlc.run_pipeline(RELU, "builtin.module(dlc-graph-to-tensor,dlc-tensor-to-linalg)")
    assert "linalg.generic" in text and "dlc_graph" not in text
    with pytest.raises(dlc.Error, match="unknown option 'bogus' for pass 'dlc-fold-constants'"):
        dlc.run_pipeline(RELU, "builtin.module(dlc-fold-constants{bogus=1})")
    m = dlc.compile(RELU, optimize=False, threads=2,
                    pipeline="builtin.module(dlc-fold-constants{max-elements=4})")
    (y,) = m(np.ones((2, 3), np.float32))
    assert y.sum() == 6


def test_what_native_code_prints_reaches_python(capfd):
    # print-ir writes to fd 2 from C++: a warning when the call succeeds ...
    with pytest.warns(dlc.NativeOutputWarning, match="IR Dump"):
        dlc.run_pipeline(RELU, "builtin.module(print-ir)")
    # ... part of the error when it fails; never on the process's stderr.
    bad = 'func.func @main() attributes {dlc.inputs = 3 : i64} {\n  return\n}\n'
    with pytest.raises(dlc.Error, match="(?s)malformed signature.*IR Dump"):
        dlc.run_pipeline(bad, "builtin.module(print-ir,dlc-entry-abi)")
    assert capfd.readouterr().err == ""
    # Still usable afterwards, and stderr is the process's again.
    (y,) = dlc.compile(RELU)(np.ones((2, 3), np.float32))
    assert y.sum() == 6
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


def test_layout_nchw_computes_the_same():
    path = os.path.join(SHARED, "models", "lenet", "model.onnx")
    x = np.random.default_rng(1).standard_normal((1, 1, 28, 28)).astype(np.float32)
    (nhwc,) = dlc.compile(path, threads=1)(x)
    (nchw,) = dlc.compile(path, threads=1, layout="nchw")(x)
    np.testing.assert_allclose(nchw, nhwc, rtol=1e-5, atol=1e-5)
    with pytest.raises(dlc.Error, match="invalid layout 'nhcw': expected 'nhwc' or 'nchw'"):
        dlc.compile(path, layout="nhcw")


@pytest.mark.skipif(platform.machine() != "x86_64", reason="names x86 CPUs")
def test_cpu_compiles_for_another_cpu():
    path = os.path.join(SHARED, "models", "lenet", "model.onnx")
    x = np.random.default_rng(2).standard_normal((1, 1, 28, 28)).astype(np.float32)
    (host,) = dlc.compile(path, threads=1)(x)
    (avx2,) = dlc.compile(path, threads=1, cpu="haswell")(x)
    np.testing.assert_allclose(avx2, host, rtol=1e-5, atol=1e-5)
    with pytest.raises(dlc.Error, match="unknown CPU 'no-such-cpu'"):
        dlc.compile(path, cpu="no-such-cpu")
    with pytest.raises(dlc.Error, match="cannot run code for CPU 'diamondrapids' on this host"):
        dlc.compile(path, cpu="diamondrapids")


def test_import_onnx_text_and_bytecode():
    path = os.path.join(SRC, "examples", "tiny_cnn", "model.onnx")
    text = dlc.import_onnx(path)
    assert '"dlc_graph.conv"' in text
    assert dlc.import_onnx(path, bytecode=True).startswith(b"ML\xefR")


def test_pass_table():
    table = {p.name: p for p in dlc.passes()}
    fold = table["dlc-fold-constants"]
    assert not fold.is_pipeline
    assert [(o.name, o.type, o.default) for o in fold.options] == [("max-elements", "int", "65536")]
    assert table["dlc-lower-to-llvm"].is_pipeline


def test_export_shared_library_with_header(tmp_path):
    import ctypes
    model = os.path.join(SHARED, "models", "mlp", "model.onnx")
    header = dlc.export(model, tmp_path / "libmlp.so")
    assert header == str(tmp_path / "libmlp.h")
    text = open(header).read()
    assert "int mlp(" in text and "MLP_IN0_SHAPE" in text
    m = dlc.compile(model, threads=1)
    x = np.random.default_rng(0).standard_normal(m.inputs[0].shape).astype(np.float32)
    (want,) = m(x)
    y = np.empty(m.outputs[0].shape, np.float32)
    so = ctypes.CDLL(str(tmp_path / "libmlp.so"))
    status = so.mlp(x.ctypes.data_as(ctypes.c_void_p), y.ctypes.data_as(ctypes.c_void_p))
    assert status == 0
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-6)
    dlc.export(model, tmp_path / "mlp.o", kind="object", name="net")
    assert "int net(" in open(tmp_path / "mlp.h").read()
    with pytest.raises(dlc.Error, match="would be overwritten by its own header"):
        dlc.export(model, tmp_path / "mlp.h")
    # A header that cannot be written (a directory in its place) takes the
    # new library with it: both or neither.
    (tmp_path / "libhdr.h").mkdir()
    with pytest.raises(dlc.Error, match=r"libhdr\.h': Is a directory"):
        dlc.export(model, tmp_path / "libhdr.so")
    assert not (tmp_path / "libhdr.so").exists()
