// Each dialect's IRDL file loads on its own into stock mlir-opt, and holds
// only its own dialect: IR of the other one is rejected as unregistered.
// RUN: not mlir-opt --irdl-file=%dlc_src/dialects/graph.irdl.mlir %s -split-input-file 2> %t.graph.err | FileCheck %s --check-prefix=GRAPH
// RUN: FileCheck %s --check-prefix=GRAPH-ERR --input-file=%t.graph.err
// RUN: not mlir-opt --irdl-file=%dlc_src/dialects/tensor.irdl.mlir %s -split-input-file 2> %t.tensor.err | FileCheck %s --check-prefix=TENSOR
// RUN: FileCheck %s --check-prefix=TENSOR-ERR --input-file=%t.tensor.err

// Each file is one irdl.dialect.
// RUN: mlir-opt %dlc_src/dialects/graph.irdl.mlir | FileCheck %s --check-prefix=GRAPH-IRDL
// RUN: mlir-opt %dlc_src/dialects/tensor.irdl.mlir | FileCheck %s --check-prefix=TENSOR-IRDL
// GRAPH-IRDL: irdl.dialect @dlc_graph
// GRAPH-IRDL: irdl.operation @matmul
// GRAPH-IRDL-NOT: irdl.dialect
// TENSOR-IRDL: irdl.dialect @dlc_tensor
// TENSOR-IRDL: irdl.operation @contract
// TENSOR-IRDL-NOT: irdl.dialect

// GRAPH-LABEL: func.func @graph
// GRAPH: "dlc_graph.gemm"(%{{.*}}, %{{.*}}, %{{.*}}) {trans_b = true}
// GRAPH-NOT: func.func @tensor
// TENSOR-ERR: irdl-dialects-alone.mlir:[[# @LINE + 2]]:24: error: operation being parsed with an unregistered dialect
func.func @graph(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "dlc_graph.gemm"(%a, %b, %c) {trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// TENSOR-NOT: func.func @graph
// TENSOR-LABEL: func.func @tensor
// TENSOR: "dlc_tensor.pad"(%{{.*}}, %{{.*}}) {high = array<i64: 1>, interior = array<i64: 0>, low = array<i64: 2>}
// GRAPH-ERR: irdl-dialects-alone.mlir:[[# @LINE + 2]]:24: error: operation being parsed with an unregistered dialect
func.func @tensor(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<6xf32> {
  %0 = "dlc_tensor.pad"(%x, %v) {high = array<i64: 1>, interior = array<i64: 0>, low = array<i64: 2>} : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
