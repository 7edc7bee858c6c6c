// RUN: dlc-opt %s -split-input-file --dlc-plan-memory | FileCheck %s
// A smaller minimum alignment packs buffers closer.
// RUN: dlc-opt %s -split-input-file --dlc-plan-memory=alignment=16 | FileCheck %s --check-prefix=A16
// The alignment must be a power of two.
// RUN: not dlc-opt %s --dlc-plan-memory=alignment=48 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: dlc-plan-memory: alignment must be a power of two, got 48
// The records stay on the functions down to the LLVM dialect.
// RUN: dlc-opt %s -split-input-file --dlc-plan-memory --convert-scf-to-cf --expand-strided-metadata --finalize-memref-to-llvm --convert-arith-to-llvm --convert-func-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

// Two buffers whose lifetimes do not overlap share offset 0 of one arena;
// their deallocs go, the arena is freed before the return. The deallocs'
// positions do not matter (the deallocation pipeline frees at the end of
// the block): a buffer is live until its last use.
// CHECK-LABEL: func.func @disjoint
// CHECK-SAME: (%[[IN:.*]]: memref<16xf32>, %[[OUT:.*]]: memref<16xf32>)
// CHECK-SAME: attributes {dlc.intermediate_bytes_unplanned = 128 : i64, dlc.peak_intermediate_bytes = 64 : i64}
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, dlc.arena} : memref<64xi8>
// CHECK-NEXT: %[[O:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[A:.*]] = memref.view %[[ARENA]][%[[O]]][] : memref<64xi8> to memref<16xf32>
// CHECK-NEXT: memref.copy %[[IN]], %[[A]]
// CHECK-NEXT: memref.copy %[[A]], %[[OUT]]
// CHECK-NEXT: %[[B:.*]] = memref.view %[[ARENA]][%[[O]]][] : memref<64xi8> to memref<4x4xf32>
// CHECK-NEXT: %[[BV:.*]] = memref.collapse_shape %[[B]]
// CHECK-NEXT: memref.copy %[[OUT]], %[[BV]]
// CHECK-NEXT: memref.copy %[[BV]], %[[IN]]
// CHECK-NEXT: memref.dealloc %[[ARENA]] : memref<64xi8>
// CHECK-NEXT: return
// LLVM-LABEL: llvm.func @disjoint
// LLVM-SAME: dlc.intermediate_bytes_unplanned = 128 : i64, dlc.peak_intermediate_bytes = 64 : i64
func.func @disjoint(%in: memref<16xf32>, %out: memref<16xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  %b = memref.alloc() : memref<4x4xf32>
  %v = memref.collapse_shape %b [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  memref.copy %out, %v : memref<16xf32> to memref<16xf32>
  memref.copy %v, %in : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<4x4xf32>
  return
}

// -----

// Buffers live at the same time get disjoint offsets, the larger one
// first, the smaller at the next multiple of the alignment (64; 16 with
// alignment=16) after it. Without reuse the sum is what the buffers take.
// CHECK-LABEL: func.func @overlapping
// CHECK-SAME: attributes {dlc.intermediate_bytes_unplanned = 104 : i64, dlc.peak_intermediate_bytes = 152 : i64}
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, dlc.arena} : memref<152xi8>
// CHECK-NEXT: %[[OB:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[OS:.*]] = arith.constant 128 : index
// CHECK: %[[SMALL:.*]] = memref.view %[[ARENA]][%[[OS]]][] : memref<152xi8> to memref<6xf32>
// CHECK-NEXT: %[[BIG:.*]] = memref.view %[[ARENA]][%[[OB]]][] : memref<152xi8> to memref<20xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[BIG]] : memref<20xf32>)
// CHECK: memref.copy %[[SMALL]], %{{.*}} : memref<6xf32> to memref<6xf32, strided<[1]>>
// A16-LABEL: func.func @overlapping
// A16-SAME: dlc.peak_intermediate_bytes = 104 : i64
// A16-NEXT: memref.alloc() {alignment = 16 : i64, dlc.arena} : memref<104xi8>
// A16-NEXT: arith.constant 0 : index
// A16-NEXT: arith.constant 80 : index
func.func @overlapping(%in: memref<6xf32>, %out: memref<20xf32>) {
  %cst = arith.constant 0.0 : f32
  %small = memref.alloc() : memref<6xf32>
  %big = memref.alloc() : memref<20xf32>
  memref.copy %in, %small : memref<6xf32> to memref<6xf32>
  linalg.fill ins(%cst : f32) outs(%big : memref<20xf32>)
  %s = memref.subview %big[0] [6] [1] : memref<20xf32> to memref<6xf32, strided<[1]>>
  memref.copy %small, %s : memref<6xf32> to memref<6xf32, strided<[1]>>
  memref.copy %big, %out : memref<20xf32> to memref<20xf32>
  memref.dealloc %small : memref<6xf32>
  memref.dealloc %big : memref<20xf32>
  return
}

// -----

// An alloc's own alignment is kept, and the arena gets the largest one.
// CHECK-LABEL: func.func @aligned
// CHECK-SAME: dlc.peak_intermediate_bytes = 288 : i64
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 256 : i64, dlc.arena} : memref<288xi8>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[OW:.*]] = arith.constant 256 : index
// CHECK-NEXT: memref.view %[[ARENA]][%[[OW]]][] : memref<288xi8> to memref<8xf32>
func.func @aligned(%in: memref<8xf32>, %out: memref<40xf32>) {
  %wide = memref.alloc() {alignment = 256 : i64} : memref<8xf32>
  %big = memref.alloc() : memref<40xf32>
  memref.copy %in, %wide : memref<8xf32> to memref<8xf32>
  memref.copy %out, %big : memref<40xf32> to memref<40xf32>
  %s = memref.subview %big[0] [8] [1] : memref<40xf32> to memref<8xf32, strided<[1]>>
  memref.copy %wide, %s : memref<8xf32> to memref<8xf32, strided<[1]>>
  memref.copy %big, %out : memref<40xf32> to memref<40xf32>
  return
}

// -----

// Ops in a loop count at the loop's position: %a and %b are both live
// there; %c, allocated after the loop, where only %b is still live, takes
// %a's place. A buffer that is never freed is planned all the same.
// CHECK-LABEL: func.func @loop
// CHECK-SAME: attributes {dlc.intermediate_bytes_unplanned = 192 : i64, dlc.peak_intermediate_bytes = 128 : i64}
// CHECK-NEXT: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64, dlc.arena} : memref<128xi8>
// CHECK-NEXT: %[[O0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[O64:.*]] = arith.constant 64 : index
// CHECK: %[[A:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT: %[[B:.*]] = memref.view %[[ARENA]][%[[O64]]][] : memref<128xi8> to memref<16xf32>
// CHECK: scf.for
// CHECK: memref.load %[[A]]
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK: %[[C:.*]] = memref.view %[[ARENA]][%[[O0]]][] : memref<128xi8> to memref<16xf32>
// CHECK-NEXT: memref.copy %[[B]], %[[C]]
func.func @loop(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %a[%i] : memref<16xf32>
    memref.store %x, %b[%i] : memref<16xf32>
  }
  %c = memref.alloc() : memref<16xf32>
  memref.copy %b, %c : memref<16xf32> to memref<16xf32>
  memref.copy %c, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

// Shapes with more than one dynamic dim are left alone; so is a function
// with nothing to plan, which records zeros and gets no arena.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: attributes {dlc.intermediate_bytes_unplanned = 0 : i64, dlc.peak_intermediate_bytes = 0 : i64}
// CHECK-NEXT: %[[A:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK-NEXT: return
func.func @dynamic(%in: memref<?x?xf32>, %n: index, %m: index) {
  %a = memref.alloc(%n, %m) : memref<?x?xf32>
  memref.copy %in, %a : memref<?x?xf32> to memref<?x?xf32>
  memref.dealloc %a : memref<?x?xf32>
  return
}

// -----

// Buffers with one dynamic dim (a batch of run-time size) scale with it:
// packed by their bytes per unit of it (256 and 64 here, live at once; the
// third reuses the first's place), in an arena of that many units times
// the size, allocated before the first of them and freed at the end.
// CHECK-LABEL: func.func @scaled
// CHECK-SAME: (%[[IN:.*]]: memref<?x8x8xf32>, %[[N:.*]]: index)
// CHECK-SAME: dlc.peak_intermediate_bytes = 0 : i64
// CHECK: %[[UNIT:.*]] = arith.constant 320 : index
// CHECK: %[[BYTES:.*]] = arith.muli %[[N]], %[[UNIT]] : index
// CHECK: %[[ARENA:.*]] = memref.alloc(%[[BYTES]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK: %[[OA:.*]] = arith.muli %[[N]], %{{.*}} : index
// CHECK: %[[A:.*]] = memref.view %[[ARENA]][%[[OA]]][%[[N]]] : memref<?xi8> to memref<?x8x8xf32>
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[OB:.*]] = arith.muli %[[N]], %[[C256]] : index
// CHECK: %[[B:.*]] = memref.view %[[ARENA]][%[[OB]]][%[[N]]] : memref<?xi8> to memref<?x4x4xf32>
// CHECK: memref.view %[[ARENA]][%{{.*}}][%[[N]]] : memref<?xi8> to memref<?x8x8xf32>
// CHECK-NOT: memref.dealloc %[[A]]
// CHECK: memref.dealloc %[[ARENA]] : memref<?xi8>
// CHECK-NEXT: return
func.func @scaled(%in: memref<?x8x8xf32>, %n: index) {
  %a = memref.alloc(%n) : memref<?x8x8xf32>
  memref.copy %in, %a : memref<?x8x8xf32> to memref<?x8x8xf32>
  %b = memref.alloc(%n) : memref<?x4x4xf32>
  %s = memref.subview %a[0, 0, 0] [%n, 4, 4] [1, 1, 1] : memref<?x8x8xf32> to memref<?x4x4xf32, strided<[64, 8, 1]>>
  memref.copy %s, %b : memref<?x4x4xf32, strided<[64, 8, 1]>> to memref<?x4x4xf32>
  %c = memref.alloc(%n) : memref<?x8x8xf32>
  memref.copy %in, %c : memref<?x8x8xf32> to memref<?x8x8xf32>
  memref.copy %c, %in : memref<?x8x8xf32> to memref<?x8x8xf32>
  memref.dealloc %a : memref<?x8x8xf32>
  memref.dealloc %b : memref<?x4x4xf32>
  memref.dealloc %c : memref<?x8x8xf32>
  return
}

// -----

// An alloc in a loop is left alone (a fresh buffer per iteration).
// CHECK-LABEL: func.func @in_loop
// CHECK-SAME: dlc.peak_intermediate_bytes = 0 : i64
// CHECK-NOT: memref.view
// CHECK: scf.for
// CHECK-NEXT: %[[A:.*]] = memref.alloc() : memref<16xf32>
// CHECK-NEXT: memref.copy %{{.*}}, %[[A]]
// CHECK-NEXT: memref.dealloc %[[A]]
func.func @in_loop(%in: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %a = memref.alloc() : memref<16xf32>
    memref.copy %in, %a : memref<16xf32> to memref<16xf32>
    memref.dealloc %a : memref<16xf32>
  }
  return
}

// -----

// A buffer whose view reaches a call (which may keep it) is left alone;
// the other buffer is still planned.
// CHECK-LABEL: func.func @escapes_to_call
// CHECK-SAME: attributes {dlc.intermediate_bytes_unplanned = 64 : i64, dlc.peak_intermediate_bytes = 64 : i64}
// CHECK: %[[A:.*]] = memref.alloc() : memref<4x4xf32>
// CHECK: memref.view %{{.*}} : memref<64xi8> to memref<16xf32>
// CHECK: %[[V:.*]] = memref.collapse_shape %[[A]]
// CHECK: call @keep(%[[V]])
func.func private @keep(memref<16xf32>)
func.func @escapes_to_call(%in: memref<16xf32>) {
  %a = memref.alloc() : memref<4x4xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %in, %b : memref<16xf32> to memref<16xf32>
  %v = memref.collapse_shape %a [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  memref.copy %b, %v : memref<16xf32> to memref<16xf32>
  call @keep(%v) : (memref<16xf32>) -> ()
  memref.dealloc %b : memref<16xf32>
  return
}

// -----

// A returned buffer is left alone, and so is one freed only on one path.
// CHECK-LABEL: func.func @returned
// CHECK-SAME: dlc.peak_intermediate_bytes = 0 : i64
// CHECK-NOT: memref.view
// CHECK: return %{{.*}} : memref<16xf32>
func.func @returned(%in: memref<16xf32>, %cond: i1) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %in, %b : memref<16xf32> to memref<16xf32>
  scf.if %cond {
    memref.dealloc %b : memref<16xf32>
  }
  return %a : memref<16xf32>
}
