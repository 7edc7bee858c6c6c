"""PyTorch 1.13 exports with a dynamic batch (test/models/Inputs/torch_*/
dynamic, encoder), each compiled once and run at every batch (and, for the
encoder, every sequence length) of the saved inputs, against PyTorch's
outputs."""
import os

import numpy as np
import pytest

import dlc

INPUTS = os.path.join(os.environ["DLC_TEST_SRC"], "test", "models", "Inputs")


@pytest.mark.parametrize("model,shape", [
    ("torch_vit/dynamic", (None, 3, 16, 16)),
    ("torch_rnn/dynamic", (None, 5, 6)),
    ("torch_vit/encoder", (None, None, 16)),
])
def test_one_compile_every_batch(model, shape):
    d = os.path.join(INPUTS, model)
    m = dlc.compile(os.path.join(d, "model.onnx"), threads=1)
    assert m.inputs[0].shape == shape
    sizes = set()
    for k in range(3):
        x = np.load(os.path.join(d, "input_%d.npy" % k))
        want = np.load(os.path.join(d, "output_%d.npy" % k))
        (y,) = m(x)
        assert y.shape == want.shape
        np.testing.assert_allclose(y, want, rtol=1e-3, atol=1e-4)
        sizes.add(x.shape[:2])
    assert len(sizes) == 3
