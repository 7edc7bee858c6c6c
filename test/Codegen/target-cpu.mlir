// Tiles for another CPU than the host: an AVX-512 register tile (8 x 32)
// or an AVX2 one (6 x 16: 64 rows padded to 66) whatever this machine has,
// and the same outputs as the naive code.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: dlc-opt %s --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2
// RUN: not dlc-opt %s --dlc-codegen='vector-bits=300' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %python %S/Inputs/make_inputs.py %t 64x64 64x96
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/avx512.mlir
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy -o %t/naive
// RUN: dlc-run %t/avx512.mlir --input %t/input_0.npy --input %t/input_1.npy --expect %t/naive/output_0.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{vector-bits=256 vector-registers=16}, dlc-lower-to-llvm)' -o %t/avx2.mlir
// RUN: dlc-run %t/avx2.mlir --input %t/input_0.npy --input %t/input_1.npy --expect %t/naive/output_0.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// CHECK: vector.outerproduct {{.*}} : vector<8xf32>, vector<32xf32>
// AVX2: vector.outerproduct {{.*}} : vector<6xf32>, vector<16xf32>
// BAD: vector-bits must be 128, 256 or 512 and vector-registers at least 8 (0: the host's), got 300 and 0
// OUT: output 0: shape=[64, 96] dtype=float32 {{.*}} ok
func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x96xf32>) -> tensor<64x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<64x96xf32>) -> tensor<64x96xf32>
  %y = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x96xf32>) outs(%init : tensor<64x96xf32>) -> tensor<64x96xf32>
  return %y : tensor<64x96xf32>
}
