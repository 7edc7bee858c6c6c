// Output channels that no tile of one to four whole vectors divides (104,
// 48 and 112 on AVX-512) are computed in slices of the widest tile whose
// rest is a vector of a power-of-two width (3 x 32 + 8, 32 + 16, 3 x 32 +
// 16): each row's loop over slices is peeled, the last slice narrower.
// Before, 104 channels took 8-lane vectors throughout and 48 or 112 one
// 16-lane vector, half or a third of the accumulators. The rows are the
// outer loop whatever the weights (the 301 KB of 672 -> 112, which would
// otherwise keep channel slices outermost): only a row's loop over slices
// can be peeled. Computes what the naive loops compute, on 1 and 2 threads.
// RUN: dlc-opt %s --dlc-codegen='threads=1 vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: %python %S/Inputs/make_inputs.py %t/a 1x9x13x16 1x1x16x104 104
// RUN: %python %S/Inputs/make_inputs.py %t/b 1x10x10x32 3x3x32x48
// RUN: %python %S/Inputs/make_inputs.py %t/c 1x14x14x672 1x1x672x112
// RUN: dlc-run %s --entry rest8 --codegen=naive --input %t/a/input_0.npy --input %t/a/input_1.npy --input %t/a/input_2.npy -o %t/a/naive
// RUN: dlc-run %s --entry rest16 --codegen=naive --input %t/b/input_0.npy --input %t/b/input_1.npy -o %t/b/naive
// RUN: dlc-run %s --entry large --codegen=naive --input %t/c/input_0.npy --input %t/c/input_1.npy -o %t/c/naive
// RUN: for t in 1 2; do \
// RUN:   dlc-run %s --entry rest8 --threads $t --input %t/a/input_0.npy --input %t/a/input_1.npy --input %t/a/input_2.npy --expect %t/a/naive/output_0.npy && \
// RUN:   dlc-run %s --entry rest16 --threads $t --input %t/b/input_0.npy --input %t/b/input_1.npy --expect %t/b/naive/output_0.npy && \
// RUN:   dlc-run %s --entry large --threads $t --input %t/c/input_0.npy --input %t/c/input_1.npy --expect %t/c/naive/output_0.npy || exit 1; \
// RUN: done | FileCheck %s --check-prefix=OUT
// OUT: output 0: shape=[1, 9, 13, 104] dtype=float32 {{.*}} ok
// OUT: output 0: shape=[1, 8, 8, 48] dtype=float32 {{.*}} ok
// OUT: output 0: shape=[1, 14, 14, 112] dtype=float32 {{.*}} ok
// OUT: output 0: shape=[1, 9, 13, 104] dtype=float32 {{.*}} ok
// OUT: output 0: shape=[1, 8, 8, 48] dtype=float32 {{.*}} ok
// OUT: output 0: shape=[1, 14, 14, 112] dtype=float32 {{.*}} ok

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#bias = affine_map<(d0, d1, d2, d3) -> (d3)>

// With a fused epilogue (bias and relu): 3 slices of 32 channels in tiles
// of 7 and 6 pixels (the row of 13 split evenly), then one of 8.
// CHECK-LABEL: func.func @rest8
// CHECK: scf.forall ({{.*}}) in (9)
// CHECK: scf.for {{.*}} to %c96 step %c32
// CHECK: -> (vector<1x7x32xf32>)
// CHECK: -> (vector<1x6x32xf32>)
// CHECK: -> (vector<1x7x8xf32>)
// CHECK: -> (vector<1x6x8xf32>)
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @rest8(%x: tensor<1x9x13x16xf32>, %w: tensor<1x1x16x104xf32>, %b: tensor<104xf32>) -> tensor<1x9x13x104xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x9x13x104xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x9x13x104xf32>) -> tensor<1x9x13x104xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x9x13x16xf32>, tensor<1x1x16x104xf32>) outs(%init : tensor<1x9x13x104xf32>) -> tensor<1x9x13x104xf32>
  %r = linalg.generic {indexing_maps = [#map, #bias, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%y, %b : tensor<1x9x13x104xf32>, tensor<104xf32>) outs(%e : tensor<1x9x13x104xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x9x13x104xf32>
  return %r : tensor<1x9x13x104xf32>
}

// A 3x3 window: 8 x 32 and 8 x 16, no 48-lane vectors.
// CHECK-LABEL: func.func @rest16
// CHECK-NOT: vector<1x{{[0-9]+}}x48xf32>
// CHECK: -> (vector<1x8x32xf32>)
// CHECK-NOT: vector<1x{{[0-9]+}}x48xf32>
// CHECK: -> (vector<1x8x16xf32>)
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @rest16(%x: tensor<1x10x10x32xf32>, %w: tensor<3x3x32x48xf32>) -> tensor<1x8x8x48xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x48xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x48xf32>) -> tensor<1x8x8x48xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x10x10x32xf32>, tensor<3x3x32x48xf32>) outs(%init : tensor<1x8x8x48xf32>) -> tensor<1x8x8x48xf32>
  return %y : tensor<1x8x8x48xf32>
}

// CHECK-LABEL: func.func @large
// CHECK: scf.forall ({{.*}}) in (14)
// CHECK: scf.for {{.*}} to %c96 step %c32
// CHECK: -> (vector<1x7x32xf32>)
// CHECK: -> (vector<1x7x16xf32>)
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @large(%x: tensor<1x14x14x672xf32>, %w: tensor<1x1x672x112xf32>) -> tensor<1x14x14x112xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x112xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x112xf32>) -> tensor<1x14x14x112xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x14x14x672xf32>, tensor<1x1x672x112xf32>) outs(%init : tensor<1x14x14x112xf32>) -> tensor<1x14x14x112xf32>
  return %y : tensor<1x14x14x112xf32>
}

// Where a tile of several vectors divides the channels, no rest: 96
// channels of a 3x3 window are 3 slices of 32 (12 x 32 tiles), not 64 and
// 32 (whose slice of 32 would keep the 6 pixels of the 6 x 64 tile).
// CHECK-LABEL: func.func @divides
// CHECK-NOT: x64xf32>)
// CHECK: scf.for {{.*}} to %c96 step %c32
// CHECK: -> (vector<1x12x32xf32>)
// CHECK-NOT: x64xf32>)
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @divides(%x: tensor<1x14x14x8xf32>, %w: tensor<3x3x8x96xf32>) -> tensor<1x12x12x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x12x12x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x12x12x96xf32>) -> tensor<1x12x12x96xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x14x14x8xf32>, tensor<3x3x8x96xf32>) outs(%init : tensor<1x12x12x96xf32>) -> tensor<1x12x12x96xf32>
  return %y : tensor<1x12x12x96xf32>
}
