// An RGB 3x3/2 stem (3 input channels) steps a whole window row at a time:
// its tile holds the accumulators, the row's 9 weight vectors per vector
// of channels and the tile's input row (read as one vector with a stride)
// in at most 4 fewer registers than the host has. With 32 registers, 4
// pixels x 32 channels (8 + 18 + 2 registers), not the 8 x 32 that the
// accumulators alone allow (38: the loop spilled). Computes what the
// naive loops compute.
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: %python %S/Inputs/make_inputs.py %t 1x33x33x3 3x3x3x32
// RUN: dlc-run %s --codegen=naive --threads 1 --input %t/input_0.npy --input %t/input_1.npy -o %t/naive
// RUN: dlc-run %s --threads 1 --input %t/input_0.npy --input %t/input_1.npy --expect %t/naive/output_0.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// CHECK-NOT: vector<1x8x32xf32>
// CHECK: -> (vector<1x4x32xf32>)
// CHECK: tensor<1x33x33x3xf32>, vector<9x3xf32>
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
