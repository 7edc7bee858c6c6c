// RUN: dlc-opt %s -split-input-file --dlc-graph-to-tensor | FileCheck %s

// CHECK-LABEL: func.func @matmul_2d
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.contract"(%[[A]], %[[B]]) {spec = "mk,kn->mn"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @matmul_2d(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// 1-D operands drop the promoted dim from the spec, so no reshape is needed.
// CHECK-LABEL: func.func @matmul_1d
// CHECK-SAME: %[[V:[^:]*]]: tensor<3xi32>, %[[M:[^:]*]]: tensor<3x4xi32>, %[[N:[^:]*]]: tensor<2x3xi32>
// CHECK: "dlc_tensor.contract"(%[[V]], %[[M]]) {spec = "k,kn->n"} : (tensor<3xi32>, tensor<3x4xi32>) -> tensor<4xi32>
// CHECK: "dlc_tensor.contract"(%[[N]], %[[V]]) {spec = "mk,k->m"} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2xi32>
// CHECK: "dlc_tensor.contract"(%[[V]], %[[V]]) {spec = "k,k->"} : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
func.func @matmul_1d(%v: tensor<3xi32>, %m: tensor<3x4xi32>, %n: tensor<2x3xi32>) -> (tensor<4xi32>, tensor<2xi32>, tensor<i32>) {
  %0 = "dlc_graph.matmul"(%v, %m) : (tensor<3xi32>, tensor<3x4xi32>) -> tensor<4xi32>
  %1 = "dlc_graph.matmul"(%n, %v) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2xi32>
  %2 = "dlc_graph.matmul"(%v, %v) : (tensor<3xi32>, tensor<3xi32>) -> tensor<i32>
  return %0, %1, %2 : tensor<4xi32>, tensor<2xi32>, tensor<i32>
}

// -----

// Static batch dims against a matrix fold into its rows; equal static
// batch dims on both sides fold into one: reshapes (views) around a plain
// matrix product.
// CHECK-LABEL: func.func @matmul_folded_batch
// CHECK-SAME: %[[A:[^:]*]]: tensor<7x5x2x3xf32>, %[[B:[^:]*]]: tensor<7x5x3x4xf32>, %[[M:[^:]*]]: tensor<3x4xf32>
// CHECK: %[[A1:.*]] = "dlc_tensor.reshape"(%[[A]]) : (tensor<7x5x2x3xf32>) -> tensor<35x2x3xf32>
// CHECK: %[[B1:.*]] = "dlc_tensor.reshape"(%[[B]]) : (tensor<7x5x3x4xf32>) -> tensor<35x3x4xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.contract"(%[[A1]], %[[B1]]) {spec = "bmk,bkn->bmn"} : (tensor<35x2x3xf32>, tensor<35x3x4xf32>) -> tensor<35x2x4xf32>
// CHECK: "dlc_tensor.reshape"(%[[Y]]) : (tensor<35x2x4xf32>) -> tensor<7x5x2x4xf32>
// CHECK: %[[A2:.*]] = "dlc_tensor.reshape"(%[[A]]) : (tensor<7x5x2x3xf32>) -> tensor<70x3xf32>
// CHECK: %[[Z:.*]] = "dlc_tensor.contract"(%[[A2]], %[[M]]) {spec = "mk,kn->mn"} : (tensor<70x3xf32>, tensor<3x4xf32>) -> tensor<70x4xf32>
// CHECK: "dlc_tensor.reshape"(%[[Z]]) : (tensor<70x4xf32>) -> tensor<7x5x2x4xf32>
func.func @matmul_folded_batch(%a: tensor<7x5x2x3xf32>, %b: tensor<7x5x3x4xf32>, %m: tensor<3x4xf32>) -> (tensor<7x5x2x4xf32>, tensor<7x5x2x4xf32>) {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<7x5x2x3xf32>, tensor<7x5x3x4xf32>) -> tensor<7x5x2x4xf32>
  %1 = "dlc_graph.matmul"(%a, %m) : (tensor<7x5x2x3xf32>, tensor<3x4xf32>) -> tensor<7x5x2x4xf32>
  return %0, %1 : tensor<7x5x2x4xf32>, tensor<7x5x2x4xf32>
}

// -----

// Batch dims get letters from 'a' (one static batch dim is already a
// batched product); an operand with fewer batch dims shares its matrix
// with every batch.
// CHECK-LABEL: func.func @matmul_batched
// CHECK-SAME: %[[A:[^:]*]]: tensor<7x2x3xf32>, %[[B:[^:]*]]: tensor<7x3x4xf32>
// CHECK: "dlc_tensor.contract"(%[[A]], %[[B]]) {spec = "amk,akn->amn"} : (tensor<7x2x3xf32>, tensor<7x3x4xf32>) -> tensor<7x2x4xf32>
func.func @matmul_batched(%a: tensor<7x2x3xf32>, %b: tensor<7x3x4xf32>) -> tensor<7x2x4xf32> {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<7x2x3xf32>, tensor<7x3x4xf32>) -> tensor<7x2x4xf32>
  return %0 : tensor<7x2x4xf32>
}

// -----

// One dynamic dim among those folded (a symbolic batch or sequence): the
// rows, or the shared batch, of the product are `?` (the schedules tile
// them); K and N stay static.
// CHECK-LABEL: func.func @matmul_folded_dynamic
// CHECK-SAME: %[[D:[^:]*]]: tensor<?x2x3xf32>, %[[M:[^:]*]]: tensor<3x4xf32>, %[[Q:[^:]*]]: tensor<?x4x2x3xf32>, %[[K:[^:]*]]: tensor<?x4x3x5xf32>
// CHECK: %[[D2:.*]] = "dlc_tensor.reshape"(%[[D]]) : (tensor<?x2x3xf32>) -> tensor<?x3xf32>
// CHECK: %[[Y:.*]] = "dlc_tensor.contract"(%[[D2]], %[[M]]) {spec = "mk,kn->mn"} : (tensor<?x3xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
// CHECK: "dlc_tensor.reshape"(%[[Y]]) : (tensor<?x4xf32>) -> tensor<?x2x4xf32>
// CHECK: %[[Q2:.*]] = "dlc_tensor.reshape"(%[[Q]]) : (tensor<?x4x2x3xf32>) -> tensor<?x2x3xf32>
// CHECK: %[[K2:.*]] = "dlc_tensor.reshape"(%[[K]]) : (tensor<?x4x3x5xf32>) -> tensor<?x3x5xf32>
// CHECK: %[[Z:.*]] = "dlc_tensor.contract"(%[[Q2]], %[[K2]]) {spec = "bmk,bkn->bmn"} : (tensor<?x2x3xf32>, tensor<?x3x5xf32>) -> tensor<?x2x5xf32>
// CHECK: "dlc_tensor.reshape"(%[[Z]]) : (tensor<?x2x5xf32>) -> tensor<?x4x2x5xf32>
func.func @matmul_folded_dynamic(%d: tensor<?x2x3xf32>, %m: tensor<3x4xf32>, %q: tensor<?x4x2x3xf32>, %k: tensor<?x4x3x5xf32>) -> (tensor<?x2x4xf32>, tensor<?x4x2x5xf32>) {
  %0 = "dlc_graph.matmul"(%d, %m) : (tensor<?x2x3xf32>, tensor<3x4xf32>) -> tensor<?x2x4xf32>
  %1 = "dlc_graph.matmul"(%q, %k) : (tensor<?x4x2x3xf32>, tensor<?x4x3x5xf32>) -> tensor<?x4x2x5xf32>
  return %0, %1 : tensor<?x2x4xf32>, tensor<?x4x2x5xf32>
}

// -----

// Two dynamic dims would fold into rows that no one `?` of the result can
// split again; a dynamic K or N is no schedule's: the general contraction.
// CHECK-LABEL: func.func @matmul_dynamic_unfolded
// CHECK: "dlc_tensor.contract"(%{{.*}}, %{{.*}}) {spec = "abmk,kn->abmn"} : (tensor<?x?x2x3xf32>, tensor<3x4xf32>) -> tensor<?x?x2x4xf32>
// CHECK: "dlc_tensor.contract"(%{{.*}}, %{{.*}}) {spec = "amk,kn->amn"} : (tensor<5x2x?xf32>, tensor<?x4xf32>) -> tensor<5x2x4xf32>
func.func @matmul_dynamic_unfolded(%a: tensor<?x?x2x3xf32>, %m: tensor<3x4xf32>, %b: tensor<5x2x?xf32>, %n: tensor<?x4xf32>) -> (tensor<?x?x2x4xf32>, tensor<5x2x4xf32>) {
  %0 = "dlc_graph.matmul"(%a, %m) : (tensor<?x?x2x3xf32>, tensor<3x4xf32>) -> tensor<?x?x2x4xf32>
  %1 = "dlc_graph.matmul"(%b, %n) : (tensor<5x2x?xf32>, tensor<?x4xf32>) -> tensor<5x2x4xf32>
  return %0, %1 : tensor<?x?x2x4xf32>, tensor<5x2x4xf32>
}

// -----

// A size-1 batch dim facing a larger one broadcasts: it is reshaped away and
// left out of that operand's letters. When both are 1, lhs keeps it.
// CHECK-LABEL: func.func @matmul_broadcast_batch
// CHECK-SAME: %[[A:[^:]*]]: tensor<5x1x2x3xf32>, %[[B:[^:]*]]: tensor<6x3x4xf32>, %[[C:[^:]*]]: tensor<1x2x3xf32>, %[[D:[^:]*]]: tensor<1x3x4xf32>
// CHECK: %[[A2:.*]] = "dlc_tensor.reshape"(%[[A]]) : (tensor<5x1x2x3xf32>) -> tensor<5x2x3xf32>
// CHECK: "dlc_tensor.contract"(%[[A2]], %[[B]]) {spec = "amk,bkn->abmn"} : (tensor<5x2x3xf32>, tensor<6x3x4xf32>) -> tensor<5x6x2x4xf32>
// CHECK: %[[D2:.*]] = "dlc_tensor.reshape"(%[[D]]) : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
// CHECK: "dlc_tensor.contract"(%[[C]], %[[D2]]) {spec = "amk,kn->amn"} : (tensor<1x2x3xf32>, tensor<3x4xf32>) -> tensor<1x2x4xf32>
func.func @matmul_broadcast_batch(%a: tensor<5x1x2x3xf32>, %b: tensor<6x3x4xf32>, %c: tensor<1x2x3xf32>, %d: tensor<1x3x4xf32>) -> (tensor<5x6x2x4xf32>, tensor<1x2x4xf32>) {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<5x1x2x3xf32>, tensor<6x3x4xf32>) -> tensor<5x6x2x4xf32>
  %1 = "dlc_graph.matmul"(%c, %d) : (tensor<1x2x3xf32>, tensor<1x3x4xf32>) -> tensor<1x2x4xf32>
  return %0, %1 : tensor<5x6x2x4xf32>, tensor<1x2x4xf32>
}

// -----

// The batch decision reads the operands, not the declared result, which may
// still be unknown before shape inference.
// CHECK-LABEL: func.func @matmul_batch_result_unknown
// CHECK-SAME: %[[C:[^:]*]]: tensor<1x2x3xf32>, %[[D:[^:]*]]: tensor<1x3x4xf32>
// CHECK: %[[D2:.*]] = "dlc_tensor.reshape"(%[[D]])
// CHECK: %[[Y:.*]] = "dlc_tensor.contract"(%[[C]], %[[D2]]) {spec = "amk,kn->amn"} : (tensor<1x2x3xf32>, tensor<3x4xf32>) -> tensor<1x2x4xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[Y]] : tensor<1x2x4xf32> to tensor<?x?x?xf32>
// CHECK: return %[[R]]
func.func @matmul_batch_result_unknown(%c: tensor<1x2x3xf32>, %d: tensor<1x3x4xf32>) -> tensor<?x?x?xf32> {
  %0 = "dlc_graph.matmul"(%c, %d) : (tensor<1x2x3xf32>, tensor<1x3x4xf32>) -> tensor<?x?x?xf32>
  return %0 : tensor<?x?x?xf32>
}

// -----

// A declared result more static than the operands is kept with a cast.
// CHECK-LABEL: func.func @matmul_dynamic
// CHECK: %[[Y:.*]] = "dlc_tensor.contract"{{.*}} : (tensor<?x3xf32>, tensor<3x4xf32>) -> tensor<?x4xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[Y]] : tensor<?x4xf32> to tensor<2x4xf32>
// CHECK: return %[[R]]
func.func @matmul_dynamic(%a: tensor<?x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<?x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// gemm with the defaults is one contraction; transposes only change the spec.
// CHECK-LABEL: func.func @gemm_transposes
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[AT:[^:]*]]: tensor<3x2xf32>, %[[B:[^:]*]]: tensor<3x4xf32>, %[[BT:[^:]*]]: tensor<4x3xf32>
// CHECK: "dlc_tensor.contract"(%[[A]], %[[B]]) {spec = "mk,kn->mn"}
// CHECK: "dlc_tensor.contract"(%[[AT]], %[[B]]) {spec = "km,kn->mn"}
// CHECK: "dlc_tensor.contract"(%[[A]], %[[BT]]) {spec = "mk,nk->mn"}
// CHECK: "dlc_tensor.contract"(%[[AT]], %[[BT]]) {spec = "km,nk->mn"}
// CHECK-NOT: dlc_tensor.map
func.func @gemm_transposes(%a: tensor<2x3xf32>, %at: tensor<3x2xf32>, %b: tensor<3x4xf32>, %bt: tensor<4x3xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = "dlc_graph.gemm"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %1 = "dlc_graph.gemm"(%at, %b) {trans_a = true} : (tensor<3x2xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %2 = "dlc_graph.gemm"(%a, %bt) {trans_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  %3 = "dlc_graph.gemm"(%at, %bt) {trans_a = true, trans_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// With c and beta = 1, c is added by a broadcasting map.
// CHECK-LABEL: func.func @gemm_bias
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>, %[[C:[^:]*]]: tensor<4xf32>
// CHECK: %[[P:.*]] = "dlc_tensor.contract"(%[[A]], %[[B]]) {spec = "mk,kn->mn"}
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[P]], %[[C]]) {fn = @__dlc_add_f32_f32_f32{{.*}} : (tensor<2x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
// CHECK: return %[[Y]]
// CHECK-LABEL: func.func private @__dlc_add_f32_f32_f32
// CHECK: arith.addf
func.func @gemm_bias(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "dlc_graph.gemm"(%a, %b, %c) : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// alpha scales the product, beta scales c: y = p * alpha, then y + c * beta,
// the scalars as 0-d inputs.
// CHECK-LABEL: func.func @gemm_alpha_beta
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xf32>, %[[B:[^:]*]]: tensor<3x4xf32>, %[[C:[^:]*]]: tensor<2x1xf32>
// CHECK-DAG: %[[BETA:.*]] = arith.constant dense<2.000000e+00> : tensor<f32>
// CHECK-DAG: %[[ALPHA:.*]] = arith.constant dense<5.000000e-01> : tensor<f32>
// CHECK: %[[P:.*]] = "dlc_tensor.contract"(%[[A]], %[[B]])
// CHECK: %[[S:.*]] = "dlc_tensor.map"(%[[P]], %[[ALPHA]]) {fn = @__dlc_mul_f32_f32_f32
// CHECK: %[[Y:.*]] = "dlc_tensor.map"(%[[S]], %[[C]], %[[BETA]]) {fn = @__dlc_axpy_f32_f32_f32_f32{{.*}} : (tensor<2x4xf32>, tensor<2x1xf32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK: return %[[Y]]
// CHECK-LABEL: func.func private @__dlc_mul_f32_f32_f32
// CHECK: arith.mulf
// CHECK-LABEL: func.func private @__dlc_axpy_f32_f32_f32_f32
// CHECK-SAME: (%[[YV:.*]]: f32, %[[CV:.*]]: f32, %[[BV:.*]]: f32)
// CHECK: %[[SC:.*]] = arith.mulf %[[BV]], %[[CV]]
// CHECK: arith.addf %[[YV]], %[[SC]]
func.func @gemm_alpha_beta(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %0 = "dlc_graph.gemm"(%a, %b, %c) {alpha = 0.5 : f32, beta = 2.0 : f32} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// beta = 0 ignores c.
// CHECK-LABEL: func.func @gemm_beta_zero
// CHECK: %[[P:.*]] = "dlc_tensor.contract"
// CHECK-NOT: dlc_tensor.map
// CHECK: return %[[P]]
func.func @gemm_beta_zero(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<4xf32>) -> tensor<2x4xf32> {
  %0 = "dlc_graph.gemm"(%a, %b, %c) {beta = 0.0 : f32} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Integer gemm: alpha becomes an integer 0-d constant.
// CHECK-LABEL: func.func @gemm_integer
// CHECK: %[[ALPHA:.*]] = arith.constant dense<3> : tensor<i32>
// CHECK: %[[P:.*]] = "dlc_tensor.contract"{{.*}} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
// CHECK: "dlc_tensor.map"(%[[P]], %[[ALPHA]]) {fn = @__dlc_mul_i32_i32_i32
// CHECK-LABEL: func.func private @__dlc_mul_i32_i32_i32
// CHECK: arith.muli
func.func @gemm_integer(%a: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %0 = "dlc_graph.gemm"(%a, %a) {alpha = 3.0 : f32} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}
