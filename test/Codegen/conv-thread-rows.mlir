// Channel slices that threads cannot share evenly: 96 channels are 3
// slices of 32 on AVX-512 (two vectors), which on 2 threads would leave one
// thread idle a third of the time (24 channels as 3 slices of 8 on AVX2,
// before they took a slice of 16 and one of 8: conv-channel-rest.mlir,
// which the rows' schedule computes as well). There the rows
// are what threads share (the outer scf.forall over the 12 output rows),
// each row tiled by 32 channels, then by pixels; on 1 thread too, since
// these weights are small (conv-small-weights.mlir), and on AVX2 (6 even
// slices of 16) for the same reason. Each computes what the
// naive loops compute, fused epilogue (bias + relu) and lone convolution
// alike.
// RUN: dlc-opt %s --dlc-codegen='threads=2 vector-bits=512 vector-registers=32' | FileCheck %s --check-prefix=ROWS
// RUN: dlc-opt %s --dlc-codegen='threads=2 vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=ROWS
// RUN: dlc-opt %s --dlc-codegen='threads=1 vector-bits=512 vector-registers=32' | FileCheck %s --check-prefix=ROWS
// RUN: %python %S/Inputs/make_inputs.py %t 1x14x14x8 3x3x8x96 96 1x10x10x16 1x1x16x96
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{threads=2 vector-bits=512 vector-registers=32}, dlc-lower-to-llvm{threads=2})' -o %t/avx512.mlir
// RUN: dlc-run %t/avx512.mlir --threads 2 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{threads=2 vector-bits=256 vector-registers=16}, dlc-lower-to-llvm{threads=2})' -o %t/avx2.mlir
// RUN: dlc-run %t/avx2.mlir --threads 2 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// ROWS-NOT: linalg.conv_2d_nhwc_hwcf
// ROWS: scf.forall ({{.*}}) in (12)
// ROWS: scf.for {{.*}} to %c96{{.*}} step %c{{32|16}}
// ROWS: arith.maximumf {{.*}}xf32>
// ROWS: scf.forall ({{.*}}) in (10)
// ROWS: scf.for {{.*}} to %c96{{.*}} step %c{{32|16}}
// ROWS-NOT: linalg.conv_2d_nhwc_hwcf
// OUT: output 0: shape=[1, 12, 12, 96] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[1, 10, 10, 96] dtype=float32 {{.*}} ok
func.func @main(%x: tensor<1x14x14x8xf32>, %w: tensor<3x3x8x96xf32>, %b: tensor<96xf32>,
                %x2: tensor<1x10x10x16xf32>, %w2: tensor<1x1x16x96xf32>)
    -> (tensor<1x12x12x96xf32>, tensor<1x10x10x96xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x12x12x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x12x12x96xf32>) -> tensor<1x12x12x96xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x14x14x8xf32>, tensor<3x3x8x96xf32>) outs(%init : tensor<1x12x12x96xf32>) -> tensor<1x12x12x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y, %b : tensor<1x12x12x96xf32>, tensor<96xf32>) outs(%e : tensor<1x12x12x96xf32>) {
  ^bb0(%in: f32, %bias: f32, %out: f32):
    %s = arith.addf %in, %bias : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x12x12x96xf32>
  %e2 = tensor.empty() : tensor<1x10x10x96xf32>
  %init2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1x10x10x96xf32>) -> tensor<1x10x10x96xf32>
  %y2 = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x2, %w2 : tensor<1x10x10x16xf32>, tensor<1x1x16x96xf32>) outs(%init2 : tensor<1x10x10x96xf32>) -> tensor<1x10x10x96xf32>
  return %r, %y2 : tensor<1x12x12x96xf32>, tensor<1x10x10x96xf32>
}
