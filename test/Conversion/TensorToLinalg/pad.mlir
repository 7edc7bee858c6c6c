// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// No interior padding: tensor.pad yielding the 0-d value's scalar.
// CHECK-LABEL: func.func @pad
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[V:[^:]*]]: tensor<f32>
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<f32>
// CHECK: %[[Y:.*]] = tensor.pad %[[X]] low[1, 2] high[0, 1] {
// CHECK: ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK: tensor.yield %[[S]] : f32
// CHECK: } : tensor<2x3xf32> to tensor<3x6xf32>
// CHECK: return %[[Y]]
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<3x6xf32> {
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 2>, high = array<i64: 0, 1>, interior = array<i64: 0, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x6xf32>
  return %y : tensor<3x6xf32>
}

// -----

// Unsigned: the region's scalar is signless.
// CHECK-LABEL: func.func @pad_ui8
// CHECK: %[[S:.*]] = tensor.extract %{{.*}}[] : tensor<i8>
// CHECK: tensor.pad
// CHECK: tensor.yield %[[S]] : i8
// CHECK: } : tensor<2xi8> to tensor<4xi8>
func.func @pad_ui8(%x: tensor<2xui8>, %v: tensor<ui8>) -> tensor<4xui8> {
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1>, high = array<i64: 1>, interior = array<i64: 0>} : (tensor<2xui8>, tensor<ui8>) -> tensor<4xui8>
  return %y : tensor<4xui8>
}

// -----

// tensor.pad handles dynamic dims itself.
// CHECK-LABEL: func.func @pad_dynamic
// CHECK: tensor.pad %{{.*}} low[1, 0] high[2, 1]
// CHECK: } : tensor<?x6xf32> to tensor<?x7xf32>
func.func @pad_dynamic(%x: tensor<?x6xf32>, %v: tensor<f32>) -> tensor<?x7xf32> {
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 0>, high = array<i64: 2, 1>, interior = array<i64: 0, 0>} : (tensor<?x6xf32>, tensor<f32>) -> tensor<?x7xf32>
  return %y : tensor<?x7xf32>
}

// -----

// tensor.pad's result is as static as its input allows; a less static
// declared result is reached with a cast.
// CHECK-LABEL: func.func @pad_declared_dynamic
// CHECK: %[[P:.*]] = tensor.pad
// CHECK: } : tensor<3x6xf32> to tensor<6x7xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[P]] : tensor<6x7xf32> to tensor<?x7xf32>
// CHECK: return %[[C]]
func.func @pad_declared_dynamic(%x: tensor<3x6xf32>, %v: tensor<f32>) -> tensor<?x7xf32> {
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 0>, high = array<i64: 2, 1>, interior = array<i64: 0, 0>} : (tensor<3x6xf32>, tensor<f32>) -> tensor<?x7xf32>
  return %y : tensor<?x7xf32>
}

// -----

// Interior padding: fill the result with the value, then insert the input
// at offsets `low` with strides `interior + 1`.
// CHECK-LABEL: func.func @pad_interior
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[V:[^:]*]]: tensor<f32>
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<f32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: %[[FILLED:.*]] = linalg.fill ins(%[[S]] : f32) outs(%[[EMPTY]] : tensor<4x8xf32>)
// CHECK: %[[Y:.*]] = tensor.insert_slice %[[X]] into %[[FILLED]][1, 0] [2, 3] [2, 3] : tensor<2x3xf32> into tensor<4x8xf32>
// CHECK: return %[[Y]]
func.func @pad_interior(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<4x8xf32> {
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 0>, high = array<i64: 0, 1>, interior = array<i64: 1, 2>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

// Interior padding of a dynamic dim n: the result has
// low + high + n + max(n - 1, 0) * interior elements.
// CHECK-LABEL: func.func @pad_interior_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x?xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK: %[[GAPS1:.*]] = arith.subi %[[N]], %[[C1]]
// CHECK: %[[GAPS:.*]] = arith.maxsi %[[GAPS1]], %[[C0]]
// CHECK: %[[INNER:.*]] = arith.muli %[[GAPS]], %[[C2]]
// CHECK: %[[SIZE1:.*]] = arith.addi %[[N]], %[[INNER]]
// CHECK: %[[SIZE:.*]] = arith.addi %[[SIZE1]], %[[C1]]
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[SIZE]]) : tensor<4x?xf32>
// CHECK: %[[FILLED:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[EMPTY]] : tensor<4x?xf32>)
// CHECK: tensor.insert_slice %[[X]] into %[[FILLED]][1, 0] [2, %[[N]]] [2, 3] : tensor<2x?xf32> into tensor<4x?xf32>
func.func @pad_interior_dynamic(%x: tensor<2x?xf32>, %v: tensor<f32>) -> tensor<4x?xf32> {
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 0>, high = array<i64: 0, 1>, interior = array<i64: 1, 2>} : (tensor<2x?xf32>, tensor<f32>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}

// -----

// An empty input leaves only padding: a fill (tensor.pad would bufferize to
// an empty slice at offset 2 of a dim of size 2, which MLIR 22 rejects).
// CHECK-LABEL: func.func @pad_empty_input
// CHECK-SAME: %{{[^:]*}}: tensor<0x4xi16>, %[[V:[^:]*]]: tensor<i16>
// CHECK: %[[S:.*]] = tensor.extract %[[V]][] : tensor<i16>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x4xi16>
// CHECK: %[[Y:.*]] = linalg.fill ins(%[[S]] : i16) outs(%[[EMPTY]] : tensor<2x4xi16>)
// CHECK-NOT: tensor.pad
// CHECK-NOT: tensor.insert_slice
// CHECK: return %[[Y]]
func.func @pad_empty_input(%x: tensor<0x4xui16>, %v: tensor<ui16>) -> tensor<2x4xui16> {
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 2, 0>, high = array<i64: 0, 0>, interior = array<i64: 0, 0>} : (tensor<0x4xui16>, tensor<ui16>) -> tensor<2x4xui16>
  return %y : tensor<2x4xui16>
}
