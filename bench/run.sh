#!/bin/sh
# DLC benchmarks against NumPy/OpenBLAS, oneDNN, PyTorch and onnxruntime.
#
#   sh bench/run.sh [--quick] [--threads 1,2] [--out DIR] [--rounds N] [--only REGEX]
#
# Installs the references when missing (Debian packages; onnxruntime-node from
# npm into bench/node_modules), builds bench/build/dnnl_sgemm, then hands over
# to bench/bench.py. The full run rewrites docs/Performance.md,
# docs/performance.png and bench/results.csv; --quick runs a small subset and
# writes to a new temp dir (printed at the end), leaving docs/ alone.
# Exit status: 0 unless something failed to install, build or run; speed
# never fails it.
set -eu

BENCH=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$BENCH")

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# --- Debian packages: only when one is missing (apt-get update once).
PKGS="libopenblas0-pthread libdnnl-dev python3-torch python3-torchvision python3-matplotlib
python3-onnx python3-numpy python3-threadpoolctl gcc libc6-dev time"
command -v node >/dev/null 2>&1 || PKGS="$PKGS nodejs"
command -v npm >/dev/null 2>&1 || PKGS="$PKGS npm"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    echo "bench: installing$missing" >&2
    as_root apt-get update -q >&2
    # shellcheck disable=SC2086
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >&2
fi

# --- onnxruntime from npm. --ignore-scripts: the package's install script
# would download extra GPU libraries; the CPU library ships in the package.
if [ ! -d "$BENCH/node_modules/onnxruntime-node" ]; then
    echo "bench: installing onnxruntime-node from npm" >&2
    (cd "$BENCH" && npm ci --ignore-scripts --no-audit --no-fund >&2)
fi
# Fails here, not mid-run, if the native CPU library cannot load.
node "$BENCH/ort_run.js" --version >&2

# --- The oneDNN sgemm timer, rebuilt when its source changes.
mkdir -p "$BENCH/build"
if [ ! -x "$BENCH/build/dnnl_sgemm" ] ||
   [ "$BENCH/dnnl_sgemm.c" -nt "$BENCH/build/dnnl_sgemm" ]; then
    gcc -O2 -std=c11 -Wall -Wextra -o "$BENCH/build/dnnl_sgemm" \
        "$BENCH/dnnl_sgemm.c" -ldnnl
fi

# --- dlc-run comes from the project's own build (scripts/test.sh builds it).
# While someone rebuilds it, it can be missing for a moment: wait for it.
waited=0
while [ ! -x "$ROOT/build/bin/dlc-run" ]; do
    if [ "$waited" -ge 600 ]; then
        echo "bench: $ROOT/build/bin/dlc-run not found; build DLC first" >&2
        exit 2
    fi
    [ "$waited" = 0 ] && echo "bench: waiting for build/bin/dlc-run" >&2
    sleep 5
    waited=$((waited + 5))
done

# OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE, if the environment sets them, would
# pick other OpenBLAS kernels than this CPU's: unset them for the benchmark
# only. /usr/bin/python3: the Debian NumPy/torch, whatever python3 is on PATH.
cd "$BENCH"
exec env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE /usr/bin/python3 "$BENCH/bench.py" "$@"
