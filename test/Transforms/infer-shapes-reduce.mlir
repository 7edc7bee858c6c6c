// RUN: dlc-opt %s -split-input-file --dlc-infer-shapes | FileCheck %s

// CHECK-LABEL: func.func @sum_keepdims
// CHECK-SAME: -> tensor<2x1x4xf32>
// CHECK: "dlc_graph.reduce_sum"{{.*}} -> tensor<2x1x4xf32>
func.func @sum_keepdims(%x: tensor<2x3x4xf32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// Negative axes count from the end; without keepdims the dims go away.
// CHECK-LABEL: func.func @mean_negative_axes
// CHECK: "dlc_graph.reduce_mean"{{.*}} -> tensor<3xf32>
func.func @mean_negative_axes(%x: tensor<2x3x4xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.reduce_mean"(%x) {axes = array<i64: -1, -3>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// No axes: all dims, kept as 1s by default.
// CHECK-LABEL: func.func @max_all_keepdims
// CHECK: "dlc_graph.reduce_max"{{.*}} -> tensor<1x1x1xi32>
func.func @max_all_keepdims(%x: tensor<5x?x7xi32>) -> tensor<?x?x?xi32> {
  %y = "dlc_graph.reduce_max"(%x) : (tensor<5x?x7xi32>) -> tensor<?x?x?xi32>
  return %y : tensor<?x?x?xi32>
}

// -----

// A reduced `?` dim is kept as a static 1.
// CHECK-LABEL: func.func @sum_dynamic_axis
// CHECK: "dlc_graph.reduce_sum"{{.*}} -> tensor<1x6xf64>
func.func @sum_dynamic_axis(%x: tensor<?x6xf64>) -> tensor<?x?xf64> {
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: -2>} : (tensor<?x6xf64>) -> tensor<?x?xf64>
  return %y : tensor<?x?xf64>
}

// -----

// An empty axes list is "no axes".
// CHECK-LABEL: func.func @empty_axes
// CHECK: "dlc_graph.reduce_sum"{{.*}} -> tensor<1x1xf32>
func.func @empty_axes(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64>} : (tensor<2x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// noop_with_empty_axes: no axes make the op an identity.
// CHECK-LABEL: func.func @noop
// CHECK: "dlc_graph.reduce_mean"{{.*}} -> tensor<2x3xf32>
func.func @noop(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.reduce_mean"(%x) {noop_with_empty_axes = true} : (tensor<2x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// With axes, noop_with_empty_axes changes nothing.
// CHECK-LABEL: func.func @noop_with_axes
// CHECK: "dlc_graph.reduce_max"{{.*}} -> tensor<2xf32>
func.func @noop_with_axes(%x: tensor<2x3xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false, noop_with_empty_axes = true} : (tensor<2x3xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// `?` dims that are kept stay `?`; reduced ones become 1 or disappear.
// CHECK-LABEL: func.func @dynamic
// CHECK: "dlc_graph.reduce_sum"{{.*}} -> tensor<?x1x4xui8>
// CHECK: "dlc_graph.reduce_sum"{{.*}} -> tensor<4xui8>
func.func @dynamic(%x: tensor<?x?x4xui8>) -> (tensor<?x?x?xui8>, tensor<?xui8>) {
  %a = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 1>} : (tensor<?x?x4xui8>) -> tensor<?x?x?xui8>
  %b = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<?x?x4xui8>) -> tensor<?xui8>
  return %a, %b : tensor<?x?x?xui8>, tensor<?xui8>
}

// -----

// Refined types flow into the next op.
// CHECK-LABEL: func.func @chain
// CHECK: %[[A:.*]] = "dlc_graph.reduce_max"{{.*}} -> tensor<2x4xf32>
// CHECK: "dlc_graph.reduce_mean"(%[[A]]){{.*}} : (tensor<2x4xf32>) -> tensor<1x4xf32>
func.func @chain(%x: tensor<2x3x4xf32>) -> tensor<?x?xf32> {
  %a = "dlc_graph.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3x4xf32>) -> tensor<?x?xf32>
  %b = "dlc_graph.reduce_mean"(%a) {axes = array<i64: 0>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %b : tensor<?x?xf32>
}
