// RUN: dlc-opt %s -split-input-file | FileCheck %s
// Round trip: the printed form parses and verifies again.
// RUN: dlc-opt %s -split-input-file | dlc-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @reduce_sum
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.reduce_sum"(%[[X]]) {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
// CHECK: return %[[Y]]
func.func @reduce_sum(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %y : tensor<2x1x4xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_mean
// CHECK: "dlc_graph.reduce_mean"
// CHECK-SAME: axes = array<i64: -1, 0>
// CHECK-SAME: keepdims = false
// CHECK-SAME: (tensor<2x3x4xi32>) -> tensor<3xi32>
func.func @reduce_mean(%x: tensor<2x3x4xi32>) -> tensor<3xi32> {
  %y = "dlc_graph.reduce_mean"(%x) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xi32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}

// -----

// No axes: everything is reduced.
// CHECK-LABEL: func.func @reduce_max
// CHECK: "dlc_graph.reduce_max"(%{{.*}}) : (tensor<?x3xui8>) -> tensor<1x1xui8>
func.func @reduce_max(%x: tensor<?x3xui8>) -> tensor<1x1xui8> {
  %y = "dlc_graph.reduce_max"(%x) : (tensor<?x3xui8>) -> tensor<1x1xui8>
  return %y : tensor<1x1xui8>
}

// -----

// CHECK-LABEL: func.func @reduce_noop
// CHECK: "dlc_graph.reduce_sum"(%{{.*}}) {noop_with_empty_axes = true} : (tensor<2x3xf64>) -> tensor<2x3xf64>
func.func @reduce_noop(%x: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %y = "dlc_graph.reduce_sum"(%x) {noop_with_empty_axes = true} : (tensor<2x3xf64>) -> tensor<2x3xf64>
  return %y : tensor<2x3xf64>
}

// -----

// Everything reduced without keepdims: a 0-d result.
// CHECK-LABEL: func.func @reduce_to_scalar
// CHECK: "dlc_graph.reduce_sum"(%{{.*}}) {keepdims = false} : (tensor<5x6xi64>) -> tensor<i64>
func.func @reduce_to_scalar(%x: tensor<5x6xi64>) -> tensor<i64> {
  %y = "dlc_graph.reduce_sum"(%x) {keepdims = false} : (tensor<5x6xi64>) -> tensor<i64>
  return %y : tensor<i64>
}
