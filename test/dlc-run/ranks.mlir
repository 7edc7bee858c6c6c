// Any rank: rank 0 (a scalar tensor) and rank 6.
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t ranks
// RUN: dlc-run %s --entry scalar --input %t/s.npy --input %t/s.npy --expect %t/s2.npy | FileCheck %s --check-prefix=SCALAR
// RUN: dlc-run %s --entry scalar --input %t/s.npy --input %t/s.npy | FileCheck %s --check-prefix=SCALARVAL
// RUN: dlc-run %s --entry rank6 --input %t/x6.npy --input %t/x6.npy --expect %t/x6x2.npy | FileCheck %s --check-prefix=RANK6

// SCALAR: output 0: shape=[] dtype=float32 max_abs_err=0 max_rel_err=0 ok
// SCALARVAL: output 0: shape=[] dtype=float32 values=[5]
// RANK6: output 0: shape=[2, 1, 3, 1, 2, 2] dtype=float32 max_abs_err=0 max_rel_err=0 ok

func.func @scalar(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

func.func @rank6(%a: tensor<2x1x3x1x2x2xf32>, %b: tensor<2x1x3x1x2x2xf32>) -> tensor<2x1x3x1x2x2xf32> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x1x3x1x2x2xf32>, tensor<2x1x3x1x2x2xf32>) -> tensor<2x1x3x1x2x2xf32>
  return %r : tensor<2x1x3x1x2x2xf32>
}
