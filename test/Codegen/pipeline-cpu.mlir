// REQUIRES: x86_64
// The lowering pipelines' `cpu` chooses dlc-codegen's tiles for that CPU's
// vector registers, not the host's: a product's register tile is two
// vectors wide, 2 x 8 lanes for AVX2 (haswell), 2 x 4 for SSE (x86-64).
// AVX-512 tiles in code for an AVX2 CPU spilled: resnet18 took 45 ms where
// AVX2 tiles take 27 (Zen 5 host, dlc-translate --mcpu=haswell).
// RUN: dlc-opt %s --dlc-linalg-to-loops=cpu=haswell | FileCheck %s --check-prefix=AVX2
// RUN: dlc-opt %s --dlc-linalg-to-loops=cpu=x86-64 | FileCheck %s --check-prefix=SSE
// RUN: not dlc-opt %s --dlc-linalg-to-loops=cpu=no-such-cpu 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// AVX2: vector.outerproduct {{.*}} : vector<6xf32>, vector<16xf32>
// AVX2-NOT: vector<32xf32>
// AVX2-NOT: vector<64xf32>
// SSE: vector.outerproduct {{.*}} : vector<6xf32>, vector<8xf32>
// SSE-NOT: vector<16xf32>
// UNKNOWN: error: unknown CPU 'no-such-cpu': LLVM knows no such CPU for {{.*}} (`llc -mcpu=help` lists them; 'native' is the host)
func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x64xf32>)
                     outs(%f : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
