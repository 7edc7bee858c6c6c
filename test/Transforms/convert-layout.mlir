// RUN: dlc-opt %s -split-input-file --dlc-convert-layout | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-convert-layout --dlc-fuse-elementwise --canonicalize | FileCheck %s --check-prefix=FUSED

// An NCHW convolution becomes NHWC between transposes; the fill is rebuilt
// in the new shape, strides and dilations are kept.
// CHECK-LABEL: func.func @conv
// CHECK-SAME: (%[[X:.*]]: tensor<1x3x9x9xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>)
// CHECK: %[[XT:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<1x3x9x9xf32>) outs(%{{.*}} : tensor<1x9x9x3xf32>)
// CHECK: %[[WT:.*]] = linalg.generic {{.*}} ins(%[[W]] : tensor<8x3x3x3xf32>) outs(%{{.*}} : tensor<3x3x3x8xf32>)
// CHECK: %[[INIT:.*]] = linalg.fill {{.*}} -> tensor<1x4x4x8xf32>
// CHECK: %[[Y:.*]] = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[XT]], %[[WT]] : tensor<1x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%[[INIT]] : tensor<1x4x4x8xf32>)
// CHECK: %[[BACK:.*]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<1x4x4x8xf32>) outs(%{{.*}} : tensor<1x8x4x4xf32>)
// CHECK: return %[[BACK]]
func.func @conv(%x: tensor<1x3x9x9xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<1x8x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : tensor<1x3x9x9xf32>, tensor<8x3x3x3xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %y : tensor<1x8x4x4xf32>
}

// -----

// Constant weights are repacked when compiling: a new blob, no transpose.
// w[f][c][kh][kw] = f (4 filters, 1 channel, 1x2 windows) as HWCF is
// [[[[0, 1, 2, 3]], [[0, 1, 2, 3]]]].
// CHECK-LABEL: func.func @constant_weights
// CHECK: %[[W:.*]] = arith.constant dense_resource<[[BLOB:.*]]> : tensor<1x2x1x4xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %[[W]] :
// CHECK: [[BLOB]]: "0x{{([0-9A-F]{8})}}000000000000803F0000004000004040000000000000803F0000004000004040"
func.func @constant_weights(%x: tensor<1x1x4x4xf32>) -> tensor<1x4x4x3xf32> {
  %w = arith.constant dense<[[[[0.0, 0.0]]], [[[1.0, 1.0]]], [[[2.0, 2.0]]], [[[3.0, 3.0]]]]> : tensor<4x1x1x2xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x1x4x4xf32>, tensor<4x1x1x2xf32>) outs(%init : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  return %y : tensor<1x4x4x3xf32>
}

// -----

// Filter counts that fill no 128-bit vector (2 here) are padded with zero
// filters to a multiple of 8 when compiling; a slice drops them again.
// The two filters of 1.0 and 2.0 as HWCF [1, 2, 0, 0, 0, 0, 0, 0].
// CHECK-LABEL: func.func @padded_filters
// CHECK: %[[W:.*]] = arith.constant dense_resource<[[BLOB:.*]]> : tensor<1x1x1x8xf32>
// CHECK: %[[INIT:.*]] = linalg.fill {{.*}} -> tensor<1x4x4x8xf32>
// CHECK: %[[Y:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %[[W]] : tensor<1x4x4x1xf32>, tensor<1x1x1x8xf32>) outs(%[[INIT]] : tensor<1x4x4x8xf32>)
// CHECK: tensor.extract_slice %[[Y]][0, 0, 0, 0] [1, 4, 4, 2] [1, 1, 1, 1] : tensor<1x4x4x8xf32> to tensor<1x4x4x2xf32>
// CHECK: [[BLOB]]: "0x{{([0-9A-F]{8})}}0000803F00000040000000000000000000000000000000000000000000000000"
func.func @padded_filters(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> {
  %w = arith.constant dense<[[[[1.0]]], [[[2.0]]]]> : tensor<2x1x1x1xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

// Filter counts within an eighth of a multiple of 16 (a 512-bit vector)
// are padded to it (ShuffleNetV2's 116 -> 128); further from one (24: 32
// would add a third), and filling 128-bit vectors, they stay.
// CHECK-LABEL: func.func @widened_filters
// CHECK: %[[Y:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x4x4x128xf32>
// CHECK: tensor.extract_slice %[[Y]][0, 0, 0, 0] [1, 4, 4, 116] [1, 1, 1, 1] : tensor<1x4x4x128xf32> to tensor<1x4x4x116xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x4x4x24xf32>
// CHECK-NOT: tensor.extract_slice
func.func @widened_filters(%x: tensor<1x1x4x4xf32>) -> (tensor<1x116x4x4xf32>, tensor<1x24x4x4xf32>) {
  %w = arith.constant dense<[[[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]]]> : tensor<116x1x1x1xf32>
  %v = arith.constant dense<[[[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]]]> : tensor<24x1x1x1xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x116x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x116x4x4xf32>) -> tensor<1x116x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x1x4x4xf32>, tensor<116x1x1x1xf32>) outs(%init : tensor<1x116x4x4xf32>) -> tensor<1x116x4x4xf32>
  %e2 = tensor.empty() : tensor<1x24x4x4xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x24x4x4xf32>) -> tensor<1x24x4x4xf32>
  %z = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %v : tensor<1x1x4x4xf32>, tensor<24x1x1x1xf32>) outs(%init2 : tensor<1x24x4x4xf32>) -> tensor<1x24x4x4xf32>
  return %y, %z : tensor<1x116x4x4xf32>, tensor<1x24x4x4xf32>
}

// -----

// Filter counts padded anyway go to a multiple of 32 (two 512-bit vectors)
// when that too adds at most an eighth: 200 -> 224, not 208 (SqueezeNet's
// 1000-channel classifier: 1024). A multiple of 16 (144) stays.
// CHECK-LABEL: func.func @widened_filters_two_vectors
// CHECK: %[[Y:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x4x4x224xf32>
// CHECK: tensor.extract_slice %[[Y]][0, 0, 0, 0] [1, 4, 4, 200] [1, 1, 1, 1] : tensor<1x4x4x224xf32> to tensor<1x4x4x200xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} -> tensor<1x4x4x144xf32>
// CHECK-NOT: tensor.extract_slice
func.func @widened_filters_two_vectors(%x: tensor<1x1x4x4xf32>) -> (tensor<1x200x4x4xf32>, tensor<1x144x4x4xf32>) {
  %w = arith.constant dense<[[[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[5.0]]], [[[6.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]]]> : tensor<200x1x1x1xf32>
  %v = arith.constant dense<[[[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]], [[[0.0]]], [[[1.0]]], [[[2.0]]], [[[3.0]]]]> : tensor<144x1x1x1xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x200x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x200x4x4xf32>) -> tensor<1x200x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x1x4x4xf32>, tensor<200x1x1x1xf32>) outs(%init : tensor<1x200x4x4xf32>) -> tensor<1x200x4x4xf32>
  %e2 = tensor.empty() : tensor<1x144x4x4xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x144x4x4xf32>) -> tensor<1x144x4x4xf32>
  %z = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %v : tensor<1x1x4x4xf32>, tensor<144x1x1x1xf32>) outs(%init2 : tensor<1x144x4x4xf32>) -> tensor<1x144x4x4xf32>
  return %y, %z : tensor<1x200x4x4xf32>, tensor<1x144x4x4xf32>
}

// -----

// A matrix-vector product with constant weights: N = 10 becomes 16 (one
// 512-bit vector); with 4 rows or more the schedule packs B anyway.
// CHECK-LABEL: func.func @matvec_padded
// CHECK: %[[MV:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<1x3xf32>, tensor<3x16xf32>) outs(%{{.*}} : tensor<1x16xf32>)
// CHECK: tensor.extract_slice %[[MV]][0, 0] [1, 10] [1, 1]
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x3xf32>, tensor<3x10xf32>) outs(%{{.*}} : tensor<4x10xf32>)
func.func @matvec_padded(%a: tensor<1x3xf32>, %a4: tensor<4x3xf32>) -> (tensor<1x10xf32>, tensor<4x10xf32>) {
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0],
                             [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0],
                             [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0]]> : tensor<3x10xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x10xf32>) -> tensor<1x10xf32>
  %y = linalg.matmul ins(%a, %b : tensor<1x3xf32>, tensor<3x10xf32>) outs(%init : tensor<1x10xf32>) -> tensor<1x10xf32>
  %e4 = tensor.empty() : tensor<4x10xf32>
  %init4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<4x10xf32>) -> tensor<4x10xf32>
  %y4 = linalg.matmul ins(%a4, %b : tensor<4x3xf32>, tensor<3x10xf32>) outs(%init4 : tensor<4x10xf32>) -> tensor<4x10xf32>
  return %y, %y4 : tensor<1x10xf32>, tensor<4x10xf32>
}

// -----

// Depthwise: CHW weights become HWC.
// CHECK-LABEL: func.func @depthwise
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3x3x4xf32>)
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x6x6x4xf32>, tensor<3x3x4xf32>)
func.func @depthwise(%x: tensor<1x4x6x6xf32>, %w: tensor<4x3x3xf32>, %init: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x4x6x6xf32>, tensor<4x3x3xf32>) outs(%init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// Depthwise channels that fill no 256-bit vector (6 here; ShuffleNetV2's
// 58 and 116) are padded as filters are (6 -> 8): the weights with zero
// channels when compiling, the input with zero channels in the pad of the
// window (one pad: the spatial pad, moved above the transpose, grown by
// the channels), and a slice drops the extra outputs. Each channel's
// weights are 1..9 times its number; channels 6 and 7 are zeros.
// CHECK-LABEL: func.func @depthwise_narrow
// CHECK: %[[X:.*]] = tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 2]
// CHECK: } : tensor<1x4x4x6xf32> to tensor<1x6x6x8xf32>
// CHECK-NOT: tensor.pad
// CHECK: %[[W:.*]] = arith.constant dense_resource<[[BLOB:.*]]> : tensor<3x3x8xf32>
// CHECK: %[[INIT:.*]] = linalg.fill {{.*}} -> tensor<1x4x4x8xf32>
// CHECK: %[[Y:.*]] = linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%[[X]], %[[W]] : tensor<1x6x6x8xf32>, tensor<3x3x8xf32>) outs(%[[INIT]] : tensor<1x4x4x8xf32>)
// CHECK: tensor.extract_slice %[[Y]][0, 0, 0, 0] [1, 4, 4, 6] [1, 1, 1, 1] : tensor<1x4x4x8xf32> to tensor<1x4x4x6xf32>
// The first window position: channels 0..5 weigh 0, 1, .., 5, then two zeros.
// CHECK: [[BLOB]]: "0x{{([0-9A-F]{8})}}000000000000803F0000004000004040000080400000A04000000000000000000000
func.func @depthwise_narrow(%x: tensor<1x6x4x4xf32>) -> tensor<1x6x4x4xf32> {
  %w = arith.constant dense<[[[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]],
                             [[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]],
                             [[[2.0, 4.0, 6.0], [8.0, 10.0, 12.0], [14.0, 16.0, 18.0]]],
                             [[[3.0, 6.0, 9.0], [12.0, 15.0, 18.0], [21.0, 24.0, 27.0]]],
                             [[[4.0, 8.0, 12.0], [16.0, 20.0, 24.0], [28.0, 32.0, 36.0]]],
                             [[[5.0, 10.0, 15.0], [20.0, 25.0, 30.0], [35.0, 40.0, 45.0]]]]> : tensor<6x1x3x3xf32>
  %wc = tensor.collapse_shape %w [[0, 1], [2], [3]] : tensor<6x1x3x3xf32> into tensor<6x3x3xf32>
  %zero = arith.constant 0.0 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<1x6x4x4xf32> to tensor<1x6x6x6xf32>
  %e = tensor.empty() : tensor<1x6x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x4x4xf32>) -> tensor<1x6x4x4xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%padded, %wc : tensor<1x6x6x6xf32>, tensor<6x3x3xf32>) outs(%init : tensor<1x6x4x4xf32>) -> tensor<1x6x4x4xf32>
  return %y : tensor<1x6x4x4xf32>
}

// -----

// A grouped convolution (NCHW views split by group) becomes
// linalg.conv_2d_nhwgc_gfhwc on the NHWC input split the same way, its
// weights transposed to G x F/G x KH x KW x C/G (repacked when constant),
// its result collapsed to NHWC and transposed back.
// CHECK-LABEL: func.func @grouped
// CHECK: %[[IN:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x8x8x6xf32>)
// CHECK: %[[SPLIT:.*]] = tensor.expand_shape %[[IN]] {{\[}}[0], [1], [2], [3, 4]] output_shape [1, 8, 8, 3, 2] : tensor<1x8x8x6xf32> into tensor<1x8x8x3x2xf32>
// CHECK: %[[W:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<3x4x3x3x2xf32>)
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x6x6x3x4xf32>)
// CHECK: %[[G:.*]] = linalg.conv_2d_nhwgc_gfhwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%[[SPLIT]], %[[W]] : tensor<1x8x8x3x2xf32>, tensor<3x4x3x3x2xf32>) outs(%[[FILL]] : tensor<1x6x6x3x4xf32>)
// CHECK: %[[MERGED:.*]] = tensor.collapse_shape %[[G]] {{\[}}[0], [1], [2], [3, 4]] : tensor<1x6x6x3x4xf32> into tensor<1x6x6x12xf32>
// CHECK: %[[OUT:.*]] = linalg.generic {{.*}} ins(%[[MERGED]] : tensor<1x6x6x12xf32>) outs(%{{.*}} : tensor<1x12x6x6xf32>)
// CHECK: return %[[OUT]]
func.func @grouped(%x: tensor<1x6x8x8xf32>, %w: tensor<12x2x3x3xf32>) -> tensor<1x12x6x6xf32> {
  %zero = arith.constant 0.0 : f32
  %xs = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [1, 3, 2, 8, 8] : tensor<1x6x8x8xf32> into tensor<1x3x2x8x8xf32>
  %ws = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [3, 4, 2, 3, 3] : tensor<12x2x3x3xf32> into tensor<3x4x2x3x3xf32>
  %e = tensor.empty() : tensor<1x12x6x6xf32>
  %es = tensor.expand_shape %e [[0], [1, 2], [3], [4]] output_shape [1, 3, 4, 6, 6] : tensor<1x12x6x6xf32> into tensor<1x3x4x6x6xf32>
  %init = linalg.fill ins(%zero : f32) outs(%es : tensor<1x3x4x6x6xf32>) -> tensor<1x3x4x6x6xf32>
  %y = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%xs, %ws : tensor<1x3x2x8x8xf32>, tensor<3x4x2x3x3xf32>) outs(%init : tensor<1x3x4x6x6xf32>) -> tensor<1x3x4x6x6xf32>
  %r = tensor.collapse_shape %y [[0], [1, 2], [3], [4]] : tensor<1x3x4x6x6xf32> into tensor<1x12x6x6xf32>
  return %r : tensor<1x12x6x6xf32>
}

// -----

// A grouped convolution whose groups' columns take more than 64 KB (8 x 3 x
// 3 x 32 x 32 floats) stays NCHW.
// CHECK-LABEL: func.func @grouped_large
// CHECK: linalg.conv_2d_ngchw_gfchw
// CHECK-NOT: linalg.conv_2d_nhwgc_gfhwc
func.func @grouped_large(%xs: tensor<1x2x8x34x34xf32>, %ws: tensor<2x8x8x3x3xf32>) -> tensor<1x16x32x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x32x32xf32>
  %es = tensor.expand_shape %e [[0], [1, 2], [3], [4]] output_shape [1, 2, 8, 32, 32] : tensor<1x16x32x32xf32> into tensor<1x2x8x32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%es : tensor<1x2x8x32x32xf32>) -> tensor<1x2x8x32x32xf32>
  %y = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%xs, %ws : tensor<1x2x8x34x34xf32>, tensor<2x8x8x3x3xf32>) outs(%init : tensor<1x2x8x32x32xf32>) -> tensor<1x2x8x32x32xf32>
  %r = tensor.collapse_shape %y [[0], [1, 2], [3], [4]] : tensor<1x2x8x32x32xf32> into tensor<1x16x32x32xf32>
  return %r : tensor<1x16x32x32xf32>
}

// -----

// Constant depthwise weights read collapsed (F x 1 x KH x KW to F x KH x
// KW, as the lowering reads them) are repacked when compiling, through the
// reshape, rather than transposed on every run.
// CHECK-LABEL: func.func @depthwise_constant
// CHECK: %[[W:.*]] = arith.constant dense_resource<dlc_repacked> : tensor<3x3x4xf32>
// CHECK-NOT: outs(%{{.*}} : tensor<3x3x4xf32>)
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%{{.*}}, %[[W]] : tensor<1x6x6x4xf32>, tensor<3x3x4xf32>)
func.func @depthwise_constant(%x: tensor<1x4x6x6xf32>, %init: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %w = arith.constant dense<[[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0], [6.0, 7.0, 8.0]]], [[[9.0, 10.0, 11.0], [12.0, 13.0, 14.0], [15.0, 16.0, 17.0]]], [[[18.0, 19.0, 20.0], [21.0, 22.0, 23.0], [24.0, 25.0, 26.0]]], [[[27.0, 28.0, 29.0], [30.0, 31.0, 32.0], [33.0, 34.0, 35.0]]]]> : tensor<4x1x3x3xf32>
  %wc = tensor.collapse_shape %w [[0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %wc : tensor<1x4x6x6xf32>, tensor<4x3x3xf32>) outs(%init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// A transpose after a pad moves above it, the padding permuted with it.
// CHECK-LABEL: func.func @pad_then_conv
// CHECK: %[[T:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x4x4x2xf32>)
// CHECK: tensor.pad %[[T]] low[0, 1, 2, 0] high[0, 1, 2, 0]
// CHECK: } : tensor<1x4x4x2xf32> to tensor<1x6x8x2xf32>
// CHECK: linalg.conv_2d_nhwc_hwcf
func.func @pad_then_conv(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>, %init: tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 2] high[0, 0, 1, 2] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x2x4x4xf32> to tensor<1x2x6x8xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<1x2x6x8xf32>, tensor<2x2x1x1xf32>) outs(%init : tensor<1x2x6x8xf32>) -> tensor<1x2x6x8xf32>
  return %y : tensor<1x2x6x8xf32>
}

// -----

// Between two convolutions, elementwise fusion composes the transpose back
// to NCHW, the relu, and the transpose to NHWC: one NHWC loop nest is left.
// FUSED-LABEL: func.func @two_layers
// FUSED: linalg.conv_2d_nhwc_hwcf
// FUSED: %[[RELU:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<1x4x4x2xf32>) outs(%{{.*}} : tensor<1x4x4x2xf32>)
// FUSED: arith.maximumf
// FUSED: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[RELU]],
func.func @two_layers(%x: tensor<1x2x4x4xf32>, %w: tensor<2x2x1x1xf32>) -> tensor<1x2x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%a : tensor<1x2x4x4xf32>) outs(%e : tensor<1x2x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x2x4x4xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%r, %w : tensor<1x2x4x4xf32>, tensor<2x2x1x1xf32>) outs(%init : tensor<1x2x4x4xf32>) -> tensor<1x2x4x4xf32>
  return %b : tensor<1x2x4x4xf32>
}

// -----

// A matmul reading B transposed (Gemm's transB) becomes a plain one after
// B is transposed; constant B is repacked.
// CHECK-LABEL: func.func @matmul_transposed_b
// CHECK: %[[B:.*]] = arith.constant dense_resource<{{.*}}> : tensor<3x2xf32>
// CHECK: linalg.matmul ins(%{{.*}}, %[[B]] : tensor<4x3xf32>, tensor<3x2xf32>)
// CHECK-NOT: indexing_maps
func.func @matmul_transposed_b(%a: tensor<4x3xf32>, %init: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %b = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %y = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
    ins(%a, %b : tensor<4x3xf32>, tensor<2x3xf32>) outs(%init : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----

// Left alone: other element types and dynamic dims other than the batch.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: nhwc
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} tensor<1x1x3x3xf64>
// CHECK: linalg.conv_2d_nchw_fchw {{.*}} tensor<1x1x?x3xf32>
func.func @left_alone(%x: tensor<1x1x3x3xf64>, %i: tensor<1x1x1x1xf64>, %y: tensor<1x1x?x3xf32>, %w: tensor<1x1x3x3xf32>, %j: tensor<1x1x?x1xf32>) -> (tensor<1x1x1x1xf64>, tensor<1x1x?x1xf32>) {
  %a = linalg.conv_2d_nchw_fchw ins(%x, %x : tensor<1x1x3x3xf64>, tensor<1x1x3x3xf64>) outs(%i : tensor<1x1x1x1xf64>) -> tensor<1x1x1x1xf64>
  %b = linalg.conv_2d_nchw_fchw ins(%y, %w : tensor<1x1x?x3xf32>, tensor<1x1x3x3xf32>) outs(%j : tensor<1x1x?x1xf32>) -> tensor<1x1x?x1xf32>
  return %a, %b : tensor<1x1x1x1xf64>, tensor<1x1x?x1xf32>
}

// -----

// A dynamic batch (a model compiled once for any batch) converts: the
// layouts keep the batch in place, so the transposes and the new fill are
// sized from the batch at run time.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-SAME: (%[[X:.*]]: tensor<?x3x9x9xf32>, %[[W:.*]]: tensor<8x3x3x3xf32>)
// CHECK: linalg.fill {{.*}} -> tensor<?x8x4x4xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x3x9x9xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x9x9x3xf32>
// CHECK: %[[XT:.*]] = linalg.generic {{.*}} ins(%[[X]] : tensor<?x3x9x9xf32>) outs(%[[E]] : tensor<?x9x9x3xf32>)
// CHECK: %[[INIT:.*]] = linalg.fill {{.*}} -> tensor<?x4x4x8xf32>
// CHECK: %[[Y:.*]] = linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[XT]], %{{.*}} : tensor<?x9x9x3xf32>, tensor<3x3x3x8xf32>) outs(%[[INIT]] : tensor<?x4x4x8xf32>)
// CHECK: %[[BACK:.*]] = linalg.generic {{.*}} ins(%[[Y]] : tensor<?x4x4x8xf32>) outs(%{{.*}} : tensor<?x8x4x4xf32>)
// CHECK: return %[[BACK]]
func.func @dynamic_batch(%x: tensor<?x3x9x9xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<?x8x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x3x9x9xf32>
  %e = tensor.empty(%n) : tensor<?x8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8x4x4xf32>) -> tensor<?x8x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : tensor<?x3x9x9xf32>, tensor<8x3x3x3xf32>) outs(%init : tensor<?x8x4x4xf32>) -> tensor<?x8x4x4xf32>
  return %y : tensor<?x8x4x4xf32>
}

// -----

// 2-D max pooling becomes linalg.pooling_nhwc_max between transposes
// (strides and dilations read from the input's map), which dlc-codegen
// schedules like a depthwise convolution. The transpose moves above the pad.
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<1x4x8x8xf32>) outs(%{{.*}} : tensor<1x8x8x4xf32>)
// CHECK: %[[XT:.*]] = tensor.pad %[[T]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: %[[Y:.*]] = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%[[XT]], %{{.*}} : tensor<1x10x10x4xf32>, tensor<3x3xf32>) outs(%{{.*}} : tensor<1x4x4x4xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[Y]] : tensor<1x4x4x4xf32>) outs(%{{.*}} : tensor<1x4x4x4xf32>)
func.func @max_pool(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %cst : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %window = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %init = linalg.fill ins(%cst : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%padded, %window : tensor<1x4x10x10xf32>, tensor<3x3xf32>) outs(%init : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %w: f32, %out: f32):
    %m = arith.maximumf %out, %in : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// A sum pooling (average pooling's sums) with dilations becomes
// linalg.pooling_nhwc_sum.
// CHECK-LABEL: func.func @sum_pool_dilated
// CHECK: linalg.pooling_nhwc_sum {dilations = dense<[2, 3]> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%{{.*}}, %{{.*}} : tensor<1x9x9x4xf32>, tensor<2x2xf32>) outs(%{{.*}} : tensor<1x7x3x4xf32>)
func.func @sum_pool_dilated(%x: tensor<1x4x9x9xf32>) -> tensor<1x4x7x3xf32> {
  %zero = arith.constant 0.0 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x4x7x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x7x3xf32>) -> tensor<1x4x7x3xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 + d4 * 2, d3 * 2 + d5 * 3)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %window : tensor<1x4x9x9xf32>, tensor<2x2xf32>) outs(%init : tensor<1x4x7x3xf32>) {
  ^bb0(%in: f32, %w: f32, %out: f32):
    %s = arith.addf %out, %in : f32
    linalg.yield %s : f32
  } -> tensor<1x4x7x3xf32>
  return %y : tensor<1x4x7x3xf32>
}

// -----

// A pooling body that no named op computes (here a minimum) stays a
// generic, in NHWC with its loops reordered to (n, oh, ow, kh, kw, c) so
// that the innermost runs along the channels; the body and the window stay.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d3, d2 * 2 + d4, d5)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d5)>
// CHECK-LABEL: func.func @min_pool
// CHECK: %[[Y:.*]] = linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "parallel"]} ins(%{{.*}}, %{{.*}} : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%{{.*}} : tensor<1x4x4x4xf32>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: arith.minimumf %[[ACC]], %[[A]] : f32
// CHECK-NOT: pooling
func.func @min_pool(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %cst = arith.constant 0x7F800000 : f32
  %window = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %init = linalg.fill ins(%cst : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %window : tensor<1x4x8x8xf32>, tensor<2x2xf32>) outs(%init : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %w: f32, %out: f32):
    %m = arith.minimumf %out, %in : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// Max pooling that also returns the argmax reads the loop indices (the
// offset is NCHW's): it stays.
// CHECK-LABEL: func.func @max_pool_indices
// CHECK-NOT: tensor<1x4x4x2xf32>
// CHECK: linalg.index
func.func @max_pool_indices(%x: tensor<1x2x4x4xf32>, %init: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %window = tensor.empty() : tensor<2x2xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>,
                                        affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]}
      ins(%x, %window : tensor<1x2x4x4xf32>, tensor<2x2xf32>) outs(%init : tensor<1x2x2x2xf32>) {
  ^bb0(%in: f32, %w: f32, %out: f32):
    %i = linalg.index 1 : index
    %f = arith.index_cast %i : index to i32
    %g = arith.sitofp %f : i32 to f32
    %s = arith.addf %in, %g : f32
    %m = arith.maximumf %out, %s : f32
    linalg.yield %m : f32
  } -> tensor<1x2x2x2xf32>
  return %y : tensor<1x2x2x2xf32>
}

// -----

// The graph's own transposes become copying generics, so that an NHWC
// model's Transpose into an NCHW convolution cancels against the layout
// conversion: the convolution reads the argument directly.
// CHECK-LABEL: func.func @nhwc_model
// CHECK-NOT: linalg.transpose
// FUSED-LABEL: func.func @nhwc_model
// FUSED-SAME: (%[[X:[^:]*]]: tensor<1x6x6x4xf32>
// FUSED: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%[[X]], %{{.*}} : tensor<1x6x6x4xf32>, tensor<3x3x4xf32>)
func.func @nhwc_model(%x: tensor<1x6x6x4xf32>, %w: tensor<4x3x3xf32>, %init: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %t = linalg.transpose ins(%x : tensor<1x6x6x4xf32>) outs(%e : tensor<1x4x6x6xf32>) permutation = [0, 3, 1, 2]
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%t, %w : tensor<1x4x6x6xf32>, tensor<4x3x3xf32>) outs(%init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}

// -----

// With a dynamic batch that stays outermost (a transformer's heads split),
// the same: a copying generic (sized by the batch), which fusion and the
// transpose schedule (where the innermost dim moves) take like a static
// one. A `?` the permutation moves is left alone.
// CHECK-LABEL: func.func @dynamic_batch_transpose
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x32x4x16xf32>
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x4x32x16xf32>
// CHECK: linalg.generic {{.*}} ins(%[[X]] : tensor<?x32x4x16xf32>) outs(%[[E]] : tensor<?x4x32x16xf32>)
// CHECK: linalg.transpose ins(%{{.*}} : tensor<?x4xf32>)
func.func @dynamic_batch_transpose(%x: tensor<?x32x4x16xf32>, %n: index, %z: tensor<?x4xf32>) -> (tensor<?x4x32x16xf32>, tensor<4x?xf32>) {
  %e = tensor.empty(%n) : tensor<?x4x32x16xf32>
  %t = linalg.transpose ins(%x : tensor<?x32x4x16xf32>) outs(%e : tensor<?x4x32x16xf32>) permutation = [0, 2, 1, 3]
  %f = tensor.empty(%n) : tensor<4x?xf32>
  %u = linalg.transpose ins(%z : tensor<?x4xf32>) outs(%f : tensor<4x?xf32>) permutation = [1, 0]
  return %t, %u : tensor<?x4x32x16xf32>, tensor<4x?xf32>
}

// -----

// A channel concat of converted convolutions' results (one directly, one
// through a Relu) concatenates the NHWC tensors along their last dim: it
// reads the first convolution's NHWC result itself, and the next
// convolution reads the NHWC concat without a transpose; one transpose
// back to NCHW is left for the NCHW result. Once fused, the Relu runs in
// NHWC and no transpose of an activation is left but that one.
// CHECK-LABEL: func.func @concat_channels
// CHECK: %[[A:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[B:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[BT:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<1x4x4x8xf32>) outs(%{{.*}} : tensor<1x8x4x4xf32>)
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[BT]] : tensor<1x8x4x4xf32>)
// CHECK: arith.maximumf
// CHECK: %[[RT:.*]] = linalg.generic {{.*}} ins(%[[R]] : tensor<1x8x4x4xf32>) outs(%{{.*}} : tensor<1x4x4x8xf32>)
// CHECK: %[[C:.*]] = tensor.concat dim(3) %[[A]], %[[RT]] : (tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) -> tensor<1x4x4x16xf32>
// CHECK: %[[CT:.*]] = linalg.generic {{.*}} ins(%[[C]] : tensor<1x4x4x16xf32>) outs(%{{.*}} : tensor<1x16x4x4xf32>)
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[C]], %{{.*}} : tensor<1x4x4x16xf32>, tensor<1x1x16x8xf32>)
// CHECK: return %{{.*}}, %[[CT]]
// FUSED-LABEL: func.func @concat_channels
// FUSED: %[[A:.*]] = linalg.conv_2d_nhwc_hwcf
// FUSED: %[[B:.*]] = linalg.conv_2d_nhwc_hwcf
// FUSED: %[[R:.*]] = linalg.generic {{.*}} ins(%[[B]] : tensor<1x4x4x8xf32>) outs(%{{.*}} : tensor<1x4x4x8xf32>)
// FUSED: %[[C:.*]] = tensor.concat dim(3) %[[A]], %[[R]]
// FUSED: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[C]],
#id = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @concat_channels(%x: tensor<1x8x4x4xf32>, %w1: tensor<8x8x1x1xf32>, %w2: tensor<8x16x1x1xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x16x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w1 : tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%a, %w1 : tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%b : tensor<1x8x4x4xf32>) outs(%e : tensor<1x8x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x8x4x4xf32>
  %c = tensor.concat dim(1) %a, %r : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
  %z = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%c, %w2 : tensor<1x16x4x4xf32>, tensor<8x16x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %z, %c : tensor<1x8x4x4xf32>, tensor<1x16x4x4xf32>
}

// -----

// A concat of an earlier concat's result (DenseNet's growing features)
// reads that concat's NHWC result: the chain is NHWC from end to end.
// CHECK-LABEL: func.func @concat_chain
// CHECK: %[[A:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[C1:.*]] = tensor.concat dim(3) %[[A]], %[[A]] : {{.*}} -> tensor<1x4x4x16xf32>
// CHECK: %[[C2:.*]] = tensor.concat dim(3) %[[C1]], %[[A]] : {{.*}} -> tensor<1x4x4x24xf32>
// CHECK: linalg.generic {{.*}} ins(%[[C2]] : tensor<1x4x4x24xf32>) outs(%{{.*}} : tensor<1x24x4x4xf32>)
func.func @concat_chain(%x: tensor<1x8x4x4xf32>, %w: tensor<8x8x1x1xf32>) -> tensor<1x24x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %c1 = tensor.concat dim(1) %a, %a : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
  %c2 = tensor.concat dim(1) %c1, %a : (tensor<1x16x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x24x4x4xf32>
  return %c2 : tensor<1x24x4x4xf32>
}

// -----

// A concat along another dim than the channels stays NCHW: the NHWC
// tensors' last dim is the channels, so it would be another concat.
// CHECK-LABEL: func.func @concat_height
// CHECK: %[[T:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x8x4x4xf32>)
// CHECK: tensor.concat dim(2) %[[T]], %[[T]] : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x8x4xf32>
func.func @concat_height(%x: tensor<1x8x4x4xf32>, %w: tensor<8x8x1x1xf32>) -> tensor<1x8x8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %c = tensor.concat dim(2) %a, %a : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x8x8x4xf32>
  return %c : tensor<1x8x8x4xf32>
}

// -----

// An operand that comes from no NHWC value (an argument) keeps the concat
// NCHW: converting it would add that operand's transpose, and the one
// before the next convolution stays.
// CHECK-LABEL: func.func @concat_argument
// CHECK-SAME: (%[[X:[^:]*]]: tensor<1x8x4x4xf32>
// CHECK: %[[T:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x8x4x4xf32>)
// CHECK: %[[C:.*]] = tensor.concat dim(1) %[[X]], %[[T]] : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
// CHECK: linalg.generic {{.*}} ins(%[[C]] : tensor<1x16x4x4xf32>) outs(%{{.*}} : tensor<1x4x4x16xf32>)
func.func @concat_argument(%x: tensor<1x8x4x4xf32>, %w1: tensor<8x8x1x1xf32>, %w2: tensor<8x16x1x1xf32>) -> tensor<1x8x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w1 : tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %c = tensor.concat dim(1) %x, %a : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
  %z = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%c, %w2 : tensor<1x16x4x4xf32>, tensor<8x16x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %z : tensor<1x8x4x4xf32>
}

// -----

// Sums over the spatial dims of an NCHW tensor (global average pooling)
// read the NHWC tensor instead, over its dims 1 and 2: the transpose to
// NHWC cancels against the convolutions' transposes back to NCHW.
// CHECK-LABEL: func.func @spatial_sum
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<1x8x3x3xf32>) outs(%{{.*}} : tensor<1x3x3x8xf32>)
// CHECK: linalg.reduce ins(%[[T]] : tensor<1x3x3x8xf32>) outs(%{{.*}} : tensor<1x8xf32>) dimensions = [1, 2]
// CHECK-NEXT: (%[[IN:.*]]: f32, %[[ACC:.*]]: f32) {
// CHECK-NEXT: arith.addf %[[IN]], %[[ACC]] : f32
func.func @spatial_sum(%x: tensor<1x8x3x3xf32>) -> tensor<1x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8xf32>) -> tensor<1x8xf32>
  %r = linalg.reduce ins(%x : tensor<1x8x3x3xf32>) outs(%init : tensor<1x8xf32>) dimensions = [2, 3]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1x8xf32>
}

// -----

// Other reductions (here over C and W) stay as they are.
// CHECK-LABEL: func.func @other_sum
// CHECK-NOT: linalg.generic
// CHECK: linalg.reduce ins(%{{.*}} : tensor<1x8x3x3xf32>) outs(%{{.*}} : tensor<1x3xf32>) dimensions = [1, 3]
func.func @other_sum(%x: tensor<1x8x3x3xf32>) -> tensor<1x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3xf32>) -> tensor<1x3xf32>
  %r = linalg.reduce ins(%x : tensor<1x8x3x3xf32>) outs(%init : tensor<1x3xf32>) dimensions = [1, 3]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1x3xf32>
}

// -----

// In a module its owner marks as the context's only one, the weight that
// was repacked goes with its last reader, instead of staying (dead) until
// canonicalize erases it: the blob it held is freed then.
// CHECK-LABEL: func.func @sole_module
// CHECK: arith.constant dense_resource<dlc_repacked{{.*}}> : tensor<1x2x1x4xf32>
// CHECK-NOT: dense_resource<weights>
module attributes {dlc.sole_module} {
  func.func @sole_module(%x: tensor<1x1x4x4xf32>) -> tensor<1x4x4x3xf32> {
    %w = arith.constant dense_resource<weights> : tensor<4x1x1x2xf32>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x4x4x3xf32>
    %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
    %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x1x4x4xf32>, tensor<4x1x1x2xf32>) outs(%init : tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
    return %y : tensor<1x4x4x3xf32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x0400000000000000000000000000803F0000803F00000040000000400000404000004040"
    }
  }
#-}
