// Grouped convolutions whose groups are wide (at least 8 input and 16
// output channels each: RegNetX's 16, ResNeXt's last stages) are NHWC
// whatever the size of their columns, and dlc-codegen computes them as an
// scf.forall over the groups, each a convolution on the group's channels
// (WideGroups.c) with the direct schedule: vector FMAs over a vector of the
// group's output channels, no columns copied. They compute what the naive
// loops compute: 2 groups of 16 -> 16 channels (3x3, padded) before a relu,
// 3 groups of 8 -> 16 with strides and a dilation, 2 groups of 16 -> 32
// with a 1x1 window, on one and two threads, and with AVX2's tiles.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-4
// RUN: %python %S/Inputs/make_inputs.py %t 1x32x12x12 32x16x3x3 1x24x13x11 48x8x3x3 64x16x1x1
// RUN: dlc-run %s --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %s --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-run %s --threads 2 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-convert-layout, dlc-fuse-elementwise, canonicalize, dlc-codegen{vector-bits=256 vector-registers=16 threads=2}, dlc-lower-to-llvm{threads=2})' -o %t/avx2.mlir
// RUN: dlc-run %t/avx2.mlir --threads 2 %{inputs} %{expect} | FileCheck %s
// CHECK-COUNT-3: dtype=float32 {{.*}} ok
//
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-convert-layout, dlc-fuse-elementwise, canonicalize, dlc-codegen{vector-bits=512 vector-registers=32})' | FileCheck %s --check-prefix=CODEGEN
// CODEGEN-LABEL: func.func @main
// CODEGEN-NOT: linalg.conv_2d_nhwgc_gfhwc
// CODEGEN: scf.forall (%[[G:.*]]) in (2)
// CODEGEN: tensor.extract_slice %{{.*}}[0, 0, 0, %[[G]], 0] [1, 14, 14, 1, 16] [1, 1, 1, 1, 1] : tensor<1x14x14x2x16xf32> to tensor<1x14x14x16xf32>
// CODEGEN: vector.fma {{.*}} : vector<16xf32>
// CODEGEN: tensor.parallel_insert_slice {{.*}} into %{{.*}}[0, 0, 0, %[[G]], 0] [1, 12, 12, 1, 16]
// CODEGEN: scf.forall (%{{.*}}) in (3)
// CODEGEN: scf.forall (%{{.*}}) in (2)
// CODEGEN-NOT: linalg.conv_2d_nhwgc_gfhwc
func.func @main(%x: tensor<1x32x12x12xf32>, %w: tensor<32x16x3x3xf32>,
                %s: tensor<1x24x13x11xf32>, %sw: tensor<48x8x3x3xf32>, %pw: tensor<64x16x1x1xf32>)
    -> (tensor<1x32x12x12xf32>, tensor<1x48x6x5xf32>, tensor<1x64x12x12xf32>) {
  %c = "dlc_graph.conv"(%x, %w) {group = 2 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x32x12x12xf32>, tensor<32x16x3x3xf32>) -> tensor<1x32x12x12xf32>
  %cr = "dlc_graph.relu"(%c) : (tensor<1x32x12x12xf32>) -> tensor<1x32x12x12xf32>
  %y = "dlc_graph.conv"(%s, %sw) {dilations = array<i64: 1, 2>, group = 3 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 0, 0, 2>, strides = array<i64: 2, 2>} : (tensor<1x24x13x11xf32>, tensor<48x8x3x3xf32>) -> tensor<1x48x6x5xf32>
  %p = "dlc_graph.conv"(%x, %pw) {group = 2 : i64, kernel_shape = array<i64: 1, 1>} : (tensor<1x32x12x12xf32>, tensor<64x16x1x1xf32>) -> tensor<1x64x12x12xf32>
  return %cr, %y, %p : tensor<1x32x12x12xf32>, tensor<1x48x6x5xf32>, tensor<1x64x12x12xf32>
}
