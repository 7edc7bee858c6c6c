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
QUOTED = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def includes(top):
    """(file relative to top's parent, line number, quoted include) of every
    C file and header under `top`."""
    for root, _, files in os.walk(top):
        for name in sorted(files):
            if name.endswith((".c", ".h")):
                file = os.path.join(root, name)
                rel = os.path.relpath(file, os.path.dirname(top.rstrip("/")))
                for n, line in enumerate(open(file, encoding="utf-8"), 1):
                    m = QUOTED.match(line)
                    if m:
                        yield rel, n, m.group(1)


def report(problems, what):
    for p in problems:
        print(p)
    print(f"{len(problems)} {what}")
    return 1 if problems else 0


def main(lib):
    problems = []
    for top in sorted(os.listdir(lib)):
        path = os.path.join(lib, top)
        if not os.path.isdir(path) or top == "Bridge":
            continue
        if top not in RANK:
            problems.append(f"lib/{top}/ is in no layer of check_layers.py")
            continue
        for rel, n, header in includes(path):
            dep = header.split("/")[0] if "/" in header else None
            if dep in RANK and RANK[dep] > RANK[top]:
                problems.append(f"lib/{rel}:{n}: lib/{top} (layer {RANK[top]}) includes "
                                f"{dep}/ (layer {RANK[dep]}), which is above it")
    return report(problems, "layering problem(s)")


def tools(top):
    problems = [f"{rel}:{n}: includes {header}, which is not public API"
                for rel, n, header in includes(top)
                if "/" in header and not header.startswith(("dlc-c/", "mlir-c/"))]
    return report(problems, "private include(s)")


if __name__ == "__main__":
    if sys.argv[1] == "--tools":
        sys.exit(tools(sys.argv[2]))
    sys.exit(main(sys.argv[1]))
