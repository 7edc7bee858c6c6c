// RUN: dlc-opt %s -split-input-file | FileCheck %s
// Round trip: the printed form parses and verifies again.
// RUN: dlc-opt %s -split-input-file | dlc-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4x4xf32>, %[[S:.*]]: tensor<3xf32>, %[[B:.*]]: tensor<3xf32>, %[[M:.*]]: tensor<3xf32>, %[[V:.*]]: tensor<3xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.batch_norm"(%[[X]], %[[S]], %[[B]], %[[M]], %[[V]])
// CHECK-SAME: epsilon = 1.000000e-03 : f32
// CHECK-SAME: -> tensor<2x3x4x4xf32>
// CHECK: return %[[Y]]
func.func @batch_norm(%x: tensor<2x3x4x4xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4x4xf32> {
  %y = "dlc_graph.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-3 : f32} : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  return %y : tensor<2x3x4x4xf32>
}

// -----

// Rank 2 (N x C) and f64; the default epsilon is not printed.
// CHECK-LABEL: func.func @batch_norm_2d_f64
// CHECK: "dlc_graph.batch_norm"
// CHECK-NOT: epsilon
// CHECK-SAME: -> tensor<5x3xf64>
func.func @batch_norm_2d_f64(%x: tensor<5x3xf64>, %c: tensor<3xf64>) -> tensor<5x3xf64> {
  %y = "dlc_graph.batch_norm"(%x, %c, %c, %c, %c) : (tensor<5x3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<5x3xf64>
  return %y : tensor<5x3xf64>
}

// -----

// CHECK-LABEL: func.func @layer_norm
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>, %[[S:.*]]: tensor<4xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.layer_norm"(%[[X]], %[[S]])
// CHECK-SAME: resultSegmentSizes = array<i32: 1, 0, 0>
// CHECK-SAME: (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK: return %[[Y]]
func.func @layer_norm(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %y = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2x3x4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// The optional bias and both optional results.
// CHECK-LABEL: func.func @layer_norm_all
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>, %[[S:.*]]: tensor<3x4xf32>, %[[B:.*]]: tensor<4xf32>
// CHECK: %[[R:.*]]:3 = "dlc_graph.layer_norm"(%[[X]], %[[S]], %[[B]])
// CHECK-SAME: axis = -2 : i64
// CHECK-SAME: epsilon = 9.99999974E-6 : f32
// CHECK-SAME: resultSegmentSizes = array<i32: 1, 1, 1>
// CHECK-SAME: stash_type = 1 : i64
// CHECK-SAME: -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
// CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#2
func.func @layer_norm_all(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>, %b: tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %y, %m, %i = "dlc_graph.layer_norm"(%x, %s, %b) {axis = -2 : i64, epsilon = 1.0e-5 : f32, stash_type = 1 : i64, resultSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return %y, %m, %i : tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}

// -----

// Only inv_std_dev: the segment sizes say which optional result is there.
// CHECK-LABEL: func.func @layer_norm_inv_std_dev
// CHECK: %[[R:.*]]:2 = "dlc_graph.layer_norm"
// CHECK-SAME: resultSegmentSizes = array<i32: 1, 0, 1>
// CHECK-SAME: -> (tensor<6x8xf32>, tensor<6x1xf32>)
// CHECK: return %[[R]]#1
func.func @layer_norm_inv_std_dev(%x: tensor<6x8xf32>, %s: tensor<8xf32>) -> tensor<6x1xf32> {
  %y, %i = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 0, 1>} : (tensor<6x8xf32>, tensor<8xf32>) -> (tensor<6x8xf32>, tensor<6x1xf32>)
  return %i : tensor<6x1xf32>
}

// -----

// CHECK-LABEL: func.func @softmax
// CHECK-SAME: %[[X:.*]]: tensor<2x?xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.softmax"(%[[X]]) {axis = 0 : i64} : (tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK: return %[[Y]]
func.func @softmax(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %y = "dlc_graph.softmax"(%x) {axis = 0 : i64} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return %y : tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func.func @log_softmax
// CHECK-SAME: %[[X:.*]]: tensor<3x5xf64>
// CHECK: %[[Y:.*]] = "dlc_graph.log_softmax"(%[[X]]) : (tensor<3x5xf64>) -> tensor<3x5xf64>
// CHECK: return %[[Y]]
func.func @log_softmax(%x: tensor<3x5xf64>) -> tensor<3x5xf64> {
  %y = "dlc_graph.log_softmax"(%x) : (tensor<3x5xf64>) -> tensor<3x5xf64>
  return %y : tensor<3x5xf64>
}
