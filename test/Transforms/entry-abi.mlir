// RUN: dlc-opt %s -split-input-file -dlc-entry-abi -verify-diagnostics | FileCheck %s

// Functions over tensors are dlc-record-signatures' part: nothing happens.
// CHECK-LABEL: func.func @tensors(
// CHECK-NOT: dlc.inputs
// CHECK-SAME: -> tensor<2xf32> {
func.func @tensors(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// On buffers: an i32 status result (0), `?` dims of the recorded signature
// refined from the buffers, calls given the new result.
// CHECK-LABEL: func.func @entry(
// CHECK-SAME: %{{.*}}: memref<4x3xf32>, %{{.*}}: memref<4x3xf32>) -> i32
// CHECK-SAME: dlc.inputs = [tensor<4x3xf32>], dlc.outputs = [tensor<4x3xf32>]
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: return %[[ZERO]] : i32
func.func @entry(%x: memref<4x3xf32>, %y: memref<4x3xf32>) attributes {dlc.inputs = [tensor<?x3xf32>], dlc.outputs = [tensor<?x3xf32>]} {
  memref.copy %x, %y : memref<4x3xf32> to memref<4x3xf32>
  return
}

// CHECK-LABEL: func.func @caller(
// CHECK: %{{.*}} = call @entry(%{{.*}}, %{{.*}}) : (memref<4x3xf32>, memref<4x3xf32>) -> i32
func.func @caller(%x: memref<4x3xf32>, %y: memref<4x3xf32>) {
  call @entry(%x, %y) : (memref<4x3xf32>, memref<4x3xf32>) -> ()
  return
}

// -----

// An empty buffer whose zero is not its first dim is passed as a flat one:
// the bare-pointer convention cannot take memref<2x0xi32>.
// CHECK-LABEL: func.func @empty(
// CHECK-SAME: %[[ARG:.*]]: memref<0xi32>) -> i32
// CHECK: %[[CAST:.*]] = memref.reinterpret_cast %[[ARG]] to offset: [0], sizes: [2, 0], strides: [0, 1] : memref<0xi32> to memref<2x0xi32>
// CHECK: memref.dim %[[CAST]]
func.func @empty(%x: memref<2x0xi32>) {
  %c1 = arith.constant 1 : index
  %d = memref.dim %x, %c1 : memref<2x0xi32>
  return
}

// -----

// expected-error@+1 {{'func.func' op @dynamic: output 0 has type memref<?x3xf32>; an entry point takes only static, row-major buffers}}
func.func @dynamic(%x: memref<4x3xf32>, %y: memref<?x3xf32>) attributes {dlc.inputs = [tensor<4x3xf32>], dlc.outputs = [tensor<?x3xf32>]} {
  return
}
