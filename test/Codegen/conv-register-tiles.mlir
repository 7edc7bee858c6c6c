// Convolution tiles sized by the registers their steps keep live. A
// strided tile also holds its input row ((wt - 1) * stride + 1 pixels of ct
// channels): on AVX-512 a 3x3/2 row of 14 takes 2 tiles of 7 x 32 (13
// pixels of 4 channels read at once), not one of 14 (27 pixels); on AVX2
// one channel a step, whose row of 9 pixels leaves room for 5 x 16 tiles
// (the last of 4), not 3 x 16 of 8 channels. The 7x7 RGB window's 21
// weight vectors exceed half the registers, so it steps one window column
// at a time (3 x 32 weights read per step, not 7 x 3 x 32; on AVX2 one
// channel's 16). Both compute what the naive loops compute.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s --check-prefix=AVX512
// RUN: dlc-opt %s --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2
// RUN: %python %S/Inputs/make_inputs.py %t 1x29x29x8 3x3x8x32 1x21x21x3 7x7x3x32
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/avx512.mlir
// RUN: dlc-run %t/avx512.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=256 vector-registers=16}, dlc-lower-to-llvm)' -o %t/avx2.mlir
// RUN: dlc-run %t/avx2.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// AVX512-NOT: linalg.conv_2d_nhwc_hwcf
// AVX512-NOT: vector<1x14x32xf32>
// AVX512: scf.for {{.*}} = %c0 to %c14 step %c7
// AVX512: -> (vector<1x7x32xf32>)
// AVX512: tensor<1x29x29x8xf32>, vector<13x4xf32>
// AVX512: tensor<7x7x3x32xf32>, vector<3x32xf32>
// AVX512-NOT: linalg.conv_2d_nhwc_hwcf
// AVX2-NOT: linalg.conv_2d_nhwc_hwcf
// AVX2: -> (vector<1x5x16xf32>)
// AVX2: tensor<1x29x29x8xf32>, vector<9x1xf32>
// AVX2: -> (vector<1x4x16xf32>)
// AVX2: tensor<1x29x29x8xf32>, vector<7x1xf32>
// AVX2: tensor<7x7x3x32xf32>, vector<16xf32>
// AVX2-NOT: linalg.conv_2d_nhwc_hwcf
// OUT: output 0: shape=[1, 14, 14, 32] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[1, 8, 8, 32] dtype=float32 {{.*}} ok
func.func @main(%x: tensor<1x29x29x8xf32>, %w: tensor<3x3x8x32xf32>, %x2: tensor<1x21x21x3xf32>, %w2: tensor<7x7x3x32xf32>) -> (tensor<1x14x14x32xf32>, tensor<1x8x8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : tensor<1x29x29x8xf32>, tensor<3x3x8x32xf32>) outs(%init : tensor<1x14x14x32xf32>) -> tensor<1x14x14x32xf32>
  %e2 = tensor.empty() : tensor<1x8x8x32xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  %y2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x2, %w2 : tensor<1x21x21x3xf32>, tensor<7x7x3x32xf32>) outs(%init2 : tensor<1x8x8x32xf32>) -> tensor<1x8x8x32xf32>
  return %y, %y2 : tensor<1x14x14x32xf32>, tensor<1x8x8x32xf32>
}
