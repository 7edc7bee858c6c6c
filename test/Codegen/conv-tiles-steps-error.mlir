// RUN: dlc-opt %s -verify-diagnostics --dlc-codegen='conv-tiles=2,16,2,3'

// A window step that does not divide the window's width, or a channel step
// the input channels: named, instead of upstream's "Attempted to
// vectorize, but failed".
func.func @steps(%x: tensor<1x9x9x8xf32>, %w: tensor<3x3x8x16xf32>) -> tensor<1x7x7x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  // expected-error@+1 {{'linalg.conv_2d_nhwc_hwcf' op conv-tiles: kwt (2) must divide the window's width (3) and ct (3) the input channels (8)}}
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x9x9x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  return %y : tensor<1x7x7x16xf32>
}
