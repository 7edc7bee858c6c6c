// Narrow groups whose columns exceed 64 KB a group are merged into wide
// ones (dlc-convert-layout, LayoutGroupedConv.c), their weights
// block-diagonal, and computed as a loop of direct convolutions: 8 groups
// of 4 channels (3x3, padded, with a bias and relu) as 2 groups of 16, 4
// groups of 8 at 28x28 as 2 of 16. 8 groups of 4 -> 2 channels would
// need 8 at a time and stay NCHW columns. Each computes what the naive
// loops compute, on one and two threads. The model, with its weights as
// dense_resource blobs, is written by Inputs/narrow_groups.py.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-4
// RUN: %python %S/Inputs/narrow_groups.py %t
// RUN: dlc-run %t/model.mlir --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %t/model.mlir --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-run %t/model.mlir --threads 2 %{inputs} %{expect} | FileCheck %s
// CHECK-COUNT-3: dtype=float32 {{.*}} ok
//
// RUN: dlc-opt %t/model.mlir --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-convert-layout)' | FileCheck %s --check-prefix=LAYOUT
// LAYOUT-LABEL: func.func @main
// LAYOUT: linalg.conv_2d_nhwgc_gfhwc {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x26x26x2x16xf32>, tensor<2x16x3x3x16xf32>)
// LAYOUT: linalg.conv_2d_nhwgc_gfhwc {{.*}} ins(%{{.*}}, %{{.*}} : tensor<1x30x30x2x16xf32>, tensor<2x16x3x3x16xf32>)
// LAYOUT: linalg.conv_2d_ngchw_gfchw {{.*}} tensor<8x2x4x3x3xf32>
