// A matrix-vector product (under 4 rows) whose register tile does not
// divide N, B read at run time, splits into the columns of whole tiles
// (blocks of one tile) and the rest, a product with tiles of its own: only
// the rest's columns of B are padded (copied) on each run, not every
// block. A constant B with data of its own stays one product (its padded
// blocks are packed when compiling); a splat, which is not packed, splits.
// Each product equals the naive loops', on 1 and 2 threads.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: %python %S/Inputs/make_inputs.py %t 1x64 64x1000 3x64 64x300 1x2
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/one.mlir
// RUN: dlc-run %t/one.mlir --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --expect %t/naive/output_3.npy --rtol 1e-4 --atol 1e-4 | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32 threads=2}, dlc-lower-to-llvm{threads=2})' -o %t/two.mlir
// RUN: dlc-run %t/two.mlir --threads 2 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --expect %t/naive/output_3.npy --rtol 1e-4 --atol 1e-4 | FileCheck %s --check-prefix=OUT
// CHECK: tensor<64x1000xf32> to tensor<64x896xf32>
// CHECK: scf.forall {{.*}} in (7)
// CHECK: -> (vector<1x128xf32>)
// CHECK: tensor<64x1000xf32> to tensor<64x104xf32>
// CHECK: -> (vector<1x64xf32>)
// CHECK: tensor<64x300xf32> to tensor<64x256xf32>
// CHECK: -> (vector<3x128xf32>)
// CHECK: tensor<64x300xf32> to tensor<64x44xf32>
// CHECK: -> (vector<3x32xf32>)
// CHECK: dense<5.000000e-01> : tensor<64x104xf32>
// CHECK: -> (vector<1x128xf32>)
// CHECK: -> (vector<1x64xf32>)
// CHECK: } : tensor<2x136xf32> to tensor<2x256xf32>
// CHECK: -> (vector<1x128xf32>)
// OUT: output 0: shape=[1, 1000] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[3, 300] dtype=float32 {{.*}} ok
// OUT: output 2: shape=[1, 1000] dtype=float32 {{.*}} ok
// OUT: output 3: shape=[1, 136] dtype=float32 {{.*}} ok
func.func @main(%a: tensor<1x64xf32>, %b: tensor<64x1000xf32>, %a3: tensor<3x64xf32>, %b3: tensor<64x300xf32>,
                %a5: tensor<1x2xf32>)
    -> (tensor<1x1000xf32>, tensor<3x300xf32>, tensor<1x1000xf32>, tensor<1x136xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1000xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %c = linalg.matmul ins(%a, %b : tensor<1x64xf32>, tensor<64x1000xf32>) outs(%init : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %e3 = tensor.empty() : tensor<3x300xf32>
  %init3 = linalg.fill ins(%zero : f32) outs(%e3 : tensor<3x300xf32>) -> tensor<3x300xf32>
  %c3 = linalg.matmul ins(%a3, %b3 : tensor<3x64xf32>, tensor<64x300xf32>) outs(%init3 : tensor<3x300xf32>) -> tensor<3x300xf32>
  %w = arith.constant dense<0.5> : tensor<64x1000xf32>
  %e4 = tensor.empty() : tensor<1x1000xf32>
  %init4 = linalg.fill ins(%zero : f32) outs(%e4 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %c4 = linalg.matmul ins(%a, %w : tensor<1x64xf32>, tensor<64x1000xf32>) outs(%init4 : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %w5 = arith.constant dense<[[-4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0,
      0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0,
      4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0,
      -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0,
      3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0,
      -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0,
      2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0,
      -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0],
     [1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0,
      -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0,
      0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0,
      4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0,
      -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0,
      3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0,
      -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0,
      2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0, -3.0, 2.0, -2.0, 3.0, -1.0, 4.0, 0.0, -4.0, 1.0]]> : tensor<2x136xf32>
  %e5 = tensor.empty() : tensor<1x136xf32>
  %init5 = linalg.fill ins(%zero : f32) outs(%e5 : tensor<1x136xf32>) -> tensor<1x136xf32>
  %c5 = linalg.matmul ins(%a5, %w5 : tensor<1x2xf32>, tensor<2x136xf32>) outs(%init5 : tensor<1x136xf32>) -> tensor<1x136xf32>
  return %c, %c3, %c4, %c5 : tensor<1x1000xf32>, tensor<3x300xf32>, tensor<1x1000xf32>, tensor<1x136xf32>
}
