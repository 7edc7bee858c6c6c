// A model compiled for any batch runs in NHWC between its convolutions, as
// with a static batch: the sizes of the layout change's new ops are read
// back to the entry's argument, so the NCHW pads it replaced go and the
// transposes between the layers cancel: the convolutions read NHWC padded
// buffers (?x10x10x16, views of the arena dlc-plan-memory sizes by the
// batch), and no NCHW padded buffer (?x16x10x10) is left.
// RUN: dlc-opt %s --dlc-linalg-to-loops | FileCheck %s
// CHECK-LABEL: func.func @main
// CHECK-NOT: memref<?x16x10x10xf32>
// CHECK: memref.view {{.*}} : memref<?xi8> to memref<?x10x10x16xf32>
// CHECK-NOT: memref<?x16x10x10xf32>

func.func @main(%x: tensor<?x16x8x8xf32>, %w: tensor<16x16x3x3xf32>, %w2: tensor<16x16x3x3xf32>) -> tensor<?x16x8x8xf32> {
  %y = "dlc_graph.conv"(%x, %w) {pads = array<i64: 1, 1, 1, 1>} : (tensor<?x16x8x8xf32>, tensor<16x16x3x3xf32>) -> tensor<?x16x8x8xf32>
  %r = "dlc_graph.relu"(%y) : (tensor<?x16x8x8xf32>) -> tensor<?x16x8x8xf32>
  %z = "dlc_graph.conv"(%r, %w2) {pads = array<i64: 1, 1, 1, 1>} : (tensor<?x16x8x8xf32>, tensor<16x16x3x3xf32>) -> tensor<?x16x8x8xf32>
  %s = "dlc_graph.add"(%z, %r) : (tensor<?x16x8x8xf32>, tensor<?x16x8x8xf32>) -> tensor<?x16x8x8xf32>
  return %s : tensor<?x16x8x8xf32>
}
