#!/bin/sh
# DLC's main job on the bundled example: compile an ONNX model and run it.
# examples/tiny_cnn is a small CNN (conv, relu, max pool, conv, relu, global
# average pool, gemm, softmax: a 12x12 image in, 10 class probabilities out)
# that examples/make_tiny_cnn.py wrote, with a NumPy reference output.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build >/dev/null

model=examples/tiny_cnn/model.onnx
data=examples/tiny_cnn/test_data_set_0

echo "== JIT: compile $model and run it on $data/input_0.pb"
build/bin/dlc-run $model --input $data/input_0.pb

echo "== the same, checked against the reference output_0.pb; compile time, latency of 1000 runs"
build/bin/dlc-run $model --test-data $data --rtol 1e-3 --atol 1e-4 --repeat 1000

echo "== ahead of time: a shared library with a C header, called from examples/tiny_cnn_main.c"
out=build/example
mkdir -p $out
build/bin/dlc-translate --emit-shared $model -o $out/libtiny_cnn.so
cc -O2 -I $out examples/tiny_cnn_main.c $out/libtiny_cnn.so -Wl,-rpath,"$PWD/$out" -lm -o $out/tiny_cnn
$out/tiny_cnn examples/tiny_cnn/input_0.f32 examples/tiny_cnn/output_0.f32
