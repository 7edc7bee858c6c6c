// RUN: dlc-opt %s -split-input-file --dlc-eliminate-empty-tensors | FileCheck %s

// Ops whose results have a zero-size dim become empty constants; a concat
// with an empty operand is its other operand.
// CHECK-LABEL: func.func @empty
// CHECK-SAME: (%[[X:.*]]: tensor<0x3xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK: %[[E:.*]] = "dlc_graph.constant"() {{.*}} : () -> tensor<0x3xf32>
// CHECK-NOT: dlc_graph.relu
// CHECK-NOT: dlc_graph.concat
// CHECK: return %[[E]], %[[Y]]
func.func @empty(%x: tensor<0x3xf32>, %y: tensor<2x3xf32>) -> (tensor<0x3xf32>, tensor<2x3xf32>) {
  %r = "dlc_graph.relu"(%x) : (tensor<0x3xf32>) -> tensor<0x3xf32>
  %c = "dlc_graph.concat"(%x, %y) {axis = 0 : i64} : (tensor<0x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r, %c : tensor<0x3xf32>, tensor<2x3xf32>
}

// -----

// A reduction of an empty set has a non-empty result: the value ONNX
// defines for no elements, the one the lowering computes.
// CHECK-LABEL: func.func @reduce_empty_set
// CHECK: %[[SUM:.*]] = "dlc_graph.constant"() {value = dense<0.000000e+00> : tensor<1x3xf32>}
// CHECK: %[[PROD:.*]] = "dlc_graph.constant"() {value = dense<1.000000e+00> : tensor<1x3xf32>}
// CHECK: %[[MAX:.*]] = "dlc_graph.constant"() {value = dense<0xFF800000> : tensor<3xf32>}
// CHECK: %[[MIN:.*]] = "dlc_graph.constant"() {value = dense<0x7F800000> : tensor<3xf32>}
// CHECK: %[[MEAN:.*]] = "dlc_graph.constant"() {value = dense<0x7FC00000> : tensor<1x3xf32>}
// CHECK: %[[L1:.*]] = "dlc_graph.constant"() {value = dense<0.000000e+00> : tensor<1x3xf32>}
// CHECK: %[[L2:.*]] = "dlc_graph.constant"() {value = dense<0.000000e+00> : tensor<1x3xf32>}
// CHECK: %[[SQ:.*]] = "dlc_graph.constant"() {value = dense<0.000000e+00> : tensor<1x3xf32>}
// CHECK: %[[LS:.*]] = "dlc_graph.constant"() {value = dense<0xFF800000> : tensor<3xf32>}
// CHECK: %[[LSE:.*]] = "dlc_graph.constant"() {value = dense<0xFF800000> : tensor<3xf32>}
// CHECK-NOT: dlc_graph.reduce
// CHECK: return %[[SUM]], %[[PROD]], %[[MAX]], %[[MIN]], %[[MEAN]], %[[L1]], %[[L2]], %[[SQ]], %[[LS]], %[[LSE]]
func.func @reduce_empty_set(%x: tensor<0x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %sum = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 0>} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  %prod = "dlc_graph.reduce_prod"(%x) {axes = array<i64: 0>} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  %max = "dlc_graph.reduce_max"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  %min = "dlc_graph.reduce_min"(%x) {axes = array<i64: -2>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  %mean = "dlc_graph.reduce_mean"(%x) {axes = array<i64: 0>} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  %l1 = "dlc_graph.reduce_l1"(%x) {axes = array<i64: 0>} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  %l2 = "dlc_graph.reduce_l2"(%x) {axes = array<i64: 0>} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  %sq = "dlc_graph.reduce_sum_square"(%x) {axes = array<i64: 0>} : (tensor<0x3xf32>) -> tensor<1x3xf32>
  %ls = "dlc_graph.reduce_log_sum"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  %lse = "dlc_graph.reduce_log_sum_exp"(%x) {axes = array<i64: 0>, keepdims = false} : (tensor<0x3xf32>) -> tensor<3xf32>
  return %sum, %prod, %max, %min, %mean, %l1, %l2, %sq, %ls, %lse : tensor<1x3xf32>, tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// Integers: max and min start from the type's lowest and highest value
// (unsigned: 0 and 2^n - 1); a mean of no integers is 0 (the lowering
// divides by max(count, 1)). All dims reduced (no axes) gives a 0-d result.
// CHECK-LABEL: func.func @reduce_empty_set_ints
// CHECK-DAG: %[[LOW:.*]] = "dlc_graph.constant"() {value = dense<-128> : tensor<i8>}
// CHECK-DAG: %[[HIGH:.*]] = "dlc_graph.constant"() {value = dense<255> : tensor<1x1xui8>}
// CHECK-DAG: %[[HIGH64:.*]] = "dlc_graph.constant"() {value = dense<9223372036854775807> : tensor<2xi64>}
// CHECK-DAG: %[[MEAN:.*]] = "dlc_graph.constant"() {value = dense<0> : tensor<1x1xi32>}
// CHECK-NOT: dlc_graph.reduce
// CHECK: return %[[LOW]], %[[HIGH]], %[[HIGH64]], %[[MEAN]]
func.func @reduce_empty_set_ints(%a: tensor<3x0xi8>, %b: tensor<0x4xui8>, %c: tensor<2x0xi64>, %d: tensor<0x2xi32>) -> (tensor<i8>, tensor<1x1xui8>, tensor<2xi64>, tensor<1x1xi32>) {
  %max = "dlc_graph.reduce_max"(%a) {keepdims = false} : (tensor<3x0xi8>) -> tensor<i8>
  %min = "dlc_graph.reduce_min"(%b) : (tensor<0x4xui8>) -> tensor<1x1xui8>
  %min64 = "dlc_graph.reduce_min"(%c) {axes = array<i64: 1>, keepdims = false} : (tensor<2x0xi64>) -> tensor<2xi64>
  %mean = "dlc_graph.reduce_mean"(%d) : (tensor<0x2xi32>) -> tensor<1x1xi32>
  return %max, %min, %min64, %mean : tensor<i8>, tensor<1x1xui8>, tensor<2xi64>, tensor<1x1xi32>
}

// -----

// Not rewritten: a reduction of a non-empty tensor, and one whose zero-size
// dim is not reduced (the result is empty: an empty constant then).
// CHECK-LABEL: func.func @reduce_not_empty_set
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x0xf32>)
// CHECK-DAG: %[[E:.*]] = "dlc_graph.constant"() {{.*}} : () -> tensor<1x0xf32>
// CHECK-DAG: %[[S:.*]] = "dlc_graph.reduce_sum"(%[[X]])
// CHECK: return %[[S]], %[[E]]
func.func @reduce_not_empty_set(%x: tensor<2x3xf32>, %y: tensor<2x0xf32>) -> (tensor<1x3xf32>, tensor<1x0xf32>) {
  %s = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
  %e = "dlc_graph.reduce_max"(%y) {axes = array<i64: 0>} : (tensor<2x0xf32>) -> tensor<1x0xf32>
  return %s, %e : tensor<1x3xf32>, tensor<1x0xf32>
}

// -----

// Not rewritten: a `?` dim leaves the result's size open (no constant has
// that type); ops other than the reductions with an empty operand and a
// non-empty result (a matmul over k = 0) are not this pass's.
// CHECK-LABEL: func.func @reduce_dynamic
// CHECK: dlc_graph.reduce_sum
// CHECK: dlc_graph.matmul
func.func @reduce_dynamic(%x: tensor<?x0xf32>, %a: tensor<2x0xf32>, %b: tensor<0x3xf32>) -> (tensor<?x1xf32>, tensor<2x3xf32>) {
  %s = "dlc_graph.reduce_sum"(%x) {axes = array<i64: 1>} : (tensor<?x0xf32>) -> tensor<?x1xf32>
  %m = "dlc_graph.matmul"(%a, %b) : (tensor<2x0xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  return %s, %m : tensor<?x1xf32>, tensor<2x3xf32>
}
