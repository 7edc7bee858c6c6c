// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// One loop per result dim (i, j1, j2, k); the generic reads indices[j1, j2]
// and extracts input[i, index, k], the index clamped into [0, 4) so that
// the read stays inside the input.
// CHECK-DAG: #[[$IDX:.*]] = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @gather
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4x5xf32>, %[[I:[^:]*]]: tensor<2x2xi32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<3x2x2x5xf32>
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$IDX]], #[[$OUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[I]] : tensor<2x2xi32>) outs(%[[EMPTY]] : tensor<3x2x2x5xf32>)
// CHECK: ^bb0(%[[AT:.*]]: i32, %{{.*}}: f32):
// CHECK-DAG: %[[D0:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[D3:.*]] = linalg.index 3 : index
// CHECK-DAG: %[[CAST:.*]] = arith.index_cast %[[AT]] : i32 to index
// CHECK-DAG: %[[LOW:.*]] = arith.maxsi %[[CAST]], %{{.*}} : index
// CHECK-DAG: %[[J:.*]] = arith.minsi %[[LOW]], %{{.*}} : index
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%[[D0]], %[[J]], %[[D3]]] : tensor<3x4x5xf32>
// CHECK: linalg.yield %[[E]] : f32
// An index out of range is reported: a map of the indices to status codes
// (1 where outside [0, 4), one unsigned compare), their largest
// materialized into a status slot that dlc-entry-abi returns.
// CHECK: %[[CODES:.*]] = linalg.generic
// CHECK-SAME: ins(%[[I]] : tensor<2x2xi32>)
// CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : i32
// CHECK: %[[MAX:.*]] = linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "reduction"]
// CHECK-SAME: ins(%[[CODES]] : tensor<2x2xi32>)
// CHECK: arith.maxui
// CHECK: bufferization.materialize_in_destination %[[MAX]] in restrict writable %[[SLOT:.*]] :
// CHECK: return %[[Y]]
func.func @gather(%x: tensor<3x4x5xf32>, %i: tensor<2x2xi32>) -> tensor<3x2x2x5xf32> {
  %y = "dlc_tensor.gather"(%x, %i) {dim = 1 : i64} : (tensor<3x4x5xf32>, tensor<2x2xi32>) -> tensor<3x2x2x5xf32>
  return %y : tensor<3x2x2x5xf32>
}

// -----

// 0-d indices remove the dim; unsigned data becomes signless.
// CHECK-DAG: #[[$IDX:.*]] = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @gather_scalar_index
// CHECK-SAME: %[[X:[^:]*]]: tensor<4x3xi8>, %[[I:[^:]*]]: tensor<i64>
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[$IDX]], #{{.*}}]
// CHECK-SAME: ins(%[[I]] : tensor<i64>) outs(%{{.*}} : tensor<3xi8>)
// CHECK: ^bb0(%[[AT:.*]]: i64, %{{.*}}: i8):
// CHECK-DAG: %[[J:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK-DAG: %[[D0:.*]] = linalg.index 0 : index
// CHECK: tensor.extract %[[X]][%[[J]], %[[D0]]] : tensor<4x3xi8>
func.func @gather_scalar_index(%x: tensor<4x3xui8>, %i: tensor<i64>) -> tensor<3xui8> {
  %y = "dlc_tensor.gather"(%x, %i) {dim = 0 : i64} : (tensor<4x3xui8>, tensor<i64>) -> tensor<3xui8>
  return %y : tensor<3xui8>
}

// -----

// Dynamic result dims come from the input or the indices.
// CHECK-LABEL: func.func @gather_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x4xf32>, %[[I:[^:]*]]: tensor<?xi64>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-DAG: %[[M:.*]] = tensor.dim %[[I]], %[[C0]]
// CHECK: tensor.empty(%[[N]], %[[M]]) : tensor<?x?xf32>
func.func @gather_dynamic(%x: tensor<?x4xf32>, %i: tensor<?xi64>) -> tensor<?x?xf32> {
  %y = "dlc_tensor.gather"(%x, %i) {dim = 1 : i64} : (tensor<?x4xf32>, tensor<?xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// Checks are numbered by their slots, in program order, at the start of
// the function.
// CHECK-LABEL: func.func @two_checks
// CHECK: %[[FIRST:.*]] = memref.alloca() {dlc.status_slot} : memref<i32>
// CHECK-NEXT: %[[SECOND:.*]] = memref.alloca() {dlc.status_slot} : memref<i32>
// CHECK: materialize_in_destination %{{.*}} in restrict writable %[[FIRST]]
// CHECK: materialize_in_destination %{{.*}} in restrict writable %[[SECOND]]
func.func @two_checks(%x: tensor<4x3xf32>, %i: tensor<2xi64>, %j: tensor<5xi64>) -> (tensor<2x3xf32>, tensor<5x3xf32>) {
  %y = "dlc_tensor.gather"(%x, %i) {dim = 0 : i64} : (tensor<4x3xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  %z = "dlc_tensor.gather"(%x, %j) {dim = 0 : i64} : (tensor<4x3xf32>, tensor<5xi64>) -> tensor<5x3xf32>
  return %y, %z : tensor<2x3xf32>, tensor<5x3xf32>
}

// -----

// gather_elements: the result has the indices' shape and reads the input at
// its own position, dim 1 replaced by the (clamped) index; out-of-range
// indices are reported as for gather.
// CHECK-DAG: #[[$ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @gather_elements
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x4xf32>, %[[I:[^:]*]]: tensor<3x2xi64>
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$ID]], #[[$ID]]]
// CHECK-SAME: ins(%[[I]] : tensor<3x2xi64>) outs(%{{.*}} : tensor<3x2xf32>)
// CHECK: ^bb0(%[[AT:.*]]: i64, %{{.*}}: f32):
// CHECK-DAG: %[[D0:.*]] = linalg.index 0 : index
// CHECK-DAG: %[[J:.*]] = arith.minsi
// CHECK: tensor.extract %[[X]][%[[D0]], %[[J]]] : tensor<3x4xf32>
// CHECK: arith.cmpi uge
// CHECK: return %[[Y]]
func.func @gather_elements(%x: tensor<3x4xf32>, %i: tensor<3x2xi64>) -> tensor<3x2xf32> {
  %y = "dlc_tensor.gather_elements"(%x, %i) {dim = 1 : i64} : (tensor<3x4xf32>, tensor<3x2xi64>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}
