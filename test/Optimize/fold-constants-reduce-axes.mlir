// RUN: dlc-opt %s -dlc-fold-constants | FileCheck %s

// A constant `axes_tensor` becomes attribute `axes`: the fast lowering.
// CHECK-LABEL: func.func @constant_axes(
// CHECK: "dlc_graph.reduce_sum"(%{{[^,)]*}}) {axes = array<i64: 1>}
func.func @constant_axes(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %a = "dlc_graph.constant"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %y = "dlc_graph.reduce_sum"(%x, %a) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
