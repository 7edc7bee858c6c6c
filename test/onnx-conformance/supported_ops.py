#!/usr/bin/python3
"""Writes docs/SupportedOps.md to stdout from the data the conformance run
uses: the importer's op table (`dlc-translate --print-onnx-ops`, from
lib/Onnx/Ops*.c), the ONNX node tests (../shared/onnx-backend-node/INDEX.tsv) and
the expected failures (expected-failures.tsv).

    /usr/bin/python3 test/onnx-conformance/supported_ops.py > docs/SupportedOps.md
"""

import argparse
import collections
import os
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # keep the source tree clean
import suite  # noqa: E402

COMMAND = "/usr/bin/python3 test/onnx-conformance/supported_ops.py > docs/SupportedOps.md"
# ONNX's names, in the order dlc-translate prints them.
TYPE_ORDER = ["FLOAT", "DOUBLE", "INT8", "INT16", "INT32", "INT64",
              "UINT8", "UINT16", "UINT32", "UINT64", "BOOL"]

HEADER = """# Supported ONNX operators

<!-- Generated; do not edit. Regenerate with:
     %s
     (a lit test fails when this file is stale). -->

DLC imports ONNX models of the default domain (`ai.onnx`), opsets 1 to 27
(each op from the first opset its row lists), into `dlc_graph` (`lib/Onnx`).
A node of any other op, domain or opset, or a limit below that a model
exceeds, is reported when importing, with every unsupported node of the
model at once.

- Element types: FLOAT, DOUBLE, INT8 to INT64, UINT8 to UINT64, BOOL, FLOAT16
  and BFLOAT16, and the low-precision FLOAT8E4M3FN, FLOAT8E4M3FNUZ,
  FLOAT8E5M2, FLOAT8E5M2FNUZ, FLOAT8E8M0, FLOAT4E2M1, INT4, UINT4, INT2 and
  UINT2. Not STRING, COMPLEX or maps. Sequences and optionals are resolved
  when importing (lists of tensors; a graph input takes the length of the
  sequence fed to it), not kept as run-time values. Each op accepts
  the types of the `dlc_graph` op it becomes, listed per operand. FLOAT16 and
  BFLOAT16 are storage types: casts and data movement take them as they are;
  every other op that takes FLOAT takes them too, computing in FLOAT and
  rounding each result back to the half type, as NumPy (ONNX's reference)
  does. The low-precision types are storage types for Cast, CastLike,
  QuantizeLinear, DequantizeLinear and data movement (Identity, Reshape,
  Transpose ...), computed bit-exactly as ONNX's reference (saturate,
  round_mode); other ops do not take them.
- Run-time inputs: shapes, axes, starts/ends/steps, pads, repeats, split
  sizes, K, depth, scales and sizes, transform lengths and axes, window
  lengths and Range's bounds may be computed or fed when the code runs
  (Reshape, Expand, ConstantOfShape, Slice, Pad, Tile, Split,
  SplitToSequence with a vector of sizes, Squeeze, Unsqueeze, Reduce*, TopK,
  Range, OneHot, Trilu, CumSum/CumProd, CenterCropPad, Resize, DFT, STFT,
  the window ops, AffineGrid, Col2Im, MaxUnpool, Dropout's training_mode
  and ratio): one compile serves every value and the dims they decide are
  dynamic. An input that decides a rank (an axes list of unknown length) or
  a sequence's length (SplitToSequence's scalar size), and the inputs of the
  ops the table lists as compile-time, must be known when compiling: an
  initializer, a Constant, the Shape of a tensor with static dims, or a
  graph input bound with `dlc-run --bind-input NAME=FILE` (also
  `dlc-translate`) or, for backend-test data, `dlc-run --test-data DIR
  --bind-shape-inputs`.
- Conformance: the ONNX node tests of `../shared/onnx-backend-node` (%s)
  run with `test/onnx-conformance/run.py`: imported, compiled and run with
  `dlc-run`, compared with ONNX's tolerances (rtol 1e-3, atol 1e-7; integers and
  bools exactly). A test not listed as an expected failure passes (checked in CI).
"""


def find_tool(name):
    on_path = shutil.which(name)
    if on_path:
        return on_path
    for build in ("build", "build-conf"):
        path = os.path.join(suite.REPO, build, "bin", name)
        if os.access(path, os.X_OK):
            return path
    sys.exit("supported_ops.py: cannot find %s (build DLC, or pass --dlc-translate)" % name)


def read_op_table(dlc_translate):
    out = subprocess.run([dlc_translate, "--print-onnx-ops"], stdout=subprocess.PIPE,
                         text=True, check=True).stdout
    ops = collections.OrderedDict()
    for line in out.splitlines():
        op, first, last, graph_op, types, attrs, limits = line.split("\t")
        ops.setdefault(op, []).append({"opsets": (int(first), int(last)), "graph_op": graph_op,
                                       "types": types, "attrs": attrs, "limits": limits})
    return ops


def opsets(first, last):
    return str(first) if first == last else "%d–%d" % (first, last)


def cell(text):
    return text.replace("|", "\\|") if text else "-"


def node_tests_line(tests, expected):
    if not tests:
        return "Node tests: none in the shared subset."
    types = set()
    for t in tests:
        types |= suite.dtypes(t["inputs"])
    for t in tests:
        types |= suite.dtypes(t["outputs"])
    seen = ", ".join(sorted(types, key=lambda x: (TYPE_ORDER.index(x) if x in TYPE_ORDER else 99, x)))
    failing = [t["name"] for t in tests if t["name"] in expected]
    text = "Node tests: %d (with %s tensors), " % (len(tests), seen)
    if not failing:
        return text + "all pass."
    text += "%d pass; expected failures:" % (len(tests) - len(failing))
    return text + "".join("\n- `%s`: %s" % (n, expected[n]) for n in failing)


def render(ops, tests, expected):
    by_op = collections.defaultdict(list)
    for t in tests:
        by_op[t["op"]].append(t)
    unknown = sorted(set(by_op) - set(ops))
    passing = len(tests) - len(expected)
    lines = [HEADER % (COMMAND, "%d tests: %d pass, %d expected failures" %
                       (len(tests), passing, len(expected)))]
    lines.append("| op | opsets | node tests | expected failures |")
    lines.append("|---|---|---|---|")
    for op, versions in ops.items():
        first, last = versions[0]["opsets"][0], versions[-1]["opsets"][1]
        n = len(by_op[op])
        xfail = sum(t["name"] in expected for t in by_op[op])
        lines.append("| [%s](#%s) | %s | %d | %d |" % (op, op.lower(), opsets(first, last), n, xfail))
    for op, versions in ops.items():
        lines.append("\n## %s\n" % op)
        lines.append("| opsets | becomes | element types | attributes | limits |")
        lines.append("|---|---|---|---|---|")
        for v in versions:
            lines.append("| %s | `%s` | %s | %s | %s |" % (
                opsets(*v["opsets"]), v["graph_op"], cell(v["types"]),
                cell(v["attrs"] if v["attrs"] != "-" else ""),
                cell(v["limits"] if v["limits"] != "-" else "")))
        lines.append("\n" + node_tests_line(by_op[op], expected))
    lines.append(UNSUPPORTED_HEADER)
    lines.append("| op | node tests | pass | why the others fail |")
    lines.append("|---|---|---|---|")
    for op in unknown:
        failing = [t["name"] for t in by_op[op] if t["name"] in expected]
        reasons = sorted({expected[n].split(":")[0] for n in failing})
        lines.append("| %s | %d | %d | %s |" % (op, len(by_op[op]), len(by_op[op]) - len(failing),
                                              "; ".join(reasons)))
    return "\n".join(lines) + "\n"


UNSUPPORTED_HEADER = """
## Ops of the node tests that DLC does not import yet

By the op type a test is named after: an `_expanded` test carries the op it
expands and passes when DLC imports the ops of its function body. Each
failing test's reason is in `test/onnx-conformance/expected-failures.tsv`.
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dlc-translate", help="default: on PATH, else build/bin")
    ap.add_argument("--shared", default=suite.default_shared())
    ap.add_argument("--expected", default=suite.EXPECTED_FAILURES)
    args = ap.parse_args()
    try:
        tests = suite.read_index(args.shared)
        expected = suite.read_expected_failures(args.expected, tests)
        sys.stdout.write(render(read_op_table(args.dlc_translate or find_tool("dlc-translate")),
                                tests, expected))
    except suite.SuiteError as e:
        print("supported_ops.py: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
