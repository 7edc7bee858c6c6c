"""Checks that lib/ is layered without cycles: a file includes headers of
its own directory or of a lower layer only. lib/Bridge/ (the C++ that
implements functions of several layers) is left out. With --tools DIR,
checks instead that the tools include nothing of lib/: only dlc-c/,
mlir-c/, system headers and their own (no directory in the name).
Usage: check_layers.py LIB_DIR | check_layers.py --tools TOOLS_DIR"""
import os
import re
import sys

# Lowest first; directories in one row are one layer.
LAYERS = [
    ["Support", "Tensor"],
    ["Dialect"],
    ["Optimize", "Transforms", "Conversion", "Codegen", "Pass"],
    ["Entry", "Onnx"],
    ["Target"],
    ["Runtime"],
    ["Tools"],
]
RANK = {d: i for i, row in enumerate(LAYERS) for d in row}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([A-Za-z]+)/')

def main(lib):
    problems = []
    for top in sorted(os.listdir(lib)):
        path = os.path.join(lib, top)
        if not os.path.isdir(path) or top == "Bridge":
            continue
        if top not in RANK:
            problems.append(f"lib/{top}/ is in no layer of check_layers.py")
            continue
        for root, _, files in os.walk(path):
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                file = os.path.join(root, name)
                for n, line in enumerate(open(file, encoding="utf-8"), 1):
                    m = INCLUDE.match(line)
                    if not m or m.group(1) in ("dlc-c", "mlir-c", "Bridge"):
                        continue
                    dep = m.group(1)
                    if dep not in RANK:
                        continue
                    if RANK[dep] > RANK[top]:
                        rel = os.path.relpath(file, os.path.dirname(lib))
                        problems.append(f"{rel}:{n}: lib/{top} (layer {RANK[top]}) includes "
                                        f"{dep}/ (layer {RANK[dep]}), which is above it")
    for p in problems:
        print(p)
    print(f"{len(problems)} layering problem(s)")
    return 1 if problems else 0

def tools(top):
    problems = []
    quoted = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
    for root, _, files in os.walk(top):
        for name in sorted(files):
            if not name.endswith((".c", ".h")):
                continue
            file = os.path.join(root, name)
            for n, line in enumerate(open(file, encoding="utf-8"), 1):
                m = quoted.match(line)
                if m and "/" in m.group(1) and not m.group(1).startswith(("dlc-c/", "mlir-c/")):
                    rel = os.path.relpath(file, os.path.dirname(top))
                    problems.append(f"{rel}:{n}: includes {m.group(1)}, which is not public API")
    for p in problems:
        print(p)
    print(f"{len(problems)} private include(s)")
    return 1 if problems else 0

if __name__ == "__main__":
    if sys.argv[1] == "--tools":
        sys.exit(tools(sys.argv[2]))
    sys.exit(main(sys.argv[1]))
