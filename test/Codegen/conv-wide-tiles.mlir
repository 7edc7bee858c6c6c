// With 32 registers, a convolution takes tiles of four vectors of channels
// by up to 6 pixels (4 channels per step), each row split evenly, where its
// output channels split in four-vector slices whose weights take at most
// 256 KB: 3x3 16 -> 64 (36 KB a slice), 15 pixels a row in tiles of 5, and
// 1x1 16 -> 64, 17 pixels in 6, 6 and 5. A 3x3 128 -> 64 (288 KB a slice,
// which would not stay in L2 as the rows go by) keeps two vectors, and so
// does every tile with 16 registers. All compute what the naive loops
// compute.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: dlc-opt %s --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2
// RUN: %python %S/Inputs/make_inputs.py %t 1x17x17x16 3x3x16x64 1x1x16x64 1x7x7x128 3x3x128x64
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/avx512.mlir
// RUN: dlc-run %t/avx512.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-4 | FileCheck %s --check-prefix=OUT
// CHECK-LABEL: func.func @main
// CHECK: -> (vector<1x5x64xf32>)
// CHECK: tensor<3x3x16x64xf32>, vector<4x64xf32>
// CHECK: -> (vector<1x6x64xf32>)
// CHECK: -> (vector<1x5x64xf32>)
// CHECK: -> (vector<1x5x32xf32>)
// CHECK-NOT: -> (vector<{{.*}}x64xf32>)
// AVX2-NOT: vector<{{[0-9x]+}}x64xf32>
// OUT: output 0: shape=[1, 15, 15, 64] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[1, 17, 17, 64] dtype=float32 {{.*}} ok
// OUT: output 2: shape=[1, 5, 5, 64] dtype=float32 {{.*}} ok
func.func @main(%x: tensor<1x17x17x16xf32>, %w: tensor<3x3x16x64xf32>, %w1: tensor<1x1x16x64xf32>,
                %x3: tensor<1x7x7x128xf32>, %w3: tensor<3x3x128x64xf32>)
    -> (tensor<1x15x15x64xf32>, tensor<1x17x17x64xf32>, tensor<1x5x5x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x15x15x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x15x15x64xf32>) -> tensor<1x15x15x64xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x17x17x16xf32>, tensor<3x3x16x64xf32>) outs(%init : tensor<1x15x15x64xf32>) -> tensor<1x15x15x64xf32>
  %e1 = tensor.empty() : tensor<1x17x17x64xf32>
  %init1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1x17x17x64xf32>) -> tensor<1x17x17x64xf32>
  %y1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w1 : tensor<1x17x17x16xf32>, tensor<1x1x16x64xf32>) outs(%init1 : tensor<1x17x17x64xf32>) -> tensor<1x17x17x64xf32>
  %e3 = tensor.empty() : tensor<1x5x5x64xf32>
  %init3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<1x5x5x64xf32>) -> tensor<1x5x5x64xf32>
  %y3 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x3, %w3 : tensor<1x7x7x128xf32>, tensor<3x3x128x64xf32>) outs(%init3 : tensor<1x5x5x64xf32>) -> tensor<1x5x5x64xf32>
  return %y, %y1, %y3 : tensor<1x15x15x64xf32>, tensor<1x17x17x64xf32>, tensor<1x5x5x64xf32>
}
