#!/usr/bin/python3
"""DLC's ONNX conformance run: every node test of ../shared/onnx-backend-node
(INDEX.tsv) is imported, compiled and run on its test_data_set_0 as
`dlc-run MODEL --test-data DIR` would, with ONNX's tolerances
(rtol 1e-3, atol 1e-7 for floats; integers and bools exact; NaN matches NaN).
Tests run in batches, one `dlc-run --test-dirs` per batch (loading LLVM and
MLIR costs more than most tests); a test whose batch died before its result
runs alone, so a crash is still the crash of one test. A test whose import
needs a shape-like graph input at compile time (an error naming it) runs
again with --bind-shape-inputs; the summary counts the tests that still bind.

Prints a per-op table, the failures, and the closing line `N passed, M failed`.
Exit status: 0 when the failing tests are exactly those listed in
expected-failures.tsv, 1 when they differ either way, 2 on bad arguments or data.
`--write-expected` rewrites that list from the run instead: each failure gets
a reason from what dlc-run reported (a reason written by hand is kept).

    /usr/bin/python3 test/onnx-conformance/run.py [--filter REGEX] [-j N] [-v]
"""

import argparse
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # keep the source tree clean
import suite  # noqa: E402

RTOL, ATOL = "1e-3", "1e-7"


def find_dlc_run():
    on_path = shutil.which("dlc-run")
    if on_path:
        return on_path
    for build in ("build", "build-conf"):
        path = os.path.join(suite.REPO, build, "bin", "dlc-run")
        if os.access(path, os.X_OK):
            return path
    return None


# dlc-run's report of a graph input needed at compile time.
NEEDS_BINDING = ("known only at run time", "computed at run time")


def run_test(dlc_run, test, timeout):
    """(status, detail, seconds, bound): status is pass, mismatch, error, crash or timeout."""
    result = run_once(dlc_run, test, timeout, False)
    if result[0] == "error" and any(s in result[1] for s in NEEDS_BINDING):
        again = run_once(dlc_run, test, timeout, True)
        return again[:2] + (result[2] + again[2],) + again[3:]
    return result


def run_batch(dlc_run, batch, timeout):
    """{name: result} for the tests of `batch` that ran to their end in one
    `dlc-run --test-dirs`; the others are missing."""
    cmd = [dlc_run, "--test-dirs", "--rtol", RTOL, "--atol", ATOL] + [t["dir"] for t in batch]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, errors="replace", timeout=timeout * len(batch))
        out, err = p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        out, err = e.stdout or "", e.stderr or ""
        out = out.decode(errors="replace") if isinstance(out, bytes) else out
        err = err.decode(errors="replace") if isinstance(err, bytes) else err
    by_dir = {t["dir"]: t for t in batch}
    outs, errs, ends = {}, {}, {}
    for text, sections in ((out, outs), (err, errs)):
        current = None
        for line in text.splitlines():
            if line.startswith("==== "):
                mark = line[5:]
                if mark in by_dir:
                    current = sections.setdefault(mark, [])
                    continue
                head, _, tail = mark.rpartition(": ")
                if sections is outs and head in by_dir:
                    ends[head] = tail.split()
                    current = None
                    continue
            if current is not None:
                current.append(line)
    results = {}
    for d, end in ends.items():
        status, seconds = end[0], float(end[1]) if len(end) > 1 else 0.0
        lines = outs.get(d, [])
        bound = sum(line.startswith("bound input ") for line in lines)
        if status == "ok":
            result = ("pass", "", seconds, bound)
        elif status == "mismatch":
            result = ("mismatch", next((l for l in lines if "MISMATCH" in l), "a mismatch"),
                      seconds, bound)
        else:
            e = [l.strip() for l in errs.get(d, []) if l.strip()]
            result = ("error", " | ".join(e[:2]) if e else "exit 2 without a message",
                      seconds, bound)
        test = by_dir[d]
        if result[0] == "error" and any(s in result[1] for s in NEEDS_BINDING):
            again = run_once(dlc_run, test, timeout, True)
            result = again[:2] + (result[2] + again[2],) + again[3:]
        results[test["name"]] = result
    return results


def run_tests(dlc_run, batch, timeout):
    """{name: result} for every test of `batch`: one dlc-run for them all,
    then alone each test whose result that run did not give."""
    results = run_batch(dlc_run, batch, timeout) if len(batch) > 1 else {}
    for t in batch:
        if t["name"] not in results:
            results[t["name"]] = run_test(dlc_run, t, timeout)
    return results


def run_once(dlc_run, test, timeout, bind):
    cmd = [dlc_run, os.path.join(test["dir"], "model.onnx"),
           "--test-data", os.path.join(test["dir"], "test_data_set_0"),
           "--rtol", RTOL, "--atol", ATOL] + (["--bind-shape-inputs"] if bind else [])
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", "no result after %g s" % timeout, time.monotonic() - start, 0
    seconds = time.monotonic() - start
    out = p.stdout.splitlines()
    bound = sum(line.startswith("bound input ") for line in out)
    if p.returncode == 0:
        return "pass", "", seconds, bound
    if p.returncode == 1:
        detail = next((l for l in out if "MISMATCH" in l), "a mismatch")
        return "mismatch", detail, seconds, bound
    err = [l.strip() for l in p.stderr.splitlines() if l.strip()]
    if p.returncode == 2:
        # The error line and, for the importer's report, its first item.
        detail = " | ".join(err[:2]) if err else "exit 2 without a message"
        return "error", detail, seconds, bound
    how = "signal %d" % -p.returncode if p.returncode < 0 else "exit %d" % p.returncode
    return "crash", "%s%s" % (how, ": " + err[-1] if err else ""), seconds, bound


# Ops out of scope (issue: ONNX breadth) and ops that wait for run-time
# shapes and control flow (issue: dynamic shapes), by op type or domain.
OUT_OF_SCOPE = {
    "Bernoulli": "random by definition", "RandomNormal": "random by definition",
    "RandomNormalLike": "random by definition", "RandomUniform": "random by definition",
    "RandomUniformLike": "random by definition", "Multinomial": "random by definition",
    "StringConcat": "a string op", "StringSplit": "a string op",
    "StringNormalizer": "a string op", "RegexFullMatch": "a string op",
    "ImageDecoder": "image decoding",
}
OUT_OF_SCOPE_DOMAINS = ("ai.onnx.preview.training", "ai.onnx.ml", "ai.onnx.preview")
DYNAMIC = ("NonZero", "Unique", "Compress", "NonMaxSuppression", "If", "Loop", "Scan",
           "SequenceMap", "SplitToSequence", "ConcatFromSequence", "SequenceConstruct",
           "SequenceInsert", "SequenceAt", "SequenceErase", "SequenceLength", "SequenceEmpty",
           "Optional", "OptionalHasElement", "OptionalGetElement")


def classify(test, detail):
    """A reason for a failure that is not listed yet."""
    ops = set(test["graph_ops"].split(","))
    for op in sorted(ops):
        domain = op.split("::")[0] if "::" in op else ""
        if domain in OUT_OF_SCOPE_DOMAINS:
            return "out of scope: domain %s" % domain
        if op in OUT_OF_SCOPE:
            return "out of scope: %s is %s" % (op, OUT_OF_SCOPE[op])
    waiting = sorted(ops & set(DYNAMIC))
    if waiting or "known only at run time" in detail or "computed at run time" in detail:
        what = ", ".join(waiting) if waiting else "a shape-like input computed at run time"
        return "waits for dynamic shapes and control flow: %s" % what
    if "MISMATCH" in detail:
        return "mismatch: %s" % detail[:200]
    # The importer's first unsupported item, without the node's name.
    item = detail.split(" | ", 1)[-1]
    item = re.sub(r"^node '[^']*' ", "", item).strip()
    return "not supported yet: %s" % item[:200]


GENERATED = ("out of scope: ", "waits for dynamic shapes", "not supported yet: ", "mismatch: ")


def write_expected(path, tests, results, expected):
    failed = [t for t in tests if results[t["name"]][0] != "pass"]
    with open(path, "w", encoding="utf-8") as f:
        f.write(EXPECTED_HEADER)
        for t in failed:
            reason = expected.get(t["name"], "")
            if not reason or reason.startswith(GENERATED):
                reason = classify(t, results[t["name"]][1])
            f.write("%s\t%s\n" % (t["name"], reason.replace("\t", " ")))
    print("wrote %d expected failures to %s" % (len(failed), path))


EXPECTED_HEADER = """\
# ONNX node tests (../shared/onnx-backend-node) that DLC fails today.
# One line per test: TEST_NAME<TAB>REASON. Out of scope: what the ONNX
# breadth issue leaves out (training, random, string ops, ImageDecoder, the
# ai.onnx.ml and preview domains). Waiting: what needs run-time shapes or
# control flow. Not supported yet: the rest, with the importer's reason.
# Other reasons are written by hand, for tests that run but do not match.
# run.py fails when the failing tests differ from this list in either
# direction; after a change, regenerate it with
#   /usr/bin/python3 test/onnx-conformance/run.py --write-expected
# (reasons written by hand are kept) and review the diff.
"""


def print_table(tests, results, expected):
    rows = collections.OrderedDict()
    for t in tests:
        r = rows.setdefault(t["op"], [0, 0, 0, 0])
        r[0] += 1
        r[1 if results[t["name"]][0] == "pass" else 2] += 1
        r[3] += t["name"] in expected
    head = ("op", "tests", "passed", "failed", "expected failures")
    width = max(len("total"), *(len(op) for op in rows))
    fmt = "%-" + str(width) + "s  %5s  %6s  %6s  %17s"
    print(fmt % head)
    for op in sorted(rows):
        print(fmt % ((op,) + tuple(rows[op])))
    totals = [sum(r[i] for r in rows.values()) for i in range(4)]
    print(fmt % (("total",) + tuple(totals)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--filter", help="run the tests whose name or op type matches REGEX "
                                     "(case-insensitive)")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="tests run in parallel (default 2)")
    ap.add_argument("-v", "--verbose", action="store_true", help="a line per test as it ends")
    ap.add_argument("--dlc-run", help="the dlc-run to test (default: on PATH, else build/bin)")
    ap.add_argument("--shared", default=suite.default_shared(),
                    help="the folder holding onnx-backend-node/ (default: $DLC_SHARED or ../shared)")
    ap.add_argument("--expected", default=suite.EXPECTED_FAILURES,
                    help="the expected-failure list (default: expected-failures.tsv here)")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per test (default 300)")
    ap.add_argument("--batch", type=int, default=16, metavar="N",
                    help="tests per dlc-run process (default 16; 1: a process per test)")
    ap.add_argument("--every", type=int, default=1, metavar="N",
                    help="run every Nth test of those selected (default 1: all)")
    ap.add_argument("--write-expected", action="store_true",
                    help="rewrite the expected-failure list from this run (all tests only)")
    args = ap.parse_args()

    dlc_run = args.dlc_run or find_dlc_run()
    if not dlc_run or not os.access(dlc_run, os.X_OK):
        sys.exit("run.py: cannot find an executable dlc-run (build DLC, or pass --dlc-run)")
    if args.jobs < 1 or args.batch < 1:
        sys.exit("run.py: --jobs and --batch must be at least 1")
    try:
        tests = suite.read_index(args.shared)
        expected = suite.read_expected_failures(args.expected, tests)
        pattern = re.compile(args.filter, re.I) if args.filter else None
    except suite.SuiteError as e:
        print("run.py: %s" % e, file=sys.stderr)
        return 2
    except re.error as e:
        print("run.py: --filter: bad regular expression: %s" % e, file=sys.stderr)
        return 2
    total = len(tests)
    if pattern:
        tests = [t for t in tests if pattern.search(t["name"]) or pattern.search(t["op"])]
    if args.every < 1:
        print("run.py: --every must be at least 1", file=sys.stderr)
        return 2
    tests = tests[::args.every]
    if not tests:
        print("run.py: no test matches --filter %r" % args.filter, file=sys.stderr)
        return 2
    if args.write_expected and (pattern or args.every > 1):
        print("run.py: --write-expected needs the whole suite, not --filter or --every",
              file=sys.stderr)
        return 2
    print("ONNX node tests: %d of %d, %d at a time, with %s" % (len(tests), total, args.jobs, dlc_run))

    start = time.monotonic()
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        batches = [tests[i:i + args.batch] for i in range(0, len(tests), args.batch)]
        futures = [pool.submit(run_tests, dlc_run, b, args.timeout) for b in batches]
        for f in concurrent.futures.as_completed(futures):
            for name, result in sorted(f.result().items()):
                results[name] = result
                if args.verbose:
                    status, detail, seconds, _ = result
                    print("%-8s %s (%.2f s)%s" % (status.upper(), name, seconds,
                                                  " " + detail if detail else ""), flush=True)
    wall = time.monotonic() - start

    if args.write_expected:
        write_expected(args.expected, tests, results, expected)
        expected = suite.read_expected_failures(args.expected, tests)
    print_table(tests, results, expected)
    failed = [t["name"] for t in tests if results[t["name"]][0] != "pass"]
    if failed:
        print("\nfailures:")
        for name in failed:
            status, detail = results[name][:2]
            note = " (expected: %s)" % expected[name] if name in expected else ""
            print("  %s [%s]%s: %s" % (name, status, note, detail))
    ran = {t["name"] for t in tests}
    unexpected_failures = [n for n in failed if n not in expected]
    unexpected_passes = [n for n in ran if n in expected and results[n][0] == "pass"]
    for title, names in (("UNEXPECTED FAILURE", unexpected_failures),
                         ("UNEXPECTED PASS", sorted(unexpected_passes))):
        for name in names:
            why = (" (listed: %s)" % expected[name]) if name in expected else ""
            print("%s: %s%s" % (title, name, why))
    if unexpected_failures or unexpected_passes:
        print("the failing tests differ from %s: fix DLC or the list" % args.expected)

    bound = sorted(n for n in ran if results[n][3])
    slowest = sorted(ran, key=lambda n: -results[n][2])[:3]
    print("\n%d tests bound shape-like graph inputs from their test data%s" % (
        len(bound), ": " + ", ".join(bound) if bound else ""))
    print("time: %.1f s (%.1f s in dlc-run); slowest: %s" % (
        wall, sum(results[n][2] for n in ran),
        ", ".join("%s %.2f s" % (n, results[n][2]) for n in slowest)))
    print("%d passed, %d failed" % (len(tests) - len(failed), len(failed)))
    return 1 if unexpected_failures or unexpected_passes else 0


if __name__ == "__main__":
    sys.exit(main())
