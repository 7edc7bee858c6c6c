#!/usr/bin/python3
"""Measures what dlc-optimize buys on ../shared/models and their unfolded
twins (test/models/Inputs/unfold.py: batch_norm, identities and shape chains
left in, as exporters without constant folding leave them), and writes the
tables of docs/GraphOptimizations.md between its markers.

Usage: scripts/graph-optimizations.py [--build build] [--repeat 20] [--out FILE]
Run after building; takes a few minutes (every model compiled 2 + 9 times).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("DLC_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
MODELS = ["mlp", "lenet", "resnet18", "encoder"]
TWINS = ["lenet", "resnet18"]
PASSES = ["dlc-eliminate-nops", "dlc-fold-constants", "dlc-simplify-algebra",
          "dlc-sink-transposes", "dlc-fold-batch-norm", "dlc-eliminate-empty-tensors",
          "dlc-cse", "dlc-dce"]


class Failed(Exception):
    pass


def run(args):
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True, timeout=900)
    if p.returncode:
        raise Failed("failed: %s\n%s" % (" ".join(args), p.stdout))
    return p.stdout


def graph_ops(text):
    return len(re.findall(r'"dlc_graph\.(?!constant)[a-z_]+"', text))


def loop_nests(text):
    # Outermost loops of the entry: ops of the function body (4 spaces in).
    return len(re.findall(r"^    (?:%\S+ = )?(?:scf\.(?:for|parallel|forall)|affine\.for)\b", text,
                          re.M))


class Tools:
    def __init__(self, build):
        self.bin = os.path.join(build, "bin")

    def __call__(self, tool, *args):
        return run([os.path.join(self.bin, tool)] + list(args))


def measure(t, model, data, flags, repeat, workdir):
    mlir = os.path.join(workdir, "m.mlir")
    t("dlc-translate", "--import-onnx", model, "-o", mlir)
    before = graph_ops(open(mlir).read())
    opt = os.path.join(workdir, "opt.mlir")
    if "--no-optimize" in flags:
        opt = mlir
    else:
        disable = [f.split("=", 1)[1] for f in flags if f.startswith("--disable-pass=")]
        t("dlc-opt", mlir, "--dlc-optimize=disable=%s" % ",".join(disable), "-o", opt)
    after = graph_ops(open(opt).read())
    loops = loop_nests(t("dlc-opt", opt, "--dlc-linalg-to-loops"))
    out = t("dlc-run", model, "--test-data", data, "--rtol", "1e-3", "--atol", "1e-4",
            "--repeat", str(repeat), *flags)
    if not re.search(r" ok$", out, re.M):
        raise SystemExit("outputs differ with %s on %s:\n%s" % (flags, model, out))
    median = float(re.search(r"median=([0-9.e+-]+) ms", out).group(1))
    mem = re.search(r"intermediate memory: (.*) planned", out)
    return before, after, loops, median, mem.group(1) if mem else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "GraphOptimizations.md"))
    a = ap.parse_args()
    t = Tools(a.build)
    rows, contrib = [], []
    with tempfile.TemporaryDirectory(prefix="dlc-graphopt-") as d:
        cases = [(m, os.path.join(SHARED, "models", m, "model.onnx")) for m in MODELS]
        for m in TWINS:
            twin = os.path.join(d, m + "_unfolded.onnx")
            run(["/usr/bin/python3", os.path.join(ROOT, "test/models/Inputs/unfold.py"),
                 os.path.join(SHARED, "models", m, "model.onnx"), twin])
            cases.append((m + " (unfolded)", twin))
        for name, model in cases:
            data = os.path.join(SHARED, "models", name.split()[0], "test_data_set_0")
            try:
                off = measure(t, model, data, ["--no-optimize"], a.repeat, d)
            except Failed as e:
                # An unfolded twin's computed shapes need dlc-fold-constants.
                print(str(e).splitlines()[-3], file=sys.stderr)
                off = None
            on = measure(t, model, data, [], a.repeat, d)
            rows.append((name, off, on))
            line = [name]
            for p in PASSES:
                try:
                    r = measure(t, model, data, ["--disable-pass=" + p], a.repeat, d)
                    line.append("+%d / +%d / %.2fx" % (r[1] - on[1], r[2] - on[2], r[3] / on[3]))
                except Failed:
                    line.append("does not compile")
            contrib.append(line)
            print(name, off, on, file=sys.stderr)
    table = ["| model | graph ops (import) | graph ops (optimized) | loop nests off / on | "
             "intermediate memory off / on | latency off / on (ms, median) | speed-up |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for name, off, on in rows:
        if off is None:
            table.append("| %s | %d | %d | does not compile / %d | - / %s | - / %.3g | - |" % (
                name, on[0], on[1], on[2], on[4], on[3]))
            continue
        table.append("| %s | %d | %d | %d / %d | %s / %s | %.3g / %.3g | %.2fx |" % (
            name, off[0], on[1], off[2], on[2], off[4], on[4], off[3], on[3], off[3] / on[3]))
    table += ["", "What each pass contributes: the change when it alone is switched off "
              "(`--disable-pass`), as extra graph ops / extra loop nests / latency ratio.", "",
              "| model | " + " | ".join(p[4:] for p in PASSES) + " |",
              "|---|" + "---:|" * len(PASSES)]
    for line in contrib:
        table.append("| %s | " % line[0] + " | ".join(line[1:]) + " |")
    text = open(a.out).read()
    begin, end = "<!-- measured: begin -->", "<!-- measured: end -->"
    i, j = text.index(begin) + len(begin), text.index(end)
    open(a.out, "w").write(text[:i] + "\n" + "\n".join(table) + "\n" + text[j:])


if __name__ == "__main__":
    main()
