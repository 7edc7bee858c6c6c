// RUN: dlc-opt %s -split-input-file --dlc-stack-loop-buffers | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-stack-loop-buffers=max-bytes=32 | FileCheck %s --check-prefix=SMALL

// A static buffer of an scf.forall body becomes a stack buffer (the loop
// is an allocation scope); one over max-bytes stays malloc'd.
// CHECK-LABEL: func.func @forall
// CHECK: scf.forall
// CHECK-NEXT: %[[B:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16xf32>
// CHECK-NOT: memref.alloc()
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK-NOT: memref.dealloc
// SMALL-LABEL: func.func @forall
// SMALL: memref.alloc() {alignment = 64 : i64} : memref<16xf32>
func.func @forall(%out: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  scf.forall (%i) in (4) {
    %b = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
    memref.store %one, %b[%c0] : memref<16xf32>
    %v = memref.load %b[%c0] : memref<16xf32>
    memref.store %v, %out[%i, %c0] : memref<4x16xf32>
    memref.dealloc %b : memref<16xf32>
  }
  return
}

// -----

// Once sequential, the loop's stack buffer moves to the function's entry:
// one slot rather than new stack every iteration.
// CHECK-LABEL: func.func @sequential
// CHECK-NEXT: memref.alloca() : memref<16xf32>
// CHECK: scf.for
// CHECK-NOT: memref.alloca
func.func @sequential(%out: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    %b = memref.alloca() : memref<16xf32>
    memref.store %one, %b[%c0] : memref<16xf32>
    %v = memref.load %b[%c0] : memref<16xf32>
    memref.store %v, %out[%i, %c0] : memref<4x16xf32>
  }
  return
}

// -----

// In a parallel loop each iteration keeps its own stack buffer: one slot
// would be shared by the threads.
// CHECK-LABEL: func.func @parallel
// CHECK: scf.parallel
// CHECK: scf.for
// CHECK-NEXT: memref.alloca() : memref<16xf32>
func.func @parallel(%out: memref<4x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.for %j = %c0 to %c4 step %c1 {
      %b = memref.alloca() : memref<16xf32>
      memref.store %one, %b[%c0] : memref<16xf32>
      %v = memref.load %b[%c0] : memref<16xf32>
      memref.store %v, %out[%i, %j] : memref<4x16xf32>
    }
    scf.reduce
  }
  return
}
