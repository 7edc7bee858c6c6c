// RUN: dlc-opt %s -split-input-file --dlc-prefetch-panels | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-prefetch-panels --dlc-prefetch-panels | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-loops-to-llvm | FileCheck %s --check-prefix=LLVM

// A product's loops as the matmul schedule leaves them: panels of B (8 x
// 16, prepacked in a constant) read by 2 register tiles of rows, each over
// 8 steps of k. Each step prefetches, to L2, 8 of the 128 elements of the
// next panel (128 / (2 tiles x 8 steps)): the 16 steps cover it once.
// Indices are clamped to the constant's last element (the last panel's
// next is past its end).
// CHECK-LABEL: func.func @panels
// CHECK: %[[PANEL:.*]] = memref.subview
// CHECK: %{{.*}}, %[[OFFSET:.*]], %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[PANEL]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[OFFSET]], %c128
// CHECK: scf.for %[[I:.*]] = %c0 to %c4 step %c2
// CHECK: scf.for %[[K:.*]] = %c0 to %c8 step %c1
// CHECK: %[[TILE:.*]] = arith.divui %[[I]], %c2
// CHECK: %[[T8:.*]] = arith.muli %[[TILE]], %c8
// CHECK: %[[POS:.*]] = arith.addi %[[T8]], %[[K]]
// CHECK: %[[SHIFT:.*]] = arith.muli %[[POS]], %c8
// CHECK: %[[AT:.*]] = arith.addi %[[NEXT]], %[[SHIFT]]
// CHECK: %[[CLAMPED:.*]] = arith.minui %[[AT]], %c255
// CHECK: memref.prefetch %[[B:.*]][%[[CLAMPED]]], read, locality<2>, data : memref<256xf32>
// CHECK-NEXT: vector.transfer_read
// CHECK-NOT: memref.prefetch
// A second run adds none (dlc-loops-to-llvm after dlc-linalg-to-loops runs
// it again); the LLVM dialect's prefetch reads to L2 (hint 2).
// LLVM-LABEL: llvm.func @panels
// LLVM: "llvm.intr.prefetch"(%{{.*}}) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// LLVM-NOT: llvm.intr.prefetch
// LLVM-LABEL: llvm.func @not_prefetched
// LLVM-NOT: llvm.intr.prefetch
memref.global "private" constant @b : memref<256xf32> = dense<1.0>
func.func @panels(%a: memref<4x8xf32>, %c: memref<4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %pad = arith.constant 0.0 : f32
  %g = memref.get_global @b : memref<256xf32>
  %b = memref.expand_shape %g [[0, 1, 2]] output_shape [2, 8, 16] : memref<256xf32> into memref<2x8x16xf32>
  scf.for %j = %c0 to %c2 step %c1 {
    %panel = memref.subview %b[%j, 0, 0] [1, 8, 16] [1, 1, 1]
        : memref<2x8x16xf32> to memref<8x16xf32, strided<[16, 1], offset: ?>>
    %n = arith.muli %j, %c16 : index
    scf.for %i = %c0 to %c4 step %c2 {
      %init = vector.transfer_read %c[%i, %n], %pad {in_bounds = [true]} : memref<4x32xf32>, vector<16xf32>
      %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (vector<16xf32>) {
        %row = memref.subview %panel[%k, 0] [1, 16] [1, 1]
            : memref<8x16xf32, strided<[16, 1], offset: ?>> to memref<1x16xf32, strided<[16, 1], offset: ?>>
        %v = vector.transfer_read %row[%c0, %c0], %pad {in_bounds = [true]}
            : memref<1x16xf32, strided<[16, 1], offset: ?>>, vector<16xf32>
        %x = memref.load %a[%i, %k] : memref<4x8xf32>
        %xs = vector.broadcast %x : f32 to vector<16xf32>
        %f = vector.fma %xs, %v, %acc : vector<16xf32>
        scf.yield %f : vector<16xf32>
      }
      vector.transfer_write %sum, %c[%i, %n] {in_bounds = [true]} : vector<16xf32>, memref<4x32xf32>
    }
  }
  return
}

// -----

// Left alone: B computed at run time (an argument: in cache, just packed),
// a single tile of rows (nothing to spread the fetch over), and a panel
// that the tile loop moves (each tile its own).
// CHECK-LABEL: func.func @not_prefetched
// CHECK-NOT: memref.prefetch
// CHECK: return
memref.global "private" constant @w : memref<256xf32> = dense<1.0>
func.func @not_prefetched(%arg: memref<8x16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %pad = arith.constant 0.0 : f32
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %g = memref.get_global @w : memref<256xf32>
  %w = memref.expand_shape %g [[0, 1, 2]] output_shape [2, 8, 16] : memref<256xf32> into memref<2x8x16xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %v = vector.transfer_read %arg[%k, %c0], %pad {in_bounds = [true]} : memref<8x16xf32>, vector<16xf32>
      %f = arith.addf %acc, %v : vector<16xf32>
      scf.yield %f : vector<16xf32>
    }
    vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  }
  %panel = memref.subview %w[0, 0, 0] [1, 8, 16] [1, 1, 1]
      : memref<2x8x16xf32> to memref<8x16xf32, strided<[16, 1]>>
  scf.for %i = %c0 to %c1 step %c1 {
    %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %v = vector.transfer_read %panel[%k, %c0], %pad {in_bounds = [true]} : memref<8x16xf32, strided<[16, 1]>>, vector<16xf32>
      %f = arith.addf %acc, %v : vector<16xf32>
      scf.yield %f : vector<16xf32>
    }
    vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  }
  scf.for %i = %c0 to %c2 step %c1 {
    %moved = memref.subview %w[%i, 0, 0] [1, 8, 16] [1, 1, 1]
        : memref<2x8x16xf32> to memref<8x16xf32, strided<[16, 1], offset: ?>>
    %s = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      %v = vector.transfer_read %moved[%k, %c0], %pad {in_bounds = [true]} : memref<8x16xf32, strided<[16, 1], offset: ?>>, vector<16xf32>
      %f = arith.addf %acc, %v : vector<16xf32>
      scf.yield %f : vector<16xf32>
    }
    vector.transfer_write %s, %out[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  }
  return
}
