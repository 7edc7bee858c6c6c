// A transpose between the NHWC convolutions and an NCHW value that a
// convolution's group takes as its epilogue is scheduled with that group,
// not again on its own: dlc-codegen read the erased op and crashed. The
// fast code matches the naive code.
// RUN: rm -rf %t && mkdir -p %t
// RUN: dlc-run %s --random-inputs --codegen=naive -o %t/naive > /dev/null
// RUN: dlc-run %s --random-inputs -o %t/fast > /dev/null
// RUN: %python -c "import numpy as n, sys; a, b = (n.load(sys.argv[i] + '/output_0.npy') for i in (1, 2)); print(a.shape, n.allclose(a, b, rtol=1e-4, atol=1e-4))" %t/naive %t/fast | FileCheck %s
// CHECK: (2, 16, 4, 4) True

func.func @main(%x: tensor<2x8x10x11xf32>, %w: tensor<16x8x3x3xf32>, %b: tensor<16xf32>,
                %w2: tensor<16x16x3x3xf32>) -> tensor<2x16x4x4xf32> {
  %y = "dlc_graph.conv"(%x, %w, %b) : (tensor<2x8x10x11xf32>, tensor<16x8x3x3xf32>, tensor<16xf32>) -> tensor<2x16x8x9xf32>
  %r = "dlc_graph.relu"(%y) : (tensor<2x16x8x9xf32>) -> tensor<2x16x8x9xf32>
  %z = "dlc_graph.conv"(%r, %w2) {pads = array<i64: 1, 1, 1, 1>} : (tensor<2x16x8x9xf32>, tensor<16x16x3x3xf32>) -> tensor<2x16x8x9xf32>
  %s = "dlc_graph.add"(%z, %r) : (tensor<2x16x8x9xf32>, tensor<2x16x8x9xf32>) -> tensor<2x16x8x9xf32>
  %p = "dlc_graph.max_pool"(%s) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<2x16x8x9xf32>) -> tensor<2x16x4x4xf32>
  return %p : tensor<2x16x4x4xf32>
}
