// A Gather's loop nest fused into the transpose after it computes what the
// naive loops compute (Swin-T's attention: k = qkv.permute(2, 0, 3, 1,
// 4)[1], then k.transpose(-2, -1); the fused nest read the gathered rows
// untransposed).
// RUN: %python %S/../Codegen/Inputs/make_inputs.py %t 4x5x3x2x6
// RUN: dlc-run %s --codegen=naive --input %t/input_0.npy -o %t/naive
// RUN: dlc-run %s --input %t/input_0.npy --expect %t/naive/output_0.npy | FileCheck %s
// CHECK: output 0: shape=[4, 2, 6, 5] dtype=float32 {{.*}} ok
func.func @main(%x: tensor<4x5x3x2x6xf32>) -> tensor<4x2x6x5xf32> {
  %i = "dlc_graph.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %t = "dlc_graph.transpose"(%x) {perm = array<i64: 2, 0, 3, 1, 4>} : (tensor<4x5x3x2x6xf32>) -> tensor<3x4x2x5x6xf32>
  %g = "dlc_graph.gather"(%t, %i) : (tensor<3x4x2x5x6xf32>, tensor<i64>) -> tensor<4x2x5x6xf32>
  %y = "dlc_graph.transpose"(%g) {perm = array<i64: 0, 1, 3, 2>} : (tensor<4x2x5x6xf32>) -> tensor<4x2x6x5xf32>
  return %y : tensor<4x2x6x5xf32>
}
