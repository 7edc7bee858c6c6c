// RUN: dlc-opt %s -split-input-file --dlc-eliminate-nops | FileCheck %s

// Identity, inference dropout and same-type shape ops return their input.
// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: dlc_graph
// CHECK: return %[[X]]
func.func @identities(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %a = "dlc_graph.identity"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = "dlc_graph.dropout"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %c = "dlc_graph.reshape"(%b) {shape = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %d = "dlc_graph.cast"(%c) {to = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %e = "dlc_graph.transpose"(%d) {perm = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %f = "dlc_graph.pad"(%e) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 0, 0, 0, 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %g = "dlc_graph.slice"(%f) {starts = array<i64: 0>, ends = array<i64: 9>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %h = "dlc_graph.expand"(%g) {shape = array<i64: 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %h : tensor<2x3xf32>
}

// -----

// x + 0, 0 + x, x - 0, x * 1, x / 1 and x ^ 1 with constants that broadcast
// into x's shape.
// CHECK-LABEL: func.func @neutral
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: dlc_graph.{{add|sub|mul|div|pow}}
// CHECK: return %[[X]]
func.func @neutral(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = "dlc_graph.constant"() {value = dense<0.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %zeros = "dlc_graph.constant"() {value = dense<[0.0, -0.0, 0.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %one = "dlc_graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %a = "dlc_graph.add"(%x, %zero) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %b = "dlc_graph.add"(%zeros, %a) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %c = "dlc_graph.sub"(%b, %zero) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %d = "dlc_graph.mul"(%one, %c) : (tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e = "dlc_graph.div"(%d, %one) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %f = "dlc_graph.pow"(%e, %one) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %f : tensor<2x3xf32>
}

// -----

// Not nops: a constant that is not neutral everywhere, 0 - x, 1 / x, a
// neutral constant that broadcasts x to a larger shape, and a reshape,
// transpose, slice and pad that change the data.
// CHECK-LABEL: func.func @not_nops
// CHECK: dlc_graph.add
// CHECK: dlc_graph.sub
// CHECK: dlc_graph.div
// CHECK: dlc_graph.mul
// CHECK: dlc_graph.reshape
// CHECK: dlc_graph.transpose
// CHECK: dlc_graph.slice
// CHECK: dlc_graph.pad
func.func @not_nops(%x: tensor<3xf32>, %s: tensor<2x2xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<3x1xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) {
  %k = "dlc_graph.constant"() {value = dense<[0.0, 1.0, 0.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %zero = "dlc_graph.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %one = "dlc_graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %ones = "dlc_graph.constant"() {value = dense<1.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %a = "dlc_graph.add"(%x, %k) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %b = "dlc_graph.sub"(%zero, %x) : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  %c = "dlc_graph.div"(%one, %x) : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  %d = "dlc_graph.mul"(%x, %ones) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %e = "dlc_graph.reshape"(%x) {shape = array<i64: 3, 1>} : (tensor<3xf32>) -> tensor<3x1xf32>
  %f = "dlc_graph.transpose"(%s) {perm = array<i64: 1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %g = "dlc_graph.slice"(%s) {starts = array<i64: -1>, ends = array<i64: -9>, steps = array<i64: -1>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %h = "dlc_graph.pad"(%s) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 0, -1, 0>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %a, %b, %c, %d, %e, %f, %g, %h : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3xf32>, tensor<3x1xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>
}

// -----

// where with a constant condition picks one side; clip without bounds and
// a reduction with noop_with_empty_axes are identities.
// CHECK-LABEL: func.func @selects
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[Y:.*]]: tensor<2xf32>)
// CHECK-NOT: dlc_graph.where
// CHECK-NOT: dlc_graph.clip
// CHECK-NOT: dlc_graph.reduce_sum
// CHECK: return %[[X]], %[[Y]], %[[X]]
func.func @selects(%x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %t = "dlc_graph.constant"() {value = dense<true> : tensor<2xi1>} : () -> tensor<2xi1>
  %f = "dlc_graph.constant"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %a = "dlc_graph.where"(%t, %x, %y) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %b = "dlc_graph.where"(%f, %x, %y) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %c = "dlc_graph.clip"(%a) {operandSegmentSizes = array<i32: 1, 0, 0>} : (tensor<2xf32>) -> tensor<2xf32>
  %d = "dlc_graph.reduce_sum"(%c) {noop_with_empty_axes = true} : (tensor<2xf32>) -> tensor<2xf32>
  return %a, %b, %d : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// -----

// A where whose condition is mixed stays; so does an identity whose result
// type differs from its input's (the return needs the declared type).
// CHECK-LABEL: func.func @kept
// CHECK: dlc_graph.where
// CHECK: dlc_graph.identity
func.func @kept(%x: tensor<2xf32>, %y: tensor<2xf32>) -> (tensor<2xf32>, tensor<?xf32>) {
  %m = "dlc_graph.constant"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
  %a = "dlc_graph.where"(%m, %x, %y) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %b = "dlc_graph.identity"(%x) : (tensor<2xf32>) -> tensor<?xf32>
  return %a, %b : tensor<2xf32>, tensor<?xf32>
}

// -----

// A dropout whose mask is used stays.
// CHECK-LABEL: func.func @dropout_mask
// CHECK: dlc_graph.dropout
func.func @dropout_mask(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi1>) {
  %y, %m = "dlc_graph.dropout"(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xi1>)
  return %y, %m : tensor<2xf32>, tensor<2xi1>
}

// -----

// Equal types with dynamic dims prove nothing: a ?x? reshape may turn 2x3
// into 3x2, and x + zeros(3) broadcasts an x of one element.
// CHECK-LABEL: func.func @dynamic
// CHECK: dlc_graph.reshape
// CHECK: dlc_graph.add
func.func @dynamic(%x: tensor<?x?xf32>, %y: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %zero = "dlc_graph.constant"() {value = dense<0.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %a = "dlc_graph.reshape"(%x) {shape = array<i64: 3, 2>} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %b = "dlc_graph.add"(%y, %zero) : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  return %a, %b : tensor<?x?xf32>, tensor<?xf32>
}

// -----

// Pads read at run time may be anything: the pad stays.
// CHECK-LABEL: func.func @pad_run_time
// CHECK: "dlc_graph.pad"
func.func @pad_run_time(%x: tensor<3xf32>, %p: tensor<2xi64>) -> tensor<?xf32> {
  %y = "dlc_graph.pad"(%x, %p) {operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<3xf32>, tensor<2xi64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
