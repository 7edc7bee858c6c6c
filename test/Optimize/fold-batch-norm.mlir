// RUN: dlc-opt %s -split-input-file --dlc-fold-batch-norm | FileCheck %s

// batch_norm after a conv with constant weights: channel m's weights scaled
// by s = scale / sqrt(var + eps), the bias (b - mean) * s + bias.
// Here s = [2, 0.5] (var + eps = 1, 4), bias' = [(1 - 1) * 2 + 3, (2 - 0) * 0.5 - 1].
// CHECK-LABEL: func.func @conv_bn
// CHECK-DAG: %[[W:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}[{{\[}}[2.000000e+00]]], {{\[}}[{{\[}}-5.000000e-01]]]]> : tensor<2x1x1x1xf32>}
// CHECK-DAG: %[[B:.*]] = "dlc_graph.constant"() {value = dense<[3.000000e+00, 0.000000e+00]> : tensor<2xf32>}
// CHECK: %[[C:.*]] = "dlc_graph.conv"(%{{.*}}, %[[W]], %[[B]])
// CHECK-NOT: dlc_graph.batch_norm
// CHECK: return %[[C]]
func.func @conv_bn(%x: tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = "dlc_graph.constant"() {value = dense<[[[[1.0]]], [[[-1.0]]]]> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %b = "dlc_graph.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %scale = "dlc_graph.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %shift = "dlc_graph.constant"() {value = dense<[3.0, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %mean = "dlc_graph.constant"() {value = dense<[1.0, 0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %var = "dlc_graph.constant"() {value = dense<[1.0, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "dlc_graph.conv"(%x, %w, %b) : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %y = "dlc_graph.batch_norm"(%c, %scale, %shift, %mean, %var) {epsilon = 0.0 : f32} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

// -----

// A per-channel mul and a scalar add after a conv without bias fold too.
// CHECK-LABEL: func.func @conv_scale_shift
// CHECK: %[[W:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}[{{\[}}[3.000000e+00]]], {{\[}}[{{\[}}-5.000000e+00]]]]> : tensor<2x1x1x1xf32>}
// CHECK: %[[B:.*]] = "dlc_graph.constant"() {value = dense<7.000000e+00> : tensor<2xf32>}
// CHECK-NEXT: %[[C:.*]] = "dlc_graph.conv"(%{{.*}}, %{{.*}}, %[[B]])
// CHECK-NOT: dlc_graph.{{mul|add}}
// CHECK: return %[[C]]
func.func @conv_scale_shift(%x: tensor<1x1x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %w = "dlc_graph.constant"() {value = dense<[[[[1.0]]], [[[-1.0]]]]> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %k = "dlc_graph.constant"() {value = dense<[[[3.0]], [[5.0]]]> : tensor<2x1x1xf32>} : () -> tensor<2x1x1xf32>
  %t = "dlc_graph.constant"() {value = dense<7.0> : tensor<f32>} : () -> tensor<f32>
  %c = "dlc_graph.conv"(%x, %w) : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %m = "dlc_graph.mul"(%c, %k) : (tensor<1x2x2x2xf32>, tensor<2x1x1xf32>) -> tensor<1x2x2x2xf32>
  %a = "dlc_graph.add"(%t, %m) : (tensor<f32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %a : tensor<1x2x2x2xf32>
}

// -----

// batch_norm after a gemm scales the columns of b and folds alpha, beta, c.
// CHECK-LABEL: func.func @gemm_bn
// CHECK-DAG: %[[W:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}[4.000000e+00, 1.000000e+00]]> : tensor<1x2xf32>}
// CHECK-DAG: %[[B:.*]] = "dlc_graph.constant"() {value = dense<[4.000000e+00, 1.000000e+00]> : tensor<2xf32>}
// CHECK: "dlc_graph.gemm"(%{{.*}}, %[[W]], %[[B]])
// CHECK-NOT: alpha
// CHECK-NOT: dlc_graph.batch_norm
func.func @gemm_bn(%x: tensor<3x1xf32>) -> tensor<3x2xf32> {
  %w = "dlc_graph.constant"() {value = dense<[[1.0, 1.0]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %c = "dlc_graph.constant"() {value = dense<[1.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %scale = "dlc_graph.constant"() {value = dense<[2.0, 0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %zero = "dlc_graph.constant"() {value = dense<0.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %one = "dlc_graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %g = "dlc_graph.gemm"(%x, %w, %c) {alpha = 2.0 : f32, beta = 2.0 : f32} : (tensor<3x1xf32>, tensor<1x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %y = "dlc_graph.batch_norm"(%g, %scale, %zero, %zero, %one) {epsilon = 0.0 : f32} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// Not folded: a conv whose result has another user, one with run-time
// weights, and a mul by a constant that varies along a spatial dim.
// CHECK-LABEL: func.func @kept
// CHECK: dlc_graph.batch_norm
// CHECK: dlc_graph.batch_norm
// CHECK: dlc_graph.mul
func.func @kept(%x: tensor<1x1x2x2xf32>, %wx: tensor<2x1x1x1xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  %w = "dlc_graph.constant"() {value = dense<[[[[1.0]]], [[[-1.0]]]]> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %p = "dlc_graph.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %k = "dlc_graph.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "dlc_graph.conv"(%x, %w) : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %y = "dlc_graph.batch_norm"(%c, %p, %p, %p, %p) : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %d = "dlc_graph.conv"(%x, %wx) : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %z = "dlc_graph.batch_norm"(%d, %p, %p, %p, %p) : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %e = "dlc_graph.conv"(%x, %w) : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %m = "dlc_graph.mul"(%e, %k) : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  return %y, %c, %z, %m : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
}
