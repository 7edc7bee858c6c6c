// RUN: dlc-opt %s -split-input-file --dlc-convert-layout | FileCheck %s

// A ShuffleNetV2 unit's concat of two NHWC results, shuffled in two groups
// and split into halves: one generic interleaves the concat's operands
// (element (.., c, g) is operand g's channel c), no concat is left, and the
// halves are slices of the NHWC tensor, the next convolution reading its
// slice without a transpose.
// CHECK-LABEL: func.func @shuffle_concat
// CHECK-NOT: tensor.concat
// CHECK: %[[A:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[B:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[I:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<1x4x4x8xf32>, tensor<1x4x4x8xf32>) outs(%{{.*}} : tensor<1x4x4x8x2xf32>)
// CHECK: %[[G:.*]] = linalg.index 4
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[G]], %{{.*}}
// CHECK: arith.select %[[FIRST]], %{{.*}}, %{{.*}} : f32
// CHECK: %[[S:.*]] = tensor.collapse_shape %[[I]] {{\[\[}}0], [1], [2], [3, 4]] : tensor<1x4x4x8x2xf32> into tensor<1x4x4x16xf32>
// CHECK: %[[LO:.*]] = tensor.extract_slice %[[S]][0, 0, 0, 0] [1, 4, 4, 8] [1, 1, 1, 1]
// CHECK: %[[HI:.*]] = tensor.extract_slice %[[S]][0, 0, 0, 8] [1, 4, 4, 8] [1, 1, 1, 1]
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%[[HI]], %{{.*}} : tensor<1x4x4x8xf32>,
// CHECK-NOT: tensor.concat
func.func @shuffle_concat(%x: tensor<1x8x4x4xf32>, %w: tensor<8x8x1x1xf32>) -> (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%a, %w : tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  %c = tensor.concat dim(1) %a, %b : (tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>) -> tensor<1x16x4x4xf32>
  %split = tensor.expand_shape %c [[0], [1, 2], [3], [4]] output_shape [1, 2, 8, 4, 4] : tensor<1x16x4x4xf32> into tensor<1x2x8x4x4xf32>
  %te = tensor.empty() : tensor<1x8x2x4x4xf32>
  %t = linalg.transpose ins(%split : tensor<1x2x8x4x4xf32>) outs(%te : tensor<1x8x2x4x4xf32>) permutation = [0, 2, 1, 3, 4]
  %s = tensor.collapse_shape %t [[0], [1, 2], [3], [4]] : tensor<1x8x2x4x4xf32> into tensor<1x16x4x4xf32>
  %lo = tensor.extract_slice %s[0, 0, 0, 0] [1, 8, 4, 4] [1, 1, 1, 1] : tensor<1x16x4x4xf32> to tensor<1x8x4x4xf32>
  %hi = tensor.extract_slice %s[0, 8, 0, 0] [1, 8, 4, 4] [1, 1, 1, 1] : tensor<1x16x4x4xf32> to tensor<1x8x4x4xf32>
  %z = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%hi, %w : tensor<1x8x4x4xf32>, tensor<8x8x1x1xf32>) outs(%init : tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %lo, %z : tensor<1x8x4x4xf32>, tensor<1x8x4x4xf32>
}

// -----

// A shuffle of one NHWC result in 3 groups (ShuffleNetV1's, after a
// grouped convolution) permutes the last dim of the NHWC tensor: split
// into (group, channel), transposed, merged; one transpose to NCHW is left
// for the result.
// CHECK-LABEL: func.func @shuffle_groups
// CHECK: %[[A:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[SPLIT:.*]] = tensor.expand_shape %[[A]] {{\[\[}}0], [1], [2], [3, 4]] output_shape [1, 4, 4, 3, 4] : tensor<1x4x4x12xf32> into tensor<1x4x4x3x4xf32>
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[SPLIT]] : tensor<1x4x4x3x4xf32>) outs(%{{.*}} : tensor<1x4x4x4x3xf32>)
// CHECK: %[[S:.*]] = tensor.collapse_shape %[[T]] {{\[\[}}0], [1], [2], [3, 4]] : tensor<1x4x4x4x3xf32> into tensor<1x4x4x12xf32>
// CHECK: %[[NCHW:.*]] = linalg.generic {{.*}} ins(%[[S]] : tensor<1x4x4x12xf32>) outs(%{{.*}} : tensor<1x12x4x4xf32>)
// CHECK: return %[[NCHW]]
func.func @shuffle_groups(%x: tensor<1x8x4x4xf32>, %w: tensor<12x8x1x1xf32>) -> tensor<1x12x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x12x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x12x4x4xf32>) -> tensor<1x12x4x4xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x8x4x4xf32>, tensor<12x8x1x1xf32>) outs(%init : tensor<1x12x4x4xf32>) -> tensor<1x12x4x4xf32>
  %split = tensor.expand_shape %a [[0], [1, 2], [3], [4]] output_shape [1, 3, 4, 4, 4] : tensor<1x12x4x4xf32> into tensor<1x3x4x4x4xf32>
  %te = tensor.empty() : tensor<1x4x3x4x4xf32>
  %t = linalg.transpose ins(%split : tensor<1x3x4x4x4xf32>) outs(%te : tensor<1x4x3x4x4xf32>) permutation = [0, 2, 1, 3, 4]
  %s = tensor.collapse_shape %t [[0], [1, 2], [3], [4]] : tensor<1x4x3x4x4xf32> into tensor<1x12x4x4xf32>
  return %s : tensor<1x12x4x4xf32>
}

// -----

// A shuffle of a value from no NHWC layer (an argument) stays NCHW:
// converting it would only add transposes.
// CHECK-LABEL: func.func @shuffle_argument
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0], [1, 2], [3], [4]] output_shape [1, 2, 8, 4, 4]
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0], [1, 2], [3], [4]] : tensor<1x8x2x4x4xf32> into tensor<1x16x4x4xf32>
func.func @shuffle_argument(%c: tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32> {
  %split = tensor.expand_shape %c [[0], [1, 2], [3], [4]] output_shape [1, 2, 8, 4, 4] : tensor<1x16x4x4xf32> into tensor<1x2x8x4x4xf32>
  %te = tensor.empty() : tensor<1x8x2x4x4xf32>
  %t = linalg.transpose ins(%split : tensor<1x2x8x4x4xf32>) outs(%te : tensor<1x8x2x4x4xf32>) permutation = [0, 2, 1, 3, 4]
  %s = tensor.collapse_shape %t [[0], [1, 2], [3], [4]] : tensor<1x8x2x4x4xf32> into tensor<1x16x4x4xf32>
  return %s : tensor<1x16x4x4xf32>
}

// -----

// A slice of an NHWC result whose transpose to NCHW is read whole too,
// the slice itself read in NCHW (returned), stays a slice of that
// transpose: slicing the NHWC tensor would add a transpose of the slice to
// the one that stays.
// CHECK-LABEL: func.func @slice_of_shared_transpose
// CHECK: %[[A:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[A]] : tensor<1x4x4x16xf32>) outs(%{{.*}} : tensor<1x16x4x4xf32>)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[T]][0, 8, 0, 0] [1, 8, 4, 4] [1, 1, 1, 1]
// CHECK: return %[[T]], %[[S]]
func.func @slice_of_shared_transpose(%x: tensor<1x8x4x4xf32>, %w: tensor<16x8x1x1xf32>) -> (tensor<1x16x4x4xf32>, tensor<1x8x4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x4x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x8x4x4xf32>, tensor<16x8x1x1xf32>) outs(%init : tensor<1x16x4x4xf32>) -> tensor<1x16x4x4xf32>
  %hi = tensor.extract_slice %a[0, 8, 0, 0] [1, 8, 4, 4] [1, 1, 1, 1] : tensor<1x16x4x4xf32> to tensor<1x8x4x4xf32>
  return %a, %hi : tensor<1x16x4x4xf32>, tensor<1x8x4x4xf32>
}
