// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-codegen{matmul-tiles=4,16,4,4,8}, dlc-prepack-constants, canonicalize)' | FileCheck %s

// A packed tile of B (4 x 16) that the register tiles read as two panels
// of 8 columns is laid out panel by panel: tile (k, n) is 2 x 4 x 8, each
// panel contiguous, and each register tile's slice of the tile becomes a
// slice of its panel (the column offset / 8).
// CHECK-LABEL: func.func @panels
// CHECK-NOT: tensor<2x1x4x16xf32>
// CHECK: %[[P:.*]] = arith.constant dense_resource<dlc_prepacked> : tensor<2x1x2x4x8xf32>
// CHECK: scf.for %[[J:.*]] = %c0 to %c16 step %c8 iter_args
// CHECK: %[[Q:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK: tensor.extract_slice %[[P]][%{{.*}}, 0, %[[Q]], 0, 0] [1, 1, 1, 4, 8] [1, 1, 1, 1, 1] : tensor<2x1x2x4x8xf32> to tensor<4x8xf32>
// Tile (0, 0), panel 0: B[0][0..7] = 0..7, then B[1][0..7] = 16..23 (f32,
// little-endian), not B[0][8..15].
// CHECK: dlc_prepacked: "0x40000000
// CHECK-SAME: 000000000000803F0000004000004040000080400000A0400000C0400000E040
// CHECK-SAME: 0000804100008841000090410000984100
func.func @panels(%a: tensor<5x6xf32>) -> tensor<5x16xf32> {
  %b = arith.constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0], [48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0], [64.0, 65.0, 66.0, 67.0, 68.0, 69.0, 70.0, 71.0, 72.0, 73.0, 74.0, 75.0, 76.0, 77.0, 78.0, 79.0], [80.0, 81.0, 82.0, 83.0, 84.0, 85.0, 86.0, 87.0, 88.0, 89.0, 90.0, 91.0, 92.0, 93.0, 94.0, 95.0]]> : tensor<6x16xf32>
  %m = "dlc_graph.matmul"(%a, %b) : (tensor<5x6xf32>, tensor<6x16xf32>) -> tensor<5x16xf32>
  return %m : tensor<5x16xf32>
}
