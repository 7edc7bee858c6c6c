// The JIT calls an entry through a wrapper it adds, named after it: names
// with quotes, backslashes and bytes outside ASCII work as any other.
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t levels
// RUN: dlc-run %s --input %t/a.npy --expect %t/a2.npy | FileCheck %s
// CHECK: output 0: shape=[4] dtype=float32 max_abs_err=0 max_rel_err=0 ok

func.func @"twice \"é\" \\ x"(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = "dlc_graph.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
