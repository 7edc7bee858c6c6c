// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// Broadcasting inputs align with the result's trailing dims and read index
// 0 along size-1 dims; the private body is inlined and then erased.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[$ROW:.*]] = affine_map<(d0, d1, d2) -> (0, d2)>
// CHECK-NOT: func.func private @mul_add
// CHECK-LABEL: func.func @map
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3x4xf32>, %[[B:[^:]*]]: tensor<1x4xf32>, %[[C:[^:]*]]: tensor<2x3x4xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID]], #[[$ROW]], #[[$ID]], #[[$ID]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[A]], %[[B]], %[[C]] : tensor<2x3x4xf32>, tensor<1x4xf32>, tensor<2x3x4xf32>) outs(%[[EMPTY]] : tensor<2x3x4xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y0:.*]]: f32, %[[Z:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[M:.*]] = arith.mulf %[[X]], %[[Y0]] : f32
// CHECK: %[[S:.*]] = arith.addf %[[M]], %[[Z]] : f32
// CHECK: linalg.yield %[[S]] : f32
// CHECK: return %[[Y]]
func.func private @mul_add(%x: f32, %y: f32, %z: f32) -> f32 {
  %m = arith.mulf %x, %y : f32
  %s = arith.addf %m, %z : f32
  return %s : f32
}
func.func @map(%a: tensor<2x3x4xf32>, %b: tensor<1x4xf32>, %c: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %y = "dlc_tensor.map"(%a, %b, %c) {fn = @mul_add, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<2x3x4xf32>, tensor<1x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// Unsigned tensors become signless; a dynamic result dim comes from the
// input that has it unbroadcast.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-DAG: #[[$SCALAR:.*]] = affine_map<(d0, d1) -> (0, 0)>
// CHECK-LABEL: func.func @map_dynamic_ui8
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x?xi8>, %[[B:[^:]*]]: tensor<1x1xi8>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %[[A]], %[[C1]] : tensor<2x?xi8>
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[D]]) : tensor<2x?xi8>
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID]], #[[$SCALAR]], #[[$ID]]]
// CHECK: arith.addi %{{.*}}, %{{.*}} : i8
func.func private @add(%a: i8, %b: i8) -> i8 {
  %c = arith.addi %a, %b : i8
  return %c : i8
}
func.func @map_dynamic_ui8(%a: tensor<2x?xui8>, %b: tensor<1x1xui8>) -> tensor<2x?xui8> {
  %y = "dlc_tensor.map"(%a, %b) {fn = @add, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<2x?xui8>, tensor<1x1xui8>) -> tensor<2x?xui8>
  return %y : tensor<2x?xui8>
}

// -----

// A public body is kept: other code may call it.
// CHECK-LABEL: func.func @negate
// CHECK-LABEL: func.func @map_public_body
// CHECK: linalg.generic
// CHECK: arith.negf
func.func @negate(%x: f32) -> f32 {
  %n = arith.negf %x : f32
  return %n : f32
}
func.func @map_public_body(%a: tensor<3xf32>) -> tensor<3xf32> {
  %y = "dlc_tensor.map"(%a) {fn = @negate, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}
