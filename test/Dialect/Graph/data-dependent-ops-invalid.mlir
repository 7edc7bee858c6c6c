// RUN: dlc-opt %s -split-input-file -verify-diagnostics

func.func @nms_boxes_rank(%b: tensor<6x4xf32>, %s: tensor<1x1x6xf32>) -> tensor<?x3xi64> {
  // expected-error@+1 {{operand 'boxes' must be [batch, box, 4]}}
  %y = "dlc_graph.non_max_suppression"(%b, %s) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (tensor<6x4xf32>, tensor<1x1x6xf32>) -> tensor<?x3xi64>
  return %y : tensor<?x3xi64>
}

// -----

func.func @nms_scores_rank(%b: tensor<1x6x4xf32>, %s: tensor<1x6xf32>) -> tensor<?x3xi64> {
  // expected-error@+1 {{operand 'scores' must be [batch, class, box]}}
  %y = "dlc_graph.non_max_suppression"(%b, %s) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (tensor<1x6x4xf32>, tensor<1x6xf32>) -> tensor<?x3xi64>
  return %y : tensor<?x3xi64>
}

// -----

func.func @nms_box_counts(%b: tensor<1x6x4xf32>, %s: tensor<1x2x5xf32>) -> tensor<?x3xi64> {
  // expected-error@+1 {{operands 'boxes' and 'scores' must agree on the batch and box counts}}
  %y = "dlc_graph.non_max_suppression"(%b, %s) {operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (tensor<1x6x4xf32>, tensor<1x2x5xf32>) -> tensor<?x3xi64>
  return %y : tensor<?x3xi64>
}

// -----

func.func @nms_threshold_rank(%b: tensor<1x6x4xf32>, %s: tensor<1x2x6xf32>, %t: tensor<1xf32>) -> tensor<?x3xi64> {
  // expected-error@+1 {{operand 'iou_threshold' must be 0-d}}
  %y = "dlc_graph.non_max_suppression"(%b, %s, %t) {operandSegmentSizes = array<i32: 1, 1, 0, 1, 0>} : (tensor<1x6x4xf32>, tensor<1x2x6xf32>, tensor<1xf32>) -> tensor<?x3xi64>
  return %y : tensor<?x3xi64>
}

// -----

func.func @nms_center(%b: tensor<1x6x4xf32>, %s: tensor<1x2x6xf32>) -> tensor<?x3xi64> {
  // expected-error@+1 {{attribute 'center_point_box' must be 0 or 1, but is 2}}
  %y = "dlc_graph.non_max_suppression"(%b, %s) {center_point_box = 2 : i64, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>} : (tensor<1x6x4xf32>, tensor<1x2x6xf32>) -> tensor<?x3xi64>
  return %y : tensor<?x3xi64>
}

// -----

func.func @unique_axis(%x: tensor<2x3xi32>) -> tensor<2x?xi32> {
  // expected-error@+1 {{attribute 'axis' (2) must be in [-2, 2)}}
  %y:4 = "dlc_graph.unique"(%x) {axis = 2 : i64} : (tensor<2x3xi32>) -> (tensor<2x?xi32>, tensor<?xi64>, tensor<3xi64>, tensor<?xi64>)
  return %y#0 : tensor<2x?xi32>
}
