// RUN: dlc-opt %s -split-input-file --dlc-fold-constants=max-elements=4 | FileCheck %s

// A result above max-elements whose operand has another user is not
// computed: it would duplicate the weight.
// CHECK-LABEL: func.func @shared
// CHECK: dlc_graph.transpose
func.func @shared() -> (tensor<3x2xf32>, tensor<2x3xf32>) {
  %w = "dlc_graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %t = "dlc_graph.transpose"(%w) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t, %w : tensor<3x2xf32>, tensor<2x3xf32>
}

// -----

// It is computed in place of an operand only it uses.
// CHECK-LABEL: func.func @in_place
// CHECK: %[[C:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}[1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>}
// CHECK-NOT: dlc_graph.transpose
// CHECK: return %[[C]]
func.func @in_place() -> tensor<3x2xf32> {
  %w = "dlc_graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %t = "dlc_graph.transpose"(%w) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %t : tensor<3x2xf32>
}

// -----

// A large result that this pass folded (an intermediate, not a weight) may
// be read by several folds: the one-hot of a scatter of constants (updates
// x targets, 2 x 3 here) folds into both of its readers, and only the
// small scatter result stays.
// CHECK-LABEL: func.func @folded_intermediate
// CHECK: %[[C:.*]] = "dlc_graph.constant"() {value = dense<[5.000000e+00, 0xFF800000, 7.000000e+00]> : tensor<3xf32>}
// CHECK: %[[N:.*]] = "dlc_graph.constant"() {value = dense<[1, 0, 1]> : tensor<3xi32>}
// CHECK-NOT: dlc_graph.where
// CHECK: return %[[C]], %[[N]]
func.func @folded_intermediate() -> (tensor<3xf32>, tensor<3xi32>) {
  %idx = "dlc_graph.constant"() {value = dense<[[0], [2]]> : tensor<2x1xi64>} : () -> tensor<2x1xi64>
  %targets = "dlc_graph.constant"() {value = dense<[0, 1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %upd = "dlc_graph.constant"() {value = dense<[[5.0], [7.0]]> : tensor<2x1xf32>} : () -> tensor<2x1xf32>
  %lo = "dlc_graph.constant"() {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
  %one = "dlc_graph.constant"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %zero = "dlc_graph.constant"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %hit = "dlc_graph.equal"(%idx, %targets) : (tensor<2x1xi64>, tensor<3xi64>) -> tensor<2x3xi1>
  %picked = "dlc_graph.where"(%hit, %upd, %lo) : (tensor<2x3xi1>, tensor<2x1xf32>, tensor<f32>) -> tensor<2x3xf32>
  %merged = "dlc_graph.reduce_max"(%picked) {axes = array<i64: 0>, keepdims = false} : (tensor<2x3xf32>) -> tensor<3xf32>
  %count = "dlc_graph.where"(%hit, %one, %zero) : (tensor<2x3xi1>, tensor<i32>, tensor<i32>) -> tensor<2x3xi32>
  %n = "dlc_graph.reduce_sum"(%count) {axes = array<i64: 0>, keepdims = false} : (tensor<2x3xi32>) -> tensor<3xi32>
  return %merged, %n : tensor<3xf32>, tensor<3xi32>
}
