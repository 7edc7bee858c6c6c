// Row groups: an elementwise op, the reductions over the innermost dims it
// reads and the elementwise ops over the same rows become one scf.forall
// over blocks of rows (schedules/rows.mlir), with no reduction, reshape
// or elementwise op of the group left outside it.
// RUN: dlc-opt %s -split-input-file --dlc-graph-to-linalg --dlc-convert-layout --dlc-fuse-elementwise --canonicalize --cse --dlc-codegen | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-graph-to-linalg --dlc-convert-layout --dlc-fuse-elementwise --canonicalize --cse --dlc-codegen=row-block=512 | FileCheck %s --check-prefix=BLOCK

// Softmax: max, exp, sum, div per block of 16 rows of 128 (2048 elements);
// the exp is computed once (cse merges its two fused copies) into the
// output's slice, which the division then overwrites.
// CHECK-LABEL: func.func @softmax
// CHECK-NOT: linalg.reduce
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (12, 8)
// CHECK: linalg.reduce { arith.maximumf } ins(%{{.*}} : tensor<1x16x128xf32>)
// CHECK: math.exp
// CHECK-NOT: math.exp
// CHECK: linalg.reduce { arith.addf } ins(%{{.*}} : tensor<1x16x128xf32>)
// CHECK: arith.divf
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.
// CHECK: return
// row-block=512: blocks of 4 rows.
// BLOCK-LABEL: func.func @softmax
// BLOCK: scf.forall (%{{.*}}, %{{.*}}) in (12, 32)
// BLOCK: linalg.reduce { arith.maximumf } ins(%{{.*}} : tensor<1x4x128xf32>)

func.func @softmax(%x: tensor<12x128x128xf32>) -> tensor<12x128x128xf32> {
  %y = "dlc_graph.softmax"(%x) {axis = -1 : i64} : (tensor<12x128x128xf32>) -> tensor<12x128x128xf32>
  return %y : tensor<12x128x128xf32>
}

// -----

// Layer norm: mean, x - mean, variance, 1 / sqrt(var + eps), scale and
// shift; 2 rows of 768 per block.
// CHECK-LABEL: func.func @layer_norm
// CHECK-NOT: linalg.reduce
// CHECK-NOT: tensor.expand_shape
// CHECK: scf.forall (%{{.*}}) in (64)
// CHECK: linalg.reduce { arith.addf } ins(%{{.*}} : tensor<2x768xf32>)
// CHECK: arith.subf
// CHECK: linalg.reduce { arith.addf } ins(%{{.*}} : tensor<2x768xf32>)
// CHECK: math.sqrt
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.
// CHECK: return

func.func @layer_norm(%x: tensor<128x768xf32>, %s: tensor<768xf32>, %b: tensor<768xf32>) -> tensor<128x768xf32> {
  %y = "dlc_graph.layer_norm"(%x, %s, %b) {axis = -1 : i64, resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<128x768xf32>, tensor<768xf32>, tensor<768xf32>) -> tensor<128x768xf32>
  return %y : tensor<128x768xf32>
}

// -----

// RMS norm as the importer decomposes it: the mean of squares is a
// reduction and a division on the reduced values (no keepdims), reshaped
// and square-rooted: all one group.
// CHECK-LABEL: func.func @rms
// CHECK-NOT: linalg.
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (2, 1)
// CHECK: arith.mulf
// CHECK: linalg.reduce { arith.addf }
// CHECK: math.sqrt
// CHECK: arith.divf
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.
// CHECK: return

func.func @rms(%x: tensor<2x32x64xf32>) -> tensor<2x32x64xf32> {
  %sq = "dlc_graph.mul"(%x, %x) : (tensor<2x32x64xf32>, tensor<2x32x64xf32>) -> tensor<2x32x64xf32>
  %m = "dlc_graph.reduce_mean"(%sq) {axes = array<i64: -1>, keepdims = true} : (tensor<2x32x64xf32>) -> tensor<2x32x1xf32>
  %r = "dlc_graph.sqrt"(%m) : (tensor<2x32x1xf32>) -> tensor<2x32x1xf32>
  %y = "dlc_graph.div"(%x, %r) : (tensor<2x32x64xf32>, tensor<2x32x1xf32>) -> tensor<2x32x64xf32>
  return %y : tensor<2x32x64xf32>
}

// -----

// Log-softmax: 6 rows of 10 are one block.
// CHECK-LABEL: func.func @log_softmax
// CHECK-NOT: linalg.reduce
// CHECK: scf.forall (%{{.*}}) in (1)
// CHECK: linalg.reduce { arith.maximumf }
// CHECK: linalg.reduce { arith.addf }
// CHECK: math.log
// CHECK: scf.forall.in_parallel

func.func @log_softmax(%x: tensor<6x10xf32>) -> tensor<6x10xf32> {
  %y = "dlc_graph.log_softmax"(%x) {axis = -1 : i64} : (tensor<6x10xf32>) -> tensor<6x10xf32>
  return %y : tensor<6x10xf32>
}

// -----

// Softmax over a middle axis reduces no row: no group.
// CHECK-LABEL: func.func @softmax_axis1
// CHECK-NOT: scf.forall
// CHECK: linalg.reduce { arith.maximumf }
// CHECK-NOT: scf.forall
// CHECK: return

func.func @softmax_axis1(%x: tensor<4x16x8xf32>) -> tensor<4x16x8xf32> {
  %y = "dlc_graph.softmax"(%x) {axis = 1 : i64} : (tensor<4x16x8xf32>) -> tensor<4x16x8xf32>
  return %y : tensor<4x16x8xf32>
}

// -----

// The row maxima read transposed (row j of the output reads the max of row
// i) are another row space: no group, the reduction stays whole.
// CHECK-LABEL: func.func @transposed_read
// CHECK-NOT: scf.forall
// CHECK: linalg.reduce { arith.maximumf } ins(%{{.*}} : tensor<8x8xf32>)
// CHECK: tensor.expand_shape
// CHECK-NOT: scf.forall
// CHECK: return

#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, 0)>
func.func @transposed_read(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %lowest = arith.constant 0xFF800000 : f32
  %e = tensor.empty() : tensor<8xf32>
  %init = linalg.fill ins(%lowest : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %max = linalg.reduce { arith.maximumf } ins(%x : tensor<8x8xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
  %m = tensor.expand_shape %max [[0, 1]] output_shape [8, 1] : tensor<8xf32> into tensor<8x1xf32>
  %o = tensor.empty() : tensor<8x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #tr, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<8x8xf32>, tensor<8x1xf32>) outs(%o : tensor<8x8xf32>) {
  ^bb0(%a: f32, %b: f32, %c: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  } -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}

// -----

// The row maxima are a result too: the max stays outside, computed once,
// and the group is the rest (exp, sum, div), reading it in slices.
// CHECK-LABEL: func.func @max_escapes
// CHECK: %[[MAX:.*]] = linalg.reduce { arith.maximumf } ins(%{{.*}} : tensor<4x16xf32>)
// CHECK: %[[M:.*]] = tensor.expand_shape %[[MAX]]
// CHECK: scf.forall
// CHECK: tensor.extract_slice %[[M]]
// CHECK: math.exp
// CHECK: linalg.reduce { arith.addf }
// CHECK-NOT: arith.maximumf
// CHECK: scf.forall.in_parallel
// CHECK: return %{{.*}}, %[[M]]

func.func @max_escapes(%x: tensor<4x16xf32>) -> (tensor<4x16xf32>, tensor<4x1xf32>) {
  %m = "dlc_graph.reduce_max"(%x) {axes = array<i64: -1>, keepdims = true} : (tensor<4x16xf32>) -> tensor<4x1xf32>
  %d = "dlc_graph.sub"(%x, %m) : (tensor<4x16xf32>, tensor<4x1xf32>) -> tensor<4x16xf32>
  %e = "dlc_graph.exp"(%d) : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %s = "dlc_graph.reduce_sum"(%e) {axes = array<i64: -1>, keepdims = true} : (tensor<4x16xf32>) -> tensor<4x1xf32>
  %y = "dlc_graph.div"(%e, %s) : (tensor<4x16xf32>, tensor<4x1xf32>) -> tensor<4x16xf32>
  return %y, %m : tensor<4x16xf32>, tensor<4x1xf32>
}

// -----

// A batch known at run time (the outer dim `?`): the rows' loop tiles the
// static dims as for a static batch and takes the batch one at a time
// (32 rows of 64 are one block); each member's buffer is allocated once,
// outside the loop, of the run-time size.
// CHECK-LABEL: func.func @layer_norm_dynamic_batch
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x32x64xf32>
// CHECK-NOT: linalg.reduce
// CHECK: %[[N:.*]] = tensor.dim %[[X]], %c0
// CHECK: bufferization.alloc_tensor(%[[N]]) : tensor<?x32xf32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (%{{.*}}, 1)
// CHECK: linalg.reduce { arith.addf } ins(%{{.*}} : tensor<1x32x64xf32>)
// CHECK: math.sqrt
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.
// CHECK: return
// BLOCK-LABEL: func.func @layer_norm_dynamic_batch
// BLOCK: scf.forall (%{{.*}}, %{{.*}}) in (%{{.*}}, 4)
// BLOCK: linalg.reduce { arith.addf } ins(%{{.*}} : tensor<1x8x64xf32>)

func.func @layer_norm_dynamic_batch(%x: tensor<?x32x64xf32>, %s: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<?x32x64xf32> {
  %y = "dlc_graph.layer_norm"(%x, %s, %b) {axis = -1 : i64, resultSegmentSizes = array<i32: 1, 0, 0>} : (tensor<?x32x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x32x64xf32>
  return %y : tensor<?x32x64xf32>
}
