// RUN: dlc-opt %s -split-input-file | FileCheck %s
// Round trip: the printed form parses and verifies again.
// RUN: dlc-opt %s -split-input-file | dlc-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>
// CHECK: %[[Y:.*]] = "dlc_graph.reshape"(%[[X]]) {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
// CHECK: return %[[Y]]
func.func @reshape(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %y : tensor<2x12xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_allowzero
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: allowzero = true
// CHECK-SAME: shape = array<i64: 0, 5>
// CHECK-SAME: (tensor<0x3xi64>) -> tensor<0x5xi64>
func.func @reshape_allowzero(%x: tensor<0x3xi64>) -> tensor<0x5xi64> {
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 0, 5>, allowzero = true} : (tensor<0x3xi64>) -> tensor<0x5xi64>
  return %y : tensor<0x5xi64>
}

// -----

// CHECK-LABEL: func.func @flatten
// CHECK: "dlc_graph.flatten"(%{{.*}}) {axis = 2 : i64} : (tensor<2x3x4x5xf32>) -> tensor<6x20xf32>
func.func @flatten(%x: tensor<2x3x4x5xf32>) -> tensor<6x20xf32> {
  %y = "dlc_graph.flatten"(%x) {axis = 2 : i64} : (tensor<2x3x4x5xf32>) -> tensor<6x20xf32>
  return %y : tensor<6x20xf32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK: "dlc_graph.transpose"(%{{.*}}) {perm = array<i64: 1, 2, 0>} : (tensor<2x3x4xi1>) -> tensor<3x4x2xi1>
func.func @transpose(%x: tensor<2x3x4xi1>) -> tensor<3x4x2xi1> {
  %y = "dlc_graph.transpose"(%x) {perm = array<i64: 1, 2, 0>} : (tensor<2x3x4xi1>) -> tensor<3x4x2xi1>
  return %y : tensor<3x4x2xi1>
}

// -----

// CHECK-LABEL: func.func @concat
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<2x5xf32>
// CHECK: "dlc_graph.concat"(%[[A]], %[[B]]) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %y = "dlc_graph.concat"(%a, %b) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// -----

// CHECK-LABEL: func.func @slice
// CHECK: "dlc_graph.slice"
// CHECK-SAME: axes = array<i64: 1>
// CHECK-SAME: ends = array<i64: 0>
// CHECK-SAME: starts = array<i64: -1>
// CHECK-SAME: steps = array<i64: -2>
// CHECK-SAME: (tensor<3x10xf64>) -> tensor<3x5xf64>
func.func @slice(%x: tensor<3x10xf64>) -> tensor<3x5xf64> {
  %y = "dlc_graph.slice"(%x) {starts = array<i64: -1>, ends = array<i64: 0>, axes = array<i64: 1>, steps = array<i64: -2>} : (tensor<3x10xf64>) -> tensor<3x5xf64>
  return %y : tensor<3x5xf64>
}

// -----

// CHECK-LABEL: func.func @squeeze
// CHECK: "dlc_graph.squeeze"(%{{.*}}) {axes = array<i64: 0, -1>} : (tensor<1x3x1xui8>) -> tensor<3xui8>
func.func @squeeze(%x: tensor<1x3x1xui8>) -> tensor<3xui8> {
  %y = "dlc_graph.squeeze"(%x) {axes = array<i64: 0, -1>} : (tensor<1x3x1xui8>) -> tensor<3xui8>
  return %y : tensor<3xui8>
}

// -----

// CHECK-LABEL: func.func @unsqueeze
// CHECK: "dlc_graph.unsqueeze"(%{{.*}}) {axes = array<i64: 0, 3>} : (tensor<3x4xi8>) -> tensor<1x3x4x1xi8>
func.func @unsqueeze(%x: tensor<3x4xi8>) -> tensor<1x3x4x1xi8> {
  %y = "dlc_graph.unsqueeze"(%x) {axes = array<i64: 0, 3>} : (tensor<3x4xi8>) -> tensor<1x3x4x1xi8>
  return %y : tensor<1x3x4x1xi8>
}

// -----

// CHECK-LABEL: func.func @gather
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x4xf32>, %[[I:[^:]*]]: tensor<2x3xi32>
// CHECK: "dlc_graph.gather"(%[[X]], %[[I]]) {axis = 1 : i64} : (tensor<5x4xf32>, tensor<2x3xi32>) -> tensor<5x2x3xf32>
func.func @gather(%x: tensor<5x4xf32>, %i: tensor<2x3xi32>) -> tensor<5x2x3xf32> {
  %y = "dlc_graph.gather"(%x, %i) {axis = 1 : i64} : (tensor<5x4xf32>, tensor<2x3xi32>) -> tensor<5x2x3xf32>
  return %y : tensor<5x2x3xf32>
}

// -----

// CHECK-LABEL: func.func @pad
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[V:[^:]*]]: tensor<f32>
// CHECK: "dlc_graph.pad"(%[[X]], %[[V]]) {operandSegmentSizes = array<i32: 1, 1, 0>, pads = array<i64: 1, 0, 2, -1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x2xf32>
func.func @pad(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<5x2xf32> {
  %y = "dlc_graph.pad"(%x, %v) {operandSegmentSizes = array<i32: 1, 1, 0>, pads = array<i64: 1, 0, 2, -1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x2xf32>
  return %y : tensor<5x2xf32>
}

// -----

// CHECK-LABEL: func.func @pad_reflect_axes
// CHECK: "dlc_graph.pad"
// CHECK-SAME: axes = array<i64: -1>
// CHECK-SAME: mode = "reflect"
// CHECK-SAME: pads = array<i64: 2, 1>
// CHECK-SAME: (tensor<2x3xi32>) -> tensor<2x6xi32>
func.func @pad_reflect_axes(%x: tensor<2x3xi32>) -> tensor<2x6xi32> {
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 2, 1>, mode = "reflect", axes = array<i64: -1>} : (tensor<2x3xi32>) -> tensor<2x6xi32>
  return %y : tensor<2x6xi32>
}

// -----

// CHECK-LABEL: func.func @expand
// CHECK: "dlc_graph.expand"(%{{.*}}) {shape = array<i64: 2, 1, 4>} : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
func.func @expand(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %y = "dlc_graph.expand"(%x) {shape = array<i64: 2, 1, 4>} : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @shape
// CHECK: "dlc_graph.shape"(%{{.*}}) {end = -1 : i64, start = 1 : i64} : (tensor<2x?x4x5xf32>) -> tensor<2xi64>
func.func @shape(%x: tensor<2x?x4x5xf32>) -> tensor<2xi64> {
  %y = "dlc_graph.shape"(%x) {start = 1 : i64, end = -1 : i64} : (tensor<2x?x4x5xf32>) -> tensor<2xi64>
  return %y : tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @constant_of_shape
// CHECK: "dlc_graph.constant_of_shape"(%{{.*}}) {dtype = i64, value = 3.000000e+00 : f64} : (tensor<2xi64>) -> tensor<?x?xi64>
func.func @constant_of_shape(%s: tensor<2xi64>) -> tensor<?x?xi64> {
  %c = "dlc_graph.constant_of_shape"(%s) {dtype = i64, value = 3.0 : f64} : (tensor<2xi64>) -> tensor<?x?xi64>
  return %c : tensor<?x?xi64>
}
