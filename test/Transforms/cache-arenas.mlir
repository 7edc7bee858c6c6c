// RUN: dlc-opt %s -split-input-file --dlc-cache-arenas | FileCheck %s

// A static arena dlc-plan-memory marked is taken from a slot and put back:
// the alloc becomes a call of the slot's acquire function and a memref
// descriptor of the block, the dealloc a call of its release function; a
// global destructor frees the cached block.
// CHECK-LABEL: func.func @f
// CHECK: %[[BLOCK:.*]] = llvm.call @__dlc_arena_acquire_0() : () -> !llvm.ptr
// CHECK: %[[ARENA:.*]] = builtin.unrealized_conversion_cast %{{.*}} : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)> to memref<300xi8>
// CHECK: memref.view %[[ARENA]]
// CHECK-NOT: memref.dealloc
// CHECK: llvm.call @__dlc_arena_release_0(%[[BLOCK]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return
// CHECK: llvm.mlir.global internal @__dlc_arena_0()
// CHECK: llvm.func internal @__dlc_arena_acquire_0() -> !llvm.ptr
// CHECK: llvm.atomicrmw xchg
// CHECK: %[[ALIGN:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(320 : i64) : i64
// CHECK: llvm.call @aligned_alloc(%[[ALIGN]], %[[BYTES]])
// CHECK: llvm.func internal @__dlc_arena_release_0(%{{.*}}: !llvm.ptr)
// CHECK: llvm.cmpxchg
// CHECK: llvm.call @free
// CHECK: llvm.func internal @__dlc_arenas_free()
// CHECK: llvm.mlir.global_dtors dtors = [@__dlc_arenas_free]
func.func @f(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %arena = memref.alloc() {alignment = 64 : i64, dlc.arena} : memref<300xi8>
  %v = memref.view %arena[%c0][] : memref<300xi8> to memref<4xf32>
  memref.copy %v, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %arena : memref<300xi8>
  return
}

// -----

// Other allocations (unmarked, or an arena of run-time size) stay.
// CHECK-LABEL: func.func @g
// CHECK-NOT: llvm.call
// CHECK: memref.alloc() : memref<16xi8>
// CHECK: memref.alloc(%{{.*}}) {dlc.arena} : memref<?xi8>
// CHECK-NOT: llvm.mlir.global_dtors
func.func @g(%n: index) {
  %a = memref.alloc() : memref<16xi8>
  %b = memref.alloc(%n) {dlc.arena} : memref<?xi8>
  memref.dealloc %a : memref<16xi8>
  memref.dealloc %b : memref<?xi8>
  return
}
