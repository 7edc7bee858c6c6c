// RUN: dlc-opt %s -split-input-file -dlc-record-signatures | FileCheck %s

// On tensors: the signature is recorded (unsigned types kept), arguments
// become read-only, existing argument attributes stay.
// CHECK-LABEL: func.func @record(
// CHECK-SAME: %{{.*}}: tensor<2xui8> {bufferization.writable = false, onnx.name = "x"}
// CHECK-SAME: %{{.*}}: tensor<?x3xf32> {bufferization.writable = false})
// CHECK-SAME: -> (tensor<2xui8>, tensor<?x3xf32>)
// CHECK-SAME: attributes {dlc.inputs = [tensor<2xui8>, tensor<?x3xf32>], dlc.outputs = [tensor<2xui8>, tensor<?x3xf32>]}
func.func @record(%x: tensor<2xui8> {onnx.name = "x"}, %y: tensor<?x3xf32>) -> (tensor<2xui8>, tensor<?x3xf32>) {
  return %x, %y : tensor<2xui8>, tensor<?x3xf32>
}

// Private functions are not entries.
// CHECK-LABEL: func.func private @helper(
// CHECK-NOT: dlc.inputs
// CHECK-SAME: {
func.func private @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// A signature recorded earlier is kept.
// CHECK-LABEL: func.func @recorded(
// CHECK-SAME: dlc.inputs = [tensor<4xui16>], dlc.outputs = []
func.func @recorded(%x: tensor<4xi16>) attributes {dlc.inputs = [tensor<4xui16>], dlc.outputs = []} {
  return
}

// -----

// Bufferized functions are no longer what this pass reads.
// CHECK-LABEL: func.func @buffers(
// CHECK-NOT: dlc.inputs
// CHECK-SAME: {
func.func @buffers(%x: memref<4xf32>) {
  return
}
