#!/bin/sh
# Builds DLC and runs every test (lit: dialects, passes, tools, C API,
# end-to-end numerics, ONNX conformance and real models).
# Usage: scripts/test.sh [extra lit args...]
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
/usr/lib/llvm-22/bin/lit -sv build/test "$@"
