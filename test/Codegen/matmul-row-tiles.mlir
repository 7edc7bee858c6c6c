// Register tiles of one row fewer where that pads M less: on AVX-512, 49
// rows (a 7x7 convolution's im2col product) of 32 columns take 7 x 32
// tiles and no block is padded to 56 rows; 64 rows keep 8 x 32. The
// product equals the naive loops'.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: %python %S/Inputs/make_inputs.py %t 49x64 64x32 64x64
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/avx512.mlir
// RUN: dlc-run %t/avx512.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// CHECK-NOT: tensor<56x32xf32>
// CHECK: -> (vector<7x32xf32>)
// CHECK-NOT: tensor<56x32xf32>
// CHECK: -> (vector<8x32xf32>)
// OUT: output 0: shape=[49, 32] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[64, 32] dtype=float32 {{.*}} ok
func.func @main(%a: tensor<49x64xf32>, %b: tensor<64x32xf32>, %a2: tensor<64x64xf32>) -> (tensor<49x32xf32>, tensor<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<49x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<49x32xf32>) -> tensor<49x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<49x64xf32>, tensor<64x32xf32>) outs(%init : tensor<49x32xf32>) -> tensor<49x32xf32>
  %e2 = tensor.empty() : tensor<64x32xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x32xf32>) -> tensor<64x32xf32>
  %c2 = linalg.matmul ins(%a2, %b : tensor<64x64xf32>, tensor<64x32xf32>) outs(%init2 : tensor<64x32xf32>) -> tensor<64x32xf32>
  return %c, %c2 : tensor<49x32xf32>, tensor<64x32xf32>
}
