// RUN: dlc-opt %s -split-input-file --dlc-convert-layout=layout=nchw | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-convert-layout=layout=nhwc | FileCheck %s --check-prefix=NHWC
// RUN: not dlc-opt %s -split-input-file --dlc-convert-layout=layout=nchwc 2>&1 | FileCheck %s --check-prefix=INVALID

// layout=nchw leaves convolutions in the layout they come in, no transposes
// around them; layout=nhwc (the default, test/Transforms/convert-layout.mlir)
// converts them.
// CHECK-LABEL: func.func @conv
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x9x9xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>, %[[I:.*]]: tensor<1x8x4x4xf32>, %[[D:.*]]: tensor<1x4x6x6xf32>, %[[DW:.*]]: tensor<4x3x3xf32>, %[[DI:.*]]: tensor<1x4x4x4xf32>)
// CHECK-NOT: linalg.generic
// CHECK: %[[Y:.*]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%[[X]], %[[W]] : tensor<1x3x9x9xf32>, tensor<8x3x3x3xf32>) outs(%[[I]] : tensor<1x8x4x4xf32>)
// CHECK: %[[Z:.*]] = linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%[[D]], %[[DW]] : tensor<1x4x6x6xf32>, tensor<4x3x3xf32>) outs(%[[DI]] : tensor<1x4x4x4xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return %[[Y]], %[[Z]]
// NHWC-LABEL: func.func @conv
// NHWC: linalg.conv_2d_nhwc_hwcf
// NHWC: linalg.depthwise_conv_2d_nhwc_hwc
func.func @conv(%x: tensor<1x3x9x9xf32>, %w: tensor<8x3x3x3xf32>, %init: tensor<1x8x4x4xf32>, %d: tensor<1x4x6x6xf32>, %dw: tensor<4x3x3xf32>, %dinit: tensor<1x4x4x4xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x4x4x4xf32>) {
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : tensor<1x3x9x9xf32>, tensor<8x3x3x3xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %z = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%d, %dw : tensor<1x4x6x6xf32>, tensor<4x3x3xf32>) outs(%dinit : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %y, %z : tensor<1x8x4x4xf32>, tensor<1x4x4x4xf32>
}

// -----

// Pooling stays NCHW too: the generic keeps its loops and maps.
// CHECK-LABEL: func.func @max_pool
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x10x10xf32>
// CHECK: %[[Y:.*]] = linalg.generic {{.*}} ins(%[[X]], %{{.*}} : tensor<1x4x10x10xf32>, tensor<3x3xf32>) outs(%{{.*}} : tensor<1x4x4x4xf32>)
// CHECK: return %[[Y]]
// NHWC-LABEL: func.func @max_pool
// NHWC: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x10x10x4xf32>)
func.func @max_pool(%x: tensor<1x4x10x10xf32>, %init: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %window = tensor.empty() : tensor<3x3xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %window : tensor<1x4x10x10xf32>, tensor<3x3xf32>) outs(%init : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %w: f32, %out: f32):
    %m = arith.maximumf %out, %in : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// Matmul operands are no activation layout: a matmul reading B transposed
// becomes a plain one with B repacked in either layout.
// CHECK-LABEL: func.func @matmul_transposed_b
// CHECK: %[[B:.*]] = arith.constant dense_resource<{{.*}}> : tensor<3x2xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %[[B]] : tensor<4x3xf32>, tensor<3x2xf32>)
// NHWC-LABEL: func.func @matmul_transposed_b
// NHWC: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x3xf32>, tensor<3x2xf32>)
func.func @matmul_transposed_b(%a: tensor<4x3xf32>, %init: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %b = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%a, %b : tensor<4x3xf32>, tensor<2x3xf32>) outs(%init : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// INVALID: error: dlc-convert-layout: invalid layout=nchwc: expected nhwc or nchw

// -----

// layout=nchw leaves a channel concat of convolutions' results NCHW too;
// layout=nhwc concatenates NHWC tensors along their last dim.
// CHECK-LABEL: func.func @concat_channels
// CHECK: %[[A:.*]] = linalg.conv_2d_nchw_fchw
// CHECK: tensor.concat dim(1) %[[A]], %[[A]] : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
// NHWC-LABEL: func.func @concat_channels
// NHWC: tensor.concat dim(3) {{.*}} -> tensor<1x4x4x16xf32>
func.func @concat_channels(%x: tensor<1x8x4x4xf32>, %w: tensor<8x8x1x1xf32>, %init: tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32> {
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %c = tensor.concat dim(1) %a, %a : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
  return %c : tensor<1x16x4x4xf32>
}
