// RUN: dlc-opt %s -split-input-file --dlc-infer-shapes | FileCheck %s

// Each case declares `?` result dims; the shape rule refines them, and the
// function signature follows.

// CHECK-LABEL: func.func @reshape_copy_and_infer
// CHECK-SAME: -> tensor<2x12xf32>
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: -> tensor<2x12xf32>
func.func @reshape_copy_and_infer(%a0: tensor<2x3x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.reshape"(%a0) {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A copied dynamic dim cancels out of the -1.
// CHECK-LABEL: func.func @reshape_dynamic_copied
// CHECK-SAME: -> tensor<?x12xf32>
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: -> tensor<?x12xf32>
func.func @reshape_dynamic_copied(%a0: tensor<?x3x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.reshape"(%a0) {shape = array<i64: 0, -1>} : (tensor<?x3x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// The -1 depends on a dynamic dim.
// CHECK-LABEL: func.func @reshape_dynamic_uncopied
// CHECK-SAME: -> tensor<?x6xf32>
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: -> tensor<?x6xf32>
func.func @reshape_dynamic_uncopied(%a0: tensor<?x3x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.reshape"(%a0) {shape = array<i64: -1, 6>} : (tensor<?x3x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_allowzero
// CHECK-SAME: -> tensor<0x5xi64>
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: -> tensor<0x5xi64>
func.func @reshape_allowzero(%a0: tensor<0x3xi64>) -> tensor<?x?xi64> {
  %y = "dlc_graph.reshape"(%a0) {shape = array<i64: 0, 5>, allowzero = true} : (tensor<0x3xi64>) -> tensor<?x?xi64>
  return %y : tensor<?x?xi64>
}

// -----

// The other dims have elements, so -1 is 0.
// CHECK-LABEL: func.func @reshape_zero_elements
// CHECK-SAME: -> tensor<3x0xf32>
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: -> tensor<3x0xf32>
func.func @reshape_zero_elements(%a0: tensor<0x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.reshape"(%a0) {shape = array<i64: 3, -1>} : (tensor<0x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_to_scalar
// CHECK-SAME: -> tensor<f32>
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: -> tensor<f32>
func.func @reshape_to_scalar(%a0: tensor<1x1xf32>) -> tensor<f32> {
  %y = "dlc_graph.reshape"(%a0) {shape = array<i64>} : (tensor<1x1xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @flatten_negative_axis
// CHECK-SAME: -> tensor<24x5xf32>
// CHECK: "dlc_graph.flatten"
// CHECK-SAME: -> tensor<24x5xf32>
func.func @flatten_negative_axis(%a0: tensor<2x3x4x5xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.flatten"(%a0) {axis = -1 : i64} : (tensor<2x3x4x5xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @flatten_axis_zero
// CHECK-SAME: -> tensor<1x24xf32>
// CHECK: "dlc_graph.flatten"
// CHECK-SAME: -> tensor<1x24xf32>
func.func @flatten_axis_zero(%a0: tensor<2x3x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.flatten"(%a0) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @flatten_axis_rank
// CHECK-SAME: -> tensor<24x1xf32>
// CHECK: "dlc_graph.flatten"
// CHECK-SAME: -> tensor<24x1xf32>
func.func @flatten_axis_rank(%a0: tensor<2x3x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.flatten"(%a0) {axis = 3 : i64} : (tensor<2x3x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// The default axis is 1.
// CHECK-LABEL: func.func @flatten_dynamic
// CHECK-SAME: -> tensor<?x12xf32>
// CHECK: "dlc_graph.flatten"
// CHECK-SAME: -> tensor<?x12xf32>
func.func @flatten_dynamic(%a0: tensor<?x3x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.flatten"(%a0) : (tensor<?x3x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A zero-size dim makes the product 0 whatever the dynamic dim.
// CHECK-LABEL: func.func @flatten_zero_beats_dynamic
// CHECK-SAME: -> tensor<0x3xf32>
// CHECK: "dlc_graph.flatten"
// CHECK-SAME: -> tensor<0x3xf32>
func.func @flatten_zero_beats_dynamic(%a0: tensor<0x?x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.flatten"(%a0) {axis = 2 : i64} : (tensor<0x?x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Without perm, the dims are reversed.
// CHECK-LABEL: func.func @transpose_default
// CHECK-SAME: -> tensor<4x3x2xf32>
// CHECK: "dlc_graph.transpose"
// CHECK-SAME: -> tensor<4x3x2xf32>
func.func @transpose_default(%a0: tensor<2x3x4xf32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.transpose"(%a0) : (tensor<2x3x4xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_dynamic
// CHECK-SAME: -> tensor<1x?x3xf32>
// CHECK: "dlc_graph.transpose"
// CHECK-SAME: -> tensor<1x?x3xf32>
func.func @transpose_dynamic(%a0: tensor<?x3x1xf32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.transpose"(%a0) {perm = array<i64: 2, 0, 1>} : (tensor<?x3x1xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @concat_negative_axis
// CHECK-SAME: -> tensor<2x8xf32>
// CHECK: "dlc_graph.concat"
// CHECK-SAME: -> tensor<2x8xf32>
func.func @concat_negative_axis(%a0: tensor<2x3xf32>, %a1: tensor<2x5xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.concat"(%a0, %a1) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// lhs's dynamic dim 0 is rhs's 2.
// CHECK-LABEL: func.func @concat_refines_other_dims
// CHECK-SAME: -> tensor<2x6xf32>
// CHECK: "dlc_graph.concat"
// CHECK-SAME: -> tensor<2x6xf32>
func.func @concat_refines_other_dims(%a0: tensor<?x3xf32>, %a1: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.concat"(%a0, %a1) {axis = 1 : i64} : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @concat_dynamic_axis
// CHECK-SAME: -> tensor<?x3xf32>
// CHECK: "dlc_graph.concat"
// CHECK-SAME: -> tensor<?x3xf32>
func.func @concat_dynamic_axis(%a0: tensor<?x3xf32>, %a1: tensor<4x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.concat"(%a0, %a1) {axis = 0 : i64} : (tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @concat_zero_size
// CHECK-SAME: -> tensor<2x3xi1>
// CHECK: "dlc_graph.concat"
// CHECK-SAME: -> tensor<2x3xi1>
func.func @concat_zero_size(%a0: tensor<0x3xi1>, %a1: tensor<2x3xi1>) -> tensor<?x?xi1> {
  %y = "dlc_graph.concat"(%a0, %a1) {axis = 0 : i64} : (tensor<0x3xi1>, tensor<2x3xi1>) -> tensor<?x?xi1>
  return %y : tensor<?x?xi1>
}

// -----

// 2, 4, 6.
// CHECK-LABEL: func.func @slice_step
// CHECK-SAME: -> tensor<3xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<3xf32>
func.func @slice_step(%a0: tensor<10xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: 2>, ends = array<i64: 8>, steps = array<i64: 2>} : (tensor<10xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// 9, 7, 5, 3, 1.
// CHECK-LABEL: func.func @slice_negative_step
// CHECK-SAME: -> tensor<5xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<5xf32>
func.func @slice_negative_step(%a0: tensor<10xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: -1>, ends = array<i64: 0>, steps = array<i64: -2>} : (tensor<10xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// An end of INT64_MIN with a negative step reaches past the beginning.
// CHECK-LABEL: func.func @slice_reverse_all
// CHECK-SAME: -> tensor<10xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<10xf32>
func.func @slice_reverse_all(%a0: tensor<10xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: -1>, ends = array<i64: -9223372036854775808>, steps = array<i64: -1>} : (tensor<10xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @slice_clamped
// CHECK-SAME: -> tensor<10xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<10xf32>
func.func @slice_clamped(%a0: tensor<10xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: -100>, ends = array<i64: 100>} : (tensor<10xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @slice_to_the_end
// CHECK-SAME: -> tensor<7xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<7xf32>
func.func @slice_to_the_end(%a0: tensor<10xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: 3>, ends = array<i64: 9223372036854775807>} : (tensor<10xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @slice_empty
// CHECK-SAME: -> tensor<0xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<0xf32>
func.func @slice_empty(%a0: tensor<10xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: 5>, ends = array<i64: 2>} : (tensor<10xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// As numpy: a start before the first element reads nothing backwards.
// CHECK-LABEL: func.func @slice_negative_step_before_start
// CHECK-SAME: -> tensor<0xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<0xf32>
func.func @slice_negative_step_before_start(%a0: tensor<5xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: -10>, ends = array<i64: -20>, steps = array<i64: -1>} : (tensor<5xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @slice_axes
// CHECK-SAME: -> tensor<3x8xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<3x8xf32>
func.func @slice_axes(%a0: tensor<3x10xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: 1>, ends = array<i64: -1>, axes = array<i64: -1>} : (tensor<3x10xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @slice_size_one_dim
// CHECK-SAME: -> tensor<1x2xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<1x2xf32>
func.func @slice_size_one_dim(%a0: tensor<1x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: 0, 1>, ends = array<i64: 1, 3>} : (tensor<1x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Only the static dim gets a size.
// CHECK-LABEL: func.func @slice_dynamic
// CHECK-SAME: -> tensor<?x4xf32>
// CHECK: "dlc_graph.slice"
// CHECK-SAME: -> tensor<?x4xf32>
func.func @slice_dynamic(%a0: tensor<?x10xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.slice"(%a0) {starts = array<i64: 0, 2>, ends = array<i64: 3, 6>} : (tensor<?x10xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze_axes
// CHECK-SAME: -> tensor<3x4xf32>
// CHECK: "dlc_graph.squeeze"
// CHECK-SAME: -> tensor<3x4xf32>
func.func @squeeze_axes(%a0: tensor<1x3x1x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.squeeze"(%a0) {axes = array<i64: 0, -2>} : (tensor<1x3x1x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze_all
// CHECK-SAME: -> tensor<3x4xf32>
// CHECK: "dlc_graph.squeeze"
// CHECK-SAME: -> tensor<3x4xf32>
func.func @squeeze_all(%a0: tensor<1x3x1x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.squeeze"(%a0) : (tensor<1x3x1x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A listed dynamic dim is 1.
// CHECK-LABEL: func.func @squeeze_listed_dynamic
// CHECK-SAME: -> tensor<3xf32>
// CHECK: "dlc_graph.squeeze"
// CHECK-SAME: -> tensor<3xf32>
func.func @squeeze_listed_dynamic(%a0: tensor<?x3xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.squeeze"(%a0) {axes = array<i64: 0>} : (tensor<?x3xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze_to_scalar
// CHECK-SAME: -> tensor<f32>
// CHECK: "dlc_graph.squeeze"
// CHECK-SAME: -> tensor<f32>
func.func @squeeze_to_scalar(%a0: tensor<1x1xf32>) -> tensor<f32> {
  %y = "dlc_graph.squeeze"(%a0) : (tensor<1x1xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// Axes refer to the result: -1 is its dim 3.
// CHECK-LABEL: func.func @unsqueeze_negative
// CHECK-SAME: -> tensor<1x3x4x1xf32>
// CHECK: "dlc_graph.unsqueeze"
// CHECK-SAME: -> tensor<1x3x4x1xf32>
func.func @unsqueeze_negative(%a0: tensor<3x4xf32>) -> tensor<?x?x?x?xf32> {
  %y = "dlc_graph.unsqueeze"(%a0) {axes = array<i64: 0, -1>} : (tensor<3x4xf32>) -> tensor<?x?x?x?xf32>
  return %y : tensor<?x?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @unsqueeze_dynamic
// CHECK-SAME: -> tensor<?x1x4xf32>
// CHECK: "dlc_graph.unsqueeze"
// CHECK-SAME: -> tensor<?x1x4xf32>
func.func @unsqueeze_dynamic(%a0: tensor<?x4xf32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.unsqueeze"(%a0) {axes = array<i64: 1>} : (tensor<?x4xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @unsqueeze_scalar
// CHECK-SAME: -> tensor<1xf32>
// CHECK: "dlc_graph.unsqueeze"
// CHECK-SAME: -> tensor<1xf32>
func.func @unsqueeze_scalar(%a0: tensor<f32>) -> tensor<?xf32> {
  %y = "dlc_graph.unsqueeze"(%a0) {axes = array<i64: 0>} : (tensor<f32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @gather_inner_axis
// CHECK-SAME: -> tensor<5x2x3xf32>
// CHECK: "dlc_graph.gather"
// CHECK-SAME: -> tensor<5x2x3xf32>
func.func @gather_inner_axis(%a0: tensor<5x4xf32>, %a1: tensor<2x3xi32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.gather"(%a0, %a1) {axis = 1 : i64} : (tensor<5x4xf32>, tensor<2x3xi32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @gather_negative_axis
// CHECK-SAME: -> tensor<2x3x4xf32>
// CHECK: "dlc_graph.gather"
// CHECK-SAME: -> tensor<2x3x4xf32>
func.func @gather_negative_axis(%a0: tensor<5x4xf32>, %a1: tensor<2x3xi64>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.gather"(%a0, %a1) {axis = -2 : i64} : (tensor<5x4xf32>, tensor<2x3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// A 0-d index removes the dim.
// CHECK-LABEL: func.func @gather_scalar_index
// CHECK-SAME: -> tensor<4xf32>
// CHECK: "dlc_graph.gather"
// CHECK-SAME: -> tensor<4xf32>
func.func @gather_scalar_index(%a0: tensor<5x4xf32>, %a1: tensor<i64>) -> tensor<?xf32> {
  %y = "dlc_graph.gather"(%a0, %a1) : (tensor<5x4xf32>, tensor<i64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @gather_dynamic_indices
// CHECK-SAME: -> tensor<?x?xf32>
// CHECK: "dlc_graph.gather"
// CHECK-SAME: -> tensor<?x?xf32>
func.func @gather_dynamic_indices(%a0: tensor<5x?xf32>, %a1: tensor<?xi64>) -> tensor<?x?xf32> {
  %y = "dlc_graph.gather"(%a0, %a1) : (tensor<5x?xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Dim 1 grows by 0 and is cropped by 1.
// CHECK-LABEL: func.func @pad_constant
// CHECK-SAME: -> tensor<5x2xf32>
// CHECK: "dlc_graph.pad"
// CHECK-SAME: -> tensor<5x2xf32>
func.func @pad_constant(%a0: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.pad"(%a0) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 0, 2, -1>} : (tensor<2x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @pad_axes
// CHECK-SAME: -> tensor<2x6xi32>
// CHECK: "dlc_graph.pad"
// CHECK-SAME: -> tensor<2x6xi32>
func.func @pad_axes(%a0: tensor<2x3xi32>) -> tensor<?x?xi32> {
  %y = "dlc_graph.pad"(%a0) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 2, 1>, mode = "reflect", axes = array<i64: -1>} : (tensor<2x3xi32>) -> tensor<?x?xi32>
  return %y : tensor<?x?xi32>
}

// -----

// CHECK-LABEL: func.func @pad_dynamic
// CHECK-SAME: -> tensor<?x5xf32>
// CHECK: "dlc_graph.pad"
// CHECK-SAME: -> tensor<?x5xf32>
func.func @pad_dynamic(%a0: tensor<?x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.pad"(%a0) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 1, 1, 1>, mode = "edge"} : (tensor<?x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Constant padding of an empty dim is fine.
// CHECK-LABEL: func.func @pad_zero_size
// CHECK-SAME: -> tensor<2x3xf32>
// CHECK: "dlc_graph.pad"
// CHECK-SAME: -> tensor<2x3xf32>
func.func @pad_zero_size(%a0: tensor<0x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.pad"(%a0) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 0, 1, 0>} : (tensor<0x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Wrap may exceed the dim.
// CHECK-LABEL: func.func @pad_wrap_large
// CHECK-SAME: -> tensor<10xf32>
// CHECK: "dlc_graph.pad"
// CHECK-SAME: -> tensor<10xf32>
func.func @pad_wrap_large(%a0: tensor<2xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.pad"(%a0) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 5, 3>, mode = "wrap"} : (tensor<2xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @expand_larger_rank
// CHECK-SAME: -> tensor<2x3x4xf32>
// CHECK: "dlc_graph.expand"
// CHECK-SAME: -> tensor<2x3x4xf32>
func.func @expand_larger_rank(%a0: tensor<3x1xf32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.expand"(%a0) {shape = array<i64: 2, 1, 4>} : (tensor<3x1xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// The result may be larger than shape.
// CHECK-LABEL: func.func @expand_smaller_shape
// CHECK-SAME: -> tensor<2x3x4xf32>
// CHECK: "dlc_graph.expand"
// CHECK-SAME: -> tensor<2x3x4xf32>
func.func @expand_smaller_shape(%a0: tensor<2x3x4xf32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.expand"(%a0) {shape = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// A dynamic dim against n > 1 must be 1 or n: n.
// CHECK-LABEL: func.func @expand_dynamic
// CHECK-SAME: -> tensor<3x?x5xf32>
// CHECK: "dlc_graph.expand"
// CHECK-SAME: -> tensor<3x?x5xf32>
func.func @expand_dynamic(%a0: tensor<?x?x1xf32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.expand"(%a0) {shape = array<i64: 3, 1, 5>} : (tensor<?x?x1xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// CHECK-LABEL: func.func @expand_to_zero
// CHECK-SAME: -> tensor<0x3xf32>
// CHECK: "dlc_graph.expand"
// CHECK-SAME: -> tensor<0x3xf32>
func.func @expand_to_zero(%a0: tensor<1x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.expand"(%a0) {shape = array<i64: 0, 3>} : (tensor<1x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @shape_all
// CHECK-SAME: -> tensor<3xi64>
// CHECK: "dlc_graph.shape"
// CHECK-SAME: -> tensor<3xi64>
func.func @shape_all(%a0: tensor<?x?x?xf32>) -> tensor<?xi64> {
  %y = "dlc_graph.shape"(%a0) : (tensor<?x?x?xf32>) -> tensor<?xi64>
  return %y : tensor<?xi64>
}

// -----

// CHECK-LABEL: func.func @shape_range
// CHECK-SAME: -> tensor<2xi64>
// CHECK: "dlc_graph.shape"
// CHECK-SAME: -> tensor<2xi64>
func.func @shape_range(%a0: tensor<2x3x4x5xf32>) -> tensor<?xi64> {
  %y = "dlc_graph.shape"(%a0) {start = 1 : i64, end = -1 : i64} : (tensor<2x3x4x5xf32>) -> tensor<?xi64>
  return %y : tensor<?xi64>
}

// -----

// CHECK-LABEL: func.func @shape_clamped
// CHECK-SAME: -> tensor<2xi64>
// CHECK: "dlc_graph.shape"
// CHECK-SAME: -> tensor<2xi64>
func.func @shape_clamped(%a0: tensor<2x3xf32>) -> tensor<?xi64> {
  %y = "dlc_graph.shape"(%a0) {start = -10 : i64, end = 10 : i64} : (tensor<2x3xf32>) -> tensor<?xi64>
  return %y : tensor<?xi64>
}

// -----

// CHECK-LABEL: func.func @shape_empty_range
// CHECK-SAME: -> tensor<0xi64>
// CHECK: "dlc_graph.shape"
// CHECK-SAME: -> tensor<0xi64>
func.func @shape_empty_range(%a0: tensor<2x3xf32>) -> tensor<?xi64> {
  %y = "dlc_graph.shape"(%a0) {start = 2 : i64, end = 1 : i64} : (tensor<2x3xf32>) -> tensor<?xi64>
  return %y : tensor<?xi64>
}

// -----

// CHECK-LABEL: func.func @shape_scalar
// CHECK-SAME: -> tensor<0xi64>
// CHECK: "dlc_graph.shape"
// CHECK-SAME: -> tensor<0xi64>
func.func @shape_scalar(%a0: tensor<f32>) -> tensor<?xi64> {
  %y = "dlc_graph.shape"(%a0) : (tensor<f32>) -> tensor<?xi64>
  return %y : tensor<?xi64>
}

// -----

// Without axes, the declared rank says whether the dynamic dim stays.
// CHECK-LABEL: func.func @squeeze_dynamic_kept
// CHECK: "dlc_graph.squeeze"
// CHECK-SAME: -> tensor<3x?xf32>
func.func @squeeze_dynamic_kept(%a0: tensor<1x3x1x?xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.squeeze"(%a0) : (tensor<1x3x1x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @squeeze_dynamic_removed
// CHECK: "dlc_graph.squeeze"
// CHECK-SAME: -> tensor<3xf32>
func.func @squeeze_dynamic_removed(%a0: tensor<1x3x1x?xf32>) -> tensor<?xf32> {
  %y = "dlc_graph.squeeze"(%a0) : (tensor<1x3x1x?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Ops are refined in program order: each sees its operands' new types.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: -> tensor<2xi64>
// CHECK: %[[U:.*]] = "dlc_graph.unsqueeze"
// CHECK-SAME: -> tensor<3x1x4xf32>
// CHECK: %[[T:.*]] = "dlc_graph.transpose"(%[[U]])
// CHECK-SAME: -> tensor<4x1x3xf32>
// CHECK: %[[F:.*]] = "dlc_graph.flatten"(%[[T]])
// CHECK-SAME: -> tensor<4x3xf32>
// CHECK: "dlc_graph.shape"(%[[F]])
// CHECK-SAME: -> tensor<2xi64>
func.func @chain(%a0: tensor<3x4xf32>) -> tensor<?xi64> {
  %u = "dlc_graph.unsqueeze"(%a0) {axes = array<i64: 1>} : (tensor<3x4xf32>) -> tensor<?x?x?xf32>
  %t = "dlc_graph.transpose"(%u) : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %f = "dlc_graph.flatten"(%t) {axis = 2 : i64} : (tensor<?x?x?xf32>) -> tensor<?x?xf32>
  %s = "dlc_graph.shape"(%f) : (tensor<?x?xf32>) -> tensor<?xi64>
  return %s : tensor<?xi64>
}
