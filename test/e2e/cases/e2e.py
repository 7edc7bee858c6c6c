"""End-to-end numeric tests of dlc_graph ops.

Each case is one op applied to seeded random inputs: the case is written as a
dlc_graph function, compiled and run by `dlc-run` (JIT), and its outputs are
compared with a reference computed here with NumPy, independently of DLC.
Family scripts (elementwise.py, conv.py, ...) build lists of cases and call
run(); the lit tests in test/e2e/*.test run those scripts.

With --differential, each case is compiled twice, with the default fast code
and with --codegen=naive (one scalar loop nest per op, the reference path);
both must match NumPy and the fast code must match the naive code's outputs:
a bug in a schedule shows up as a difference between DLC's two code
generators, not only against NumPy. With --no-optimize,
cases compile without the graph optimizations (dlc-run --no-optimize): a
value a graph rewrite computes must equal the one the lowering computes.
"""

import concurrent.futures
import os
import subprocess
import sys
import tempfile

import numpy as np

DIFFERENTIAL = "--differential" in sys.argv
NO_OPTIMIZE = "--no-optimize" in sys.argv
# --python[=N]: every Nth case (default every case) compiled and run
# in-process through the Python package (dlc.compile on the case's MLIR
# text) instead of dlc-run, compared with NumPy here.
PYTHON_EVERY = next((int(a.partition("=")[2] or 1) for a in sys.argv
                     if a.split("=")[0] == "--python"), 0)

MLIR_ELT = {
    np.dtype(np.float32): "f32", np.dtype(np.float64): "f64",
    np.dtype(np.int8): "i8", np.dtype(np.int16): "i16",
    np.dtype(np.int32): "i32", np.dtype(np.int64): "i64",
    np.dtype(np.uint8): "ui8", np.dtype(np.uint16): "ui16",
    np.dtype(np.uint32): "ui32", np.dtype(np.uint64): "ui64",
    np.dtype(np.bool_): "i1",
}
FLOATS = [np.float32, np.float64]
SIGNED_INTS = [np.int8, np.int16, np.int32, np.int64]
UNSIGNED_INTS = [np.uint8, np.uint16, np.uint32, np.uint64]
INTS = SIGNED_INTS + UNSIGNED_INTS
NUMERIC = FLOATS + INTS
ALL = NUMERIC + [np.bool_]


def tensor_type(shape, dtype):
    dims = "".join("%dx" % d for d in shape)
    return "tensor<%s%s>" % (dims, MLIR_ELT[np.dtype(dtype)])


def attr(value):
    """A Python value as an MLIR attribute of the kind DLC's op tables use."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return "%d : i64" % value
    if isinstance(value, float):
        return "%.9e : f32" % value  # MLIR float literals need a '.'
    if isinstance(value, str):
        return '"%s"' % value
    if isinstance(value, (list, tuple)):
        return "array<i64%s>" % "".join((": " if i == 0 else ", ") + str(int(v))
                                        for i, v in enumerate(value))
    raise TypeError(value)


class Raw:
    """An attribute written verbatim (types, dense constants)."""

    def __init__(self, text):
        self.text = text


class Case:
    """One op on given inputs with expected outputs.

    `inputs` are arrays (None for an absent optional operand), `expected`
    the reference outputs (None for an absent optional result). Ops with more
    than one optional operand (result) need `operand_segments`
    (`result_segments`): the segment sizes are then derived from the Nones."""

    def __init__(self, name, op, inputs, expected, attrs=None, rtol=1e-4, atol=1e-5,
                 operand_segments=False, result_segments=False):
        self.name, self.op = name, op
        self.inputs, self.expected = inputs, expected
        self.attrs = dict(attrs or {})
        self.rtol, self.atol = rtol, atol
        self.operand_segments, self.result_segments = operand_segments, result_segments

    def mlir(self):
        args = [x for x in self.inputs if x is not None]
        outs = [y for y in self.expected if y is not None]
        attrs = dict(self.attrs)
        if self.operand_segments:
            attrs["operandSegmentSizes"] = Raw("array<i32: %s>" % ", ".join(
                "0" if x is None else "1" for x in self.inputs))
        if self.result_segments:
            attrs["resultSegmentSizes"] = Raw("array<i32: %s>" % ", ".join(
                "0" if y is None else "1" for y in self.expected))
        in_types = [tensor_type(x.shape, x.dtype) for x in args]
        out_types = [tensor_type(y.shape, y.dtype) for y in outs]
        attr_text = ""
        if attrs:
            attr_text = " {%s}" % ", ".join("%s = %s" % (k, attr(v)) for k, v in attrs.items())
        results = ", ".join("%%r%d" % i for i in range(len(outs)))
        lines = [
            "func.func @main(%s) -> (%s) {" % (
                ", ".join("%%a%d: %s" % (i, t) for i, t in enumerate(in_types)),
                ", ".join(out_types)),
            '  %s = "dlc_graph.%s"(%s)%s : (%s) -> (%s)' % (
                results, self.op, ", ".join("%%a%d" % i for i in range(len(args))), attr_text,
                ", ".join(in_types), ", ".join(out_types)),
            "  return %s : %s" % (results, ", ".join(out_types)),
            "}",
        ]
        return "\n".join(lines) + "\n"


def random(rng, shape, dtype, low=None, high=None):
    """Seeded inputs with negative values (where the type has them)."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if dtype.kind == "f":
        lo = -4.0 if low is None else low
        hi = 4.0 if high is None else high
        return (lo + (hi - lo) * rng.random(shape)).astype(dtype)
    info = np.iinfo(dtype)
    lo = max(info.min, -100 if low is None else low)
    hi = min(info.max, 100 if high is None else high)
    return rng.integers(lo, hi, size=shape, endpoint=True).astype(dtype)


def _dlc_run(args):
    proc = subprocess.run(["dlc-run"] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, timeout=300)
    return proc.returncode, proc.stdout


def _run_one(case, workdir):
    d = os.path.join(workdir, case.name)
    os.makedirs(d)
    model = os.path.join(d, "model.mlir")
    with open(model, "w") as f:
        f.write(case.mlir())
    args = [model, "--rtol", repr(case.rtol), "--atol", repr(case.atol)]
    if NO_OPTIMIZE:
        args.append("--no-optimize")
    for i, x in enumerate(x for x in case.inputs if x is not None):
        path = os.path.join(d, "input_%d.npy" % i)
        np.save(path, np.asarray(x, order="C"))
        args += ["--input", path]
    expected = [y for y in case.expected if y is not None]
    wanted = []
    for i, y in enumerate(expected):
        path = os.path.join(d, "output_%d.npy" % i)
        np.save(path, np.asarray(y, order="C"))
        wanted.append(path)
    expects = [a for path in wanted for a in ("--expect", path)]
    if not DIFFERENTIAL:
        rc, out = _dlc_run(args + expects)
        return case, rc, out, model
    # Both code generators against NumPy, then the fast code's outputs
    # against the naive code's: a schedule bug shows as a difference between
    # the two even where both stay within the reference's tolerance.
    outputs = {}
    for codegen in ("naive", "fast"):
        outputs[codegen] = os.path.join(d, codegen)
        rc, out = _dlc_run(args + expects + ["--codegen=" + codegen, "-o", outputs[codegen]])
        if rc != 0:
            return case, rc, "--codegen=%s:\n%s" % (codegen, out), model
    for i in range(len(expected)):
        naive, fast = (np.load(os.path.join(outputs[c], "output_%d.npy" % i))
                       for c in ("naive", "fast"))
        problem = _mismatch_one(case, i, fast, naive)
        if problem:
            return case, 1, "fast code against naive code: %s\n" % problem, model
    return case, 0, "", model


def _mismatch(case, outputs):
    """What differs between `outputs` and the case's expected arrays, with
    dlc-run's rule: exact for integers and bools, rtol/atol for floats,
    NaN matching NaN; None when they match."""
    expected = [y for y in case.expected if y is not None]
    if len(outputs) != len(expected):
        return "%d outputs, expected %d" % (len(outputs), len(expected))
    for i, (got, want) in enumerate(zip(outputs, expected)):
        problem = _mismatch_one(case, i, got, want)
        if problem:
            return problem
    return None


def _mismatch_one(case, i, got, want):
    want = np.asarray(want)
    if got.dtype != want.dtype or got.shape != want.shape:
        return "output %d: %s%s, expected %s%s" % (i, got.dtype, got.shape, want.dtype,
                                                   want.shape)
    same = (np.allclose(got, want, rtol=case.rtol, atol=case.atol, equal_nan=True)
            if want.dtype.kind == "f" else np.array_equal(got, want))
    if not same:
        return "output %d differs:\n%s\nexpected:\n%s" % (i, got, want)
    return None


def _run_in_python(cases):
    import dlc  # the package of this build: PYTHONPATH and DLC_LIBRARY
    failed = 0
    for case in cases:
        try:
            module = dlc.compile(case.mlir(), threads=1, optimize=not NO_OPTIMIZE)
            problem = _mismatch(case, module(*[x for x in case.inputs if x is not None]))
        except dlc.Error as e:
            problem = "dlc.Error: %s" % e
        if problem:
            failed += 1
            print("FAIL %s (python)\n%s\n--- model:\n%s" % (case.name, problem, case.mlir()))
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    sys.exit(1 if failed else 0)


def run(cases, jobs=2):
    """Runs every case; prints failures and `N passed, M failed`; exits 1 on
    any failure."""
    names = [c.name for c in cases]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        sys.exit("duplicate case names: %s" % sorted(dup))
    if PYTHON_EVERY:
        _run_in_python(cases[::PYTHON_EVERY])
    failed = 0
    with tempfile.TemporaryDirectory(prefix="dlc-e2e-") as workdir:
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for case, rc, out, model in pool.map(lambda c: _run_one(c, workdir), cases):
                if rc != 0:
                    failed += 1
                    print("FAIL %s (exit %d)\n%s--- model:\n%s" % (
                        case.name, rc, out, open(model).read()))
    print("%d passed, %d failed" % (len(cases) - failed, failed))
    sys.exit(1 if failed else 0)
