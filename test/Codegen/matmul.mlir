// RUN: dlc-opt %s -split-input-file --dlc-codegen | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-codegen='matmul-tiles=8,16,4,2,8' | FileCheck %s --check-prefix=FIXED
// RUN: dlc-opt %s -split-input-file --dlc-codegen=threads=2 | FileCheck %s --check-prefix=THREADS

// A matmul becomes loops around packed, zero-padded blocks (tensor.pad
// nofold: a copy) and a k loop of vector outer products carrying the
// accumulators; 127 x 255 x 511 divides no tile.
// CHECK-LABEL: func.func @odd
// CHECK-NOT: linalg.matmul
// CHECK: scf.for
// CHECK: tensor.pad {{.*}} nofold
// CHECK: scf.for {{.*}} -> (vector<{{[0-9]+}}x{{[0-9]+}}xf32>)
// CHECK: vector.outerproduct
// CHECK-NOT: linalg.matmul
// FIXED-LABEL: func.func @odd
// FIXED: } : tensor<?x?xf32> to tensor<4x16xf32>
// FIXED: } : tensor<8x?xf32> to tensor<8x4xf32>
// FIXED: vector.outerproduct {{.*}} : vector<2xf32>, vector<8xf32>
func.func @odd(%a: tensor<127x255xf32>, %b: tensor<255x511xf32>) -> tensor<127x511xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<127x511xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<127x511xf32>) -> tensor<127x511xf32>
  %y = linalg.matmul ins(%a, %b : tensor<127x255xf32>, tensor<255x511xf32>) outs(%init : tensor<127x511xf32>) -> tensor<127x511xf32>
  return %y : tensor<127x511xf32>
}

// -----

// K up to 1024 is one tile: each register tile's k loop runs over all of
// K, with no loop over K tiles around it (with tiles of at most 768, K =
// 1000 took two of 500).
// CHECK-LABEL: func.func @long_k
// CHECK-NOT: step %c500
// CHECK: scf.for {{.*}} = %c0 to %c1000 step %c1 iter_args({{.*}}) -> (vector<
// CHECK-NOT: step %c500
func.func @long_k(%a: tensor<16x1000xf32>, %b: tensor<1000x32xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<16x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<16x32xf32>) -> tensor<16x32xf32>
  %y = linalg.matmul ins(%a, %b : tensor<16x1000xf32>, tensor<1000x32xf32>) outs(%init : tensor<16x32xf32>) -> tensor<16x32xf32>
  return %y : tensor<16x32xf32>
}

// -----

// Batched: one matmul schedule per batch element.
// CHECK-LABEL: func.func @batched
// CHECK-NOT: linalg.batch_matmul
// CHECK: vector.outerproduct
func.func @batched(%a: tensor<3x16x8xf32>, %b: tensor<3x8x32xf32>, %init: tensor<3x16x32xf32>) -> tensor<3x16x32xf32> {
  %y = linalg.batch_matmul ins(%a, %b : tensor<3x16x8xf32>, tensor<3x8x32xf32>) outs(%init : tensor<3x16x32xf32>) -> tensor<3x16x32xf32>
  return %y : tensor<3x16x32xf32>
}

// -----

// Left to the loop lowering: other element types, a dynamic K or N (no
// static tile of B to pack) and empty shapes.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: vector.
// CHECK: linalg.matmul {{.*}} tensor<4x4xf64>
// CHECK: linalg.matmul {{.*}} tensor<4x?xf32>
// CHECK: linalg.matmul {{.*}} tensor<0x4xf32>
func.func @left_alone(%a: tensor<4x4xf64>, %b: tensor<4x?xf32>, %c: tensor<4x4xf32>, %d: tensor<0x4xf32>, %e: tensor<0x4xf32>, %f: tensor<?x?xf32>)
    -> (tensor<4x4xf64>, tensor<4x?xf32>, tensor<0x4xf32>) {
  %0 = linalg.matmul ins(%a, %a : tensor<4x4xf64>, tensor<4x4xf64>) outs(%a : tensor<4x4xf64>) -> tensor<4x4xf64>
  %1 = linalg.matmul ins(%c, %b : tensor<4x4xf32>, tensor<4x?xf32>) outs(%b : tensor<4x?xf32>) -> tensor<4x?xf32>
  %2 = linalg.matmul ins(%d, %c : tensor<0x4xf32>, tensor<4x4xf32>) outs(%e : tensor<0x4xf32>) -> tensor<0x4xf32>
  return %0, %1, %2 : tensor<4x4xf64>, tensor<4x?xf32>, tensor<0x4xf32>
}

// -----

// Rows known at run time (a batch folded into them): tiles of rm rows
// (the register tile's), whole ones up to the last multiple of rm, then a
// loop of at most one tile, zero-padded to a whole one like a static
// partial tile, so one compiled nest takes any row count; N and K keep
// their static tiles, B its packing (one column block here).
// CHECK-LABEL: func.func @dynamic_rows
// CHECK-SAME: %[[A:[^:]*]]: tensor<?x64xf32>
// CHECK: %[[M:.*]] = tensor.dim %[[A]], %c0
// CHECK: %[[WHOLE:.*]] = affine.apply #{{.*}}()[%[[M]]]
// CHECK: tensor.pad %{{.*}} nofold low[0, 0] high[0, 0]
// CHECK: scf.for %{{.*}} = %c0 to %[[WHOLE]] step %c8
// CHECK: tensor.pad %{{.*}} nofold low[0, 0] high[0, 0] {
// CHECK: } : tensor<8x64xf32> to tensor<8x64xf32>
// CHECK: vector.outerproduct
// CHECK: scf.for %{{.*}} = %[[WHOLE]] to %[[M]] step %c8
// CHECK: tensor.pad %{{.*}} nofold low[0, 0] high[%{{.*}}, 0] {
// CHECK: } : tensor<?x64xf32> to tensor<8x64xf32>
// CHECK: vector.outerproduct
func.func @dynamic_rows(%a: tensor<?x64xf32>, %b: tensor<64x32xf32>, %init: tensor<?x32xf32>) -> tensor<?x32xf32> {
  %y = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x32xf32>) outs(%init : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %y : tensor<?x32xf32>
}

// -----

// A batch known at run time: the batch loop is the scf.forall's (tiled by
// 1), each product the static schedule.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-SAME: %[[A:[^:]*]]: tensor<?x16x8xf32>
// CHECK: %[[B:.*]] = tensor.dim %[[A]], %c0
// CHECK: scf.forall (%{{.*}}) in (%[[B]])
// CHECK: vector.outerproduct
func.func @dynamic_batch(%a: tensor<?x16x8xf32>, %b: tensor<?x8x32xf32>, %init: tensor<?x16x32xf32>) -> tensor<?x16x32xf32> {
  %y = linalg.batch_matmul ins(%a, %b : tensor<?x16x8xf32>, tensor<?x8x32xf32>) outs(%init : tensor<?x16x32xf32>) -> tensor<?x16x32xf32>
  return %y : tensor<?x16x32xf32>
}

// -----

// 256 columns are one block of the nominal 256: with threads=2 the blocks
// narrow to 128, so each thread gets one (on one thread the loop over one
// block is gone).
// CHECK-LABEL: func.func @shared_columns
// CHECK-NOT: scf.forall
// CHECK: return
// THREADS-LABEL: func.func @shared_columns
// THREADS: scf.forall (%{{.*}}) in (2)
func.func @shared_columns(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %y = linalg.matmul ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>) outs(%init : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %y : tensor<256x256xf32>
}

// -----

// A matmul and its epilogue (a bias add and relu reading it in place) are
// one group: the epilogue's column blocks are the scf.forall, the zero
// fill and the product fused into each, and the epilogue runs in place on
// the block the product left in its destination (here its last rows, 63
// of 127, are a loop of their own, peeled).
// CHECK-LABEL: func.func @fused
// CHECK: scf.forall {{.*}} shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK: %[[DEST:.*]] = tensor.extract_slice %[[OUT]]
// CHECK: linalg.fill {{.*}} outs(%[[DEST]] :
// CHECK: vector.outerproduct
// CHECK: %[[BLOCK:.*]] = tensor.insert_slice %{{.*}} : tensor<63x?xf32> into tensor<127x?xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[BLOCK]] : {{.*}}) outs(%[[BLOCK]] :
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.generic
func.func @fused(%a: tensor<127x255xf32>, %b: tensor<255x1021xf32>, %bias: tensor<1021xf32>) -> tensor<127x1021xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<127x1021xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<127x1021xf32>) -> tensor<127x1021xf32>
  %y = linalg.matmul ins(%a, %b : tensor<127x255xf32>, tensor<255x1021xf32>) outs(%init : tensor<127x1021xf32>) -> tensor<127x1021xf32>
  %e2 = tensor.empty() : tensor<127x1021xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%bias, %y : tensor<1021xf32>, tensor<127x1021xf32>) outs(%e2 : tensor<127x1021xf32>) {
  ^bb0(%c: f32, %x: f32, %o: f32):
    %s = arith.addf %x, %c : f32
    %m = arith.maximumf %s, %zero : f32
    linalg.yield %m : f32
  } -> tensor<127x1021xf32>
  return %r : tensor<127x1021xf32>
}

// -----

// A product over a batch dim, expanded back for its epilogue (read with 0
// along the unit batch dim): the epilogue is rewritten over the product's
// dims (its residual operand collapsed the same way), fused, and its result
// expanded after the group.
// CHECK-LABEL: func.func @through_reshape
// CHECK: tensor.collapse_shape %arg2 {{\[\[}}0, 1], [2]] : tensor<1x33x96xf32> into tensor<33x96xf32>
// CHECK: scf.for
// CHECK: vector.outerproduct
// CHECK: %[[P:.*]] = linalg.copy
// CHECK: linalg.generic {{.*}} ins(%[[P]], %{{.*}} : tensor<33x96xf32>, tensor<33x96xf32>) outs(%[[P]] :
// CHECK: tensor.expand_shape {{.*}} into tensor<1x33x96xf32>
// CHECK-NOT: linalg.generic
func.func @through_reshape(%a: tensor<33x64xf32>, %b: tensor<64x96xf32>, %res: tensor<1x33x96xf32>) -> tensor<1x33x96xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<33x96xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<33x96xf32>) -> tensor<33x96xf32>
  %y = linalg.matmul ins(%a, %b : tensor<33x64xf32>, tensor<64x96xf32>) outs(%init : tensor<33x96xf32>) -> tensor<33x96xf32>
  %x = tensor.expand_shape %y [[0, 1], [2]] output_shape [1, 33, 96] : tensor<33x96xf32> into tensor<1x33x96xf32>
  %e2 = tensor.empty() : tensor<1x33x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (0, j, k)>, affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %res : tensor<1x33x96xf32>, tensor<1x33x96xf32>) outs(%e2 : tensor<1x33x96xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<1x33x96xf32>
  return %r : tensor<1x33x96xf32>
}

// -----

// Not an epilogue: a consumer reading the product transposed (its tiles
// are not the product's), and one reading a split dim alone (the reshape's
// group is not read whole, so the consumer keeps its dims).
// CHECK-LABEL: func.func @not_fused
// CHECK: vector.outerproduct
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<16x32xf32>)
// CHECK-LABEL: func.func @split_dim_read
// CHECK: tensor.expand_shape
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x16x32xf32>, tensor<16xf32>)
func.func @not_fused(%a: tensor<32x8xf32>, %b: tensor<8x16xf32>) -> tensor<16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32x16xf32>) -> tensor<32x16xf32>
  %y = linalg.matmul ins(%a, %b : tensor<32x8xf32>, tensor<8x16xf32>) outs(%init : tensor<32x16xf32>) -> tensor<32x16xf32>
  %e2 = tensor.empty() : tensor<16x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<32x16xf32>) outs(%e2 : tensor<16x32xf32>) {
  ^bb0(%p: f32, %o: f32):
    linalg.yield %p : f32
  } -> tensor<16x32xf32>
  return %r : tensor<16x32xf32>
}
func.func @split_dim_read(%a: tensor<32x8xf32>, %b: tensor<8x32xf32>, %s: tensor<16xf32>) -> tensor<2x16x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<32x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
  %y = linalg.matmul ins(%a, %b : tensor<32x8xf32>, tensor<8x32xf32>) outs(%init : tensor<32x32xf32>) -> tensor<32x32xf32>
  %x = tensor.expand_shape %y [[0, 1], [2]] output_shape [2, 16, 32] : tensor<32x32xf32> into tensor<2x16x32xf32>
  %e2 = tensor.empty() : tensor<2x16x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (j)>, affine_map<(i, j, k) -> (i, j, k)>], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<2x16x32xf32>, tensor<16xf32>) outs(%e2 : tensor<2x16x32xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    linalg.yield %m : f32
  } -> tensor<2x16x32xf32>
  return %r : tensor<2x16x32xf32>
}
