// A channel slice of weights over 256 KB used by at most 64 pixels (3x3
// 256 -> 64 at 7x7: 32-channel slices of 295 KB) loops over blocks of 16
// input channels (18 KB of weights, kept in L1) outside the slice's rows,
// the accumulators in the slice's output between blocks; the epilogue
// then runs on the whole slice.
// RUN: dlc-opt %s -split-input-file --dlc-codegen='threads=1 vector-bits=512 vector-registers=32' | FileCheck %s
//
// Such layers, with and without an epilogue (bias, residual add, relu),
// compute what the naive loops compute, on one and two threads (the model
// and its weights written by Inputs/channel_blocks.py):
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --rtol 1e-4 --atol 1e-5
// RUN: %python %S/Inputs/channel_blocks.py %t
// RUN: dlc-run %t/model.mlir --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %t/model.mlir --threads 1 %{inputs} %{expect} | FileCheck %s --check-prefix=NUMERIC
// RUN: dlc-run %t/model.mlir --threads 2 %{inputs} %{expect} | FileCheck %s --check-prefix=NUMERIC
// NUMERIC-COUNT-2: dtype=float32 {{.*}} ok

// CHECK-LABEL: func.func @blocks
// CHECK: scf.forall ({{.*}}) in (2)
// CHECK: scf.for {{.*}} to %c256 step %c16 {{.*}} -> (tensor<1x7x7x32xf32>)
// CHECK: scf.for {{.*}} to %c7 step %c1
// CHECK: vector.fma {{.*}} : vector<32xf32>
// CHECK: arith.maximumf {{.*}} : vector<7x7x32xf32>
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @blocks(%x: tensor<1x9x9x256xf32>, %w: tensor<3x3x256x64xf32>) -> tensor<1x7x7x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x9x9x256xf32>, tensor<3x3x256x64xf32>) outs(%init : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y : tensor<1x7x7x64xf32>) outs(%e : tensor<1x7x7x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x7x7x64xf32>
  return %r : tensor<1x7x7x64xf32>
}

// -----

// Slices of 147 KB (128 input channels) stay whole: each row's tiles run
// the whole reduction in registers.
// CHECK-LABEL: func.func @no_blocks
// CHECK-NOT: step %c16
// CHECK: scf.for {{.*}} -> (vector<1x7x32xf32>)
func.func @no_blocks(%x: tensor<1x9x9x128xf32>, %w: tensor<3x3x128x64xf32>) -> tensor<1x7x7x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x7x7x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x9x9x128xf32>, tensor<3x3x128x64xf32>) outs(%init : tensor<1x7x7x64xf32>) -> tensor<1x7x7x64xf32>
  return %y : tensor<1x7x7x64xf32>
}

// -----

// A dynamic batch keeps the rows' schedule: the blocks leave the epilogue
// to whole slices, which would not vectorize.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-NOT: step %c16
// CHECK: scf.for {{.*}} -> (vector<1x7x32xf32>)
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @dynamic_batch(%x: tensor<?x9x9x256xf32>, %w: tensor<3x3x256x64xf32>) -> tensor<?x7x7x64xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x9x9x256xf32>
  %e = tensor.empty(%n) : tensor<?x7x7x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<?x7x7x64xf32>) -> tensor<?x7x7x64xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<?x9x9x256xf32>, tensor<3x3x256x64xf32>) outs(%init : tensor<?x7x7x64xf32>) -> tensor<?x7x7x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y : tensor<?x7x7x64xf32>) outs(%e : tensor<?x7x7x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %m = arith.maximumf %v, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x7x7x64xf32>
  return %r : tensor<?x7x7x64xf32>
}
