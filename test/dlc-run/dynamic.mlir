// `?` dims are specialized from the actual inputs before lowering (or, with
// --dynamic, kept): the same model runs on batches of 1 and 5. A static dim
// must still fit.
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t dynamic
// RUN: dlc-run %s --input %t/x1.npy --expect %t/y1.npy | FileCheck %s --check-prefix=ONE
// RUN: dlc-run %s --input %t/x5.npy --expect %t/y5.npy | FileCheck %s --check-prefix=FIVE
// RUN: (dlc-run %s --input %t/bad.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=BAD

// --dynamic compiles the `?` as it is: the entry takes each input's shape
// and returns its output with its own (dlc-entry-abi); the same numbers.
// RUN: dlc-run %s --dynamic --input %t/x1.npy --expect %t/y1.npy | FileCheck %s --check-prefix=ONE
// RUN: dlc-run %s --dynamic --input %t/x5.npy --expect %t/y5.npy --repeat 2 | FileCheck %s --check-prefix=FIVE
// RUN: dlc-run %s --dynamic --codegen=naive --input %t/x5.npy --expect %t/y5.npy | FileCheck %s --check-prefix=FIVE
// RUN: (dlc-run %s --dynamic --input %t/bad.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=BAD

// Below the graph level nothing infers shapes: a `?` in an output stays,
// and the entry is a dynamic one.
// RUN: dlc-opt %s --dlc-graph-to-linalg -o %t/linalg.mlir
// RUN: dlc-run %t/linalg.mlir --input %t/x5.npy --expect %t/y5.npy | FileCheck %s --check-prefix=FIVE

// ONE: output 0: shape=[1, 2] dtype=float32 {{.*}} ok
// FIVE: output 0: shape=[5, 2] dtype=float32 {{.*}} ok
// BAD: dlc-run: '{{.*}}bad.npy' holds float32[2, 5], but the model's input 0 is float32[?, 4]
// BAD-NEXT: exit 2

func.func @main(%x: tensor<?x4xf32>) -> tensor<?x?xf32> {
  %w1 = "dlc_graph.constant"() {value = dense<[[0.5, -0.25, 0.125], [1.0, 0.75, -0.5], [-1.0, 0.25, 0.5], [0.25, -0.75, 1.0]]> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %b1 = "dlc_graph.constant"() {value = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %w2 = "dlc_graph.constant"() {value = dense<[[1.0, -1.0], [0.5, 0.25], [-0.5, 2.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %h = "dlc_graph.gemm"(%x, %w1, %b1) : (tensor<?x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  %r = "dlc_graph.relu"(%h) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %y = "dlc_graph.matmul"(%r, %w2) : (tensor<?x?xf32>, tensor<3x2xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
