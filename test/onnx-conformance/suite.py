"""The ONNX node-test suite as DLC's conformance runner and docs see it:
the rows of ../shared/onnx-backend-node/INDEX.tsv and the checked-in list of
expected failures (expected-failures.tsv next to this file)."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
EXPECTED_FAILURES = os.path.join(HERE, "expected-failures.tsv")


class SuiteError(Exception):
    """Broken suite data: a message naming the file and line."""


def default_shared():
    return os.environ.get("DLC_SHARED", os.path.join(os.path.dirname(REPO), "shared"))


def read_tsv(path):
    """(line number, fields) of each non-blank, non-comment line."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError as e:
        raise SuiteError("cannot read %s: %s" % (path, e.strerror))
    return [(i, line.split("\t")) for i, line in enumerate(lines, 1)
            if line.strip() and not line.startswith("#")]


SUITE = "onnx-backend-node"


def read_index(shared, suite=SUITE):
    """The node tests in INDEX.tsv order: dicts with name, op, opset, inputs, outputs, graph_ops."""
    path = os.path.join(shared, suite, "INDEX.tsv")
    tests = []
    for line, f in read_tsv(path):
        if len(f) < 8:
            raise SuiteError("%s:%d: expected 10 tab-separated fields, got %d" % (path, line, len(f)))
        tests.append({"name": f[0], "op": f[1], "opset": int(f[2]), "inputs": f[4],
                      "outputs": f[5], "graph_ops": f[7],
                      "dir": os.path.join(shared, suite, f[0])})
    return tests


def read_expected_failures(path, tests):
    """{test name: reason}; every name must be a test of the index, once, with a reason."""
    known = {t["name"] for t in tests}
    expected = {}
    for line, f in read_tsv(path):
        if len(f) != 2 or not f[1].strip():
            raise SuiteError("%s:%d: expected 'TEST_NAME<TAB>REASON'" % (path, line))
        name = f[0].strip()
        if name not in known:
            raise SuiteError("%s:%d: '%s' is not a test of INDEX.tsv" % (path, line, name))
        if name in expected:
            raise SuiteError("%s:%d: '%s' is listed twice" % (path, line, name))
        expected[name] = f[1].strip()
    return expected


# TensorProto data types newer than Debian's onnx, which INDEX.tsv gives by number.
NEWER_DTYPES = {"17": "FLOAT8E4M3FN", "18": "FLOAT8E4M3FNUZ", "19": "FLOAT8E5M2",
                "20": "FLOAT8E5M2FNUZ", "21": "UINT4", "22": "INT4", "23": "FLOAT4E2M1",
                "24": "FLOAT8E8M0", "25": "UINT2", "26": "INT2"}


def dtypes(signature):
    """The dtypes of an INDEX.tsv inputs/outputs field: 'x:FLOAT[3];y:INT64[]' -> {'FLOAT', 'INT64'}."""
    out = set()
    for item in signature.split(";"):
        if ":" in item:
            name = item.split(":", 1)[1].split("[", 1)[0]
            out.add(NEWER_DTYPES.get(name, name))
    return out
