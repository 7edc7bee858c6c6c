// An elementwise op reading two products (x W + h R, the step of a
// recurrent cell) is the epilogue of the first only; the second is
// scheduled alone. Both shapes: a matrix-vector product (3 rows) and a
// tiled one (64 rows); the numbers are the naive loops'.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy --input %t/input_6.npy --input %t/input_7.npy
// RUN: %python %S/Inputs/make_inputs.py %t 3x2 2x4 3x4 4x4 64x32 32x48 64x40 40x48
// RUN: dlc-run %s --codegen=naive %{inputs} -o %t/naive
// RUN: dlc-run %s %{inputs} --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-4 --atol 1e-4 | FileCheck %s
// CHECK-COUNT-2: dtype=float32 {{.*}} ok
func.func @main(%x: tensor<3x2xf32>, %w: tensor<2x4xf32>, %h: tensor<3x4xf32>, %r: tensor<4x4xf32>,
                %x2: tensor<64x32xf32>, %w2: tensor<32x48xf32>, %h2: tensor<64x40xf32>,
                %r2: tensor<40x48xf32>) -> (tensor<3x4xf32>, tensor<64x48xf32>) {
  %xw = "dlc_graph.matmul"(%x, %w) : (tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
  %hr = "dlc_graph.matmul"(%h, %r) : (tensor<3x4xf32>, tensor<4x4xf32>) -> tensor<3x4xf32>
  %s = "dlc_graph.add"(%xw, %hr) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %t = "dlc_graph.tanh"(%s) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %xw2 = "dlc_graph.matmul"(%x2, %w2) : (tensor<64x32xf32>, tensor<32x48xf32>) -> tensor<64x48xf32>
  %hr2 = "dlc_graph.matmul"(%h2, %r2) : (tensor<64x40xf32>, tensor<40x48xf32>) -> tensor<64x48xf32>
  %s2 = "dlc_graph.add"(%xw2, %hr2) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32>
  return %t, %s2 : tensor<3x4xf32>, tensor<64x48xf32>
}
