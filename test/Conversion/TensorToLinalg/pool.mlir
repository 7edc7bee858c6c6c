// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// Max: seeded with -inf, NaN-propagating maximumf. An empty tensor of the
// window's shape gives the reduction loops (d4, d5) their range.
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2 * 2 + d4, d3 * 2 + d5 * 2)>
// CHECK-DAG: #[[$WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @max2d
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x2x7x8xf32>
// CHECK-DAG: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[WINDOW:.*]] = tensor.empty() : tensor<3x2xf32>
// CHECK-DAG: %[[EMPTY:.*]] = tensor.empty() : tensor<1x2x3x3xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[NEG_INF]] : f32) outs(%[[EMPTY]] : tensor<1x2x3x3xf32>)
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$IN]], #[[$WIN]], #[[$OUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK-SAME: ins(%[[X]], %[[WINDOW]] : tensor<1x2x7x8xf32>, tensor<3x2xf32>) outs(%[[INIT]] : tensor<1x2x3x3xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32):
// CHECK: %[[M:.*]] = arith.maximumf %[[ACC]], %[[IN]] : f32
// CHECK: linalg.yield %[[M]]
// CHECK: return %[[Y]]
func.func @max2d(%x: tensor<1x2x7x8xf32>) -> tensor<1x2x3x3xf32> {
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 3, 2>, strides = array<i64: 2, 2>, dilations = array<i64: 1, 2>} : (tensor<1x2x7x8xf32>) -> tensor<1x2x3x3xf32>
  return %y : tensor<1x2x3x3xf32>
}

// -----

// Signed max: seeded with the type's minimum, maxsi.
// CHECK-LABEL: func.func @max_i8
// CHECK: %[[MIN:.*]] = arith.constant -128 : i8
// CHECK: linalg.fill ins(%[[MIN]] : i8)
// CHECK: linalg.generic
// CHECK: arith.maxsi
func.func @max_i8(%x: tensor<2x5xi8>) -> tensor<2x4xi8> {
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64: 1>} : (tensor<2x5xi8>) -> tensor<2x4xi8>
  return %y : tensor<2x4xi8>
}

// -----

// Unsigned max: seeded with 0, maxui, on signless i8.
// CHECK-LABEL: func.func @max_ui8
// CHECK-SAME: tensor<2x5xi8>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: linalg.fill ins(%[[ZERO]] : i8)
// CHECK: linalg.generic
// CHECK: arith.maxui
func.func @max_ui8(%x: tensor<2x5xui8>) -> tensor<2x4xui8> {
  %y = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64: 1>} : (tensor<2x5xui8>) -> tensor<2x4xui8>
  return %y : tensor<2x4xui8>
}

// -----

// Sum: seeded with 0, addf. Dynamic dims: a batch dim from the input, a
// pooled dim as a window count (span (2 - 1) * 3 + 1 = 4, stride 1).
// CHECK-LABEL: func.func @sum_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x?xf64>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f64
// CHECK-DAG: %[[SPAN:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[B:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-DAG: %[[D:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK: %[[REST:.*]] = arith.subi %[[D]], %[[SPAN]]
// CHECK: %[[COUNT:.*]] = arith.addi %[[REST]], %[[C1]]
// CHECK: %[[O:.*]] = arith.maxsi %[[COUNT]], %[[C0]]
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[B]], %[[O]]) : tensor<?x?xf64>
// CHECK: linalg.fill ins(%[[ZERO]] : f64) outs(%[[EMPTY]] : tensor<?x?xf64>)
// CHECK: linalg.generic
// CHECK: arith.addf
func.func @sum_dynamic(%x: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %y = "dlc_tensor.pool"(%x) {kind = "sum", window = array<i64: 2>, strides = array<i64: 1>, dilations = array<i64: 3>} : (tensor<?x?xf64>) -> tensor<?x?xf64>
  return %y : tensor<?x?xf64>
}

// -----

// Indices: a second i64 output seeded with INT64_MAX (no offset yet). The
// body computes the flat row-major input offset from linalg.index
// (row * 5 + o * 2 + w) and keeps the larger value, or on a tie the smaller
// offset; NaN beats any number.
// CHECK-LABEL: func.func @max_indices
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[NONE:.*]] = arith.constant 9223372036854775807 : i64
// CHECK-DAG: %[[NEG_INF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: linalg.fill ins(%[[NEG_INF]] : f32)
// CHECK: %[[IDX_EMPTY:.*]] = tensor.empty() : tensor<2x2xi64>
// CHECK: %[[IDX_INIT:.*]] = linalg.fill ins(%[[NONE]] : i64) outs(%[[IDX_EMPTY]] : tensor<2x2xi64>)
// CHECK: %[[R:.*]]:2 = linalg.generic
// CHECK-SAME: outs(%{{.*}}, %[[IDX_INIT]] : tensor<2x2xf32>, tensor<2x2xi64>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32, %[[ACC:.*]]: f32, %[[BEST:.*]]: i64):
// CHECK-DAG: %[[O:.*]] = linalg.index 1 : index
// CHECK-DAG: %[[W:.*]] = linalg.index 2 : index
// CHECK-DAG: %[[ROW:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[OS:.*]] = arith.muli %[[O]], %[[C2]] : index
// CHECK-DAG: %[[COL:.*]] = arith.addi %[[OS]], %[[W]] : index
// CHECK-DAG: %[[ROWS:.*]] = arith.muli %[[ROW]], %[[C5]] : index
// CHECK: %[[FLAT:.*]] = arith.addi %[[COL]], %[[ROWS]] : index
// CHECK: %[[AT:.*]] = arith.index_cast %[[FLAT]] : index to i64
// CHECK: %[[EARLIER:.*]] = arith.cmpi slt, %[[AT]], %[[BEST]] : i64
// CHECK: %[[IN_NAN:.*]] = arith.cmpf uno, %[[IN]], %[[IN]] : f32
// CHECK: %[[ACC_NAN:.*]] = arith.cmpf uno, %[[ACC]], %[[ACC]] : f32
// CHECK: %[[BOTH_NAN:.*]] = arith.andi %[[IN_NAN]], %[[ACC_NAN]] : i1
// CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[IN]], %[[ACC]] : f32
// CHECK: %[[TIE:.*]] = arith.ori %[[EQ]], %[[BOTH_NAN]] : i1
// CHECK: %[[ACC_NUM:.*]] = arith.cmpf ord, %[[ACC]], %[[ACC]] : f32
// CHECK: %[[NEW_NAN:.*]] = arith.andi %[[IN_NAN]], %[[ACC_NUM]] : i1
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[IN]], %[[ACC]] : f32
// CHECK: %[[BETTER:.*]] = arith.ori %[[GT]], %[[NEW_NAN]] : i1
// CHECK: %[[TIE_EARLIER:.*]] = arith.andi %[[TIE]], %[[EARLIER]] : i1
// CHECK: %[[TAKE:.*]] = arith.ori %[[BETTER]], %[[TIE_EARLIER]] : i1
// CHECK: %[[V:.*]] = arith.select %[[TAKE]], %[[IN]], %[[ACC]] : f32
// CHECK: %[[I:.*]] = arith.select %[[TAKE]], %[[AT]], %[[BEST]] : i64
// CHECK: linalg.yield %[[V]], %[[I]] : f32, i64
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @max_indices(%x: tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>) {
  %y, %i = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 2>, dilations = array<i64: 1>} : (tensor<2x5xf32>) -> (tensor<2x2xf32>, tensor<2x2xi64>)
  return %y, %i : tensor<2x2xf32>, tensor<2x2xi64>
}

// -----

// Unsigned indices compare with ugt.
// CHECK-LABEL: func.func @max_indices_ui8
// CHECK: linalg.generic
// CHECK: %[[GT:.*]] = arith.cmpi ugt, %[[IN:.*]], %[[ACC:.*]] : i8
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %[[IN]], %[[ACC]] : i8
func.func @max_indices_ui8(%x: tensor<2x5xui8>) -> (tensor<2x2xui8>, tensor<2x2xi64>) {
  %y, %i = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 2>, dilations = array<i64: 1>} : (tensor<2x5xui8>) -> (tensor<2x2xui8>, tensor<2x2xi64>)
  return %y, %i : tensor<2x2xui8>, tensor<2x2xi64>
}

// -----

// Declared results may be less static than the (static) input implies.
// CHECK-LABEL: func.func @max_indices_declared_dynamic
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: tensor.empty(%[[C2]]) : tensor<?x2xf32>
// CHECK-DAG: tensor.empty(%[[C2]]) : tensor<?x2xi64>
// CHECK: linalg.generic
// CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<?x2xf32>, tensor<?x2xi64>)
func.func @max_indices_declared_dynamic(%x: tensor<2x5xf32>) -> (tensor<?x2xf32>, tensor<?x2xi64>) {
  %y, %i = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 2>, strides = array<i64: 2>, dilations = array<i64: 1>} : (tensor<2x5xf32>) -> (tensor<?x2xf32>, tensor<?x2xi64>)
  return %y, %i : tensor<?x2xf32>, tensor<?x2xi64>
}
