#!/usr/bin/python3
"""Writes onnxruntime's value of every tensor of an ONNX model, the reference
that `dlc-run MODEL --test-data DIR --compare-intermediates REFDIR` bisects a
numerical mismatch against (the first value that differs is the culprit).

Usage:
  tools/ort-intermediates.py MODEL.onnx (--test-data DIR | --input FILE...) -o REFDIR

--test-data DIR reads DIR/input_N.pb; --input (repeatable) takes .npy or .pb
files; either way by position among the graph inputs that are not
initializers. REFDIR gets one <name>.npy per output of every node of the main
graph and per graph output: C order, little-endian, the dtype onnxruntime
returns.

<name> is the ONNX value name percent-encoded: every byte of its UTF-8 form
outside A-Za-z0-9 and . _ - ~ becomes %XX, uppercase hex. Value names are
free-form ('/f/Conv_output_0', ':0'), and this keeps them one file each,
reversibly, on every file system: '/f/Conv_output_0' -> '%2Ff%2FConv_output_0.npy'.

As onnx-mlir's and TPU-MLIR's tools do, the values are obtained by adding each
one to a copy of the model as a graph output and running that copy once. The
copy runs with graph optimizations disabled, so that each value is what its
own node computes, not a fused kernel's.

onnxruntime is the onnxruntime-node npm package, which tools/ort-intermediates.js
drives: looked up in $DLC_ORT_MODULES (a node_modules directory) or else in
bench/node_modules, where bench/run.sh keeps it, and installed there with npm
(--ignore-scripts: the CPU library ships in the package) when missing.

The values are written to a temporary directory next to REFDIR and moved into
place at the end, so a failure leaves no partial REFDIR. An existing REFDIR
is kept: this model's files in it are replaced, any others are left alone.

Prints "wrote N values to REFDIR (onnxruntime X.Y.Z)". Exit status 2 on any
error, with one message on stderr naming the file at fault.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse

import numpy as np
import onnx
from onnx import external_data_helper, numpy_helper

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HELPER = os.path.join(ROOT, "tools", "ort-intermediates.js")
BENCH = os.path.join(ROOT, "bench")
PROG = "ort-intermediates"

# numpy dtype -> onnxruntime-node element type, for inputs.
ORT_TYPES = {
    np.dtype(np.float32): "float32", np.dtype(np.float64): "float64",
    np.dtype(np.float16): "float16", np.dtype(np.int8): "int8",
    np.dtype(np.uint8): "uint8", np.dtype(np.int16): "int16",
    np.dtype(np.uint16): "uint16", np.dtype(np.int32): "int32",
    np.dtype(np.uint32): "uint32", np.dtype(np.int64): "int64",
    np.dtype(np.uint64): "uint64", np.dtype(np.bool_): "bool",
}


class Failed(Exception):
    pass


def encode(name):
    # quote() with safe='' leaves exactly A-Za-z0-9_.-~ and uses uppercase hex.
    return urllib.parse.quote(name, safe="")


def check_file(path, what):
    if not os.path.exists(path):
        raise Failed("cannot open %s '%s': No such file or directory" % (what, path))
    if not os.path.isfile(path):
        raise Failed("cannot open %s '%s': not a regular file" % (what, path))


def load_model(path):
    check_file(path, "model")
    try:
        model = onnx.load(path, load_external_data=False)
        # Remembered before loading: loading clears the external markers.
        external = any(external_data_helper.uses_external_data(t)
                       for t in external_data_helper._get_all_tensors(model))
        if external:
            external_data_helper.load_external_data_for_model(
                model, os.path.dirname(os.path.abspath(path)))
    except Exception as e:
        raise Failed("cannot load model '%s': %s" % (path, e))
    return model, external


def read_input(path):
    check_file(path, "input")
    try:
        if path.endswith(".npy"):
            return np.load(path, allow_pickle=False)
        tensor = onnx.TensorProto()
        with open(path, "rb") as f:
            tensor.ParseFromString(f.read())
        return numpy_helper.to_array(tensor)
    except Exception as e:
        raise Failed("cannot read input '%s': %s" % (path, e))


def inputs_text(names):
    return "%d input%s (%s)" % (len(names), "" if len(names) == 1 else "s",
                                ", ".join("'%s'" % n for n in names))


def value_names(graph):
    """Every non-empty node output of the main graph, then the graph outputs,
    each once, in graph order."""
    names = []
    seen = set()
    for name in [o for n in graph.node for o in n.output] + [o.name for o in graph.output]:
        if name and name not in seen:
            seen.add(name)
            names.append(name)
    return names


def inferred_types(model):
    """Value name -> ValueInfoProto from ONNX shape inference; empty when
    inference cannot run (a model over protobuf's 2 GiB, an unknown opset)."""
    try:
        inferred = onnx.shape_inference.infer_shapes(model)
    except Exception:
        return {}
    g = inferred.graph
    return {v.name: v for v in list(g.value_info) + list(g.output)}


def with_outputs(model, names, types):
    """A copy of model whose graph outputs are names, typed from types where
    known (onnxruntime infers the rest). Non-tensor values (sequences, maps)
    are left out: onnxruntime-node returns tensors only."""
    copy = onnx.ModelProto()
    copy.CopyFrom(model)
    declared = {o.name for o in copy.graph.output}
    kept = []
    for name in names:
        info = types.get(name)
        if info is not None and info.type.WhichOneof("value") not in (None, "tensor_type"):
            continue
        kept.append(name)
        if name not in declared:
            copy.graph.output.append(info if info is not None else onnx.ValueInfoProto(name=name))
    return copy, kept


def ort_modules():
    """The node_modules directory holding onnxruntime-node, installed if
    missing."""
    override = os.environ.get("DLC_ORT_MODULES")
    modules = os.path.abspath(override) if override else os.path.join(BENCH, "node_modules")
    if os.path.isdir(os.path.join(modules, "onnxruntime-node")):
        return modules
    if shutil.which("npm") is None:
        raise Failed("onnxruntime-node is not in '%s' and npm is not on PATH to install it"
                     % modules)
    print("%s: installing onnxruntime-node into %s" % (PROG, modules), file=sys.stderr)
    if override:
        if os.path.basename(modules) != "node_modules":
            raise Failed("DLC_ORT_MODULES='%s' has no onnxruntime-node, and npm can only "
                         "install into a directory named node_modules" % override)
        # The version bench/ pins, so both see the same onnxruntime.
        with open(os.path.join(BENCH, "package.json")) as f:
            version = json.load(f)["dependencies"]["onnxruntime-node"]
        os.makedirs(modules, exist_ok=True)
        cmd = ["npm", "install", "--ignore-scripts", "--no-audit", "--no-fund",
               "--no-save", "--prefix", os.path.dirname(modules),
               "onnxruntime-node@" + version]
        cwd = os.path.dirname(modules)
    else:
        # What bench/run.sh runs: the lock file's version.
        cmd = ["npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund"]
        cwd = BENCH
    # npm's chatter goes to stderr: stdout carries the summary line only.
    if subprocess.run(cmd, cwd=cwd, stdout=sys.stderr).returncode != 0 or \
            not os.path.isdir(os.path.join(modules, "onnxruntime-node")):
        raise Failed("cannot install onnxruntime-node into '%s': %s failed"
                     % (modules, " ".join(cmd)))
    return modules


def run_ort(model_file, feeds, outputs, work, modules):
    """Runs the helper; returns (exit status, result or None). feeds: (name,
    array); outputs: (name, .npy path)."""
    inputs = []
    for i, (name, array) in enumerate(feeds):
        spec = {"name": name, "dims": list(array.shape)}
        if array.dtype.kind in "US":
            spec.update(type="string", values=[str(s) for s in array.ravel()])
        else:
            dtype = array.dtype.newbyteorder("=")
            if dtype not in ORT_TYPES:
                raise Failed("input '%s': element type %s is not supported" % (name, array.dtype))
            spec.update(type=ORT_TYPES[dtype], file=os.path.join(work, "input_%d.bin" % i))
            np.ascontiguousarray(array, dtype=dtype.newbyteorder("<")).tofile(spec["file"])
        inputs.append(spec)
    request = os.path.join(work, "request.json")
    result = os.path.join(work, "result.json")
    with open(request, "w") as f:
        json.dump({"model": model_file, "inputs": inputs,
                   "outputs": [{"name": n, "file": p} for n, p in outputs]}, f)
    env = dict(os.environ, DLC_ORT_MODULES=modules)
    proc = subprocess.run(["node", HELPER, request, result], env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        return proc.returncode, proc.stderr.strip()
    with open(result) as f:
        return 0, json.load(f)


def main():
    parser = argparse.ArgumentParser(
        prog=PROG, description="Write onnxruntime's value of every tensor of an ONNX "
        "model as REFDIR/<percent-encoded name>.npy.")
    parser.add_argument("model", metavar="MODEL.onnx")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--test-data", metavar="DIR", help="read DIR/input_N.pb")
    source.add_argument("--input", metavar="FILE", action="append",
                        help="one input, .npy or .pb, by position (repeatable)")
    parser.add_argument("-o", dest="refdir", metavar="REFDIR", required=True)
    args = parser.parse_args()

    model, external = load_model(args.model)
    graph = model.graph
    initializers = {t.name for t in graph.initializer}
    input_names = [i.name for i in graph.input if i.name not in initializers]

    if args.test_data is not None:
        if not os.path.isdir(args.test_data):
            raise Failed("cannot open test data '%s': not a directory" % args.test_data)
        files = [os.path.join(args.test_data, "input_%d.pb" % i) for i in range(len(input_names))]
        extra = os.path.join(args.test_data, "input_%d.pb" % len(input_names))
        if os.path.exists(extra):
            raise Failed("'%s' takes %s, but '%s' has %s"
                         % (args.model, inputs_text(input_names), args.test_data,
                            os.path.basename(extra)))
    else:
        files = args.input
        if len(files) != len(input_names):
            raise Failed("'%s' takes %s, got %d"
                         % (args.model, inputs_text(input_names), len(files)))
    feeds = list(zip(input_names, [read_input(f) for f in files]))

    if shutil.which("node") is None:
        raise Failed("node is not on PATH (it runs onnxruntime-node)")
    modules = ort_modules()

    refdir = os.path.abspath(args.refdir)
    if os.path.exists(refdir) and not os.path.isdir(refdir):
        raise Failed("cannot write to '%s': not a directory" % args.refdir)
    names = value_names(graph)
    for name in names:
        # Most file systems' limit on one name is 255 bytes.
        if len(encode(name)) + len(".npy") > 255:
            raise Failed("'%s': value name too long for a file name once encoded: %.60s..."
                         % (args.model, name))
    parent = os.path.dirname(refdir)
    os.makedirs(parent, exist_ok=True)
    # Next to REFDIR, so that the final moves are renames on one file system.
    work = tempfile.mkdtemp(prefix="." + os.path.basename(refdir) + ".tmp-", dir=parent)
    try:
        out = os.path.join(work, "out")
        os.mkdir(out)
        model_file = os.path.join(work, "model.onnx")
        types = inferred_types(model)
        status = None
        # If onnxruntime disagrees with ONNX's inferred types, it refuses the
        # session; then once more with names only, for it to infer them all.
        for attempt_types in ([types, {}] if types else [{}]):
            copy, kept = with_outputs(model, names, attempt_types)
            if external:
                # A copy cannot point at the original's data files: onnxruntime
                # resolves them next to the copy.
                onnx.save(copy, model_file, save_as_external_data=True,
                          all_tensors_to_one_file=True, location="model.onnx.data")
            else:
                onnx.save(copy, model_file)
            outputs = [(n, os.path.join(out, encode(n) + ".npy")) for n in kept]
            status, result = run_ort(model_file, feeds, outputs, work, modules)
            if status != 3:
                break
        if status != 0:
            # Its message names the copy, which is gone by then.
            raise Failed("onnxruntime failed on '%s': %s"
                         % (args.model, result.replace(model_file, args.model)))
        for skipped in result["skipped"]:
            print("%s: warning: no file for '%s': %s" % (PROG, skipped["name"], skipped["reason"]),
                  file=sys.stderr)
        left_out = len(names) - len(kept)
        if left_out:
            print("%s: warning: %d non-tensor values have no file" % (PROG, left_out),
                  file=sys.stderr)
        if os.path.isdir(refdir):
            for entry in os.listdir(out):
                os.replace(os.path.join(out, entry), os.path.join(refdir, entry))
        else:
            os.rename(out, refdir)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("wrote %d values to %s (onnxruntime %s)"
          % (len(result["written"]), args.refdir, result["version"]))


if __name__ == "__main__":
    try:
        main()
    except Failed as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        sys.exit(2)
    except OSError as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        sys.exit(2)
