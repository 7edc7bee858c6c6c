// RUN: dlc-opt %s -split-input-file -verify-diagnostics

func.func @conv_rank2(%x: tensor<1x3xf32>, %w: tensor<4x3xf32>) -> tensor<1x4xf32> {
  // expected-error@+1 {{'dlc_graph.conv' op input must be N x C x D1 .. Dn with 1 to 3 spatial dims, but has rank 2}}
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<1x4xf32>
  return %y : tensor<1x4xf32>
}

// -----

func.func @conv_4_spatial_dims(%x: tensor<1x1x2x2x2x2xf32>, %w: tensor<1x1x1x1x1x1xf32>) -> tensor<1x1x2x2x2x2xf32> {
  // expected-error@+1 {{input must be N x C x D1 .. Dn with 1 to 3 spatial dims, but has rank 6}}
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x1x2x2x2x2xf32>, tensor<1x1x1x1x1x1xf32>) -> tensor<1x1x2x2x2x2xf32>
  return %y : tensor<1x1x2x2x2x2xf32>
}

// -----

func.func @conv_weight_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{'dlc_graph.conv' op weight must have the input's rank 4, but has rank 3}}
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x3x8x8xf32>, tensor<4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_kernel_shape_length(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'kernel_shape' must have 2 entries (one per spatial dim), but has 1}}
  %y = "dlc_graph.conv"(%x, %w) {kernel_shape = array<i64: 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_kernel_shape_zero(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x?x?xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'kernel_shape' entries must be in [1, 2147483647]}}
  %y = "dlc_graph.conv"(%x, %w) {kernel_shape = array<i64: 0, 3>} : (tensor<1x3x8x8xf32>, tensor<4x3x?x?xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_kernel_shape_vs_weight(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'kernel_shape' (2 in dim 1) does not match the weight (3)}}
  %y = "dlc_graph.conv"(%x, %w) {kernel_shape = array<i64: 3, 2>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_strides_length(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'strides' must have 2 entries (one per spatial dim), but has 3}}
  %y = "dlc_graph.conv"(%x, %w) {strides = array<i64: 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_strides_zero(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'strides' entries must be in [1, 2147483647]}}
  %y = "dlc_graph.conv"(%x, %w) {strides = array<i64: 1, 0>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_dilations_zero(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'dilations' entries must be in [1, 2147483647]}}
  %y = "dlc_graph.conv"(%x, %w) {dilations = array<i64: 0, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_auto_pad_unknown(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error@+1 {{attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, but is "SAME"}}
  %y = "dlc_graph.conv"(%x, %w) {auto_pad = "SAME"} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return %y : tensor<1x4x8x8xf32>
}

// -----

func.func @conv_pads_length(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error@+1 {{attribute 'pads' must have 4 entries (begins, then ends), but has 2}}
  %y = "dlc_graph.conv"(%x, %w) {pads = array<i64: 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return %y : tensor<1x4x8x8xf32>
}

// -----

func.func @conv_pads_negative(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'pads' entries must be in [0, 2147483647]}}
  %y = "dlc_graph.conv"(%x, %w) {pads = array<i64: 1, 1, -1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_pads_with_auto_pad(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error@+1 {{attribute 'pads' cannot be combined with auto_pad "SAME_UPPER"}}
  %y = "dlc_graph.conv"(%x, %w) {auto_pad = "SAME_UPPER", pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return %y : tensor<1x4x8x8xf32>
}

// -----

func.func @conv_window_too_large(%x: tensor<1x3x8x2xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x1xf32> {
  // expected-error@+1 {{window of 5 (dilated) is larger than spatial dim 1 (4 with padding)}}
  %y = "dlc_graph.conv"(%x, %w) {dilations = array<i64: 1, 2>, pads = array<i64: 0, 1, 0, 1>} : (tensor<1x3x8x2xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x1xf32>
  return %y : tensor<1x4x6x1xf32>
}

// -----

func.func @conv_weight_element_type(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf64>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{'dlc_graph.conv' op operand 'weight' must have the element type of 'input'}}
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf64>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_bias_element_type(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf64>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{operand 'bias' must have the element type of 'input'}}
  %y = "dlc_graph.conv"(%x, %w, %b) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf64>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_bias_rank(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<1x4xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{operand 'bias' must be 1-D (one value per output channel), but has rank 2}}
  %y = "dlc_graph.conv"(%x, %w, %b) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<1x4xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_bias_size(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{operand 'bias' has 3 elements, but there are 4 output channels}}
  %y = "dlc_graph.conv"(%x, %w, %b) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_group_zero(%x: tensor<1x4x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{attribute 'group' (0) must be >= 1 and divide the input channels and the number of filters}}
  %y = "dlc_graph.conv"(%x, %w) {group = 0 : i64} : (tensor<1x4x8x8xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_group_filters(%x: tensor<1x4x8x8xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32> {
  // expected-error@+1 {{attribute 'group' (2) must be >= 1 and divide the input channels and the number of filters}}
  %y = "dlc_graph.conv"(%x, %w) {group = 2 : i64} : (tensor<1x4x8x8xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x6x6xf32>
  return %y : tensor<1x3x6x6xf32>
}

// -----

func.func @conv_channels(%x: tensor<1x4x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32> {
  // expected-error@+1 {{input has 4 channels but weight expects 3 per group x 1 groups}}
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x4x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}

// -----

func.func @conv_result_type(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<1x4x8x8xf32>, but the operands and attributes imply tensor<1x4x6x6xf32>}}
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32>
  return %y : tensor<1x4x8x8xf32>
}

// -----

func.func @conv_transpose_output_padding_length(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  // expected-error@+1 {{'dlc_graph.conv_transpose' op attribute 'output_padding' must have 2 entries (one per spatial dim), but has 1}}
  %y = "dlc_graph.conv_transpose"(%x, %w) {output_padding = array<i64: 0>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}

// -----

func.func @conv_transpose_output_padding_negative(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  // expected-error@+1 {{attribute 'output_padding' entries must be in [0, 2147483647]}}
  %y = "dlc_graph.conv_transpose"(%x, %w) {output_padding = array<i64: 0, -1>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}

// -----

func.func @conv_transpose_output_padding_too_large(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x7x8xf32> {
  // expected-error@+1 {{attribute 'output_padding' entries must be smaller than the stride or the dilation}}
  %y = "dlc_graph.conv_transpose"(%x, %w) {output_padding = array<i64: 0, 2>, strides = array<i64: 2, 2>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x7x8xf32>
  return %y : tensor<1x2x7x8xf32>
}

// -----

func.func @conv_transpose_output_shape_length(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  // expected-error@+1 {{attribute 'output_shape' must have 2 entries (one per spatial dim), but has 4}}
  %y = "dlc_graph.conv_transpose"(%x, %w) {output_shape = array<i64: 1, 2, 5, 5>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}

// -----

func.func @conv_transpose_output_shape_zero(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  // expected-error@+1 {{attribute 'output_shape' entries must be in [1, 2147483647]}}
  %y = "dlc_graph.conv_transpose"(%x, %w) {output_shape = array<i64: 5, 0>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}

// -----

func.func @conv_transpose_pads_remove_all(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x5x1xf32> {
  // expected-error@+1 {{pads (2, 3) leave no output in spatial dim 1 (full size 5)}}
  %y = "dlc_graph.conv_transpose"(%x, %w) {pads = array<i64: 0, 2, 0, 3>} : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x1xf32>
  return %y : tensor<1x2x5x1xf32>
}

// -----

func.func @conv_transpose_group(%x: tensor<1x3x3x3xf32>, %w: tensor<3x2x3x3xf32>) -> tensor<1x4x5x5xf32> {
  // expected-error@+1 {{attribute 'group' (2) must be >= 1 and divide the input channels}}
  %y = "dlc_graph.conv_transpose"(%x, %w) {group = 2 : i64} : (tensor<1x3x3x3xf32>, tensor<3x2x3x3xf32>) -> tensor<1x4x5x5xf32>
  return %y : tensor<1x4x5x5xf32>
}

// -----

func.func @conv_transpose_channels(%x: tensor<1x2x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32> {
  // expected-error@+1 {{input has 2 channels but weight has 1}}
  %y = "dlc_graph.conv_transpose"(%x, %w) : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x5x5xf32>
  return %y : tensor<1x2x5x5xf32>
}

// -----

// The output has M/group (weight dim 1) x group channels.
func.func @conv_transpose_bias_size(%x: tensor<1x2x3x3xf32>, %w: tensor<2x3x3x3xf32>, %b: tensor<3xf32>) -> tensor<1x6x5x5xf32> {
  // expected-error@+1 {{operand 'bias' has 3 elements, but there are 6 output channels}}
  %y = "dlc_graph.conv_transpose"(%x, %w, %b) {group = 2 : i64} : (tensor<1x2x3x3xf32>, tensor<2x3x3x3xf32>, tensor<3xf32>) -> tensor<1x6x5x5xf32>
  return %y : tensor<1x6x5x5xf32>
}

// -----

func.func @conv_transpose_result_type(%x: tensor<1x1x3x3xf32>, %w: tensor<1x2x3x3xf32>) -> tensor<1x2x6x6xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<1x2x6x6xf32>, but the operands and attributes imply tensor<1x2x5x5xf32>}}
  %y = "dlc_graph.conv_transpose"(%x, %w) : (tensor<1x1x3x3xf32>, tensor<1x2x3x3xf32>) -> tensor<1x2x6x6xf32>
  return %y : tensor<1x2x6x6xf32>
}
