// RUN: dlc-opt %s -split-input-file --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-codegen{matmul-tiles=4,8,4,4,8}, dlc-prepack-constants, canonicalize)' | FileCheck %s

// A constant B (6x10, tiles of 4 x 8) becomes one constant of 2 x 2 tiles,
// zero-padded, and the schedule reads each tile as a slice of it: no pad,
// no copy at run time, the original constant gone.
// CHECK-LABEL: func.func @packed
// CHECK-DAG: %[[P:.*]] = arith.constant dense_resource<dlc_prepacked> : tensor<2x2x4x8xf32>
// CHECK-NOT: tensor<6x10xf32>
// CHECK: scf.forall (%[[J:.*]]) in (2)
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// Only A, computed at run time, is still packed (padded) per tile: the
// whole rows' tile, then the last row's.
// CHECK: tensor.pad %{{.*}} nofold
// CHECK: } : tensor<4x?xf32> to tensor<4x4xf32>
// CHECK: %[[KT:.*]] = affine.apply #{{.*}}(%[[K]])
// CHECK: tensor.extract_slice %[[P]][%[[KT]], %[[J]], 0, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<2x2x4x8xf32> to tensor<4x8xf32>
// CHECK: tensor.pad %{{.*}} nofold
// CHECK: } : tensor<1x?xf32> to tensor<4x4xf32>
// CHECK-NOT: tensor.pad {{.*}} nofold
// Tile (0, 1) after tile (0, 0): row 0 is B[0][8..9] = 8.0, 9.0 and six
// zeros, row 1 B[1][8..9] = 18.0, 19.0 (little-endian f32).
// CHECK: dlc_prepacked: "0x40000000
// CHECK-SAME: 0000004100001041000000000000000000000000000000000000000000000000000090410000984100
func.func @packed(%a: tensor<5x6xf32>) -> tensor<5x10xf32> {
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0], [30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0], [40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0], [50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0]]> : tensor<6x10xf32>
  %m = "dlc_graph.matmul"(%a, %b) : (tensor<5x6xf32>, tensor<6x10xf32>) -> tensor<5x10xf32>
  return %m : tensor<5x10xf32>
}

// -----

// B computed at run time (an argument) is packed per tile at run time.
// CHECK-LABEL: func.func @dynamic
// CHECK-NOT: dlc_prepacked
// CHECK: tensor.pad %{{.*}} nofold
// CHECK: } : tensor<?x?xf32> to tensor<4x8xf32>
func.func @dynamic(%a: tensor<5x6xf32>, %b: tensor<6x10xf32>) -> tensor<5x10xf32> {
  %m = "dlc_graph.matmul"(%a, %b) : (tensor<5x6xf32>, tensor<6x10xf32>) -> tensor<5x10xf32>
  return %m : tensor<5x10xf32>
}

// -----

// A constant also read as it is (here returned) stays as it is: a packed
// copy beside it would keep the weights twice.
// CHECK-LABEL: func.func @read_twice
// CHECK-NOT: dlc_prepacked
// CHECK: tensor.pad %{{.*}} nofold
// CHECK: } : tensor<?x?xf32> to tensor<4x8xf32>
func.func @read_twice(%a: tensor<5x6xf32>) -> (tensor<5x10xf32>, tensor<6x10xf32>) {
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0], [10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0], [30.0, 31.0, 32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0], [40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0], [50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0]]> : tensor<6x10xf32>
  %m = "dlc_graph.matmul"(%a, %b) : (tensor<5x6xf32>, tensor<6x10xf32>) -> tensor<5x10xf32>
  return %m, %b : tensor<5x10xf32>, tensor<6x10xf32>
}
