// RUN: dlc-opt %s -split-input-file -dlc-graph-to-tensor | FileCheck %s

// A shape operand is read when the code runs: each entry is extracted,
// 0 copies the input dim, -1 takes the element count over the others, and
// upstream tensor.reshape takes the resolved sizes as a tensor.
// CHECK-LABEL: func.func @reshape(
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3xf32>, %[[S:[^:]*]]: tensor<2xi64>
// CHECK-DAG: tensor.extract %[[S]][%{{.*}}] : tensor<2xi64>
// CHECK-DAG: arith.divsi
// CHECK: %[[SIZES:.*]] = tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xi64>
// CHECK: tensor.reshape %[[X]](%[[SIZES]]) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
func.func @reshape(%x: tensor<2x3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = "dlc_graph.reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// An i32 shape is widened; a dynamic input's element count is read with
// tensor.dim.
// CHECK-LABEL: func.func @allowzero(
// CHECK-DAG: arith.extsi %{{.*}} : i32 to i64
// CHECK-DAG: tensor.dim %{{.*}}, %{{.*}} : tensor<?x3xf32>
// CHECK: tensor.reshape %{{.*}}(%{{.*}}) : (tensor<?x3xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
func.func @allowzero(%x: tensor<?x3xf32>, %s: tensor<3xi32>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.reshape"(%x, %s) {allowzero = true} : (tensor<?x3xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// constant_of_shape: a splat sized by the extracted entries.
// CHECK-LABEL: func.func @constant_of_shape(
// CHECK-SAME: %[[S:[^:]*]]: tensor<2xi64>
// CHECK: %[[V:.*]] = arith.constant 1.500000e+00 : f32
// CHECK: %[[D0:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: %[[D1:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK: tensor.splat %[[V]][%[[D0]], %[[D1]]] : tensor<?x?xf32>
func.func @constant_of_shape(%s: tensor<2xi64>) -> tensor<?x?xf32> {
  %c = "dlc_graph.constant_of_shape"(%s) {dtype = f32, value = 1.5 : f64} : (tensor<2xi64>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

// -----

// expand: a splat sized by the shape entries where the input's dim is 1 or
// missing (a static dim other than 1 stays), broadcast with the input by a
// map that keeps the input's element.
// CHECK-LABEL: func.func @expand(
// CHECK-SAME: %[[X:[^:]*]]: tensor<3x1xf32>, %[[S:[^:]*]]: tensor<3xi64>
// CHECK: %[[SPLAT:.*]] = tensor.splat %{{.*}}[%{{.*}}, %{{.*}}] : tensor<?x3x?xf32>
// CHECK: dlc_tensor.map{{.*}}(%[[X]], %[[SPLAT]]){{.*}} -> tensor<?x3x?xf32>
func.func @expand(%x: tensor<3x1xf32>, %s: tensor<3xi64>) -> tensor<?x?x?xf32> {
  %y = "dlc_graph.expand"(%x, %s) : (tensor<3x1xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// slice of run-time starts and ends (axes and steps attributes): the
// sliced dim's offset, size and stride are read when the code runs, after
// ONNX's clamping; the other dim stays static.
// CHECK-LABEL: func.func @slice_bounds(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4x5xf32>, %[[B:[^:]*]]: tensor<2x1xi64>
// CHECK-DAG: tensor.extract %[[B]][%{{.*}}, %{{.*}}] : tensor<2x1xi64>
// CHECK-DAG: arith.ceildivsi
// CHECK: tensor.extract_slice %[[X]][0, %{{.*}}] [4, %{{.*}}] [1, %{{.*}}] : tensor<4x5xf32> to tensor<4x?xf32>
func.func @slice_bounds(%x: tensor<4x5xf32>, %b: tensor<2x1xi64>) -> tensor<4x?xf32> {
  %y = "dlc_graph.slice"(%x, %b) {axes = array<i64: -1>, steps = array<i64: -2>} : (tensor<4x5xf32>, tensor<2x1xi64>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}

// -----

// With run-time axes and steps (four rows), each dim selects the entry
// whose axis names it: every dim is sliced at run time.
// CHECK-LABEL: func.func @slice_axes_steps(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4x5xf32>, %[[B:[^:]*]]: tensor<4x1xi64>
// CHECK: tensor.extract_slice %[[X]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] : tensor<4x5xf32> to tensor<?x?xf32>
func.func @slice_axes_steps(%x: tensor<4x5xf32>, %b: tensor<4x1xi64>) -> tensor<?x?xf32> {
  %y = "dlc_graph.slice"(%x, %b) : (tensor<4x5xf32>, tensor<4x1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// pad of run-time pads (constant mode, axes attribute): negative pads crop
// with a tensor.extract_slice at run-time offsets and sizes, the kept part
// goes into a splat of the value sized by the run-time dims; the other dim
// stays static.
// CHECK-LABEL: func.func @pad_pads(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4x5xf32>, %[[V:[^:]*]]: tensor<f32>, %[[P:[^:]*]]: tensor<2xi64>
// CHECK-DAG: tensor.extract %[[P]][%{{.*}}] : tensor<2xi64>
// CHECK: %[[KEPT:.*]] = tensor.extract_slice %[[X]][0, %{{.*}}] [4, %{{.*}}] [1, 1] : tensor<4x5xf32> to tensor<4x?xf32>
// CHECK: %[[FILL:.*]] = tensor.splat %{{.*}}[%{{.*}}] : tensor<4x?xf32>
// CHECK: tensor.insert_slice %[[KEPT]] into %[[FILL]][0, %{{.*}}] [4, %{{.*}}] [1, 1] : tensor<4x?xf32> into tensor<4x?xf32>
func.func @pad_pads(%x: tensor<4x5xf32>, %v: tensor<f32>, %p: tensor<2xi64>) -> tensor<4x?xf32> {
  %y = "dlc_graph.pad"(%x, %v, %p) {axes = array<i64: -1>, operandSegmentSizes = array<i32: 1, 1, 1>} : (tensor<4x5xf32>, tensor<f32>, tensor<2xi64>) -> tensor<4x?xf32>
  return %y : tensor<4x?xf32>
}

// -----

// With run-time axes (three rows: begins, ends, axes), each dim selects
// the entry whose axis names it: every dim is padded at run time.
// CHECK-LABEL: func.func @pad_pads_axes(
// CHECK-SAME: %[[X:[^:]*]]: tensor<4x5xf32>, %[[P:[^:]*]]: tensor<3x1xi64>
// CHECK-DAG: tensor.extract %[[P]][%{{.*}}, %{{.*}}] : tensor<3x1xi64>
// CHECK: %[[KEPT:.*]] = tensor.extract_slice %[[X]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1] : tensor<4x5xf32> to tensor<?x?xf32>
// CHECK: %[[FILL:.*]] = tensor.splat %{{.*}}[%{{.*}}, %{{.*}}] : tensor<?x?xf32>
// CHECK: tensor.insert_slice %[[KEPT]] into %[[FILL]][%{{.*}}, %{{.*}}] [%{{.*}}, %{{.*}}] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
func.func @pad_pads_axes(%x: tensor<4x5xf32>, %p: tensor<3x1xi64>) -> tensor<?x?xf32> {
  %y = "dlc_graph.pad"(%x, %p) {operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<4x5xf32>, tensor<3x1xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
