// A 7x7 output from 64 channels (ResNet's last stage, narrowed) is im2col +
// matmul where the window loops' register tile is narrower than the row
// (6 of 7 pixels with AVX2) and the window loops where the tile takes the whole
// row (7 pixels x 32 channels with AVX-512), which stream each weight once per
// row instead of packing the im2col rows per k tile.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s --check-prefix=AVX512
// RUN: dlc-opt %s --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2
// The outputs of both are checked against the naive path by
// test/e2e/conv_pool.test and test/models/resnet18.test.

// AVX512-LABEL: func.func @small_image
// AVX512-NOT: tensor.collapse_shape
// AVX512: scf.forall
// AVX512: scf.for {{.*}} -> (vector<1x7x32xf32>)
// AVX512: vector.fma {{.*}} : vector<32xf32>
// AVX512-NOT: linalg.conv_2d_nhwc_hwcf

// AVX2-LABEL: func.func @small_image
// AVX2-NOT: linalg.conv_2d_nhwc_hwcf
// AVX2: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x7x7x3x3x64xf32>)
// AVX2: tensor.collapse_shape {{.*}} into tensor<49x576xf32>
// AVX2: tensor.collapse_shape {{.*}} : tensor<3x3x64x32xf32> into tensor<576x32xf32>
// AVX2: vector.outerproduct
func.func @small_image(%x: tensor<1x9x9x64xf32>, %w: tensor<3x3x64x32xf32>) -> tensor<1x7x7x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x9x9x64xf32>, tensor<3x3x64x32xf32>) outs(%init : tensor<1x7x7x32xf32>) -> tensor<1x7x7x32xf32>
  return %y : tensor<1x7x7x32xf32>
}
