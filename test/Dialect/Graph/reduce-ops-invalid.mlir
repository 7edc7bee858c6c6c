// RUN: dlc-opt %s -split-input-file -verify-diagnostics

func.func @axis_out_of_range(%x: tensor<2x3xf32>) -> tensor<2x1xf32> {
  // expected-error@+1 {{'dlc_graph.reduce_sum' op attribute 'axes' entry 2 must be in [-2, 2) for an input of rank 2}}
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %y : tensor<2x1xf32>
}

// -----

func.func @negative_axis_out_of_range(%x: tensor<2x3xf32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{'dlc_graph.reduce_mean' op attribute 'axes' entry -3 must be in [-2, 2)}}
  %y = "dlc_graph.reduce_mean"(%x) {axes = array<i64: -3>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}

// -----

// -1 and 1 are the same dim of a rank-2 input.
func.func @duplicate_axis(%x: tensor<2x3xf32>) -> tensor<2x1xf32> {
  // expected-error@+1 {{'dlc_graph.reduce_max' op attribute 'axes' names dim 1 twice}}
  %y = "dlc_graph.reduce_max"(%x) {axes = array<i64: 1, -1>} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %y : tensor<2x1xf32>
}

// -----

func.func @too_many_axes(%x: tensor<2xf32>) -> tensor<1xf32> {
  // expected-error@+1 {{'dlc_graph.reduce_sum' op attribute 'axes' has more entries (2) than the input's rank (1)}}
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 0, 0>} : (tensor<2xf32>) -> tensor<1xf32>
  return %y : tensor<1xf32>
}

// -----

func.func @scalar_axis(%x: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'dlc_graph.reduce_sum' op attribute 'axes' has more entries (1) than the input's rank (0)}}
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 0>} : (tensor<f32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// keepdims (the default) keeps the reduced dim as size 1.
func.func @keepdims_result(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<2xf32>, but the operands and attributes imply tensor<2x1xf32>}}
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @no_keepdims_result(%x: tensor<2x3xf32>) -> tensor<2x1xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<2x1xf32>, but the operands and attributes imply tensor<2xf32>}}
  %y = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  return %y : tensor<2x1xf32>
}

// -----

func.func @noop_result(%x: tensor<2x3xf32>) -> tensor<1x1xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<1x1xf32>, but the operands and attributes imply tensor<2x3xf32>}}
  %y = "dlc_graph.reduce_sum"(%x) {noop_with_empty_axes = true} : (tensor<2x3xf32>) -> tensor<1x1xf32>
  return %y : tensor<1x1xf32>
}

// -----

func.func @result_element_type(%x: tensor<2x3xi32>) -> tensor<1x1xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<1x1xf32>, but the operands and attributes imply tensor<1x1xi32>}}
  %y = "dlc_graph.reduce_mean"(%x) : (tensor<2x3xi32>) -> tensor<1x1xf32>
  return %y : tensor<1x1xf32>
}

// -----

// Reducing every dim without keepdims leaves a 0-d tensor.
func.func @all_dims_result(%x: tensor<2x3xf32>) -> tensor<1xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<1xf32>, but the operands and attributes imply tensor<f32>}}
  %y = "dlc_graph.reduce_max"(%x) {keepdims = false} : (tensor<2x3xf32>) -> tensor<1xf32>
  return %y : tensor<1xf32>
}

// -----

// Axes read at run time come as the operand or the attribute, not both.
func.func @axes_twice(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reduce_sum' op takes attribute 'axes' or operand 'axes_tensor', not both}}
  %y = "dlc_graph.reduce_sum"(%x, %a) {axes = array<i64: 0>} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Their count decides the result rank: it must be static.
func.func @axes_count_dynamic(%x: tensor<2x3xf32>, %a: tensor<?xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reduce_sum' op operand 'axes_tensor' must be 1-D with a static length in [1, 2] (the input's rank)}}
  %y = "dlc_graph.reduce_sum"(%x, %a) : (tensor<2x3xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Without keepdims, the result rank is the input's less the axes' count.
func.func @run_time_axes_rank(%x: tensor<2x3xf32>, %a: tensor<1xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<?x?xf32>, but the operands and attributes imply tensor<?xf32>}}
  %y = "dlc_graph.reduce_sum"(%x, %a) {keepdims = false} : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Their lowering splits one dim in two at a time: below DLC's rank limit.
func.func @run_time_axes_max_rank(%x: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, %a: tensor<1xi64>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.reduce_sum' op operand 'axes_tensor' needs an input of rank below 16}}
  %y = "dlc_graph.reduce_sum"(%x, %a) : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x2xf32>, tensor<1xi64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
