"""End-to-end numeric tests of dlc_graph ops.

Each case is one op applied to seeded random inputs, written as a dlc_graph
function; its outputs are compared with a reference computed here with
NumPy, independently of DLC. Family scripts (elementwise.py, conv.py, ...)
build lists of cases and call run(); the lit tests in test/e2e/*.test run
those scripts.

Cases run in chunks (--chunk=N, default 32): the ops of N cases in one
dlc_graph function, whose arguments and results are all of theirs, compiled
and run by one `dlc-run` (JIT), each case's outputs compared here with its
own tolerances. A dlc-run process costs about a quarter of a second before
any real work (loading LLVM and MLIR, the fixed part of a compile), more
than a tiny case's own compile and run. A chunk that fails to compile or run
has its cases rerun one by one, and a case that differs in a chunk is rerun
alone, so that a FAIL names the case (and says when only the chunk fails).
--chunk=1 compiles every case on its own, as one model.

With --differential, each chunk is compiled twice, with the default fast
code and with --codegen=naive (one scalar loop nest per op, the reference
path); both must match NumPy and the fast code must match the naive code's
outputs: a bug in a schedule shows up as a difference between DLC's two code
generators, not only against NumPy. With --no-optimize, cases compile
without the graph optimizations (dlc-run --no-optimize): a value a graph
rewrite computes must equal the one the lowering computes.
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
# --chunk=N: cases compiled and run together (see above); 1: one by one.
CHUNK = next((int(a.partition("=")[2]) for a in sys.argv if a.split("=")[0] == "--chunk"), 32)

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

    def types(self):
        """The MLIR types of the case's present operands and results."""
        return ([tensor_type(x.shape, x.dtype) for x in self.inputs if x is not None],
                [tensor_type(y.shape, y.dtype) for y in self.expected if y is not None])

    def line(self, args, results):
        """The case's op as a line of a function body, on SSA names `args`
        into SSA names `results`."""
        attrs = dict(self.attrs)
        if self.operand_segments:
            attrs["operandSegmentSizes"] = Raw("array<i32: %s>" % ", ".join(
                "0" if x is None else "1" for x in self.inputs))
        if self.result_segments:
            attrs["resultSegmentSizes"] = Raw("array<i32: %s>" % ", ".join(
                "0" if y is None else "1" for y in self.expected))
        attr_text = ""
        if attrs:
            attr_text = " {%s}" % ", ".join("%s = %s" % (k, attr(v)) for k, v in attrs.items())
        in_types, out_types = self.types()
        return '  %s = "dlc_graph.%s"(%s)%s : (%s) -> (%s)' % (
            ", ".join(results), self.op, ", ".join(args), attr_text, ", ".join(in_types),
            ", ".join(out_types))

    def mlir(self):
        return chunk_mlir([self])


def chunk_mlir(cases):
    """One function @main of the cases' ops: its arguments are the cases'
    inputs and its results their outputs, case after case."""
    params, body, results, result_types = [], [], [], []
    for case in cases:
        in_types, out_types = case.types()
        args = ["%%a%d" % (len(params) + i) for i in range(len(in_types))]
        outs = ["%%r%d" % (len(results) + i) for i in range(len(out_types))]
        params += ["%s: %s" % p for p in zip(args, in_types)]
        body.append(case.line(args, outs))
        results += outs
        result_types += out_types
    return "\n".join(["func.func @main(%s) -> (%s) {" % (", ".join(params), ", ".join(result_types))]
                     + body + ["  return %s : %s" % (", ".join(results), ", ".join(result_types)),
                               "}"]) + "\n"


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


def _dlc_run(args, timeout=300):
    proc = subprocess.run(["dlc-run"] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, timeout=timeout)
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


def _run_chunk(cases, workdir):
    """Runs the cases as one model: [(case, rc, out, model)] for each case,
    then, when the chunk fails where each of its cases alone passes, one
    (None, rc, out, model) for the chunk."""
    if len(cases) == 1:
        return [_run_one(cases[0], workdir)]
    d = os.path.join(workdir, "chunk-" + cases[0].name)
    os.makedirs(d)
    model = os.path.join(d, "model.mlir")
    with open(model, "w") as f:
        f.write(chunk_mlir(cases))
    args = [model] + (["--no-optimize"] if NO_OPTIMIZE else [])
    inputs = [x for case in cases for x in case.inputs if x is not None]
    for i, x in enumerate(inputs):
        path = os.path.join(d, "input_%d.npy" % i)
        np.save(path, np.asarray(x, order="C"))
        args += ["--input", path]
    count = sum(1 for case in cases for y in case.expected if y is not None)
    outputs = {}
    for codegen in ("naive", "fast") if DIFFERENTIAL else ("fast",):
        outdir = os.path.join(d, codegen)
        rc, out = _dlc_run(args + ["--codegen=" + codegen, "-o", outdir],
                           timeout=300 + 20 * len(cases))
        if rc != 0:
            # Alone, each case says whether it is the one that fails.
            results = [_run_one(case, workdir) for case in cases]
            if all(r[1] == 0 for r in results):
                results.append((None, rc, "--codegen=%s:\n%s" % (codegen, out), model))
            return results
        outputs[codegen] = [np.load(os.path.join(outdir, "output_%d.npy" % i))
                            for i in range(count)]
    results, first = [], 0
    for case in cases:
        n = sum(1 for y in case.expected if y is not None)
        problems = ["--codegen=%s: %s" % (codegen, p) for codegen, p in (
            (codegen, _mismatch(case, got[first:first + n])) for codegen, got in outputs.items())
            if p]
        if DIFFERENTIAL and not problems:
            # The fast code's outputs against the naive code's: a schedule
            # bug shows as a difference between the two even where both
            # stay within the reference's tolerance.
            problems = ["fast code against naive code: %s" % p for p in (
                _mismatch_one(case, i, outputs["fast"][first + i], outputs["naive"][first + i])
                for i in range(n)) if p][:1]
        first += n
        if not problems:
            results.append((case, 0, "", None))
            continue
        alone = _run_one(case, workdir)
        if alone[1] != 0:
            results.append(alone)
        else:
            results.append((case, 1, "in a chunk of %d cases (alone it passes):\n%s\n" % (
                len(cases), "\n".join(problems)), model))
    return results


def _chunks(cases):
    return [cases[i:i + CHUNK] for i in range(0, len(cases), max(1, CHUNK))]


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

    def problem_of(chunk):
        """What is wrong with the chunk's outputs, case by case: a list of
        (case, problem or None), or a dlc.Error's text for the chunk."""
        try:
            module = dlc.compile(chunk_mlir(chunk), threads=1, optimize=not NO_OPTIMIZE)
            outputs = module(*[x for case in chunk for x in case.inputs if x is not None])
        except dlc.Error as e:
            return "dlc.Error: %s" % e
        problems, first = [], 0
        for case in chunk:
            n = sum(1 for y in case.expected if y is not None)
            problems.append((case, _mismatch(case, outputs[first:first + n])))
            first += n
        return problems

    def problem_alone(case):
        found = problem_of([case])
        return found if isinstance(found, str) else found[0][1]

    failed = passed = 0
    for chunk in _chunks(cases):
        found = problem_of(chunk)
        if isinstance(found, str) and len(chunk) == 1:
            found = [(chunk[0], found)]
        elif isinstance(found, str):
            # Alone, each case says whether it is the one that fails.
            alone = [(case, problem_alone(case)) for case in chunk]
            if not any(p for _, p in alone):
                failed += 1
                print("FAIL chunk of cases (each passes alone) (python)\n%s\n--- model:\n%s" % (
                    found, chunk_mlir(chunk)))
            found = alone
        elif len(chunk) > 1:
            found = [(case, p and (problem_alone(case) or
                                   "in a chunk of %d cases (alone it passes):\n%s" % (len(chunk), p)))
                     for case, p in found]
        for case, problem in found:
            if not problem:
                passed += 1
                continue
            failed += 1
            print("FAIL %s (python)\n%s\n--- model:\n%s" % (case.name, problem, case.mlir()))
    print("%d passed, %d failed" % (passed, failed))
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
    failed = passed = 0
    with tempfile.TemporaryDirectory(prefix="dlc-e2e-") as workdir:
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for results in pool.map(lambda c: _run_chunk(c, workdir), _chunks(cases)):
                for case, rc, out, model in results:
                    if rc == 0:
                        passed += 1
                        continue
                    failed += 1
                    name = case.name if case else "chunk of cases (each passes alone)"
                    print("FAIL %s (exit %d)\n%s--- model:\n%s" % (
                        name, rc, out, open(model).read()))
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)
