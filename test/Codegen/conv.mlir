// The tiles below are AVX2's (256-bit vectors, 16 registers), whatever the host.
// RUN: dlc-opt %s -split-input-file --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s

// A convolution and its epilogue (bias + relu reading it in place) become
// one scf.forall over output tiles: the convolution, its zero fill and the
// epilogue computed per tile, in vectors; the accumulators (6 pixels x 16
// channels) are carried in registers through the window loops. The row of
// 8 pixels ends in a tile of 2 (the peeled rest), vectorized the same.
// CHECK-LABEL: func.func @fused
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK: scf.forall
// CHECK: scf.for {{.*}} -> (vector<1x6x16xf32>)
// CHECK: vector.fma {{.*}} : vector<16xf32>
// CHECK: arith.maximumf {{.*}} : vector<6x16xf32>
// CHECK: scf.for {{.*}} -> (vector<1x2x16xf32>)
// CHECK: vector.fma {{.*}} : vector<16xf32>
// CHECK: arith.maximumf {{.*}} : vector<2x16xf32>
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @fused(%x: tensor<1x10x10x8xf32>, %w: tensor<3x3x8x16xf32>, %b: tensor<16xf32>) -> tensor<1x8x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y, %b : tensor<1x8x8x16xf32>, tensor<16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}

// -----

// The batch dim of size 1 read as 0, the way elementwise lowering reads a
// dim that could broadcast, is still in place: fused the same.
// CHECK-LABEL: func.func @fused_unit_batch
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK: scf.forall
// CHECK: arith.maximumf {{.*}} : vector<6x16xf32>
// CHECK: tensor.parallel_insert_slice
func.func @fused_unit_batch(%x: tensor<1x10x10x8xf32>, %w: tensor<3x3x8x16xf32>) -> tensor<1x8x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (0, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y : tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x8x16xf32>
  return %r : tensor<1x8x8x16xf32>
}

// -----

// Alone (its result is returned) and strided; depthwise too.
// CHECK-LABEL: func.func @alone
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: scf.forall
// CHECK: scf.forall
func.func @alone(%x: tensor<1x9x9x8xf32>, %w: tensor<3x3x8x8xf32>, %dw: tensor<3x3x8xf32>) -> (tensor<1x4x4x8xf32>, tensor<1x7x7x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : tensor<1x9x9x8xf32>, tensor<3x3x8x8xf32>) outs(%init : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %e2 = tensor.empty() : tensor<1x7x7x8xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %dw : tensor<1x9x9x8xf32>, tensor<3x3x8xf32>) outs(%init2 : tensor<1x7x7x8xf32>) -> tensor<1x7x7x8xf32>
  return %y, %d : tensor<1x4x4x8xf32>, tensor<1x7x7x8xf32>
}

// -----

// Max and sum pooling take the depthwise schedule (the window is an empty
// tensor in the weights' place): output tiles in registers over the whole
// window, the max as vector arith.maximumf (NaN-propagating, as the loop).
// CHECK-LABEL: func.func @pooling
// CHECK-NOT: linalg.pooling_nhwc
// CHECK: scf.forall
// CHECK: arith.maximumf {{.*}} : vector<
// CHECK: scf.forall
// CHECK: arith.addf {{.*}} : vector<
func.func @pooling(%x: tensor<1x9x9x8xf32>) -> (tensor<1x4x4x8xf32>, tensor<1x8x8x8xf32>) {
  %lowest = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %window = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %init = linalg.fill ins(%lowest : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %m = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %window : tensor<1x9x9x8xf32>, tensor<3x3xf32>) outs(%init : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %window2 = tensor.empty() : tensor<2x2xf32>
  %e2 = tensor.empty() : tensor<1x8x8x8xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %s = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %window2 : tensor<1x9x9x8xf32>, tensor<2x2xf32>) outs(%init2 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %m, %s : tensor<1x4x4x8xf32>, tensor<1x8x8x8xf32>
}

// -----

// Channels that no vector width divides are left to the loop lowering.
// CHECK-LABEL: func.func @odd_channels
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: vector.
func.func @odd_channels(%x: tensor<1x5x5x3xf32>, %w: tensor<3x3x3x3xf32>) -> tensor<1x3x3x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x5x5x3xf32>, tensor<3x3x3x3xf32>) outs(%init : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  return %y : tensor<1x3x3x3xf32>
}

// -----

// Few pixels and many channels (7x7, 64 channels): im2col, then the matmul
// schedule (outer products) on the KH*KW*C x F weight matrix.
// CHECK-LABEL: func.func @im2col
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x7x7x3x3x64xf32>)
// CHECK: tensor.collapse_shape {{.*}} into tensor<49x576xf32>
// CHECK: tensor.collapse_shape {{.*}} : tensor<3x3x64x16xf32> into tensor<576x16xf32>
// CHECK: vector.outerproduct
// CHECK: tensor.expand_shape {{.*}} into tensor<1x7x7x16xf32>
func.func @im2col(%x: tensor<1x9x9x64xf32>, %w: tensor<3x3x64x16xf32>) -> tensor<1x7x7x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x9x9x64xf32>, tensor<3x3x64x16xf32>) outs(%init : tensor<1x7x7x16xf32>) -> tensor<1x7x7x16xf32>
  return %y : tensor<1x7x7x16xf32>
}
