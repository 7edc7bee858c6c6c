// Output rows that the pixel tile does not divide: AVX2's 6-pixel tiles
// cover a row of 14 as 6 + 6 + 2 and a row of 9 as 6 + 3, the last tile
// peeled off with a static size; AVX-512's 14-pixel tiles cover the row of
// 14 whole. Both compute what the naive loops compute, fused epilogue
// (bias + relu) and lone convolution alike.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s --check-prefix=AVX512
// RUN: %python %S/Inputs/make_inputs.py %t 1x16x16x8 3x3x8x16 16 1x11x11x8
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=256 vector-registers=16}, dlc-lower-to-llvm)' -o %t/avx2.mlir
// RUN: dlc-run %t/avx2.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/avx512.mlir
// RUN: dlc-run %t/avx512.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// AVX2-NOT: linalg.conv_2d_nhwc_hwcf
// AVX2: scf.for {{.*}} -> (vector<1x6x16xf32>)
// AVX2: arith.maximumf {{.*}} : vector<6x16xf32>
// AVX2: scf.for {{.*}} -> (vector<1x2x16xf32>)
// AVX2: arith.maximumf {{.*}} : vector<2x16xf32>
// AVX2: scf.for {{.*}} -> (vector<1x6x16xf32>)
// AVX2: scf.for {{.*}} -> (vector<1x3x16xf32>)
// AVX2-NOT: linalg.conv_2d_nhwc_hwcf
// AVX512-NOT: linalg.conv_2d_nhwc_hwcf
// AVX512: arith.maximumf {{.*}} : vector<14x16xf32>
// AVX512: scf.for {{.*}} -> (vector<1x9x16xf32>)
// AVX512-NOT: linalg.conv_2d_nhwc_hwcf
// OUT: output 0: shape=[1, 14, 14, 16] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[1, 9, 9, 16] dtype=float32 {{.*}} ok
func.func @main(%x: tensor<1x16x16x8xf32>, %w: tensor<3x3x8x16xf32>, %b: tensor<16xf32>,
                %x2: tensor<1x11x11x8xf32>) -> (tensor<1x14x14x16xf32>, tensor<1x9x9x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x16xf32>) -> tensor<1x14x14x16xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x16x16x8xf32>, tensor<3x3x8x16xf32>) outs(%init : tensor<1x14x14x16xf32>) -> tensor<1x14x14x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y, %b : tensor<1x14x14x16xf32>, tensor<16xf32>) outs(%e : tensor<1x14x14x16xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x14x14x16xf32>
  %e2 = tensor.empty() : tensor<1x9x9x16xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x9x9x16xf32>) -> tensor<1x9x9x16xf32>
  %y2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x2, %w : tensor<1x11x11x8xf32>, tensor<3x3x8x16xf32>) outs(%init2 : tensor<1x9x9x16xf32>) -> tensor<1x9x9x16xf32>
  return %r, %y2 : tensor<1x14x14x16xf32>, tensor<1x9x9x16xf32>
}
