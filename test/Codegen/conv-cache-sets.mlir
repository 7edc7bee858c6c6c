// Convolution tiles narrow enough that the input pixels a tile reads at
// once stay in the L1 data cache. With 1024 channels a pixel's channels are
// 4 KB after the previous pixel's, so every pixel of a tile maps to the
// same L1 set: a row of 12 takes tiles of 6 x 32 (not one of 12 x 32, as
// the registers would allow). With 512 channels the pixels spread over two
// sets and a row of 12 stays one tile. (6 rows: with 64 pixels or fewer
// a 1x1 convolution is a product.) Both compute what the naive loops
// compute.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: %python %S/Inputs/make_inputs.py %t 1x6x12x1024 1x1x1024x32 1x6x12x512 1x1x512x32
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/avx512.mlir
// RUN: dlc-run %t/avx512.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-4 --atol 1e-4 | FileCheck %s --check-prefix=OUT
// CHECK-LABEL: func.func @main
// CHECK: -> (vector<1x6x32xf32>)
// CHECK: -> (vector<1x12x32xf32>)
// OUT: output 0: shape=[1, 6, 12, 32] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[1, 6, 12, 32] dtype=float32 {{.*}} ok
func.func @main(%x: tensor<1x6x12x1024xf32>, %w: tensor<1x1x1024x32xf32>, %x2: tensor<1x6x12x512xf32>, %w2: tensor<1x1x512x32xf32>) -> (tensor<1x6x12x32xf32>, tensor<1x6x12x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x6x12x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x12x32xf32>) -> tensor<1x6x12x32xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x6x12x1024xf32>, tensor<1x1x1024x32xf32>) outs(%init : tensor<1x6x12x32xf32>) -> tensor<1x6x12x32xf32>
  %y2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x2, %w2 : tensor<1x6x12x512xf32>, tensor<1x1x512x32xf32>) outs(%init : tensor<1x6x12x32xf32>) -> tensor<1x6x12x32xf32>
  return %y, %y2 : tensor<1x6x12x32xf32>, tensor<1x6x12x32xf32>
}
