// RUN: dlc-opt %s -split-input-file | FileCheck %s
// Round trip: the printed form parses and verifies again.
// RUN: dlc-opt %s -split-input-file | dlc-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @max_pool
// CHECK-SAME: %[[X:.*]]: tensor<1x3x32x32xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.max_pool"(%[[X]]) {kernel_shape = array<i64: 2, 2>}
// CHECK-SAME: -> tensor<1x3x31x31xf32>
// CHECK: return %[[Y]]
func.func @max_pool(%x: tensor<1x3x32x32xf32>) -> tensor<1x3x31x31xf32> {
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>) -> tensor<1x3x31x31xf32>
  return %y : tensor<1x3x31x31xf32>
}

// -----

// The optional indices result and every attribute.
// CHECK-LABEL: func.func @max_pool_indices
// CHECK: %[[Y:.*]]:2 = "dlc_graph.max_pool"
// CHECK-SAME: auto_pad = "NOTSET"
// CHECK-SAME: ceil_mode = true
// CHECK-SAME: dilations = array<i64: 1, 2>
// CHECK-SAME: pads = array<i64: 1, 1, 1, 1>
// CHECK-SAME: storage_order = 1 : i64
// CHECK-SAME: strides = array<i64: 2, 2>
// CHECK-SAME: -> (tensor<1x1x3x2xui8>, tensor<1x1x3x2xi64>)
// CHECK: return %[[Y]]#0, %[[Y]]#1
func.func @max_pool_indices(%x: tensor<1x1x5x5xui8>) -> (tensor<1x1x3x2xui8>, tensor<1x1x3x2xi64>) {
  %y, %i = "dlc_graph.max_pool"(%x) {auto_pad = "NOTSET", ceil_mode = true, dilations = array<i64: 1, 2>, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, storage_order = 1 : i64, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xui8>) -> (tensor<1x1x3x2xui8>, tensor<1x1x3x2xi64>)
  return %y, %i : tensor<1x1x3x2xui8>, tensor<1x1x3x2xi64>
}

// -----

// CHECK-LABEL: func.func @avg_pool
// CHECK: "dlc_graph.avg_pool"
// CHECK-SAME: auto_pad = "SAME_LOWER"
// CHECK-SAME: count_include_pad = true
// CHECK-SAME: -> tensor<2x3x7xf64>
func.func @avg_pool(%x: tensor<2x3x7xf64>) -> tensor<2x3x7xf64> {
  %y = "dlc_graph.avg_pool"(%x) {auto_pad = "SAME_LOWER", count_include_pad = true, kernel_shape = array<i64: 2>} : (tensor<2x3x7xf64>) -> tensor<2x3x7xf64>
  return %y : tensor<2x3x7xf64>
}

// -----

// CHECK-LABEL: func.func @global_avg_pool
// CHECK: "dlc_graph.global_avg_pool"{{.*}} : (tensor<?x3x4x5x6xf32>) -> tensor<?x3x1x1x1xf32>
func.func @global_avg_pool(%x: tensor<?x3x4x5x6xf32>) -> tensor<?x3x1x1x1xf32> {
  %y = "dlc_graph.global_avg_pool"(%x) : (tensor<?x3x4x5x6xf32>) -> tensor<?x3x1x1x1xf32>
  return %y : tensor<?x3x1x1x1xf32>
}
