// RUN: dlc-opt %s -split-input-file --dlc-fold-constants | FileCheck %s

// An exporter-style shape chain: Shape -> Gather -> Unsqueeze -> Concat
// folds to the constant that a reshape needs, from static dims alone.
// CHECK-LABEL: func.func @shape_chain
// CHECK: %[[S:.*]] = "dlc_graph.constant"() {value = dense<[2, 12]> : tensor<2xi64>}
// CHECK-NOT: dlc_graph.shape
// CHECK: return %[[S]]
func.func @shape_chain(%x: tensor<2x3x4xf32>) -> tensor<2xi64> {
  %s = "dlc_graph.shape"(%x) : (tensor<2x3x4xf32>) -> tensor<3xi64>
  %i0 = "dlc_graph.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %d0 = "dlc_graph.gather"(%s, %i0) {axis = 0 : i64} : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
  %u0 = "dlc_graph.unsqueeze"(%d0) {axes = array<i64: 0>} : (tensor<i64>) -> tensor<1xi64>
  %tail = "dlc_graph.slice"(%s) {starts = array<i64: 1>, ends = array<i64: 3>} : (tensor<3xi64>) -> tensor<2xi64>
  %zero = "dlc_graph.constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %ax = "dlc_graph.constant"() {value = dense<[0]> : tensor<1xi64>} : () -> tensor<1xi64>
  %p = "dlc_graph.reduce_sum"(%tail) : (tensor<2xi64>) -> tensor<1xi64>
  %n = "dlc_graph.mul"(%u0, %u0) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %m = "dlc_graph.constant"() {value = dense<12> : tensor<1xi64>} : () -> tensor<1xi64>
  %d = "dlc_graph.div"(%n, %u0) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %c = "dlc_graph.concat"(%d, %m) {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  return %c : tensor<2xi64>
}

// -----

// Elementwise math on float constants, rounded to f32 after each op; casts,
// comparisons and where.
// CHECK-LABEL: func.func @arith
// CHECK-DAG: "dlc_graph.constant"() {value = dense<[3.000000e+00, 5.000000e-01]> : tensor<2xf32>}
// CHECK-DAG: "dlc_graph.constant"() {value = dense<[3, 0]> : tensor<2xi32>}
// CHECK-DAG: "dlc_graph.constant"() {value = dense<[true, false]> : tensor<2xi1>}
// CHECK-DAG: "dlc_graph.constant"() {value = dense<[3.000000e+00, 1.000000e+00]> : tensor<2xf32>}
// CHECK-NOT: dlc_graph.{{add|sqrt|cast|greater|where}}
func.func @arith() -> (tensor<2xf32>, tensor<2xi32>, tensor<2xi1>, tensor<2xf32>) {
  %a = "dlc_graph.constant"() {value = dense<[4.0, -0.75]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "dlc_graph.constant"() {value = dense<[5.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %one = "dlc_graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %s = "dlc_graph.add"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %r = "dlc_graph.sqrt"(%s) : (tensor<2xf32>) -> tensor<2xf32>
  %i = "dlc_graph.cast"(%r) {to = i32} : (tensor<2xf32>) -> tensor<2xi32>
  %g = "dlc_graph.greater"(%r, %one) : (tensor<2xf32>, tensor<f32>) -> tensor<2xi1>
  %w = "dlc_graph.where"(%g, %r, %one) : (tensor<2xi1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %r, %i, %g, %w : tensor<2xf32>, tensor<2xi32>, tensor<2xi1>, tensor<2xf32>
}

// -----

// Transpose, slice and gather of constant data.
// CHECK-LABEL: func.func @data
// CHECK-DAG: dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>
// CHECK-DAG: dense<[6, 5, 4]> : tensor<3xi32>
// CHECK-DAG: dense<{{\[}}[3, 1], [6, 4]]> : tensor<2x2xi32>
func.func @data() -> (tensor<3x2xi32>, tensor<3xi32>, tensor<2x2xi32>) {
  %m = "dlc_graph.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %t = "dlc_graph.transpose"(%m) {perm = array<i64: 1, 0>} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %f = "dlc_graph.reshape"(%m) {shape = array<i64: 6>} : (tensor<2x3xi32>) -> tensor<6xi32>
  %r = "dlc_graph.slice"(%f) {starts = array<i64: -1>, ends = array<i64: 2>, steps = array<i64: -1>} : (tensor<6xi32>) -> tensor<3xi32>
  %idx = "dlc_graph.constant"() {value = dense<[2, -3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %g = "dlc_graph.gather"(%m, %idx) {axis = 1 : i64} : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<2x2xi32>
  return %t, %r, %g : tensor<3x2xi32>, tensor<3xi32>, tensor<2x2xi32>
}

// -----

// Not folded: an op on a non-constant, integer division by zero, a float
// to integer cast out of range, the shape of a dynamic dim.
// CHECK-LABEL: func.func @kept
// CHECK: dlc_graph.add
// CHECK: dlc_graph.div
// CHECK: dlc_graph.cast
// CHECK: dlc_graph.shape
func.func @kept(%x: tensor<2xi32>, %y: tensor<?x3xf32>) -> (tensor<2xi32>, tensor<2xi32>, tensor<1xi8>, tensor<1xi64>) {
  %k = "dlc_graph.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "dlc_graph.constant"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %big = "dlc_graph.constant"() {value = dense<1000.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %a = "dlc_graph.add"(%x, %k) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %d = "dlc_graph.div"(%k, %z) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %c = "dlc_graph.cast"(%big) {to = i8} : (tensor<1xf32>) -> tensor<1xi8>
  %s = "dlc_graph.shape"(%y) {end = 1 : i64} : (tensor<?x3xf32>) -> tensor<1xi64>
  return %a, %d, %c, %s : tensor<2xi32>, tensor<2xi32>, tensor<1xi8>, tensor<1xi64>
}


// -----

// A constant shape operand becomes reshape's and expand's attribute.
// CHECK-LABEL: func.func @shape_operand
// CHECK: "dlc_graph.reshape"(%{{.*}}) {shape = array<i64: 3, 2>} : (tensor<6xf32>) -> tensor<?x?xf32>
// CHECK: "dlc_graph.expand"(%{{.*}}) {shape = array<i64: 2, 3>} : (tensor<3xf32>) -> tensor<?x?xf32>
func.func @shape_operand(%x: tensor<6xf32>, %y: tensor<3xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %s = "dlc_graph.constant"() {value = dense<[3, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %t = "dlc_graph.constant"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "dlc_graph.reshape"(%x, %s) : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %e = "dlc_graph.expand"(%y, %t) : (tensor<3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %r, %e : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// constant_of_shape with a constant shape is a splat constant.
// CHECK-LABEL: func.func @constant_of_shape
// CHECK: %[[C:.*]] = "dlc_graph.constant"() {value = dense<7> : tensor<2x3xi32>}
// CHECK: return %[[C]]
func.func @constant_of_shape() -> tensor<2x3xi32> {
  %s = "dlc_graph.constant"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %c = "dlc_graph.constant_of_shape"(%s) {dtype = i32, value = 7.0 : f64} : (tensor<2xi64>) -> tensor<2x3xi32>
  return %c : tensor<2x3xi32>
}

// -----

// Integer reductions: sums and products wrap as the element type does
// (any order gives the same value), maxima and minima compare unsigned
// types as unsigned; a maximum over no elements is the type's lowest value.
// CHECK-LABEL: func.func @reduce_ints
// CHECK-DAG: %[[PROD:.*]] = "dlc_graph.constant"() {value = dense<24> : tensor<1xi64>}
// CHECK-DAG: %[[SUM:.*]] = "dlc_graph.constant"() {value = dense<-56> : tensor<i8>}
// CHECK-DAG: %[[MAX:.*]] = "dlc_graph.constant"() {value = dense<{{\[\[}}200], [7]]> : tensor<2x1xui8>}
// CHECK-DAG: %[[MIN:.*]] = "dlc_graph.constant"() {value = dense<[-3, 4]> : tensor<2xi64>}
// CHECK-DAG: %[[EMPTY:.*]] = "dlc_graph.constant"() {value = dense<-2147483648> : tensor<1x2xi32>}
// CHECK-NOT: dlc_graph.reduce
// CHECK: return %[[PROD]], %[[SUM]], %[[MAX]], %[[MIN]], %[[EMPTY]]
func.func @reduce_ints() -> (tensor<1xi64>, tensor<i8>, tensor<2x1xui8>, tensor<2xi64>, tensor<1x2xi32>) {
  %dims = "dlc_graph.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %prod = "dlc_graph.reduce_prod"(%dims) : (tensor<3xi64>) -> tensor<1xi64>
  %bytes = "dlc_graph.constant"() {value = dense<[100, 100]> : tensor<2xi8>} : () -> tensor<2xi8>
  %sum = "dlc_graph.reduce_sum"(%bytes) {keepdims = false} : (tensor<2xi8>) -> tensor<i8>
  %u = "dlc_graph.constant"() {value = dense<[[200, 3], [7, 1]]> : tensor<2x2xui8>} : () -> tensor<2x2xui8>
  %max = "dlc_graph.reduce_max"(%u) {axes = array<i64: -1>} : (tensor<2x2xui8>) -> tensor<2x1xui8>
  %s = "dlc_graph.constant"() {value = dense<[[5, -3, 9], [4, 4, 8]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %min = "dlc_graph.reduce_min"(%s) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xi64>) -> tensor<2xi64>
  %e = "dlc_graph.constant"() {value = dense<> : tensor<0x2xi32>} : () -> tensor<0x2xi32>
  %empty = "dlc_graph.reduce_max"(%e) {axes = array<i64: 0>} : (tensor<0x2xi32>) -> tensor<1x2xi32>
  return %prod, %sum, %max, %min, %empty : tensor<1xi64>, tensor<i8>, tensor<2x1xui8>, tensor<2xi64>, tensor<1x2xi32>
}

// -----

// Float maxima and minima choose an element, so they are exact: NaN
// propagates and +0 is above -0, as maximumf / minimumf in the compiled code.
// CHECK-LABEL: func.func @reduce_float_max_min
// CHECK-DAG: %[[MAX:.*]] = "dlc_graph.constant"() {value = dense<[0x7FC00000, 0.000000e+00]> : tensor<2xf32>}
// CHECK-DAG: %[[MIN:.*]] = "dlc_graph.constant"() {value = dense<[0x7FC00000, -0.000000e+00]> : tensor<2xf32>}
// CHECK: return %[[MAX]], %[[MIN]]
func.func @reduce_float_max_min() -> (tensor<2xf32>, tensor<2xf32>) {
  %x = "dlc_graph.constant"() {value = dense<[[1.0, 0x7FC00000, -2.0], [-0.0, 0.0, -0.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %max = "dlc_graph.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  %min = "dlc_graph.reduce_min"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %max, %min : tensor<2xf32>, tensor<2xf32>
}

// -----

// Not folded: float sums and products (their rounding depends on the order
// the compiled code adds in), and the reductions the evaluator does not
// know (mean).
// CHECK-LABEL: func.func @reduce_not_folded
// CHECK: dlc_graph.reduce_sum
// CHECK: dlc_graph.reduce_prod
// CHECK: dlc_graph.reduce_mean
func.func @reduce_not_folded() -> (tensor<1xf32>, tensor<1xf32>, tensor<1xi64>) {
  %x = "dlc_graph.constant"() {value = dense<[0.1, 0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %sum = "dlc_graph.reduce_sum"(%x) : (tensor<3xf32>) -> tensor<1xf32>
  %prod = "dlc_graph.reduce_prod"(%x) : (tensor<3xf32>) -> tensor<1xf32>
  %i = "dlc_graph.constant"() {value = dense<[2, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %mean = "dlc_graph.reduce_mean"(%i) : (tensor<3xi64>) -> tensor<1xi64>
  return %sum, %prod, %mean : tensor<1xf32>, tensor<1xf32>, tensor<1xi64>
}

// -----

// Half-precision weights widen at compile time: the f32 constant that the
// importer's cast would compute at every run (the f16 values exactly).
// CHECK-LABEL: func.func @widen_half_weights
// CHECK-DAG: %[[H:.*]] = "dlc_graph.constant"() {value = dense<[0.0999755859, -2.500000e+00]> : tensor<2xf32>}
// CHECK-DAG: %[[B:.*]] = "dlc_graph.constant"() {value = dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf32>}
// CHECK: return %[[H]], %[[B]]
func.func @widen_half_weights() -> (tensor<2xf32>, tensor<2xf32>) {
  %h = "dlc_graph.constant"() {value = dense<[0.1, -2.5]> : tensor<2xf16>} : () -> tensor<2xf16>
  %b = "dlc_graph.constant"() {value = dense<[1.0, 3.0]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %0 = "dlc_graph.cast"(%h) {to = f32} : (tensor<2xf16>) -> tensor<2xf32>
  %1 = "dlc_graph.cast"(%b) {to = f32} : (tensor<2xbf16>) -> tensor<2xf32>
  return %0, %1 : tensor<2xf32>, tensor<2xf32>
}

// -----

// Rounding to a half type: f32 to the nearest f16 (0.1 is 0.0999755859375).
// CHECK-LABEL: func.func @round_to_half
// CHECK: %[[R:.*]] = "dlc_graph.constant"() {value = dense<[9.997550e-02, 6.550400e+04]> : tensor<2xf16>}
// CHECK: return %[[R]]
func.func @round_to_half() -> tensor<2xf16> {
  %c = "dlc_graph.constant"() {value = dense<[0.1, 65504.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "dlc_graph.cast"(%c) {to = f16} : (tensor<2xf32>) -> tensor<2xf16>
  return %0 : tensor<2xf16>
}

// -----

// Low-precision weights widen at compile time too (int4, a float8 code),
// and casts to them fold with their saturate and round_mode: 1000 saturates
// to 448 in f8E4M3FN but becomes NaN without saturation; 3 rounds down to 2
// in f8E8M0FNU.
// CHECK-LABEL: func.func @low_precision
// CHECK-DAG: "dlc_graph.constant"() {value = dense<[-8.000000e+00, 7.000000e+00]> : tensor<2xf32>}
// CHECK-DAG: "dlc_graph.constant"() {value = dense<[1.000000e+00, -4.480000e+02]> : tensor<2xf32>}
// CHECK-DAG: "dlc_graph.constant"() {value = dense<[4.480000e+02, 1.000000e+00]> : tensor<2xf8E4M3FN>}
// CHECK-DAG: "dlc_graph.constant"() {value = dense<[0x7F, 1.000000e+00]> : tensor<2xf8E4M3FN>}
// CHECK-DAG: "dlc_graph.constant"() {value = dense<[2.000000e+00, 1.000000e+00]> : tensor<2xf8E8M0FNU>}
func.func @low_precision() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>, tensor<2xf8E8M0FNU>) {
  %i = "dlc_graph.constant"() {value = dense<[-8, 7]> : tensor<2xi4>} : () -> tensor<2xi4>
  %e = "dlc_graph.constant"() {value = dense<[1.0, -448.0]> : tensor<2xf8E4M3FN>} : () -> tensor<2xf8E4M3FN>
  %c = "dlc_graph.constant"() {value = dense<[1000.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %t = "dlc_graph.constant"() {value = dense<[3.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "dlc_graph.cast"(%i) {to = f32} : (tensor<2xi4>) -> tensor<2xf32>
  %1 = "dlc_graph.cast"(%e) {to = f32} : (tensor<2xf8E4M3FN>) -> tensor<2xf32>
  %2 = "dlc_graph.cast"(%c) {to = f8E4M3FN} : (tensor<2xf32>) -> tensor<2xf8E4M3FN>
  %3 = "dlc_graph.cast"(%c) {to = f8E4M3FN, saturate = false} : (tensor<2xf32>) -> tensor<2xf8E4M3FN>
  %4 = "dlc_graph.cast"(%t) {to = f8E8M0FNU, round_mode = "down"} : (tensor<2xf32>) -> tensor<2xf8E8M0FNU>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf8E4M3FN>, tensor<2xf8E4M3FN>, tensor<2xf8E8M0FNU>
}

// -----

// A pad whose `pads_tensor` is a constant takes its rows as `pads` and
// `axes`; its constant_value stays an operand.
// CHECK-LABEL: func.func @pad_pads_tensor
// CHECK-SAME: %[[X:[^:]*]]: tensor<4x5xf32>, %[[V:[^:]*]]: tensor<f32>
// CHECK: "dlc_graph.pad"(%[[X]], %[[V]]) {axes = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 0>, pads = array<i64: 2, -1>}
func.func @pad_pads_tensor(%x: tensor<4x5xf32>, %v: tensor<f32>) -> tensor<?x?xf32> {
  %p = "dlc_graph.constant"() {value = dense<[[2], [-1], [1]]> : tensor<3x1xi64>} : () -> tensor<3x1xi64>
  %y = "dlc_graph.pad"(%x, %v, %p) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<4x5xf32>, tensor<f32>, tensor<3x1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
