#!/usr/bin/python3
"""ONNX Cast to and from the low-precision types, end to end, bit for bit.

usage: lowp_cast.py OUTDIR FAMILY   (FAMILY: float8, e8m0, int4, int2, float4)

For each type a model of Casts (opset 25) and its inputs are written as ONNX
files, `dlc-run MODEL --input X.pb ... -o DIR` runs it, and the outputs'
bytes are compared with a reference computed here with NumPy alone: the
codes of each format are decoded from their bit fields, and a float is
encoded as the nearest code (ties to the even code) by searching them all,
which is independent of DLC's integer rounding. Prints one line per case and
`N passed, M failed`.
"""
import os
import subprocess
import sys

import numpy as np
import onnx
from onnx import helper

FLOAT = 1
# name: (onnx type, exponent bits, mantissa bits, bias, kind), kind: fn (NaN
# is all ones, no inf), fnuz (NaN is 0x80, no -0, no inf), ieee (e5m2),
# e2m1 (no NaN, no inf).
FLOAT8 = {
    "FLOAT8E4M3FN": (17, 4, 3, 7, "fn"),
    "FLOAT8E4M3FNUZ": (18, 4, 3, 8, "fnuz"),
    "FLOAT8E5M2": (19, 5, 2, 15, "ieee"),
    "FLOAT8E5M2FNUZ": (20, 5, 2, 16, "fnuz"),
}
FLOAT4 = {"FLOAT4E2M1": (23, 2, 1, 1, "e2m1")}
INTS = {"INT4": (22, 4, True), "UINT4": (21, 4, False), "INT2": (26, 2, True), "UINT2": (25, 2, False)}
PACKED = {21: 4, 22: 4, 23: 4, 25: 2, 26: 2}


def decode(code, ebits, mbits, bias, kind):
    """The float64 value of a code (NaN for NaN codes)."""
    width = 1 + ebits + mbits
    sign = -1.0 if (code >> (width - 1)) & 1 else 1.0
    e = (code >> mbits) & ((1 << ebits) - 1)
    m = code & ((1 << mbits) - 1)
    if kind == "fn" and e == (1 << ebits) - 1 and m == (1 << mbits) - 1:
        return np.nan
    if kind == "fnuz" and code == 1 << (width - 1):
        return np.nan
    if kind == "ieee" and e == (1 << ebits) - 1:
        return sign * np.inf if m == 0 else np.nan
    if e == 0:
        return sign * np.ldexp(float(m), 1 - bias - mbits)
    return sign * np.ldexp(float(m | (1 << mbits)), e - bias - mbits)


def encode(x, ebits, mbits, bias, kind, saturate):
    """The code of float32 x: the nearest finite code, ties to the even one."""
    width = 1 + ebits + mbits
    signbit = 1 << (width - 1)
    x = float(x)
    negative = np.signbit(x)
    if np.isnan(x):
        return {"fn": signbit * negative | 0x7f, "fnuz": 0x80, "ieee": signbit * negative | 0x7e,
                "e2m1": 0x8}[kind]
    codes = [c for c in range(signbit) if not np.isnan(decode(c, ebits, mbits, bias, kind))
             and not np.isinf(decode(c, ebits, mbits, bias, kind))]
    top = max(codes)
    values = [decode(c, ebits, mbits, bias, kind) for c in codes]
    # One code above the largest, one step further: a value rounding to it
    # overflows.
    step = values[-1] - values[-2]
    codes.append(top + 1)
    values.append(values[-1] + step)
    a = abs(x)
    if a >= values[-1]:  # infinity too
        code = top + 1
    else:
        dist = [abs(a - v) for v in values]
        best = min(dist)
        ties = [c for c, d in zip(codes, dist) if d == best]
        code = ties[0] if len(ties) == 1 else [c for c in ties if c % 2 == 0][0]
    if code > top:
        if saturate or kind == "e2m1":
            code = top
        elif kind == "ieee":
            code = (1 << ebits) - 1 << mbits
        else:
            return 0x80 if kind == "fnuz" else signbit * negative | 0x7f
    if kind == "fnuz" and code == 0:
        return 0
    return signbit * negative | code


def edge_values(ebits, mbits, bias, kind):
    """Zeros, NaN, infinities, the largest value and the overflow tie, the
    smallest normal and subnormal, ties between subnormals, and a spread."""
    fmt = (ebits, mbits, bias, kind)
    width = 1 + ebits + mbits
    finite = [decode(c, *fmt) for c in range(1 << (width - 1))]
    finite = [v for v in finite if np.isfinite(v)]
    big, prev = finite[-1], finite[-2]
    tiny = np.ldexp(1.0, 1 - bias - mbits)
    vals = [0.0, -0.0, np.nan, np.inf, -np.inf, big, -big, big + (big - prev) / 2,
            big + (big - prev) / 2 * 0.99, big + (big - prev) / 2 * 1.01, 1e30, -1e30,
            np.ldexp(1.0, 1 - bias), tiny, -tiny, tiny / 2, tiny * 1.5, tiny * 2.5, tiny / 3,
            np.ldexp(1.0, 1 - bias) - tiny / 2, 1.0, -1.0, 1e-30, 0.3, -2.7, 3.14159]
    rng = np.random.default_rng(7)
    vals += list(rng.uniform(-big, big, 12)) + list(rng.uniform(-4, 4, 12))
    return np.array(vals, dtype=np.float32)


def tensor(name, onnx_type, codes):
    """A TensorProto of raw codes, packed as ONNX packs 4- and 2-bit types."""
    codes = np.asarray(codes, dtype=np.uint8)
    bits = PACKED.get(onnx_type)
    if bits:
        per = 8 // bits
        padded = np.zeros(-(-len(codes) // per) * per, dtype=np.uint8)
        padded[:len(codes)] = codes & ((1 << bits) - 1)
        raw = np.zeros(len(padded) // per, dtype=np.uint8)
        for k in range(per):
            raw |= padded[k::per] << (bits * k)
        data = raw.tobytes()
    else:
        data = codes.tobytes()
    t = onnx.TensorProto()
    t.name, t.data_type, t.raw_data = name, onnx_type, data
    t.dims.append(len(codes))
    return t


def float_tensor(name, values):
    t = onnx.TensorProto()
    t.name, t.data_type = name, FLOAT
    t.raw_data = np.asarray(values, dtype=np.float32).tobytes()
    t.dims.append(len(values))
    return t


def casts_model(inputs, casts):
    """One Cast node per entry of `casts`: (input name, output name, from
    type, to type, attributes); `inputs`: (name, type, length)."""
    lengths = {name: n for name, _, n in inputs}
    nodes = [helper.make_node("Cast", [i], [o], name=o, to=dst, **attrs) for i, o, _, dst, attrs in casts]
    g = helper.make_graph(nodes, "casts", [helper.make_tensor_value_info(n, t, [k]) for n, t, k in inputs],
                          [helper.make_tensor_value_info(o, dst, [lengths[i]]) for i, o, _, dst, _ in casts])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 25)])
    m.ir_version = 11
    return m


def run(out, name, model, xs):
    """Runs the model on the tensors xs with dlc-run: its outputs, each a
    TensorProto (the types NumPy lacks) or a NumPy array; or an error."""
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    onnx.save(model, os.path.join(d, "model.onnx"))
    args = ["dlc-run", os.path.join(d, "model.onnx"), "-o", os.path.join(d, "out")]
    for k, x in enumerate(xs):
        with open(os.path.join(d, f"x{k}.pb"), "wb") as f:
            f.write(x.SerializeToString())
        args += ["--input", os.path.join(d, f"x{k}.pb")]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        return None, r.stderr.strip()
    outs = []
    for k in range(len(model.graph.output)):
        path = os.path.join(d, "out", f"output_{k}")
        if os.path.exists(path + ".npy"):
            outs.append(np.load(path + ".npy"))
            continue
        t = onnx.TensorProto()
        with open(path + ".pb", "rb") as f:
            t.ParseFromString(f.read())
        outs.append(t)
    return outs, None


def check(name, ok, detail=""):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + detail))
    return ok


def same_floats(got, want):
    """Bit-equal float32s, any NaN matching any NaN."""
    got, want = np.asarray(got, np.float32), np.asarray(want, np.float32)
    nan = np.isnan(want)
    return bool((np.isnan(got) == nan).all() and
                (got.view(np.uint32)[~nan] == want.view(np.uint32)[~nan]).all())


def same_codes(label, got, otype, want):
    want_bytes = tensor("y", otype, want).raw_data
    return check(label, got.data_type == otype and got.raw_data == want_bytes,
                 f"got {got.raw_data.hex(' ')} want {want_bytes.hex(' ')}")


def float_family(out, formats):
    """Per format, one model: FLOAT to it saturating and not (float4 always
    saturates), and every code back to FLOAT."""
    results = []
    for tname, (otype, ebits, mbits, bias, kind) in formats.items():
        fmt = (ebits, mbits, bias, kind)
        x = edge_values(*fmt)
        codes = list(range(1 << (1 + ebits + mbits)))
        modes = (1, 0) if kind != "e2m1" else (1,)
        casts = [("x", f"to_{s}", FLOAT, otype, {"saturate": s}) for s in modes]
        casts.append(("c", "back", otype, FLOAT, {}))
        model = casts_model([("x", FLOAT, len(x)), ("c", otype, len(codes))], casts)
        outs, err = run(out, tname, model, [float_tensor("x", x), tensor("c", otype, codes)])
        if err:
            results.append(check(tname, False, err))
            continue
        for s, got in zip(modes, outs):
            results.append(same_codes(f"FLOAT to {tname} saturate={s}", got, otype,
                                      [encode(v, *fmt, s) for v in x]))
        want = [decode(c, *fmt) for c in codes]
        results.append(check(f"{tname} to FLOAT, every code", same_floats(outs[-1], want),
                             f"got {outs[-1]} want {want}"))
    return results


def e8m0_reference(v, mode, saturate):
    if np.isnan(v) or (np.isinf(v) and not saturate):
        return 0xff
    if np.isinf(v):
        return 0xfe
    # frexp: v = m * 2^e, m in [0.5, 1); the code of 2^(e-1) is e - 1 + 127,
    # moved up by the rounding.
    m, e = np.frexp(np.float64(v))
    code = 0 if v == 0 else e - 1 + 127
    frac = 2 * m - 1  # v / 2^(e-1) - 1, in [0, 1)
    if v != 0 and code < 1:  # a float32 subnormal: its exponent field is 0
        frac, code = float(v) / 2.0 ** -126, 0
    code += {"up": frac > 0, "down": False, "nearest": frac >= 0.5}[mode]
    if code > 0xfe:
        code = 0xfe if saturate else 0xff
    return code


def e8m0_family(out):
    x = np.array([0.0, 2.0 ** -127, 2.0 ** -126, 1e-40, 0.124, 0.125, 0.126, 0.75, 0.74, 1.0, 1.1,
                  1.5, 1.49, 3.0, 1e38, 2.0 ** 127, 2.0 ** 127 * 1.5, np.inf, np.nan], np.float32)
    modes = [(m, s) for m in ("up", "down", "nearest") for s in (1, 0)]
    casts = [("x", f"{m}_{s}", FLOAT, 24, {"saturate": s, "round_mode": m}) for m, s in modes]
    casts.append(("c", "back", 24, FLOAT, {}))
    model = casts_model([("x", FLOAT, len(x)), ("c", 24, 256)], casts)
    outs, err = run(out, "e8m0", model, [float_tensor("x", x), tensor("c", 24, list(range(256)))])
    if err:
        return [check("FLOAT8E8M0", False, err)]
    results = [same_codes(f"FLOAT to FLOAT8E8M0 round_mode={m} saturate={s}", got, 24,
                          [e8m0_reference(v, m, s) for v in x]) for (m, s), got in zip(modes, outs)]
    want = [np.nan if c == 255 else np.ldexp(1.0, c - 127) for c in range(256)]
    results.append(check("FLOAT8E8M0 to FLOAT, every code", same_floats(outs[-1], want),
                         f"got {outs[-1]} want {want}"))
    return results


def int_family(out, names):
    """Per type, one model: FLOAT to it, every code (an odd count, so the
    last byte is half used) to FLOAT and to INT8 or UINT8."""
    results = []
    for tname in names:
        otype, bits, signed = INTS[tname]
        # Casts from float truncate toward zero and keep the low bits (ONNX's
        # reference wraps: -9 becomes 7 in INT4).
        x = np.array([-9.0, -8.5, -8.0, -2.5, -1.0, -0.7, 0.0, 0.7, 1.0, 2.9, 7.0, 7.9, 8.0, 15.0,
                      16.0, 17.0, -3.0, 3.0, 2.0], np.float32)
        codes = list(range(1 << bits)) + [1]
        wide = 3 if signed else 2  # INT8 or UINT8
        model = casts_model([("x", FLOAT, len(x)), ("c", otype, len(codes))],
                            [("x", "to", FLOAT, otype, {}), ("c", "back", otype, FLOAT, {}),
                             ("c", "wide", otype, wide, {})])
        outs, err = run(out, tname, model, [float_tensor("x", x), tensor("c", otype, codes)])
        if err:
            results.append(check(tname, False, err))
            continue
        results.append(same_codes(f"FLOAT to {tname}", outs[0], otype,
                                  [int(np.trunc(v)) & ((1 << bits) - 1) for v in x]))
        want = [c - (1 << bits) if signed and c >> (bits - 1) else c for c in codes]
        results.append(check(f"{tname} to FLOAT, every code", same_floats(outs[1], want),
                             f"got {outs[1]} want {want}"))
        results.append(check(f"{tname} to {'INT8' if signed else 'UINT8'}", outs[2].tolist() == want,
                             f"got {outs[2]} want {want}"))
    return results


def main():
    out, family = sys.argv[1], sys.argv[2]
    if family == "float8":
        results = float_family(out, FLOAT8)
    elif family == "float4":
        results = float_family(out, FLOAT4)
    elif family == "e8m0":
        results = e8m0_family(out)
    elif family == "int4":
        results = int_family(out, ["INT4", "UINT4"])
    else:
        results = int_family(out, ["INT2", "UINT2"])
    print(f"{sum(results)} passed, {len(results) - sum(results)} failed")


if __name__ == "__main__":
    main()
