// RUN: dlc-opt %s -split-input-file --dlc-infer-shapes | FileCheck %s

// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME: -> tensor<2x3x8x8xf32>
// CHECK: "dlc_graph.batch_norm"{{.*}} -> tensor<2x3x8x8xf32>
func.func @batch_norm(%x: tensor<2x3x8x8xf32>, %c: tensor<3xf32>) -> tensor<?x?x?x?xf32> {
  %y = "dlc_graph.batch_norm"(%x, %c, %c, %c, %c) : (tensor<2x3x8x8xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

// -----

// The channel vectors fix a `?` channel dim; other `?` dims stay.
// CHECK-LABEL: func.func @batch_norm_channels_from_vectors
// CHECK: "dlc_graph.batch_norm"{{.*}} -> tensor<?x3x5xf64>
func.func @batch_norm_channels_from_vectors(%x: tensor<?x?x5xf64>, %c: tensor<3xf64>, %d: tensor<?xf64>) -> tensor<?x?x?xf64> {
  %y = "dlc_graph.batch_norm"(%x, %d, %c, %d, %d) : (tensor<?x?x5xf64>, tensor<?xf64>, tensor<3xf64>, tensor<?xf64>, tensor<?xf64>) -> tensor<?x?x?xf64>
  return %y : tensor<?x?x?xf64>
}

// -----

// CHECK-LABEL: func.func @layer_norm_last_axis
// CHECK: "dlc_graph.layer_norm"{{.*}} -> (tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>)
func.func @layer_norm_last_axis(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>) {
  %y, %m, %i = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x3x4xf32>, tensor<4xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>)
  return %y, %m, %i : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<?x?x?xf32>
}

// -----

// axis = 1 normalizes dims 1 and 2; mean keeps dim 0 only.
// CHECK-LABEL: func.func @layer_norm_axis1
// CHECK: "dlc_graph.layer_norm"{{.*}} -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>)
func.func @layer_norm_axis1(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>, %b: tensor<1x4xf32>) -> tensor<?x?x?xf32> {
  %y, %m = "dlc_graph.layer_norm"(%x, %s, %b) {axis = 1 : i64, resultSegmentSizes = array<i32: 1, 1, 0>} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<1x4xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>)
  return %m : tensor<?x?x?xf32>
}

// -----

// A negative axis; only inv_std_dev is asked for.
// CHECK-LABEL: func.func @layer_norm_negative_axis
// CHECK: "dlc_graph.layer_norm"{{.*}} -> (tensor<6x5x4xf32>, tensor<6x1x1xf32>)
func.func @layer_norm_negative_axis(%x: tensor<6x5x4xf32>, %s: tensor<f32>) -> tensor<?x?x?xf32> {
  %y, %i = "dlc_graph.layer_norm"(%x, %s) {axis = -2 : i64, resultSegmentSizes = array<i32: 1, 0, 1>} : (tensor<6x5x4xf32>, tensor<f32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>)
  return %i : tensor<?x?x?xf32>
}

// -----

// `?` dims before the axis propagate into mean; a static scale fixes a
// `?` normalized dim.
// CHECK-LABEL: func.func @layer_norm_dynamic
// CHECK: "dlc_graph.layer_norm"{{.*}} -> (tensor<?x8xf32>, tensor<?x1xf32>)
func.func @layer_norm_dynamic(%x: tensor<?x?xf32>, %s: tensor<8xf32>) -> tensor<?x?xf32> {
  %y, %m = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 1, 0>} : (tensor<?x?xf32>, tensor<8xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>)
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @softmax
// CHECK: "dlc_graph.softmax"{{.*}} -> tensor<2x10xf32>
// CHECK: "dlc_graph.log_softmax"{{.*}} -> tensor<2x10xf32>
func.func @softmax(%x: tensor<2x10xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %a = "dlc_graph.softmax"(%x) {axis = 0 : i64} : (tensor<2x10xf32>) -> tensor<?x?xf32>
  %b = "dlc_graph.log_softmax"(%x) {axis = -2 : i64} : (tensor<2x10xf32>) -> tensor<?x?xf32>
  return %a, %b : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @softmax_dynamic
// CHECK: "dlc_graph.softmax"{{.*}} -> tensor<?x7xf64>
func.func @softmax_dynamic(%x: tensor<?x7xf64>) -> tensor<?x?xf64> {
  %a = "dlc_graph.softmax"(%x) : (tensor<?x7xf64>) -> tensor<?x?xf64>
  return %a : tensor<?x?xf64>
}
