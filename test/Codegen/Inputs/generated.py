"""What the generated test models share: seeded weights and inputs, and the
dense_resource blobs that hold their weights."""
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
