// RUN: dlc-opt %s -split-input-file --dlc-graph-to-tensor -verify-diagnostics | FileCheck %s

// No pads: one "max" pool over the trailing spatial dims.
// CHECK-LABEL: func.func @max_pool_plain
// CHECK-SAME: %[[X:.*]]: tensor<1x3x32xf32>
// CHECK-NOT: dlc_tensor.pad
// CHECK: %[[Y:.*]] = "dlc_tensor.pool"(%[[X]]) {dilations = array<i64: 1>, kind = "max", strides = array<i64: 1>, window = array<i64: 2>} : (tensor<1x3x32xf32>) -> tensor<1x3x31xf32>
// CHECK: return %[[Y]]
func.func @max_pool_plain(%x: tensor<1x3x32xf32>) -> tensor<1x3x31xf32> {
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2>} : (tensor<1x3x32xf32>) -> tensor<1x3x31xf32>
  return %y : tensor<1x3x31xf32>
}

// -----

// Pads and the ceil-mode extra are -inf: 4 + 1 + 1 = 6 in dim 0 and the 3rd
// window needs a 7th position; 4 in dim 1 and the 2nd window needs a 5th.
// CHECK-LABEL: func.func @max_pool_pads_ceil
// CHECK-SAME: %[[X:.*]]: tensor<1x1x4x4xf32>
// CHECK-DAG: %[[LOWEST:.*]] = arith.constant dense<0xFF800000> : tensor<f32>
// CHECK: %[[P:.*]] = "dlc_tensor.pad"(%[[X]], %[[LOWEST]]) {high = array<i64: 0, 0, 2, 1>, interior = array<i64: 0, 0, 0, 0>, low = array<i64: 0, 0, 1, 0>} : (tensor<1x1x4x4xf32>, tensor<f32>) -> tensor<1x1x7x5xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.pool"(%[[P]]) {dilations = array<i64: 1, 1>, kind = "max", strides = array<i64: 2, 2>, window = array<i64: 3, 3>} : (tensor<1x1x7x5xf32>) -> tensor<1x1x3x2xf32>
// CHECK: return %[[Y]]
func.func @max_pool_pads_ceil(%x: tensor<1x1x4x4xf32>) -> tensor<1x1x3x2xf32> {
  %y = "dlc_graph.max_pool"(%x) {ceil_mode = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 0, 1, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x4x4xf32>) -> tensor<1x1x3x2xf32>
  return %y : tensor<1x1x3x2xf32>
}

// -----

// Integers pad with their lowest value.
// CHECK-LABEL: func.func @max_pool_ints
// CHECK-DAG: %[[U8MIN:.*]] = arith.constant dense<0> : tensor<ui8>
// CHECK-DAG: %[[I32MIN:.*]] = arith.constant dense<-2147483648> : tensor<i32>
// CHECK: "dlc_tensor.pad"(%{{.*}}, %[[U8MIN]])
// CHECK: "dlc_tensor.pool"{{.*}} -> tensor<1x1x5x5xui8>
// CHECK: "dlc_tensor.pad"(%{{.*}}, %[[I32MIN]])
// CHECK: "dlc_tensor.pool"{{.*}} -> tensor<1x1x5x5xi32>
func.func @max_pool_ints(%x: tensor<1x1x5x5xui8>, %v: tensor<1x1x5x5xi32>) -> (tensor<1x1x5x5xui8>, tensor<1x1x5x5xi32>) {
  %y = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x1x5x5xui8>) -> tensor<1x1x5x5xui8>
  %z = "dlc_graph.max_pool"(%v) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x1x5x5xi32>) -> tensor<1x1x5x5xi32>
  return %y, %z : tensor<1x1x5x5xui8>, tensor<1x1x5x5xi32>
}

// -----

// Without padding the pool's indices already are offsets into the input.
// CHECK-LABEL: func.func @max_pool_indices_unpadded
// CHECK: %[[P:.*]]:2 = "dlc_tensor.pool"{{.*}} -> (tensor<2x3x2x2xf32>, tensor<2x3x2x2xi64>)
// CHECK-NOT: dlc_tensor.map
// CHECK: return %[[P]]#0, %[[P]]#1
func.func @max_pool_indices_unpadded(%x: tensor<2x3x5x5xf32>) -> (tensor<2x3x2x2xf32>, tensor<2x3x2x2xi64>) {
  %y, %i = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (tensor<2x3x5x5xf32>) -> (tensor<2x3x2x2xf32>, tensor<2x3x2x2xi64>)
  return %y, %i : tensor<2x3x2x2xf32>, tensor<2x3x2x2xi64>
}

// -----

// With padding, a map takes the offsets into the padded 9 x 9 back to the
// 5 x 5 input: split by 9, move to the first real element when in the begin
// pad (ties with the pad value), less the begin pad, rejoined by 5.
// CHECK-LABEL: func.func @max_pool_indices_padded
// CHECK: %[[P:.*]]:2 = "dlc_tensor.pool"{{.*}} -> (tensor<1x1x5x5xf32>, tensor<1x1x5x5xi64>)
// CHECK: %[[I:.*]] = "dlc_tensor.map"(%[[P]]#1) {fn = @[[FN:__dlc_max_pool_indices_in5x5_padded9x9_begin2x2_dil1x1_i64_i64]]
// CHECK-SAME: (tensor<1x1x5x5xi64>) -> tensor<1x1x5x5xi64>
// CHECK: return %[[P]]#0, %[[I]]
// CHECK: func.func private @[[FN]](%[[A:.*]]: i64) -> i64
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i64
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : i64
// CHECK: %[[Q1:.*]] = arith.divsi %[[A]], %[[C9]]
// CHECK: %[[Q0:.*]] = arith.divsi %[[Q1]], %[[C9]]
// CHECK: arith.maxsi
// CHECK: %[[H:.*]] = arith.subi %{{.*}}, %[[C2]]
// CHECK: arith.maxsi
// CHECK: %[[W:.*]] = arith.subi %{{.*}}, %[[C2]]
// CHECK: %[[NC:.*]] = arith.muli %[[Q0]], %[[C5]]
// CHECK: %[[R1:.*]] = arith.addi %[[NC]], %[[H]]
// CHECK: %[[R2:.*]] = arith.muli %[[R1]], %[[C5]]
// CHECK: %[[R:.*]] = arith.addi %[[R2]], %[[W]]
// CHECK: return %[[R]]
func.func @max_pool_indices_padded(%x: tensor<1x1x5x5xf32>) -> (tensor<1x1x5x5xf32>, tensor<1x1x5x5xi64>) {
  %y, %i = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 5, 5>, pads = array<i64: 2, 2, 2, 2>} : (tensor<1x1x5x5xf32>) -> (tensor<1x1x5x5xf32>, tensor<1x1x5x5xi64>)
  return %y, %i : tensor<1x1x5x5xf32>, tensor<1x1x5x5xi64>
}

// -----

// storage_order = 1: the spatial position is rejoined column-major (w * H + h).
// CHECK-LABEL: func.func @max_pool_indices_column_major
// CHECK: "dlc_tensor.map"{{.*}} {fn = @[[FN:__dlc_max_pool_indices_in5x5_padded5x5_begin0x0_dil1x1_colmajor_i64_i64]]
// CHECK: func.func private @[[FN]](%[[A:.*]]: i64) -> i64
// CHECK: %[[C5:.*]] = arith.constant 5 : i64
// CHECK: %[[Q1:.*]] = arith.divsi %[[A]], %[[C5]]
// CHECK: %[[M1:.*]] = arith.muli %[[Q1]], %[[C5]]
// CHECK: %[[W:.*]] = arith.subi %[[A]], %[[M1]]
// CHECK: %[[Q0:.*]] = arith.divsi %[[Q1]], %[[C5]]
// CHECK: %[[M0:.*]] = arith.muli %[[Q0]], %[[C5]]
// CHECK: %[[H:.*]] = arith.subi %[[Q1]], %[[M0]]
// CHECK: %[[NC:.*]] = arith.muli %[[Q0]], %[[C5]]
// CHECK: %[[R1:.*]] = arith.addi %[[NC]], %[[W]]
// CHECK: %[[R2:.*]] = arith.muli %[[R1]], %[[C5]]
// CHECK: %[[R:.*]] = arith.addi %[[R2]], %[[H]]
// CHECK: return %[[R]]
func.func @max_pool_indices_column_major(%x: tensor<1x1x5x5xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>) {
  %y, %i = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2>, storage_order = 1 : i64, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> (tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>)
  return %y, %i : tensor<1x1x2x2xf32>, tensor<1x1x2x2xi64>
}

// -----

func.func @max_pool_ceil_dynamic(%x: tensor<1x1x?x4xf32>) -> tensor<1x1x?x2xf32> {
  // expected-error@+1 {{'dlc_graph.max_pool' op cannot be lowered by dlc-graph-to-tensor: pads depend on a dynamic spatial dim}}
  %y = "dlc_graph.max_pool"(%x) {ceil_mode = true, kernel_shape = array<i64: 3, 3>, strides = array<i64: 2, 2>} : (tensor<1x1x?x4xf32>) -> tensor<1x1x?x2xf32>
  return %y : tensor<1x1x?x2xf32>
}

// -----

func.func @max_pool_indices_dynamic(%x: tensor<1x1x?x4xf32>) -> (tensor<1x1x?x3xf32>, tensor<1x1x?x3xi64>) {
  // expected-error@+1 {{'dlc_graph.max_pool' op cannot be lowered by dlc-graph-to-tensor: indices of a dynamic spatial dim}}
  %y, %i = "dlc_graph.max_pool"(%x) {kernel_shape = array<i64: 2, 2>} : (tensor<1x1x?x4xf32>) -> (tensor<1x1x?x3xf32>, tensor<1x1x?x3xi64>)
  return %y, %i : tensor<1x1x?x3xf32>, tensor<1x1x?x3xi64>
}

// -----

// Every window is full: divide the sum by the window size.
// CHECK-LABEL: func.func @avg_pool_plain
// CHECK-SAME: %[[X:.*]]: tensor<1x3x32x32xf32>
// CHECK-DAG: %[[K:.*]] = arith.constant dense<4.000000e+00> : tensor<f32>
// CHECK: %[[S:.*]] = "dlc_tensor.pool"(%[[X]]) {dilations = array<i64: 1, 1>, kind = "sum", strides = array<i64: 1, 1>, window = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>) -> tensor<1x3x31x31xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[S]], %[[K]]) {fn = @__dlc_div_f32_f32_f32
// CHECK: return %[[Y]]
// CHECK: func.func private @__dlc_div_f32_f32_f32
// CHECK-NEXT: arith.divf
func.func @avg_pool_plain(%x: tensor<1x3x32x32xf32>) -> tensor<1x3x31x31xf32> {
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 2, 2>} : (tensor<1x3x32x32xf32>) -> tensor<1x3x31x31xf32>
  return %y : tensor<1x3x31x31xf32>
}

// -----

// count_include_pad without ceil mode: windows are full of input or pads.
// CHECK-LABEL: func.func @avg_pool_count_include_pad
// CHECK-DAG: %[[K:.*]] = arith.constant dense<9.000000e+00> : tensor<f32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[P:.*]] = "dlc_tensor.pad"(%{{.*}}, %[[ZERO]]) {high = array<i64: 0, 0, 2, 2>, interior = array<i64: 0, 0, 0, 0>, low = array<i64: 0, 0, 2, 2>}
// CHECK: %[[S:.*]] = "dlc_tensor.pool"(%[[P]]) {{.*}}kind = "sum"
// CHECK: "dlc_tensor.map"(%[[S]], %[[K]])
func.func @avg_pool_count_include_pad(%x: tensor<1x3x28x28xf32>) -> tensor<1x3x30x30xf32> {
  %y = "dlc_graph.avg_pool"(%x) {count_include_pad = true, kernel_shape = array<i64: 3, 3>, pads = array<i64: 2, 2, 2, 2>} : (tensor<1x3x28x28xf32>) -> tensor<1x3x30x30xf32>
  return %y : tensor<1x3x30x30xf32>
}

// -----

// Pads that do not count: the divisor is a sum pool of ones padded with zeros.
// CHECK-LABEL: func.func @avg_pool_pads
// CHECK-DAG: %[[ONES:.*]] = arith.constant dense<1.000000e+00> : tensor<1x1x28x28xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[S:.*]] = "dlc_tensor.pool"{{.*}} -> tensor<1x3x30x30xf32>
// CHECK: %[[OP:.*]] = "dlc_tensor.pad"(%[[ONES]], %[[ZERO]]) {high = array<i64: 0, 0, 2, 2>, interior = array<i64: 0, 0, 0, 0>, low = array<i64: 0, 0, 2, 2>} : (tensor<1x1x28x28xf32>, tensor<f32>) -> tensor<1x1x32x32xf32>
// CHECK: %[[N:.*]] = "dlc_tensor.pool"(%[[OP]]) {dilations = array<i64: 1, 1>, kind = "sum", strides = array<i64: 1, 1>, window = array<i64: 3, 3>} : (tensor<1x1x32x32xf32>) -> tensor<1x1x30x30xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[S]], %[[N]]) {fn = @__dlc_div_f32_f32_f32
// CHECK-SAME: (tensor<1x3x30x30xf32>, tensor<1x1x30x30xf32>) -> tensor<1x3x30x30xf32>
// CHECK: return %[[Y]]
func.func @avg_pool_pads(%x: tensor<1x3x28x28xf32>) -> tensor<1x3x30x30xf32> {
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 2, 2, 2, 2>} : (tensor<1x3x28x28xf32>) -> tensor<1x3x30x30xf32>
  return %y : tensor<1x3x30x30xf32>
}

// -----

// Ceil mode with count_include_pad: the pads count (ones), the extra
// position of the last window does not (zeros).
// CHECK-LABEL: func.func @avg_pool_ceil_include_pad
// CHECK-DAG: %[[ONE:.*]] = arith.constant dense<1.000000e+00> : tensor<f32>
// CHECK-DAG: %[[ONES:.*]] = arith.constant dense<1.000000e+00> : tensor<1x1x5xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[P:.*]] = "dlc_tensor.pad"(%{{.*}}, %[[ZERO]]) {high = array<i64: 0, 0, 1>, interior = array<i64: 0, 0, 0>, low = array<i64: 0, 0, 1>} : (tensor<1x1x5xf32>, tensor<f32>) -> tensor<1x1x7xf32>
// CHECK: %[[S:.*]] = "dlc_tensor.pool"(%[[P]])
// CHECK: %[[OP:.*]] = "dlc_tensor.pad"(%[[ONES]], %[[ONE]]) {high = array<i64: 0, 0, 0>, interior = array<i64: 0, 0, 0>, low = array<i64: 0, 0, 1>}
// CHECK: %[[OE:.*]] = "dlc_tensor.pad"(%[[OP]], %[[ZERO]]) {high = array<i64: 0, 0, 1>, interior = array<i64: 0, 0, 0>, low = array<i64: 0, 0, 0>} : (tensor<1x1x6xf32>, tensor<f32>) -> tensor<1x1x7xf32>
// CHECK: %[[N:.*]] = "dlc_tensor.pool"(%[[OE]]) {{.*}} -> tensor<1x1x3xf32>
// CHECK: "dlc_tensor.map"(%[[S]], %[[N]])
func.func @avg_pool_ceil_include_pad(%x: tensor<1x1x5xf32>) -> tensor<1x1x3xf32> {
  %y = "dlc_graph.avg_pool"(%x) {ceil_mode = true, count_include_pad = true, kernel_shape = array<i64: 3>, pads = array<i64: 1, 0>, strides = array<i64: 2>} : (tensor<1x1x5xf32>) -> tensor<1x1x3xf32>
  return %y : tensor<1x1x3xf32>
}

// -----

// Full windows over a dynamic spatial dim need no counts.
// CHECK-LABEL: func.func @avg_pool_dynamic
// CHECK: "dlc_tensor.pool"{{.*}} -> tensor<?x3x?x7xf32>
// CHECK: "dlc_tensor.map"{{.*}} : (tensor<?x3x?x7xf32>, tensor<f32>) -> tensor<?x3x?x7xf32>
func.func @avg_pool_dynamic(%x: tensor<?x3x?x8xf32>) -> tensor<?x3x?x7xf32> {
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 2, 2>} : (tensor<?x3x?x8xf32>) -> tensor<?x3x?x7xf32>
  return %y : tensor<?x3x?x7xf32>
}

// -----

func.func @avg_pool_pads_dynamic(%x: tensor<1x3x?x8xf32>) -> tensor<1x3x?x8xf32> {
  // expected-error@+1 {{'dlc_graph.avg_pool' op cannot be lowered by dlc-graph-to-tensor: uncounted padding of a dynamic spatial dim}}
  %y = "dlc_graph.avg_pool"(%x) {kernel_shape = array<i64: 3, 3>, pads = array<i64: 1, 1, 1, 1>} : (tensor<1x3x?x8xf32>) -> tensor<1x3x?x8xf32>
  return %y : tensor<1x3x?x8xf32>
}

// -----

// A sum over the spatial dims divided by their count, reshaped to keep them.
// CHECK-LABEL: func.func @global_avg_pool
// CHECK-SAME: %[[X:.*]]: tensor<?x3x5x5xf32>
// CHECK-DAG: %[[N:.*]] = arith.constant dense<2.500000e+01> : tensor<f32>
// CHECK: %[[S:.*]] = "dlc_tensor.reduce"(%[[X]]) {dims = array<i64: 2, 3>, kind = "sum"} : (tensor<?x3x5x5xf32>) -> tensor<?x3xf32>
// CHECK: %[[M:.*]] = "dlc_tensor.map"(%[[S]], %[[N]]) {fn = @__dlc_div_f32_f32_f32
// CHECK: %[[Y:.*]] = "dlc_tensor.reshape"(%[[M]]) : (tensor<?x3xf32>) -> tensor<?x3x1x1xf32>
// CHECK: return %[[Y]]
func.func @global_avg_pool(%x: tensor<?x3x5x5xf32>) -> tensor<?x3x1x1xf32> {
  %y = "dlc_graph.global_avg_pool"(%x) : (tensor<?x3x5x5xf32>) -> tensor<?x3x1x1xf32>
  return %y : tensor<?x3x1x1xf32>
}

// -----

// CHECK-LABEL: func.func @global_avg_pool_3d
// CHECK-DAG: %[[N:.*]] = arith.constant dense<2.400000e+01> : tensor<f64>
// CHECK: %[[S:.*]] = "dlc_tensor.reduce"{{.*}} {dims = array<i64: 2, 3, 4>, kind = "sum"} : (tensor<2x3x2x3x4xf64>) -> tensor<2x3xf64>
// CHECK: "dlc_tensor.map"(%[[S]], %[[N]])
func.func @global_avg_pool_3d(%x: tensor<2x3x2x3x4xf64>) -> tensor<2x3x1x1x1xf64> {
  %y = "dlc_graph.global_avg_pool"(%x) : (tensor<2x3x2x3x4xf64>) -> tensor<2x3x1x1x1xf64>
  return %y : tensor<2x3x1x1x1xf64>
}

// -----

func.func @global_avg_pool_dynamic(%x: tensor<1x3x?x5xf32>) -> tensor<1x3x1x1xf32> {
  // expected-error@+1 {{'dlc_graph.global_avg_pool' op cannot be lowered by dlc-graph-to-tensor: a dynamic spatial dim}}
  %y = "dlc_graph.global_avg_pool"(%x) : (tensor<1x3x?x5xf32>) -> tensor<1x3x1x1xf32>
  return %y : tensor<1x3x1x1xf32>
}
