// conv-tiles fixes a direct convolution's parameters (wt,ft,kwt,ct), as
// matmul-tiles does a product's: here 2 pixels x 16 channels, the whole
// 3-column window row per step, 3 input channels a step, instead of DLC's
// 4 x 32; the result is what the naive loops compute.
// RUN: dlc-opt %s --dlc-codegen='conv-tiles=2,16,3,3 vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: %python %S/Inputs/make_inputs.py %t 1x33x33x3 3x3x3x32
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{conv-tiles=2,16,3,3}, dlc-lower-to-llvm)' -o %t/fixed.mlir
// RUN: dlc-run %t/fixed.mlir --input %t/input_0.npy --input %t/input_1.npy --expect %t/naive/output_0.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// CHECK: scf.forall ({{.*}}) in (16)
// CHECK: scf.for {{.*}} to %c32 step %c16
// CHECK: scf.for {{.*}} to %c16 step %c2
// CHECK: -> (vector<1x2x16xf32>)
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
// OUT: output 0: shape=[1, 16, 16, 32] dtype=float32 {{.*}} ok
func.func @stem(%x: tensor<1x33x33x3xf32>, %w: tensor<3x3x3x32xf32>) -> tensor<1x16x16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : tensor<1x33x33x3xf32>, tensor<3x3x3x32xf32>) outs(%init : tensor<1x16x16x32xf32>) -> tensor<1x16x16x32xf32>
  return %y : tensor<1x16x16x32xf32>
}
