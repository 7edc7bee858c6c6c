// RUN: dlc-opt %s -split-input-file --dlc-infer-shapes | FileCheck %s

// CHECK-LABEL: func.func @conv_1d
// CHECK-SAME: -> tensor<1x4x8xf32>
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<1x4x8xf32>
func.func @conv_1d(%x: tensor<1x2x10xf32>, %w: tensor<4x2x3xf32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x2x10xf32>, tensor<4x2x3xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// ONNX test_conv_with_strides_and_asymmetric_padding: (7+1+1-3)/2+1 = 4, (5-3)/2+1 = 2.
// CHECK-LABEL: func.func @conv_2d_strides_asymmetric_pads
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<1x1x4x2xf32>
func.func @conv_2d_strides_asymmetric_pads(%x: tensor<1x1x7x5xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<?x?x?x?xf32> {
  %y = "dlc_graph.conv"(%x, %w) {pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x7x5xf32>, tensor<1x1x3x3xf32>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

// -----

// Dilation 2 makes a 3-window span 5; strides 1, 2, 3 over 9: 5, 3, 2.
// CHECK-LABEL: func.func @conv_3d_dilations_strides
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<1x3x5x3x2xf32>
func.func @conv_3d_dilations_strides(%x: tensor<1x2x9x9x9xf32>, %w: tensor<3x2x3x3x3xf32>) -> tensor<?x?x?x?x?xf32> {
  %y = "dlc_graph.conv"(%x, %w) {dilations = array<i64: 2, 2, 2>, strides = array<i64: 1, 2, 3>} : (tensor<1x2x9x9x9xf32>, tensor<3x2x3x3x3xf32>) -> tensor<?x?x?x?x?xf32>
  return %y : tensor<?x?x?x?x?xf32>
}

// -----

// SAME_*: output = ceil(input / stride), whatever the kernel.
// CHECK-LABEL: func.func @conv_same
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<1x1x3x4xf32>
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<1x1x5x7xf32>
func.func @conv_same(%x: tensor<1x1x5x7xf32>, %w: tensor<1x1x3x3xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.conv"(%x, %w) {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : (tensor<1x1x5x7xf32>, tensor<1x1x3x3xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.conv"(%x, %w) {auto_pad = "SAME_LOWER"} : (tensor<1x1x5x7xf32>, tensor<1x1x3x3xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// VALID: no padding, floor((7 - 3) / 2) + 1 = 3.
// CHECK-LABEL: func.func @conv_valid
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<1x1x3x3xf32>
func.func @conv_valid(%x: tensor<1x1x7x7xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<?x?x?x?xf32> {
  %y = "dlc_graph.conv"(%x, %w) {auto_pad = "VALID", strides = array<i64: 2, 2>} : (tensor<1x1x7x7xf32>, tensor<1x1x3x3xf32>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

// -----

// Groups: M output channels from the weight; depthwise keeps the size with pads 1.
// CHECK-LABEL: func.func @conv_groups
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<2x4x6x6xf32>
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<2x6x8x8xf32>
func.func @conv_groups(%x: tensor<2x6x8x8xf32>, %w: tensor<4x3x3x3xf32>, %d: tensor<6x1x3x3xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.conv"(%x, %w) {group = 2 : i64} : (tensor<2x6x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.conv"(%x, %d) {group = 6 : i64, pads = array<i64: 1, 1, 1, 1>} : (tensor<2x6x8x8xf32>, tensor<6x1x3x3xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// A dynamic batch stays dynamic; so does a dynamic spatial dim, alone.
// CHECK-LABEL: func.func @conv_dynamic
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<?x4x6x6xf32>
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<1x4x?x4xf32>
func.func @conv_dynamic(%x: tensor<?x3x8x8xf32>, %v: tensor<1x3x?x8xf32>, %w: tensor<4x3x3x3xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.conv"(%x, %w) : (tensor<?x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.conv"(%v, %w) {auto_pad = "SAME_UPPER", strides = array<i64: 1, 2>} : (tensor<1x3x?x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// kernel_shape fixes the window when the weight's spatial dims are dynamic.
// CHECK-LABEL: func.func @conv_kernel_shape
// CHECK: "dlc_graph.conv"{{.*}} -> tensor<1x4x4x6xf32>
func.func @conv_kernel_shape(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %y = "dlc_graph.conv"(%x, %w) {kernel_shape = array<i64: 5, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x?x?xf32>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

// -----

// ONNX test_convtranspose, _1d and _3d: s * (i - 1) + (k - 1) * d + 1.
// CHECK-LABEL: func.func @conv_transpose_1d_2d_3d
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<1x2x5xf32>
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<1x2x5x5xf32>
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<1x2x5x6x7xf32>
func.func @conv_transpose_1d_2d_3d(%x1: tensor<1x1x3xf32>, %w1: tensor<1x2x3xf32>, %x2: tensor<1x1x3x3xf32>, %w2: tensor<1x2x3x3xf32>, %x3: tensor<1x1x3x4x5xf32>, %w3: tensor<1x2x3x3x3xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xf32>) {
  %y1 = "dlc_graph.conv_transpose"(%x1, %w1) : (tensor<1x1x3xf32>, tensor<1x2x3xf32>) -> tensor<?x?x?xf32>
  %y2 = "dlc_graph.conv_transpose"(%x2, %w2) : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  %y3 = "dlc_graph.conv_transpose"(%x3, %w3) : (tensor<1x1x3x4x5xf32>, tensor<1x2x3x3x3xf32>) -> tensor<?x?x?x?x?xf32>
  return %y1, %y2, %y3 : tensor<?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?x?xf32>
}

// -----

// ONNX test_convtranspose_pads (9 - 2 = 7, 7 - 4 = 3) and _pad (output_padding: 10, 8).
// CHECK-LABEL: func.func @conv_transpose_pads_output_padding
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<1x2x7x3xf32>
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<1x2x10x8xf32>
func.func @conv_transpose_pads_output_padding(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.conv_transpose"(%x, %w) {pads = array<i64: 1, 2, 1, 2>, strides = array<i64: 3, 2>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.conv_transpose"(%x, %w) {output_padding = array<i64: 1, 1>, strides = array<i64: 3, 2>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// output_shape wins over pads, even beyond the full output (9 x 7 here).
// CHECK-LABEL: func.func @conv_transpose_output_shape
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<1x2x10x8xf32>
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<?x2x4x6xf32>
func.func @conv_transpose_output_shape(%x: tensor<1x1x3x3xf32>, %v: tensor<?x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.conv_transpose"(%x, %w) {output_shape = array<i64: 10, 8>, strides = array<i64: 3, 2>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.conv_transpose"(%v, %w) {output_shape = array<i64: 4, 6>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 2>} : (tensor<?x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// SAME_*: output = input * stride; VALID: the full output.
// CHECK-LABEL: func.func @conv_transpose_auto_pad
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<1x2x6x9xf32>
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<1x2x6x9xf32>
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<1x2x7x11xf32>
func.func @conv_transpose_auto_pad(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.conv_transpose"(%x, %w) {auto_pad = "SAME_UPPER", strides = array<i64: 2, 3>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.conv_transpose"(%x, %w) {auto_pad = "SAME_LOWER", strides = array<i64: 2, 3>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  %v = "dlc_graph.conv_transpose"(%x, %w) {auto_pad = "VALID", strides = array<i64: 2, 4>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z, %v : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}

// -----

// Groups multiply the weight's M/group; dilations 2 and 3 make a 2-window span 3 and 4.
// CHECK-LABEL: func.func @conv_transpose_groups_dilations
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<3x4x5x5xf32>
// CHECK: "dlc_graph.conv_transpose"{{.*}} -> tensor<3x2x5x6xf32>
func.func @conv_transpose_groups_dilations(%x: tensor<3x2x3x3xf32>, %w: tensor<2x2x3x3xf32>, %k: tensor<2x2x2x2xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %y = "dlc_graph.conv_transpose"(%x, %w) {group = 2 : i64} : (tensor<3x2x3x3xf32>, tensor<2x2x3x3xf32>) -> tensor<?x?x?x?xf32>
  %z = "dlc_graph.conv_transpose"(%x, %k) {dilations = array<i64: 2, 3>} : (tensor<3x2x3x3xf32>, tensor<2x2x2x2xf32>) -> tensor<?x?x?x?xf32>
  return %y, %z : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}
