// Layers whose output channels dlc-convert-layout pads (58 -> 64: a 1x1
// convolution with a relu, a depthwise one with a sigmoid; 72 -> 80: a 1x1
// convolution before a depthwise one, which is widened to 80; 1000 ->
// 1008: a matrix-vector product with a tanh), their biases and activations
// computed on the padded channels in the producers' tiles
// (dlc-fuse-elementwise), compute what the naive loops compute, on one and
// two threads. The model, with its weights as dense_resource blobs, is
// written by Inputs/padded_epilogues.py.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --rtol 1e-4 --atol 1e-5
// RUN: %python %S/Inputs/padded_epilogues.py %t
// RUN: dlc-run %t/model.mlir --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %t/model.mlir --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-run %t/model.mlir --threads 2 %{inputs} %{expect} | FileCheck %s
// CHECK-COUNT-3: dtype=float32 {{.*}} ok
//
// The relu and the sigmoid run in the tiles' vectors; the depthwise
// convolution pads all 64 channels of the relu's result, the slice comes
// after the sigmoid; the second depthwise convolution reads 80 channels
// (WIDE).
// RUN: dlc-opt %t/model.mlir --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-convert-layout, dlc-fuse-elementwise, canonicalize, dlc-codegen{vector-bits=512 vector-registers=32})' | FileCheck %s --check-prefix=CODEGEN
// CODEGEN-LABEL: func.func @main
// CODEGEN: vector.fma
// CODEGEN: arith.maximumf {{.*}} : vector<{{[0-9]+}}x{{[0-9]+}}xf32>
// CODEGEN-NOT: tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 14, 14, 58]
// CODEGEN: } : tensor<1x14x14x64xf32> to tensor<1x16x16x64xf32>
// CODEGEN: math.exp {{.*}} : vector<{{[0-9]+}}x16xf32>
// CODEGEN: tensor.extract_slice %{{.*}}[0, 0, 0, 0] [1, 14, 14, 58] [1, 1, 1, 1] : tensor<1x14x14x64xf32>
// RUN: dlc-opt %t/model.mlir --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-convert-layout, dlc-fuse-elementwise, canonicalize, dlc-codegen{vector-bits=512 vector-registers=32})' | FileCheck %s --check-prefix=WIDE
// WIDE: tensor.pad %{{.*}} low[0, 1, 1, 0] high[0, 1, 1, 0]
// WIDE: } : tensor<1x10x10x80xf32> to tensor<1x12x12x80xf32>
