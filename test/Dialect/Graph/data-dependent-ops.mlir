// RUN: dlc-opt %s -split-input-file | FileCheck %s
// Round trip: the printed form parses and verifies again.
// RUN: dlc-opt %s -split-input-file | dlc-opt -split-input-file | FileCheck %s
// Shapes: the row count of non_max_suppression and the selected dim of
// unique with `axis` are `?`.
// RUN: dlc-opt %s -split-input-file -dlc-infer-shapes | FileCheck %s --check-prefix=INFER

// CHECK-LABEL: func.func @nms
// CHECK: "dlc_graph.non_max_suppression"(%arg0, %arg1, %arg2, %arg3, %arg4) {center_point_box = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>}
// INFER-LABEL: func.func @nms
// INFER: -> tensor<?x3xi64>
func.func @nms(%b: tensor<2x6x4xf32>, %s: tensor<2x3x6xf32>, %m: tensor<i64>, %iou: tensor<f32>, %t: tensor<f32>) -> tensor<?x?xi64> {
  %y = "dlc_graph.non_max_suppression"(%b, %s, %m, %iou, %t) {center_point_box = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1>} : (tensor<2x6x4xf32>, tensor<2x3x6xf32>, tensor<i64>, tensor<f32>, tensor<f32>) -> tensor<?x?xi64>
  return %y : tensor<?x?xi64>
}

// -----

// CHECK-LABEL: func.func @unique_axis
// CHECK: "dlc_graph.unique"(%arg0) {axis = -2 : i64, sorted = true}
// INFER-LABEL: func.func @unique_axis
// INFER: -> (tensor<2x?x4xi32>, tensor<?xi64>, tensor<3xi64>, tensor<?xi64>)
func.func @unique_axis(%x: tensor<2x3x4xi32>) -> tensor<?x?x?xi32> {
  %y:4 = "dlc_graph.unique"(%x) {axis = -2 : i64, sorted = true} : (tensor<2x3x4xi32>) -> (tensor<?x?x?xi32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>)
  return %y#0 : tensor<?x?x?xi32>
}
