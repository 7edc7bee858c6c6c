// RUN: dlc-opt %s -split-input-file --dlc-trim-conv-windows | FileCheck %s
// Each trimmed conv computes what the whole window computes:
// RUN: %python %S/Inputs/trim_conv_inputs.py %t
// RUN: dlc-run %s --entry dilated --input %t/x.npy --no-optimize -o %t/whole
// RUN: dlc-run %s --entry dilated --input %t/x.npy --expect %t/whole/output_0.npy --rtol 0 --atol 0 | FileCheck %s --check-prefix=SAME
// SAME: output 0: shape=[1, 2, 4, 4] dtype=float32 {{.*}} ok

// A 3x3 window of dilation 6 on a 4x4 image padded by 6: the taps 6 apart
// from the centre read padding at every output position; the window is
// its centre tap, unpadded.
// CHECK-LABEL: func.func @dilated
// CHECK: %[[W:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}[{{\[}}[5.000000e+00]]], {{\[}}[{{\[}}1.400000e+01]]]]> : tensor<2x1x1x1xf32>}
// CHECK: "dlc_graph.conv"(%{{.*}}, %[[W]], %{{.*}}) {dilations = array<i64: 6, 6>, kernel_shape = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>}
// CHECK-SAME: -> tensor<1x2x4x4xf32>
func.func @dilated(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = "dlc_graph.constant"() {value = dense<[[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]],
                                              [[[10.0, 11.0, 12.0], [13.0, 14.0, 15.0], [16.0, 17.0, 18.0]]]]> : tensor<2x1x3x3xf32>} : () -> tensor<2x1x3x3xf32>
  %b = "dlc_graph.constant"() {value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "dlc_graph.conv"(%x, %w, %b) {dilations = array<i64: 6, 6>, kernel_shape = array<i64: 3, 3>, pads = array<i64: 6, 6, 6, 6>}
      : (tensor<1x1x4x4xf32>, tensor<2x1x3x3xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// Per dim: rows keep taps 1 and 2 (tap 0, 4 above each output row,
// reads the top padding only) and the top pad shrinks by its 2 rows;
// columns keep all three.
// CHECK-LABEL: func.func @one_side
// CHECK: "dlc_graph.conv"(%{{.*}}, %{{.*}}) {dilations = array<i64: 2, 1>, pads = array<i64: 2, 1, 0, 1>}
// CHECK-SAME: (tensor<1x1x4x5xf32>, tensor<1x1x2x3xf32>) -> tensor<1x1x4x5xf32>
func.func @one_side(%x: tensor<1x1x4x5xf32>) -> tensor<1x1x4x5xf32> {
  %k = "dlc_graph.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %y = "dlc_graph.conv"(%x, %k) {dilations = array<i64: 2, 1>, pads = array<i64: 4, 1, 0, 1>}
      : (tensor<1x1x4x5xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x5xf32>
  return %y : tensor<1x1x4x5xf32>
}

// -----

// Windows whose every tap reads the image at some position, run-time
// weights, and a dropped tap whose weight is infinite (inf * 0 is NaN in
// the whole window's sum) stay as they are.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: kernel_shape = array<i64: 3, 3>
func.func @kept(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) -> (tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>) {
  %k = "dlc_graph.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %live = "dlc_graph.conv"(%x, %k) {dilations = array<i64: 2, 2>, kernel_shape = array<i64: 3, 3>, pads = array<i64: 2, 2, 2, 2>}
      : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x4xf32>
  %runtime = "dlc_graph.conv"(%x, %w) {dilations = array<i64: 6, 6>, kernel_shape = array<i64: 3, 3>, pads = array<i64: 6, 6, 6, 6>}
      : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x4xf32>
  %inf = "dlc_graph.constant"() {value = dense<[[[[0x7F800000, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]]]> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %nan = "dlc_graph.conv"(%x, %inf) {dilations = array<i64: 6, 6>, kernel_shape = array<i64: 3, 3>, pads = array<i64: 6, 6, 6, 6>}
      : (tensor<1x1x4x4xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x4x4xf32>
  return %live, %runtime, %nan : tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>
}
