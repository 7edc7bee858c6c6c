// RUN: dlc-opt %s -split-input-file | FileCheck %s
// Round trip: the printed form parses and verifies again.
// RUN: dlc-opt %s -split-input-file | dlc-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @map
// CHECK-SAME: %[[A:.*]]: tensor<2x3xui8>, %[[B:.*]]: tensor<3xui8>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[A]], %[[B]])
// CHECK-SAME: fn = @max_u8
// CHECK-SAME: operandSegmentSizes = array<i32: 1, 1, 0, 0>
// CHECK-SAME: (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2x3xui8>
// CHECK: return %[[Y]]
func.func private @max_u8(%a: i8, %b: i8) -> i8 {
  %m = arith.maxui %a, %b : i8
  return %m : i8
}
func.func @map(%a: tensor<2x3xui8>, %b: tensor<3xui8>) -> tensor<2x3xui8> {
  %y = "dlc_tensor.map"(%a, %b) {fn = @max_u8, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2x3xui8>
  return %y : tensor<2x3xui8>
}

// -----

// CHECK-LABEL: func.func @contract
// CHECK-SAME: %[[A:.*]]: tensor<2x?x4xf32>, %[[B:.*]]: tensor<2x4x5xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.contract"(%[[A]], %[[B]]) {spec = "bmk,bkn->bmn"}
// CHECK-SAME: -> tensor<2x?x5xf32>
// CHECK: return %[[Y]]
func.func @contract(%a: tensor<2x?x4xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x?x5xf32> {
  %y = "dlc_tensor.contract"(%a, %b) {spec = "bmk,bkn->bmn"} : (tensor<2x?x4xf32>, tensor<2x4x5xf32>) -> tensor<2x?x5xf32>
  return %y : tensor<2x?x5xf32>
}

// -----

// CHECK-LABEL: func.func @conv
// CHECK-SAME: %[[X:.*]]: tensor<1x4x9x9xf64>, %[[W:.*]]: tensor<6x2x3x3xf64>
// CHECK: %[[Y:.*]] = "dlc_tensor.conv"(%[[X]], %[[W]])
// CHECK-SAME: dilations = array<i64: 2, 1>
// CHECK-SAME: groups = 2 : i64
// CHECK-SAME: strides = array<i64: 1, 2>
// CHECK-SAME: -> tensor<1x6x5x4xf64>
// CHECK: return %[[Y]]
func.func @conv(%x: tensor<1x4x9x9xf64>, %w: tensor<6x2x3x3xf64>) -> tensor<1x6x5x4xf64> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 2>, dilations = array<i64: 2, 1>, groups = 2 : i64} : (tensor<1x4x9x9xf64>, tensor<6x2x3x3xf64>) -> tensor<1x6x5x4xf64>
  return %y : tensor<1x6x5x4xf64>
}

// -----

// With the optional indices result.
// CHECK-LABEL: func.func @pool
// CHECK-SAME: %[[X:.*]]: tensor<1x2x6x6xf32>
// CHECK: %[[Y:.*]]:2 = "dlc_tensor.pool"(%[[X]])
// CHECK-SAME: kind = "max"
// CHECK-SAME: window = array<i64: 3, 3>
// CHECK-SAME: -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>)
// CHECK: return %[[Y]]#0, %[[Y]]#1
func.func @pool(%x: tensor<1x2x6x6xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>) {
  %y, %i = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 3, 3>, strides = array<i64: 2, 2>, dilations = array<i64: 1, 1>} : (tensor<1x2x6x6xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>)
  return %y, %i : tensor<1x2x2x2xf32>, tensor<1x2x2x2xi64>
}

// -----

// CHECK-LABEL: func.func @reduce
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xi32>
// CHECK: "dlc_tensor.reduce"(%[[X]]) {dims = array<i64: 0, 2>, kind = "prod"} : (tensor<2x3x4xi32>) -> tensor<3xi32>
func.func @reduce(%x: tensor<2x3x4xi32>) -> tensor<3xi32> {
  %y = "dlc_tensor.reduce"(%x) {kind = "prod", dims = array<i64: 0, 2>} : (tensor<2x3x4xi32>) -> tensor<3xi32>
  return %y : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xi1>
// CHECK: "dlc_tensor.transpose"(%[[X]]) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xi1>) -> tensor<4x2x3xi1>
func.func @transpose(%x: tensor<2x3x4xi1>) -> tensor<4x2x3xi1> {
  %y = "dlc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xi1>) -> tensor<4x2x3xi1>
  return %y : tensor<4x2x3xi1>
}

// -----

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>
// CHECK: "dlc_tensor.reshape"(%[[X]]) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
func.func @reshape(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %y = "dlc_tensor.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: %[[X:.*]]: tensor<3x1xi64>
// CHECK: "dlc_tensor.broadcast"(%[[X]]) : (tensor<3x1xi64>) -> tensor<2x3x4xi64>
func.func @broadcast(%x: tensor<3x1xi64>) -> tensor<2x3x4xi64> {
  %y = "dlc_tensor.broadcast"(%x) : (tensor<3x1xi64>) -> tensor<2x3x4xi64>
  return %y : tensor<2x3x4xi64>
}

// -----

// Negative strides walk backwards.
// CHECK-LABEL: func.func @slice
// CHECK-SAME: %[[X:.*]]: tensor<5x6xf32>
// CHECK: "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 4, 1>, strides = array<i64: -2, 3>} : (tensor<5x6xf32>) -> tensor<3x2xf32>
func.func @slice(%x: tensor<5x6xf32>) -> tensor<3x2xf32> {
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 4, 1>, strides = array<i64: -2, 3>} : (tensor<5x6xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @concat
// CHECK-SAME: %[[A:.*]]: tensor<2x1xui16>, %[[B:.*]]: tensor<2x3xui16>
// CHECK: "dlc_tensor.concat"(%[[A]], %[[B]]) {dim = 1 : i64} : (tensor<2x1xui16>, tensor<2x3xui16>) -> tensor<2x4xui16>
func.func @concat(%a: tensor<2x1xui16>, %b: tensor<2x3xui16>) -> tensor<2x4xui16> {
  %y = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x1xui16>, tensor<2x3xui16>) -> tensor<2x4xui16>
  return %y : tensor<2x4xui16>
}

// -----

// CHECK-LABEL: func.func @pad
// CHECK-SAME: %[[X:.*]]: tensor<2x3xf32>, %[[V:.*]]: tensor<f32>
// CHECK: "dlc_tensor.pad"(%[[X]], %[[V]])
// CHECK-SAME: high = array<i64: 0, 1>, interior = array<i64: 1, 0>, low = array<i64: 1, 2>
// CHECK-SAME: (tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<4x6xf32> {
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 2>, high = array<i64: 0, 1>, interior = array<i64: 1, 0>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %y : tensor<4x6xf32>
}

// -----

// CHECK-LABEL: func.func @gather
// CHECK-SAME: %[[X:.*]]: tensor<3x4x5xf32>, %[[I:.*]]: tensor<2x2xi32>
// CHECK: "dlc_tensor.gather"(%[[X]], %[[I]]) {dim = 1 : i64} : (tensor<3x4x5xf32>, tensor<2x2xi32>) -> tensor<3x2x2x5xf32>
func.func @gather(%x: tensor<3x4x5xf32>, %i: tensor<2x2xi32>) -> tensor<3x2x2x5xf32> {
  %y = "dlc_tensor.gather"(%x, %i) {dim = 1 : i64} : (tensor<3x4x5xf32>, tensor<2x2xi32>) -> tensor<3x2x2x5xf32>
  return %y : tensor<3x2x2x5xf32>
}
