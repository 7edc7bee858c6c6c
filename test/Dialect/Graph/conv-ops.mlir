// RUN: dlc-opt %s -split-input-file | FileCheck %s
// Round trip: the printed form parses and verifies again.
// RUN: dlc-opt %s -split-input-file | dlc-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @conv
// CHECK-SAME: %[[X:.*]]: tensor<1x3x8x8xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.conv"(%[[X]], %[[W]])
// CHECK-SAME: (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
// CHECK: return %[[Y]]
func.func @conv(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

// The optional bias and every attribute.
// CHECK-LABEL: func.func @conv_bias_attrs
// CHECK-SAME: %[[X:.*]]: tensor<2x4x9x9xf64>, %[[W:.*]]: tensor<6x2x3x3xf64>, %[[B:.*]]: tensor<6xf64>
// CHECK: "dlc_graph.conv"(%[[X]], %[[W]], %[[B]])
// CHECK-SAME: auto_pad = "NOTSET"
// CHECK-SAME: dilations = array<i64: 2, 1>
// CHECK-SAME: group = 2 : i64
// CHECK-SAME: kernel_shape = array<i64: 3, 3>
// CHECK-SAME: pads = array<i64: 1, 0, 2, 1>
// CHECK-SAME: strides = array<i64: 1, 2>
// CHECK-SAME: -> tensor<2x6x8x4xf64>
func.func @conv_bias_attrs(%x: tensor<2x4x9x9xf64>, %w: tensor<6x2x3x3xf64>, %b: tensor<6xf64>) -> tensor<2x6x8x4xf64> {
  %y = "dlc_graph.conv"(%x, %w, %b) {auto_pad = "NOTSET", dilations = array<i64: 2, 1>, group = 2 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 0, 2, 1>, strides = array<i64: 1, 2>} : (tensor<2x4x9x9xf64>, tensor<6x2x3x3xf64>, tensor<6xf64>) -> tensor<2x6x8x4xf64>
  return %y : tensor<2x6x8x4xf64>
}

// -----

// 1-D and 3-D, dynamic dims where the rule leaves them unknown.
// CHECK-LABEL: func.func @conv_1d_3d_dynamic
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<?x4x8xf32>
// CHECK: "dlc_graph.conv"{{.*}} {auto_pad = "SAME_UPPER"} : (tensor<1x2x?x4x4xf32>, tensor<3x2x3x3x3xf32>) -> tensor<1x3x?x4x4xf32>
func.func @conv_1d_3d_dynamic(%x: tensor<?x2x10xf32>, %w: tensor<4x2x3xf32>, %v: tensor<1x2x?x4x4xf32>, %k: tensor<3x2x3x3x3xf32>) -> (tensor<?x4x8xf32>, tensor<1x3x?x4x4xf32>) {
  %y = "dlc_graph.conv"(%x, %w) : (tensor<?x2x10xf32>, tensor<4x2x3xf32>) -> tensor<?x4x8xf32>
  %z = "dlc_graph.conv"(%v, %k) {auto_pad = "SAME_UPPER"} : (tensor<1x2x?x4x4xf32>, tensor<3x2x3x3x3xf32>) -> tensor<1x3x?x4x4xf32>
  return %y, %z : tensor<?x4x8xf32>, tensor<1x3x?x4x4xf32>
}

// -----

// CHECK-LABEL: func.func @conv_transpose
// CHECK-SAME: %[[X:.*]]: tensor<1x1x3x3xf32>, %[[W:.*]]: tensor<1x2x3x3xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.conv_transpose"(%[[X]], %[[W]])
// CHECK-SAME: -> tensor<1x2x5x5xf32>
// CHECK: return %[[Y]]
func.func @conv_transpose(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  %y = "dlc_graph.conv_transpose"(%x, %w) : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}

// -----

// The optional bias with groups, output_padding and output_shape.
// CHECK-LABEL: func.func @conv_transpose_bias_attrs
// CHECK-SAME: %[[X:.*]]: tensor<1x4x3x3xf32>, %[[W:.*]]: tensor<4x3x3x3xf32>, %[[B:.*]]: tensor<6xf32>
// CHECK: "dlc_graph.conv_transpose"(%[[X]], %[[W]], %[[B]])
// CHECK-SAME: group = 2 : i64
// CHECK-SAME: output_padding = array<i64: 1, 1>
// CHECK-SAME: output_shape = array<i64: 10, 8>
// CHECK-SAME: strides = array<i64: 3, 2>
// CHECK-SAME: -> tensor<1x6x10x8xf32>
func.func @conv_transpose_bias_attrs(%x: tensor<1x4x3x3xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<6xf32>) -> tensor<1x6x10x8xf32> {
  %y = "dlc_graph.conv_transpose"(%x, %w, %b) {group = 2 : i64, output_padding = array<i64: 1, 1>, output_shape = array<i64: 10, 8>, strides = array<i64: 3, 2>} : (tensor<1x4x3x3xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<1x6x10x8xf32>
  return %y : tensor<1x6x10x8xf32>
}
