// RUN: dlc-opt %s -split-input-file --dlc-graph-to-tensor -verify-diagnostics | FileCheck %s

// No pads, no bias: one dlc_tensor.conv with the strides, dilations and groups.
// CHECK-LABEL: func.func @conv_plain
// CHECK-SAME: %[[X:.*]]: tensor<1x4x8x8xf32>, %[[W:.*]]: tensor<6x2x3x3xf32>
// CHECK-NOT: dlc_tensor.pad
// CHECK: %[[Y:.*]] = "dlc_tensor.conv"(%[[X]], %[[W]]) {dilations = array<i64: 1, 2>, groups = 2 : i64, strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x3x2xf32>
// CHECK: return %[[Y]]
func.func @conv_plain(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x3x2xf32> {
  %y = "dlc_graph.conv"(%x, %w) {dilations = array<i64: 1, 2>, group = 2 : i64, strides = array<i64: 2, 2>} : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x3x2xf32>
  return %y : tensor<1x6x3x2xf32>
}

// -----

// Explicit pads become a zero pad of the spatial dims; the bias is added per
// output channel, reshaped to M x 1 x 1.
// CHECK-LABEL: func.func @conv_pads_bias
// CHECK-SAME: %[[X:.*]]: tensor<1x1x7x5xf32>, %[[W:.*]]: tensor<2x1x3x3xf32>, %[[B:.*]]: tensor<2xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[P:.*]] = "dlc_tensor.pad"(%[[X]], %[[ZERO]]) {high = array<i64: 0, 0, 2, 0>, interior = array<i64: 0, 0, 0, 0>, low = array<i64: 0, 0, 1, 0>} : (tensor<1x1x7x5xf32>, tensor<f32>) -> tensor<1x1x10x5xf32>
// CHECK: %[[C:.*]] = "dlc_tensor.conv"(%[[P]], %[[W]])
// CHECK-SAME: -> tensor<1x2x4x2xf32>
// CHECK: %[[BR:.*]] = "dlc_tensor.reshape"(%[[B]]) : (tensor<2xf32>) -> tensor<2x1x1xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[C]], %[[BR]]) {fn = @__dlc_add_f32_f32_f32
// CHECK: return %[[Y]]
// CHECK: func.func private @__dlc_add_f32_f32_f32
// CHECK-NEXT: arith.addf
func.func @conv_pads_bias(%x: tensor<1x1x7x5xf32>, %w: tensor<2x1x3x3xf32>, %b: tensor<2xf32>) -> tensor<1x2x4x2xf32> {
  %y = "dlc_graph.conv"(%x, %w, %b) {pads = array<i64: 1, 0, 2, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x7x5xf32>, tensor<2x1x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x2xf32>
  return %y : tensor<1x2x4x2xf32>
}

// -----

// SAME_UPPER puts the odd pad at the end, SAME_LOWER at the beginning.
// CHECK-LABEL: func.func @conv_same
// CHECK: "dlc_tensor.pad"{{.*}} {high = array<i64: 0, 0, 1, 1>, interior = array<i64: 0, 0, 0, 0>, low = array<i64: 0, 0, 0, 0>}
// CHECK: "dlc_tensor.conv"{{.*}} -> tensor<1x1x6x6xf32>
// CHECK: "dlc_tensor.pad"{{.*}} {high = array<i64: 0, 0, 0, 0>, interior = array<i64: 0, 0, 0, 0>, low = array<i64: 0, 0, 1, 1>}
// CHECK: "dlc_tensor.conv"{{.*}} -> tensor<1x1x6x6xf32>
func.func @conv_same(%x: tensor<1x1x6x6xf32>, %w: tensor<1x1x2x2xf32>) -> (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) {
  %y = "dlc_graph.conv"(%x, %w) {auto_pad = "SAME_UPPER"} : (tensor<1x1x6x6xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x6x6xf32>
  %z = "dlc_graph.conv"(%x, %w) {auto_pad = "SAME_LOWER"} : (tensor<1x1x6x6xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x6x6xf32>
  return %y, %z : tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>
}

// -----

// Explicit pads do not need the spatial sizes: dynamic dims pass through.
// CHECK-LABEL: func.func @conv_dynamic
// CHECK: "dlc_tensor.pad"{{.*}} : (tensor<?x3x?x8xf32>, tensor<f32>) -> tensor<?x3x?x10xf32>
// CHECK: "dlc_tensor.conv"{{.*}} -> tensor<?x4x?x8xf32>
func.func @conv_dynamic(%x: tensor<?x3x?x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<?x4x?x8xf32> {
  %y = "dlc_graph.conv"(%x, %w) {pads = array<i64: 1, 1, 1, 1>} : (tensor<?x3x?x8xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x?x8xf32>
  return %y : tensor<?x4x?x8xf32>
}

// -----

// A declared result less static than the computation gets a reshape.
// CHECK-LABEL: func.func @conv_result_less_static
// CHECK: %[[C:.*]] = "dlc_tensor.conv"{{.*}} -> tensor<1x1x2x2xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.reshape"(%[[C]]) : (tensor<1x1x2x2xf32>) -> tensor<1x1x?x?xf32>
// CHECK: return %[[Y]]
func.func @conv_result_less_static(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x?x?xf32> {
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x?x?xf32>
  return %y : tensor<1x1x?x?xf32>
}

// -----

func.func @conv_same_dynamic(%x: tensor<1x3x?x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x?x8xf32> {
  // expected-error@+1 {{'dlc_graph.conv' op cannot be lowered by dlc-graph-to-tensor: automatic padding of a dynamic spatial dim}}
  %y = "dlc_graph.conv"(%x, %w) {auto_pad = "SAME_UPPER"} : (tensor<1x3x?x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x?x8xf32>
  return %y : tensor<1x4x?x8xf32>
}

// -----

// ONNX test_convtranspose: the input padded by (k - 1) on both sides and a
// stride-1 conv with the flipped weight, its C x M dims swapped (here by a
// reshape: C is 1).
// CHECK-LABEL: func.func @conv_transpose
// CHECK-SAME: %[[X:.*]]: tensor<1x1x3x3xf32>, %[[W:.*]]: tensor<1x2x3x3xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK-DAG: %[[FLIP:.*]] = "dlc_tensor.slice"(%[[W]]) {offsets = array<i64: 0, 0, 2, 2>, strides = array<i64: 1, 1, -1, -1>} : (tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32>
// CHECK-DAG: %[[WT:.*]] = "dlc_tensor.reshape"(%[[FLIP]]) : (tensor<1x2x3x3xf32>) -> tensor<2x1x3x3xf32>
// CHECK-DAG: %[[P:.*]] = "dlc_tensor.pad"(%[[X]], %[[ZERO]]) {high = array<i64: 0, 0, 2, 2>, interior = array<i64: 0, 0, 0, 0>, low = array<i64: 0, 0, 2, 2>} : (tensor<1x1x3x3xf32>, tensor<f32>) -> tensor<1x1x7x7xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.conv"(%[[P]], %[[WT]]) {dilations = array<i64: 1, 1>, groups = 1 : i64, strides = array<i64: 1, 1>} : (tensor<1x1x7x7xf32>, tensor<2x1x3x3xf32>) -> tensor<1x2x5x5xf32>
// CHECK: return %[[Y]]
func.func @conv_transpose(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  %y = "dlc_graph.conv_transpose"(%x, %w) : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}

// -----

// Groups: C x M/G x k viewed as G x C/G x M/G x k, its middle dims swapped.
// The stride inserts 1 zero between inputs; the dilation 2 pads 2 before and
// 2 + output_padding 1 after; the conv keeps the dilation; then the bias.
// CHECK-LABEL: func.func @conv_transpose_groups
// CHECK-SAME: %[[X:.*]]: tensor<2x4x3xf32>, %[[W:.*]]: tensor<4x3x2xf32>, %[[B:.*]]: tensor<6xf32>
// CHECK-DAG: %[[FLIP:.*]] = "dlc_tensor.slice"(%[[W]]) {offsets = array<i64: 0, 0, 1>, strides = array<i64: 1, 1, -1>}
// CHECK-DAG: %[[G:.*]] = "dlc_tensor.reshape"(%[[FLIP]]) : (tensor<4x3x2xf32>) -> tensor<2x2x3x2xf32>
// CHECK-DAG: %[[GT:.*]] = "dlc_tensor.transpose"(%[[G]]) {perm = array<i64: 0, 2, 1, 3>} : (tensor<2x2x3x2xf32>) -> tensor<2x3x2x2xf32>
// CHECK-DAG: %[[WT:.*]] = "dlc_tensor.reshape"(%[[GT]]) : (tensor<2x3x2x2xf32>) -> tensor<6x2x2xf32>
// CHECK-DAG: %[[P:.*]] = "dlc_tensor.pad"(%[[X]], %{{.*}}) {high = array<i64: 0, 0, 3>, interior = array<i64: 0, 0, 1>, low = array<i64: 0, 0, 2>} : (tensor<2x4x3xf32>, tensor<f32>) -> tensor<2x4x10xf32>
// CHECK: %[[C:.*]] = "dlc_tensor.conv"(%[[P]], %[[WT]]) {dilations = array<i64: 2>, groups = 2 : i64, strides = array<i64: 1>} : (tensor<2x4x10xf32>, tensor<6x2x2xf32>) -> tensor<2x6x8xf32>
// CHECK: %[[BR:.*]] = "dlc_tensor.reshape"(%[[B]]) : (tensor<6xf32>) -> tensor<6x1xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[C]], %[[BR]]) {fn = @__dlc_add_f32_f32_f32
// CHECK: return %[[Y]]
func.func @conv_transpose_groups(%x: tensor<2x4x3xf32>, %w: tensor<4x3x2xf32>, %b: tensor<6xf32>) -> tensor<2x6x8xf32> {
  %y = "dlc_graph.conv_transpose"(%x, %w, %b) {dilations = array<i64: 2>, group = 2 : i64, output_padding = array<i64: 1>, strides = array<i64: 2>} : (tensor<2x4x3xf32>, tensor<4x3x2xf32>, tensor<6xf32>) -> tensor<2x6x8xf32>
  return %y : tensor<2x6x8xf32>
}

// -----

// One group with C and M both above 1: a plain transpose of the two dims.
// A 1x1 kernel needs no flip.
// CHECK-LABEL: func.func @conv_transpose_1x1
// CHECK-SAME: %[[X:.*]]: tensor<1x4x3x3xf32>, %[[W:.*]]: tensor<4x2x1x1xf32>
// CHECK-NOT: dlc_tensor.slice
// CHECK-NOT: dlc_tensor.pad
// CHECK: %[[WT:.*]] = "dlc_tensor.transpose"(%[[W]]) {perm = array<i64: 1, 0, 2, 3>} : (tensor<4x2x1x1xf32>) -> tensor<2x4x1x1xf32>
// CHECK: "dlc_tensor.conv"(%[[X]], %[[WT]])
func.func @conv_transpose_1x1(%x: tensor<1x4x3x3xf32>, %w: tensor<4x2x1x1xf32>) -> tensor<1x2x3x3xf32> {
  %y = "dlc_graph.conv_transpose"(%x, %w) : (tensor<1x4x3x3xf32>, tensor<4x2x1x1xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// Pads beyond dilation * (k - 1) = 2 crop the spread input: 4 inputs spread
// by stride 2 to 7, 1 cropped from each side, a 3-window: 3 outputs.
// CHECK-LABEL: func.func @conv_transpose_crop
// CHECK: %[[P:.*]] = "dlc_tensor.pad"{{.*}} {high = array<i64: 0, 0, 0>, interior = array<i64: 0, 0, 1>, low = array<i64: 0, 0, 0>} : (tensor<1x1x4xf32>, tensor<f32>) -> tensor<1x1x7xf32>
// CHECK: %[[S:.*]] = "dlc_tensor.slice"(%[[P]]) {offsets = array<i64: 0, 0, 1>, strides = array<i64: 1, 1, 1>} : (tensor<1x1x7xf32>) -> tensor<1x1x5xf32>
// CHECK: "dlc_tensor.conv"(%[[S]], %{{.*}}) {{.*}} -> tensor<1x1x3xf32>
func.func @conv_transpose_crop(%x: tensor<1x1x4xf32>, %w: tensor<1x1x3xf32>) -> tensor<1x1x3xf32> {
  %y = "dlc_graph.conv_transpose"(%x, %w) {pads = array<i64: 3, 3>, strides = array<i64: 2>} : (tensor<1x1x4xf32>, tensor<1x1x3xf32>) -> tensor<1x1x3xf32>
  return %y : tensor<1x1x3xf32>
}

// -----

// ONNX test_convtranspose_output_shape: 10 x 8 is one more than the full
// 9 x 7 output, so the end pad is -1: one more zero after the input.
// CHECK-LABEL: func.func @conv_transpose_output_shape
// CHECK: "dlc_tensor.pad"{{.*}} {high = array<i64: 0, 0, 3, 3>, interior = array<i64: 0, 0, 2, 1>, low = array<i64: 0, 0, 2, 2>} : (tensor<1x1x3x3xf32>, tensor<f32>) -> tensor<1x1x12x10xf32>
// CHECK: "dlc_tensor.conv"{{.*}} -> tensor<1x2x10x8xf32>
func.func @conv_transpose_output_shape(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x10x8xf32> {
  %y = "dlc_graph.conv_transpose"(%x, %w) {output_shape = array<i64: 10, 8>, strides = array<i64: 3, 2>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x10x8xf32>
  return %y : tensor<1x2x10x8xf32>
}

// -----

// SAME_UPPER crops the odd element at the end, SAME_LOWER at the beginning.
// CHECK-LABEL: func.func @conv_transpose_same
// CHECK: "dlc_tensor.pad"{{.*}} {high = array<i64: 0, 0, 1, 1>, interior = array<i64: 0, 0, 1, 1>, low = array<i64: 0, 0, 2, 2>}
// CHECK: "dlc_tensor.conv"{{.*}} -> tensor<1x1x6x6xf32>
// CHECK: "dlc_tensor.pad"{{.*}} {high = array<i64: 0, 0, 2, 2>, interior = array<i64: 0, 0, 1, 1>, low = array<i64: 0, 0, 1, 1>}
// CHECK: "dlc_tensor.conv"{{.*}} -> tensor<1x1x6x6xf32>
func.func @conv_transpose_same(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x3x3xf32>) -> (tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>) {
  %y = "dlc_graph.conv_transpose"(%x, %w) {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  %z = "dlc_graph.conv_transpose"(%x, %w) {auto_pad = "SAME_LOWER", strides = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32>
  return %y, %z : tensor<1x1x6x6xf32>, tensor<1x1x6x6xf32>
}

// -----

func.func @conv_transpose_same_dynamic(%x: tensor<1x1x?x3xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x?x6xf32> {
  // expected-error@+1 {{'dlc_graph.conv_transpose' op cannot be lowered by dlc-graph-to-tensor: output_shape or automatic padding with a dynamic spatial dim}}
  %y = "dlc_graph.conv_transpose"(%x, %w) {auto_pad = "SAME_UPPER", strides = array<i64: 2, 2>} : (tensor<1x1x?x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x?x6xf32>
  return %y : tensor<1x1x?x6xf32>
}

// -----

func.func @conv_transpose_dynamic_kernel(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x?x3xf32>) -> tensor<1x1x?x5xf32> {
  // expected-error@+1 {{'dlc_graph.conv_transpose' op cannot be lowered by dlc-graph-to-tensor: a dynamic kernel size}}
  %y = "dlc_graph.conv_transpose"(%x, %w) : (tensor<1x1x3x3xf32>, tensor<1x1x?x3xf32>) -> tensor<1x1x?x5xf32>
  return %y : tensor<1x1x?x5xf32>
}
