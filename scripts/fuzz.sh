#!/bin/sh
# Builds DLC's libFuzzer targets (build-fuzz/, clang-22, ASan + UBSan) and
# runs each for SECONDS (default 60), all side by side, on its corpus,
# seeded from ../shared's models and the lit tests' MLIR: fuzz-onnx-import,
# fuzz-mlir-input, fuzz-graph-pipeline, or those named. A crash, hang, leak or mismatch
# stops the target, leaves its input in build-fuzz/artifacts/ and fails the
# script (rerun one: build-fuzz/bin/fuzz-NAME FILE). Corpora grow in
# build-fuzz/corpus/ across runs. DLC_FUZZ_SEED fixes libFuzzer's seed.
# Usage: scripts/fuzz.sh [SECONDS [TARGET...]]
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-onnx-import mlir-input graph-pipeline}
shared=${DLC_SHARED:-../shared}
sh scripts/setup.sh
CC=clang-22 CXX=clang++-22 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DDLC_FUZZ=ON >/dev/null
cmake --build build-fuzz --target dlc-translate $(for t in $targets; do printf 'fuzz-%s ' "$t"; done)

seed() { # seed DIR FILES...: copies FILES into DIR, numbered, once
  dir=$1; shift
  [ -d "$dir" ] && return 0
  mkdir -p "$dir"
  n=0
  for f in "$@"; do [ -f "$f" ] && cp "$f" "$dir/seed$n" && n=$((n + 1)); done
}
seed build-fuzz/corpus/onnx-import "$shared"/onnx-node/*/model.onnx "$shared"/models/mlp/model.onnx \
  "$shared"/models/lenet/model.onnx "$shared"/models/encoder/model.onnx
seed build-fuzz/corpus/mlir-input $(find test -name '*.mlir' -o -name '*.mlirbc' | sort)
# Bytecode too: the reader runs in a sandboxed child.
for m in mlp lenet; do
  [ -f build-fuzz/corpus/mlir-input/$m.mlirbc ] || build-fuzz/bin/dlc-translate --import-onnx \
    --emit-bytecode "$shared"/models/$m/model.onnx -o build-fuzz/corpus/mlir-input/$m.mlirbc
done
mkdir -p build-fuzz/corpus/graph-pipeline build-fuzz/artifacts
printf '\000\007\010\030\004' > build-fuzz/corpus/graph-pipeline/seed0

# The targets run side by side (each for SECONDS of wall time): on a
# machine with fewer cores than targets they share them.
fuzz() { # fuzz TARGET: runs it, then prints its log's tail on failure
  t=$1
  case $t in
    graph-pipeline) limits="-max_len=12 -timeout=120" ;;  # each run JIT-compiles twice
    *) limits="-max_len=262144 -timeout=30" ;;
  esac
  # shellcheck disable=SC2086
  if build-fuzz/bin/fuzz-"$t" -max_total_time="$seconds" -rss_limit_mb=4096 $limits \
      -artifact_prefix=build-fuzz/artifacts/"$t"- -print_final_stats=1 -seed="${DLC_FUZZ_SEED:-0}" \
      build-fuzz/corpus/"$t" 2> build-fuzz/fuzz-"$t".log; then
    echo ok > build-fuzz/fuzz-"$t".status
  else
    echo failed > build-fuzz/fuzz-"$t".status
  fi
}
pids=
for t in $targets; do
  echo "fuzz-$t: $seconds s"
  rm -f build-fuzz/fuzz-"$t".status
  fuzz "$t" &
  pids="$pids $!"
done
# shellcheck disable=SC2086
wait $pids
status=0
for t in $targets; do
  if [ "$(cat build-fuzz/fuzz-"$t".status 2>/dev/null)" != ok ]; then
    echo "fuzz-$t failed:" >&2
    tail -40 build-fuzz/fuzz-"$t".log >&2
    status=1
  fi
  echo "fuzz-$t:"
  grep -E '^stat::number_of_executed_units|^Done' build-fuzz/fuzz-"$t".log || true
done
exit $status
