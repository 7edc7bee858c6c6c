// RUN: dlc-opt %s -split-input-file --dlc-codegen='threads=1 vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-codegen='threads=2 vector-bits=512 vector-registers=32' | FileCheck %s --check-prefix=THREADS

// Weights of at most 64 KB stay in cache through a whole output row of
// every channel slice: the rows are the outer loop (scf.forall over the
// 56 rows), each row tiled by 32 channels, so that each input row is read
// once and each output row written whole (MobileNet-V2's 1x1 16->96
// expansion, 6 KB of weights).
// CHECK-LABEL: func.func @small
// CHECK: scf.forall ({{.*}}) in (56)
// THREADS-LABEL: func.func @small
// THREADS: scf.forall ({{.*}}) in (56)
// CHECK: scf.for {{.*}} to %c96{{.*}} step %c32
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @small(%x: tensor<1x56x56x16xf32>, %w: tensor<1x1x16x96xf32>) -> tensor<1x56x56x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x56x56x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x56x56x96xf32>) -> tensor<1x56x56x96xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x56x56x16xf32>, tensor<1x1x16x96xf32>) outs(%init : tensor<1x56x56x96xf32>) -> tensor<1x56x56x96xf32>
  return %y : tensor<1x56x56x96xf32>
}

// -----

// Larger weights (144 KB) keep the channel slices outermost (3 slices of
// 32 channels), each slice's weights in cache while every pixel uses them.
// On 2 threads, weights up to 256 KB take the rows outermost too: the
// threads then share rows, as they do in the depthwise convolutions
// around such layers, and each reads the rows its core wrote.
// CHECK-LABEL: func.func @large
// CHECK: scf.forall ({{.*}}) in (3)
// CHECK: scf.forall ({{.*}}) in (56)
// THREADS-LABEL: func.func @large
// THREADS: scf.forall ({{.*}}) in (56)
// THREADS: scf.for {{.*}} to %c96{{.*}} step %c32
// CHECK-NOT: linalg.conv_2d_nhwc_hwcf
func.func @large(%x: tensor<1x56x56x384xf32>, %w: tensor<1x1x384x96xf32>) -> tensor<1x56x56x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x56x56x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x56x56x96xf32>) -> tensor<1x56x56x96xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x56x56x384xf32>, tensor<1x1x384x96xf32>) outs(%init : tensor<1x56x56x96xf32>) -> tensor<1x56x56x96xf32>
  return %y : tensor<1x56x56x96xf32>
}

// -----

// Above 256 KB (1x1 384->256, 384 KB) the channel slices stay outermost on
// 2 threads too: each thread reads half the weights.
// THREADS-LABEL: func.func @larger
// THREADS: scf.forall ({{.*}}) in (4)
func.func @larger(%x: tensor<1x14x14x384xf32>, %w: tensor<1x1x384x256xf32>) -> tensor<1x14x14x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x14x14x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x14x14x384xf32>, tensor<1x1x384x256xf32>) outs(%init : tensor<1x14x14x256xf32>) -> tensor<1x14x14x256xf32>
  return %y : tensor<1x14x14x256xf32>
}
