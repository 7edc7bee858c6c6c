"""What the generated test models share: seeded weights and inputs, the
constants of their weights and the dense_resource blobs that hold them."""
import os

import numpy as np


def seeded_floats(seed):
    """A function of dims giving float32 standard-normal arrays, from a
    generator seeded with `seed`."""
    rng = np.random.default_rng(seed)
    return lambda *dims: rng.standard_normal(dims).astype(np.float32)


def dialect_resources(weights):
    """The module's `{-# dialect_resources #-}` section holding each float32
    array of `weights` (name -> array) as the blob of that name."""
    blobs = ",\n".join('      %s: "0x04000000%s"' % (k, v.tobytes().hex().upper())
                       for k, v in weights.items())
    return "{-#\n  dialect_resources: {\n    builtin: {\n" + blobs + "\n    }\n  }\n#-}\n"


def save_inputs(out, inputs):
    """Each array of `inputs` as DIR/input_N.npy, in order."""
    for i, x in enumerate(inputs):
        np.save(os.path.join(out, "input_%d.npy" % i), x)


def tensor_type(*dims):
    """MLIR's f32 tensor type of `dims`."""
    return "tensor<%sxf32>" % "x".join(str(d) for d in dims)


def constants(weights):
    """An arith.constant per array of `weights` (name -> array), named by its
    key and holding the dense_resource blob of that name."""
    return "\n".join("  %%%s = arith.constant dense_resource<%s> : %s"
                     % (k, k, tensor_type(*v.shape)) for k, v in weights.items())
