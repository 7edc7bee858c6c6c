"""The dense_resource blobs of a generated test model."""


def dialect_resources(weights):
    """The module's `{-# dialect_resources #-}` section holding each float32
    array of `weights` (name -> array) as the blob of that name."""
    blobs = ",\n".join('      %s: "0x04000000%s"' % (k, v.tobytes().hex().upper())
                       for k, v in weights.items())
    return "{-#\n  dialect_resources: {\n    builtin: {\n" + blobs + "\n    }\n  }\n#-}\n"
