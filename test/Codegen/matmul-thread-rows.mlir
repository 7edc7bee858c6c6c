// Products with fewer column blocks than threads: threads share blocks of
// rows instead (@dlc_matmul_rows[_fused], @dlc_batch_matmul_rows, and the
// product an im2col convolution becomes), each block whole register tiles;
// where M is a few register tiles, one tile each (49 rows in tiles of 7 on
// AVX-512: 7 blocks of 7, static, rather than 28 + 21, the last of a
// dynamic size and so padded). On one thread, and where
// batches or column blocks are enough, the columns stay what the scf.forall
// shares; so they do where B is the larger operand and its columns split
// evenly (the 1x1 convolution to 128 channels: 49 rows, two blocks of 64
// columns), so that no thread reads all of B. Each computes what the naive
// loops compute.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --expect %t/naive/output_3.npy --rtol 1e-4 --atol 1e-4
// RUN: dlc-opt %s --dlc-codegen='threads=2 vector-bits=512 vector-registers=32' | FileCheck %s --check-prefix=ROWS
// RUN: dlc-opt %s --dlc-codegen='threads=1 vector-bits=512 vector-registers=32' | FileCheck %s --check-prefix=COLS
// RUN: %python %S/Inputs/make_inputs.py %t 49x96 96x48 48 1x49x96 1x96x48 1x7x7x256
// RUN: dlc-run %s --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{threads=2 vector-bits=512 vector-registers=32}, dlc-lower-to-llvm{threads=2})' -o %t/avx512.mlir
// RUN: dlc-run %t/avx512.mlir --threads 2 %{inputs} %{expect} | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{threads=2 vector-bits=256 vector-registers=16}, dlc-lower-to-llvm{threads=2})' -o %t/avx2.mlir
// RUN: dlc-run %t/avx2.mlir --threads 2 %{inputs} %{expect} | FileCheck %s --check-prefix=OUT
// ROWS: scf.forall ({{.*}}) in (7) shared_outs({{.*}}) -> (tensor<49x48xf32>)
// ROWS: tensor.extract_slice %arg0[{{.*}}, 0] [7, 96] [1, 1] : tensor<49x96xf32> to tensor<7x96xf32>
// ROWS: arith.addf %in
// ROWS: scf.forall ({{.*}}) in (7) shared_outs({{.*}}) -> (tensor<1x49x48xf32>)
// ROWS: tensor.extract_slice %arg3[0, {{.*}}, 0] [1, 7, 96]
// ROWS: scf.forall ({{.*}}) in (7) shared_outs({{.*}}) -> (tensor<49x160xf32>)
// ROWS: tensor.extract_slice %collapsed[{{.*}}, 0] [7, 256] [1, 1] : tensor<49x256xf32> to tensor<7x256xf32>
// ROWS: scf.forall ({{.*}}) in (2) shared_outs(%[[DEST:.*]] = {{.*}}) -> (tensor<49x128xf32>)
// ROWS: tensor.extract_slice %[[DEST]][0, {{.*}}] [49, 64] [1, 1]
// COLS-NOT: scf.forall
// OUT-COUNT-4: dtype=float32 {{.*}} ok
func.func @main(%a: tensor<49x96xf32>, %b: tensor<96x48xf32>, %bias: tensor<48xf32>,
                %ba: tensor<1x49x96xf32>, %bb: tensor<1x96x48xf32>, %x: tensor<1x7x7x256xf32>)
    -> (tensor<49x48xf32>, tensor<1x49x48xf32>, tensor<1x7x7x160xf32>, tensor<1x7x7x128xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<49x48xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<49x48xf32>) -> tensor<49x48xf32>
  %p = linalg.matmul ins(%a, %b : tensor<49x96xf32>, tensor<96x48xf32>) outs(%init : tensor<49x48xf32>) -> tensor<49x48xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(m, n) -> (m, n)>, affine_map<(m, n) -> (n)>, affine_map<(m, n) -> (m, n)>],
                       iterator_types = ["parallel", "parallel"]}
    ins(%p, %bias : tensor<49x48xf32>, tensor<48xf32>) outs(%e : tensor<49x48xf32>) {
  ^bb0(%in: f32, %c: f32, %out: f32):
    %s = arith.addf %in, %c : f32
    linalg.yield %s : f32
  } -> tensor<49x48xf32>
  %be = tensor.empty() : tensor<1x49x48xf32>
  %binit = linalg.fill ins(%zero : f32) outs(%be : tensor<1x49x48xf32>) -> tensor<1x49x48xf32>
  %bp = linalg.batch_matmul ins(%ba, %bb : tensor<1x49x96xf32>, tensor<1x96x48xf32>) outs(%binit : tensor<1x49x48xf32>) -> tensor<1x49x48xf32>
  %w = arith.constant dense<0.01> : tensor<1x1x256x160xf32>
  %ce = tensor.empty() : tensor<1x7x7x160xf32>
  %cinit = linalg.fill ins(%zero : f32) outs(%ce : tensor<1x7x7x160xf32>) -> tensor<1x7x7x160xf32>
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x7x7x256xf32>, tensor<1x1x256x160xf32>) outs(%cinit : tensor<1x7x7x160xf32>) -> tensor<1x7x7x160xf32>
  %w2 = arith.constant dense<0.02> : tensor<1x1x256x128xf32>
  %ce2 = tensor.empty() : tensor<1x7x7x128xf32>
  %cinit2 = linalg.fill ins(%zero : f32) outs(%ce2 : tensor<1x7x7x128xf32>) -> tensor<1x7x7x128xf32>
  %c2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w2 : tensor<1x7x7x256xf32>, tensor<1x1x256x128xf32>) outs(%cinit2 : tensor<1x7x7x128xf32>) -> tensor<1x7x7x128xf32>
  return %r, %bp, %c, %c2 : tensor<49x48xf32>, tensor<1x49x48xf32>, tensor<1x7x7x160xf32>, tensor<1x7x7x128xf32>
}
