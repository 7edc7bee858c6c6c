// RUN: dlc-opt %s -split-input-file --dlc-infer-shapes | FileCheck %s

// Numpy broadcasting: dims aligned at the end, size 1 stretches; the
// function's result types follow what it returns.
// CHECK-LABEL: func.func @add_broadcast
// CHECK-SAME: -> (tensor<2x3xf32>, tensor<4x2x3xf32>, tensor<f32>)
// CHECK: "dlc_graph.add"{{.*}} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: "dlc_graph.add"{{.*}} : (tensor<4x1x3xf32>, tensor<2x1xf32>) -> tensor<4x2x3xf32>
// CHECK: "dlc_graph.add"{{.*}} : (tensor<f32>, tensor<f32>) -> tensor<f32>
func.func @add_broadcast(%a: tensor<2x1xf32>, %b: tensor<3xf32>, %c: tensor<4x1x3xf32>, %s: tensor<f32>) -> (tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<f32>) {
  %0 = "dlc_graph.add"(%a, %b) : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  %1 = "dlc_graph.add"(%c, %a) : (tensor<4x1x3xf32>, tensor<2x1xf32>) -> tensor<?x?x?xf32>
  %2 = "dlc_graph.add"(%s, %s) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  return %0, %1, %2 : tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<f32>
}

// -----

// Size-1 against size-1 stays 1; a zero-size dim broadcasts like any other
// size (against 1 it stays 0).
// CHECK-LABEL: func.func @sub_unit_and_zero_dims
// CHECK: "dlc_graph.sub"{{.*}} : (tensor<1x1xi32>, tensor<1xi32>) -> tensor<1x1xi32>
// CHECK: "dlc_graph.sub"{{.*}} : (tensor<0x3xi32>, tensor<1x3xi32>) -> tensor<0x3xi32>
// CHECK: "dlc_graph.sub"{{.*}} : (tensor<0x3xi32>, tensor<i32>) -> tensor<0x3xi32>
func.func @sub_unit_and_zero_dims(%a: tensor<1x1xi32>, %b: tensor<1xi32>, %z: tensor<0x3xi32>, %r: tensor<1x3xi32>, %s: tensor<i32>) -> (tensor<?x?xi32>, tensor<?x?xi32>, tensor<?x?xi32>) {
  %0 = "dlc_graph.sub"(%a, %b) : (tensor<1x1xi32>, tensor<1xi32>) -> tensor<?x?xi32>
  %1 = "dlc_graph.sub"(%z, %r) : (tensor<0x3xi32>, tensor<1x3xi32>) -> tensor<?x?xi32>
  %2 = "dlc_graph.sub"(%z, %s) : (tensor<0x3xi32>, tensor<i32>) -> tensor<?x?xi32>
  return %0, %1, %2 : tensor<?x?xi32>, tensor<?x?xi32>, tensor<?x?xi32>
}

// -----

// `?` propagates where nothing fixes it; a static size other than 1 fixes
// a `?` it is broadcast with (which must then be that size or 1).
// CHECK-LABEL: func.func @mul_dynamic
// CHECK: "dlc_graph.mul"{{.*}} : (tensor<?x3xf64>, tensor<3xf64>) -> tensor<?x3xf64>
// CHECK: "dlc_graph.mul"{{.*}} : (tensor<?x3xf64>, tensor<1x1xf64>) -> tensor<?x3xf64>
// CHECK: "dlc_graph.mul"{{.*}} : (tensor<?x3xf64>, tensor<5x1xf64>) -> tensor<5x3xf64>
// CHECK: "dlc_graph.mul"{{.*}} : (tensor<?x3xf64>, tensor<?x1xf64>) -> tensor<?x3xf64>
func.func @mul_dynamic(%a: tensor<?x3xf64>, %b: tensor<3xf64>, %c: tensor<1x1xf64>, %d: tensor<5x1xf64>, %e: tensor<?x1xf64>) -> (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>) {
  %0 = "dlc_graph.mul"(%a, %b) : (tensor<?x3xf64>, tensor<3xf64>) -> tensor<?x?xf64>
  %1 = "dlc_graph.mul"(%a, %c) : (tensor<?x3xf64>, tensor<1x1xf64>) -> tensor<?x?xf64>
  %2 = "dlc_graph.mul"(%a, %d) : (tensor<?x3xf64>, tensor<5x1xf64>) -> tensor<?x?xf64>
  %3 = "dlc_graph.mul"(%a, %e) : (tensor<?x3xf64>, tensor<?x1xf64>) -> tensor<?x?xf64>
  return %0, %1, %2, %3 : tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>
}

// -----

// Refinement flows through a chain of ops in program order.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: -> tensor<2x3xf32>
// CHECK: %[[D:.*]] = "dlc_graph.div"{{.*}} -> tensor<2x3xf32>
// CHECK: %[[E:.*]] = "dlc_graph.exp"(%[[D]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[R:.*]] = "dlc_graph.relu"(%[[E]]) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: return %[[R]] : tensor<2x3xf32>
func.func @chain(%a: tensor<2x1xf32>, %b: tensor<1x3xf32>) -> tensor<?x?xf32> {
  %0 = "dlc_graph.div"(%a, %b) : (tensor<2x1xf32>, tensor<1x3xf32>) -> tensor<?x?xf32>
  %1 = "dlc_graph.exp"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "dlc_graph.relu"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

// Result types are only refined, never widened: a declared static dim the
// operands leave open stays.
// CHECK-LABEL: func.func @never_widened
// CHECK: "dlc_graph.tanh"{{.*}} : (tensor<?xf32>) -> tensor<4xf32>
func.func @never_widened(%a: tensor<?xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.tanh"(%a) : (tensor<?xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// pow's result takes the base's element type.
// CHECK-LABEL: func.func @pow
// CHECK: "dlc_graph.pow"{{.*}} : (tensor<2x1xi64>, tensor<3xf32>) -> tensor<2x3xi64>
func.func @pow(%a: tensor<2x1xi64>, %e: tensor<3xf32>) -> tensor<?x?xi64> {
  %0 = "dlc_graph.pow"(%a, %e) : (tensor<2x1xi64>, tensor<3xf32>) -> tensor<?x?xi64>
  return %0 : tensor<?x?xi64>
}

// -----

// Comparisons broadcast and produce i1.
// CHECK-LABEL: func.func @compare
// CHECK: "dlc_graph.equal"{{.*}} : (tensor<4x1xui8>, tensor<5xui8>) -> tensor<4x5xi1>
// CHECK: "dlc_graph.greater"{{.*}} : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xi1>
// CHECK: "dlc_graph.less"{{.*}} : (tensor<0xf32>, tensor<f32>) -> tensor<0xi1>
func.func @compare(%a: tensor<4x1xui8>, %b: tensor<5xui8>, %c: tensor<?xf32>, %d: tensor<1xf32>, %z: tensor<0xf32>, %s: tensor<f32>) -> (tensor<?x?xi1>, tensor<?xi1>, tensor<?xi1>) {
  %0 = "dlc_graph.equal"(%a, %b) : (tensor<4x1xui8>, tensor<5xui8>) -> tensor<?x?xi1>
  %1 = "dlc_graph.greater"(%c, %d) : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xi1>
  %2 = "dlc_graph.less"(%z, %s) : (tensor<0xf32>, tensor<f32>) -> tensor<?xi1>
  return %0, %1, %2 : tensor<?x?xi1>, tensor<?xi1>, tensor<?xi1>
}

// -----

// Unary ops keep the input's type; 0-d and zero-size shapes too.
// CHECK-LABEL: func.func @unary
// CHECK: "dlc_graph.leaky_relu"{{.*}} : (tensor<0x2xf32>) -> tensor<0x2xf32>
// CHECK: "dlc_graph.gelu"{{.*}} : (tensor<f64>) -> tensor<f64>
// CHECK: "dlc_graph.abs"{{.*}} : (tensor<?x7xui16>) -> tensor<?x7xui16>
// CHECK: "dlc_graph.identity"{{.*}} : (tensor<3xi1>) -> tensor<3xi1>
func.func @unary(%a: tensor<0x2xf32>, %b: tensor<f64>, %c: tensor<?x7xui16>, %d: tensor<3xi1>) -> (tensor<?x?xf32>, tensor<f64>, tensor<?x?xui16>, tensor<?xi1>) {
  %0 = "dlc_graph.leaky_relu"(%a) : (tensor<0x2xf32>) -> tensor<?x?xf32>
  %1 = "dlc_graph.gelu"(%b) : (tensor<f64>) -> tensor<f64>
  %2 = "dlc_graph.abs"(%c) : (tensor<?x7xui16>) -> tensor<?x?xui16>
  %3 = "dlc_graph.identity"(%d) : (tensor<3xi1>) -> tensor<?xi1>
  return %0, %1, %2, %3 : tensor<?x?xf32>, tensor<f64>, tensor<?x?xui16>, tensor<?xi1>
}

// -----

// CHECK-LABEL: func.func @constant
// CHECK: "dlc_graph.constant"() {value = dense<0> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
func.func @constant() -> tensor<?x?xi8> {
  %0 = "dlc_graph.constant"() {value = dense<0> : tensor<2x3xi8>} : () -> tensor<?x?xi8>
  return %0 : tensor<?x?xi8>
}

// -----

// cast keeps the shape and takes the element type `to`.
// CHECK-LABEL: func.func @cast
// CHECK: "dlc_graph.cast"{{.*}} {to = ui32} : (tensor<2x?xf32>) -> tensor<2x?xui32>
func.func @cast(%a: tensor<2x?xf32>) -> tensor<?x?xui32> {
  %0 = "dlc_graph.cast"(%a) {to = ui32} : (tensor<2x?xf32>) -> tensor<?x?xui32>
  return %0 : tensor<?x?xui32>
}

// -----

// CHECK-LABEL: func.func @clip
// CHECK: "dlc_graph.clip"{{.*}} : (tensor<3x4xf32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
func.func @clip(%a: tensor<3x4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> tensor<?x?xf32> {
  %0 = "dlc_graph.clip"(%a, %lo, %hi) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<3x4xf32>, tensor<f32>, tensor<f32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// dropout's optional mask has the input's shape.
// CHECK-LABEL: func.func @dropout
// CHECK: "dlc_graph.dropout"{{.*}} : (tensor<2x5xf32>) -> (tensor<2x5xf32>, tensor<2x5xi1>)
func.func @dropout(%a: tensor<2x5xf32>) -> (tensor<?x?xf32>, tensor<?x?xi1>) {
  %0, %m = "dlc_graph.dropout"(%a) : (tensor<2x5xf32>) -> (tensor<?x?xf32>, tensor<?x?xi1>)
  return %0, %m : tensor<?x?xf32>, tensor<?x?xi1>
}

// -----

// where broadcasts all three operands.
// CHECK-LABEL: func.func @where
// CHECK: "dlc_graph.where"{{.*}} : (tensor<2x1x1xi1>, tensor<3x1xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
// CHECK: "dlc_graph.where"{{.*}} : (tensor<?xi1>, tensor<f32>, tensor<1xf32>) -> tensor<?xf32>
func.func @where(%c: tensor<2x1x1xi1>, %a: tensor<3x1xf32>, %b: tensor<4xf32>, %d: tensor<?xi1>, %s: tensor<f32>, %o: tensor<1xf32>) -> (tensor<?x?x?xf32>, tensor<?xf32>) {
  %0 = "dlc_graph.where"(%c, %a, %b) : (tensor<2x1x1xi1>, tensor<3x1xf32>, tensor<4xf32>) -> tensor<?x?x?xf32>
  %1 = "dlc_graph.where"(%d, %s, %o) : (tensor<?xi1>, tensor<f32>, tensor<1xf32>) -> tensor<?xf32>
  return %0, %1 : tensor<?x?x?xf32>, tensor<?xf32>
}

// -----

// Every other one-input op keeps its input's type.
// CHECK-LABEL: func.func @other_unary
// CHECK-SAME: -> tensor<3x?xf32>
// CHECK: "dlc_graph.relu"{{.*}} -> tensor<3x?xf32>
// CHECK: "dlc_graph.sigmoid"{{.*}} -> tensor<3x?xf32>
// CHECK: "dlc_graph.tanh"{{.*}} -> tensor<3x?xf32>
// CHECK: "dlc_graph.erf"{{.*}} -> tensor<3x?xf32>
// CHECK: "dlc_graph.exp"{{.*}} -> tensor<3x?xf32>
// CHECK: "dlc_graph.log"{{.*}} -> tensor<3x?xf32>
// CHECK: "dlc_graph.sqrt"{{.*}} -> tensor<3x?xf32>
// CHECK: "dlc_graph.neg"{{.*}} -> tensor<3x?xf32>
func.func @other_unary(%x: tensor<3x?xf32>) -> tensor<?x?xf32> {
  %0 = "dlc_graph.relu"(%x) : (tensor<3x?xf32>) -> tensor<?x?xf32>
  %1 = "dlc_graph.sigmoid"(%0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "dlc_graph.tanh"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "dlc_graph.erf"(%2) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %4 = "dlc_graph.exp"(%3) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = "dlc_graph.log"(%4) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %6 = "dlc_graph.sqrt"(%5) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %7 = "dlc_graph.neg"(%6) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %7 : tensor<?x?xf32>
}
