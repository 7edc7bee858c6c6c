// Row groups compute what the naive loops compute, for rows of odd counts
// and lengths: one row of one element, primes (7 x 13, 13 x 31, 3 x 5 x 17),
// and, with row-block=64, blocks that do not divide the rows (7 rows in
// blocks of 4: a partial last block), on one and two threads.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy --input %t/input_6.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --expect %t/naive/output_3.npy --expect %t/naive/output_4.npy --rtol 1e-4 --atol 1e-6
// RUN: %python %S/Inputs/make_inputs.py %t 1x1 7x13 13x31 31 31 3x5x17 97x3
// RUN: dlc-run %s --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %s --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-fuse-elementwise, canonicalize, cse, dlc-codegen{row-block=64})' -o %t/blocks.mlir
// RUN: FileCheck %s --check-prefix=LOOPS < %t/blocks.mlir
// RUN: dlc-run %t/blocks.mlir --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-run %t/blocks.mlir --threads 2 %{inputs} %{expect} | FileCheck %s
// Every group is a loop (five outputs, five loops), and 97 rows of 3 in
// blocks of 21 leave a partial last block.
// LOOPS-COUNT-5: = scf.forall (
// LOOPS-NOT: = scf.forall (
// CHECK-COUNT-5: dtype=float32 {{.*}} ok
func.func @main(%a: tensor<1x1xf32>, %b: tensor<7x13xf32>, %c: tensor<13x31xf32>,
                %scale: tensor<31xf32>, %bias: tensor<31xf32>, %d: tensor<3x5x17xf32>,
                %e: tensor<97x3xf32>)
    -> (tensor<1x1xf32>, tensor<7x13xf32>, tensor<13x31xf32>, tensor<3x5x17xf32>, tensor<97x3xf32>) {
  %sa = "dlc_graph.softmax"(%a) {axis = -1 : i64} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  %sb = "dlc_graph.softmax"(%b) {axis = -1 : i64} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %lc = "dlc_graph.layer_norm"(%c, %scale, %bias) {axis = -1 : i64, resultSegmentSizes = array<i32: 1, 0, 0>}
      : (tensor<13x31xf32>, tensor<31xf32>, tensor<31xf32>) -> tensor<13x31xf32>
  %ld = "dlc_graph.log_softmax"(%d) {axis = -1 : i64} : (tensor<3x5x17xf32>) -> tensor<3x5x17xf32>
  // RMS norm: x / sqrt(mean(x * x) + 1).
  %sq = "dlc_graph.mul"(%e, %e) : (tensor<97x3xf32>, tensor<97x3xf32>) -> tensor<97x3xf32>
  %m = "dlc_graph.reduce_mean"(%sq) {axes = array<i64: -1>, keepdims = true} : (tensor<97x3xf32>) -> tensor<97x1xf32>
  %one = "dlc_graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %me = "dlc_graph.add"(%m, %one) : (tensor<97x1xf32>, tensor<f32>) -> tensor<97x1xf32>
  %r = "dlc_graph.sqrt"(%me) : (tensor<97x1xf32>) -> tensor<97x1xf32>
  %re = "dlc_graph.div"(%e, %r) : (tensor<97x3xf32>, tensor<97x1xf32>) -> tensor<97x3xf32>
  return %sa, %sb, %lc, %ld, %re : tensor<1x1xf32>, tensor<7x13xf32>, tensor<13x31xf32>, tensor<3x5x17xf32>, tensor<97x3xf32>
}
