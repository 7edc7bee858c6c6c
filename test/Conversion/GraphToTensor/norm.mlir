// RUN: dlc-opt %s -split-input-file --dlc-graph-to-tensor | FileCheck %s

// softmax: max over the axis (kept as 1), exp(x - max), sum, divide.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: %[[X:.*]]: tensor<2x3x4xf32>
// CHECK: %[[MAX:.*]] = "dlc_tensor.reduce"(%[[X]]) {dims = array<i64: 1>, kind = "max"} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// CHECK: %[[MAXK:.*]] = "dlc_tensor.reshape"(%[[MAX]]) : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
// CHECK: %[[E:.*]] = "dlc_tensor.map"(%[[X]], %[[MAXK]]) {fn = @__dlc_exp_sub_f32_f32_f32
// CHECK-SAME: -> tensor<2x3x4xf32>
// CHECK: %[[SUM:.*]] = "dlc_tensor.reduce"(%[[E]]) {dims = array<i64: 1>, kind = "sum"}
// CHECK: %[[SUMK:.*]] = "dlc_tensor.reshape"(%[[SUM]]) : (tensor<2x4xf32>) -> tensor<2x1x4xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[E]], %[[SUMK]]) {fn = @__dlc_div_f32_f32_f32
// CHECK-SAME: (tensor<2x3x4xf32>, tensor<2x1x4xf32>) -> tensor<2x3x4xf32>
// CHECK: return %[[Y]]
// CHECK-LABEL: func.func private @__dlc_exp_sub_f32_f32_f32
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32)
// CHECK: %[[D:.*]] = arith.subf %[[A]], %[[B]]
// CHECK: math.exp %[[D]]
func.func @softmax(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %y = "dlc_graph.softmax"(%x) {axis = 1 : i64} : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %y : tensor<2x3x4xf32>
}

// -----

// log_softmax: x - max - log(sum(exp(x - max))), here over the last axis
// of an input with a `?` dim.
// CHECK-LABEL: func.func @log_softmax
// CHECK-SAME: %[[X:.*]]: tensor<?x10xf64>
// CHECK: %[[MAX:.*]] = "dlc_tensor.reduce"(%[[X]]) {dims = array<i64: 1>, kind = "max"} : (tensor<?x10xf64>) -> tensor<?xf64>
// CHECK: %[[MAXK:.*]] = "dlc_tensor.reshape"(%[[MAX]]) : (tensor<?xf64>) -> tensor<?x1xf64>
// CHECK: %[[E:.*]] = "dlc_tensor.map"(%[[X]], %[[MAXK]]) {fn = @__dlc_exp_sub_f64_f64_f64
// CHECK: %[[SUM:.*]] = "dlc_tensor.reduce"(%[[E]]) {dims = array<i64: 1>, kind = "sum"}
// CHECK: %[[SUMK:.*]] = "dlc_tensor.reshape"(%[[SUM]]) : (tensor<?xf64>) -> tensor<?x1xf64>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[X]], %[[MAXK]], %[[SUMK]]) {fn = @__dlc_log_softmax_f64_f64_f64_f64
// CHECK-SAME: -> tensor<?x10xf64>
// CHECK: return %[[Y]]
// CHECK-LABEL: func.func private @__dlc_log_softmax_f64_f64_f64_f64
// CHECK-SAME: (%[[A:.*]]: f64, %[[M:.*]]: f64, %[[S:.*]]: f64)
// CHECK-DAG: %[[L:.*]] = math.log %[[S]] : f64
// CHECK-DAG: %[[D:.*]] = arith.subf %[[A]], %[[M]] : f64
// CHECK: arith.subf %[[D]], %[[L]] : f64
func.func @log_softmax(%x: tensor<?x10xf64>) -> tensor<?x10xf64> {
  %y = "dlc_graph.log_softmax"(%x) : (tensor<?x10xf64>) -> tensor<?x10xf64>
  return %y : tensor<?x10xf64>
}

// -----

// batch_norm: per-channel s and t on the C-vectors, reshaped to C x 1 x 1,
// then one map over the input.
// CHECK-LABEL: func.func @batch_norm
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3x4x5xf32>, %[[SC:[^:]*]]: tensor<3xf32>, %[[B:[^:]*]]: tensor<3xf32>, %[[M:[^:]*]]: tensor<3xf32>, %[[V:[^:]*]]: tensor<3xf32>
// CHECK-DAG: %[[EPS:.*]] = arith.constant dense<1.000000e-03> : tensor<f32>
// CHECK: %[[S:.*]] = "dlc_tensor.map"(%[[SC]], %[[V]], %[[EPS]]) {fn = @__dlc_bn_scale_f32_f32_f32_f32
// CHECK-SAME: -> tensor<3xf32>
// CHECK: %[[T:.*]] = "dlc_tensor.map"(%[[B]], %[[M]], %[[S]]) {fn = @__dlc_bn_shift_f32_f32_f32_f32
// CHECK-SAME: -> tensor<3xf32>
// CHECK-DAG: %[[SR:.*]] = "dlc_tensor.reshape"(%[[S]]) : (tensor<3xf32>) -> tensor<3x1x1xf32>
// CHECK-DAG: %[[TR:.*]] = "dlc_tensor.reshape"(%[[T]]) : (tensor<3xf32>) -> tensor<3x1x1xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[X]], %[[SR]], %[[TR]]) {fn = @__dlc_mul_add_f32_f32_f32_f32
// CHECK-SAME: -> tensor<2x3x4x5xf32>
// CHECK: return %[[Y]]
// CHECK-LABEL: func.func private @__dlc_bn_scale_f32_f32_f32_f32
// CHECK-SAME: (%[[SC2:.*]]: f32, %[[V2:.*]]: f32, %[[E2:.*]]: f32)
// CHECK: %[[VE:.*]] = arith.addf %[[V2]], %[[E2]]
// CHECK: %[[R:.*]] = math.sqrt %[[VE]]
// CHECK: arith.divf %[[SC2]], %[[R]]
// CHECK-LABEL: func.func private @__dlc_bn_shift_f32_f32_f32_f32
// CHECK-SAME: (%[[B3:.*]]: f32, %[[M3:.*]]: f32, %[[S3:.*]]: f32)
// CHECK: %[[MS:.*]] = arith.mulf %[[M3]], %[[S3]]
// CHECK: arith.subf %[[B3]], %[[MS]]
// CHECK-LABEL: func.func private @__dlc_mul_add_f32_f32_f32_f32
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @batch_norm(%x: tensor<2x3x4x5xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3x4x5xf32> {
  %y = "dlc_graph.batch_norm"(%x, %s, %b, %m, %v) {epsilon = 1.0e-3 : f32} : (tensor<2x3x4x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x5xf32>
  return %y : tensor<2x3x4x5xf32>
}

// -----

// N x C: the C-vectors already broadcast; the default epsilon.
// CHECK-LABEL: func.func @batch_norm_2d
// CHECK-SAME: %[[X:[^:]*]]: tensor<8x3xf64>
// CHECK-DAG: arith.constant dense<9.9999997473787516E-6> : tensor<f64>
// CHECK: %[[S:.*]] = "dlc_tensor.map"{{.*}}fn = @__dlc_bn_scale_f64_f64_f64_f64
// CHECK: %[[T:.*]] = "dlc_tensor.map"{{.*}}fn = @__dlc_bn_shift_f64_f64_f64_f64
// CHECK-NOT: dlc_tensor.reshape
// CHECK: "dlc_tensor.map"(%[[X]], %[[S]], %[[T]]) {fn = @__dlc_mul_add_f64_f64_f64_f64
// CHECK-SAME: (tensor<8x3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<8x3xf64>
func.func @batch_norm_2d(%x: tensor<8x3xf64>, %c: tensor<3xf64>) -> tensor<8x3xf64> {
  %y = "dlc_graph.batch_norm"(%x, %c, %c, %c, %c) : (tensor<8x3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>, tensor<3xf64>) -> tensor<8x3xf64>
  return %y : tensor<8x3xf64>
}

// -----

// A `?` channel dim takes C from the vectors; the result is cast to the
// declared type.
// CHECK-LABEL: func.func @batch_norm_dynamic_channels
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x?x4xf32>
// CHECK-DAG: %[[SR:.*]] = "dlc_tensor.reshape"(%{{.*}}) : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK-DAG: %[[TR:.*]] = "dlc_tensor.reshape"(%{{.*}}) : (tensor<3xf32>) -> tensor<3x1xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[X]], %[[SR]], %[[TR]])
// CHECK-SAME: (tensor<2x?x4xf32>, tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<2x3x4xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[Y]] : tensor<2x3x4xf32> to tensor<2x?x4xf32>
// CHECK: return %[[C]]
func.func @batch_norm_dynamic_channels(%x: tensor<2x?x4xf32>, %c: tensor<3xf32>) -> tensor<2x?x4xf32> {
  %y = "dlc_graph.batch_norm"(%x, %c, %c, %c, %c) : (tensor<2x?x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x?x4xf32>
  return %y : tensor<2x?x4xf32>
}

// -----

// layer_norm over dims [1, 3) with bias, mean and inv_std_dev: the count
// (12) and epsilon are 0-d inputs; mean and inv_std_dev are the keepdims
// statistics.
// CHECK-LABEL: func.func @layer_norm
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x3x4xf32>, %[[SC:[^:]*]]: tensor<3x4xf32>, %[[B:[^:]*]]: tensor<4xf32>
// CHECK-DAG: %[[EPS:.*]] = arith.constant dense<9.99999974E-6> : tensor<f32>
// CHECK-DAG: %[[N:.*]] = arith.constant dense<1.200000e+01> : tensor<f32>
// CHECK: %[[SUM:.*]] = "dlc_tensor.reduce"(%[[X]]) {dims = array<i64: 1, 2>, kind = "sum"} : (tensor<2x3x4xf32>) -> tensor<2xf32>
// CHECK: %[[SUMK:.*]] = "dlc_tensor.reshape"(%[[SUM]]) : (tensor<2xf32>) -> tensor<2x1x1xf32>
// CHECK: %[[MEAN:.*]] = "dlc_tensor.map"(%[[SUMK]], %[[N]]) {fn = @__dlc_div_f32_f32_f32
// CHECK: %[[D:.*]] = "dlc_tensor.map"(%[[X]], %[[MEAN]]) {fn = @__dlc_sub_f32_f32_f32
// CHECK-SAME: -> tensor<2x3x4xf32>
// CHECK: %[[SQ:.*]] = "dlc_tensor.map"(%[[D]], %[[D]]) {fn = @__dlc_mul_f32_f32_f32
// CHECK: %[[VS:.*]] = "dlc_tensor.reduce"(%[[SQ]]) {dims = array<i64: 1, 2>, kind = "sum"}
// CHECK: %[[VSK:.*]] = "dlc_tensor.reshape"(%[[VS]]) : (tensor<2xf32>) -> tensor<2x1x1xf32>
// CHECK: %[[INV:.*]] = "dlc_tensor.map"(%[[VSK]], %[[N]], %[[EPS]]) {fn = @__dlc_inv_std_f32_f32_f32_f32
// CHECK-SAME: -> tensor<2x1x1xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[D]], %[[INV]], %[[SC]], %[[B]]) {fn = @__dlc_mul_mul_add_f32_f32_f32_f32_f32
// CHECK-SAME: -> tensor<2x3x4xf32>
// CHECK: return %[[Y]], %[[MEAN]], %[[INV]]
// CHECK-LABEL: func.func private @__dlc_inv_std_f32_f32_f32_f32
// CHECK-SAME: (%[[S2:.*]]: f32, %[[N2:.*]]: f32, %[[E2:.*]]: f32)
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG: %[[VAR:.*]] = arith.divf %[[S2]], %[[N2]]
// CHECK: %[[VE:.*]] = arith.addf %[[VAR]], %[[E2]]
// CHECK: %[[R:.*]] = math.sqrt %[[VE]]
// CHECK: arith.divf %[[ONE]], %[[R]]
func.func @layer_norm(%x: tensor<2x3x4xf32>, %s: tensor<3x4xf32>, %b: tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>) {
  %y, %m, %i = "dlc_graph.layer_norm"(%x, %s, %b) {axis = 1 : i64, resultSegmentSizes = array<i32: 1, 1, 1>} : (tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
  return %y, %m, %i : tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>
}

// -----

// No bias, a `?` normalized dim (the count is a keepdims sum of ones), and
// only inv_std_dev among the optional results.
// CHECK-LABEL: func.func @layer_norm_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x?xf32>, %[[SC:[^:]*]]: tensor<f32>
// CHECK: %[[ONES:.*]] = "dlc_tensor.map"(%[[X]]) {fn = @__dlc_one_f32_f32
// CHECK: %[[CNT:.*]] = "dlc_tensor.reduce"(%[[ONES]]) {dims = array<i64: 1>, kind = "sum"} : (tensor<2x?xf32>) -> tensor<2xf32>
// CHECK: %[[CNTK:.*]] = "dlc_tensor.reshape"(%[[CNT]]) : (tensor<2xf32>) -> tensor<2x1xf32>
// CHECK: "dlc_tensor.map"(%{{.*}}, %[[CNTK]]) {fn = @__dlc_div_f32_f32_f32
// CHECK: %[[INV:.*]] = "dlc_tensor.map"(%{{.*}}, %[[CNTK]], %{{.*}}) {fn = @__dlc_inv_std_f32_f32_f32_f32
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%{{.*}}, %[[INV]], %[[SC]]) {fn = @__dlc_mul_mul_f32_f32_f32_f32
// CHECK-SAME: -> tensor<2x?xf32>
// CHECK: return %[[Y]], %[[INV]] : tensor<2x?xf32>, tensor<2x1xf32>
// CHECK-LABEL: func.func private @__dlc_one_f32_f32
// CHECK: arith.constant 1.000000e+00 : f32
func.func @layer_norm_dynamic(%x: tensor<2x?xf32>, %s: tensor<f32>) -> (tensor<2x?xf32>, tensor<2x1xf32>) {
  %y, %i = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 0, 1>} : (tensor<2x?xf32>, tensor<f32>) -> (tensor<2x?xf32>, tensor<2x1xf32>)
  return %y, %i : tensor<2x?xf32>, tensor<2x1xf32>
}

// -----

// The declared result knows the normalized dim x leaves `?` (infer-shapes
// takes it from scale): the count is a constant, the result a cast.
// CHECK-LABEL: func.func @layer_norm_count_from_result
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x?xf32>
// CHECK-DAG: %[[N:.*]] = arith.constant dense<8.000000e+00> : tensor<f32>
// CHECK-NOT: __dlc_one
// CHECK: "dlc_tensor.map"(%{{.*}}, %[[N]]) {fn = @__dlc_div_f32_f32_f32
// CHECK: %[[Y:.*]] = "dlc_tensor.map"{{.*}}fn = @__dlc_mul_mul_f32_f32_f32_f32
// CHECK-SAME: -> tensor<?x8xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[Y]] : tensor<?x8xf32> to tensor<4x8xf32>
// CHECK: return %[[C]]
func.func @layer_norm_count_from_result(%x: tensor<?x?xf32>, %s: tensor<8xf32>) -> tensor<4x8xf32> {
  %y = "dlc_graph.layer_norm"(%x, %s) {resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<?x?xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
