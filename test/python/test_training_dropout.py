"""Training-mode Dropout (lib/Onnx/TrainingDropout.c): training_mode and
ratio fed at run time, one compile for every value. The mask is random, so
what is checked is what must hold of any mask: the dropped fraction is
near the ratio, kept elements are x * float32(1 / (1 - ratio)) exactly and
dropped ones 0, the same seed gives the same mask, and training off or a
ratio of 0 is the identity."""
import numpy as np
import pytest

import dlc


def dropout_model(path, x_shape, seed=5, constant_mode=None):
    # Dropout(x, r, t) -> y, mask; t a graph input unless `constant_mode`.
    import onnx
    from onnx import helper, numpy_helper, TensorProto as T
    attrs = {} if seed is None else {"seed": seed}
    node = helper.make_node("Dropout", ["x", "r", "t"], ["y", "mask"], name="dropout", **attrs)
    inputs = [helper.make_tensor_value_info("x", T.FLOAT, x_shape),
              helper.make_tensor_value_info("r", T.FLOAT, [])]
    inits = []
    if constant_mode is None:
        inputs.append(helper.make_tensor_value_info("t", T.BOOL, []))
    else:
        inits.append(numpy_helper.from_array(np.array(constant_mode), "t"))
    outputs = [helper.make_tensor_value_info("y", T.FLOAT, x_shape),
               helper.make_tensor_value_info("mask", T.BOOL, x_shape)]
    graph = helper.make_graph([node], "g", inputs, outputs, inits)
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    m.ir_version = 8
    onnx.save(m, path)
    return path


SHAPE = (32, 64, 32)  # 65536 elements: the dropped fraction's sd is < 0.002


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    return dlc.compile(dropout_model(str(tmp_path_factory.mktemp("d") / "dropout.onnx"), SHAPE),
                       threads=1)


def data():
    # No zeros, so a dropped element shows as y == 0.
    x = np.random.default_rng(8).uniform(0.5, 2, SHAPE).astype(np.float32)
    x[::2] *= -1
    return x


def run(m, x, ratio, training):
    return m(x, np.array(ratio, np.float32), np.array(training))


def test_dropped_fraction_near_ratio_and_kept_scaled_exactly(model):
    x = data()
    for ratio in (0.1, 0.5, 0.75):
        y, mask = run(model, x, ratio, True)
        assert abs(1 - mask.mean() - ratio) < 0.01, (ratio, mask.mean())
        scale = np.float32(1 / (1 - np.float64(np.float32(ratio))))
        np.testing.assert_array_equal(y[mask], x[mask] * scale)
        np.testing.assert_array_equal(y[~mask], 0)
        # x * 0: a dropped negative element is -0, as ONNX's reference.
        assert np.all(np.signbit(y[~mask]) == np.signbit(x[~mask]))


def test_same_seed_same_mask_and_masks_nest(model):
    x = data()
    _, a = run(model, x, 0.5, True)
    _, b = run(model, x, 0.5, True)
    np.testing.assert_array_equal(a, b)
    # One draw per element: a larger ratio drops a superset.
    _, c = run(model, x, 0.75, True)
    assert np.all(c <= a) and c.sum() < a.sum()
    # Neighbours are not correlated: about half agree.
    assert abs((a[:, :, 1:] == a[:, :, :-1]).mean() - 0.5) < 0.02


def test_identity_without_training_or_ratio(model):
    x = data()
    for ratio, training in ((0.0, True), (0.5, False), (1.5, False)):
        y, mask = run(model, x, ratio, training)
        np.testing.assert_array_equal(y, x)
        assert mask.all()


def test_ratio_outside_unit_interval_in_training_is_an_error(model):
    x = data()
    for ratio in (1.0, -0.25, float("nan")):
        with pytest.raises(dlc.Error, match="outside what its op accepts at 'dropout'"):
            run(model, x, ratio, True)


def test_other_seed_other_mask_constant_mode_same_code(tmp_path, model):
    x = data()
    _, a = run(model, x, 0.5, True)
    other = dlc.compile(dropout_model(str(tmp_path / "seed6.onnx"), SHAPE, seed=6), threads=1)
    _, b = run(other, x, 0.5, True)
    assert abs((a == b).mean() - 0.5) < 0.02
    # training_mode a constant true: the same draws as fed at run time.
    fixed = dlc.compile(dropout_model(str(tmp_path / "fixed.onnx"), SHAPE, constant_mode=True),
                        threads=1)
    y, c = fixed(x, np.array(0.5, np.float32))
    np.testing.assert_array_equal(c, a)


def test_dynamic_dim_draws_depend_on_coordinates_only(tmp_path):
    # The draw of element (i, j) does not depend on how many rows there are.
    m = dlc.compile(dropout_model(str(tmp_path / "dyn.onnx"), [None, 16]), threads=1)
    x = np.ones((6, 16), np.float32)
    _, big = m(x, np.array(0.5, np.float32), np.array(True))
    _, small = m(x[:4].copy(), np.array(0.5, np.float32), np.array(True))
    assert big.shape == (6, 16) and small.shape == (4, 16)
    np.testing.assert_array_equal(small, big[:4])


def test_graph_optimizations_keep_the_draws(tmp_path):
    # The draws do not depend on x: constant folding may compute them.
    path = dropout_model(str(tmp_path / "small.onnx"), [3, 4, 5])
    x = np.ones((3, 4, 5), np.float32)
    args = (x, np.array(0.5, np.float32), np.array(True))
    _, a = dlc.compile(path, threads=1)(*args)
    _, b = dlc.compile(path, threads=1, optimize=False)(*args)
    np.testing.assert_array_equal(a, b)
