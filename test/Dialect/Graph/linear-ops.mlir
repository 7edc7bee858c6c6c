// RUN: dlc-opt %s -split-input-file | FileCheck %s
// Round trip: the printed form parses and verifies again.
// RUN: dlc-opt %s -split-input-file | dlc-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @matmul_2d
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.matmul"(%[[A]], %[[B]]) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @matmul_2d(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = "dlc_graph.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// 1-D operands are promoted and the added dim removed, as in numpy.
// CHECK-LABEL: func.func @matmul_vectors
// CHECK: "dlc_graph.matmul"(%{{.*}}, %{{.*}}) : (tensor<3xf64>, tensor<3x4xf64>) -> tensor<4xf64>
// CHECK: "dlc_graph.matmul"(%{{.*}}, %{{.*}}) : (tensor<4x3xf64>, tensor<3xf64>) -> tensor<4xf64>
// CHECK: "dlc_graph.matmul"(%{{.*}}, %{{.*}}) : (tensor<3xf64>, tensor<3xf64>) -> tensor<f64>
func.func @matmul_vectors(%v: tensor<3xf64>, %m: tensor<3x4xf64>, %n: tensor<4x3xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<f64>) {
  %0 = "dlc_graph.matmul"(%v, %m) : (tensor<3xf64>, tensor<3x4xf64>) -> tensor<4xf64>
  %1 = "dlc_graph.matmul"(%n, %v) : (tensor<4x3xf64>, tensor<3xf64>) -> tensor<4xf64>
  %2 = "dlc_graph.matmul"(%v, %v) : (tensor<3xf64>, tensor<3xf64>) -> tensor<f64>
  return %0, %1, %2 : tensor<4xf64>, tensor<4xf64>, tensor<f64>
}

// -----

// Batch dims broadcast; dynamic dims and integer types.
// CHECK-LABEL: func.func @matmul_batched
// CHECK: "dlc_graph.matmul"(%{{.*}}, %{{.*}}) : (tensor<5x1x2x3xi32>, tensor<4x3x2xi32>) -> tensor<5x4x2x2xi32>
// CHECK: "dlc_graph.matmul"(%{{.*}}, %{{.*}}) : (tensor<?x2x3xi32>, tensor<3x?xi32>) -> tensor<?x2x?xi32>
func.func @matmul_batched(%a: tensor<5x1x2x3xi32>, %b: tensor<4x3x2xi32>, %c: tensor<?x2x3xi32>, %d: tensor<3x?xi32>) -> (tensor<5x4x2x2xi32>, tensor<?x2x?xi32>) {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<5x1x2x3xi32>, tensor<4x3x2xi32>) -> tensor<5x4x2x2xi32>
  %1 = "dlc_graph.matmul"(%c, %d) : (tensor<?x2x3xi32>, tensor<3x?xi32>) -> tensor<?x2x?xi32>
  return %0, %1 : tensor<5x4x2x2xi32>, tensor<?x2x?xi32>
}

// -----

// CHECK-LABEL: func.func @gemm
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.gemm"(%[[A]], %[[B]]) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @gemm(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = "dlc_graph.gemm"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// The optional c, of every rank that broadcasts to M x N, and every attribute.
// CHECK-LABEL: func.func @gemm_c_attrs
// CHECK-SAME: %[[A:[^:]*]]: tensor<3x2xf32>, %[[B:[^:]*]]: tensor<4x3xf32>, %[[C2:[^:]*]]: tensor<2x4xf32>, %[[C1:[^:]*]]: tensor<4xf32>, %[[C0:[^:]*]]: tensor<f32>
// CHECK: "dlc_graph.gemm"(%[[A]], %[[B]], %[[C2]])
// CHECK-SAME: alpha = 5.000000e-01 : f32
// CHECK-SAME: beta = 2.000000e+00 : f32
// CHECK-SAME: trans_a = true
// CHECK-SAME: trans_b = true
// CHECK-SAME: (tensor<3x2xf32>, tensor<4x3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: "dlc_graph.gemm"(%[[A]], %[[B]], %[[C1]]) {trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK: "dlc_graph.gemm"(%[[A]], %[[B]], %[[C0]]) {trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>, tensor<f32>) -> tensor<2x4xf32>
func.func @gemm_c_attrs(%a: tensor<3x2xf32>, %b: tensor<4x3xf32>, %c2: tensor<2x4xf32>, %c1: tensor<4xf32>, %c0: tensor<f32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = "dlc_graph.gemm"(%a, %b, %c2) {alpha = 0.5 : f32, beta = 2.0 : f32, trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "dlc_graph.gemm"(%a, %b, %c1) {trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  %2 = "dlc_graph.gemm"(%a, %b, %c0) {trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>, tensor<f32>) -> tensor<2x4xf32>
  return %0, %1, %2 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// An explicit segment attribute for the optional c is accepted when it
// describes the operands; integer gemm.
// CHECK-LABEL: func.func @gemm_segments
// CHECK: "dlc_graph.gemm"(%{{.*}}, %{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
// CHECK: "dlc_graph.gemm"(%{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
func.func @gemm_segments(%a: tensor<2x2xi64>, %c: tensor<2x1xi64>) -> (tensor<2x2xi64>, tensor<2x2xi64>) {
  %0 = "dlc_graph.gemm"(%a, %a, %c) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x2xi64>, tensor<2x2xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
  %1 = "dlc_graph.gemm"(%a, %a) {operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<2x2xi64>, tensor<2x2xi64>) -> tensor<2x2xi64>
  return %0, %1 : tensor<2x2xi64>, tensor<2x2xi64>
}
