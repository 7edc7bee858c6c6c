// RUN: dlc-opt %s -split-input-file -dlc-graph-to-tensor -verify-diagnostics | FileCheck %s

// nonzero counts the non-zero elements, allocates [rank, count], then
// fills one column per non-zero element.
// CHECK-LABEL: func.func @nonzero
// CHECK: %[[MASK:.*]] = "dlc_tensor.map"(%arg0) {{.*}} -> tensor<2x3xi1>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[MASK]] {{\[\[}}0, 1]] : tensor<2x3xi1> into tensor<6xi1>
// CHECK: %[[COUNT:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (index)
// CHECK: tensor.extract %[[FLAT]]
// CHECK: arith.addi
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[COUNT]]) : tensor<2x?xi64>
// CHECK: %[[FILL:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[EMPTY]], %{{.*}} = %{{.*}}) -> (tensor<2x?xi64>, index)
// CHECK: scf.if
// CHECK: arith.remui
// CHECK: tensor.insert
// CHECK: tensor.insert
// CHECK: return %[[FILL]]#0 : tensor<2x?xi64>
func.func @nonzero(%x: tensor<2x3xf32>) -> tensor<2x?xi64> {
  %y = "dlc_graph.nonzero"(%x) : (tensor<2x3xf32>) -> tensor<2x?xi64>
  return %y : tensor<2x?xi64>
}

// -----

// A 1-D input needs no collapse; its coordinate is the loop index.
// CHECK-LABEL: func.func @nonzero_1d
// CHECK-NOT: tensor.collapse_shape
// CHECK: tensor.empty(%{{.*}}) : tensor<1x?xi64>
func.func @nonzero_1d(%x: tensor<5xi32>) -> tensor<1x?xi64> {
  %y = "dlc_graph.nonzero"(%x) : (tensor<5xi32>) -> tensor<1x?xi64>
  return %y : tensor<1x?xi64>
}

// -----

func.func @nonzero_0d(%x: tensor<f32>) -> tensor<0x?xi64> {
  // expected-error@+1 {{nonzero of a 0-d tensor is not supported}}
  %y = "dlc_graph.nonzero"(%x) : (tensor<f32>) -> tensor<0x?xi64>
  return %y : tensor<0x?xi64>
}

// -----

// compress along an axis: count the true entries within the dim, allocate
// that many slices, copy each selected slice to the next position.
// CHECK-LABEL: func.func @compress_axis
// (the bound, min(len(condition), dim), folds to 3 here)
// CHECK: %[[COUNT:.*]] = scf.for %{{.*}} = %{{.*}} to %c3
// CHECK: %[[EMPTY:.*]] = tensor.empty(%[[COUNT]]) : tensor<2x?xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[EMPTY]], %{{.*}} = %{{.*}}) -> (tensor<2x?xf32>, index)
// CHECK: scf.if
// CHECK: tensor.extract_slice %arg0[0, %{{.*}}] [2, 1] [1, 1] : tensor<2x3xf32> to tensor<2x1xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[0, %{{.*}}] [2, 1] [1, 1] : tensor<2x1xf32> into tensor<2x?xf32>
func.func @compress_axis(%x: tensor<2x3xf32>, %c: tensor<3xi1>) -> tensor<2x?xf32> {
  %y = "dlc_graph.compress"(%x, %c) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<3xi1>) -> tensor<2x?xf32>
  return %y : tensor<2x?xf32>
}

// -----

// Without an axis the input is flattened first.
// CHECK-LABEL: func.func @compress_flat
// CHECK: tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x3xf32> into tensor<6xf32>
// CHECK: tensor.empty(%{{.*}}) : tensor<?xf32>
func.func @compress_flat(%x: tensor<2x3xf32>, %c: tensor<4xi1>) -> tensor<?xf32> {
  %y = "dlc_graph.compress"(%x, %c) : (tensor<2x3xf32>, tensor<4xi1>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

func.func @compress_rank2_condition(%x: tensor<2x3xf32>, %c: tensor<2x3xi1>) -> tensor<?xf32> {
  // expected-error@+1 {{operand 'condition' must be 1-D, but has rank 2}}
  %y = "dlc_graph.compress"(%x, %c) : (tensor<2x3xf32>, tensor<2x3xi1>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// A condition of run-time length: the loops run to min(len(condition), dim).
// CHECK-LABEL: func.func @compress_dynamic
// CHECK: %[[N:.*]] = arith.minui %{{.*}}, %c3 : index
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[N]]
func.func @compress_dynamic(%x: tensor<2x3xf32>, %c: tensor<?xi1>) -> tensor<2x?xf32> {
  %y = "dlc_graph.compress"(%x, %c) {axis = 1 : i64} : (tensor<2x3xf32>, tensor<?xi1>) -> tensor<2x?xf32>
  return %y : tensor<2x?xf32>
}

// -----

// unique: a first pass flags first occurrences and counts them, the
// outputs are allocated with the count, a second pass places every element.
// CHECK-LABEL: func.func @unique
// CHECK: %[[FIRST:.*]]:2 = scf.for {{.*}} -> (index, tensor<?xi1>)
// CHECK: arith.xori
// CHECK: %[[Y:.*]] = tensor.empty(%[[FIRST]]#0) : tensor<?xf32>
// CHECK: %[[I:.*]] = tensor.empty(%[[FIRST]]#0) : tensor<?xi64>
// CHECK: %[[C:.*]] = tensor.empty(%[[FIRST]]#0) : tensor<?xi64>
// CHECK: %[[FILL:.*]]:4 = scf.for {{.*}} iter_args({{.*}} = %[[Y]], {{.*}} = %[[I]], {{.*}} = %[[C]], {{.*}}) -> (tensor<?xf32>, tensor<?xi64>, tensor<?xi64>, tensor<?xi64>)
// Sorted: the position counts the smaller distinct values.
// CHECK: arith.cmpf olt
// CHECK: scf.if
// CHECK: return %[[FILL]]#0, %[[FILL]]#1, %{{.*}}, %[[FILL]]#2
func.func @unique(%x: tensor<4xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<4xi64>, tensor<?xi64>) {
  %y:4 = "dlc_graph.unique"(%x) : (tensor<4xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<4xi64>, tensor<?xi64>)
  return %y#0, %y#1, %y#2, %y#3 : tensor<?xf32>, tensor<?xi64>, tensor<4xi64>, tensor<?xi64>
}

// -----

// unique with `axis`: the slices along it (that axis moved first) compared
// as rows of the rest, lexicographically; each distinct slice is copied
// whole, and the result's axis moved back.
// CHECK-LABEL: func.func @unique_axis
// CHECK: %[[T:.*]] = "dlc_tensor.transpose"(%arg0) {perm = array<i64: 1, 0, 2>} : (tensor<2x3x4xi32>) -> tensor<3x2x4xi32>
// CHECK: %[[ROWS:.*]] = tensor.collapse_shape %[[T]] {{\[\[}}0], [1, 2]] : tensor<3x2x4xi32> into tensor<3x8xi32>
// CHECK: tensor.extract %[[ROWS]]
// CHECK: tensor.empty(%{{.*}}) : tensor<?x2x4xi32>
// CHECK: %[[S:.*]] = tensor.extract_slice %[[T]][%{{.*}}, 0, 0] [1, 2, 4] [1, 1, 1]
// CHECK: tensor.insert_slice %[[S]] into %{{.*}}[%{{.*}}, 0, 0] [1, 2, 4] [1, 1, 1] : tensor<1x2x4xi32> into tensor<?x2x4xi32>
// CHECK: %[[BACK:.*]] = "dlc_tensor.transpose"(%{{.*}}) {perm = array<i64: 1, 0, 2>} : (tensor<?x2x4xi32>) -> tensor<2x?x4xi32>
// CHECK: return %[[BACK]]
func.func @unique_axis(%x: tensor<2x3x4xi32>) -> tensor<2x?x4xi32> {
  %y:4 = "dlc_graph.unique"(%x) {axis = 1 : i64, sorted = true} : (tensor<2x3x4xi32>) -> (tensor<2x?x4xi32>, tensor<?xi64>, tensor<3xi64>, tensor<?xi64>)
  return %y#0 : tensor<2x?x4xi32>
}

// -----

// non_max_suppression: rows go to a buffer of batch * class * box + 1 rows
// (13 here); per class, `done` starts as "not above the score threshold"
// (all false without one), each step takes the best available box, checks
// it against the class's kept rows, and advances the row count only when
// it keeps the box; the kept rows are copied into a tensor of their own.
// CHECK-LABEL: func.func @nms
// CHECK-DAG: %[[ROWS:.*]] = arith.constant 13 : index
// CHECK-DAG: %[[MAX:.*]] = tensor.extract %arg2[] : tensor<i64>
// CHECK: %[[BUF:.*]] = tensor.empty(%[[ROWS]]) : tensor<?x3xi64>
// CHECK: %[[ALL:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %[[BUF]], %{{.*}} = %{{.*}}) -> (tensor<?x3xi64>, index)
// CHECK: scf.for {{.*}} -> (tensor<?x3xi64>, index)
// CHECK: tensor.empty(%{{.*}}) : tensor<?xi1>
// CHECK: %[[BEST:.*]]:3 = scf.for {{.*}} -> (index, f32, i1)
// CHECK: arith.cmpf ogt
// CHECK: tensor.insert %{{.*}} into %{{.*}}[%[[BEST]]#0] : tensor<?xi1>
// CHECK: %[[SUP:.*]] = scf.for {{.*}} -> (i1)
// CHECK: arith.divf
// CHECK: %[[ROOM:.*]] = arith.cmpi slt, %{{.*}}, %[[MAX]] : i64
// CHECK: %[[NOT:.*]] = arith.xori %[[SUP]], %{{.*}} : i1
// CHECK: %[[FOUND:.*]] = arith.andi %[[BEST]]#2, %[[ROOM]] : i1
// CHECK: %[[KEEP:.*]] = arith.andi %[[FOUND]], %[[NOT]] : i1
// CHECK: arith.select %[[KEEP]]
// CHECK: %[[OUT:.*]] = tensor.empty(%[[ALL]]#1) : tensor<?x3xi64>
// CHECK: %[[COPY:.*]] = scf.for {{.*}} to %[[ALL]]#1 {{.*}} iter_args(%{{.*}} = %[[OUT]])
// CHECK: return %[[COPY]]
func.func @nms(%b: tensor<1x6x4xf32>, %s: tensor<1x2x6xf32>, %m: tensor<i64>) -> tensor<?x3xi64> {
  %y = "dlc_graph.non_max_suppression"(%b, %s, %m) {operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>} : (tensor<1x6x4xf32>, tensor<1x2x6xf32>, tensor<i64>) -> tensor<?x3xi64>
  return %y : tensor<?x3xi64>
}
