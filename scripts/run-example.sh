#!/bin/sh
# DLC's main job on a bundled example: compile a model and run it.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build >/dev/null
echo "== parse, verify and infer shapes: examples/mlp.mlir"
build/bin/dlc-opt examples/mlp.mlir --dlc-infer-shapes
echo "== lower to linalg"
build/bin/dlc-opt examples/mlp.mlir --dlc-graph-to-linalg
