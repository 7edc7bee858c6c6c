// RUN: dlc-opt %s -split-input-file --dlc-simplify-algebra | FileCheck %s

// Two transposes compose into one; inverse ones vanish.
// CHECK-LABEL: func.func @transposes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[T:.*]] = "dlc_graph.transpose"(%[[X]]) {perm = array<i64: 2, 0, 1>}
// CHECK: return %[[T]], %[[X]]
func.func @transposes(%x: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<2x3x4xf32>) {
  %a = "dlc_graph.transpose"(%x) {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %b = "dlc_graph.transpose"(%a) {perm = array<i64: 2, 1, 0>} : (tensor<3x2x4xf32>) -> tensor<4x2x3xf32>
  %c = "dlc_graph.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %d = "dlc_graph.transpose"(%c) {perm = array<i64: 1, 2, 0>} : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  return %b, %d : tensor<4x2x3xf32>, tensor<2x3x4xf32>
}

// -----

// A transpose that only moves size-1 dims is a reshape; one that reorders
// two larger dims is not.
// CHECK-LABEL: func.func @unit_dims
// CHECK: "dlc_graph.reshape"(%{{.*}}) {shape = array<i64: 3, 1, 4>}
// CHECK: "dlc_graph.transpose"
func.func @unit_dims(%x: tensor<1x3x4xf32>) -> (tensor<3x1x4xf32>, tensor<4x3x1xf32>) {
  %a = "dlc_graph.transpose"(%x) {perm = array<i64: 1, 0, 2>} : (tensor<1x3x4xf32>) -> tensor<3x1x4xf32>
  %b = "dlc_graph.transpose"(%x) {perm = array<i64: 2, 1, 0>} : (tensor<1x3x4xf32>) -> tensor<4x3x1xf32>
  return %a, %b : tensor<3x1x4xf32>, tensor<4x3x1xf32>
}

// -----

// Chains of reshape, flatten, squeeze and unsqueeze become one reshape to
// the last static shape, or nothing when that is the input's.
// CHECK-LABEL: func.func @reshapes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>)
// CHECK: %[[R:.*]] = "dlc_graph.reshape"(%[[X]]) {shape = array<i64: 6, 1, 4>}
// CHECK: return %[[R]], %[[X]]
func.func @reshapes(%x: tensor<2x3x4xf32>) -> (tensor<6x1x4xf32>, tensor<2x3x4xf32>) {
  %a = "dlc_graph.flatten"(%x) {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %b = "dlc_graph.unsqueeze"(%a) {axes = array<i64: 1>} : (tensor<6x4xf32>) -> tensor<6x1x4xf32>
  %c = "dlc_graph.squeeze"(%b) {axes = array<i64: 1>} : (tensor<6x1x4xf32>) -> tensor<6x4xf32>
  %d = "dlc_graph.reshape"(%c) {shape = array<i64: 2, 3, 4>} : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
  return %b, %d : tensor<6x1x4xf32>, tensor<2x3x4xf32>
}

// -----

// cast(cast(x)) is one cast when the first is lossless (i8 -> i32 -> f32
// is i8 -> f32; f32 -> f64 -> f32 is nothing), not when it rounds or wraps.
// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[X:.*]]: tensor<2xi8>, %[[Y:.*]]: tensor<2xf32>)
// CHECK: %[[C:.*]] = "dlc_graph.cast"(%[[X]]) {to = f32}
// CHECK: %[[L:.*]] = "dlc_graph.cast"(%[[Y]]) {to = i8}
// CHECK: %[[L2:.*]] = "dlc_graph.cast"(%[[L]]) {to = f32}
// CHECK: return %[[C]], %[[Y]], %[[L2]]
func.func @casts(%x: tensor<2xi8>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = "dlc_graph.cast"(%x) {to = i32} : (tensor<2xi8>) -> tensor<2xi32>
  %b = "dlc_graph.cast"(%a) {to = f32} : (tensor<2xi32>) -> tensor<2xf32>
  %c = "dlc_graph.cast"(%y) {to = f64} : (tensor<2xf32>) -> tensor<2xf64>
  %d = "dlc_graph.cast"(%c) {to = f32} : (tensor<2xf64>) -> tensor<2xf32>
  %e = "dlc_graph.cast"(%y) {to = i8} : (tensor<2xf32>) -> tensor<2xi8>
  %f = "dlc_graph.cast"(%e) {to = f32} : (tensor<2xi8>) -> tensor<2xf32>
  return %b, %d, %f : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// -(-x) is x; x - (-y) is x + y; x + (-y) is x - y.
// CHECK-LABEL: func.func @negations
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[Y:.*]]: tensor<2xf32>)
// CHECK-DAG: %[[A:.*]] = "dlc_graph.add"(%[[X]], %[[Y]])
// CHECK-DAG: %[[S:.*]] = "dlc_graph.sub"(%[[X]], %[[Y]])
// CHECK: return %[[X]], %[[A]], %[[S]]
func.func @negations(%x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %n = "dlc_graph.neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %nn = "dlc_graph.neg"(%n) : (tensor<2xf32>) -> tensor<2xf32>
  %ny = "dlc_graph.neg"(%y) : (tensor<2xf32>) -> tensor<2xf32>
  %a = "dlc_graph.sub"(%x, %ny) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %s = "dlc_graph.add"(%x, %ny) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %nn, %a, %s : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// x - x is 0 for integers, not for floats (inf - inf is NaN).
// CHECK-LABEL: func.func @self_sub
// CHECK: %[[Z:.*]] = "dlc_graph.constant"() {value = dense<0> : tensor<3xi32>}
// CHECK: %[[F:.*]] = "dlc_graph.sub"
// CHECK: return %[[Z]], %[[F]]
func.func @self_sub(%x: tensor<3xi32>, %y: tensor<3xf32>) -> (tensor<3xi32>, tensor<3xf32>) {
  %a = "dlc_graph.sub"(%x, %x) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %b = "dlc_graph.sub"(%y, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %a, %b : tensor<3xi32>, tensor<3xf32>
}

// -----

// (x * a) * b is x * (a * b) for integers, and for floats when a is a power
// of two; (x + a) + b only for integers.
// CHECK-LABEL: func.func @reassociate
// CHECK-SAME: (%[[I:.*]]: tensor<2xi32>, %[[F:.*]]: tensor<2xf32>)
// CHECK: %[[HALF:.*]] = "dlc_graph.constant"() {value = dense<5.000000e-01>
// CHECK: %[[THIRD:.*]] = "dlc_graph.constant"() {value = dense<3.000000e-01>
// CHECK: %[[K:.*]] = "dlc_graph.constant"() {value = dense<3.000000e+00>
// CHECK-DAG: %[[AB:.*]] = "dlc_graph.mul"(%{{.*}}, %{{.*}}) : (tensor<i32>, tensor<2xi32>)
// CHECK-DAG: "dlc_graph.mul"(%[[I]], %[[AB]])
// CHECK-DAG: %[[P:.*]] = "dlc_graph.mul"(%[[HALF]], %[[K]])
// CHECK-DAG: "dlc_graph.mul"(%[[F]], %[[P]])
// CHECK-DAG: %[[FA:.*]] = "dlc_graph.add"(%[[F]], %[[HALF]])
// CHECK-DAG: "dlc_graph.add"(%[[FA]], %[[K]])
// CHECK-DAG: %[[Q:.*]] = "dlc_graph.mul"(%[[F]], %[[THIRD]])
// CHECK-DAG: "dlc_graph.mul"(%[[Q]], %[[K]])
func.func @reassociate(%i: tensor<2xi32>, %f: tensor<2xf32>) -> (tensor<2xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = "dlc_graph.constant"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %b = "dlc_graph.constant"() {value = dense<[5, 7]> : tensor<2xi32>} : () -> tensor<2xi32>
  %half = "dlc_graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %third = "dlc_graph.constant"() {value = dense<0.3> : tensor<f32>} : () -> tensor<f32>
  %k = "dlc_graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "dlc_graph.mul"(%i, %a) : (tensor<2xi32>, tensor<i32>) -> tensor<2xi32>
  %1 = "dlc_graph.mul"(%0, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %2 = "dlc_graph.mul"(%f, %half) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %3 = "dlc_graph.mul"(%2, %k) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %4 = "dlc_graph.add"(%f, %half) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %5 = "dlc_graph.add"(%4, %k) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %6 = "dlc_graph.mul"(%f, %third) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %7 = "dlc_graph.mul"(%6, %k) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %1, %3, %5, %7 : tensor<2xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// Division by a power of two is multiplication by its exact inverse;
// division by 3 stays.
// CHECK-LABEL: func.func @div_by_constant
// CHECK: %[[Q:.*]] = "dlc_graph.constant"() {value = dense<[2.500000e-01, -2.000000e+00]> : tensor<2xf32>}
// CHECK: "dlc_graph.mul"(%{{.*}}, %[[Q]])
// CHECK: "dlc_graph.div"
func.func @div_by_constant(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %p = "dlc_graph.constant"() {value = dense<[4.0, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %t = "dlc_graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %a = "dlc_graph.div"(%x, %p) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %b = "dlc_graph.div"(%x, %t) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %a, %b : tensor<2xf32>, tensor<2xf32>
}
