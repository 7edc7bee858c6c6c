// A user's library may declare one of DLC's sequences and include it, as
// DLC's own files do: rows in tiles of 3, the last tile (rows 6 to 8)
// peeled off by DLC's @dlc_peel into a loop of its own. The declaration
// once hid DLC's definition ("unresolved external named sequence").
// RUN: dlc-opt %s --dlc-codegen='schedules=%S/Inputs/tile-and-peel.mlir' | FileCheck %s
// CHECK-LABEL: func.func @matmul
// CHECK: scf.for %{{.*}} = %c0 to %c6 step %c3
// CHECK:   linalg.matmul
// CHECK: scf.for %{{.*}} = %c6 to %c8 step %c3
// CHECK:   linalg.matmul
func.func @matmul(%a: tensor<8x8xf32>, %init: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %y = linalg.matmul ins(%a, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}
