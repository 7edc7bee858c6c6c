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
