// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @transpose
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3x4xi1>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<4x2x3xi1>
// CHECK: %[[Y:.*]] = linalg.transpose ins(%[[X]] : tensor<2x3x4xi1>) outs(%[[EMPTY]] : tensor<4x2x3xi1>) permutation = [2, 0, 1]
// CHECK: return %[[Y]]
func.func @transpose(%x: tensor<2x3x4xi1>) -> tensor<4x2x3xi1> {
  %y = "dlc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xi1>) -> tensor<4x2x3xi1>
  return %y : tensor<4x2x3xi1>
}

// -----

// A dynamic result dim is the permuted input dim.
// CHECK-LABEL: func.func @transpose_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x?xi8>
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C1]] : tensor<2x?xi8>
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[D]]) : tensor<?x2xi8>
// CHECK: linalg.transpose ins(%[[X]] : tensor<2x?xi8>) outs(%[[EMPTY]] : tensor<?x2xi8>) permutation = [1, 0]
func.func @transpose_dynamic(%x: tensor<2x?xui8>) -> tensor<?x2xui8> {
  %y = "dlc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x?xui8>) -> tensor<?x2xui8>
  return %y : tensor<?x2xui8>
}

// -----

// linalg.transpose wants the init exactly the permuted input type; a
// declared result that is less static is reached with a cast.
// CHECK-LABEL: func.func @transpose_declared_dynamic
// CHECK: %[[T:.*]] = linalg.transpose {{.*}} outs(%{{.*}} : tensor<3x2xf32>)
// CHECK: %[[C:.*]] = tensor.cast %[[T]] : tensor<3x2xf32> to tensor<?x2xf32>
// CHECK: return %[[C]]
func.func @transpose_declared_dynamic(%x: tensor<2x3xf32>) -> tensor<?x2xf32> {
  %y = "dlc_tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// -----

// A static reshape: a collapse to 1-D and an expansion, views with static
// strides.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3x4xf32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[\[}}0, 1, 2]] : tensor<2x3x4xf32> into tensor<24xf32>
// CHECK: %[[Y:.*]] = tensor.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [6, 4] : tensor<24xf32> into tensor<6x4xf32>
// CHECK: return %[[Y]]
func.func @reshape(%x: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %y = "dlc_tensor.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}

// -----

// From and to 1-D, one of the two steps.
// CHECK-LABEL: func.func @reshape_1d
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [2, 3] : tensor<6xi32> into tensor<2x3xi32>
// CHECK-NOT: collapse_shape
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<2x3xi32> into tensor<6xi32>
// CHECK-NOT: expand_shape
// CHECK: return
func.func @reshape_1d(%x: tensor<6xi32>, %w: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<6xi32>) {
  %y = "dlc_tensor.reshape"(%x) : (tensor<6xi32>) -> tensor<2x3xi32>
  %z = "dlc_tensor.reshape"(%w) : (tensor<2x3xi32>) -> tensor<6xi32>
  return %y, %z : tensor<2x3xi32>, tensor<6xi32>
}

// -----

// A rank-0 side keeps tensor.reshape with a constant shape.
// CHECK-LABEL: func.func @reshape_to_scalar
// CHECK: %[[SHAPE:.*]] = arith.constant dense<> : tensor<0xindex>
// CHECK: tensor.reshape %{{.*}}(%[[SHAPE]]) : (tensor<1x1xi64>, tensor<0xindex>) -> tensor<i64>
func.func @reshape_to_scalar(%x: tensor<1x1xi64>) -> tensor<i64> {
  %y = "dlc_tensor.reshape"(%x) : (tensor<1x1xi64>) -> tensor<i64>
  return %y : tensor<i64>
}

// -----

// One dynamic result dim: the input's element count over the static dims'.
// No static dims regroup at either end (4 against 6), so the whole shape
// is one group: a collapse to 1-D and an expansion, views with static
// strides.
// CHECK-LABEL: func.func @reshape_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x3x4xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[N1:.*]] = arith.muli %[[D0]], %[[C3]]
// CHECK: %[[N:.*]] = arith.muli %[[N1]], %[[C4]]
// CHECK: %[[D:.*]] = arith.divui %[[N]], %[[C6]]
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1, 2]] : tensor<?x3x4xf32> into tensor<?xf32>
// CHECK: tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [%[[D]], 6] : tensor<?xf32> into tensor<?x6xf32>
// CHECK-NOT: tensor.reshape
func.func @reshape_dynamic(%x: tensor<?x3x4xf32>) -> tensor<?x6xf32> {
  %y = "dlc_tensor.reshape"(%x) : (tensor<?x3x4xf32>) -> tensor<?x6xf32>
  return %y : tensor<?x6xf32>
}

// -----

// Static dims that regroup at the front and at the back are groups of
// their own; the `?`s are one group between them: a transformer's heads
// split ([?, 32, 64] -> [?, 32, 4, 16]: an expansion only) and its batch
// folded into the rows of a product ([?, 32, 64] -> [?, 64]: a collapse
// only).
// CHECK-LABEL: func.func @reshape_dynamic_groups
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x32x64xf32>
// CHECK: %[[D:.*]] = arith.divui
// CHECK: %[[HEADS:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1], [2, 3]] output_shape [%[[D]], 32, 4, 16] : tensor<?x32x64xf32> into tensor<?x32x4x16xf32>
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0, 1], [2]] : tensor<?x32x64xf32> into tensor<?x64xf32>
// CHECK: return %[[HEADS]], %[[ROWS]]
func.func @reshape_dynamic_groups(%x: tensor<?x32x64xf32>) -> (tensor<?x32x4x16xf32>, tensor<?x64xf32>) {
  %y = "dlc_tensor.reshape"(%x) : (tensor<?x32x64xf32>) -> tensor<?x32x4x16xf32>
  %z = "dlc_tensor.reshape"(%x) : (tensor<?x32x64xf32>) -> tensor<?x64xf32>
  return %y, %z : tensor<?x32x4x16xf32>, tensor<?x64xf32>
}

// -----

// Every group has a dim on each side: a unit dim next to the `?` joins its
// group (an MLP's flatten of [?, 1, 28, 28]).
// CHECK-LABEL: func.func @reshape_dynamic_unit
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2, 3]] : tensor<?x1x28x28xf32> into tensor<?x784xf32>
// CHECK-NOT: tensor.expand_shape
func.func @reshape_dynamic_unit(%x: tensor<?x1x28x28xf32>) -> tensor<?x784xf32> {
  %y = "dlc_tensor.reshape"(%x) : (tensor<?x1x28x28xf32>) -> tensor<?x784xf32>
  return %y : tensor<?x784xf32>
}

// -----

// A `?` that no group of the input can hold (a static input): a shape
// tensor (here folded to a constant), tensor.reshape.
// CHECK-LABEL: func.func @reshape_dynamic_from_static
// CHECK: tensor.reshape %{{.*}} : (tensor<12xf32>, tensor<2xindex>) -> tensor<?x4xf32>
func.func @reshape_dynamic_from_static(%x: tensor<12xf32>) -> tensor<?x4xf32> {
  %y = "dlc_tensor.reshape"(%x) : (tensor<12xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// Several dynamic result dims when the reshape only inserts or removes 1s
// (an unsqueeze): each is the input dim at its place.
// CHECK-LABEL: func.func @reshape_unit_dims
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x?x?xf32>
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[D1:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK-DAG: %[[D2:.*]] = tensor.dim %[[X]], %[[C2]]
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[C2]], %[[D1]], %[[C1]], %[[D2]], %[[C1]] : tensor<5xindex>
// CHECK: tensor.reshape %[[X]](%[[SHAPE]]) : (tensor<2x?x?xf32>, tensor<5xindex>) -> tensor<2x?x1x?x1xf32>
func.func @reshape_unit_dims(%x: tensor<2x?x?xf32>) -> tensor<2x?x1x?x1xf32> {
  %y = "dlc_tensor.reshape"(%x) : (tensor<2x?x?xf32>) -> tensor<2x?x1x?x1xf32>
  return %y : tensor<2x?x1x?x1xf32>
}

// -----

// Only unit dims inserted (a keepdims reduction of [?, ?, 16]): each
// dynamic result dim is the input's, however many there are.
// CHECK-LABEL: func.func @reshape_unit_dims_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x?xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D0:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[D1:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK: %[[SHAPE:.*]] = tensor.from_elements %[[D0]], %[[D1]], %[[C1]] : tensor<3xindex>
// CHECK: tensor.reshape %[[X]](%[[SHAPE]]) : (tensor<?x?xf32>, tensor<3xindex>) -> tensor<?x?x1xf32>
func.func @reshape_unit_dims_dynamic(%x: tensor<?x?xf32>) -> tensor<?x?x1xf32> {
  %y = "dlc_tensor.reshape"(%x) : (tensor<?x?xf32>) -> tensor<?x?x1xf32>
  return %y : tensor<?x?x1xf32>
}

// -----

// Size-1 input dims read index 0; missing leading dims are not read.
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2) -> (d1, 0)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x1xf32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3x4xf32>
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$IN]], #[[$OUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel"]
// CHECK-SAME: ins(%[[X]] : tensor<3x1xf32>) outs(%[[EMPTY]] : tensor<2x3x4xf32>)
// CHECK: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK: linalg.yield %[[IN]] : f32
// CHECK: return %[[Y]]
func.func @broadcast(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %y = "dlc_tensor.broadcast"(%x) : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// A dynamic result dim that the input has unbroadcast.
// CHECK-LABEL: func.func @broadcast_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x1xi16>
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %{{.*}} : tensor<?x1xi16>
// CHECK: tensor.empty(%[[D]]) : tensor<2x?x5xi16>
func.func @broadcast_dynamic(%x: tensor<?x1xui16>) -> tensor<2x?x5xui16> {
  %y = "dlc_tensor.broadcast"(%x) : (tensor<?x1xui16>) -> tensor<2x?x5xui16>
  return %y : tensor<2x?x5xui16>
}

// -----

// Negative strides are kept: extract_slice takes them, and they bufferize to
// a subview with a negative stride.
// CHECK-LABEL: func.func @slice
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x6xf32>
// CHECK: %[[Y:.*]] = tensor.extract_slice %[[X]][4, 1] [3, 2] [-2, 3] : tensor<5x6xf32> to tensor<3x2xf32>
// CHECK: return %[[Y]]
func.func @slice(%x: tensor<5x6xf32>) -> tensor<3x2xf32> {
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 4, 1>, strides = array<i64: -2, 3>} : (tensor<5x6xf32>) -> tensor<3x2xf32>
  return %y : tensor<3x2xf32>
}

// -----

// Dynamic input dims are fine: the sizes are the result's.
// CHECK-LABEL: func.func @slice_dynamic_input
// CHECK: tensor.extract_slice %{{.*}}[1, 3] [2, 2] [1, 1] : tensor<?x6xi1> to tensor<2x2xi1>
func.func @slice_dynamic_input(%x: tensor<?x6xi1>) -> tensor<2x2xi1> {
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 1, 3>, strides = array<i64: 1, 1>} : (tensor<?x6xi1>) -> tensor<2x2xi1>
  return %y : tensor<2x2xi1>
}

// -----

// Reading no elements needs no slice: MLIR 22 rejects a static offset at a
// dim's size even for an empty slice.
// CHECK-LABEL: func.func @slice_nothing
// CHECK: %[[E:.*]] = tensor.empty() : tensor<3x0x3xi32>
// CHECK-NOT: tensor.extract_slice
// CHECK: return %[[E]]
func.func @slice_nothing(%x: tensor<3x0x5xui32>) -> tensor<3x0x3xui32> {
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 0, 0, 1>, strides = array<i64: 1, 1, 1>} : (tensor<3x0x5xui32>) -> tensor<3x0x3xui32>
  return %y : tensor<3x0x3xui32>
}

// -----

// A dynamic result dim runs from the offset to the input's end: here
// ceil((D - 2) / 3) elements, and 4 / 1 + 1 backwards from offset 4.
// CHECK-LABEL: func.func @slice_dynamic_result
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x5xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[BACK:.*]] = arith.constant 5 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[REST:.*]] = arith.subi %[[D]], %[[C2]]
// CHECK: %[[Q:.*]] = arith.ceildivsi %[[REST]], %[[C3]]
// CHECK: %[[N:.*]] = arith.maxsi %[[Q]], %[[C0]]
// CHECK: tensor.extract_slice %[[X]][2, 4] [%[[N]], %[[BACK]]] [3, -1] : tensor<?x5xf32> to tensor<?x?xf32>
func.func @slice_dynamic_result(%x: tensor<?x5xf32>) -> tensor<?x?xf32> {
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 2, 4>, strides = array<i64: 3, -1>} : (tensor<?x5xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
