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
// FIXED: } : tensor<?x?xf32> to tensor<8x4xf32>
// FIXED: vector.outerproduct {{.*}} : vector<2xf32>, vector<8xf32>
func.func @odd(%a: tensor<127x255xf32>, %b: tensor<255x511xf32>) -> tensor<127x511xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<127x511xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<127x511xf32>) -> tensor<127x511xf32>
  %y = linalg.matmul ins(%a, %b : tensor<127x255xf32>, tensor<255x511xf32>) outs(%init : tensor<127x511xf32>) -> tensor<127x511xf32>
  return %y : tensor<127x511xf32>
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

// Left to the loop lowering: other element types, dynamic and empty shapes.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: vector.
// CHECK: linalg.matmul {{.*}} tensor<4x4xf64>
// CHECK: linalg.matmul {{.*}} tensor<?x4xf32>
// CHECK: linalg.matmul {{.*}} tensor<0x4xf32>
func.func @left_alone(%a: tensor<4x4xf64>, %b: tensor<?x4xf32>, %c: tensor<4x4xf32>, %d: tensor<0x4xf32>, %e: tensor<0x4xf32>)
    -> (tensor<4x4xf64>, tensor<?x4xf32>, tensor<0x4xf32>) {
  %0 = linalg.matmul ins(%a, %a : tensor<4x4xf64>, tensor<4x4xf64>) outs(%a : tensor<4x4xf64>) -> tensor<4x4xf64>
  %1 = linalg.matmul ins(%b, %c : tensor<?x4xf32>, tensor<4x4xf32>) outs(%b : tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = linalg.matmul ins(%d, %c : tensor<0x4xf32>, tensor<4x4xf32>) outs(%e : tensor<0x4xf32>) -> tensor<0x4xf32>
  return %0, %1, %2 : tensor<4x4xf64>, tensor<?x4xf32>, tensor<0x4xf32>
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
