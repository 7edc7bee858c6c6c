// A single row (a matrix-vector product) with 32 vector registers takes
// up to 32 vectors of columns where they divide N: 512 columns in one
// 1x512 tile, halved on 2 threads so that each thread has a block; 1000
// columns (a partial tile) and two rows keep 8 vectors, as every tile with
// 16 registers does. Each product equals the naive loops', on 1 and 2
// threads.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32 threads=2' | FileCheck %s --check-prefix=THREADS
// RUN: dlc-opt %s --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2
// RUN: %python %S/Inputs/make_inputs.py %t 1x64 64x512 64x1000 2x64 64x1024
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/one.mlir
// RUN: dlc-run %t/one.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-4 | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32 threads=2}, dlc-lower-to-llvm{threads=2})' -o %t/two.mlir
// RUN: dlc-run %t/two.mlir --threads 2 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-4 | FileCheck %s --check-prefix=OUT
// CHECK: -> (vector<1x512xf32>)
// CHECK: -> (vector<1x128xf32>)
// CHECK: -> (vector<2x128xf32>)
// THREADS: scf.forall {{.*}} in (2)
// THREADS: -> (vector<1x256xf32>)
// AVX2: -> (vector<1x64xf32>)
// AVX2: -> (vector<1x64xf32>)
// AVX2: -> (vector<2x64xf32>)
// OUT: output 0: shape=[1, 512] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[1, 1000] dtype=float32 {{.*}} ok
// OUT: output 2: shape=[2, 1024] dtype=float32 {{.*}} ok
func.func @main(%a: tensor<1x64xf32>, %b: tensor<64x512xf32>, %b2: tensor<64x1000xf32>, %a3: tensor<2x64xf32>, %b3: tensor<64x1024xf32>) -> (tensor<1x512xf32>, tensor<1x1000xf32>, tensor<2x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x512xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x512xf32>) -> tensor<1x512xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1x64xf32>, tensor<64x512xf32>) outs(%init : tensor<1x512xf32>) -> tensor<1x512xf32>
  %e2 = tensor.empty() : tensor<1x1000xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %c2 = linalg.matmul ins(%a, %b2 : tensor<1x64xf32>, tensor<64x1000xf32>) outs(%init2 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %e3 = tensor.empty() : tensor<2x1024xf32>
  %init3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<2x1024xf32>) -> tensor<2x1024xf32>
  %c3 = linalg.matmul ins(%a3, %b3 : tensor<2x64xf32>, tensor<64x1024xf32>) outs(%init3 : tensor<2x1024xf32>) -> tensor<2x1024xf32>
  return %c, %c2, %c3 : tensor<1x512xf32>, tensor<1x1000xf32>, tensor<2x1024xf32>
}
