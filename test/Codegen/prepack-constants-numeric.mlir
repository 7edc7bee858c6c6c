// Constant weights packed when compiling (dlc-prepack-constants) give what
// the naive loops give: a Gemm with a bias and relu epilogue whose N and K
// end in partial tiles, a batched product with a constant B, a
// matrix-vector product (2 rows) and an im2col convolution (7x7 output,
// 64 channels to 16, too few for Winograd) whose filter is packed through
// its reshape to a matrix, on one and two threads. The model, with its weights as dense_resource
// blobs, is written by Inputs/const_weights.py.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --expect %t/naive/output_3.npy --rtol 1e-4 --atol 1e-4
// RUN: %python %S/Inputs/const_weights.py %t
// RUN: dlc-run %t/model.mlir --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %t/model.mlir --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-run %t/model.mlir --threads 2 %{inputs} %{expect} | FileCheck %s
// CHECK-COUNT-4: dtype=float32 {{.*}} ok
// Every product's weights are packed (tiles for AVX2 here), none is left
// as it was, a tile covering a whole operand too (the Gemm's 70 x 304, the
// matrix-vector product's); tiles wider than the register tile's columns
// (the Gemm's 304, the batched product's 32) panel by panel, 16 columns
// each.
// RUN: dlc-opt %t/model.mlir --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-convert-layout, dlc-fuse-elementwise, canonicalize, cse, dlc-codegen{vector-bits=256 vector-registers=16}, dlc-prepack-constants, canonicalize)' | FileCheck %s --check-prefix=IR
// IR-DAG: dense_resource<{{dlc_prepacked[_0-9]*}}> : tensor<1x1x19x70x16xf32>
// IR-DAG: dense_resource<{{dlc_prepacked[_0-9]*}}> : tensor<3x1x1x2x1x19x16xf32>
// IR-DAG: dense_resource<{{dlc_prepacked[_0-9]*}}> : tensor<1x1x5x50x64xf32>
// IR-DAG: dense_resource<{{dlc_prepacked[_0-9]*}}> : tensor<1x1x576x16xf32>
// IR-NOT: dense_resource<w1>
// IR-NOT: dense_resource<q>
// IR-NOT: dense_resource<w2>
// IR-NOT: dense_resource<wc>
