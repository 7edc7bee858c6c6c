// RUN: dlc-opt %s -split-input-file -verify-diagnostics --dlc-tensor-to-linalg

// Verifier-valid ops that the lowering does not support report why and stay.

// The group of filter f is f floordiv (F / groups): F must be static.
func.func @conv_grouped_dynamic_filters(%x: tensor<1x4x5xf32>, %w: tensor<?x2x3xf32>) -> tensor<1x?x3xf32> {
  // expected-error@+1 {{'dlc_tensor.conv' op cannot be lowered by dlc-tensor-to-linalg: grouped convolution needs a static number of filters and channels per group}}
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1>, dilations = array<i64: 1>, groups = 2 : i64} : (tensor<1x4x5xf32>, tensor<?x2x3xf32>) -> tensor<1x?x3xf32>
  return %y : tensor<1x?x3xf32>
}

// -----

func.func @pool_indices_dynamic(%x: tensor<?x4xf32>) -> (tensor<?x3xf32>, tensor<?x3xi64>) {
  // expected-error@+1 {{'dlc_tensor.pool' op cannot be lowered by dlc-tensor-to-linalg: the 'indices' result needs a static input shape}}
  %y, %i = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64: 1>} : (tensor<?x4xf32>) -> (tensor<?x3xf32>, tensor<?x3xi64>)
  return %y, %i : tensor<?x3xf32>, tensor<?x3xi64>
}

// -----

// Not only unit dims inserted or removed: the sizes are unknown.
func.func @reshape_two_dynamic(%x: tensor<?x4xf32>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_tensor.reshape' op cannot be lowered by dlc-tensor-to-linalg: a result with more than one dynamic dim}}
  %y = "dlc_tensor.reshape"(%x) : (tensor<?x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @reshape_dynamic_zero(%x: tensor<?x0xf32>) -> tensor<0x?xf32> {
  // expected-error@+1 {{'dlc_tensor.reshape' op cannot be lowered by dlc-tensor-to-linalg: a dynamic dim next to a zero-sized one}}
  %y = "dlc_tensor.reshape"(%x) : (tensor<?x0xf32>) -> tensor<0x?xf32>
  return %y : tensor<0x?xf32>
}

// -----

func.func @broadcast_dynamic_new_dim(%x: tensor<3xf32>) -> tensor<?x3xf32> {
  // expected-error@+1 {{'dlc_tensor.broadcast' op cannot be lowered by dlc-tensor-to-linalg: dynamic result dim 0 is not an input dim}}
  %y = "dlc_tensor.broadcast"(%x) : (tensor<3xf32>) -> tensor<?x3xf32>
  return %y : tensor<?x3xf32>
}

// -----

func.func private @id(%a: f32) -> f32 {
  return %a : f32
}
func.func @map_dynamic_broadcast_dim(%x: tensor<1xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_tensor.map' op cannot be lowered by dlc-tensor-to-linalg: dynamic result dim 0 is not an input dim}}
  %y = "dlc_tensor.map"(%x) {fn = @id, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (tensor<1xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
