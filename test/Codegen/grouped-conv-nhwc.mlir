// Grouped convolutions whose groups' columns fit in 64 KB are NHWC
// (dlc-convert-layout) and computed one group per iteration of a parallel
// loop (@dlc_grouped_conv): they compute what the naive loops compute with
// 4 groups of 8 -> 8 channels (RegNet's) before a relu, 5 groups of 3 -> 2
// with strides, a dilation and uneven pads, and 1x1 windows, on one and two
// threads.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-4
// RUN: %python %S/Inputs/make_inputs.py %t 1x32x9x9 32x8x3x3 1x15x11x10 10x3x3x3 10x3x1x1
// RUN: dlc-run %s --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %s --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-run %s --threads 2 %{inputs} %{expect} | FileCheck %s
// CHECK-COUNT-3: dtype=float32 {{.*}} ok
//
// Each group's iteration gathers the group's input channels as planes,
// copies their windows as columns, multiplies them by the group's weights
// (vector outer products) and writes the product into the NHWC result.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-convert-layout, dlc-fuse-elementwise, canonicalize, dlc-codegen)' | FileCheck %s --check-prefix=CODEGEN
// CODEGEN-LABEL: func.func @main
// CODEGEN: scf.forall (%{{.*}}) in (4)
// CODEGEN: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x8x11x11xf32>)
// CODEGEN: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x3x3x8x9x9xf32>)
// CODEGEN: vector.outerproduct
// CODEGEN: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x9x9x1x8xf32>)
// CODEGEN: scf.forall.in_parallel
func.func @main(%x: tensor<1x32x9x9xf32>, %w: tensor<32x8x3x3xf32>,
                %s: tensor<1x15x11x10xf32>, %sw: tensor<10x3x3x3xf32>, %pw: tensor<10x3x1x1xf32>)
    -> (tensor<1x32x9x9xf32>, tensor<1x10x5x4xf32>, tensor<1x10x11x10xf32>) {
  %c = "dlc_graph.conv"(%x, %w) {group = 4 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x32x9x9xf32>, tensor<32x8x3x3xf32>) -> tensor<1x32x9x9xf32>
  %cr = "dlc_graph.relu"(%c) : (tensor<1x32x9x9xf32>) -> tensor<1x32x9x9xf32>
  %y = "dlc_graph.conv"(%s, %sw) {dilations = array<i64: 1, 2>, group = 5 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 0, 0, 2>, strides = array<i64: 2, 2>} : (tensor<1x15x11x10xf32>, tensor<10x3x3x3xf32>) -> tensor<1x10x5x4xf32>
  %p = "dlc_graph.conv"(%s, %pw) {group = 5 : i64, kernel_shape = array<i64: 1, 1>} : (tensor<1x15x11x10xf32>, tensor<10x3x1x1xf32>) -> tensor<1x10x11x10xf32>
  return %cr, %y, %p : tensor<1x32x9x9xf32>, tensor<1x10x5x4xf32>, tensor<1x10x11x10xf32>
}
