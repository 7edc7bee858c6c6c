// Grouped convolutions (groups of more than one channel) compute what the
// naive loops compute: 3 groups of 4 -> 5 channels with strides, dilations
// and uneven pads; 6 groups of 8 -> 8 (RegNet's layers) before a relu; and
// two images (left to the loops), on one and two threads.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-4
// RUN: %python %S/Inputs/make_inputs.py %t 1x12x13x11 15x4x3x3 1x48x17x17 48x8x3x3 2x8x9x9 8x4x3x3
// RUN: dlc-run %s --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %s --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-run %s --threads 2 %{inputs} %{expect} | FileCheck %s
// CHECK-COUNT-3: dtype=float32 {{.*}} ok
//
// Each image's groups are one batched product: the group's weights
// (F/G x C/G*KH*KW) by the columns of its input windows (C/G*KH*KW x
// OH*OW, a generic copying them), scheduled like any batched product; two
// images keep the grouped op, for the loop lowering.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-codegen)' | FileCheck %s --check-prefix=CODEGEN
// CODEGEN-LABEL: func.func @main
// CODEGEN: %[[COLS:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%{{.*}} : tensor<3x4x16x12xf32>) outs(%{{.*}} : tensor<3x4x3x3x6x4xf32>)
// CODEGEN: tensor.collapse_shape %[[COLS]] {{\[}}[0], [1, 2, 3], [4, 5]] : tensor<3x4x3x3x6x4xf32> into tensor<3x36x24xf32>
// CODEGEN: vector.outerproduct
// CODEGEN: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2], [3, 4]] output_shape [1, 3, 5, 6, 4] : tensor<3x5x24xf32> into tensor<1x3x5x6x4xf32>
// CODEGEN: tensor<6x72x289xf32>
// CODEGEN: vector.outerproduct
// CODEGEN: linalg.conv_2d_ngchw_gfchw {{.*}} -> tensor<2x2x4x7x7xf32>
func.func @main(%x: tensor<1x12x13x11xf32>, %w: tensor<15x4x3x3xf32>,
                %r: tensor<1x48x17x17xf32>, %rw: tensor<48x8x3x3xf32>,
                %b: tensor<2x8x9x9xf32>, %bw: tensor<8x4x3x3xf32>)
    -> (tensor<1x15x6x4xf32>, tensor<1x48x17x17xf32>, tensor<2x8x7x7xf32>) {
  %y = "dlc_graph.conv"(%x, %w) {dilations = array<i64: 2, 2>, group = 3 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 2, 0>, strides = array<i64: 2, 2>} : (tensor<1x12x13x11xf32>, tensor<15x4x3x3xf32>) -> tensor<1x15x6x4xf32>
  %c = "dlc_graph.conv"(%r, %rw) {group = 6 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x48x17x17xf32>, tensor<48x8x3x3xf32>) -> tensor<1x48x17x17xf32>
  %cr = "dlc_graph.relu"(%c) : (tensor<1x48x17x17xf32>) -> tensor<1x48x17x17xf32>
  %z = "dlc_graph.conv"(%b, %bw) {group = 2 : i64, kernel_shape = array<i64: 3, 3>} : (tensor<2x8x9x9xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x7x7xf32>
  return %y, %cr, %z : tensor<1x15x6x4xf32>, tensor<1x48x17x17xf32>, tensor<2x8x7x7xf32>
}
