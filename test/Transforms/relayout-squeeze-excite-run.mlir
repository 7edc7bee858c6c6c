// A squeeze-and-excitation block computes what the naive loops compute
// once its activations are computed in NHWC for both their readers (the
// pooling and the scaling; dlc-fuse-elementwise's shared results), on one
// thread and on two.
// RUN: %python %S/../Codegen/Inputs/make_inputs.py %t 1x24x7x7 24x1x3x3 24 6x24x1x1 24x6x1x1 16x24x1x1
// RUN: dlc-run %s --codegen=naive --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy -o %t/naive
// RUN: dlc-run %s --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy --expect %t/naive/output_0.npy | FileCheck %s
// RUN: dlc-run %s --threads 2 --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy --expect %t/naive/output_0.npy | FileCheck %s
// CHECK: output 0: shape=[1, 16, 7, 7] dtype=float32 {{.*}} ok
func.func @main(%x: tensor<1x24x7x7xf32>, %wd: tensor<24x1x3x3xf32>, %bd: tensor<24xf32>,
                %w1: tensor<6x24x1x1xf32>, %w2: tensor<24x6x1x1xf32>,
                %w3: tensor<16x24x1x1xf32>) -> tensor<1x16x7x7xf32> {
  %d = "dlc_graph.conv"(%x, %wd, %bd) {group = 24 : i64, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x24x7x7xf32>, tensor<24x1x3x3xf32>, tensor<24xf32>) -> tensor<1x24x7x7xf32>
  %ds = "dlc_graph.sigmoid"(%d) : (tensor<1x24x7x7xf32>) -> tensor<1x24x7x7xf32>
  %a = "dlc_graph.mul"(%d, %ds) : (tensor<1x24x7x7xf32>, tensor<1x24x7x7xf32>) -> tensor<1x24x7x7xf32>
  %p = "dlc_graph.global_avg_pool"(%a) : (tensor<1x24x7x7xf32>) -> tensor<1x24x1x1xf32>
  %q = "dlc_graph.conv"(%p, %w1) : (tensor<1x24x1x1xf32>, tensor<6x24x1x1xf32>) -> tensor<1x6x1x1xf32>
  %r = "dlc_graph.relu"(%q) : (tensor<1x6x1x1xf32>) -> tensor<1x6x1x1xf32>
  %s = "dlc_graph.conv"(%r, %w2) : (tensor<1x6x1x1xf32>, tensor<24x6x1x1xf32>) -> tensor<1x24x1x1xf32>
  %ss = "dlc_graph.sigmoid"(%s) : (tensor<1x24x1x1xf32>) -> tensor<1x24x1x1xf32>
  %m = "dlc_graph.mul"(%a, %ss) : (tensor<1x24x7x7xf32>, tensor<1x24x1x1xf32>) -> tensor<1x24x7x7xf32>
  %y = "dlc_graph.conv"(%m, %w3) : (tensor<1x24x7x7xf32>, tensor<16x24x1x1xf32>) -> tensor<1x16x7x7xf32>
  return %y : tensor<1x16x7x7xf32>
}
