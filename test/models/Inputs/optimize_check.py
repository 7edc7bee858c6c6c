#!/usr/bin/python3
"""Checks dlc-optimize on a real model of ../shared/models.

  optimize_check.py twin MODEL_DIR    the model's unfolded twin (unfold.py)
      must match the reference outputs and, after dlc-optimize, be the same
      graph (op for op) as the model.
  optimize_check.py matrix MODEL_DIR  the model must match its reference
      with every dlc-optimize pass switched off alone, and with none run.
  optimize_check.py matrix-io DIR     the same for DIR/model.onnx with
      DIR/input_0.npy and DIR/output_0.npy, for a model whose computed
      shapes need dlc-fold-constants and dlc-infer-shapes (those stay on).

Prints one line per run and exits 1 on the first mismatch.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PASSES = ["dlc-eliminate-nops", "dlc-fold-constants", "dlc-simplify-algebra",
          "dlc-sink-transposes", "dlc-fold-batch-norm", "dlc-eliminate-empty-tensors",
          "dlc-cse", "dlc-dce", "dlc-infer-shapes"]


def run(args):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, timeout=600)
    return p.returncode, p.stdout


def check_outputs(model, data, extra, label):
    io = (["--input", os.path.join(data, "input_0.npy"), "--expect",
           os.path.join(data, "output_0.npy")] if data.endswith("/") else ["--test-data", data])
    rc, out = run(["dlc-run", model, "--rtol", "1e-3", "--atol", "1e-4"] + io + extra)
    ok = rc == 0 and re.search(r" ok$", out, re.M) and " FAIL" not in out
    print("%s: %s" % (label, "ok" if ok else "FAILED\n" + out))
    return ok


def optimized_ops(model, workdir, name):
    mlir = os.path.join(workdir, name + ".mlir")
    rc, out = run(["dlc-translate", "--import-onnx", model, "-o", mlir])
    if rc:
        sys.exit(out)
    rc, out = run(["dlc-opt", mlir, "--dlc-optimize"])
    if rc:
        sys.exit(out)
    # Ops in order with their result types, constants as a sorted list of
    # types (folding places new ones next to their users; value names and
    # blob keys differ).
    ops = [(m.group(1), m.group(2)) for m in
           re.finditer(r'"(dlc_graph\.[a-z_]+)"\(.*-> (.*)$', out, re.M)]
    return ([op for op in ops if op[0] != "dlc_graph.constant"] +
            sorted(op for op in ops if op[0] == "dlc_graph.constant"))


def main(mode, model_dir):
    model = os.path.join(model_dir, "model.onnx")
    data = os.path.join(model_dir, "test_data_set_0")
    ok = True
    if mode == "twin":
        with tempfile.TemporaryDirectory(prefix="dlc-twin-") as d:
            twin = os.path.join(d, "twin.onnx")
            subprocess.check_call(["/usr/bin/python3", os.path.join(HERE, "unfold.py"), model, twin])
            ok = check_outputs(twin, data, [], "twin")
            a, b = optimized_ops(model, d, "model"), optimized_ops(twin, d, "twin")
            same = a == b
            print("twin after dlc-optimize: %d ops, model: %d ops, %s" % (
                len(b), len(a), "same graph" if same else "DIFFERENT"))
            if not same:
                for x, y in zip(a, b):
                    if x != y:
                        print("  first difference: model %s, twin %s" % (x, y))
                        break
            ok = ok and same
    elif mode == "matrix-io":
        for p in PASSES:
            if p not in ("dlc-fold-constants", "dlc-infer-shapes"):
                ok = check_outputs(model, model_dir + "/", ["--disable-pass", p],
                                   "--disable-pass " + p) and ok
    else:
        ok = check_outputs(model, data, ["--no-optimize"], "--no-optimize")
        for p in PASSES:
            ok = check_outputs(model, data, ["--disable-pass", p], "--disable-pass " + p) and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main(*sys.argv[1:])
