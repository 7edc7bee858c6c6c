// RUN: dlc-opt %s -split-input-file --dlc-graph-to-tensor | FileCheck %s

// keepdims (the default): reduce, then reshape the dim back in as 1.
// CHECK-LABEL: func.func @sum_keepdims
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>
// CHECK: %[[R:.*]] = "dlc_tensor.reduce"(%[[X]]) {dims = array<i64: 1>, kind = "sum"} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK: %[[K:.*]] = "dlc_tensor.reshape"(%[[R]]) : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
// CHECK: return %[[K]]
func.func @sum_keepdims(%x: tensor<2x3x4xf32>) -> tensor<2x1x4xf32> {
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %y : tensor<2x1x4xf32>
}

// -----

// Negative, unsorted axes become sorted dims; no reshape without keepdims.
// CHECK-LABEL: func.func @sum_axes_sorted
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xi32>
// CHECK: %[[R:.*]] = "dlc_tensor.reduce"(%[[X]]) {dims = array<i64: 0, 2>, kind = "sum"} : (tensor<2x3x4xi32>) -> tensor<3xi32>
// CHECK-NOT: dlc_tensor.reshape
// CHECK: return %[[R]]
func.func @sum_axes_sorted(%x: tensor<2x3x4xi32>) -> tensor<3xi32> {
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: -1, 0>, keepdims = false} : (tensor<2x3x4xi32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}

// -----

// No axes: every dim, kept as 1s.
// CHECK-LABEL: func.func @max_all
// CHECK-SAME: %[[X:.*]]: tensor<2x3xui8>
// CHECK: %[[R:.*]] = "dlc_tensor.reduce"(%[[X]]) {dims = array<i64: 0, 1>, kind = "max"} : (tensor<2x3xui8>) -> tensor<ui8>
// CHECK: %[[K:.*]] = "dlc_tensor.reshape"(%[[R]]) : (tensor<ui8>) -> tensor<1x1xui8>
// CHECK: return %[[K]]
func.func @max_all(%x: tensor<2x3xui8>) -> tensor<1x1xui8> {
  %y = "dlc_graph.reduce_max"(%x) : (tensor<2x3xui8>) -> tensor<1x1xui8>
  return %y : tensor<1x1xui8>
}

// -----

// noop_with_empty_axes without axes: the op is its input.
// CHECK-LABEL: func.func @noop
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>
// CHECK-NOT: dlc_tensor.reduce
// CHECK: return %[[X]]
func.func @noop(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = "dlc_graph.reduce_sum"(%x) {noop_with_empty_axes = true} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// A 0-d input has nothing to reduce.
// CHECK-LABEL: func.func @scalar
// CHECK-SAME: %[[X:.*]]: tensor<f32>
// CHECK-NOT: dlc_tensor.reduce
// CHECK: return %[[X]]
func.func @scalar(%x: tensor<f32>) -> tensor<f32> {
  %y = "dlc_graph.reduce_mean"(%x) : (tensor<f32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// A declared result more static than the operands imply gets a cast.
// CHECK-LABEL: func.func @declared_more_static
// CHECK: %[[R:.*]] = "dlc_tensor.reduce"(%{{.*}}) {dims = array<i64: 1>, kind = "max"} : (tensor<?x3xf32>) -> tensor<?xf32>
// CHECK: %[[K:.*]] = "dlc_tensor.reshape"(%[[R]]) : (tensor<?xf32>) -> tensor<?x1xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[K]] : tensor<?x1xf32> to tensor<4x1xf32>
// CHECK: return %[[C]]
func.func @declared_more_static(%x: tensor<?x3xf32>) -> tensor<4x1xf32> {
  %y = "dlc_graph.reduce_max"(%x) {axes = array<i64: 1>} : (tensor<?x3xf32>) -> tensor<4x1xf32>
  return %y : tensor<4x1xf32>
}

// -----

// A float mean divides the sum by the count, a 0-d constant input.
// CHECK-LABEL: func.func @mean_f32
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>
// CHECK-DAG: %[[N:.*]] = arith.constant dense<1.200000e+01> : tensor<f32>
// CHECK-DAG: %[[S:.*]] = "dlc_tensor.reduce"(%[[X]]) {dims = array<i64: 1, 2>, kind = "sum"} : (tensor<2x3x4xf32>) -> tensor<2xf32>
// CHECK: %[[M:.*]] = "dlc_tensor.map"(%[[S]], %[[N]]) {fn = @__dlc_div_f32_f32_f32
// CHECK-SAME: (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK: %[[K:.*]] = "dlc_tensor.reshape"(%[[M]]) : (tensor<2xf32>) -> tensor<2x1x1xf32>
// CHECK: return %[[K]]
// CHECK: func.func private @__dlc_div_f32_f32_f32(%[[A:.*]]: f32, %[[B:.*]]: f32) -> f32
// CHECK-NEXT: arith.divf %[[A]], %[[B]] : f32
func.func @mean_f32(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  %y = "dlc_graph.reduce_mean"(%x) {axes = array<i64: 2, 1>} : (tensor<2x3x4xf32>) -> tensor<2x1x1xf32>
  return %y : tensor<2x1x1xf32>
}

// -----

// An i8 mean sums in i64 and truncates the quotient back to i8.
// CHECK-LABEL: func.func @mean_i8
// CHECK-SAME: %[[X:.*]]: tensor<4x5xi8>
// CHECK-DAG: %[[N:.*]] = arith.constant dense<5> : tensor<i64>
// CHECK-DAG: %[[W:.*]] = "dlc_tensor.map"(%[[X]]) {fn = @__dlc_cast_i8_i64{{.*}} : (tensor<4x5xi8>) -> tensor<4x5xi64>
// CHECK: %[[S:.*]] = "dlc_tensor.reduce"(%[[W]]) {dims = array<i64: 1>, kind = "sum"} : (tensor<4x5xi64>) -> tensor<4xi64>
// CHECK: %[[M:.*]] = "dlc_tensor.map"(%[[S]], %[[N]]) {fn = @__dlc_mean_div_i64_i64_i8
// CHECK-SAME: (tensor<4xi64>, tensor<i64>) -> tensor<4xi8>
// CHECK: return %[[M]]
// CHECK-LABEL: func.func private @__dlc_cast_i8_i64
// CHECK: arith.extsi
// CHECK-LABEL: func.func private @__dlc_mean_div_i64_i64_i8
// CHECK-SAME: (%[[SUM:.*]]: i64, %[[CNT:.*]]: i64) -> i8
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK: %[[D:.*]] = arith.maxsi %[[CNT]], %[[ONE]] : i64
// CHECK: %[[Q:.*]] = arith.divsi %[[SUM]], %[[D]] : i64
// CHECK: arith.trunci %[[Q]] : i64 to i8
func.func @mean_i8(%x: tensor<4x5xi8>) -> tensor<4xi8> {
  %y = "dlc_graph.reduce_mean"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<4x5xi8>) -> tensor<4xi8>
  return %y : tensor<4xi8>
}

// -----

// Over a `?` dim the count is a sum of ones; unsigned means divide unsigned.
// CHECK-LABEL: func.func @mean_dynamic_ui16
// CHECK-SAME: %[[X:.*]]: tensor<?x3xui16>
// CHECK: %[[W:.*]] = "dlc_tensor.map"(%[[X]]) {fn = @__dlc_cast_ui16_ui64{{.*}} -> tensor<?x3xui64>
// CHECK-DAG: %[[S:.*]] = "dlc_tensor.reduce"(%[[W]]) {dims = array<i64: 0>, kind = "sum"} : (tensor<?x3xui64>) -> tensor<3xui64>
// CHECK-DAG: %[[ONES:.*]] = "dlc_tensor.map"(%[[W]]) {fn = @__dlc_one_ui64_ui64{{.*}} -> tensor<?x3xui64>
// CHECK-DAG: %[[N:.*]] = "dlc_tensor.reduce"(%[[ONES]]) {dims = array<i64: 0>, kind = "sum"} : (tensor<?x3xui64>) -> tensor<3xui64>
// CHECK: %[[M:.*]] = "dlc_tensor.map"(%[[S]], %[[N]]) {fn = @__dlc_mean_div_ui64_ui64_ui16
// CHECK-SAME: -> tensor<3xui16>
// CHECK: "dlc_tensor.reshape"(%[[M]]) : (tensor<3xui16>) -> tensor<1x3xui16>
// CHECK-LABEL: func.func private @__dlc_one_ui64_ui64
// CHECK: arith.constant 1 : i64
// CHECK-LABEL: func.func private @__dlc_mean_div_ui64_ui64_ui16
// CHECK: arith.maxui
// CHECK: arith.divui
func.func @mean_dynamic_ui16(%x: tensor<?x3xui16>) -> tensor<1x3xui16> {
  %y = "dlc_graph.reduce_mean"(%x) {axes = array<i64: 0>} : (tensor<?x3xui16>) -> tensor<1x3xui16>
  return %y : tensor<1x3xui16>
}

// -----

// i64 needs no widening.
// CHECK-LABEL: func.func @mean_i64
// CHECK-NOT: __dlc_cast
// CHECK: "dlc_tensor.reduce"(%{{.*}}) {dims = array<i64: 0, 1>, kind = "sum"} : (tensor<2x3xi64>) -> tensor<i64>
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_mean_div_i64_i64_i64
func.func @mean_i64(%x: tensor<2x3xi64>) -> tensor<i64> {
  %y = "dlc_graph.reduce_mean"(%x) {keepdims = false} : (tensor<2x3xi64>) -> tensor<i64>
  return %y : tensor<i64>
}

// -----

// log-sum-exp shifts by the maximum (kept as a 1 dim to broadcast back), so
// that large inputs do not overflow exp.
// CHECK-LABEL: func.func @log_sum_exp
// CHECK: %[[MAX:.*]] = "dlc_tensor.reduce"(%{{.*}}) {dims = array<i64: 1>, kind = "max"}
// CHECK: %[[KEEP:.*]] = "dlc_tensor.reshape"(%[[MAX]]) : (tensor<2xf32>) -> tensor<2x1xf32>
// CHECK: %[[EXP:.*]] = "dlc_tensor.map"(%{{.*}}, %[[KEEP]]) {fn = @__dlc_shifted_exp_f32_f32_f32
// CHECK: %[[SUM:.*]] = "dlc_tensor.reduce"(%[[EXP]]) {dims = array<i64: 1>, kind = "sum"}
// CHECK: "dlc_tensor.map"(%[[SUM]], %[[MAX]]) {fn = @__dlc_log_plus_shift_f32_f32_f32
func.func @log_sum_exp(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %0 = "dlc_graph.reduce_log_sum_exp"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
