// RUN: dlc-opt %s -split-input-file -dlc-record-nodes | FileCheck %s

// One entry per node, in order: its op, result type and FLOPs (a multiply
// and an add per term: 2 x 4x8 outputs x 16 terms). Constants run no code.
// CHECK-LABEL: func.func @nodes(
// CHECK-SAME: dlc.nodes = [{flops = 1.024000e+03 : f64, name = "mm", op = "matmul", shape = "4x8xf32"}, {flops = 0.000000e+00 : f64, name = "act", op = "relu", shape = "4x8xf32"}]
func.func @nodes(%a: tensor<4x16xf32>) -> tensor<4x8xf32> {
  %w = "dlc_graph.constant"() {value = dense<1.0> : tensor<16x8xf32>} : () -> tensor<16x8xf32> loc("w")
  %m = "dlc_graph.matmul"(%a, %w) : (tensor<4x16xf32>, tensor<16x8xf32>) -> tensor<4x8xf32> loc("mm")
  %r = "dlc_graph.relu"(%m) : (tensor<4x8xf32>) -> tensor<4x8xf32> loc("act")
  return %r : tensor<4x8xf32>
}

// -----

// A node of several ops (the importer's decompositions) is named by its
// first op with FLOPs, its type is its last op's result, its FLOPs summed;
// conv counts C/group x kernel terms per output (2 x 1x4x6x6 x 2x3x3).
// CHECK-LABEL: func.func @decomposed(
// CHECK-SAME: dlc.nodes = [{flops = 5.184000e+03 : f64, name = "block", op = "conv", shape = "1x4x6x6xf32"}]
func.func @decomposed(%x: tensor<1x4x8x8xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %c = "dlc_graph.conv"(%x, %w) {group = 2 : i64} : (tensor<1x4x8x8xf32>, tensor<4x2x3x3xf32>) -> tensor<1x4x6x6xf32> loc("block")
  %r = "dlc_graph.relu"(%c) : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32> loc("block")
  return %r : tensor<1x4x6x6xf32>
}

// -----

// Gemm reads K from `a` as transposed; IR without names uses file:line:col.
// CHECK-LABEL: func.func @gemm(
// CHECK-SAME: dlc.nodes = [{flops = 2.400000e+02 : f64, name = "{{.*}}record-nodes.mlir:[[@LINE+2]]:8", op = "gemm", shape = "3x4xf32"}]
func.func @gemm(%a: tensor<10x3xf32>, %b: tensor<10x4xf32>) -> tensor<3x4xf32> {
  %y = "dlc_graph.gemm"(%a, %b) {trans_a = true} : (tensor<10x3xf32>, tensor<10x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

// Private functions are not entries: nothing is recorded.
// CHECK-LABEL: func.func private @helper(
// CHECK-NOT: dlc.nodes
// CHECK-SAME: {
func.func private @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "dlc_graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32> loc("r")
  return %r : tensor<2xf32>
}
