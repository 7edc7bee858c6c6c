// RUN: dlc-opt %s -split-input-file -verify-diagnostics

func.func @batch_norm_rank1(%x: tensor<3xf32>, %c: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'dlc_graph.batch_norm' op operand 'input' must be N x C x ... (rank >= 2), but has rank 1}}
  %y = "dlc_graph.batch_norm"(%x, %c, %c, %c, %c) : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

func.func @batch_norm_wrong_channels(%x: tensor<2x3x4xf32>, %c: tensor<3xf32>, %v: tensor<4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{operand 'var' must be 1-D with C = 3 elements (dim 1 of 'input'), but has type tensor<4xf32>}}
  %y = "dlc_graph.batch_norm"(%x, %c, %c, %c, %v) : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @batch_norm_not_vector(%x: tensor<2x?x4xf32>, %c: tensor<3xf32>, %s: tensor<1x3xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{operand 'scale' must be 1-D with C = ? elements (dim 1 of 'input'), but has type tensor<1x3xf32>}}
  %y = "dlc_graph.batch_norm"(%x, %s, %c, %c, %c) : (tensor<2x?x4xf32>, tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// The vectors disagree with each other through a `?` input dim.
func.func @batch_norm_vectors_disagree(%x: tensor<2x?xf32>, %c: tensor<3xf32>, %b: tensor<5xf32>) -> tensor<2x?xf32> {
  // expected-error@+1 {{operand 'bias' must be 1-D with C = 3 elements}}
  %y = "dlc_graph.batch_norm"(%x, %c, %b, %c, %c) : (tensor<2x?xf32>, tensor<3xf32>, tensor<5xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x?xf32>
  return %y : tensor<2x?xf32>
}

// -----

func.func @batch_norm_mixed_types(%x: tensor<2x3xf32>, %c: tensor<3xf32>, %m: tensor<3xf64>) -> tensor<2x3xf32> {
  // expected-error@+1 {{operand 'mean' (tensor<3xf64>) must have the element type of 'input' (f32)}}
  %y = "dlc_graph.batch_norm"(%x, %c, %c, %m, %c) : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf64>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @batch_norm_result(%x: tensor<2x3xf32>, %c: tensor<3xf32>) -> tensor<3x5xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<3x5xf32>, but the operands and attributes imply tensor<2x3xf32>}}
  %y = "dlc_graph.batch_norm"(%x, %c, %c, %c, %c) : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3x5xf32>
  return %y : tensor<3x5xf32>
}

// -----

func.func @layer_norm_axis(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'dlc_graph.layer_norm' op attribute 'axis' (2) must be in [-2, 2) for an input of rank 2}}
  %y = "dlc_graph.layer_norm"(%x, %s) {axis = 2 : i64, resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @layer_norm_negative_axis(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{attribute 'axis' (-3) must be in [-2, 2)}}
  %y = "dlc_graph.layer_norm"(%x, %s) {axis = -3 : i64, resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @layer_norm_stash_type(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'dlc_graph.layer_norm' op attribute 'stash_type' must be 1 (f32 mean and variance), but is 16}}
  %y = "dlc_graph.layer_norm"(%x, %s) {stash_type = 16 : i64, resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @layer_norm_scale_size(%x: tensor<2x3x4xf32>, %s: tensor<5xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{operand 'scale' (tensor<5xf32>) does not broadcast to the normalized dims 4 of 'input'}}
  %y = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2x3x4xf32>, tensor<5xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// A scale that covers dims before `axis` does not broadcast to input[axis:].
func.func @layer_norm_scale_rank(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{operand 'scale' (tensor<3x4xf32>) does not broadcast to the normalized dims 4 of 'input'}}
  %y = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2x3x4xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @layer_norm_bias(%x: tensor<2x?x4xf32>, %s: tensor<4xf32>, %b: tensor<3x5xf32>) -> tensor<2x?x4xf32> {
  // expected-error@+1 {{operand 'bias' (tensor<3x5xf32>) does not broadcast to the normalized dims ?x4 of 'input'}}
  %y = "dlc_graph.layer_norm"(%x, %s, %b) {axis = 1 : i64, resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2x?x4xf32>, tensor<4xf32>, tensor<3x5xf32>) -> tensor<2x?x4xf32>
  return %y : tensor<2x?x4xf32>
}

// -----

func.func @layer_norm_scale_type(%x: tensor<2x3xf32>, %s: tensor<3xf64>) -> tensor<2x3xf32> {
  // expected-error@+1 {{operand 'scale' (tensor<3xf64>) must have the element type of 'input' (f32)}}
  %y = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2x3xf32>, tensor<3xf64>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @layer_norm_mean_shape(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{result #1 ('mean') has type tensor<2x3xf32>, but the operands and attributes imply tensor<2x1xf32>}}
  %y, %m = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 1, 0>} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @layer_norm_inv_std_dev_shape(%x: tensor<2x3xf32>, %s: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{result #2 ('inv_std_dev') has type tensor<1x1xf32>, but the operands and attributes imply tensor<2x1xf32>}}
  %y, %i = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 0, 1>} : (tensor<2x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<1x1xf32>)
  return %y : tensor<2x3xf32>
}

// -----

func.func @softmax_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'dlc_graph.softmax' op attribute 'axis' (2) must be in [-2, 2) for an input of rank 2}}
  %y = "dlc_graph.softmax"(%x) {axis = 2 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// A 0-d input has no axis at all.
func.func @softmax_scalar(%x: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'dlc_graph.softmax' op attribute 'axis' (-1) must be in [0, 0) for an input of rank 0}}
  %y = "dlc_graph.softmax"(%x) : (tensor<f32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

func.func @log_softmax_axis(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'dlc_graph.log_softmax' op attribute 'axis' (-3) must be in [-2, 2) for an input of rank 2}}
  %y = "dlc_graph.log_softmax"(%x) {axis = -3 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
