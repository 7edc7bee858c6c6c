// RUN: dlc-opt %s -split-input-file --dlc-fuse-elementwise | FileCheck %s

// An epilogue reading the unpadded channels of a convolution (58 of 64, a
// slice dropping the zero-weight ones dlc-convert-layout added) computes
// all 64, its bias padded with zeros, and the slice moves after it: the
// convolution's result has one reader of its own shape, which dlc-codegen
// fuses into its tiles. The batch, read at 0 as elementwise lowering reads
// unit dims, is read the same way.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$B0:.*]] = affine_map<(d0, d1, d2, d3) -> (0, d1, d2, d3)>
// CHECK-DAG: #[[$C:.*]] = affine_map<(d0, d1, d2, d3) -> (d3)>
// CHECK-LABEL: func.func @bias_relu
// CHECK: %[[CONV:.*]] = linalg.conv_2d_nhwc_hwcf
// CHECK: %[[BIAS:.*]] = arith.constant dense_resource<dlc_padded> : tensor<8xf32>
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<1x2x2x8xf32>
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[$B0]], #[[$C]], #[[$ID]]]
// CHECK-SAME: ins(%[[CONV]], %[[BIAS]] : tensor<1x2x2x8xf32>, tensor<8xf32>) outs(%[[INIT]] : tensor<1x2x2x8xf32>)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[R]][0, 0, 0, 0] [1, 2, 2, 6] [1, 1, 1, 1]
// CHECK: return %[[S]]
// The six biases, then two zeros (after the blob's alignment, 64).
// CHECK: dlc_padded: "0x400000000000803F0000004000004040000080400000A0400000C0400000000000000000"
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
#b0 = affine_map<(n, h, w, c) -> (0, h, w, c)>
#c = affine_map<(n, h, w, c) -> (c)>
func.func @bias_relu(%x: tensor<1x2x2x4xf32>, %w: tensor<1x1x4x8xf32>) -> tensor<1x2x2x6xf32> {
  %zero = arith.constant 0.0 : f32
  %bias = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0]> : tensor<6xf32>
  %e = tensor.empty() : tensor<1x2x2x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x2x2x4xf32>, tensor<1x1x4x8xf32>) outs(%f : tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  %s = tensor.extract_slice %c[0, 0, 0, 0] [1, 2, 2, 6] [1, 1, 1, 1] : tensor<1x2x2x8xf32> to tensor<1x2x2x6xf32>
  %o = tensor.empty() : tensor<1x2x2x6xf32>
  %r = linalg.generic {indexing_maps = [#b0, #c, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s, %bias : tensor<1x2x2x6xf32>, tensor<6xf32>) outs(%o : tensor<1x2x2x6xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %a = arith.addf %in, %b : f32
    %m = arith.maximumf %a, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x2x2x6xf32>
  return %r : tensor<1x2x2x6xf32>
}

// -----

// A matrix-vector product's padded columns (1000 -> 1008): a splat
// operand is a splat of the padded size, a scalar one stays, and a second
// slice of a padded value cut the same way (another product's) is read
// whole.
// CHECK-LABEL: func.func @gemm_sum
// CHECK: %[[P:.*]] = linalg.matmul
// CHECK: %[[Q:.*]] = linalg.matmul
// CHECK: %[[HALF:.*]] = arith.constant dense<5.000000e-01> : tensor<1x1008xf32>
// CHECK: %[[R:.*]] = linalg.generic
// CHECK-SAME: ins(%[[P]], %[[HALF]], %{{.*}}, %[[Q]] : tensor<1x1008xf32>, tensor<1x1008xf32>, tensor<f32>, tensor<1x1008xf32>)
// CHECK-SAME: outs(%{{.*}} : tensor<1x1008xf32>)
// CHECK: tensor.extract_slice %[[R]][0, 0] [1, 1000] [1, 1] : tensor<1x1008xf32> to tensor<1x1000xf32>
#id2 = affine_map<(i, j) -> (i, j)>
#s = affine_map<(i, j) -> ()>
func.func @gemm_sum(%x: tensor<1x64xf32>, %w: tensor<64x1008xf32>, %v: tensor<64x1008xf32>, %k: tensor<f32>) -> tensor<1x1000xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant dense<0.5> : tensor<1x1000xf32>
  %e = tensor.empty() : tensor<1x1008xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1008xf32>) -> tensor<1x1008xf32>
  %p = linalg.matmul ins(%x, %w : tensor<1x64xf32>, tensor<64x1008xf32>) outs(%f : tensor<1x1008xf32>) -> tensor<1x1008xf32>
  %q = linalg.matmul ins(%x, %v : tensor<1x64xf32>, tensor<64x1008xf32>) outs(%f : tensor<1x1008xf32>) -> tensor<1x1008xf32>
  %ps = tensor.extract_slice %p[0, 0] [1, 1000] [1, 1] : tensor<1x1008xf32> to tensor<1x1000xf32>
  %qs = tensor.extract_slice %q[0, 0] [1, 1000] [1, 1] : tensor<1x1008xf32> to tensor<1x1000xf32>
  %o = tensor.empty() : tensor<1x1000xf32>
  %r = linalg.generic {indexing_maps = [#id2, #id2, #s, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ps, %half, %k, %qs : tensor<1x1000xf32>, tensor<1x1000xf32>, tensor<f32>, tensor<1x1000xf32>) outs(%o : tensor<1x1000xf32>) {
  ^bb0(%a: f32, %h: f32, %s: f32, %b: f32, %out: f32):
    %m = arith.mulf %a, %h : f32
    %n = arith.mulf %m, %s : f32
    %t = arith.addf %n, %b : f32
    linalg.yield %t : f32
  } -> tensor<1x1000xf32>
  return %r : tensor<1x1000xf32>
}

// -----

// Left as they are: an operand read along the cut channels that is
// neither a constant nor a slice of a padded value (the padded channels
// would need a copy), a body whose integer division a padded zero would
// make undefined, a slice read twice, a slice of a value no schedule
// computes in tiles, and a body reading its init.
// CHECK-LABEL: func.func @not_widened
// CHECK-COUNT-5: linalg.generic {{.*}} ins(%extracted_slice
// CHECK-NOT: tensor<1x8xf32>, tensor<1x8xf32>
#id2 = affine_map<(i, j) -> (i, j)>
func.func @not_widened(%x: tensor<1x4xf32>, %w: tensor<4x8xf32>, %y: tensor<1x6xf32>, %wi: tensor<4x8xi32>,
                       %xi: tensor<1x4xi32>, %z: tensor<1x8xf32>)
    -> (tensor<1x6xf32>, tensor<1x6xi32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>) {
  %zero = arith.constant 0.0 : f32
  %izero = arith.constant 0 : i32
  %e = tensor.empty() : tensor<1x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8xf32>) -> tensor<1x8xf32>
  %o = tensor.empty() : tensor<1x6xf32>
  %p1 = linalg.matmul ins(%x, %w : tensor<1x4xf32>, tensor<4x8xf32>) outs(%f : tensor<1x8xf32>) -> tensor<1x8xf32>
  %s1 = tensor.extract_slice %p1[0, 0] [1, 6] [1, 1] : tensor<1x8xf32> to tensor<1x6xf32>
  %r1 = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s1, %y : tensor<1x6xf32>, tensor<1x6xf32>) outs(%o : tensor<1x6xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %t = arith.addf %a, %b : f32
    linalg.yield %t : f32
  } -> tensor<1x6xf32>
  %ei = tensor.empty() : tensor<1x8xi32>
  %fi = linalg.fill ins(%izero : i32) outs(%ei : tensor<1x8xi32>) -> tensor<1x8xi32>
  %p2 = linalg.matmul ins(%xi, %wi : tensor<1x4xi32>, tensor<4x8xi32>) outs(%fi : tensor<1x8xi32>) -> tensor<1x8xi32>
  %s2 = tensor.extract_slice %p2[0, 0] [1, 6] [1, 1] : tensor<1x8xi32> to tensor<1x6xi32>
  %oi = tensor.empty() : tensor<1x6xi32>
  %r2 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s2 : tensor<1x6xi32>) outs(%oi : tensor<1x6xi32>) {
  ^bb0(%a: i32, %out: i32):
    %seven = arith.constant 7 : i32
    %t = arith.divsi %seven, %a : i32
    linalg.yield %t : i32
  } -> tensor<1x6xi32>
  %p3 = linalg.matmul ins(%x, %w : tensor<1x4xf32>, tensor<4x8xf32>) outs(%f : tensor<1x8xf32>) -> tensor<1x8xf32>
  %s3 = tensor.extract_slice %p3[0, 0] [1, 6] [1, 1] : tensor<1x8xf32> to tensor<1x6xf32>
  %r3 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s3 : tensor<1x6xf32>) outs(%o : tensor<1x6xf32>) {
  ^bb0(%a: f32, %out: f32):
    %t = arith.negf %a : f32
    linalg.yield %t : f32
  } -> tensor<1x6xf32>
  %s4 = tensor.extract_slice %z[0, 0] [1, 6] [1, 1] : tensor<1x8xf32> to tensor<1x6xf32>
  %r4 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s4 : tensor<1x6xf32>) outs(%o : tensor<1x6xf32>) {
  ^bb0(%a: f32, %out: f32):
    %t = arith.negf %a : f32
    linalg.yield %t : f32
  } -> tensor<1x6xf32>
  %p5 = linalg.matmul ins(%x, %w : tensor<1x4xf32>, tensor<4x8xf32>) outs(%f : tensor<1x8xf32>) -> tensor<1x8xf32>
  %s5 = tensor.extract_slice %p5[0, 0] [1, 6] [1, 1] : tensor<1x8xf32> to tensor<1x6xf32>
  %r5 = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s5 : tensor<1x6xf32>) outs(%y : tensor<1x6xf32>) {
  ^bb0(%a: f32, %out: f32):
    %t = arith.addf %a, %out : f32
    linalg.yield %t : f32
  } -> tensor<1x6xf32>
  return %r1, %r2, %r3, %s3, %r4, %r5 : tensor<1x6xf32>, tensor<1x6xi32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>, tensor<1x6xf32>
}

// -----

// A depthwise convolution that dlc-convert-layout padded (6 -> 8 channels,
// its input with zero channels in the pad of its window) reads a slice of
// a padded value (a widened epilogue's result): its extra channels are
// dropped, each computed from its own channel alone, so the pad reads the
// whole value instead, spatially padded only.
// CHECK-LABEL: func.func @depthwise_padded
// CHECK: %[[R:.*]] = linalg.generic
// CHECK: } -> tensor<1x4x4x8xf32>
// CHECK-NOT: tensor.extract_slice
// CHECK: %[[P:.*]] = tensor.pad %[[R]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: } : tensor<1x4x4x8xf32> to tensor<1x6x6x8xf32>
// CHECK: linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%[[P]], %{{.*}} : tensor<1x6x6x8xf32>, tensor<3x3x8xf32>)
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @depthwise_padded(%x: tensor<1x4x4x4xf32>, %w: tensor<1x1x4x8xf32>, %k: tensor<3x3x8xf32>) -> tensor<1x4x4x6xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x4x4xf32>, tensor<1x1x4x8xf32>) outs(%f : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %s = tensor.extract_slice %c[0, 0, 0, 0] [1, 4, 4, 6] [1, 1, 1, 1] : tensor<1x4x4x8xf32> to tensor<1x4x4x6xf32>
  %o = tensor.empty() : tensor<1x4x4x6xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x4x4x6xf32>) outs(%o : tensor<1x4x4x6xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x6xf32>
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 2] {
  ^bb0(%i: index, %j: index, %l: index, %m: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x6xf32> to tensor<1x6x6x8xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %k : tensor<1x6x6x8xf32>, tensor<3x3x8xf32>) outs(%f : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %ds = tensor.extract_slice %d[0, 0, 0, 0] [1, 4, 4, 6] [1, 1, 1, 1] : tensor<1x4x4x8xf32> to tensor<1x4x4x6xf32>
  return %ds : tensor<1x4x4x6xf32>
}

// -----

// One with the slice's channels (12 of 16, which fill 256-bit vectors, so
// dlc-convert-layout left it) is widened to the padded value's: its
// weights padded with zeros, a slice of its result replacing it.
// CHECK-LABEL: func.func @depthwise_widened
// CHECK: %[[R:.*]] = linalg.generic
// CHECK: } -> tensor<1x4x4x16xf32>
// CHECK: %[[P:.*]] = tensor.pad %[[R]] low[0, 1, 1, 0] high[0, 1, 1, 0]
// CHECK: } : tensor<1x4x4x16xf32> to tensor<1x6x6x16xf32>
// CHECK: %[[K:.*]] = arith.constant dense_resource<dlc_padded> : tensor<3x3x16xf32>
// CHECK: %[[D:.*]] = linalg.depthwise_conv_2d_nhwc_hwc {{.*}} ins(%[[P]], %[[K]] : tensor<1x6x6x16xf32>, tensor<3x3x16xf32>) outs(%{{.*}} : tensor<1x4x4x16xf32>)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[D]][0, 0, 0, 0] [1, 4, 4, 12] [1, 1, 1, 1]
// CHECK: return %[[S]]
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @depthwise_widened(%x: tensor<1x4x4x4xf32>, %w: tensor<1x1x4x16xf32>) -> tensor<1x4x4x12xf32> {
  %zero = arith.constant 0.0 : f32
  %k = arith.constant dense<[[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0],
                              [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0],
                              [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0]],
                             [[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0],
                              [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0],
                              [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0]],
                             [[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0],
                              [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0],
                              [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0]]]> : tensor<3x3x12xf32>
  %e = tensor.empty() : tensor<1x4x4x16xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x4x4xf32>, tensor<1x1x4x16xf32>) outs(%f : tensor<1x4x4x16xf32>) -> tensor<1x4x4x16xf32>
  %s = tensor.extract_slice %c[0, 0, 0, 0] [1, 4, 4, 12] [1, 1, 1, 1] : tensor<1x4x4x16xf32> to tensor<1x4x4x12xf32>
  %o = tensor.empty() : tensor<1x4x4x12xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<1x4x4x12xf32>) outs(%o : tensor<1x4x4x12xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x12xf32>
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %l: index, %m: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x12xf32> to tensor<1x6x6x12xf32>
  %f12 = linalg.fill ins(%zero : f32) outs(%o : tensor<1x4x4x12xf32>) -> tensor<1x4x4x12xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %k : tensor<1x6x6x12xf32>, tensor<3x3x12xf32>) outs(%f12 : tensor<1x4x4x12xf32>) -> tensor<1x4x4x12xf32>
  return %d : tensor<1x4x4x12xf32>
}

// -----

// A padded depthwise convolution whose extra channels are read (its whole
// result returned) keeps the zeros of its pad.
// CHECK-LABEL: func.func @depthwise_channels_read
// CHECK: tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 2]
#id = affine_map<(n, h, w, c) -> (n, h, w, c)>
func.func @depthwise_channels_read(%x: tensor<1x4x4x4xf32>, %w: tensor<1x1x4x8xf32>, %k: tensor<3x3x8xf32>) -> tensor<1x4x4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x4x4xf32>, tensor<1x1x4x8xf32>) outs(%f : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  %s = tensor.extract_slice %c[0, 0, 0, 0] [1, 4, 4, 6] [1, 1, 1, 1] : tensor<1x4x4x8xf32> to tensor<1x4x4x6xf32>
  %p = tensor.pad %s low[0, 1, 1, 0] high[0, 1, 1, 2] {
  ^bb0(%i: index, %j: index, %l: index, %m: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x6xf32> to tensor<1x6x6x8xf32>
  %d = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %k : tensor<1x6x6x8xf32>, tensor<3x3x8xf32>) outs(%f : tensor<1x4x4x8xf32>) -> tensor<1x4x4x8xf32>
  return %d : tensor<1x4x4x8xf32>
}
