#!/bin/sh
# Builds DLC and runs every test (lit: dialects, passes, tools, C API,
# end-to-end numerics, ONNX conformance and real models), then builds DLC
# again with ASan + UBSan + LSan (build-sanitized/) and runs the suite on
# that build, every sanitizer report fatal, and last runs each libFuzzer
# target for 60 s (scripts/fuzz.sh, a fixed seed). DLC_SKIP_SANITIZED=1
# skips the last two.
# Usage: scripts/test.sh [extra lit args...]
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build
/usr/lib/llvm-22/bin/lit -sv build/test "$@"
[ "${DLC_SKIP_SANITIZED:-0}" = 1 ] && exit 0
cmake -S . -B build-sanitized -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DDLC_SANITIZE=address,undefined >/dev/null
cmake --build build-sanitized
/usr/lib/llvm-22/bin/lit -sv build-sanitized/test "$@"
DLC_FUZZ_SEED=1 sh scripts/fuzz.sh 60
