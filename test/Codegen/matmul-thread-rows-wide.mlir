// Threads sharing rows of a product in four-vector register tiles: each
// thread's block is whole 6-row tiles where the rows divide by 6 (600: two
// blocks of 300), else 4-row ones where they divide by 4 (512: two blocks
// of 256, where 6-row tiles split them as 258 and 254 and ran as slowly as
// one thread). Each computes what the naive loops compute.
// RUN: dlc-opt %s --dlc-codegen='threads=2 vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: %python %S/Inputs/make_inputs.py %t 512x512 512x64 600x512
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{threads=2 vector-bits=512 vector-registers=32}, dlc-lower-to-llvm{threads=2})' -o %t/avx512.mlir
// RUN: dlc-run %t/avx512.mlir --threads 2 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-4 --atol 1e-4 | FileCheck %s --check-prefix=OUT
// CHECK: scf.forall ({{.*}}) in (2) shared_outs({{.*}}) -> (tensor<512x64xf32>)
// CHECK: tensor.extract_slice %arg0[{{.*}}, 0] [256, 512] [1, 1] : tensor<512x512xf32> to tensor<256x512xf32>
// CHECK: -> (vector<4x64xf32>)
// CHECK: scf.forall ({{.*}}) in (2) shared_outs({{.*}}) -> (tensor<600x64xf32>)
// CHECK: tensor.extract_slice %arg2[{{.*}}, 0] [300, 512] [1, 1] : tensor<600x512xf32> to tensor<300x512xf32>
// CHECK: -> (vector<6x64xf32>)
// OUT: output 0: shape=[512, 64] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[600, 64] dtype=float32 {{.*}} ok
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x64xf32>, %a2: tensor<600x512xf32>) -> (tensor<512x64xf32>, tensor<600x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<512x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<512x64xf32>) -> tensor<512x64xf32>
  %c = linalg.matmul ins(%a, %b : tensor<512x512xf32>, tensor<512x64xf32>) outs(%init : tensor<512x64xf32>) -> tensor<512x64xf32>
  %e2 = tensor.empty() : tensor<600x64xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<600x64xf32>) -> tensor<600x64xf32>
  %c2 = linalg.matmul ins(%a2, %b : tensor<600x512xf32>, tensor<512x64xf32>) outs(%init2 : tensor<600x64xf32>) -> tensor<600x64xf32>
  return %c, %c2 : tensor<512x64xf32>, tensor<600x64xf32>
}
