// RUN: dlc-opt %s -split-input-file --dlc-infer-shapes | FileCheck %s

// CHECK-LABEL: func.func @matmul_2d
// CHECK-SAME: -> tensor<2x4xf32>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
func.func @matmul_2d(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// 1-D operands: a leading (lhs) or trailing (rhs) 1 is added, then removed
// from the result; vector . vector is 0-d.
// CHECK-LABEL: func.func @matmul_1d
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2xf32>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<3xf32>, tensor<5x3x4xf32>) -> tensor<5x4xf32>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<5x2x3xf32>, tensor<3xf32>) -> tensor<5x2xf32>
func.func @matmul_1d(%v: tensor<3xf32>, %m: tensor<3x4xf32>, %n: tensor<2x3xf32>, %bm: tensor<5x3x4xf32>, %bn: tensor<5x2x3xf32>) -> (tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "dlc_graph.matmul"(%v, %m) : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<?xf32>
  %1 = "dlc_graph.matmul"(%n, %v) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?xf32>
  %2 = "dlc_graph.matmul"(%v, %v) : (tensor<3xf32>, tensor<3xf32>) -> tensor<f32>
  %3 = "dlc_graph.matmul"(%v, %bm) : (tensor<3xf32>, tensor<5x3x4xf32>) -> tensor<?x?xf32>
  %4 = "dlc_graph.matmul"(%bn, %v) : (tensor<5x2x3xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  return %0, %1, %2, %3, %4 : tensor<?xf32>, tensor<?xf32>, tensor<f32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// Batch dims broadcast with numpy rules; a 2-D operand is shared by every
// batch.
// CHECK-LABEL: func.func @matmul_batched
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<7x2x3xi32>, tensor<7x3x4xi32>) -> tensor<7x2x4xi32>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<7x2x3xi32>, tensor<3x4xi32>) -> tensor<7x2x4xi32>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<5x1x2x3xi32>, tensor<6x3x4xi32>) -> tensor<5x6x2x4xi32>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<1x2x3xi32>, tensor<1x3x4xi32>) -> tensor<1x2x4xi32>
func.func @matmul_batched(%a: tensor<7x2x3xi32>, %b: tensor<7x3x4xi32>, %m: tensor<3x4xi32>, %c: tensor<5x1x2x3xi32>, %d: tensor<6x3x4xi32>, %e: tensor<1x2x3xi32>, %f: tensor<1x3x4xi32>) -> (tensor<?x?x?xi32>, tensor<?x?x?xi32>, tensor<?x?x?x?xi32>, tensor<?x?x?xi32>) {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<7x2x3xi32>, tensor<7x3x4xi32>) -> tensor<?x?x?xi32>
  %1 = "dlc_graph.matmul"(%a, %m) : (tensor<7x2x3xi32>, tensor<3x4xi32>) -> tensor<?x?x?xi32>
  %2 = "dlc_graph.matmul"(%c, %d) : (tensor<5x1x2x3xi32>, tensor<6x3x4xi32>) -> tensor<?x?x?x?xi32>
  %3 = "dlc_graph.matmul"(%e, %f) : (tensor<1x2x3xi32>, tensor<1x3x4xi32>) -> tensor<?x?x?xi32>
  return %0, %1, %2, %3 : tensor<?x?x?xi32>, tensor<?x?x?xi32>, tensor<?x?x?x?xi32>, tensor<?x?x?xi32>
}

// -----

// `?` dims: rows and columns propagate; a `?` batch dim facing a static one
// takes it; an unknown contracting dim is accepted.
// CHECK-LABEL: func.func @matmul_dynamic
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<?x3xf64>, tensor<3x?xf64>) -> tensor<?x?xf64>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<?x2x3xf64>, tensor<4x3x5xf64>) -> tensor<4x2x5xf64>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<2x?xf64>, tensor<3x4xf64>) -> tensor<2x4xf64>
func.func @matmul_dynamic(%a: tensor<?x3xf64>, %b: tensor<3x?xf64>, %c: tensor<?x2x3xf64>, %d: tensor<4x3x5xf64>, %e: tensor<2x?xf64>, %f: tensor<3x4xf64>) -> (tensor<?x?xf64>, tensor<?x?x?xf64>, tensor<?x?xf64>) {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<?x3xf64>, tensor<3x?xf64>) -> tensor<?x?xf64>
  %1 = "dlc_graph.matmul"(%c, %d) : (tensor<?x2x3xf64>, tensor<4x3x5xf64>) -> tensor<?x?x?xf64>
  %2 = "dlc_graph.matmul"(%e, %f) : (tensor<2x?xf64>, tensor<3x4xf64>) -> tensor<?x?xf64>
  return %0, %1, %2 : tensor<?x?xf64>, tensor<?x?x?xf64>, tensor<?x?xf64>
}

// -----

// Zero-size dims: no rows, or an empty contraction (the result is zeros).
// CHECK-LABEL: func.func @matmul_zero_size
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<0x3xf32>, tensor<3x4xf32>) -> tensor<0x4xf32>
// CHECK: "dlc_graph.matmul"{{.*}} : (tensor<2x0xf32>, tensor<0x4xf32>) -> tensor<2x4xf32>
func.func @matmul_zero_size(%a: tensor<0x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x0xf32>, %d: tensor<0x4xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<0x3xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  %1 = "dlc_graph.matmul"(%c, %d) : (tensor<2x0xf32>, tensor<0x4xf32>) -> tensor<?x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// op(a) is M x K and op(b) K x N, whichever operands are transposed.
// CHECK-LABEL: func.func @gemm_transposes
// CHECK: "dlc_graph.gemm"{{.*}} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: "dlc_graph.gemm"{{.*}} {trans_a = true} : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: "dlc_graph.gemm"{{.*}} {trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
// CHECK: "dlc_graph.gemm"{{.*}} {trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
func.func @gemm_transposes(%a: tensor<2x3xf32>, %at: tensor<3x2xf32>, %b: tensor<3x4xf32>, %bt: tensor<4x3xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "dlc_graph.gemm"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  %1 = "dlc_graph.gemm"(%at, %b) {trans_a = true} : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  %2 = "dlc_graph.gemm"(%a, %bt) {trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<?x?xf32>
  %3 = "dlc_graph.gemm"(%at, %bt) {trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>) -> tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// c broadcasts to M x N; where op(a) or op(b) leaves M or N open, a c dim
// other than 1 fixes it.
// CHECK-LABEL: func.func @gemm_c
// CHECK: "dlc_graph.gemm"{{.*}} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
// CHECK: "dlc_graph.gemm"{{.*}} : (tensor<?x3xf32>, tensor<3x?xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: "dlc_graph.gemm"{{.*}} : (tensor<?x3xf32>, tensor<3x?xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK: "dlc_graph.gemm"{{.*}} : (tensor<?x3xf32>, tensor<3x?xf32>, tensor<1x1xf32>) -> tensor<?x?xf32>
func.func @gemm_c(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<1x4xf32>, %da: tensor<?x3xf32>, %db: tensor<3x?xf32>, %c2: tensor<2x4xf32>, %c1: tensor<4xf32>, %u: tensor<1x1xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = "dlc_graph.gemm"(%a, %b, %c) : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<1x4xf32>) -> tensor<?x?xf32>
  %1 = "dlc_graph.gemm"(%da, %db, %c2) : (tensor<?x3xf32>, tensor<3x?xf32>, tensor<2x4xf32>) -> tensor<?x?xf32>
  %2 = "dlc_graph.gemm"(%da, %db, %c1) : (tensor<?x3xf32>, tensor<3x?xf32>, tensor<4xf32>) -> tensor<?x?xf32>
  %3 = "dlc_graph.gemm"(%da, %db, %u) : (tensor<?x3xf32>, tensor<3x?xf32>, tensor<1x1xf32>) -> tensor<?x?xf32>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// Zero-size and integer gemm.
// CHECK-LABEL: func.func @gemm_zero_size
// CHECK: "dlc_graph.gemm"{{.*}} : (tensor<0x3xi64>, tensor<3x5xi64>) -> tensor<0x5xi64>
func.func @gemm_zero_size(%a: tensor<0x3xi64>, %b: tensor<3x5xi64>) -> tensor<?x?xi64> {
  %0 = "dlc_graph.gemm"(%a, %b) : (tensor<0x3xi64>, tensor<3x5xi64>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}
