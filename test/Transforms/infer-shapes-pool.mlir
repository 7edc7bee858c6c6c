// RUN: dlc-opt %s -split-input-file --dlc-infer-shapes | FileCheck %s

// ONNX test_maxpool_1d_default, _2d_strides and _3d_dilations.
// CHECK-LABEL: func.func @max_pool_1d_2d_3d
// CHECK-SAME: -> (tensor<1x3x31xf32>, tensor<1x3x10x10xf32>, tensor<1x1x2x2x2xf32>)
// CHECK: "dlc_graph.max_pool"{{.*}} -> tensor<1x3x31xf32>
// CHECK: "dlc_graph.max_pool"{{.*}} -> tensor<1x3x10x10xf32>
// CHECK: "dlc_graph.max_pool"{{.*}} -> tensor<1x1x2x2x2xf32>
func.func @max_pool_1d_2d_3d(%x1: tensor<1x3x32xf32>, %x2: tensor<1x3x32x32xf32>, %x3: tensor<1x1x4x4x4xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) {
  %y1 = "dlc_graph.max_pool"(%x1) {kernel_shape = array<i64: 2>} : (tensor<1x3x32xf32>) -> tensor<?x?x?xf32>
  %y2 = "dlc_graph.max_pool"(%x2) {kernel_shape = array<i64: 5, 5>, strides = array<i64: 3, 3>} : (tensor<1x3x32x32xf32>) -> tensor<?x?x?x?xf32>
  %y3 = "dlc_graph.max_pool"(%x3) {dilations = array<i64: 2, 2, 2>, kernel_shape = array<i64: 2, 2, 2>} : (tensor<1x1x4x4x4xf32>) -> tensor<?x?x?x?x?xf32>
  return %y1, %y2, %y3 : tensor<?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xf32>
}

// -----

// Explicit pads (5 + 2 + 2 - 5 + 1 = 5) and the optional indices result.
// CHECK-LABEL: func.func @max_pool_pads_indices
// CHECK: "dlc_graph.max_pool"{{.*}} -> (tensor<1x1x5x5xf32>, tensor<1x1x5x5xi64>)
func.func @max_pool_pads_indices(%x: tensor<1x1x5x5xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xi64>) {
  %y, %i = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 5, 5>, pads = array<i64: 2, 2, 2, 2>} : (tensor<1x1x5x5xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xi64>)
  return %y, %i : tensor<?x?x?x?xf32>, tensor<?x?x?x?xi64>
}

// -----

// SAME_*: ceil(input / stride); VALID: no padding.
// CHECK-LABEL: func.func @max_pool_auto_pad
// CHECK: "dlc_graph.max_pool"{{.*}} -> tensor<1x1x3x3xf32>
// CHECK: "dlc_graph.max_pool"{{.*}} -> tensor<1x1x5x5xf32>
// CHECK: "dlc_graph.max_pool"{{.*}} -> tensor<1x1x2x2xf32>
func.func @max_pool_auto_pad(%x: tensor<1x1x5x5xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.max_pool"(%x) {auto_pad = "SAME_UPPER", kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.max_pool"(%x) {auto_pad = "SAME_LOWER", kernel_shape = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<?x?x?x?xf32>
  %v = "dlc_graph.max_pool"(%x) {auto_pad = "VALID", kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z, %v : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// ceil_mode rounds up: (4 - 3) / 2 -> 1 step, so 2 windows (floor: 1).
// CHECK-LABEL: func.func @max_pool_ceil
// CHECK: "dlc_graph.max_pool"{{.*}} -> tensor<1x1x2x2xf32>
// CHECK: "dlc_graph.max_pool"{{.*}} -> tensor<1x1x1x1xf32>
func.func @max_pool_ceil(%x: tensor<1x1x4x4xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.max_pool"(%x) {ceil_mode = true, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// ceil_mode never starts a window in the end padding (ONNX
// test_maxpool_2d_ceil_output_size_reduce_by_one and
// test_averagepool_2d_ceil_last_window_starts_on_pad): 1, not 2.
// CHECK-LABEL: func.func @pool_ceil_last_window
// CHECK: "dlc_graph.max_pool"{{.*}} -> tensor<1x1x1x1xf32>
// CHECK: "dlc_graph.avg_pool"{{.*}} -> tensor<1x1x1x1xf32>
func.func @pool_ceil_last_window(%x: tensor<1x1x2x2xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.max_pool"(%x) {ceil_mode = true, kernel_shape = array<i64: 1, 1>, strides = array<i64: 2, 2>} : (tensor<1x1x2x2xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.avg_pool"(%x) {ceil_mode = true, count_include_pad = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x1x2x2xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// ONNX test_averagepool_3d_dilations_large_*: ceil mode adds a 9th window.
// CHECK-LABEL: func.func @avg_pool_3d_dilations_ceil
// CHECK: "dlc_graph.avg_pool"{{.*}} -> tensor<1x1x8x8x8xf32>
// CHECK: "dlc_graph.avg_pool"{{.*}} -> tensor<1x1x9x9x9xf32>
func.func @avg_pool_3d_dilations_ceil(%x: tensor<1x1x32x32x32xf32>) -> (tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) {
  %y = "dlc_graph.avg_pool"(%x) {dilations = array<i64: 2, 2, 2>, kernel_shape = array<i64: 5, 5, 5>, strides = array<i64: 3, 3, 3>} : (tensor<1x1x32x32x32xf32>) -> tensor<?x?x?x?x?xf32>
  %z = "dlc_graph.avg_pool"(%x) {ceil_mode = true, dilations = array<i64: 2, 2, 2>, kernel_shape = array<i64: 5, 5, 5>, strides = array<i64: 3, 3, 3>} : (tensor<1x1x32x32x32xf32>) -> tensor<?x?x?x?x?xf32>
  return %y, %z : tensor<?x?x?x?x?xf32>, tensor<?x?x?x?x?xf32>
}

// -----

// Dynamic batch and channels stay; a dynamic spatial dim stays alone.
// CHECK-LABEL: func.func @pool_dynamic
// CHECK: "dlc_graph.avg_pool"{{.*}} -> tensor<?x?x3x?xf32>
// CHECK: "dlc_graph.max_pool"{{.*}} -> (tensor<?x?x3x?xf32>, tensor<?x?x3x?xi64>)
func.func @pool_dynamic(%x: tensor<?x?x7x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xi64>) {
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<?x?x7x?xf32>) -> tensor<?x?x?x?xf32>
  %z, %i = "dlc_graph.max_pool"(%x) {auto_pad = "SAME_UPPER", kernel_shape = array<i64: 3, 3>, strides = array<i64: 3, 3>} : (tensor<?x?x7x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xi64>)
  return %y, %z, %i : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xi64>
}

// -----

// CHECK-LABEL: func.func @global_avg_pool
// CHECK: "dlc_graph.global_avg_pool"{{.*}} -> tensor<2x3x1xf32>
// CHECK: "dlc_graph.global_avg_pool"{{.*}} -> tensor<?x3x1x1x1xf64>
func.func @global_avg_pool(%x: tensor<2x3x7xf32>, %v: tensor<?x3x4x?x6xf64>) -> (tensor<?x?x?xf32>, tensor<?x?x?x?x?xf64>) {
  %y = "dlc_graph.global_avg_pool"(%x) : (tensor<2x3x7xf32>) -> tensor<?x?x?xf32>
  %z = "dlc_graph.global_avg_pool"(%v) : (tensor<?x3x4x?x6xf64>) -> tensor<?x?x?x?x?xf64>
  return %y, %z : tensor<?x?x?xf32>, tensor<?x?x?x?x?xf64>
}
