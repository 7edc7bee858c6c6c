// RUN: dlc-opt %s -split-input-file -verify-diagnostics

func.func @max_pool_rank2(%x: tensor<1x3xf32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{'dlc_graph.max_pool' op input must be N x C x D1 .. Dn with 1 to 3 spatial dims, but has rank 2}}
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 1>} : (tensor<1x3xf32>) -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}

// -----

func.func @avg_pool_4_spatial_dims(%x: tensor<1x1x2x2x2x2xf32>) -> tensor<1x1x2x2x2x2xf32> {
  // expected-error@+1 {{'dlc_graph.avg_pool' op input must be N x C x D1 .. Dn with 1 to 3 spatial dims, but has rank 6}}
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 1, 1, 1, 1>} : (tensor<1x1x2x2x2x2xf32>) -> tensor<1x1x2x2x2x2xf32>
  return %y : tensor<1x1x2x2x2x2xf32>
}

// -----

func.func @max_pool_no_kernel_shape(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error@+1 {{'dlc_graph.max_pool' op attribute "kernel_shape" is expected but not provided}}
  %y = "dlc_graph.max_pool"(%x) : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
  return %y : tensor<1x3x8x8xf32>
}

// -----

func.func @max_pool_kernel_shape_length(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32> {
  // expected-error@+1 {{attribute 'kernel_shape' must have 2 entries (one per spatial dim), but has 3}}
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return %y : tensor<1x3x7x7xf32>
}

// -----

func.func @avg_pool_kernel_shape_zero(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32> {
  // expected-error@+1 {{attribute 'kernel_shape' entries must be in [1, 2147483647]}}
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 2, 0>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return %y : tensor<1x3x7x7xf32>
}

// -----

func.func @max_pool_strides_zero(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32> {
  // expected-error@+1 {{attribute 'strides' entries must be in [1, 2147483647]}}
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 0, 1>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return %y : tensor<1x3x7x7xf32>
}

// -----

func.func @max_pool_dilations_length(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32> {
  // expected-error@+1 {{attribute 'dilations' must have 2 entries (one per spatial dim), but has 1}}
  %y = "dlc_graph.max_pool"(%x) {dilations = array<i64: 2>, kernel_shape = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return %y : tensor<1x3x7x7xf32>
}

// -----

func.func @avg_pool_auto_pad_unknown(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32> {
  // expected-error@+1 {{attribute 'auto_pad' must be NOTSET, SAME_UPPER, SAME_LOWER or VALID, but is "same_upper"}}
  %y = "dlc_graph.avg_pool"(%x) {auto_pad = "same_upper", kernel_shape = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xf32>
  return %y : tensor<1x3x8x8xf32>
}

// -----

func.func @max_pool_pads_length(%x: tensor<1x3x8xf32>) -> tensor<1x3x9xf32> {
  // expected-error@+1 {{attribute 'pads' must have 2 entries (begins, then ends), but has 1}}
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2>, pads = array<i64: 2>} : (tensor<1x3x8xf32>) -> tensor<1x3x9xf32>
  return %y : tensor<1x3x9xf32>
}

// -----

func.func @avg_pool_pads_negative(%x: tensor<1x3x8xf32>) -> tensor<1x3x6xf32> {
  // expected-error@+1 {{attribute 'pads' entries must be in [0, 2147483647]}}
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 2>, pads = array<i64: -1, 0>} : (tensor<1x3x8xf32>) -> tensor<1x3x6xf32>
  return %y : tensor<1x3x6xf32>
}

// -----

func.func @max_pool_pads_with_valid(%x: tensor<1x3x8xf32>) -> tensor<1x3x7xf32> {
  // expected-error@+1 {{attribute 'pads' cannot be combined with auto_pad "VALID"}}
  %y = "dlc_graph.max_pool"(%x) {auto_pad = "VALID", kernel_shape = array<i64: 2>, pads = array<i64: 0, 1>} : (tensor<1x3x8xf32>) -> tensor<1x3x7xf32>
  return %y : tensor<1x3x7xf32>
}

// -----

func.func @max_pool_window_too_large(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x1x1xf32> {
  // expected-error@+1 {{window of 5 (dilated) is larger than spatial dim 0 (4 with padding)}}
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 5, 2>} : (tensor<1x3x4x4xf32>) -> tensor<1x3x1x1xf32>
  return %y : tensor<1x3x1x1xf32>
}

// -----

func.func @max_pool_storage_order(%x: tensor<1x3x8x8xf32>) -> (tensor<1x3x7x7xf32>, tensor<1x3x7x7xi64>) {
  // expected-error@+1 {{attribute 'storage_order' must be 0 (row-major) or 1 (column-major), but is 2}}
  %y, %i = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2>, storage_order = 2 : i64} : (tensor<1x3x8x8xf32>) -> (tensor<1x3x7x7xf32>, tensor<1x3x7x7xi64>)
  return %y, %i : tensor<1x3x7x7xf32>, tensor<1x3x7x7xi64>
}

// -----

// Only max_pool has indices and their storage order.
func.func @avg_pool_storage_order(%x: tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32> {
  // expected-error@+1 {{'dlc_graph.avg_pool' op has unknown attribute 'storage_order'}}
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 2, 2>, storage_order = 0 : i64} : (tensor<1x3x8x8xf32>) -> tensor<1x3x7x7xf32>
  return %y : tensor<1x3x7x7xf32>
}

// -----

// Ceil mode drops a last window that would start in the end padding.
func.func @max_pool_ceil_result_type(%x: tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<1x3x2x2xf32>, but the operands and attributes imply tensor<1x3x1x1xf32>}}
  %y = "dlc_graph.max_pool"(%x) {ceil_mode = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 3, 3>} : (tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  return %y : tensor<1x3x2x2xf32>
}

// -----

func.func @max_pool_indices_shape(%x: tensor<1x3x8x8xf32>) -> (tensor<1x3x7x7xf32>, tensor<1x3x8x8xi64>) {
  // expected-error@+1 {{result #1 ('indices') has type tensor<1x3x8x8xi64>, but the operands and attributes imply tensor<1x3x7x7xi64>}}
  %y, %i = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> (tensor<1x3x7x7xf32>, tensor<1x3x8x8xi64>)
  return %y, %i : tensor<1x3x7x7xf32>, tensor<1x3x8x8xi64>
}

// -----

func.func @max_pool_indices_type(%x: tensor<1x3x8x8xf32>) -> (tensor<1x3x7x7xf32>, tensor<1x3x7x7xi32>) {
  // expected-error@+1 {{result #1 ('indices') must be a tensor of i64 values, but got tensor<1x3x7x7xi32>}}
  %y, %i = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2>} : (tensor<1x3x8x8xf32>) -> (tensor<1x3x7x7xf32>, tensor<1x3x7x7xi32>)
  return %y, %i : tensor<1x3x7x7xf32>, tensor<1x3x7x7xi32>
}

// -----

func.func @global_avg_pool_rank2(%x: tensor<1x3xf32>) -> tensor<1x3xf32> {
  // expected-error@+1 {{'dlc_graph.global_avg_pool' op input must be N x C x D1 .. Dn with n >= 1, but has rank 2}}
  %y = "dlc_graph.global_avg_pool"(%x) : (tensor<1x3xf32>) -> tensor<1x3xf32>
  return %y : tensor<1x3xf32>
}

// -----

func.func @global_avg_pool_result_type(%x: tensor<1x3x4x4xf32>) -> tensor<1x3x4x1xf32> {
  // expected-error@+1 {{result #0 ('output') has type tensor<1x3x4x1xf32>, but the operands and attributes imply tensor<1x3x1x1xf32>}}
  %y = "dlc_graph.global_avg_pool"(%x) : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x1xf32>
  return %y : tensor<1x3x4x1xf32>
}

// -----

// As in onnxruntime: a window could lie wholly in the padding.
func.func @avg_pool_pads_not_below_kernel(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x7x7xf32> {
  // expected-error@+1 {{'dlc_graph.avg_pool' op pads (2 in spatial dim 0) must be smaller than the kernel (2)}}
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 2, 2>, pads = array<i64: 2, 2, 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x7x7xf32>
  return %y : tensor<1x1x7x7xf32>
}

// -----

// Strides, kernels, dilations and pads stay far from int64 overflow.
func.func @max_pool_huge_strides(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x1x1xf32> {
  // expected-error@+1 {{'dlc_graph.max_pool' op attribute 'strides' entries must be in [1, 2147483647], but one is 4611686018427387904}}
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 4611686018427387904, 1>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x1x1xf32>
  return %y : tensor<1x1x1x1xf32>
}

// -----

func.func @max_pool_huge_spatial_dim(%x: tensor<1x1x4294967296xf32>) -> tensor<1x1x4294967295xf32> {
  // expected-error@+1 {{'dlc_graph.max_pool' op spatial dim 0 of the input (4294967296) is above 2147483647}}
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2>} : (tensor<1x1x4294967296xf32>) -> tensor<1x1x4294967295xf32>
  return %y : tensor<1x1x4294967295xf32>
}
