// RUN: dlc-opt %s -split-input-file --dlc-trim-conv-windows | FileCheck %s
// Each trimmed conv computes what the whole window computes:
// RUN: %python %S/Inputs/trim_conv_inputs.py %t
// RUN: dlc-run %s --entry dilated --input %t/x.npy --no-optimize -o %t/whole
// RUN: dlc-run %s --entry dilated --input %t/x.npy --expect %t/whole/output_0.npy --rtol 0 --atol 0 | FileCheck %s --check-prefix=SAME
// SAME: output 0: shape=[1, 2, 4, 4] dtype=float32 {{.*}} ok
// RUN: dlc-run %s --entry regions --input %t/r.npy --no-optimize -o %t/whole_regions
// RUN: dlc-run %s --entry regions --input %t/r.npy --expect %t/whole_regions/output_0.npy --rtol 1e-6 --atol 1e-6 | FileCheck %s --check-prefix=REGIONS
// REGIONS: output 0: shape=[1, 3, 14, 14] dtype=float32 {{.*}} ok

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

// -----

// Dilation 12 on a 14x14 image: along each dim, positions 0-1 read taps 1
// and 2, positions 2-11 the centre tap only, 12-13 taps 0 and 1 (18 of the
// 42 multiply-adds). Each of the 3 x 3 regions is a convolution of its
// taps on the input it reads, unpadded; row by row, the regions are
// concatenated along the width, then the rows along the height.
// CHECK-LABEL: func.func @regions
// CHECK: %[[S0:.*]] = "dlc_graph.slice"(%arg0) {axes = array<i64: 2, 3>, ends = array<i64: 14, 14>, starts = array<i64: 0, 0>} : (tensor<1x2x14x14xf32>) -> tensor<1x2x14x14xf32>
// CHECK: %[[C0:.*]] = "dlc_graph.conv"(%[[S0]], %{{.*}}, %{{.*}}) {dilations = array<i64: 12, 12>, kernel_shape = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>} : (tensor<1x2x14x14xf32>, tensor<3x2x2x2xf32>, tensor<3xf32>) -> tensor<1x3x2x2xf32>
// CHECK: "dlc_graph.slice"(%arg0) {axes = array<i64: 2, 3>, ends = array<i64: 14, 12>, starts = array<i64: 0, 2>}
// CHECK: "dlc_graph.conv"({{.*}}) {dilations = array<i64: 12, 12>, kernel_shape = array<i64: 2, 1>, pads = array<i64: 0, 0, 0, 0>} : (tensor<1x2x14x10xf32>, tensor<3x2x2x1xf32>, tensor<3xf32>) -> tensor<1x3x2x10xf32>
// CHECK-COUNT-7: "dlc_graph.conv"
// CHECK: "dlc_graph.concat"(%[[C0]], %{{.*}}) {axis = 3 : i64} : (tensor<1x3x2x2xf32>, tensor<1x3x2x10xf32>) -> tensor<1x3x2x12xf32>
// CHECK: "dlc_graph.concat"({{.*}}) {axis = 2 : i64} : (tensor<1x3x2x14xf32>, tensor<1x3x10x14xf32>) -> tensor<1x3x12x14xf32>
// CHECK: "dlc_graph.concat"({{.*}}) {axis = 2 : i64} : (tensor<1x3x12x14xf32>, tensor<1x3x2x14xf32>) -> tensor<1x3x14x14xf32>
func.func @regions(%x: tensor<1x2x14x14xf32>) -> tensor<1x3x14x14xf32> {
  %w = "dlc_graph.constant"() {value = dense<0.25> : tensor<3x2x3x3xf32>} : () -> tensor<3x2x3x3xf32>
  %b = "dlc_graph.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "dlc_graph.conv"(%x, %w, %b) {dilations = array<i64: 12, 12>, kernel_shape = array<i64: 3, 3>, pads = array<i64: 12, 12, 12, 12>}
      : (tensor<1x2x14x14xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x14x14xf32>
  return %y : tensor<1x3x14x14xf32>
}
