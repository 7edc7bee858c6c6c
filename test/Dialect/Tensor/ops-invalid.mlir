// RUN: dlc-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// map
//===----------------------------------------------------------------------===//

func.func private @add(%a: f32, %b: f32) -> f32 {
  %c = arith.addf %a, %b : f32
  return %c : f32
}
func.func @map_gap(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'dlc_tensor.map' op operand 'x2' is given without 'x1'}}
  %y = "dlc_tensor.map"(%a, %b) {fn = @add, operandSegmentSizes = array<i32: 1, 0, 1, 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

func.func private @add(%a: f32, %b: f32) -> f32 {
  %c = arith.addf %a, %b : f32
  return %c : f32
}
func.func @map_no_broadcast(%a: tensor<2x3xf32>, %b: tensor<2xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{operand 'x1' of type tensor<2xf32> does not broadcast to the result type tensor<2x3xf32>}}
  %y = "dlc_tensor.map"(%a, %b) {fn = @add, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @map_fn_missing(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'fn' must name a func.func in the enclosing module, but @nowhere is not one}}
  %y = "dlc_tensor.map"(%a) {fn = @nowhere, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

// Bodies take signless scalars: ui8 tensors pass i8.
func.func private @neg(%a: ui8) -> ui8
func.func @map_fn_type(%a: tensor<3xui8>) -> tensor<3xui8> {
  // expected-error@+1 {{'fn' @neg must have type (i8) -> i8, but has (ui8) -> ui8}}
  %y = "dlc_tensor.map"(%a) {fn = @neg, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (tensor<3xui8>) -> tensor<3xui8>
  return %y : tensor<3xui8>
}

// -----

func.func private @external(f32) -> f32
func.func @map_fn_no_body(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'fn' @external must have a body of exactly one block}}
  %y = "dlc_tensor.map"(%a) {fn = @external, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

func.func private @two_blocks(%a: f32) -> f32 {
  cf.br ^bb1
^bb1:
  return %a : f32
}
func.func @map_fn_two_blocks(%a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'fn' @two_blocks must have a body of exactly one block}}
  %y = "dlc_tensor.map"(%a) {fn = @two_blocks, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (tensor<3xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

//===----------------------------------------------------------------------===//
// contract
//===----------------------------------------------------------------------===//

// -----

func.func @contract_spec(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{attribute 'spec' must look like "mk,kn->mn" (distinct letters a-z per operand, output letters taken from the inputs), but is "mk,kn->mz"}}
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->mz"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @contract_spec_repeated(%a: tensor<3x3xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{attribute 'spec' must look like "mk,kn->mn"}}
  %y = "dlc_tensor.contract"(%a, %b) {spec = "kk,kn->kn"} : (tensor<3x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %y : tensor<3x4xf32>
}

// -----

func.func @contract_ranks(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'spec' "bmk,kn->mn" does not match the ranks of lhs (2) and rhs (2)}}
  %y = "dlc_tensor.contract"(%a, %b) {spec = "bmk,kn->mn"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @contract_elt(%a: tensor<2x3xf32>, %b: tensor<3x4xf64>) -> tensor<2x4xf32> {
  // expected-error@+1 {{operands 'lhs' and 'rhs' must have the same element type}}
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->mn"} : (tensor<2x3xf32>, tensor<3x4xf64>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @contract_result_elt(%a: tensor<2x3xi32>, %b: tensor<3x4xi32>) -> tensor<2x4xi64> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->mn"} : (tensor<2x3xi32>, tensor<3x4xi32>) -> tensor<2x4xi64>
  return %y : tensor<2x4xi64>
}

// -----

func.func @contract_dim_sizes(%a: tensor<2x3xf32>, %b: tensor<5x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{dim 'k' has size 3 in one operand and 5 in another}}
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->mn"} : (tensor<2x3xf32>, tensor<5x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

func.func @contract_result_shape(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<4x2xf32>, but the operands and attributes imply tensor<2x4xf32>}}
  %y = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->mn"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

//===----------------------------------------------------------------------===//
// conv
//===----------------------------------------------------------------------===//

// -----

func.func @conv_rank(%x: tensor<1x3xf32>, %w: tensor<4x3xf32>) -> tensor<1x4xf32> {
  // expected-error@+1 {{'dlc_tensor.conv' op input and weight must have the same rank >= 3 (N x C x spatial..)}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64>, dilations = array<i64>, groups = 1 : i64} : (tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x4xf32>
  return %y : tensor<1x4xf32>
}

// -----

func.func @conv_strides_length(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'strides' must have 2 entries, but has 1}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1>, dilations = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_dilations_length(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'dilations' must have 2 entries, but has 3}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_strides_zero(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'strides' entries must be >= 1}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 0>, dilations = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_dilations_negative(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'dilations' entries must be >= 1}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: -1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_groups_divide(%x: tensor<1x4x8x8xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error@+1 {{'groups' (3) must be >= 1 and divide the input channels and the number of filters}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, groups = 3 : i64} : (tensor<1x4x8x8xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %y : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_groups_zero(%x: tensor<1x4x8x8xf32>, %w: tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error@+1 {{'groups' (0) must be >= 1}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, groups = 0 : i64} : (tensor<1x4x8x8xf32>, tensor<6x4x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %y : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<6x3x3x3xf32>) -> tensor<1x6x6x6xf32> {
  // expected-error@+1 {{input has 4 channels, but weight expects 3 x 2 groups}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, groups = 2 : i64} : (tensor<1x4x8x8xf32>, tensor<6x3x3x3xf32>) -> tensor<1x6x6x6xf32>
  return %y : tensor<1x6x6x6xf32>
}

// -----

func.func @conv_elt(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf64>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{operands 'input' and 'weight' must have the same element type}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf64>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_result_elt(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf64> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf64>
  return %y : tensor<1x4x6x6xf64>
}

// -----

func.func @conv_empty_kernel(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x0x3xf32>) -> tensor<1x4x9x6xf32> {
  // expected-error@+1 {{weight spatial dims must be >= 1, but dim 2 is 0}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x0x3xf32>) -> tensor<1x4x9x6xf32>
  return %y : tensor<1x4x9x6xf32>
}

// -----

func.func @conv_window_fit(%x: tensor<1x3x4x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x1x6xf32> {
  // expected-error@+1 {{window of 5 (dilated) does not fit spatial dim 0 of size 4}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 2, 1>, groups = 1 : i64} : (tensor<1x3x4x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x1x6xf32>
  return %y : tensor<1x4x1x6xf32>
}

// -----

func.func @conv_result_shape(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<1x4x6x6xf32>, but the operands and attributes imply tensor<1x4x3x6xf32>}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 2, 1>, dilations = array<i64: 1, 1>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

//===----------------------------------------------------------------------===//
// pool
//===----------------------------------------------------------------------===//

// -----

func.func @pool_window_length(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{'dlc_tensor.pool' op attribute 'window' must have between 1 and rank (2) entries}}
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 1, 1, 1>, strides = array<i64: 1, 1, 1>, dilations = array<i64: 1, 1, 1>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// -----

func.func @pool_window_empty(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{attribute 'window' must have between 1 and rank (2) entries}}
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64>, strides = array<i64>, dilations = array<i64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// -----

func.func @pool_window_zero(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{attribute 'window' entries must be >= 1}}
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 0>, strides = array<i64: 1>, dilations = array<i64: 1>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// -----

func.func @pool_strides_length(%x: tensor<4x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{attribute 'strides' must have 1 entries, but has 2}}
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 1, 1>, dilations = array<i64: 1>} : (tensor<4x4xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// -----

func.func @pool_dilations_length(%x: tensor<4x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{attribute 'dilations' must have 1 entries, but has 0}}
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64>} : (tensor<4x4xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// -----

func.func @pool_strides_zero(%x: tensor<4x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{attribute 'strides' entries must be >= 1}}
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 0>, dilations = array<i64: 1>} : (tensor<4x4xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// -----

func.func @pool_dilations_zero(%x: tensor<4x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{attribute 'dilations' entries must be >= 1}}
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64: 0>} : (tensor<4x4xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// -----

func.func @pool_kind(%x: tensor<4x4xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{attribute 'kind' must be "max" or "sum", but is "avg"}}
  %y = "dlc_tensor.pool"(%x) {kind = "avg", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64: 1>} : (tensor<4x4xf32>) -> tensor<4x3xf32>
  return %y : tensor<4x3xf32>
}

// -----

func.func @pool_indices_sum(%x: tensor<4x4xf32>) -> (tensor<4x3xf32>, tensor<4x3xi64>) {
  // expected-error@+1 {{result 'indices' requires kind "max"}}
  %y, %i = "dlc_tensor.pool"(%x) {kind = "sum", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64: 1>} : (tensor<4x4xf32>) -> (tensor<4x3xf32>, tensor<4x3xi64>)
  return %y, %i : tensor<4x3xf32>, tensor<4x3xi64>
}

// -----

func.func @pool_result_elt(%x: tensor<4x4xf32>) -> tensor<4x3xf64> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.pool"(%x) {kind = "sum", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64: 1>} : (tensor<4x4xf32>) -> tensor<4x3xf64>
  return %y : tensor<4x3xf64>
}

// -----

func.func @pool_window_fit(%x: tensor<4x4xf32>) -> tensor<4x1xf32> {
  // expected-error@+1 {{window of 5 (dilated) does not fit dim 1 of size 4}}
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 3>, strides = array<i64: 1>, dilations = array<i64: 2>} : (tensor<4x4xf32>) -> tensor<4x1xf32>
  return %y : tensor<4x1xf32>
}

// -----

func.func @pool_indices_shape(%x: tensor<4x4xf32>) -> (tensor<4x3xf32>, tensor<4x2xi64>) {
  // expected-error@+1 {{result #1 ('indices') has type tensor<4x2xi64>, but the operands and attributes imply tensor<4x3xi64>}}
  %y, %i = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64: 1>} : (tensor<4x4xf32>) -> (tensor<4x3xf32>, tensor<4x2xi64>)
  return %y, %i : tensor<4x3xf32>, tensor<4x2xi64>
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

// -----

func.func @reduce_kind(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'dlc_tensor.reduce' op attribute 'kind' must be "sum", "max", "min" or "prod", but is "mean"}}
  %y = "dlc_tensor.reduce"(%x) {kind = "mean", dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @reduce_dims_range(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{attribute 'dims' must be sorted, unique and in [0, 2)}}
  %y = "dlc_tensor.reduce"(%x) {kind = "sum", dims = array<i64: 2>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @reduce_dims_unsorted(%x: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'dims' must be sorted, unique and in [0, 2)}}
  %y = "dlc_tensor.reduce"(%x) {kind = "sum", dims = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// More entries than dims (and more than the largest rank) is an error, not
// an overrun.
func.func @reduce_dims_too_many(%x: tensor<2x3xf32>) -> tensor<f32> {
  // expected-error@+1 {{attribute 'dims' must be sorted, unique and in [0, 2)}}
  %y = "dlc_tensor.reduce"(%x) {kind = "sum", dims = array<i64: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17>} : (tensor<2x3xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

func.func @reduce_result_elt(%x: tensor<2x3xi8>) -> tensor<2xi32> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.reduce"(%x) {kind = "sum", dims = array<i64: 1>} : (tensor<2x3xi8>) -> tensor<2xi32>
  return %y : tensor<2xi32>
}

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

// -----

func.func @transpose_perm_length(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'dlc_tensor.transpose' op attribute 'perm' must have 2 entries, but has 3}}
  %y = "dlc_tensor.transpose"(%x) {perm = array<i64: 1, 0, 2>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

func.func @transpose_not_permutation(%x: tensor<2x3xf32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{attribute 'perm' must be a permutation of [0, 2)}}
  %y = "dlc_tensor.transpose"(%x) {perm = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return %y : tensor<3x3xf32>
}

// -----

func.func @transpose_result_elt(%x: tensor<2x3xf32>) -> tensor<3x2xi1> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xi1>
  return %y : tensor<3x2xi1>
}

// -----

func.func @transpose_result_shape(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<2x3xf32>, but the operands and attributes imply tensor<3x2xf32>}}
  %y = "dlc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

// -----

func.func @reshape_count(%x: tensor<2x3xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{'dlc_tensor.reshape' op input has 6 elements but the result has 8}}
  %y = "dlc_tensor.reshape"(%x) : (tensor<2x3xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----

func.func @reshape_result_elt(%x: tensor<2x3xf32>) -> tensor<6xf64> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.reshape"(%x) : (tensor<2x3xf32>) -> tensor<6xf64>
  return %y : tensor<6xf64>
}

//===----------------------------------------------------------------------===//
// broadcast
//===----------------------------------------------------------------------===//

// -----

func.func @broadcast_shape(%x: tensor<3x2xf32>) -> tensor<2x3x4xf32> {
  // expected-error@+1 {{'dlc_tensor.broadcast' op input does not broadcast to the result shape}}
  %y = "dlc_tensor.broadcast"(%x) : (tensor<3x2xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

func.func @broadcast_rank(%x: tensor<1x1x3xf32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{input does not broadcast to the result shape}}
  %y = "dlc_tensor.broadcast"(%x) : (tensor<1x1x3xf32>) -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}

// -----

func.func @broadcast_result_elt(%x: tensor<3xi32>) -> tensor<2x3xi64> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.broadcast"(%x) : (tensor<3xi32>) -> tensor<2x3xi64>
  return %y : tensor<2x3xi64>
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

// -----

func.func @slice_offsets_length(%x: tensor<5x6xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'dlc_tensor.slice' op attribute 'offsets' must have 2 entries, but has 1}}
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 0>, strides = array<i64: 1, 1>} : (tensor<5x6xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// -----

func.func @slice_strides_length(%x: tensor<5x6xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{attribute 'strides' must have 2 entries, but has 3}}
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<5x6xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// -----

func.func @slice_rank(%x: tensor<5x6xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{result must have the input's rank 2}}
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<5x6xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @slice_stride_zero(%x: tensor<5x6xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{attribute 'strides' entries must be non-zero}}
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 0, 0>, strides = array<i64: 1, 0>} : (tensor<5x6xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// -----

func.func @slice_out_of_bounds(%x: tensor<5x6xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{dim 0 reads [4 .. 6] outside [0, 5)}}
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 4, 0>, strides = array<i64: 1, 1>} : (tensor<5x6xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

func.func @slice_negative_past_start(%x: tensor<5x6xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{dim 1 reads [1 .. -3] outside [0, 6)}}
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 0, 1>, strides = array<i64: 1, -2>} : (tensor<5x6xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @slice_result_elt(%x: tensor<5x6xf32>) -> tensor<2x2xf64> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<5x6xf32>) -> tensor<2x2xf64>
  return %y : tensor<2x2xf64>
}

//===----------------------------------------------------------------------===//
// concat
//===----------------------------------------------------------------------===//

// -----

func.func @concat_rank(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x6xf32> {
  // expected-error@+1 {{'dlc_tensor.concat' op operands must have the same rank and 'dim' (1) must be in [0, 2)}}
  %y = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x6xf32>
  return %y : tensor<2x6xf32>
}

// -----

func.func @concat_dim(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x6xf32> {
  // expected-error@+1 {{operands must have the same rank and 'dim' (-1) must be in [0, 2)}}
  %y = "dlc_tensor.concat"(%a, %b) {dim = -1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %y : tensor<2x6xf32>
}

// -----

func.func @concat_elt(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) -> tensor<2x6xf32> {
  // expected-error@+1 {{operands 'lhs' and 'rhs' must have the same element type}}
  %y = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x6xf32>
  return %y : tensor<2x6xf32>
}

// -----

func.func @concat_result_elt(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x6xf64> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf64>
  return %y : tensor<2x6xf64>
}

// -----

func.func @concat_other_dims(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<2x6xf32> {
  // expected-error@+1 {{operands differ in dim 0 (2 vs 4)}}
  %y = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x6xf32>
  return %y : tensor<2x6xf32>
}

//===----------------------------------------------------------------------===//
// pad
//===----------------------------------------------------------------------===//

// -----

func.func @pad_low_length(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{'dlc_tensor.pad' op attribute 'low' must have 2 entries, but has 1}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1>, high = array<i64: 0, 0>, interior = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %y : tensor<3x3xf32>
}

// -----

func.func @pad_high_length(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{attribute 'high' must have 2 entries, but has 0}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 0>, high = array<i64>, interior = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %y : tensor<3x3xf32>
}

// -----

func.func @pad_interior_length(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x3xf32> {
  // expected-error@+1 {{attribute 'interior' must have 2 entries, but has 3}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 0>, high = array<i64: 0, 0>, interior = array<i64: 0, 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  return %y : tensor<3x3xf32>
}

// -----

func.func @pad_low_negative(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{attribute 'low' entries must be >= 0}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: -1, 0>, high = array<i64: 0, 0>, interior = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}

// -----

func.func @pad_high_negative(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{attribute 'high' entries must be >= 0}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 0, 0>, high = array<i64: 0, -1>, interior = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// -----

func.func @pad_interior_negative(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{attribute 'interior' entries must be >= 0}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 0, 0>, high = array<i64: 0, 0>, interior = array<i64: -1, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @pad_value_rank(%x: tensor<2x3xf32>, %v: tensor<1xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{operand 'value' must be a 0-d tensor}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 0, 0>, high = array<i64: 0, 0>, interior = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @pad_value_elt(%x: tensor<2x3xf32>, %v: tensor<f64>) -> tensor<2x3xf32> {
  // expected-error@+1 {{operands 'input' and 'value' must have the same element type}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 0, 0>, high = array<i64: 0, 0>, interior = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f64>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

func.func @pad_result_elt(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf64> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 0, 0>, high = array<i64: 0, 0>, interior = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf64>
  return %y : tensor<2x3xf64>
}

// -----

func.func @pad_result_shape(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<4x5xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<4x5xf32>, but the operands and attributes imply tensor<4x3xf32>}}
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 0>, high = array<i64: 0, 0>, interior = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %y : tensor<4x5xf32>
}

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

// -----

func.func @gather_dim(%x: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'dlc_tensor.gather' op attribute 'dim' (2) must be in [0, 2)}}
  %y = "dlc_tensor.gather"(%x, %i) {dim = 2 : i64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

func.func @gather_rank(%x: tensor<1x1x1x1x1x1x1x1x1xf32>, %i: tensor<1x1x1x1x1x1x1x1x1xi64>) -> tensor<1xf32> {
  // expected-error@+1 {{result rank 17 exceeds 16}}
  %y = "dlc_tensor.gather"(%x, %i) {dim = 0 : i64} : (tensor<1x1x1x1x1x1x1x1x1xf32>, tensor<1x1x1x1x1x1x1x1x1xi64>) -> tensor<1xf32>
  return %y : tensor<1xf32>
}

// -----

func.func @gather_result_elt(%x: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<3x2xi64> {
  // expected-error@+1 {{result 'output' must have the element type of the input}}
  %y = "dlc_tensor.gather"(%x, %i) {dim = 1 : i64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<3x2xi64>
  return %y : tensor<3x2xi64>
}

// -----

func.func @gather_result_shape(%x: tensor<3x4xf32>, %i: tensor<2xi64>) -> tensor<2x4xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<2x4xf32>, but the operands and attributes imply tensor<3x2xf32>}}
  %y = "dlc_tensor.gather"(%x, %i) {dim = 1 : i64} : (tensor<3x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
