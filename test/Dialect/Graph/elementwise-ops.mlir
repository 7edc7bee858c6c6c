// RUN: dlc-opt %s -split-input-file | FileCheck %s
// Round trip: the printed form parses and verifies again.
// RUN: dlc-opt %s -split-input-file | dlc-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @constant_dense
// CHECK: %[[C:.*]] = "dlc_graph.constant"() {value = dense<{{\[}}1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: %[[S:.*]] = "dlc_graph.constant"() {value = dense<7> : tensor<2x2xui8>} : () -> tensor<2x2xui8>
// CHECK: %[[B:.*]] = "dlc_graph.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
// CHECK: return %[[C]], %[[S]], %[[B]]
func.func @constant_dense() -> (tensor<2xf32>, tensor<2x2xui8>, tensor<i1>) {
  %c = "dlc_graph.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %s = "dlc_graph.constant"() {value = dense<7> : tensor<2x2xui8>} : () -> tensor<2x2xui8>
  %b = "dlc_graph.constant"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  return %c, %s, %b : tensor<2xf32>, tensor<2x2xui8>, tensor<i1>
}

// -----

// Weights as a resource blob (the form bytecode keeps zero-copy).
// CHECK-LABEL: func.func @constant_resource
// CHECK: "dlc_graph.constant"() {value = dense_resource<weights> : tensor<2xf32>} : () -> tensor<2xf32>
// CHECK: weights: "0x040000000000803F00000040"
func.func @constant_resource() -> tensor<2xf32> {
  %c = "dlc_graph.constant"() {value = dense_resource<weights> : tensor<2xf32>} : () -> tensor<2xf32>
  return %c : tensor<2xf32>
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F00000040"
    }
  }
#-}

// -----

// CHECK-LABEL: func.func @arithmetic
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3xf32>
// CHECK: %[[ADD:.*]] = "dlc_graph.add"(%[[A]], %[[B]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[SUB:.*]] = "dlc_graph.sub"(%[[ADD]], %[[B]]) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: %[[MUL:.*]] = "dlc_graph.mul"(%[[B]], %[[SUB]]) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[DIV:.*]] = "dlc_graph.div"(%[[MUL]], %[[A]]) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: return %[[DIV]]
func.func @arithmetic(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "dlc_graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "dlc_graph.sub"(%0, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = "dlc_graph.mul"(%b, %1) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "dlc_graph.div"(%2, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %3 : tensor<2x3xf32>
}

// -----

// Integer and unsigned element types, a 0-d operand, dynamic dims.
// CHECK-LABEL: func.func @arithmetic_integers
// CHECK: "dlc_graph.add"(%{{.*}}, %{{.*}}) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
// CHECK: "dlc_graph.div"(%{{.*}}, %{{.*}}) : (tensor<?x4xui8>, tensor<4xui8>) -> tensor<?x4xui8>
func.func @arithmetic_integers(%a: tensor<4xi64>, %s: tensor<i64>, %u: tensor<?x4xui8>, %v: tensor<4xui8>) -> (tensor<4xi64>, tensor<?x4xui8>) {
  %0 = "dlc_graph.add"(%a, %s) : (tensor<4xi64>, tensor<i64>) -> tensor<4xi64>
  %1 = "dlc_graph.div"(%u, %v) : (tensor<?x4xui8>, tensor<4xui8>) -> tensor<?x4xui8>
  return %0, %1 : tensor<4xi64>, tensor<?x4xui8>
}

// -----

// pow's exponent may have another element type than its base.
// CHECK-LABEL: func.func @pow
// CHECK: "dlc_graph.pow"(%{{.*}}, %{{.*}}) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
// CHECK: "dlc_graph.pow"(%{{.*}}, %{{.*}}) : (tensor<3xi32>, tensor<i64>) -> tensor<3xi32>
// CHECK: "dlc_graph.pow"(%{{.*}}, %{{.*}}) : (tensor<3xi32>, tensor<3xf32>) -> tensor<3xi32>
func.func @pow(%f: tensor<3xf32>, %i: tensor<3xi32>, %e: tensor<i64>) -> (tensor<3xf32>, tensor<3xi32>, tensor<3xi32>) {
  %0 = "dlc_graph.pow"(%f, %f) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = "dlc_graph.pow"(%i, %e) : (tensor<3xi32>, tensor<i64>) -> tensor<3xi32>
  %2 = "dlc_graph.pow"(%i, %f) : (tensor<3xi32>, tensor<3xf32>) -> tensor<3xi32>
  return %0, %1, %2 : tensor<3xf32>, tensor<3xi32>, tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @comparisons
// CHECK: "dlc_graph.equal"(%{{.*}}, %{{.*}}) : (tensor<2x1xi1>, tensor<3xi1>) -> tensor<2x3xi1>
// CHECK: "dlc_graph.greater"(%{{.*}}, %{{.*}}) : (tensor<4xf64>, tensor<f64>) -> tensor<4xi1>
// CHECK: "dlc_graph.less"(%{{.*}}, %{{.*}}) : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
func.func @comparisons(%a: tensor<2x1xi1>, %b: tensor<3xi1>, %f: tensor<4xf64>, %s: tensor<f64>, %u: tensor<4xui16>) -> (tensor<2x3xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = "dlc_graph.equal"(%a, %b) : (tensor<2x1xi1>, tensor<3xi1>) -> tensor<2x3xi1>
  %1 = "dlc_graph.greater"(%f, %s) : (tensor<4xf64>, tensor<f64>) -> tensor<4xi1>
  %2 = "dlc_graph.less"(%u, %u) : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<2x3xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @activations
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x?xf32>
// CHECK: %[[R:.*]] = "dlc_graph.relu"(%[[X]]) : (tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK: %[[L:.*]] = "dlc_graph.leaky_relu"(%[[R]]) : (tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK: %[[L2:.*]] = "dlc_graph.leaky_relu"(%[[L]]) {alpha = 2.000000e-01 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK: %[[S:.*]] = "dlc_graph.sigmoid"(%[[L2]])
// CHECK: %[[T:.*]] = "dlc_graph.tanh"(%[[S]])
// CHECK: %[[G:.*]] = "dlc_graph.gelu"(%[[T]]) : (tensor<2x?xf32>) -> tensor<2x?xf32>
// CHECK: %[[G2:.*]] = "dlc_graph.gelu"(%[[G]]) {approximate = "tanh"}
// CHECK: return %[[G2]]
func.func @activations(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = "dlc_graph.relu"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %1 = "dlc_graph.leaky_relu"(%0) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %2 = "dlc_graph.leaky_relu"(%1) {alpha = 0.2 : f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %3 = "dlc_graph.sigmoid"(%2) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %4 = "dlc_graph.tanh"(%3) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %5 = "dlc_graph.gelu"(%4) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %6 = "dlc_graph.gelu"(%5) {approximate = "tanh"} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return %6 : tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func.func @math
// CHECK: %[[E:.*]] = "dlc_graph.erf"(%{{.*}}) : (tensor<5xf64>) -> tensor<5xf64>
// CHECK: %[[X:.*]] = "dlc_graph.exp"(%[[E]])
// CHECK: %[[L:.*]] = "dlc_graph.log"(%[[X]])
// CHECK: %[[S:.*]] = "dlc_graph.sqrt"(%[[L]])
// CHECK: %[[N:.*]] = "dlc_graph.neg"(%[[S]])
// CHECK: %[[A:.*]] = "dlc_graph.abs"(%[[N]])
// CHECK: return %[[A]]
func.func @math(%x: tensor<5xf64>) -> tensor<5xf64> {
  %0 = "dlc_graph.erf"(%x) : (tensor<5xf64>) -> tensor<5xf64>
  %1 = "dlc_graph.exp"(%0) : (tensor<5xf64>) -> tensor<5xf64>
  %2 = "dlc_graph.log"(%1) : (tensor<5xf64>) -> tensor<5xf64>
  %3 = "dlc_graph.sqrt"(%2) : (tensor<5xf64>) -> tensor<5xf64>
  %4 = "dlc_graph.neg"(%3) : (tensor<5xf64>) -> tensor<5xf64>
  %5 = "dlc_graph.abs"(%4) : (tensor<5xf64>) -> tensor<5xf64>
  return %5 : tensor<5xf64>
}

// -----

// Integer variants of relu, neg (signed) and abs (unsigned too).
// CHECK-LABEL: func.func @integer_unary
// CHECK: "dlc_graph.relu"(%{{.*}}) : (tensor<3xi8>) -> tensor<3xi8>
// CHECK: "dlc_graph.neg"(%{{.*}}) : (tensor<3xi8>) -> tensor<3xi8>
// CHECK: "dlc_graph.abs"(%{{.*}}) : (tensor<3xui32>) -> tensor<3xui32>
func.func @integer_unary(%i: tensor<3xi8>, %u: tensor<3xui32>) -> (tensor<3xi8>, tensor<3xi8>, tensor<3xui32>) {
  %0 = "dlc_graph.relu"(%i) : (tensor<3xi8>) -> tensor<3xi8>
  %1 = "dlc_graph.neg"(%i) : (tensor<3xi8>) -> tensor<3xi8>
  %2 = "dlc_graph.abs"(%u) : (tensor<3xui32>) -> tensor<3xui32>
  return %0, %1, %2 : tensor<3xi8>, tensor<3xi8>, tensor<3xui32>
}

// -----

// clip's bounds are optional: the segment attribute says which are given.
// CHECK-LABEL: func.func @clip
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>, %[[LO:[^:]*]]: tensor<f32>, %[[HI:[^:]*]]: tensor<f32>
// CHECK: "dlc_graph.clip"(%[[X]], %[[LO]], %[[HI]]) {operandSegmentSizes = array<i32: 1, 1, 1>}
// CHECK: "dlc_graph.clip"(%[[X]], %[[LO]]) {operandSegmentSizes = array<i32: 1, 1, 0>}
// CHECK: "dlc_graph.clip"(%[[X]], %[[HI]]) {operandSegmentSizes = array<i32: 1, 0, 1>}
// CHECK: "dlc_graph.clip"(%[[X]]) {operandSegmentSizes = array<i32: 1, 0, 0>}
func.func @clip(%x: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "dlc_graph.clip"(%x, %lo, %hi) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  %1 = "dlc_graph.clip"(%x, %lo) {operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = "dlc_graph.clip"(%x, %hi) {operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = "dlc_graph.clip"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A one-element 1-D bound, as some exporters write it; integer clip.
// CHECK-LABEL: func.func @clip_one_element_bound
// CHECK: "dlc_graph.clip"(%{{.*}}, %{{.*}}) {operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
func.func @clip_one_element_bound(%x: tensor<4xi32>, %hi: tensor<1xi32>) -> tensor<4xi32> {
  %0 = "dlc_graph.clip"(%x, %hi) {operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<4xi32>, tensor<1xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @cast
// CHECK: "dlc_graph.cast"(%{{.*}}) {to = i64} : (tensor<2xf32>) -> tensor<2xi64>
// CHECK: "dlc_graph.cast"(%{{.*}}) {to = i1} : (tensor<2xf32>) -> tensor<2xi1>
// CHECK: "dlc_graph.cast"(%{{.*}}) {to = ui8} : (tensor<2xf32>) -> tensor<2xui8>
// CHECK: "dlc_graph.cast"(%{{.*}}) {to = f64} : (tensor<2xf32>) -> tensor<2xf64>
func.func @cast(%x: tensor<2xf32>) -> (tensor<2xi64>, tensor<2xi1>, tensor<2xui8>, tensor<2xf64>) {
  %0 = "dlc_graph.cast"(%x) {to = i64} : (tensor<2xf32>) -> tensor<2xi64>
  %1 = "dlc_graph.cast"(%x) {to = i1} : (tensor<2xf32>) -> tensor<2xi1>
  %2 = "dlc_graph.cast"(%x) {to = ui8} : (tensor<2xf32>) -> tensor<2xui8>
  %3 = "dlc_graph.cast"(%x) {to = f64} : (tensor<2xf32>) -> tensor<2xf64>
  return %0, %1, %2, %3 : tensor<2xi64>, tensor<2xi1>, tensor<2xui8>, tensor<2xf64>
}

// -----

// identity accepts every element type; a declared result may be more
// static than the operand.
// CHECK-LABEL: func.func @identity
// CHECK: "dlc_graph.identity"(%{{.*}}) : (tensor<?xi1>) -> tensor<3xi1>
// CHECK: "dlc_graph.identity"(%{{.*}}) : (tensor<ui64>) -> tensor<ui64>
func.func @identity(%b: tensor<?xi1>, %u: tensor<ui64>) -> (tensor<3xi1>, tensor<ui64>) {
  %0 = "dlc_graph.identity"(%b) : (tensor<?xi1>) -> tensor<3xi1>
  %1 = "dlc_graph.identity"(%u) : (tensor<ui64>) -> tensor<ui64>
  return %0, %1 : tensor<3xi1>, tensor<ui64>
}

// -----

// dropout's mask result is optional.
// CHECK-LABEL: func.func @dropout
// CHECK: %[[Y:.*]] = "dlc_graph.dropout"(%{{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[Z:.*]]:2 = "dlc_graph.dropout"(%[[Y]]) {ratio = 2.500000e-01 : f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi1>)
// CHECK: return %[[Z]]#0, %[[Z]]#1
func.func @dropout(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi1>) {
  %0 = "dlc_graph.dropout"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1, %mask = "dlc_graph.dropout"(%0) {ratio = 0.25 : f32} : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xi1>)
  return %1, %mask : tensor<2x3xf32>, tensor<2x3xi1>
}

// -----

// CHECK-LABEL: func.func @where
// CHECK: "dlc_graph.where"(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x1xi1>, tensor<3xi32>, tensor<i32>) -> tensor<2x3xi32>
func.func @where(%c: tensor<2x1xi1>, %a: tensor<3xi32>, %b: tensor<i32>) -> tensor<2x3xi32> {
  %0 = "dlc_graph.where"(%c, %a, %b) : (tensor<2x1xi1>, tensor<3xi32>, tensor<i32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// Dialect-prefixed attributes are annotations any op may carry.
// CHECK-LABEL: func.func @annotations
// CHECK: "dlc_graph.relu"(%{{.*}}) {onnx.name = "Relu_0"} : (tensor<2xf32>) -> tensor<2xf32>
func.func @annotations(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "dlc_graph.relu"(%x) {onnx.name = "Relu_0"} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
