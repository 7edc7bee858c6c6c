// RUN: dlc-opt %s -split-input-file -verify-diagnostics

func.func @reshape_below_minus_one(%x: tensor<6xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op attribute 'shape' entries must be >= -1, but entry 1 is -2}}
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 3, -2>} : (tensor<6xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @reshape_two_minus_ones(%x: tensor<6xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op attribute 'shape' has more than one -1 (entries 0 and 1)}}
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: -1, -1>} : (tensor<6xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @reshape_copy_past_rank(%x: tensor<6xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op attribute 'shape' entry 1 is 0 (copy the input dim), but the input has rank 1}}
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 6, 0>} : (tensor<6xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @reshape_allowzero_and_minus_one(%x: tensor<0x2xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op attribute 'shape' cannot have both 0 and -1 when 'allowzero' is set}}
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 0, -1>, allowzero = true} : (tensor<0x2xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @reshape_minus_one_of_nothing(%x: tensor<0x2xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op cannot infer the -1 of attribute 'shape': the other dims have no elements}}
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 0, -1>} : (tensor<0x2xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @reshape_count_mismatch(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op cannot reshape dims [2, 3] to shape [4, 2]: the element counts differ}}
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 4, 2>} : (tensor<2x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// A copied dynamic dim cancels out: 3 x 4 cannot become 5 x -1.
func.func @reshape_minus_one_not_divisible(%x: tensor<?x3x4xf32>) -> tensor<?x?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op cannot reshape dims [?, 3, 4] to shape [0, 5, -1]: the element counts differ}}
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 0, 5, -1>} : (tensor<?x3x4xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

func.func @reshape_too_many_dims(%x: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op attribute 'shape' has 17 entries; at most 16 are supported}}
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>} : (tensor<1xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @reshape_wrong_result(%x: tensor<2x3xf32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op result #0 ('output') has type tensor<3x3xf32>, but the operands and attributes imply tensor<3x2xf32>}}
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 3, -1>} : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return %y : tensor<3x3xf32>
}

// -----

func.func @flatten_axis(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.flatten' op attribute 'axis' (3) must be in [-2, 2]}}
  %y = "dlc_graph.flatten"(%x) {axis = 3 : i64} : (tensor<2x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @transpose_perm_length(%x: tensor<2x3x4xf32>) -> tensor<?x?x?xf32> {
  // expected-error@+1 {{'dlc_graph.transpose' op attribute 'perm' must have 3 entries (the input rank), but has 2}}
  %y = "dlc_graph.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3x4xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

func.func @transpose_not_a_permutation(%x: tensor<2x3x4xf32>) -> tensor<?x?x?xf32> {
  // expected-error@+1 {{'dlc_graph.transpose' op attribute 'perm' must be a permutation of [0, 3), but is [0, 2, 0]}}
  %y = "dlc_graph.transpose"(%x) {perm = array<i64: 0, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

func.func @concat_element_types(%a: tensor<2xf32>, %b: tensor<2xf64>) -> tensor<4xf32> {
  // expected-error@+1 {{'dlc_graph.concat' op operands 'lhs' (tensor<2xf32>) and 'rhs' (tensor<2xf64>) must have the same element type}}
  %y = "dlc_graph.concat"(%a, %b) {axis = 0 : i64} : (tensor<2xf32>, tensor<2xf64>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @concat_ranks(%a: tensor<2xf32>, %b: tensor<2x1xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.concat' op operands 'lhs' and 'rhs' must have the same rank, but have 1 and 2}}
  %y = "dlc_graph.concat"(%a, %b) {axis = 0 : i64} : (tensor<2xf32>, tensor<2x1xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @concat_axis(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.concat' op attribute 'axis' (-3) must be in [-2, 2)}}
  %y = "dlc_graph.concat"(%a, %b) {axis = -3 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @concat_dims_differ(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.concat' op operands differ in dim 0 (2 vs 4), which is not the concatenated axis 1}}
  %y = "dlc_graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @slice_lengths(%x: tensor<4x4xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op attributes 'starts' (2 entries) and 'ends' (1 entries) must have the same length}}
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 2>} : (tensor<4x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @slice_more_than_rank(%x: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op attribute 'starts' has 2 entries, more than the input rank 1}}
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 2, 2>} : (tensor<4xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @slice_axes_length(%x: tensor<4x4xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op attribute 'axes' must have one entry per 'starts' entry (1), but has 2}}
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 2>, axes = array<i64: 0, 1>} : (tensor<4x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @slice_steps_length(%x: tensor<4x4xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op attribute 'steps' must have one entry per 'starts' entry (1), but has 0}}
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 2>, steps = array<i64>} : (tensor<4x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @slice_step_zero(%x: tensor<4x4xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op attribute 'steps' entries must be non-zero, but entry 1 is 0}}
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 2, 2>, steps = array<i64: 1, 0>} : (tensor<4x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @slice_axis_out_of_range(%x: tensor<4x4xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op attribute 'axes' entry 0 is 2, out of range [-2, 2)}}
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 2>, axes = array<i64: 2>} : (tensor<4x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @slice_axis_twice(%x: tensor<4x4xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op attribute 'axes' names dim 1 twice}}
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 2, 2>, axes = array<i64: 1, -1>} : (tensor<4x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @squeeze_non_unit(%x: tensor<1x3xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.squeeze' op cannot squeeze dim 1 of size 3 (it must be 1)}}
  %y = "dlc_graph.squeeze"(%x) {axes = array<i64: -1>} : (tensor<1x3xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @squeeze_axis_out_of_range(%x: tensor<1x3xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.squeeze' op attribute 'axes' entry 0 is -3, out of range [-2, 2)}}
  %y = "dlc_graph.squeeze"(%x) {axes = array<i64: -3>} : (tensor<1x3xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Without axes, the dynamic dim may or may not be 1: 1 or 2 dims remain.
func.func @squeeze_dynamic_rank(%x: tensor<1x?x3xf32>) -> tensor<?x?x?xf32> {
  // expected-error@+1 {{'dlc_graph.squeeze' op result has rank 3, but removing the size-1 dims of the input leaves 1 to 2 dims}}
  %y = "dlc_graph.squeeze"(%x) : (tensor<1x?x3xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

func.func @unsqueeze_axes_twice(%x: tensor<3xf32>) -> tensor<?x?x?xf32> {
  // expected-error@+1 {{'dlc_graph.unsqueeze' op attribute 'axes' names dim 0 twice}}
  %y = "dlc_graph.unsqueeze"(%x) {axes = array<i64: 0, -3>} : (tensor<3xf32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// Axes refer to the result, of rank 2 here.
func.func @unsqueeze_axis_out_of_range(%x: tensor<3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.unsqueeze' op attribute 'axes' entry 0 is 2, out of range [-2, 2)}}
  %y = "dlc_graph.unsqueeze"(%x) {axes = array<i64: 2>} : (tensor<3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @unsqueeze_rank(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> {
  // expected-error@+1 {{'dlc_graph.unsqueeze' op result rank 17 exceeds 16}}
  %y = "dlc_graph.unsqueeze"(%x) {axes = array<i64: 0, 1>} : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return %y : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
}

// -----

func.func @gather_axis(%x: tensor<4x5xf32>, %i: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.gather' op attribute 'axis' (2) must be in [-2, 2)}}
  %y = "dlc_graph.gather"(%x, %i) {axis = 2 : i64} : (tensor<4x5xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @gather_index_type(%x: tensor<4x5xf32>, %i: tensor<2xf32>) -> tensor<2x5xf32> {
  // expected-error@+1 {{'dlc_graph.gather' op operand #1 ('indices') must be a tensor of}}
  %y = "dlc_graph.gather"(%x, %i) : (tensor<4x5xf32>, tensor<2xf32>) -> tensor<2x5xf32>
  return %y : tensor<2x5xf32>
}

// -----

func.func @gather_rank(%x: tensor<2x2x2x2x2x2x2x2xf32>, %i: tensor<1x1x1x1x1x1x1x1x1x1xi64>) -> tensor<2xf32> {
  // expected-error@+1 {{'dlc_graph.gather' op result rank 17 exceeds 16}}
  %y = "dlc_graph.gather"(%x, %i) : (tensor<2x2x2x2x2x2x2x2xf32>, tensor<1x1x1x1x1x1x1x1x1x1xi64>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @pad_mode(%x: tensor<3xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op attribute 'mode' must be "constant", "reflect", "edge" or "wrap", but is "symmetric"}}
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 1>, mode = "symmetric"} : (tensor<3xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @pad_length(%x: tensor<3x3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op attribute 'pads' must have 4 entries (a begin and an end for each of 2 dims), but has 2}}
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 1>} : (tensor<3x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @pad_length_with_axes(%x: tensor<3x3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op attribute 'pads' must have 2 entries (a begin and an end for each of 1 dims), but has 4}}
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 1, 1, 1>, axes = array<i64: 0>} : (tensor<3x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @pad_axes_twice(%x: tensor<3x3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op attribute 'axes' names dim 1 twice}}
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 1, 1, 1>, axes = array<i64: 1, -1>} : (tensor<3x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @pad_crop_too_much(%x: tensor<3xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op pads crop 4 elements from dim 0, which has 3}}
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: -2, -2>} : (tensor<3xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Cropping comes first: nothing is left to grow from.
func.func @pad_crop_then_grow(%x: tensor<3xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op pads crop 4 elements from dim 0, which has 3}}
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: -4, 2>} : (tensor<3xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @pad_edge_of_nothing(%x: tensor<0x2xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op mode "edge" cannot pad dim 0: it has no elements to repeat}}
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 0, 0, 0>, mode = "edge"} : (tensor<0x2xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @pad_value_rank(%x: tensor<3xf32>, %v: tensor<2xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op operand 'constant_value' must be a 0-d tensor}}
  %y = "dlc_graph.pad"(%x, %v) {operandSegmentSizes = array<i32: 1, 1, 0>, pads = array<i64: 1, 1>} : (tensor<3xf32>, tensor<2xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @pad_value_type(%x: tensor<3xf32>, %v: tensor<i32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op operands 'input' (tensor<3xf32>) and 'constant_value' (tensor<i32>) must have the same element type}}
  %y = "dlc_graph.pad"(%x, %v) {operandSegmentSizes = array<i32: 1, 1, 0>, pads = array<i64: 1, 1>} : (tensor<3xf32>, tensor<i32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @expand_negative(%x: tensor<3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.expand' op attribute 'shape' entries must be >= 0, but entry 0 is -1}}
  %y = "dlc_graph.expand"(%x) {shape = array<i64: -1, 3>} : (tensor<3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @expand_incompatible(%x: tensor<3xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.expand' op input dims [3] do not broadcast with attribute 'shape' [2, 4]}}
  %y = "dlc_graph.expand"(%x) {shape = array<i64: 2, 4>} : (tensor<3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @shape_result(%x: tensor<2x3x4xf32>) -> tensor<3xi64> {
  // expected-error@+1 {{'dlc_graph.shape' op result #0 ('output') has type tensor<3xi64>, but the operands and attributes imply tensor<1xi64>}}
  %y = "dlc_graph.shape"(%x) {start = -1 : i64} : (tensor<2x3x4xf32>) -> tensor<3xi64>
  return %y : tensor<3xi64>
}

// -----

func.func @concat_scalars(%a: tensor<f32>, %b: tensor<f32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.concat' op attribute 'axis' (0) names a dim, but the input is 0-d}}
  %y = "dlc_graph.concat"(%a, %b) {axis = 0 : i64} : (tensor<f32>, tensor<f32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @reshape_shape_twice(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op needs exactly one of attribute 'shape' and operand 'shape_tensor'}}
  %y = "dlc_graph.reshape"(%x, %s) {shape = array<i64: 3, 2>} : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @expand_without_shape(%x: tensor<3xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.expand' op needs exactly one of attribute 'shape' and operand 'shape_tensor'}}
  %y = "dlc_graph.expand"(%x) : (tensor<3xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @reshape_shape_tensor_2d(%x: tensor<6xf32>, %s: tensor<1x2xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op operand 'shape_tensor' must be 1-D with a static length of at most 16}}
  %y = "dlc_graph.reshape"(%x, %s) : (tensor<6xf32>, tensor<1x2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @constant_of_shape_2d(%s: tensor<1x2xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.constant_of_shape' op operand 'shape' must be 1-D with a static length of at most 16}}
  %c = "dlc_graph.constant_of_shape"(%s) {dtype = f32} : (tensor<1x2xi64>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

func.func @constant_of_shape_negative() -> tensor<?xf32> {
  %s = "dlc_graph.constant"() {value = dense<[-2]> : tensor<1xi64>} : () -> tensor<1xi64>
  // expected-error@+1 {{'dlc_graph.constant_of_shape' op operand 'shape' entries must be >= 0, but entry 0 is -2}}
  %c = "dlc_graph.constant_of_shape"(%s) {dtype = f32} : (tensor<1xi64>) -> tensor<?xf32>
  return %c : tensor<?xf32>
}

// -----

func.func @gather_elements_rank(%x: tensor<4x5xf32>, %i: tensor<2xi64>) -> tensor<2xf32> {
  // expected-error@+1 {{'dlc_graph.gather_elements' op operand 'indices' has rank 1, but the input has rank 2}}
  %y = "dlc_graph.gather_elements"(%x, %i) : (tensor<4x5xf32>, tensor<2xi64>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @gather_elements_dims(%x: tensor<4x5xf32>, %i: tensor<2x6xi64>) -> tensor<2x6xf32> {
  // expected-error@+1 {{'dlc_graph.gather_elements' op dim 1 of 'indices' (6) exceeds the input's (5)}}
  %y = "dlc_graph.gather_elements"(%x, %i) : (tensor<4x5xf32>, tensor<2x6xi64>) -> tensor<2x6xf32>
  return %y : tensor<2x6xf32>
}

// -----

func.func @slice_bounds_three_rows(%x: tensor<4x5xf32>, %b: tensor<3x1xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op operand 'bounds_tensor' must be 2 x n or 4 x n with n static and at most the input's rank}}
  %y = "dlc_graph.slice"(%x, %b) : (tensor<4x5xf32>, tensor<3x1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @slice_bounds_four_rows_and_axes(%x: tensor<4x5xf32>, %b: tensor<4x1xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op a 4-row 'bounds_tensor' holds the axes and steps: attributes 'axes' and 'steps' must be absent}}
  %y = "dlc_graph.slice"(%x, %b) {axes = array<i64: 1>} : (tensor<4x5xf32>, tensor<4x1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @pad_pads_twice(%x: tensor<4x5xf32>, %p: tensor<4xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op needs 'pads' as an attribute or as operand 'pads_tensor', not both}}
  %y = "dlc_graph.pad"(%x, %p) {operandSegmentSizes = array<i32: 1, 0, 1>, pads = array<i64: 0, 0, 0, 0>} : (tensor<4x5xf32>, tensor<4xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @pad_run_time_reflect(%x: tensor<4x5xf32>, %p: tensor<4xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op operand 'pads_tensor' needs mode "constant"}}
  %y = "dlc_graph.pad"(%x, %p) {mode = "reflect", operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<4x5xf32>, tensor<4xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @pad_pads_tensor_length(%x: tensor<4x5xf32>, %p: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op operand 'pads_tensor' must be 1-D with 4 entries (a begin and an end for each of 2 dims) or 3 x n with n at most the input's rank}}
  %y = "dlc_graph.pad"(%x, %p) {operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<4x5xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @pad_three_rows_and_axes(%x: tensor<4x5xf32>, %p: tensor<3x1xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op a 3-row 'pads_tensor' holds the axes: attribute 'axes' must be absent}}
  %y = "dlc_graph.pad"(%x, %p) {axes = array<i64: 1>, operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<4x5xf32>, tensor<3x1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
