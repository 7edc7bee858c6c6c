// Stock mlir-opt loads both dialects from the combined IRDL file that the
// build writes (share/dlc/dlc.irdl.mlir) and parses, verifies and prints IR
// that mixes them; dlc-opt prints the same.
// RUN: mlir-opt --irdl-file=%irdl %s -split-input-file | FileCheck %s
// RUN: mlir-opt --irdl-file=%irdl %s -split-input-file > %t.mlir-opt
// RUN: dlc-opt %s -split-input-file > %t.dlc-opt
// RUN: diff %t.mlir-opt %t.dlc-opt

// CHECK-LABEL: func.func @mixed
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[W:[^:]*]]: tensor<3x4xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.matmul"(%[[X]], %[[W]]) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: %[[R:.*]] = "dlc_graph.gemm"(%[[X]], %[[W]], %[[Y]]) {alpha = 2.000000e+00 : f32} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: %[[C:.*]] = "dlc_tensor.contract"(%[[X]], %[[W]]) {spec = "mk,kn->mn"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: %[[M:.*]] = "dlc_tensor.map"(%[[R]], %[[C]]) {fn = @add, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: return %[[M]]
func.func @mixed(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %y = "dlc_graph.matmul"(%x, %w) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r = "dlc_graph.gemm"(%x, %w, %y) {alpha = 2.0 : f32} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %c = "dlc_tensor.contract"(%x, %w) {spec = "mk,kn->mn"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %m = "dlc_tensor.map"(%r, %c) {fn = @add, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return %m : tensor<2x4xf32>
}
func.func private @add(%a: f32, %b: f32) -> f32 {
  %s = arith.addf %a, %b : f32
  return %s : f32
}

// -----

// Optional operands and results with their segment attributes, constants as
// dense and dense_resource elements.
// CHECK-LABEL: func.func @optional_and_constants
// CHECK: "dlc_graph.constant"() {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
// CHECK: "dlc_graph.constant"() {value = dense_resource<blob> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: "dlc_graph.clip"(%{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 0>}
// CHECK: "dlc_graph.dropout"(%{{.*}}) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi1>)
// CHECK: "dlc_graph.layer_norm"(%{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 1, 0>, resultSegmentSizes = array<i32: 1, 0, 1>}
// CHECK: "dlc_tensor.pool"(%{{.*}}) {dilations = array<i64: 1>, kind = "max", strides = array<i64: 1>, window = array<i64: 2>} : (tensor<1x1x4xf32>) -> (tensor<1x1x3xf32>, tensor<1x1x3xi64>)
func.func @optional_and_constants(%x: tensor<2xf32>, %p: tensor<1x1x4xf32>) -> (tensor<2xf32>, tensor<2xi1>) {
  %zero = "dlc_graph.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %blob = "dlc_graph.constant"() {value = dense_resource<blob> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "dlc_graph.clip"(%x, %zero) {operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %1, %mask = "dlc_graph.dropout"(%0) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi1>)
  %2, %inv = "dlc_graph.layer_norm"(%1, %blob) {operandSegmentSizes = array<i32: 1, 1, 0>, resultSegmentSizes = array<i32: 1, 0, 1>} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<1xf32>)
  %3, %idx = "dlc_tensor.pool"(%p) {dilations = array<i64: 1>, kind = "max", strides = array<i64: 1>, window = array<i64: 2>} : (tensor<1x1x4xf32>) -> (tensor<1x1x3xf32>, tensor<1x1x3xi64>)
  return %2, %mask : tensor<2xf32>, tensor<2xi1>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F00000040"
    }
  }
#-}
