// RUN: dlc-opt %s -split-input-file --dlc-graph-to-tensor | FileCheck %s

// A constant becomes arith.constant; a binary op one map over both
// operands (broadcasting is the map's), with a body per element type.
// CHECK-LABEL: func.func @constant_add
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>
// CHECK: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<2x4xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[C]], %[[X]]) {fn = @__dlc_add_f32_f32_f32, operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK: return %[[Y]]
// CHECK-LABEL: func.func private @__dlc_add_f32_f32_f32
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32) -> f32
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK: return %[[S]] : f32
func.func @constant_add(%x: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "dlc_graph.constant"() {value = dense<1.0> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %1 = "dlc_graph.add"(%0, %x) : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// -----

// One body per op kind and element types, shared by every use.
// CHECK-LABEL: func.func @shared_bodies
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_sub_i64_i64_i64
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_sub_i64_i64_i64
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_mul_i64_i64_i64
// CHECK-COUNT-1: func.func private @__dlc_sub_i64_i64_i64
// CHECK-NOT: func.func private @__dlc_sub_i64_i64_i64
// CHECK-LABEL: func.func private @__dlc_mul_i64_i64_i64
// CHECK: arith.muli
func.func @shared_bodies(%a: tensor<3xi64>, %b: tensor<i64>) -> tensor<3xi64> {
  %0 = "dlc_graph.sub"(%a, %b) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  %1 = "dlc_graph.sub"(%0, %a) : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %2 = "dlc_graph.mul"(%1, %1) : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  return %2 : tensor<3xi64>
}

// -----

// Division picks the signed, unsigned or float form; unsigned scalars are
// signless in bodies. Integer division divides by 1 where the divisor is 0
// (or, signed, INT_MIN / -1) and reports those places with a check: codes
// 2 (by zero) and 3 (overflow).
// CHECK-LABEL: func.func @div
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_div_safe_ui8_ui8_ui8{{.*}} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
// CHECK: %[[UCODES:.*]] = "dlc_tensor.map"{{.*}}fn = @__dlc_div_check_ui8_ui8_i32{{.*}} -> tensor<4xi32>
// CHECK: "dlc_tensor.check"(%[[UCODES]]) : (tensor<4xi32>) -> ()
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_div_safe_i32_i32_i32
// CHECK: %[[ICODES:.*]] = "dlc_tensor.map"{{.*}}fn = @__dlc_div_check_i32_i32_i32
// CHECK: "dlc_tensor.check"(%[[ICODES]])
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_div_f64_f64_f64
// CHECK-NOT: dlc_tensor.check
// CHECK-LABEL: func.func private @__dlc_div_safe_ui8_ui8_ui8
// CHECK-SAME: (%{{.*}}: i8, %{{.*}}: i8) -> i8
// CHECK: arith.select
// CHECK: arith.divui
// CHECK-LABEL: func.func private @__dlc_div_check_ui8_ui8_i32
// CHECK-LABEL: func.func private @__dlc_div_safe_i32_i32_i32
// CHECK: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK: arith.select
// CHECK: arith.divsi
// CHECK-LABEL: func.func private @__dlc_div_check_i32_i32_i32
// CHECK-DAG: arith.constant 3 : i32
// CHECK-DAG: arith.constant 2 : i32
// CHECK-LABEL: func.func private @__dlc_div_f64_f64_f64
// CHECK: arith.divf
func.func @div(%u: tensor<4xui8>, %i: tensor<4xi32>, %f: tensor<4xf64>) -> (tensor<4xui8>, tensor<4xi32>, tensor<4xf64>) {
  %0 = "dlc_graph.div"(%u, %u) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  %1 = "dlc_graph.div"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %2 = "dlc_graph.div"(%f, %f) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0, %1, %2 : tensor<4xui8>, tensor<4xi32>, tensor<4xf64>
}

// -----

// float ** float and float ** int compute in the base's type; int ** int
// exactly with math.ipowi; int ** float in the exponent's float type,
// truncated back.
// CHECK-LABEL: func.func @pow
// CHECK: fn = @__dlc_pow_f32_f32_f32
// CHECK: fn = @__dlc_pow_f32_i64_f32
// CHECK: fn = @__dlc_pow_i32_ui8_i32
// CHECK: fn = @__dlc_pow_i32_f64_i32
// CHECK-LABEL: func.func private @__dlc_pow_f32_f32_f32
// CHECK-SAME: (%[[B:.*]]: f32, %[[E:.*]]: f32)
// CHECK: math.powf %[[B]], %[[E]] : f32
// CHECK-LABEL: func.func private @__dlc_pow_f32_i64_f32
// CHECK-SAME: (%[[B:.*]]: f32, %[[E:.*]]: i64)
// CHECK: %[[EF:.*]] = arith.sitofp %[[E]] : i64 to f32
// CHECK: math.powf %[[B]], %[[EF]] : f32
// CHECK-LABEL: func.func private @__dlc_pow_i32_ui8_i32
// CHECK-SAME: (%[[B:.*]]: i32, %[[E:.*]]: i8)
// CHECK: %[[EI:.*]] = arith.extui %[[E]] : i8 to i32
// CHECK: math.ipowi %[[B]], %[[EI]] : i32
// CHECK-LABEL: func.func private @__dlc_pow_i32_f64_i32
// CHECK-SAME: (%[[B:.*]]: i32, %[[E:.*]]: f64)
// CHECK: %[[BF:.*]] = arith.sitofp %[[B]] : i32 to f64
// CHECK: %[[P:.*]] = math.powf %[[BF]], %[[E]] : f64
// CHECK: %[[R:.*]] = arith.fptosi %[[P]] : f64 to i32
// CHECK: return %[[R]]
func.func @pow(%f: tensor<4xf32>, %l: tensor<i64>, %i: tensor<4xi32>, %u: tensor<4xui8>, %d: tensor<4xf64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>) {
  %0 = "dlc_graph.pow"(%f, %f) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "dlc_graph.pow"(%f, %l) : (tensor<4xf32>, tensor<i64>) -> tensor<4xf32>
  %2 = "dlc_graph.pow"(%i, %u) : (tensor<4xi32>, tensor<4xui8>) -> tensor<4xi32>
  %3 = "dlc_graph.pow"(%i, %d) : (tensor<4xi32>, tensor<4xf64>) -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Comparisons: ordered float predicates, signed or unsigned integer ones;
// the map's result is i1.
// CHECK-LABEL: func.func @compare
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_equal_f32_f32_i1{{.*}} -> tensor<4xi1>
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_greater_i16_i16_i1
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_less_ui16_ui16_i1
// CHECK-LABEL: func.func private @__dlc_equal_f32_f32_i1
// CHECK: arith.cmpf oeq
// CHECK-LABEL: func.func private @__dlc_greater_i16_i16_i1
// CHECK: arith.cmpi sgt
// CHECK-LABEL: func.func private @__dlc_less_ui16_ui16_i1
// CHECK: arith.cmpi ult
func.func @compare(%f: tensor<4xf32>, %i: tensor<4xi16>, %u: tensor<4xui16>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = "dlc_graph.equal"(%f, %f) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = "dlc_graph.greater"(%i, %i) : (tensor<4xi16>, tensor<4xi16>) -> tensor<4xi1>
  %2 = "dlc_graph.less"(%u, %u) : (tensor<4xui16>, tensor<4xui16>) -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// relu is a NaN-propagating max with 0 for floats, a signed max for ints.
// CHECK-LABEL: func.func @relu
// CHECK: fn = @__dlc_relu_f32_f32
// CHECK: fn = @__dlc_relu_i8_i8
// CHECK-LABEL: func.func private @__dlc_relu_f32_f32
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.maximumf %{{.*}}, %[[Z]] : f32
// CHECK-LABEL: func.func private @__dlc_relu_i8_i8
// CHECK: arith.maxsi
func.func @relu(%f: tensor<2x2xf32>, %i: tensor<2xi8>) -> (tensor<2x2xf32>, tensor<2xi8>) {
  %0 = "dlc_graph.relu"(%f) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = "dlc_graph.relu"(%i) : (tensor<2xi8>) -> tensor<2xi8>
  return %0, %1 : tensor<2x2xf32>, tensor<2xi8>
}

// -----

// alpha is a 0-d input, so that one body serves every alpha.
// CHECK-LABEL: func.func @leaky_relu
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>
// CHECK: %[[ALPHA:.*]] = arith.constant dense<2.000000e-01> : tensor<f32>
// CHECK: "dlc_tensor.map"(%[[X]], %[[ALPHA]]) {fn = @__dlc_leaky_relu_f32_f32_f32
// CHECK-LABEL: func.func private @__dlc_leaky_relu_f32_f32_f32
// CHECK-SAME: (%[[V:.*]]: f32, %[[A:.*]]: f32)
// CHECK: %[[NONNEG:.*]] = arith.cmpf oge, %[[V]]
// CHECK: %[[SCALED:.*]] = arith.mulf %[[A]], %[[V]]
// CHECK: arith.select %[[NONNEG]], %[[V]], %[[SCALED]]
func.func @leaky_relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.leaky_relu"(%x) {alpha = 0.2 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The default alpha of the op table is used when the attribute is absent.
// CHECK-LABEL: func.func @leaky_relu_default
// CHECK: arith.constant dense<0.00999999977> : tensor<f32>
func.func @leaky_relu_default(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.leaky_relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @sigmoid
// CHECK: fn = @__dlc_sigmoid_f64_f64
// CHECK-LABEL: func.func private @__dlc_sigmoid_f64_f64
// CHECK: arith.negf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: arith.divf
func.func @sigmoid(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = "dlc_graph.sigmoid"(%x) : (tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// One math op per body for tanh, erf, exp, log, sqrt.
// CHECK-LABEL: func.func @math
// CHECK: fn = @__dlc_tanh_f32_f32
// CHECK: fn = @__dlc_erf_f32_f32
// CHECK: fn = @__dlc_exp_f32_f32
// CHECK: fn = @__dlc_log_f32_f32
// CHECK: fn = @__dlc_sqrt_f32_f32
// CHECK-LABEL: func.func private @__dlc_tanh_f32_f32
// CHECK: math.tanh
// CHECK-LABEL: func.func private @__dlc_erf_f32_f32
// CHECK: math.erf
// CHECK-LABEL: func.func private @__dlc_exp_f32_f32
// CHECK: math.exp
// CHECK-LABEL: func.func private @__dlc_log_f32_f32
// CHECK: math.log
// CHECK-LABEL: func.func private @__dlc_sqrt_f32_f32
// CHECK: math.sqrt
func.func @math(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.tanh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "dlc_graph.erf"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "dlc_graph.exp"(%1) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "dlc_graph.log"(%2) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "dlc_graph.sqrt"(%3) : (tensor<4xf32>) -> tensor<4xf32>
  return %4 : tensor<4xf32>
}

// -----

// gelu: erf form by default, tanh form on request, as separate bodies.
// CHECK-LABEL: func.func @gelu
// CHECK: fn = @__dlc_gelu_f32_f32
// CHECK: fn = @__dlc_gelu_tanh_f32_f32
// CHECK-LABEL: func.func private @__dlc_gelu_f32_f32
// CHECK-DAG: arith.constant 0.707106769 : f32
// CHECK-DAG: arith.constant 5.000000e-01 : f32
// CHECK: math.erf
// CHECK-NOT: math.tanh
// CHECK-LABEL: func.func private @__dlc_gelu_tanh_f32_f32
// CHECK-DAG: arith.constant 0.797884583 : f32
// CHECK-DAG: arith.constant 4.471500e-02 : f32
// CHECK: math.tanh
func.func @gelu(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "dlc_graph.gelu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "dlc_graph.gelu"(%x) {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// neg: negf, or 0 - x for integers; abs: absf, absi, and nothing at all
// for unsigned integers.
// CHECK-LABEL: func.func @neg_abs
// CHECK: fn = @__dlc_neg_f32_f32
// CHECK: fn = @__dlc_neg_i32_i32
// CHECK: fn = @__dlc_abs_f32_f32
// CHECK: fn = @__dlc_abs_i32_i32
// CHECK: fn = @__dlc_abs_ui32_ui32
// CHECK-LABEL: func.func private @__dlc_neg_f32_f32
// CHECK: arith.negf
// CHECK-LABEL: func.func private @__dlc_neg_i32_i32
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: arith.subi %[[Z]], %[[X]] : i32
// CHECK-LABEL: func.func private @__dlc_abs_f32_f32
// CHECK: math.absf
// CHECK-LABEL: func.func private @__dlc_abs_i32_i32
// CHECK: math.absi
// CHECK-LABEL: func.func private @__dlc_abs_ui32_ui32
// CHECK-SAME: (%[[X:.*]]: i32) -> i32
// CHECK-NEXT: return %[[X]] : i32
func.func @neg_abs(%f: tensor<4xf32>, %i: tensor<4xi32>, %u: tensor<4xui32>) -> (tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi32>, tensor<4xui32>) {
  %0 = "dlc_graph.neg"(%f) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "dlc_graph.neg"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %2 = "dlc_graph.abs"(%f) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "dlc_graph.abs"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %4 = "dlc_graph.abs"(%u) : (tensor<4xui32>) -> tensor<4xui32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xi32>, tensor<4xf32>, tensor<4xi32>, tensor<4xui32>
}

// -----

// clip: max with the lower bound, then min with the upper one, one body per
// combination of bounds; with none, the input itself.
// CHECK-LABEL: func.func @clip
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>, %[[LO:[^:]*]]: tensor<f32>, %[[HI:[^:]*]]: tensor<f32>
// CHECK: %[[BOTH:.*]] = "dlc_tensor.map"(%[[X]], %[[LO]], %[[HI]]) {fn = @__dlc_clip_f32_f32_f32_f32
// CHECK: %[[MIN:.*]] = "dlc_tensor.map"(%[[X]], %[[LO]]) {fn = @__dlc_clip_min_f32_f32_f32
// CHECK: %[[MAX:.*]] = "dlc_tensor.map"(%[[X]], %[[HI]]) {fn = @__dlc_clip_max_f32_f32_f32
// CHECK: return %[[BOTH]], %[[MIN]], %[[MAX]], %[[X]]
// CHECK-LABEL: func.func private @__dlc_clip_f32_f32_f32_f32
// CHECK-SAME: (%[[V:.*]]: f32, %[[L:.*]]: f32, %[[H:.*]]: f32)
// CHECK: %[[M:.*]] = arith.maximumf %[[V]], %[[L]]
// CHECK: arith.minimumf %[[M]], %[[H]]
// CHECK-LABEL: func.func private @__dlc_clip_min_f32_f32_f32
// CHECK: arith.maximumf
// CHECK-NOT: arith.minimumf
// CHECK-LABEL: func.func private @__dlc_clip_max_f32_f32_f32
// CHECK-NOT: arith.maximumf
// CHECK: arith.minimumf
func.func @clip(%x: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "dlc_graph.clip"(%x, %lo, %hi) {operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  %1 = "dlc_graph.clip"(%x, %lo) {operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = "dlc_graph.clip"(%x, %hi) {operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = "dlc_graph.clip"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A one-element 1-D bound is reshaped to 0-d; unsigned bounds use unsigned
// max and min.
// CHECK-LABEL: func.func @clip_unsigned_1d_bound
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xui8>, %[[HI:[^:]*]]: tensor<1xui8>
// CHECK: %[[H:.*]] = "dlc_tensor.reshape"(%[[HI]]) : (tensor<1xui8>) -> tensor<ui8>
// CHECK: "dlc_tensor.map"(%[[X]], %[[H]]) {fn = @__dlc_clip_max_ui8_ui8_ui8
// CHECK-LABEL: func.func private @__dlc_clip_max_ui8_ui8_ui8
// CHECK: arith.minui
func.func @clip_unsigned_1d_bound(%x: tensor<4xui8>, %hi: tensor<1xui8>) -> tensor<4xui8> {
  %0 = "dlc_graph.clip"(%x, %hi) {operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<4xui8>, tensor<1xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// cast variants: float to signed and unsigned ints (truncating), ints to
// floats, widening and narrowing, bool as 0 / 1, anything to bool as != 0.
// CHECK-LABEL: func.func @cast
// CHECK-LABEL: func.func private @__dlc_cast_f32_i64
// CHECK: arith.fptosi %{{.*}} : f32 to i64
// CHECK-LABEL: func.func private @__dlc_cast_f32_ui8
// CHECK: arith.fptoui %{{.*}} : f32 to i8
// CHECK-LABEL: func.func private @__dlc_cast_ui16_f64
// CHECK: arith.uitofp %{{.*}} : i16 to f64
// CHECK-LABEL: func.func private @__dlc_cast_i8_f32
// CHECK: arith.sitofp %{{.*}} : i8 to f32
// CHECK-LABEL: func.func private @__dlc_cast_i8_i64
// CHECK: arith.extsi %{{.*}} : i8 to i64
// CHECK-LABEL: func.func private @__dlc_cast_ui16_i32
// CHECK: arith.extui %{{.*}} : i16 to i32
// CHECK-LABEL: func.func private @__dlc_cast_i64_i8
// CHECK: arith.trunci %{{.*}} : i64 to i8
// CHECK-LABEL: func.func private @__dlc_cast_f32_f64
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK-LABEL: func.func private @__dlc_cast_f64_f32
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK-LABEL: func.func private @__dlc_cast_i1_f32
// CHECK: arith.uitofp %{{.*}} : i1 to f32
// CHECK-LABEL: func.func private @__dlc_cast_i1_i32
// CHECK: arith.extui %{{.*}} : i1 to i32
// CHECK-LABEL: func.func private @__dlc_cast_f32_i1
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: arith.cmpf une, %{{.*}}, %[[Z]] : f32
// CHECK-LABEL: func.func private @__dlc_cast_i64_i1
// CHECK: %[[Z:.*]] = arith.constant 0 : i64
// CHECK: arith.cmpi ne, %{{.*}}, %[[Z]] : i64
// Same width, other signedness: the bits are kept.
// CHECK-LABEL: func.func private @__dlc_cast_i8_ui8
// CHECK-SAME: (%[[X:.*]]: i8) -> i8
// CHECK-NEXT: return %[[X]] : i8
func.func @cast(%f: tensor<2xf32>, %d: tensor<2xf64>, %b: tensor<2xi1>, %i8: tensor<2xi8>, %u16: tensor<2xui16>, %i64: tensor<2xi64>) {
  %0 = "dlc_graph.cast"(%f) {to = i64} : (tensor<2xf32>) -> tensor<2xi64>
  %1 = "dlc_graph.cast"(%f) {to = ui8} : (tensor<2xf32>) -> tensor<2xui8>
  %2 = "dlc_graph.cast"(%u16) {to = f64} : (tensor<2xui16>) -> tensor<2xf64>
  %3 = "dlc_graph.cast"(%i8) {to = f32} : (tensor<2xi8>) -> tensor<2xf32>
  %4 = "dlc_graph.cast"(%i8) {to = i64} : (tensor<2xi8>) -> tensor<2xi64>
  %5 = "dlc_graph.cast"(%u16) {to = i32} : (tensor<2xui16>) -> tensor<2xi32>
  %6 = "dlc_graph.cast"(%i64) {to = i8} : (tensor<2xi64>) -> tensor<2xi8>
  %7 = "dlc_graph.cast"(%f) {to = f64} : (tensor<2xf32>) -> tensor<2xf64>
  %8 = "dlc_graph.cast"(%d) {to = f32} : (tensor<2xf64>) -> tensor<2xf32>
  %9 = "dlc_graph.cast"(%b) {to = f32} : (tensor<2xi1>) -> tensor<2xf32>
  %10 = "dlc_graph.cast"(%b) {to = i32} : (tensor<2xi1>) -> tensor<2xi32>
  %11 = "dlc_graph.cast"(%f) {to = i1} : (tensor<2xf32>) -> tensor<2xi1>
  %12 = "dlc_graph.cast"(%i64) {to = i1} : (tensor<2xi64>) -> tensor<2xi1>
  %13 = "dlc_graph.cast"(%i8) {to = ui8} : (tensor<2xi8>) -> tensor<2xui8>
  return
}

// -----

// The half types convert like other floats: extf to f32, truncf (rounding
// to nearest) back to f16; to bf16 the rounding (nearest, ties to even) is
// integer ops on the f32 bits, not a truncf that LLVM would lower to a
// libgcc call on CPUs without bf16 instructions; integers convert directly.
// CHECK-LABEL: func.func @cast_half
// CHECK-LABEL: func.func private @__dlc_cast_f16_f32
// CHECK: arith.extf %{{.*}} : f16 to f32
// CHECK-LABEL: func.func private @__dlc_cast_f32_f16
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK-LABEL: func.func private @__dlc_cast_bf16_f32
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK-LABEL: func.func private @__dlc_cast_f32_bf16
// CHECK-NOT: arith.truncf
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK: arith.addi
// CHECK: arith.trunci %{{.*}} : i32 to i16
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
// CHECK-LABEL: func.func private @__dlc_cast_i64_f16
// CHECK: arith.sitofp %{{.*}} : i64 to f16
func.func @cast_half(%h: tensor<2xf16>, %f: tensor<2xf32>, %b: tensor<2xbf16>, %i: tensor<2xi64>) {
  %0 = "dlc_graph.cast"(%h) {to = f32} : (tensor<2xf16>) -> tensor<2xf32>
  %1 = "dlc_graph.cast"(%f) {to = f16} : (tensor<2xf32>) -> tensor<2xf16>
  %2 = "dlc_graph.cast"(%b) {to = f32} : (tensor<2xbf16>) -> tensor<2xf32>
  %3 = "dlc_graph.cast"(%f) {to = bf16} : (tensor<2xf32>) -> tensor<2xbf16>
  %4 = "dlc_graph.cast"(%i) {to = f16} : (tensor<2xi64>) -> tensor<2xf16>
  return
}

// -----

// identity and inference-mode dropout forward their input (cast to the
// declared result type when it is more static); dropout's mask is all true.
// CHECK-LABEL: func.func @forwarding
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>, %[[D:[^:]*]]: tensor<?xf32>
// CHECK: %[[MASK:.*]] = "dlc_tensor.map"(%[[X]]) {fn = @__dlc_true_f32_i1{{.*}} -> tensor<4xi1>
// CHECK: %[[CAST:.*]] = tensor.cast %[[D]] : tensor<?xf32> to tensor<4xf32>
// CHECK: return %[[X]], %[[X]], %[[MASK]], %[[CAST]]
// CHECK-LABEL: func.func private @__dlc_true_f32_i1
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: return %[[T]] : i1
func.func @forwarding(%x: tensor<4xf32>, %d: tensor<?xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xf32>) {
  %0 = "dlc_graph.identity"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1, %mask = "dlc_graph.dropout"(%x) {ratio = 0.3 : f32} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xi1>)
  %2 = "dlc_graph.identity"(%d) : (tensor<?xf32>) -> tensor<4xf32>
  return %0, %1, %mask, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xf32>
}

// -----

// where is a select over three broadcast inputs.
// CHECK-LABEL: func.func @where
// CHECK-SAME: %[[C:[^:]*]]: tensor<2x1xi1>, %[[A:[^:]*]]: tensor<3xi32>, %[[B:[^:]*]]: tensor<i32>
// CHECK: "dlc_tensor.map"(%[[C]], %[[A]], %[[B]]) {fn = @__dlc_select_i1_i32_i32_i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>} : (tensor<2x1xi1>, tensor<3xi32>, tensor<i32>) -> tensor<2x3xi32>
// CHECK-LABEL: func.func private @__dlc_select_i1_i32_i32_i32
// CHECK-SAME: (%[[P:.*]]: i1, %[[T:.*]]: i32, %[[F:.*]]: i32)
// CHECK: arith.select %[[P]], %[[T]], %[[F]] : i32
func.func @where(%c: tensor<2x1xi1>, %a: tensor<3xi32>, %b: tensor<i32>) -> tensor<2x3xi32> {
  %0 = "dlc_graph.where"(%c, %a, %b) : (tensor<2x1xi1>, tensor<3xi32>, tensor<i32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// Dynamic shapes go to the map as they are.
// CHECK-LABEL: func.func @dynamic
// CHECK: "dlc_tensor.map"(%{{.*}}, %{{.*}}) {fn = @__dlc_add_f32_f32_f32{{.*}} : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
func.func @dynamic(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %0 = "dlc_graph.add"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// Python's integer remainder takes the divisor's sign: the C remainder,
// plus the divisor when their signs differ. A zero divisor (replaced by 1
// in the quotient) is reported by the check.
// CHECK-LABEL: func.func @mod_floored
// CHECK: "dlc_tensor.map"{{.*}}fn = @__dlc_mod_i32_i32_i32
// CHECK: %[[CODES:.*]] = "dlc_tensor.map"{{.*}}fn = @__dlc_mod_check_i32_i32_i32
// CHECK: "dlc_tensor.check"(%[[CODES]])
// CHECK-LABEL: func.func private @__dlc_mod_i32_i32_i32
// CHECK: %[[R:.*]] = arith.remsi
// CHECK: arith.xori
// CHECK: %[[FIXED:.*]] = arith.addi %[[R]]
// CHECK: arith.select {{.*}}, %[[FIXED]], %[[R]] : i32
func.func @mod_floored(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  %0 = "dlc_graph.mod"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// fmod of floats is arith.remf, with nothing to check.
// CHECK-LABEL: func.func @mod_float
// CHECK-NOT: dlc_tensor.check
// CHECK-LABEL: func.func private @__dlc_fmod_f32_f32_f32
// CHECK: arith.remf
func.func @mod_float(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.mod"(%a, %b) {fmod = true} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Shifting by the width or more gives 0 rather than LLVM's poison.
// CHECK-LABEL: func.func private @__dlc_shift_left_ui8_ui8_ui8
// CHECK: %[[S:.*]] = arith.shli
// CHECK: %[[FAR:.*]] = arith.cmpi uge, %{{.*}}, %c8_i8 : i8
// CHECK: arith.select %[[FAR]], %c0_i8, %[[S]] : i8
func.func @shift(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  %0 = "dlc_graph.bit_shift"(%a, %b) {direction = "LEFT"} : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// An activation's parameters are 0-d inputs in the order of its
// attributes, defaults included, so one body serves every value.
// CHECK-LABEL: func.func @selu
// CHECK-DAG: %[[GAMMA:.*]] = arith.constant dense<1.05070102> : tensor<f32>
// CHECK-DAG: %[[ALPHA:.*]] = arith.constant dense<2.000000e+00> : tensor<f32>
// CHECK: "dlc_tensor.map"(%{{.*}}, %[[ALPHA]], %[[GAMMA]]) {fn = @__dlc_selu_f32_f32_f32_f32
func.func @selu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.selu"(%x) {alpha = 2.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// is_inf's flags pick the body: +inf only here.
// CHECK-LABEL: func.func private @__dlc_is_pos_inf_f32_i1
// CHECK: arith.cmpf oeq, %{{.*}}, %cst : f32
// CHECK-NOT: arith.ori
func.func @is_pos_inf(%x: tensor<4xf32>) -> tensor<4xi1> {
  %0 = "dlc_graph.is_inf"(%x) {detect_negative = false} : (tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// The small floats convert through f32 with integer ops on their bits (LLVM
// has no such types): a bitcast to the code's width at either end, no
// extf/truncf of them. saturate = false and round_mode name bodies apart.
// CHECK-LABEL: func.func @cast_small_floats
// CHECK-DAG: dlc_tensor.map{{.*}}fn = @__dlc_cast_f32_f8E4M3FN
// CHECK-DAG: dlc_tensor.map{{.*}}fn = @__dlc_cast_nosat_f32_f8E5M2
// CHECK-DAG: dlc_tensor.map{{.*}}fn = @__dlc_cast_down_f32_f8E8M0FNU
// CHECK-LABEL: func.func private @__dlc_cast_f32_f8E4M3FN
// CHECK: arith.bitcast %{{.*}} : f32 to i32
// CHECK-NOT: arith.truncf
// CHECK: %[[CODE:.*]] = arith.trunci %{{.*}} : i32 to i8
// CHECK: arith.bitcast %[[CODE]] : i8 to f8E4M3FN
// CHECK-LABEL: func.func private @__dlc_cast_f8E4M3FN_f16
// CHECK: arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK-NOT: arith.extf %{{.*}} : f8E4M3FN
// CHECK: arith.truncf %{{.*}} : f32 to f16
// CHECK-LABEL: func.func private @__dlc_cast_f32_i4
// CHECK: %[[WIDE:.*]] = arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.trunci %[[WIDE]] : i32 to i4
func.func @cast_small_floats(%f: tensor<2xf32>, %e: tensor<2xf8E4M3FN>) {
  %0 = "dlc_graph.cast"(%f) {to = f8E4M3FN} : (tensor<2xf32>) -> tensor<2xf8E4M3FN>
  %1 = "dlc_graph.cast"(%f) {to = f8E5M2, saturate = false} : (tensor<2xf32>) -> tensor<2xf8E5M2>
  %2 = "dlc_graph.cast"(%f) {to = f8E8M0FNU, round_mode = "down"} : (tensor<2xf32>) -> tensor<2xf8E8M0FNU>
  %3 = "dlc_graph.cast"(%e) {to = f16} : (tensor<2xf8E4M3FN>) -> tensor<2xf16>
  %4 = "dlc_graph.cast"(%f) {to = i4} : (tensor<2xf32>) -> tensor<2xi4>
  return
}
