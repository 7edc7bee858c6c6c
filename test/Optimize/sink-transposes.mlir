// RUN: dlc-opt %s -split-input-file --dlc-sink-transposes --dlc-simplify-algebra | FileCheck %s

// A transpose sinks below a relu and an add with a scalar, meets its
// inverse and both vanish.
// CHECK-LABEL: func.func @cancel
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK: %[[R:.*]] = "dlc_graph.relu"(%[[X]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[A:.*]] = "dlc_graph.add"(%[[R]], %{{.*}}) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: return %[[A]]
func.func @cancel(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %k = "dlc_graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %t = "dlc_graph.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = "dlc_graph.relu"(%t) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %a = "dlc_graph.add"(%r, %k) : (tensor<3x2xf32>, tensor<f32>) -> tensor<3x2xf32>
  %u = "dlc_graph.transpose"(%a) {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %u : tensor<2x3xf32>
}

// -----

// Two operands transposed alike: the op runs on the originals, one
// transpose after it.
// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK: %[[M:.*]] = "dlc_graph.mul"(%[[X]], %[[Y]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[T:.*]] = "dlc_graph.transpose"(%[[M]])
// CHECK: return %[[T]]
func.func @binary(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %tx = "dlc_graph.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %ty = "dlc_graph.transpose"(%y) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %m = "dlc_graph.mul"(%tx, %ty) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %m : tensor<3x2xf32>
}

// -----

// Not moved: a transpose with another user (it would be duplicated) and an
// operand that is neither transposed alike nor a scalar.
// CHECK-LABEL: func.func @kept
// CHECK: %[[T:.*]] = "dlc_graph.transpose"
// CHECK: "dlc_graph.relu"(%[[T]])
// CHECK: %[[U:.*]] = "dlc_graph.transpose"
// CHECK: "dlc_graph.add"(%[[U]], %{{.*}})
func.func @kept(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %t = "dlc_graph.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %r = "dlc_graph.relu"(%t) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %u = "dlc_graph.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %a = "dlc_graph.add"(%u, %y) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r, %t, %a : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}
