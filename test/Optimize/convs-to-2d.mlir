// RUN: dlc-opt %s -split-input-file --dlc-convs-to-2d | FileCheck %s
// Numerics, against the loops that --no-optimize keeps: R3D-18's 3x3x3
// layer with pads and bias, a 3-D and a 1-D one with every attribute.
// (test/e2e/conv_pool.test runs run-time weights against NumPy.)
// RUN: rm -rf %t && %python %S/Inputs/conv_models.py %t
// RUN: dlc-run %t/plain.onnx --input %t/plain.npy --no-optimize -o %t/plain
// RUN: dlc-run %t/plain.onnx --input %t/plain.npy --expect %t/plain/output_0.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=PLAIN
// PLAIN: output 0: shape=[1, 4, 5, 8, 8] dtype=float32 {{.*}} ok
// RUN: dlc-run %t/every.onnx --input %t/every.npy --no-optimize -o %t/every
// RUN: dlc-run %t/every.onnx --input %t/every.npy --expect %t/every/output_0.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=EVERY
// RUN: dlc-run %t/every.onnx --input %t/every.npy --expect %t/every/output_0.npy --rtol 1e-5 --atol 1e-5 --threads 2 | FileCheck %s --check-prefix=EVERY
// EVERY: output 0: shape=[2, 4, 3, 6, 3] dtype=float32 {{.*}} ok
// RUN: dlc-run %t/temporal.onnx --input %t/temporal.npy --no-optimize -o %t/temporal
// RUN: dlc-run %t/temporal.onnx --input %t/temporal.npy --expect %t/temporal/output_0.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=TEMPORAL
// TEMPORAL: output 0: shape=[1, 6, 4, 3, 5] dtype=float32 {{.*}} ok
// RUN: dlc-run %t/row.onnx --input %t/row.npy --no-optimize -o %t/row
// RUN: dlc-run %t/row.onnx --input %t/row.npy --expect %t/row/output_0.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=ROW
// ROW: output 0: shape=[2, 6, 5] dtype=float32 {{.*}} ok

// A 2x3x3 window, time stride 2, one frame of padding before: the frames
// move before the channels; per temporal tap, every other frame from the
// tap's first, 2 per image, is a batch of 2 images for a 2-D conv with the
// tap's weights (the bias with the first); the sum goes back to N x F x T
// x H x W.
// CHECK-LABEL: func.func @conv3d
// CHECK: %[[P:.*]] = "dlc_graph.pad"(%arg0) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 0, 0, 1, 0, 0, 0, 0, 0, 0, 0>} : (tensor<1x2x4x5x5xf32>) -> tensor<1x2x5x5x5xf32>
// CHECK: %[[T:.*]] = "dlc_graph.transpose"(%[[P]]) {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x5x5x5xf32>) -> tensor<1x5x2x5x5xf32>
// CHECK: %[[S0:.*]] = "dlc_graph.slice"(%[[T]]) {axes = array<i64: 1>, ends = array<i64: 3>, starts = array<i64: 0>, steps = array<i64: 2>} : (tensor<1x5x2x5x5xf32>) -> tensor<1x2x2x5x5xf32>
// CHECK: %[[R0:.*]] = "dlc_graph.reshape"(%[[S0]]) {shape = array<i64: 2, 2, 5, 5>}
// CHECK: %[[W0:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}[{{\[}}[0.000000e+00, 1.000000e+00, 2.000000e+00]{{.*}} : tensor<3x2x3x3xf32>}
// CHECK: %[[C0:.*]] = "dlc_graph.conv"(%[[R0]], %[[W0]], %{{.*}}) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<2x2x5x5xf32>, tensor<3x2x3x3xf32>, tensor<3xf32>) -> tensor<2x3x5x5xf32>
// CHECK: %[[S1:.*]] = "dlc_graph.slice"(%[[T]]) {axes = array<i64: 1>, ends = array<i64: 4>, starts = array<i64: 1>, steps = array<i64: 2>}
// CHECK: %[[W1:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}[{{\[}}[9.000000e+00, 1.000000e+01, 1.100000e+01]{{.*}} : tensor<3x2x3x3xf32>}
// CHECK: %[[C1:.*]] = "dlc_graph.conv"(%{{.*}}, %[[W1]]) {{.*}} : (tensor<2x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<2x3x5x5xf32>
// CHECK: %[[A:.*]] = "dlc_graph.add"(%[[C0]], %[[C1]])
// CHECK: %[[B:.*]] = "dlc_graph.reshape"(%[[A]]) {shape = array<i64: 1, 2, 3, 5, 5>}
// CHECK: %[[Y:.*]] = "dlc_graph.transpose"(%[[B]]) {perm = array<i64: 0, 2, 1, 3, 4>} : (tensor<1x2x3x5x5xf32>) -> tensor<1x3x2x5x5xf32>
// CHECK: return %[[Y]]
func.func @conv3d(%x: tensor<1x2x4x5x5xf32>) -> tensor<1x3x2x5x5xf32> {
  %w = "dlc_graph.constant"() {value = dense<[
    [[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]], [[9.0, 10.0, 11.0], [12.0, 13.0, 14.0], [15.0, 16.0, 17.0]]],
     [[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]],
    [[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]], [[9.0, 10.0, 11.0], [12.0, 13.0, 14.0], [15.0, 16.0, 17.0]]],
     [[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]],
    [[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]], [[9.0, 10.0, 11.0], [12.0, 13.0, 14.0], [15.0, 16.0, 17.0]]],
     [[[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]], [[2.0, 2.0, 2.0], [2.0, 2.0, 2.0], [2.0, 2.0, 2.0]]]]]> : tensor<3x2x2x3x3xf32>} : () -> tensor<3x2x2x3x3xf32>
  %b = "dlc_graph.constant"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "dlc_graph.conv"(%x, %w, %b) {strides = array<i64: 2, 1, 1>, pads = array<i64: 1, 1, 1, 0, 1, 1>}
      : (tensor<1x2x4x5x5xf32>, tensor<3x2x2x3x3xf32>, tensor<3xf32>) -> tensor<1x3x2x5x5xf32>
  return %y : tensor<1x3x2x5x5xf32>
}

// -----

// A window across time only (3 x 1 x 1): a 2-D conv over (time, pixel),
// the image's rows and columns one dim, without per-tap slices.
// CHECK-LABEL: func.func @temporal
// CHECK: %[[X:.*]] = "dlc_graph.reshape"(%arg0) {shape = array<i64: 1, 2, 5, 12>} : (tensor<1x2x5x3x4xf32>) -> tensor<1x2x5x12xf32>
// CHECK: %[[W:.*]] = "dlc_graph.constant"() {value = dense<5.000000e-01> : tensor<3x2x3x1xf32>}
// CHECK: %[[Y:.*]] = "dlc_graph.conv"(%[[X]], %[[W]]) {dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 2, 1>} : (tensor<1x2x5x12xf32>, tensor<3x2x3x1xf32>) -> tensor<1x3x3x12xf32>
// CHECK: "dlc_graph.reshape"(%[[Y]]) {shape = array<i64: 1, 3, 3, 3, 4>} : (tensor<1x3x3x12xf32>) -> tensor<1x3x3x3x4xf32>
// CHECK-NOT: dlc_graph.slice
func.func @temporal(%x: tensor<1x2x5x3x4xf32>) -> tensor<1x3x3x3x4xf32> {
  %w = "dlc_graph.constant"() {value = dense<0.5> : tensor<3x2x3x1x1xf32>} : () -> tensor<3x2x3x1x1xf32>
  %y = "dlc_graph.conv"(%x, %w) {strides = array<i64: 2, 1, 1>, pads = array<i64: 1, 0, 0, 1, 0, 0>}
      : (tensor<1x2x5x3x4xf32>, tensor<3x2x3x1x1xf32>) -> tensor<1x3x3x3x4xf32>
  return %y : tensor<1x3x3x3x4xf32>
}

// -----

// A run-time weight: each tap's a slice of it.
// CHECK-LABEL: func.func @runtime_weight
// CHECK: "dlc_graph.slice"(%arg1) {axes = array<i64: 2>, ends = array<i64: 1>, starts = array<i64: 0>} : (tensor<2x2x2x1x2xf32>) -> tensor<2x2x1x1x2xf32>
// CHECK: "dlc_graph.reshape"({{.*}}) {shape = array<i64: 2, 2, 1, 2>}
// CHECK: "dlc_graph.slice"(%arg1) {axes = array<i64: 2>, ends = array<i64: 2>, starts = array<i64: 1>}
func.func @runtime_weight(%x: tensor<1x2x3x4x4xf32>, %w: tensor<2x2x2x1x2xf32>) -> tensor<1x2x2x4x3xf32> {
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x2x3x4x4xf32>, tensor<2x2x2x1x2xf32>) -> tensor<1x2x2x4x3xf32>
  return %y : tensor<1x2x2x4x3xf32>
}

// -----

// A 1-D convolution is a 2-D one of one row; the reshapes copy the
// dynamic batch (shape entry 0).
// CHECK-LABEL: func.func @row
// CHECK: %[[X:.*]] = "dlc_graph.reshape"(%arg0) {shape = array<i64: 0, 4, 1, 9>} : (tensor<?x4x9xf32>) -> tensor<?x4x1x9xf32>
// CHECK: %[[W:.*]] = "dlc_graph.constant"() {value = dense<5.000000e-01> : tensor<6x2x1x3xf32>}
// CHECK: %[[Y:.*]] = "dlc_graph.conv"(%[[X]], %[[W]]) {dilations = array<i64: 1, 2>, group = 2 : i64, pads = array<i64: 0, 1, 0, 2>, strides = array<i64: 1, 2>} : (tensor<?x4x1x9xf32>, tensor<6x2x1x3xf32>) -> tensor<?x6x1x4xf32>
// CHECK: "dlc_graph.reshape"(%[[Y]]) {shape = array<i64: 0, 6, 4>} : (tensor<?x6x1x4xf32>) -> tensor<?x6x4xf32>
func.func @row(%x: tensor<?x4x9xf32>) -> tensor<?x6x4xf32> {
  %w = "dlc_graph.constant"() {value = dense<0.5> : tensor<6x2x3xf32>} : () -> tensor<6x2x3xf32>
  %y = "dlc_graph.conv"(%x, %w) {group = 2 : i64, pads = array<i64: 1, 2>, strides = array<i64: 2>, dilations = array<i64: 2>}
      : (tensor<?x4x9xf32>, tensor<6x2x3xf32>) -> tensor<?x6x4xf32>
  return %y : tensor<?x6x4xf32>
}

// -----

// 2-D convolutions stay.
// CHECK-LABEL: func.func @kept
// CHECK: "dlc_graph.conv"(%arg0, %{{.*}}) {{.*}} -> tensor<1x2x4x4xf32>
func.func @kept(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %k = "dlc_graph.constant"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %y = "dlc_graph.conv"(%x, %k) : (tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}
