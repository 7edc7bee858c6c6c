// A user's library replaces DLC's @dlc_matmul (same signature); here it
// only tiles, so no vector code appears.
// RUN: dlc-opt %s --dlc-codegen='schedules=%S/Inputs/tile-only.mlir' | FileCheck %s
// CHECK-LABEL: func.func @matmul
// CHECK: scf.for
// CHECK: linalg.matmul {{.*}} tensor<4x4xf32>
// CHECK-NOT: vector.
func.func @matmul(%a: tensor<8x8xf32>, %init: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %y = linalg.matmul ins(%a, %a : tensor<8x8xf32>, tensor<8x8xf32>) outs(%init : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}
