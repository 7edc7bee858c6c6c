// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @sum
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3x4xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[EMPTY:.*]] = tensor.empty() : tensor<3xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<3xf32>)
// CHECK: %[[Y:.*]] = linalg.reduce { arith.addf } ins(%[[X]] : tensor<2x3x4xf32>) outs(%[[INIT]] : tensor<3xf32>) dimensions = [0, 2]
// CHECK: return %[[Y]]
func.func @sum(%x: tensor<2x3x4xf32>) -> tensor<3xf32> {
  %y = "dlc_tensor.reduce"(%x) {kind = "sum", dims = array<i64: 0, 2>} : (tensor<2x3x4xf32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @prod
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: linalg.fill ins(%[[ONE]] : i32)
// CHECK: linalg.reduce { arith.muli
func.func @prod(%x: tensor<2x3xi32>) -> tensor<2xi32> {
  %y = "dlc_tensor.reduce"(%x) {kind = "prod", dims = array<i64: 1>} : (tensor<2x3xi32>) -> tensor<2xi32>
  return %y : tensor<2xi32>
}

// -----

// Float max and min propagate NaN (numpy's max and min do).
// CHECK-LABEL: func.func @max_f64
// CHECK: %[[NEG_INF:.*]] = arith.constant 0xFFF0000000000000 : f64
// CHECK: linalg.fill ins(%[[NEG_INF]] : f64)
// CHECK: linalg.reduce { arith.maximumf }
func.func @max_f64(%x: tensor<2x3xf64>) -> tensor<2xf64> {
  %y = "dlc_tensor.reduce"(%x) {kind = "max", dims = array<i64: 1>} : (tensor<2x3xf64>) -> tensor<2xf64>
  return %y : tensor<2xf64>
}

// -----

// CHECK-LABEL: func.func @min_f32
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: linalg.fill ins(%[[INF]] : f32)
// CHECK: linalg.reduce { arith.minimumf }
func.func @min_f32(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %y = "dlc_tensor.reduce"(%x) {kind = "min", dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @max_i16
// CHECK: %[[MIN:.*]] = arith.constant -32768 : i16
// CHECK: linalg.fill ins(%[[MIN]] : i16)
// CHECK: linalg.reduce { arith.maxsi }
func.func @max_i16(%x: tensor<2x3xi16>) -> tensor<2xi16> {
  %y = "dlc_tensor.reduce"(%x) {kind = "max", dims = array<i64: 1>} : (tensor<2x3xi16>) -> tensor<2xi16>
  return %y : tensor<2xi16>
}

// -----

// CHECK-LABEL: func.func @min_i64
// CHECK: %[[MAX:.*]] = arith.constant 9223372036854775807 : i64
// CHECK: linalg.fill ins(%[[MAX]] : i64)
// CHECK: linalg.reduce { arith.minsi }
func.func @min_i64(%x: tensor<2x3xi64>) -> tensor<2xi64> {
  %y = "dlc_tensor.reduce"(%x) {kind = "min", dims = array<i64: 1>} : (tensor<2x3xi64>) -> tensor<2xi64>
  return %y : tensor<2xi64>
}

// -----

// Unsigned: max seeds 0 and min seeds all ones (-1 as signless i16), with
// unsigned compares; the types become signless.
// CHECK-LABEL: func.func @max_ui16
// CHECK-SAME: (%{{.*}}: tensor<2x3xi16>) -> tensor<2xi16>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i16
// CHECK: linalg.fill ins(%[[ZERO]] : i16)
// CHECK: linalg.reduce { arith.maxui }
func.func @max_ui16(%x: tensor<2x3xui16>) -> tensor<2xui16> {
  %y = "dlc_tensor.reduce"(%x) {kind = "max", dims = array<i64: 1>} : (tensor<2x3xui16>) -> tensor<2xui16>
  return %y : tensor<2xui16>
}

// -----

// CHECK-LABEL: func.func @min_ui16
// CHECK: %[[ALL_ONES:.*]] = arith.constant -1 : i16
// CHECK: linalg.fill ins(%[[ALL_ONES]] : i16)
// CHECK: linalg.reduce { arith.minui }
func.func @min_ui16(%x: tensor<2x3xui16>) -> tensor<2xui16> {
  %y = "dlc_tensor.reduce"(%x) {kind = "min", dims = array<i64: 1>} : (tensor<2x3xui16>) -> tensor<2xui16>
  return %y : tensor<2xui16>
}

// -----

// Every dim: a 0-d result.
// CHECK-LABEL: func.func @sum_all
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<f32>
// CHECK: linalg.reduce { arith.addf } ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<f32>) dimensions = [0, 1]
func.func @sum_all(%x: tensor<2x3xf32>) -> tensor<f32> {
  %y = "dlc_tensor.reduce"(%x) {kind = "sum", dims = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<f32>
  return %y : tensor<f32>
}

// -----

// Dynamic kept dims come from the input.
// CHECK-LABEL: func.func @sum_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x3x?xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-DAG: %[[D2:.*]] = tensor.dim %[[X]], %[[C2]]
// CHECK: tensor.empty(%[[D0]], %[[D2]]) : tensor<?x?xf32>
// CHECK: linalg.reduce
func.func @sum_dynamic(%x: tensor<?x3x?xf32>) -> tensor<?x?xf32> {
  %y = "dlc_tensor.reduce"(%x) {kind = "sum", dims = array<i64: 1>} : (tensor<?x3x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// linalg.reduce wants the init exactly as static as the input: a declared
// result that is more static is reached with a cast.
// CHECK-LABEL: func.func @sum_declared_static
// CHECK: %[[R:.*]] = linalg.reduce {{.*}} outs(%{{.*}} : tensor<?xf32>)
// CHECK: %[[C:.*]] = tensor.cast %[[R]] : tensor<?xf32> to tensor<4xf32>
// CHECK: return %[[C]]
func.func @sum_declared_static(%x: tensor<?x3xf32>) -> tensor<4xf32> {
  %y = "dlc_tensor.reduce"(%x) {kind = "sum", dims = array<i64: 1>} : (tensor<?x3xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
