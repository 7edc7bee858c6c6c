// RUN: dlc-opt %s -split-input-file --dlc-reassociate-reductions | FileCheck %s
// Named ops print their bodies in generic form only.
// RUN: dlc-opt %s -split-input-file --dlc-reassociate-reductions --mlir-print-op-generic \
// RUN:   | FileCheck %s --check-prefix=NAMED

// The accumulating op of a reduction may run in any order; the ops that
// compute the term it adds keep their flags.
// CHECK-LABEL: func.func @sum_of_squares
// CHECK: linalg.reduce
// CHECK: %[[SQ:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
// CHECK: arith.addf %[[SQ]], %{{.*}} fastmath<reassoc> : f32
func.func @sum_of_squares(%x: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.reduce ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %sq = arith.mulf %in, %in : f32
      %s = arith.addf %sq, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<4xf32>
}

// -----

// Max over a window in a linalg.generic: the output's block argument is
// what marks the accumulator, whatever the iterator types.
// CHECK-LABEL: func.func @row_max
// CHECK: arith.maximumf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
func.func @row_max(%x: tensor<4x8xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                       iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<4x8xf32>) outs(%init : tensor<4xf32>) {
    ^bb0(%in: f32, %acc: f32):
      %m = arith.maximumf %acc, %in : f32
      linalg.yield %m : f32
    } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Named contractions accumulate the same way.
// NAMED: "linalg.matmul"
// NAMED-NEXT: ^bb0
// NAMED-NEXT: %[[P:.*]] = "arith.mulf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}>
// NAMED-NEXT: "arith.addf"(%{{.*}}, %[[P]]) <{fastmath = #arith.fastmath<reassoc>}>
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %c: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x2xf32>) outs(%c : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// -----

// Elementwise ops read only inputs: nothing to reorder, nothing marked.
// Integer sums are exact in any order and have no flags.
// CHECK-LABEL: func.func @untouched
// CHECK-NOT: fastmath
// CHECK: return
func.func @untouched(%x: tensor<8xf32>, %y: tensor<8xf32>, %i: tensor<8xi32>, %init: tensor<i32>) -> (tensor<8xf32>, tensor<i32>) {
  %e = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x, %y : tensor<8xf32>, tensor<8xf32>) outs(%x : tensor<8xf32>) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
  %r = linalg.reduce { arith.addi } ins(%i : tensor<8xi32>) outs(%init : tensor<i32>) dimensions = [0]
  return %e, %r : tensor<8xf32>, tensor<i32>
}
