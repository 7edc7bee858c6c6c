// RUN: dlc-opt %s -split-input-file --dlc-keep-inner-loops=lanes=16 | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-keep-inner-loops | FileCheck %s --check-prefix=OFF
// RUN: dlc-opt %s -split-input-file --dlc-keep-inner-loops=lanes=16 --convert-scf-to-cf --convert-to-llvm | FileCheck %s --check-prefix=LLVM

// A loop of 16 channels (one vector of 16 lanes) inside a loop over
// pixels is kept from full unrolling, which would have LLVM vectorize the
// pixel loop with gathers; the annotation reaches the loop's latch branch
// in the LLVM dialect. Without `lanes`, nothing is marked.
// CHECK: #[[$UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[$HINT:.*]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
// CHECK-LABEL: func.func @channels
// CHECK: scf.for
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[$HINT]]}
// CHECK-NEXT: }
// CHECK-NEXT: return
// OFF-NOT: loop_annotation
// LLVM-LABEL: llvm.func @channels
// LLVM: llvm.br ^{{.*}} {loop_annotation = #{{.*}}}
func.func @channels(%x: memref<56x16xf32>, %s: memref<16xf32>, %y: memref<56x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c56 = arith.constant 56 : index
  scf.for %i = %c0 to %c56 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %a = memref.load %x[%i, %j] : memref<56x16xf32>
      %b = memref.load %s[%j] : memref<16xf32>
      %m = arith.mulf %a, %b : f32
      memref.store %m, %y[%i, %j] : memref<56x16xf32>
    }
  }
  return
}

// -----

// Left alone: a loop alone (nothing around it to vectorize instead), one
// of 58 (a remainder: LLVM's own choice), one of 5 vectors, a step of 2,
// and one in a nest of vector code (a schedule's).
// CHECK-LABEL: func.func @not_marked
// CHECK-NOT: loop_annotation
// CHECK: return
func.func @not_marked(%a: memref<16xf32>, %m: memref<4x58xf32>, %v: memref<4x80xf32>, %w: memref<4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c58 = arith.constant 58 : index
  %c80 = arith.constant 80 : index
  %z = arith.constant 0.0 : f32
  %zv = arith.constant dense<0.0> : vector<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %z, %a[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c58 step %c1 {
      memref.store %z, %m[%i, %j] : memref<4x58xf32>
    }
    scf.for %j = %c0 to %c80 step %c1 {
      memref.store %z, %v[%i, %j] : memref<4x80xf32>
    }
    scf.for %j = %c0 to %c32 step %c2 {
      memref.store %z, %w[%i, %j] : memref<4x32xf32>
    }
  }
  scf.for %i = %c0 to %c4 step %c1 {
    vector.transfer_write %zv, %w[%i, %c0] : vector<16xf32>, memref<4x32xf32>
    scf.for %j = %c16 to %c32 step %c1 {
      memref.store %z, %w[%i, %j] : memref<4x32xf32>
    }
  }
  return
}
