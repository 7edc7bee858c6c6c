// RUN: dlc-opt %s -split-input-file --dlc-hoist-invariant-loads | FileCheck %s

// Two views of one arena at disjoint offsets: the row's scale, read at the
// same address in every iteration, is loaded once before the loop.
// CHECK-LABEL: func.func @disjoint_views
// CHECK: scf.for %[[I:.*]] =
// CHECK-NEXT: %[[S:.*]] = memref.load %{{.*}}[%[[I]]] : memref<4xf32>
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]] : memref<4x8xf32>
// CHECK-NEXT: arith.mulf %{{.*}}, %[[S]]
func.func @disjoint_views(%x: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %arena = memref.alloc() : memref<144xi8>
  %out = memref.view %arena[%c0][] : memref<144xi8> to memref<4x8xf32>
  %scale = memref.view %arena[%c128][] : memref<144xi8> to memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %x[%i, %j] : memref<4x8xf32>
      %s = memref.load %scale[%i] : memref<4xf32>
      %p = arith.mulf %v, %s : f32
      memref.store %p, %out[%i, %j] : memref<4x8xf32>
    }
  }
  return
}

// -----

// A function argument cannot alias a buffer the function allocates.
// CHECK-LABEL: func.func @argument_and_alloc
// CHECK: %[[B:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK-NEXT: scf.for
func.func @argument_and_alloc(%bias: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %out = memref.alloc() : memref<8xf32>
  scf.for %j = %c0 to %c8 step %c1 {
    %b = memref.load %bias[] : memref<f32>
    memref.store %b, %out[%j] : memref<8xf32>
  }
  return
}

// -----

// What must stay: a load from views that overlap a store's, from two
// arguments (which may be one buffer), with an index that changes in the
// loop, from a loop that may not run, and from a loop whose body calls out.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-5: scf.for {{.*}} {
// CHECK-NEXT: memref.load
func.func private @opaque()
func.func @kept(%a: memref<8xf32>, %b: memref<8xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %arena = memref.alloc() : memref<64xi8>
  %v0 = memref.view %arena[%c0][] : memref<64xi8> to memref<8xf32>
  %v1 = memref.view %arena[%c16][] : memref<64xi8> to memref<8xf32>
  scf.for %j = %c0 to %c8 step %c1 {
    %s = memref.load %v1[%c0] : memref<8xf32>
    memref.store %s, %v0[%j] : memref<8xf32>
  }
  scf.for %j = %c0 to %c8 step %c1 {
    %s = memref.load %a[%c0] : memref<8xf32>
    memref.store %s, %b[%j] : memref<8xf32>
  }
  scf.for %j = %c0 to %c8 step %c1 {
    %s = memref.load %a[%j] : memref<8xf32>
    memref.store %s, %v0[%j] : memref<8xf32>
  }
  scf.for %j = %c0 to %n step %c1 {
    %s = memref.load %a[%c0] : memref<8xf32>
    memref.store %s, %v0[%j] : memref<8xf32>
  }
  scf.for %j = %c0 to %c8 step %c1 {
    %s = memref.load %a[%c0] : memref<8xf32>
    func.call @opaque() : () -> ()
    memref.store %s, %v0[%j] : memref<8xf32>
  }
  return
}
