// With 32 vector registers, products of at least four vectors of columns
// take register tiles four vectors wide: 6 rows where K is long (from 512),
// 4 where it is short; 96 columns (four-vector tiles would pad them to 128)
// keep 8 x 32, and every tile with 16 registers keeps 6 x 16. 3136 rows
// in tiles of 6 split into blocks of at most 60, the largest multiple of 6
// in 64 (no part count fit under 64: the choice divided by zero). Each
// product equals the naive loops'.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: dlc-opt %s --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2
// RUN: %python %S/Inputs/make_inputs.py %t 3136x512 512x64 64x64 64x64 64x96
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/avx512.mlir
// RUN: dlc-run %t/avx512.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-4 | FileCheck %s --check-prefix=OUT
// CHECK: -> (vector<6x64xf32>)
// CHECK: tensor<60x64xf32>
// CHECK: -> (vector<4x64xf32>)
// CHECK: -> (vector<8x32xf32>)
// AVX2: -> (vector<6x16xf32>)
// AVX2-NOT: vector<{{[0-9]+}}x64xf32>
// OUT: output 0: shape=[3136, 64] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[64, 64] dtype=float32 {{.*}} ok
// OUT: output 2: shape=[64, 96] dtype=float32 {{.*}} ok
func.func @main(%a: tensor<3136x512xf32>, %b: tensor<512x64xf32>, %a2: tensor<64x64xf32>, %b2: tensor<64x64xf32>, %b3: tensor<64x96xf32>) -> (tensor<3136x64xf32>, tensor<64x64xf32>, tensor<64x96xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3136x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3136x64xf32>) -> tensor<3136x64xf32>
  %c = linalg.matmul ins(%a, %b : tensor<3136x512xf32>, tensor<512x64xf32>) outs(%init : tensor<3136x64xf32>) -> tensor<3136x64xf32>
  %e2 = tensor.empty() : tensor<64x64xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %c2 = linalg.matmul ins(%a2, %b2 : tensor<64x64xf32>, tensor<64x64xf32>) outs(%init2 : tensor<64x64xf32>) -> tensor<64x64xf32>
  %e3 = tensor.empty() : tensor<64x96xf32>
  %init3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<64x96xf32>) -> tensor<64x96xf32>
  %c3 = linalg.matmul ins(%a2, %b3 : tensor<64x64xf32>, tensor<64x96xf32>) outs(%init3 : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %c, %c2, %c3 : tensor<3136x64xf32>, tensor<64x64xf32>, tensor<64x96xf32>
}
