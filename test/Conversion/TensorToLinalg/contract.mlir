// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// Loops: the output's letters (parallel), then the summed ones (reduction).
// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<2x4xf32>)
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[INIT]] : tensor<2x4xf32>)
// CHECK: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[P:.*]] = arith.mulf %[[L]], %[[R]] : f32
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK: linalg.yield %[[S]]
// CHECK: return %[[Y]]
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->mn"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// A permuted batched output; a dynamic output dim comes from the operand
// that has its letter.
// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @batched_dynamic
// CHECK-SAME: %[[A:[^:]*]]: tensor<?x3x4xi32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[B:.*]] = tensor.dim %[[A]], %[[C0]]
// CHECK: tensor.empty(%[[B]]) : tensor<?x5x3xi32>
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: arith.muli
// CHECK: arith.addi
func.func @batched_dynamic(%a: tensor<?x3x4xi32>, %b: tensor<2x4x5xi32>) -> tensor<?x5x3xi32> {
  %y = "dlc_tensor.contract"(%a, %b) {spec = "bmk,bkn->bnm"} : (tensor<?x3x4xi32>, tensor<2x4x5xi32>) -> tensor<?x5x3xi32>
  return %y : tensor<?x5x3xi32>
}

// -----

// Unsigned: signless types, the same wrapping arithmetic.
// CHECK-LABEL: func.func @dot_ui8
// CHECK-SAME: (%{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>) -> tensor<i8>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction"]
func.func @dot_ui8(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<ui8> {
  %y = "dlc_tensor.contract"(%a, %b) {spec = "k,k->"} : (tensor<4xui8>, tensor<4xui8>) -> tensor<ui8>
  return %y : tensor<ui8>
}
