"""Ops whose output sizes follow from input values fed at run time (window
sizes, Pad's edge/reflect/wrap pads, AffineGrid's size, MaxUnpool's
output_shape): each model compiled once and run at several values, against
NumPy."""
import numpy as np

import dlc


def one_node_model(path, node, inputs, output_rank, opset, out_type=None):
    # One node whose inputs are all graph inputs; the output's dims are left
    # to the compiler (`?`).
    import onnx
    from onnx import helper, TensorProto as T
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info(*i) for i in inputs],
                              [helper.make_tensor_value_info("y", out_type or T.FLOAT,
                                                             [None] * output_rank)])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    m.ir_version = 8
    onnx.save(m, path)
    return path


def window(kind, size, periodic):
    a = {"HannWindow": (0.5, 0.5, 0.0), "HammingWindow": (25 / 46, 21 / 46, 0.0),
         "BlackmanWindow": (0.42, 0.5, 0.08)}[kind]
    n = size if periodic else size - 1
    x = 2 * np.pi * np.arange(size) / n
    return a[0] - a[1] * np.cos(x) + a[2] * np.cos(2 * x)


def test_run_time_window_sizes_compile_once(tmp_path):
    from onnx import helper, TensorProto as T
    # Each kind once (few compiles), periodic and symmetric both covered.
    for kind, periodic in (("HannWindow", 1), ("HammingWindow", 0), ("BlackmanWindow", 0)):
        path = one_node_model(str(tmp_path / f"{kind}{periodic}.onnx"),
                              helper.make_node(kind, ["size"], ["y"], periodic=periodic),
                              [("size", T.INT64, [])], 1, 17)
        m = dlc.compile(path, threads=1)
        assert m.outputs[0].shape == (None,)
        for size in (3, 10):
            (y,) = m(np.array(size, np.int64))
            np.testing.assert_allclose(y, window(kind, size, periodic).astype(np.float32),
                                       rtol=1e-6, atol=1e-7)


def numpy_pad(x, pads, mode):
    # Negative pads crop first; the positive ones pad what is left, by the
    # modes' definitions as index maps (NumPy's np.pad is wrong for reflect
    # and wrap pads much longer than the dim on one side only).
    r = x.ndim
    x = x[tuple(slice(max(-pads[i], 0), x.shape[i] - max(-pads[r + i], 0)) for i in range(r))]
    for axis in range(r):
        b, n = max(pads[axis], 0), x.shape[axis]
        j = np.arange(-b, n + max(pads[r + axis], 0))
        if mode == "wrap":
            src = j % n
        elif mode == "edge":
            src = np.clip(j, 0, n - 1)
        else:
            period = max(2 * (n - 1), 1)
            src = np.where(j % period < n, j % period, period - j % period)
        x = np.take(x, src, axis=axis)
    return x


def test_run_time_pad_modes_compile_once(tmp_path):
    from onnx import helper, TensorProto as T
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    for mode in ("edge", "reflect", "wrap"):
        path = one_node_model(str(tmp_path / f"pad_{mode}.onnx"),
                              helper.make_node("Pad", ["x", "pads"], ["y"], mode=mode),
                              [("x", T.FLOAT, [3, 4]), ("pads", T.INT64, [4])], 2, 19)
        m = dlc.compile(path, threads=1)
        assert m.outputs[0].shape == (None, None)
        # Growing both dims, pads longer than the dim (reflect and wrap
        # repeat; on one side only too), a crop with a pad of what is
        # left, no pads.
        for pads in ((1, 2, 0, 1), (2, 5, 3, 7), (0, 1, 0, 9), (-1, 1, 2, -2), (0, 0, 0, 0)):
            (y,) = m(x, np.array(pads, np.int64))
            np.testing.assert_array_equal(y, numpy_pad(x, pads, mode))


def affine_grid(theta, size, align):
    # NumPy reference: normalized positions, x along the last dim.
    spatial = size[2:]
    axes = []
    for s in spatial:
        i = np.arange(s, dtype=np.float64)
        axes.append((-1 + 2 * i / max(s - 1, 1)) if align else (-1 + (2 * i + 1) / s))
    grids = np.meshgrid(*axes, indexing="ij")  # z, y, x order of the dims
    base = np.stack(list(reversed(grids)) + [np.ones(spatial)], axis=-1)  # x, y, (z), 1
    return np.einsum("...j,nij->n...i", base.astype(np.float32), theta)


def test_run_time_affine_grid_sizes_compile_once(tmp_path):
    from onnx import helper, TensorProto as T
    rng = np.random.default_rng(0)
    for dims, sizes, align in ((2, ((2, 1, 3, 4), (2, 3, 1, 5)), 0),
                               (3, ((1, 1, 2, 3, 4), (1, 2, 4, 1, 2)), 1)):
        path = one_node_model(str(tmp_path / f"ag{dims}{align}.onnx"),
                              helper.make_node("AffineGrid", ["theta", "size"], ["y"],
                                               align_corners=align),
                              [("theta", T.FLOAT, [sizes[0][0], dims, dims + 1]),
                               ("size", T.INT64, [dims + 2])], dims + 2, 20)
        m = dlc.compile(path, threads=1)
        theta = rng.uniform(-1, 1, (sizes[0][0], dims, dims + 1)).astype(np.float32)
        for size in sizes:
            (y,) = m(theta, np.array(size, np.int64))
            want = affine_grid(theta, size, align)
            assert y.shape == want.shape
            np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-6)


def test_run_time_max_unpool_output_shape_compiles_once(tmp_path):
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "unpool.onnx"),
                          helper.make_node("MaxUnpool", ["x", "i", "shape"], ["y"],
                                           kernel_shape=[2, 2], strides=[2, 2]),
                          [("x", T.FLOAT, [1, 1, 2, 2]), ("i", T.INT64, [1, 1, 2, 2]),
                           ("shape", T.INT64, [4])], 4, 11)
    m = dlc.compile(path, threads=1)
    x = np.array([[[[1, 2], [3, 4]]]], np.float32)
    i = np.array([[[[0, 3], [9, 14]]]], np.int64)  # flat positions in the 4 x 4 unpooled plane
    for shape in ((1, 1, 4, 4), (1, 1, 5, 6)):
        (y,) = m(x, i, np.array(shape, np.int64))
        want = np.zeros(shape, np.float32)
        want[0, 0, :4, :4].flat[i.ravel()] = x.ravel()
        np.testing.assert_array_equal(y, want)


def test_run_time_dft_axis_compiles_once(tmp_path):
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "dft.onnx"), helper.make_node("DFT", ["x", "", "axis"], ["y"]),
                          [("x", T.FLOAT, [3, 4, 5, 2]), ("axis", T.INT64, [])], 4, 20)
    m = dlc.compile(path, threads=1)
    rng = np.random.default_rng(1)
    x = rng.uniform(-1, 1, (3, 4, 5, 2)).astype(np.float32)
    z = x[..., 0] + 1j * x[..., 1].astype(np.float64)
    for axis in (0, 1, -2):
        (y,) = m(x, np.array(axis, np.int64))
        want = np.fft.fft(z, axis=axis % 4)  # of the rank-4 input
        np.testing.assert_allclose(y, np.stack([want.real, want.imag], -1).astype(np.float32),
                                   rtol=1e-5, atol=1e-5)


def test_run_time_dft_axis_resizing_compiles_once(tmp_path):
    # irfft resizes the dim the axis names: every dim it may name is `?`.
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "irfft.onnx"),
                          helper.make_node("DFT", ["x", "", "axis"], ["y"], inverse=1, onesided=1),
                          [("x", T.FLOAT, [2, 3, 4, 2]), ("axis", T.INT64, [])], 4, 20)
    m = dlc.compile(path, threads=1)
    assert m.outputs[0].shape == (None, None, None, 1)
    rng = np.random.default_rng(6)
    x = rng.uniform(-1, 1, (2, 3, 4, 2)).astype(np.float32)
    z = x[..., 0] + 1j * x[..., 1].astype(np.float64)
    for axis in (0, 1, -2):
        (y,) = m(x, np.array(axis, np.int64))
        a = axis % 4
        want = np.fft.irfft(z, 2 * (z.shape[a] - 1), axis=a)[..., None]
        np.testing.assert_allclose(y, want.astype(np.float32), rtol=1e-5, atol=1e-6)


def test_run_time_dft_axis_and_length_compile_once(tmp_path):
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "rfft.onnx"),
                          helper.make_node("DFT", ["x", "n", "axis"], ["y"], onesided=1),
                          [("x", T.FLOAT, [3, 4, 5, 1]), ("n", T.INT64, []),
                           ("axis", T.INT64, [])], 4, 20)
    m = dlc.compile(path, threads=1)
    rng = np.random.default_rng(7)
    x = rng.uniform(-1, 1, (3, 4, 5, 1)).astype(np.float32)
    # Truncated, zero-padded and same-length transforms along each dim.
    for axis, n in ((0, 2), (1, 6), (-2, 5)):
        (y,) = m(x, np.array(n, np.int64), np.array(axis, np.int64))
        want = np.fft.rfft(x[..., 0].astype(np.float64), n, axis=axis % 4)
        np.testing.assert_allclose(y, np.stack([want.real, want.imag], -1).astype(np.float32),
                                   rtol=1e-5, atol=1e-6)


def test_run_time_dft_axis_out_of_range_is_an_error(tmp_path):
    # The complex dim, past the rank, below -rank, and (irfft of one
    # frequency: a transform of length 0) a dim the transform cannot take.
    from onnx import helper, TensorProto as T
    for onesided, axes in ((0, (3, -1, 4, -5)), (1, (0,))):
        path = one_node_model(str(tmp_path / f"dft{onesided}.onnx"),
                              helper.make_node("DFT", ["x", "", "axis"], ["y"], inverse=1,
                                               onesided=onesided, name="dft"),
                              [("x", T.FLOAT, [1, 3, 4, 2]), ("axis", T.INT64, [])], 4, 20)
        m = dlc.compile(path, threads=1)
        x = np.ones((1, 3, 4, 2), np.float32)
        for axis in axes:
            try:
                m(x, np.array(axis, np.int64))
            except dlc.Error as e:
                assert "an input value outside what its op accepts at 'dft'" in str(e), str(e)
            else:
                raise AssertionError("axis %d ran" % axis)
        m(x, np.array(1, np.int64))


def test_run_time_stft_frame_step_compiles_once(tmp_path):
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "stft.onnx"),
                          helper.make_node("STFT", ["signal", "step", "window"], ["y"]),
                          [("signal", T.FLOAT, [1, 16, 1]), ("step", T.INT64, []),
                           ("window", T.FLOAT, [4])], 4, 17)
    m = dlc.compile(path, threads=1)
    rng = np.random.default_rng(2)
    signal = rng.uniform(-1, 1, (1, 16, 1)).astype(np.float32)
    window = np.hanning(4).astype(np.float32)
    for step in (3, 5):
        (y,) = m(signal, np.array(step, np.int64), window)
        frames = (16 - 4) // step + 1
        want = np.stack([np.fft.rfft(signal[0, f * step:f * step + 4, 0] * window)
                         for f in range(frames)])[None]
        assert y.shape == (1, frames, 3, 2)
        np.testing.assert_allclose(y, np.stack([want.real, want.imag], -1), rtol=1e-5, atol=1e-5)


def numpy_col2im(x, image, block, strides):
    # Each block position's values summed into the image at l * stride + k.
    n, ck, _ = x.shape
    k = int(np.prod(block))
    blocks = [(i - b) // s + 1 for i, b, s in zip(image, block, strides)]
    y = np.zeros((n, ck // k) + tuple(image), x.dtype)
    cols = x.reshape(n, ck // k, *block, *blocks)
    for kk in np.ndindex(*block):
        for ll in np.ndindex(*blocks):
            at = tuple(l * s + b for l, s, b in zip(ll, strides, kk))
            y[(slice(None), slice(None)) + at] += cols[(slice(None), slice(None)) + kk + ll]
    return y


def test_run_time_col2im_shapes_compile_once(tmp_path):
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "col2im.onnx"),
                          helper.make_node("Col2Im", ["x", "image", "block"], ["y"], strides=[1, 2]),
                          [("x", T.FLOAT, [1, 6, 4]), ("image", T.INT64, [2]),
                           ("block", T.INT64, [2])], 4, 18)
    m = dlc.compile(path, threads=1)
    x = np.arange(24, dtype=np.float32).reshape(1, 6, 4)
    # 6 channels x blocks: 3 channels of 1 x 2 blocks at 4 x 1 positions on
    # a 4 x 2 image, or 1 channel of 2 x 3 blocks at 2 x 2 on 3 x 5.
    for image, block in (((4, 2), (1, 2)), ((3, 5), (2, 3))):
        (y,) = m(x, np.array(image, np.int64), np.array(block, np.int64))
        np.testing.assert_array_equal(y, numpy_col2im(x, image, block, (1, 2)))


def test_run_time_stft_frame_length_compiles_once(tmp_path):
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "stft_length.onnx"),
                          helper.make_node("STFT", ["signal", "step", "", "length"], ["y"]),
                          [("signal", T.FLOAT, [1, 16, 1]), ("step", T.INT64, []),
                           ("length", T.INT64, [])], 4, 17)
    m = dlc.compile(path, threads=1)
    rng = np.random.default_rng(3)
    signal = rng.uniform(-1, 1, (1, 16, 1)).astype(np.float32)
    for step, length in ((2, 4), (3, 7)):
        (y,) = m(signal, np.array(step, np.int64), np.array(length, np.int64))
        frames = (16 - length) // step + 1
        want = np.stack([np.fft.rfft(signal[0, f * step:f * step + length, 0])
                         for f in range(frames)])[None]
        assert y.shape == (1, frames, length // 2 + 1, 2)
        np.testing.assert_allclose(y, np.stack([want.real, want.imag], -1), rtol=1e-5, atol=1e-5)


def numpy_mel(bins, length, rate, low, high):
    # ONNX's reference: float32 mel edges, points floored to DFT bins.
    low_mel = np.float32(2595) * np.log10(np.float32(1) + np.float32(low) / np.float32(700))
    high_mel = np.float32(2595) * np.log10(np.float32(1) + np.float32(high) / np.float32(700))
    step = (high_mel - low_mel) / np.float32(bins + 2)
    hz = 700 * (10 ** ((np.arange(bins + 2) * np.float64(step) + np.float64(low_mel)) / 2595) - 1)
    points = np.floor((length + 1) * hz / rate).astype(np.int64)
    w = np.zeros((length // 2 + 1, bins))
    for i in range(bins):
        left, center, right = points[i:i + 3]
        for j in range(max(left, 0), min(center + 1, length // 2 + 1)):
            w[j, i] = 1 if center == left else (j - left) / (center - left)
        for j in range(max(center, 0), min(right, length // 2 + 1)):
            w[j, i] = (right - j) / (right - center)
    return w.astype(np.float32)


def test_run_time_mel_weight_matrix_compiles_once(tmp_path):
    from onnx import helper, TensorProto as T
    path = one_node_model(str(tmp_path / "mel.onnx"),
                          helper.make_node("MelWeightMatrix", ["b", "l", "r", "lo", "hi"], ["y"]),
                          [("b", T.INT64, []), ("l", T.INT64, []), ("r", T.INT64, []),
                           ("lo", T.FLOAT, []), ("hi", T.FLOAT, [])], 2, 17)
    m = dlc.compile(path, threads=1)
    for bins, length, rate, low, high in ((8, 16, 8192, 0, 4096), (5, 32, 16000, 100, 7000)):
        (y,) = m(np.array(bins, np.int64), np.array(length, np.int64), np.array(rate, np.int64),
                 np.array(low, np.float32), np.array(high, np.float32))
        np.testing.assert_allclose(y, numpy_mel(bins, length, rate, low, high), rtol=1e-6, atol=1e-7)


def test_run_time_dft_length_compiles_once(tmp_path):
    from onnx import helper, TensorProto as T
    rng = np.random.default_rng(4)
    x = rng.uniform(-1, 1, (2, 6, 2)).astype(np.float32)
    z = x[..., 0] + 1j * x[..., 1].astype(np.float64)
    # (inverse, onesided, input parts, numpy reference of length n)
    kinds = ((0, 0, 2, lambda n: np.fft.fft(z, n, axis=1)),
             (0, 1, 1, lambda n: np.fft.rfft(x[..., 0].astype(np.float64), n, axis=1)),
             (1, 0, 2, lambda n: np.fft.ifft(z, n, axis=1)),
             (1, 1, 2, lambda n: np.fft.irfft(z[:, :n // 2 + 1], n, axis=1)))
    for inverse, onesided, parts, ref in kinds:
        path = one_node_model(str(tmp_path / f"dft{inverse}{onesided}.onnx"),
                              helper.make_node("DFT", ["x", "n"], ["y"], inverse=inverse,
                                               onesided=onesided, axis=1),
                              [("x", T.FLOAT, [2, 6, parts]), ("n", T.INT64, [])], 3, 17)
        m = dlc.compile(path, threads=1)
        # Shorter than the signal (truncated) and longer (zero-padded).
        for n in (4, 9):
            (y,) = m(x[..., :parts].copy(), np.array(n, np.int64))
            want = ref(n)
            want = want[..., None] if inverse and onesided else np.stack([want.real, want.imag], -1)
            np.testing.assert_allclose(y, want.astype(np.float32), rtol=1e-5, atol=1e-5)
