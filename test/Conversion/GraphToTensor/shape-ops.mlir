// RUN: dlc-opt %s -split-input-file -verify-diagnostics --dlc-graph-to-tensor | FileCheck %s

// CHECK-LABEL: func.func @reshape
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3x4xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.reshape"(%[[X]]) : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
// CHECK: return %[[Y]]
func.func @reshape(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 0, -1>} : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
  return %y : tensor<2x12xf32>
}

// -----

// A reshape to the same type is nothing.
// CHECK-LABEL: func.func @reshape_noop
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>
// CHECK-NOT: dlc_tensor
// CHECK: return %[[X]]
func.func @reshape_noop(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 2, 3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_dynamic
// CHECK: "dlc_tensor.reshape"(%{{.*}}) : (tensor<?x3x4xf32>) -> tensor<?x12xf32>
func.func @reshape_dynamic(%x: tensor<?x3x4xf32>) -> tensor<?x12xf32> {
  %y = "dlc_graph.reshape"(%x) {shape = array<i64: 0, -1>} : (tensor<?x3x4xf32>) -> tensor<?x12xf32>
  return %y : tensor<?x12xf32>
}

// -----

// CHECK-LABEL: func.func @flatten
// CHECK: "dlc_tensor.reshape"(%{{.*}}) : (tensor<2x3x4x5xi8>) -> tensor<6x20xi8>
func.func @flatten(%x: tensor<2x3x4x5xi8>) -> tensor<6x20xi8> {
  %y = "dlc_graph.flatten"(%x) {axis = -2 : i64} : (tensor<2x3x4x5xi8>) -> tensor<6x20xi8>
  return %y : tensor<6x20xi8>
}

// -----

// CHECK-LABEL: func.func @squeeze
// CHECK: "dlc_tensor.reshape"(%{{.*}}) : (tensor<1x3x1xi1>) -> tensor<3xi1>
func.func @squeeze(%x: tensor<1x3x1xi1>) -> tensor<3xi1> {
  %y = "dlc_graph.squeeze"(%x) : (tensor<1x3x1xi1>) -> tensor<3xi1>
  return %y : tensor<3xi1>
}

// -----

// CHECK-LABEL: func.func @unsqueeze
// CHECK: "dlc_tensor.reshape"(%{{.*}}) : (tensor<3xui8>) -> tensor<1x3x1xui8>
func.func @unsqueeze(%x: tensor<3xui8>) -> tensor<1x3x1xui8> {
  %y = "dlc_graph.unsqueeze"(%x) {axes = array<i64: 0, -1>} : (tensor<3xui8>) -> tensor<1x3x1xui8>
  return %y : tensor<1x3x1xui8>
}

// -----

// CHECK-LABEL: func.func @transpose_default
// CHECK: "dlc_tensor.transpose"(%{{.*}}) {perm = array<i64: 2, 1, 0>} : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
func.func @transpose_default(%x: tensor<2x3x4xf32>) -> tensor<4x3x2xf32> {
  %y = "dlc_graph.transpose"(%x) : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  return %y : tensor<4x3x2xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_identity
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>
// CHECK-NOT: dlc_tensor
// CHECK: return %[[X]]
func.func @transpose_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = "dlc_graph.transpose"(%x) {perm = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}

// -----

// Without shape inference the declared result is less static than what the
// primitive produces: a tensor.cast restores the declared type.
// CHECK-LABEL: func.func @transpose_cast
// CHECK: %[[T:.*]] = "dlc_tensor.transpose"(%{{.*}}) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[T]] : tensor<3x2xf32> to tensor<?x?xf32>
// CHECK: return %[[C]]
func.func @transpose_cast(%x: tensor<2x3xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.transpose"(%x) : (tensor<2x3xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// CHECK-LABEL: func.func @concat
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<2x5xf32>
// CHECK: "dlc_tensor.concat"(%[[A]], %[[B]]) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
func.func @concat(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>) -> tensor<2x8xf32> {
  %y = "dlc_graph.concat"(%a, %b) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x5xf32>) -> tensor<2x8xf32>
  return %y : tensor<2x8xf32>
}

// -----

// Elements 9, 7, 5, 3, 1 of dim 1; dim 0 is read whole.
// CHECK-LABEL: func.func @slice_negative_step
// CHECK: "dlc_tensor.slice"(%{{.*}}) {offsets = array<i64: 0, 9>, strides = array<i64: 1, -2>} : (tensor<3x10xf64>) -> tensor<3x5xf64>
func.func @slice_negative_step(%x: tensor<3x10xf64>) -> tensor<3x5xf64> {
  %y = "dlc_graph.slice"(%x) {starts = array<i64: -1>, ends = array<i64: 0>, axes = array<i64: 1>, steps = array<i64: -2>} : (tensor<3x10xf64>) -> tensor<3x5xf64>
  return %y : tensor<3x5xf64>
}

// -----

// Clamped starts and ends: elements 1, 3.
// CHECK-LABEL: func.func @slice_clamped
// CHECK: "dlc_tensor.slice"(%{{.*}}) {offsets = array<i64: 1>, strides = array<i64: 2>} : (tensor<4xi32>) -> tensor<2xi32>
func.func @slice_clamped(%x: tensor<4xi32>) -> tensor<2xi32> {
  %y = "dlc_graph.slice"(%x) {starts = array<i64: -3>, ends = array<i64: 100>, steps = array<i64: 2>} : (tensor<4xi32>) -> tensor<2xi32>
  return %y : tensor<2xi32>
}

// -----

// An empty window reads nothing: offset 0.
// CHECK-LABEL: func.func @slice_empty
// CHECK: "dlc_tensor.slice"(%{{.*}}) {offsets = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<2x4xf32>) -> tensor<2x0xf32>
func.func @slice_empty(%x: tensor<2x4xf32>) -> tensor<2x0xf32> {
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 3>, ends = array<i64: 1>, axes = array<i64: 1>} : (tensor<2x4xf32>) -> tensor<2x0xf32>
  return %y : tensor<2x0xf32>
}

// -----

// CHECK-LABEL: func.func @slice_whole
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>
// CHECK-NOT: dlc_tensor
// CHECK: return %[[X]]
func.func @slice_whole(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 0>, ends = array<i64: 9223372036854775807>} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A dynamic dim that is not sliced stays dynamic.
// CHECK-LABEL: func.func @slice_dynamic_unsliced
// CHECK: "dlc_tensor.slice"(%{{.*}}) {offsets = array<i64: 0, 2>, strides = array<i64: 1, 1>} : (tensor<?x10xf32>) -> tensor<?x4xf32>
func.func @slice_dynamic_unsliced(%x: tensor<?x10xf32>) -> tensor<?x4xf32> {
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 2>, ends = array<i64: 6>, axes = array<i64: 1>} : (tensor<?x10xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

func.func @slice_dynamic_sliced(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.slice' op cannot be lowered by dlc-graph-to-tensor: dim 0 is sliced but has a dynamic size}}
  %y = "dlc_graph.slice"(%x) {starts = array<i64: 1>, ends = array<i64: 3>} : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Negative indices are wrapped by a map, with the dim size as a 0-d input.
// CHECK-LABEL: func.func @gather
// CHECK-SAME: %[[X:[^:]*]]: tensor<5x4xf32>, %[[I:[^:]*]]: tensor<2x3xi32>
// CHECK: %[[N:.*]] = arith.constant dense<4> : tensor<i32>
// CHECK: %[[W:.*]] = "dlc_tensor.map"(%[[I]], %[[N]]) {fn = @[[FN:.*]], operandSegmentSizes = array<i32: 1, 1, 0, 0>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2x3xi32>
// CHECK: "dlc_tensor.gather"(%[[X]], %[[W]]) {dim = 1 : i64} : (tensor<5x4xf32>, tensor<2x3xi32>) -> tensor<5x2x3xf32>
// CHECK: func.func private @[[FN]](%[[IDX:.*]]: i32, %[[SIZE:.*]]: i32) -> i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[NEG:.*]] = arith.cmpi slt, %[[IDX]], %[[ZERO]] : i32
// CHECK-DAG: %[[SUM:.*]] = arith.addi %[[IDX]], %[[SIZE]] : i32
// CHECK: arith.select %[[NEG]], %[[SUM]], %[[IDX]] : i32
func.func @gather(%x: tensor<5x4xf32>, %i: tensor<2x3xi32>) -> tensor<5x2x3xf32> {
  %y = "dlc_graph.gather"(%x, %i) {axis = 1 : i64} : (tensor<5x4xf32>, tensor<2x3xi32>) -> tensor<5x2x3xf32>
  return %y : tensor<5x2x3xf32>
}

// -----

// Constant indices that are all >= 0 need no wrapping.
// CHECK-LABEL: func.func @gather_constant_indices
// CHECK-NOT: dlc_tensor.map
// CHECK: %[[I:.*]] = arith.constant dense<[2, 0]> : tensor<2xi64>
// CHECK-NOT: dlc_tensor.map
// CHECK: "dlc_tensor.gather"(%{{.*}}, %[[I]]) {dim = 0 : i64} : (tensor<5x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
func.func @gather_constant_indices(%x: tensor<5x4xf32>) -> tensor<2x4xf32> {
  %i = "dlc_graph.constant"() {value = dense<[2, 0]> : tensor<2xi64>} : () -> tensor<2xi64>
  %y = "dlc_graph.gather"(%x, %i) : (tensor<5x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// The size of a dynamic gathered dim is read at run time.
// CHECK-LABEL: func.func @gather_dynamic_dim
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x4xf32>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK: %[[D64:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[N:.*]] = tensor.from_elements %[[D64]] : tensor<i64>
// CHECK: %[[W:.*]] = "dlc_tensor.map"(%{{.*}}, %[[N]])
// CHECK: "dlc_tensor.gather"(%[[X]], %[[W]]) {dim = 0 : i64}
func.func @gather_dynamic_dim(%x: tensor<?x4xf32>, %i: tensor<2xi64>) -> tensor<2x4xf32> {
  %y = "dlc_graph.gather"(%x, %i) : (tensor<?x4xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// Negative pads crop with a slice first; the value operand pads the rest.
// CHECK-LABEL: func.func @pad_constant
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[V:[^:]*]]: tensor<f32>
// CHECK: %[[C:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK: "dlc_tensor.pad"(%[[C]], %[[V]])
// CHECK-SAME: high = array<i64: 2, 0>, interior = array<i64: 0, 0>, low = array<i64: 1, 0>
// CHECK-SAME: -> tensor<5x2xf32>
func.func @pad_constant(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<5x2xf32> {
  %y = "dlc_graph.pad"(%x, %v) {operandSegmentSizes = array<i32: 1, 1, 0>, pads = array<i64: 1, 0, 2, -1>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x2xf32>
  return %y : tensor<5x2xf32>
}

// -----

// CHECK-LABEL: func.func @pad_default_value
// CHECK: %[[Z:.*]] = arith.constant dense<0> : tensor<i8>
// CHECK: "dlc_tensor.pad"(%{{.*}}, %[[Z]])
// CHECK-SAME: high = array<i64: 0, 2>, interior = array<i64: 0, 0>, low = array<i64: 0, 1>
// CHECK-SAME: (tensor<?x3xi8>, tensor<i8>) -> tensor<?x6xi8>
func.func @pad_default_value(%x: tensor<?x3xi8>) -> tensor<?x6xi8> {
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 2>, axes = array<i64: 1>} : (tensor<?x3xi8>) -> tensor<?x6xi8>
  return %y : tensor<?x6xi8>
}

// -----

// A 1-element constant_value becomes 0-d.
// CHECK-LABEL: func.func @pad_value_1d
// CHECK-SAME: %[[V:[^:]*]]: tensor<1xf32>
// CHECK: %[[S:.*]] = "dlc_tensor.reshape"(%[[V]]) : (tensor<1xf32>) -> tensor<f32>
// CHECK: "dlc_tensor.pad"(%{{.*}}, %[[S]])
func.func @pad_value_1d(%x: tensor<3xf32>, %v: tensor<1xf32>) -> tensor<5xf32> {
  %y = "dlc_graph.pad"(%x, %v) {operandSegmentSizes = array<i32: 1, 1, 0>, pads = array<i64: 1, 1>} : (tensor<3xf32>, tensor<1xf32>) -> tensor<5xf32>
  return %y : tensor<5xf32>
}

// -----

// [a b c] -> [c b | a b c | b]: mirrored slices without the edge.
// CHECK-LABEL: func.func @pad_reflect
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xi32>
// CHECK: %[[B:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 0, 2>, strides = array<i64: 1, -1>} : (tensor<2x3xi32>) -> tensor<2x2xi32>
// CHECK: %[[BX:.*]] = "dlc_tensor.concat"(%[[B]], %[[X]]) {dim = 1 : i64} : (tensor<2x2xi32>, tensor<2x3xi32>) -> tensor<2x5xi32>
// CHECK: %[[E:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 0, 1>, strides = array<i64: 1, 1>} : (tensor<2x3xi32>) -> tensor<2x1xi32>
// CHECK: %[[R:.*]] = "dlc_tensor.concat"(%[[BX]], %[[E]]) {dim = 1 : i64} : (tensor<2x5xi32>, tensor<2x1xi32>) -> tensor<2x6xi32>
// CHECK: return %[[R]]
func.func @pad_reflect(%x: tensor<2x3xi32>) -> tensor<2x6xi32> {
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 2, 1>, mode = "reflect", axes = array<i64: -1>} : (tensor<2x3xi32>) -> tensor<2x6xi32>
  return %y : tensor<2x6xi32>
}

// -----

// Pads longer than the mirror reflect again, as numpy.pad does: [a b c]
// padded by 4 before is [a b c b | a b c] (runs a b c, then b).
// CHECK-LABEL: func.func @pad_reflect_large
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xf32>
// CHECK: %[[A:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 0>, strides = array<i64: 1>} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: %[[B:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 1>, strides = array<i64: 1>} : (tensor<3xf32>) -> tensor<1xf32>
// CHECK: %[[AB:.*]] = "dlc_tensor.concat"(%[[A]], %[[B]]) {dim = 0 : i64}
// CHECK: "dlc_tensor.concat"(%[[AB]], %[[X]]) {dim = 0 : i64} : (tensor<4xf32>, tensor<3xf32>) -> tensor<7xf32>
func.func @pad_reflect_large(%x: tensor<3xf32>) -> tensor<7xf32> {
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 4, 0>, mode = "reflect"} : (tensor<3xf32>) -> tensor<7xf32>
  return %y : tensor<7xf32>
}

// -----

// The edge slice is broadcast to the pad width.
// CHECK-LABEL: func.func @pad_edge
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>
// CHECK: %[[F:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 0, 0>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK: %[[FB:.*]] = "dlc_tensor.broadcast"(%[[F]]) : (tensor<1x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[C:.*]] = "dlc_tensor.concat"(%[[FB]], %[[X]]) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[L:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 1, 0>, strides = array<i64: 1, 1>} : (tensor<2x3xf32>) -> tensor<1x3xf32>
// CHECK: %[[LB:.*]] = "dlc_tensor.broadcast"(%[[L]]) : (tensor<1x3xf32>) -> tensor<3x3xf32>
// CHECK: "dlc_tensor.concat"(%[[C]], %[[LB]]) {dim = 0 : i64} : (tensor<4x3xf32>, tensor<3x3xf32>) -> tensor<7x3xf32>
func.func @pad_edge(%x: tensor<2x3xf32>) -> tensor<7x3xf32> {
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 2, 0, 3, 0>, mode = "edge"} : (tensor<2x3xf32>) -> tensor<7x3xf32>
  return %y : tensor<7x3xf32>
}

// -----

// [a b c] -> [b c | a b c | a]: cyclic slices.
// CHECK-LABEL: func.func @pad_wrap
// CHECK-SAME: %[[X:[^:]*]]: tensor<3xi64>
// CHECK: %[[B:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 1>, strides = array<i64: 1>} : (tensor<3xi64>) -> tensor<2xi64>
// CHECK: %[[BX:.*]] = "dlc_tensor.concat"(%[[B]], %[[X]])
// CHECK: %[[E:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 0>, strides = array<i64: 1>} : (tensor<3xi64>) -> tensor<1xi64>
// CHECK: "dlc_tensor.concat"(%[[BX]], %[[E]]) {dim = 0 : i64} : (tensor<5xi64>, tensor<1xi64>) -> tensor<6xi64>
func.func @pad_wrap(%x: tensor<3xi64>) -> tensor<6xi64> {
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 2, 1>, mode = "wrap"} : (tensor<3xi64>) -> tensor<6xi64>
  return %y : tensor<6xi64>
}

// -----

// Pads many times the dim would take many slices: one gather with constant
// indices does the dim instead. [a b] wrapped by 10 before and 8 after.
// CHECK-LABEL: func.func @pad_wrap_gather
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>
// CHECK: %[[I:.*]] = arith.constant dense<[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]> : tensor<20xi64>
// CHECK: "dlc_tensor.gather"(%[[X]], %[[I]]) {dim = 0 : i64} : (tensor<2x3xf32>, tensor<20xi64>) -> tensor<20x3xf32>
func.func @pad_wrap_gather(%x: tensor<2x3xf32>) -> tensor<20x3xf32> {
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 10, 0, 8, 0>, mode = "wrap"} : (tensor<2x3xf32>) -> tensor<20x3xf32>
  return %y : tensor<20x3xf32>
}

// -----

// Crop, then mirror what is left: [a b c d] cropped by 1 before is [b c d],
// padded by 1 after: [b c d c].
// CHECK-LABEL: func.func @pad_reflect_crop
// CHECK-SAME: %[[X:[^:]*]]: tensor<4xf32>
// CHECK: %[[C:.*]] = "dlc_tensor.slice"(%[[X]]) {offsets = array<i64: 1>, strides = array<i64: 1>} : (tensor<4xf32>) -> tensor<3xf32>
// CHECK: %[[E:.*]] = "dlc_tensor.slice"(%[[C]]) {offsets = array<i64: 1>, strides = array<i64: 1>} : (tensor<3xf32>) -> tensor<1xf32>
// CHECK: "dlc_tensor.concat"(%[[C]], %[[E]]) {dim = 0 : i64} : (tensor<3xf32>, tensor<1xf32>) -> tensor<4xf32>
func.func @pad_reflect_crop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: -1, 1>, mode = "reflect"} : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @pad_reflect_dynamic(%x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error@+1 {{'dlc_graph.pad' op cannot be lowered by dlc-graph-to-tensor: dim 0 is padded but has a dynamic size}}
  %y = "dlc_graph.pad"(%x) {operandSegmentSizes = array<i32: 1, 0, 0>, pads = array<i64: 1, 1>, mode = "reflect"} : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @expand
// CHECK: "dlc_tensor.broadcast"(%{{.*}}) : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
func.func @expand(%x: tensor<3x1xf32>) -> tensor<2x3x4xf32> {
  %y = "dlc_graph.expand"(%x) {shape = array<i64: 2, 1, 4>} : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @shape_static
// CHECK: %[[S:.*]] = arith.constant dense<[3, 4]> : tensor<2xi64>
// CHECK: return %[[S]]
func.func @shape_static(%x: tensor<2x3x4x5xf32>) -> tensor<2xi64> {
  %y = "dlc_graph.shape"(%x) {start = 1 : i64, end = -1 : i64} : (tensor<2x3x4x5xf32>) -> tensor<2xi64>
  return %y : tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @shape_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x?xf32>
// CHECK-DAG: %[[D0:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[D:.*]] = tensor.dim %[[X]], %[[C1]]
// CHECK: %[[D1:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[S:.*]] = tensor.from_elements %[[D0]], %[[D1]] : tensor<2xi64>
// CHECK: return %[[S]]
func.func @shape_dynamic(%x: tensor<2x?xf32>) -> tensor<2xi64> {
  %y = "dlc_graph.shape"(%x) : (tensor<2x?xf32>) -> tensor<2xi64>
  return %y : tensor<2xi64>
}

// -----

// CHECK-LABEL: func.func @shape_empty
// CHECK: %[[S:.*]] = arith.constant dense<> : tensor<0xi64>
// CHECK: return %[[S]]
func.func @shape_empty(%x: tensor<?xf32>) -> tensor<0xi64> {
  %y = "dlc_graph.shape"(%x) {start = 1 : i64} : (tensor<?xf32>) -> tensor<0xi64>
  return %y : tensor<0xi64>
}
