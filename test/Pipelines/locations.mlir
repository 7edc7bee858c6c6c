// Source locations survive every lowering step: the relu's and the named
// matmul's locations reach the tensor dialect, linalg and the LLVM dialect.
// RUN: dlc-opt %s --dlc-graph-to-tensor --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=TENSOR
// RUN: dlc-opt %s --dlc-graph-to-linalg --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LINALG
// RUN: dlc-opt %s --dlc-lower-to-llvm --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LLVM

func.func @main(%a: tensor<4xf32>, %w: tensor<4x3xf32>) -> tensor<3xf32> {
  %0 = "dlc_graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32> loc("model.onnx":7:3)
  %1 = "dlc_graph.matmul"(%0, %w) : (tensor<4xf32>, tensor<4x3xf32>) -> tensor<3xf32> loc("fc"("model.onnx":8:1))
  return %1 : tensor<3xf32>
}

// TENSOR: "dlc_tensor.map"{{.*}} loc("model.onnx":7:3)
// TENSOR: "dlc_tensor.contract"{{.*}} loc("fc"("model.onnx":8:1))

// LINALG: arith.maximumf {{.*}} loc("model.onnx":7:3)
// LINALG: } -> tensor<4xf32> loc("model.onnx":7:3)
// LINALG: arith.mulf {{.*}} loc("fc"("model.onnx":8:1))
// LINALG: } -> tensor<3xf32> loc("fc"("model.onnx":8:1))

// LLVM: llvm.intr.maximum{{.*}} loc("model.onnx":7:3)
// LLVM: llvm.fmul {{.*}} loc("fc"("model.onnx":8:1))
