// Results that are an input (identity) or a constant are copied into the
// caller's buffers; the input file is not modified.
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t identity_constant
// RUN: dlc-run %s --input %t/x.npy --expect %t/x.npy --expect %t/c.npy | FileCheck %s
// RUN: dlc-run %s --input %t/x.npy | FileCheck %s --check-prefix=VALUES

// CHECK: output 0: shape=[2, 3] dtype=float32 max_abs_err=0 max_rel_err=0 ok
// CHECK: output 1: shape=[2] dtype=int64 max_abs_err=0 max_rel_err=0 ok
// VALUES: output 0: shape=[2, 3] dtype=float32 values=[0, 1, 2, 3, 4, 5]
// VALUES: output 1: shape=[2] dtype=int64 values=[7, -8]

// A model without inputs.
// RUN: dlc-run %s --entry constant --expect %t/c.npy | FileCheck %s --check-prefix=NO-INPUTS
// NO-INPUTS: output 0: shape=[2] dtype=int64 max_abs_err=0 max_rel_err=0 ok

func.func @main(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2xi64>) {
  %c = "dlc_graph.constant"() {value = dense<[7, -8]> : tensor<2xi64>} : () -> tensor<2xi64>
  return %x, %c : tensor<2x3xf32>, tensor<2xi64>
}

func.func @constant() -> tensor<2xi64> {
  %c = "dlc_graph.constant"() {value = dense<[7, -8]> : tensor<2xi64>} : () -> tensor<2xi64>
  return %c : tensor<2xi64>
}
