// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// A plain matrix product becomes the named op, on a zero-filled init.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<2x4xf32>)
// CHECK: %[[Y:.*]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[INIT]] : tensor<2x4xf32>)
// CHECK: return %[[Y]]
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->mn"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// One batch letter first in all three: linalg.batch_matmul, whatever the
// letters are called.
// CHECK-LABEL: func.func @batch_matmul
// CHECK: linalg.batch_matmul ins(%{{.*}}, %{{.*}} : tensor<5x2x3xi32>, tensor<5x3x4xi32>) outs(%{{.*}} : tensor<5x2x4xi32>)
func.func @batch_matmul(%a: tensor<5x2x3xi32>, %b: tensor<5x3x4xi32>) -> tensor<5x2x4xi32> {
  %y = "dlc_tensor.contract"(%a, %b) {spec = "xij,xjk->xik"} : (tensor<5x2x3xi32>, tensor<5x3x4xi32>) -> tensor<5x2x4xi32>
  return %y : tensor<5x2x4xi32>
}

// -----

// A transposed operand is still a matmul: the named op with the generic's
// maps (B read as n x k).
// CHECK-DAG: #[[$A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_transposed
// CHECK: linalg.matmul indexing_maps = [#[[$A]], #[[$B]], #[[$C]]]
// CHECK-SAME: ins(%{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<4x3xf32>)
func.func @matmul_transposed(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<2x4xf32> {
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,nk->mn"} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// Any other spec is a generic: loops are the output's letters (parallel),
// then the summed ones (reduction). A transposed result is not a matmul.
// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d0)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul_result_transposed
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>
// CHECK: %[[INIT:.*]] = linalg.fill
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<2x3xf32>, tensor<3x4xf32>) outs(%[[INIT]] : tensor<4x2xf32>)
// CHECK: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[P:.*]] = arith.mulf %[[L]], %[[R]] : f32
// CHECK: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK: linalg.yield %[[S]]
// CHECK: return %[[Y]]
func.func @matmul_result_transposed(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<4x2xf32> {
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->nm"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----

// Unsigned elements: a generic even for a plain product (named ops build
// their bodies before types become signless).
// CHECK-LABEL: func.func @matmul_ui8
// CHECK-NOT: linalg.matmul
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
func.func @matmul_ui8(%a: tensor<2x3xui8>, %b: tensor<3x4xui8>) -> tensor<2x4xui8> {
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->mn"} : (tensor<2x3xui8>, tensor<3x4xui8>) -> tensor<2x4xui8>
  return %y : tensor<2x4xui8>
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
