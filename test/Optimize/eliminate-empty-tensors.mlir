// RUN: dlc-opt %s -split-input-file --dlc-eliminate-empty-tensors | FileCheck %s

// Ops whose results have a zero-size dim become empty constants; a concat
// with an empty operand is its other operand.
// CHECK-LABEL: func.func @empty
// CHECK-SAME: (%[[X:.*]]: tensor<0x3xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK: %[[E:.*]] = "dlc_graph.constant"() {{.*}} : () -> tensor<0x3xf32>
// CHECK-NOT: dlc_graph.relu
// CHECK-NOT: dlc_graph.concat
// CHECK: return %[[E]], %[[Y]]
func.func @empty(%x: tensor<0x3xf32>, %y: tensor<2x3xf32>) -> (tensor<0x3xf32>, tensor<2x3xf32>) {
  %r = "dlc_graph.relu"(%x) : (tensor<0x3xf32>) -> tensor<0x3xf32>
  %c = "dlc_graph.concat"(%x, %y) {axis = 0 : i64} : (tensor<0x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r, %c : tensor<0x3xf32>, tensor<2x3xf32>
}

// -----

// A reduction of an empty tensor has a non-empty result: it stays.
// CHECK-LABEL: func.func @reduce
// CHECK: dlc_graph.reduce_sum
func.func @reduce(%x: tensor<0x3xf32>) -> tensor<1x3xf32> {
  %r = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 0>} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}
