// Convolutions with few output pixels and many input channels are
// products of their input windows by their weights (Im2col.c), rewritten
// before the groups are formed, so that an epilogue is fused as a
// product's is: one scf.forall computes each block of the product and its
// bias and relu. A 1x1 window with unit strides reads the input collapsed
// (no copy); a strided one copies its windows. The 49 rows take register
// tiles of 7 (a divisor) rather than 4 rows padded to 52. Each computes
// what the naive loops compute, on 1 and 2 threads, and with AVX2's tiles.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-4 --atol 1e-4
// RUN: dlc-opt %s --dlc-codegen='threads=2 vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: %python %S/Inputs/make_inputs.py %t 1x7x7x96 1x1x96x64 64 1x14x14x64 1x1x64x48
// RUN: dlc-run %s --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{threads=1 vector-bits=512 vector-registers=32}, dlc-lower-to-llvm)' -o %t/one.mlir
// RUN: dlc-run %t/one.mlir %{inputs} %{expect} | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{threads=2 vector-bits=512 vector-registers=32}, dlc-lower-to-llvm{threads=2})' -o %t/two.mlir
// RUN: dlc-run %t/two.mlir --threads 2 %{inputs} %{expect} | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{threads=2 vector-bits=256 vector-registers=16}, dlc-lower-to-llvm{threads=2})' -o %t/avx2.mlir
// RUN: dlc-run %t/avx2.mlir --threads 2 %{inputs} %{expect} | FileCheck %s --check-prefix=OUT
// CHECK-LABEL: func.func @main
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// CHECK: tensor.collapse_shape %arg0 {{.*}} into tensor<49x96xf32>
// CHECK: scf.forall {{.*}} in (2) {{.*}} -> (tensor<49x64xf32>)
// CHECK: vector.outerproduct {{.*}} : vector<7xf32>, vector<32xf32>
// CHECK: arith.maximumf
// CHECK: scf.forall.in_parallel
// CHECK: tensor.expand_shape {{.*}} into tensor<1x7x7x64xf32>
// CHECK: linalg.generic {{.*}} ins(%arg3 : tensor<1x14x14x64xf32>) outs({{.*}} : tensor<1x7x7x1x1x64xf32>)
// CHECK: tensor.collapse_shape {{.*}} into tensor<49x64xf32>
// CHECK: vector.outerproduct {{.*}} : vector<7xf32>, vector<32xf32>
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// OUT-COUNT-2: dtype=float32 {{.*}} ok
func.func @main(%x: tensor<1x7x7x96xf32>, %w: tensor<1x1x96x64xf32>, %bias: tensor<64xf32>,
                %x2: tensor<1x14x14x64xf32>, %w2: tensor<1x1x64x48xf32>)
    -> (tensor<1x7x7x64xf32>, tensor<1x7x7x48xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x7x7x96xf32>, tensor<1x1x96x64xf32>) outs(%init : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, f) -> (n, h, w, f)>, affine_map<(n, h, w, f) -> (f)>,
                                        affine_map<(n, h, w, f) -> (n, h, w, f)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%c, %bias : tensor<1x7x7x64xf32>, tensor<64xf32>) outs(%e : tensor<1x7x7x64xf32>) {
  ^bb0(%in: f32, %b: f32, %out: f32):
    %s = arith.addf %in, %b : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x7x7x64xf32>
  %e2 = tensor.empty() : tensor<1x7x7x48xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x7x7x48xf32>) -> tensor<1x7x7x48xf32>
  %c2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x2, %w2 : tensor<1x14x14x64xf32>, tensor<1x1x64x48xf32>) outs(%init2 : tensor<1x7x7x48xf32>) -> tensor<1x7x7x48xf32>
  return %r, %c2 : tensor<1x7x7x64xf32>, tensor<1x7x7x48xf32>
}
