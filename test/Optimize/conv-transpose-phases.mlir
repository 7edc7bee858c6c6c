// RUN: dlc-opt %s -split-input-file --dlc-conv-transpose-phases | FileCheck %s
// Numerics, against the convolution of the spread input that
// --no-optimize keeps: a DCGAN layer (4x4, stride 2, pads 1, bias), a
// U-Net upsampling (2x2, stride 2, batch 2), output_padding, strides 3 x 1
// with uneven pads, stride 1 from one pixel, and a 1-D one.
// RUN: rm -rf %t && %python %S/Inputs/conv_transpose_models.py %t
// RUN: for m in dcgan unet output_padding uneven from_pixel row; do \
// RUN:   dlc-run %t/$m.onnx --input %t/$m.npy --no-optimize -o %t/$m && \
// RUN:   dlc-run %t/$m.onnx --input %t/$m.npy --expect %t/$m/output_0.npy --rtol 1e-5 --atol 1e-5 || exit 1; \
// RUN: done | FileCheck %s --check-prefix=SAME
// SAME-COUNT-6: output 0: {{.*}} ok

// Stride 2, 4x4 taps, pads 1: output row 2j + e reads taps 1 and 3 (e = 0)
// or 0 and 2 (e = 1) of each dim, so 4 convs of 2x2 taps, flipped with the
// channels swapped (w[c, m, t] -> k[m, c, ..]); their outputs side by side
// along the channels, then interleaved: N x 2 x 2 x M x J x J -> N x M x
// J x 2 x J x 2.
// CHECK-LABEL: func.func @strided
// CHECK: %[[K0:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}[{{\[}}[1.500000e+01, 1.300000e+01], [7.000000e+00, 5.000000e+00]]]]> : tensor<1x1x2x2xf32>}
// CHECK: %[[C0:.*]] = "dlc_graph.conv"(%arg0, %[[K0]]) {pads = array<i64: 1, 1, 0, 0>} : (tensor<1x1x3x3xf32>, tensor<1x1x2x2xf32>) -> tensor<1x1x3x3xf32>
// CHECK: %[[K1:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}[{{\[}}[1.400000e+01, 1.200000e+01], [6.000000e+00, 4.000000e+00]]]]>
// CHECK: "dlc_graph.conv"(%arg0, %[[K1]]) {pads = array<i64: 1, 0, 0, 1>}
// CHECK-COUNT-2: "dlc_graph.conv"
// CHECK: %[[ALL:.*]] = "dlc_graph.concat"({{.*}}) {axis = 1 : i64} : (tensor<1x3x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x4x3x3xf32>
// CHECK: %[[R:.*]] = "dlc_graph.reshape"(%[[ALL]]) {shape = array<i64: 1, 2, 2, 1, 3, 3>}
// CHECK: %[[T:.*]] = "dlc_graph.transpose"(%[[R]]) {perm = array<i64: 0, 3, 4, 1, 5, 2>} : (tensor<1x2x2x1x3x3xf32>) -> tensor<1x1x3x2x3x2xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.reshape"(%[[T]]) {shape = array<i64: 1, 1, 6, 6>}
// CHECK: return %[[Y]]
func.func @strided(%x: tensor<1x1x3x3xf32>) -> tensor<1x1x6x6xf32> {
  %w = "dlc_graph.constant"() {value = dense<[[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0]]]]> : tensor<1x1x4x4xf32>} : () -> tensor<1x1x4x4xf32>
  %y = "dlc_graph.conv_transpose"(%x, %w) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>}
      : (tensor<1x1x3x3xf32>, tensor<1x1x4x4xf32>) -> tensor<1x1x6x6xf32>
  return %y : tensor<1x1x6x6xf32>
}

// -----

// Run-time weights, dilations, and outputs that are no multiple of the
// stride stay.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: "dlc_graph.conv_transpose"
func.func @kept(%x: tensor<1x1x3x3xf32>, %w: tensor<1x1x3x3xf32>) -> (tensor<1x1x7x7xf32>, tensor<1x1x7x7xf32>, tensor<1x1x7x7xf32>) {
  %a = "dlc_graph.conv_transpose"(%x, %w) {strides = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x7x7xf32>
  %k = "dlc_graph.constant"() {value = dense<1.0> : tensor<1x1x3x3xf32>} : () -> tensor<1x1x3x3xf32>
  %b = "dlc_graph.conv_transpose"(%x, %k) {dilations = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x7x7xf32>
  %c = "dlc_graph.conv_transpose"(%x, %k) {strides = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x1x3x3xf32>) -> tensor<1x1x7x7xf32>
  return %a, %b, %c : tensor<1x1x7x7xf32>, tensor<1x1x7x7xf32>, tensor<1x1x7x7xf32>
}
