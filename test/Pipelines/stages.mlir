// Each named pipeline runs its stages and accepts IR at any higher level.
// RUN: dlc-opt %s --dlc-graph-to-linalg | FileCheck %s --check-prefix=LINALG
// RUN: dlc-opt %s --dlc-linalg-to-loops | FileCheck %s --check-prefix=LOOPS
// RUN: dlc-opt %s --dlc-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// Starting from the middle: linalg on tensors, then loops on buffers.
// RUN: dlc-opt %s --dlc-graph-to-linalg | dlc-opt --dlc-lower-to-llvm | FileCheck %s --check-prefix=LLVM
// RUN: dlc-opt %s --dlc-linalg-to-loops | dlc-opt --dlc-loops-to-llvm | FileCheck %s --check-prefix=LLVM

func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<?x?xf32> {
  %0 = "dlc_graph.gemm"(%x, %w, %b) : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<?x?xf32>
  %1 = "dlc_graph.relu"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// dlc-graph-to-linalg: shapes inferred, no dlc op left, linalg on tensors.
// LINALG-LABEL: func.func @main
// LINALG-SAME: -> tensor<2x4xf32>
// LINALG-NOT: dlc_
// LINALG: linalg.fill
// LINALG: linalg.matmul
// LINALG: linalg.generic {{.*}}"parallel", "parallel"
// LINALG-NOT: dlc_

// dlc-linalg-to-loops: buffers with the result as an out-parameter, loops.
// LOOPS-LABEL: func.func @main
// LOOPS-SAME: (%{{.*}}: memref<2x3xf32>, %{{.*}}: memref<3x4xf32>, %{{.*}}: memref<4xf32>, %[[OUT:.*]]: memref<2x4xf32>)
// LOOPS-NOT: linalg.
// LOOPS: scf.for
// LOOPS: memref.store {{.*}}, %[[OUT]]
// LOOPS-NOT: linalg.
// LOOPS-NOT: tensor<

// dlc-lower-to-llvm: nothing but the llvm dialect, bare pointers, i32 status.
// LLVM: llvm.func @main(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) -> i32
// LLVM-NOT: {{ (func|arith|scf|cf|memref|linalg|tensor|math|affine)\.}}
