// Depthwise convolutions whose channels fill no 256-bit vector (58 with a
// bias and relu, 116 with stride 2 on an odd size, 7 with a 5x5 window and
// no padding) compute, padded to whole vectors by dlc-convert-layout, what
// the naive loops compute, on one and two threads. The model, with its
// weights as dense_resource blobs, is written by Inputs/depthwise_narrow.py.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-4
// RUN: %python %S/Inputs/depthwise_narrow.py %t
// RUN: dlc-run %t/model.mlir --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %t/model.mlir --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-run %t/model.mlir --threads 2 %{inputs} %{expect} | FileCheck %s
// CHECK-COUNT-3: dtype=float32 {{.*}} ok
//
// Each is scheduled in vectors: 58 -> 64 and 116 -> 128 channels in 512-bit
// vectors on AVX-512, 7 -> 8 in one 256-bit vector.
// RUN: dlc-opt %t/model.mlir --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-convert-layout, dlc-fuse-elementwise, canonicalize, dlc-codegen{vector-bits=512 vector-registers=32})' | FileCheck %s --check-prefix=CODEGEN
// CODEGEN-LABEL: func.func @main
// CODEGEN-NOT: linalg.depthwise_conv_2d
// CODEGEN: vector.fma {{.*}} : vector<7x16xf32>
// CODEGEN-NOT: linalg.depthwise_conv_2d
// CODEGEN: vector.fma {{.*}} : vector<{{[0-9]+}}x16xf32>
// CODEGEN-NOT: linalg.depthwise_conv_2d
// CODEGEN: vector.fma {{.*}} : vector<{{[0-9]+}}x8xf32>
// CODEGEN-NOT: linalg.depthwise_conv_2d
