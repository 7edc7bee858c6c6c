// RUN: dlc-opt %s -split-input-file --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2

// NHWC -> NCHW with a bias (a convolution's epilogue at the graph's end):
// 16 x 16 blocks of (c, w), read in rows of the input, shuffled, written
// in rows of the output. AVX2 takes 8 x 8 blocks.
// CHECK-LABEL: func.func @to_nchw
// CHECK: scf.forall
// CHECK: vector.transfer_read {{.*}} : tensor<1x1x16x16xf32>, vector<1x16x16xf32>
// CHECK: vector.shuffle
// CHECK: vector.transfer_write {{.*}} : vector<1x16x1x16xf32>, tensor<1x16x1x16xf32>
// CHECK-NOT: linalg.generic
// AVX2-LABEL: func.func @to_nchw
// AVX2: vector.transfer_read {{.*}} : tensor<1x1x8x8xf32>, vector<1x8x8xf32>
func.func @to_nchw(%x: tensor<1x8x32x64xf32>, %b: tensor<64xf32>) -> tensor<1x64x8x32xf32> {
  %e = tensor.empty() : tensor<1x64x8x32xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (0, h, w, c)>, affine_map<(n, c, h, w) -> (c)>,
                                        affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%x, %b : tensor<1x8x32x64xf32>, tensor<64xf32>) outs(%e : tensor<1x64x8x32xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    linalg.yield %s : f32
  } -> tensor<1x64x8x32xf32>
  return %y : tensor<1x64x8x32xf32>
}

// -----

// Blocks that divide neither dim (3 channels, the RGB input) and copies
// that keep the innermost dim are left to the loop lowering.
// CHECK-LABEL: func.func @left
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: vector.shuffle
func.func @left(%x: tensor<1x3x32x32xf32>, %y: tensor<1x4x8x32xf32>) -> (tensor<1x32x32x3xf32>, tensor<1x8x4x32xf32>) {
  %e = tensor.empty() : tensor<1x32x32x3xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, c, h, w)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%x : tensor<1x3x32x32xf32>) outs(%e : tensor<1x32x32x3xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x32x32x3xf32>
  %f = tensor.empty() : tensor<1x8x4x32xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(n, h, c, w) -> (n, c, h, w)>, affine_map<(n, h, c, w) -> (n, h, c, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y : tensor<1x4x8x32xf32>) outs(%f : tensor<1x8x4x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x8x4x32xf32>
  return %a, %b : tensor<1x32x32x3xf32>, tensor<1x8x4x32xf32>
}

// -----

// A dynamic batch (a model compiled for any batch): the blocks tile the
// batch by 1, as the static dims they do not span, so each block is the
// static one.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK: tensor.dim
// CHECK: scf.forall ({{.*}}) in (%{{.*}}, 4, 2, 4)
// CHECK: vector.transfer_read {{.*}} : tensor<1x16x1x16xf32>, vector<1x16x1x16xf32>
// CHECK: vector.shuffle
// CHECK: vector.transfer_write {{.*}}, tensor<1x1x16x16xf32>
// CHECK-NOT: linalg.generic
// AVX2-LABEL: func.func @dynamic_batch
// AVX2: vector.transfer_read {{.*}} : tensor<1x8x1x8xf32>, vector<1x8x1x8xf32>
func.func @dynamic_batch(%x: tensor<?x64x4x32xf32>) -> tensor<?x4x32x64xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x64x4x32xf32>
  %e = tensor.empty(%n) : tensor<?x4x32x64xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, c, h, w)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%x : tensor<?x64x4x32xf32>) outs(%e : tensor<?x4x32x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<?x4x32x64xf32>
  return %y : tensor<?x4x32x64xf32>
}
