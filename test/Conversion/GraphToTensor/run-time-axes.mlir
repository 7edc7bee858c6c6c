// RUN: dlc-opt %s -split-input-file -dlc-graph-to-tensor | FileCheck %s

// Axes read at run time: each entry is extracted (negative ones wrapped)
// and compared with every dim. Each dim in turn is split in two by
// tensor.reshape, (1, n) when an entry names it, else (n, 1), and the
// second part is reduced: no branches, and every result dim is `?`.
// CHECK-LABEL: func.func @sum_keepdims(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[A:[^:]*]]: tensor<1xi64>
// CHECK: %[[E:.*]] = tensor.extract %[[A]][%{{.*}}] : tensor<1xi64>
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[E]]
// CHECK: %[[AXIS:.*]] = arith.select %[[NEG]], %{{.*}}, %[[E]] : i64
// CHECK: %[[M0:.*]] = arith.cmpi eq, %[[AXIS]], %{{.*}} : i64
// CHECK: %[[OUTER:.*]] = arith.select %[[M0]], %{{.*}}, %{{.*}} : index
// CHECK: %[[INNER:.*]] = arith.select %[[M0]], %{{.*}}, %{{.*}} : index
// CHECK: %[[S0:.*]] = tensor.from_elements %[[OUTER]], %[[INNER]], %{{.*}} : tensor<3xindex>
// CHECK: %[[R0:.*]] = tensor.reshape %[[X]](%[[S0]]) : (tensor<2x3xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
// CHECK: "dlc_tensor.reduce"(%[[R0]]) {dims = array<i64: 1>, kind = "sum"} : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.reduce"(%{{.*}}) {dims = array<i64: 2>, kind = "sum"} : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
// CHECK: return %[[Y]] : tensor<?x?xf32>
func.func @sum_keepdims(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %y = "dlc_graph.reduce_sum"(%x, %a) : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Without keepdims, a last tensor.reshape takes the sizes of the dims no
// entry names.
// CHECK-LABEL: func.func @max_dropped(
// CHECK-COUNT-3: kind = "max"
// CHECK: %[[S:.*]] = tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xindex>
// CHECK: %[[Y:.*]] = tensor.reshape %{{.*}}(%[[S]]) : (tensor<?x?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK: return %[[Y]]
func.func @max_dropped(%x: tensor<2x3x4xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  %y = "dlc_graph.reduce_max"(%x, %a) {keepdims = false} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Log-sum-exp is taken over each dim in turn, shifted by that dim's
// maximum (kept as 1 to broadcast against the split input).
// CHECK-LABEL: func.func @log_sum_exp(
// CHECK: kind = "max"
// CHECK: dlc_tensor.map
// CHECK: kind = "sum"
// CHECK: dlc_tensor.map
func.func @log_sum_exp(%x: tensor<4xf32>, %a: tensor<1xi32>) -> tensor<?xf32> {
  %y = "dlc_graph.reduce_log_sum_exp"(%x, %a) : (tensor<4xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
