// The tiles below are AVX2's (256-bit vectors, 16 registers), whatever the host.
// RUN: dlc-opt %s -split-input-file --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s

// A convolution with a dynamic batch (a model compiled once for any batch)
// gets the static schedule per image: the scf.forall over rows tiles the
// batch by 1, so each tile is static (1 x 1 x 6 pixels x 16 channels) and
// vectorized as the static convolution is, epilogue and fill included,
// the row's last 2 pixels peeled as when static.
// CHECK-LABEL: func.func @fused_dynamic_batch
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK: %[[N:.*]] = tensor.dim %{{.*}}, %{{.*}} : tensor<?x8x8x16xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (%[[N]], 8)
// CHECK: scf.for {{.*}} -> (vector<1x6x16xf32>)
// CHECK: vector.fma {{.*}} : vector<16xf32>
// CHECK: arith.maximumf {{.*}} : vector<6x16xf32>
// CHECK: scf.for {{.*}} -> (vector<1x2x16xf32>)
// CHECK: arith.maximumf {{.*}} : vector<2x16xf32>
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @fused_dynamic_batch(%x: tensor<?x10x10x8xf32>, %w: tensor<3x3x8x16xf32>, %b: tensor<16xf32>) -> tensor<?x8x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x10x10x8xf32>
  %e = tensor.empty(%n) : tensor<?x8x8x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8x8x16xf32>) -> tensor<?x8x8x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<?x10x10x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<?x8x8x16xf32>) -> tensor<?x8x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y, %b : tensor<?x8x8x16xf32>, tensor<16xf32>) outs(%e : tensor<?x8x8x16xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x8x8x16xf32>
  return %r : tensor<?x8x8x16xf32>
}

// -----

// Many channels on a small image would take im2col when static; with a
// dynamic batch the product's batch would be dynamic, so the direct
// schedule runs per image instead.
// CHECK-LABEL: func.func @no_im2col
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK-NOT: linalg.batch_matmul
// CHECK: scf.forall
// CHECK: vector.fma {{.*}} : vector<16xf32>
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @no_im2col(%x: tensor<?x9x9x64xf32>, %w: tensor<3x3x64x16xf32>) -> tensor<?x7x7x16xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x9x9x64xf32>
  %e = tensor.empty(%n) : tensor<?x7x7x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x7x7x16xf32>) -> tensor<?x7x7x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<?x9x9x64xf32>, tensor<3x3x64x16xf32>) outs(%init : tensor<?x7x7x16xf32>) -> tensor<?x7x7x16xf32>
  return %y : tensor<?x7x7x16xf32>
}

// -----

// A dynamic dim other than the batch: left to the loop lowering.
// CHECK-LABEL: func.func @dynamic_width
// CHECK: linalg.conv_2d_nhwc_hwcf
func.func @dynamic_width(%x: tensor<1x10x?x8xf32>, %w: tensor<3x3x8x16xf32>, %init: tensor<1x8x?x16xf32>) -> tensor<1x8x?x16xf32> {
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x10x?x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<1x8x?x16xf32>) -> tensor<1x8x?x16xf32>
  return %y : tensor<1x8x?x16xf32>
}

// -----

// A depthwise convolution with a dynamic batch and its epilogue (batch
// norm's scale and shift, ReLU6: MobileNetV2 exported with a dynamic batch)
// is vectorized per image too; it failed with "Attempted to vectorize"
// while the tiles' sizes were read from the result outside the loop.
// CHECK-LABEL: func.func @depthwise_fused_dynamic_batch
// CHECK-NOT: linalg.depthwise_conv_2d_nhwc_hwc
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}) in (%{{.*}}, 8, 2)
// CHECK: vector.fma {{.*}} : vector<4x8xf32>
// CHECK: arith.minimumf {{.*}} : vector<4x8xf32>
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.depthwise_conv_2d_nhwc_hwc
func.func @depthwise_fused_dynamic_batch(%x: tensor<?x10x10x8xf32>, %w: tensor<3x3x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<?x8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x10x10x8xf32>
  %e = tensor.empty(%n) : tensor<?x8x8x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8x8x8xf32>) -> tensor<?x8x8x8xf32>
  %y = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<?x10x10x8xf32>, tensor<3x3x8xf32>) outs(%init : tensor<?x8x8x8xf32>) -> tensor<?x8x8x8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y, %s, %b : tensor<?x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<?x8x8x8xf32>) {
  ^bb0(%in: f32, %scale: f32, %shift: f32, %out: f32):
    %m = arith.mulf %in, %scale : f32
    %a = arith.addf %m, %shift : f32
    %lo = arith.maximumf %a, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> tensor<?x8x8x8xf32>
  return %r : tensor<?x8x8x8xf32>
}
