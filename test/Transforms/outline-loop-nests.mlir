// RUN: dlc-opt %s -split-input-file --dlc-outline-loop-nests | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-outline-loop-nests=min-ops=1000 | FileCheck %s --check-prefix=GROUP

// Each top-level loop nest becomes a call of a private, noinline, internal
// function; constants are copied into it, the argument and the view of the
// arena (at a constant offset) are passed, the view as noalias (no other
// argument points into the arena).
// CHECK-LABEL: func.func @two_nests(
// CHECK-SAME: %[[IN:.*]]: memref<16xf32>, %[[OUT:.*]]: memref<16xf32>)
// CHECK: %[[ARENA:.*]] = memref.alloc() : memref<128xi8>
// CHECK: %[[T:.*]] = memref.view %[[ARENA]]
// CHECK: call @two_nests_nest0(%[[IN]], %[[T]]) : (memref<16xf32>, memref<16xf32>) -> ()
// CHECK: call @two_nests_nest1(%[[T]], %[[OUT]]) : (memref<16xf32>, memref<16xf32>) -> ()
// CHECK-NEXT: memref.dealloc %[[ARENA]]
// CHECK-NOT: scf.for
// CHECK: return

// CHECK: func.func private @two_nests_nest0(%[[A:.*]]: memref<16xf32>, %[[B:.*]]: memref<16xf32> {llvm.noalias})
// CHECK-SAME: attributes {llvm.linkage = #llvm.linkage<internal>, passthrough = ["noinline"]}
// CHECK: scf.for
// CHECK: memref.load %[[A]]
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK: return

// CHECK: func.func private @two_nests_nest1(%{{.*}}: memref<16xf32> {llvm.noalias}, %{{.*}}: memref<16xf32>)
// CHECK: scf.for

// min-ops: consecutive nests, with nothing but pure ops between them,
// share a callee until it holds that many ops.
// GROUP-LABEL: func.func @two_nests(
// GROUP: call @two_nests_nest0(
// GROUP-NOT: call
// GROUP: memref.dealloc
// GROUP: func.func private @two_nests_nest0(
// GROUP: scf.for
// GROUP: scf.for
func.func @two_nests(%in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %arena = memref.alloc() : memref<128xi8>
  %t = memref.view %arena[%c64][] : memref<128xi8> to memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %in[%i] : memref<16xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %t[%i] : memref<16xf32>
  }
  %two = arith.constant 2.0 : f32
  scf.for %i = %c0 to %c16 step %c1 {
    %x = memref.load %t[%i] : memref<16xf32>
    %y = arith.mulf %x, %two : f32
    memref.store %y, %out[%i] : memref<16xf32>
  }
  memref.dealloc %arena : memref<128xi8>
  return
}

// -----

// A nest with results returns them from its callee; a scalar from outside
// is passed. An op with memory effects between nests (the copy) keeps them
// apart even with min-ops.
// CHECK-LABEL: func.func @results(
// CHECK: %[[S:.*]] = call @results_nest0(%{{.*}}, %{{.*}}) : (f32, memref<8xf32>) -> f32
// CHECK: memref.copy
// CHECK: call @results_nest1(
// CHECK: return %[[S]]
// CHECK: func.func private @results_nest0(%{{.*}}: f32, %{{.*}}: memref<8xf32>) -> f32
// CHECK: scf.for {{.*}} -> (f32)
// GROUP-LABEL: func.func @results(
// GROUP: call @results_nest0(
// GROUP: memref.copy
// GROUP: call @results_nest1(
func.func @results(%a: memref<8xf32>, %b: memref<8xf32>, %init: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %s = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %init) -> f32 {
    %x = memref.load %a[%i] : memref<8xf32>
    %y = arith.addf %acc, %x : f32
    scf.yield %y : f32
  }
  memref.copy %a, %b : memref<8xf32> to memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %s, %b[%i] : memref<8xf32>
  }
  return %s : f32
}

// -----

// A buffer with a dynamic layout from outside (an argument here) is
// neither copied nor passable by a bare pointer: the nest stays in place.
// CHECK-LABEL: func.func @stays(
// CHECK: scf.for
// CHECK-NOT: call
// CHECK: return
func.func @stays(%a: memref<4xf32, strided<[1], offset: ?>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %cst, %a[%i] : memref<4xf32, strided<[1], offset: ?>>
  }
  return
}

// -----

// Constant globals (weights) are passed, noalias (nothing writes them), so
// that the nests of two layers of one shape are the same callee: the second
// is merged into the first, whose one body both calls call. The third nest
// differs (a multiplication): it keeps a callee of its own.
// CHECK-LABEL: func.func @same_layers(
// CHECK-DAG: %[[W0:.*]] = memref.get_global @w0
// CHECK-DAG: %[[W1:.*]] = memref.get_global @w1
// CHECK: call @same_layers_nest0(%{{.*}}, %[[W0]], %{{.*}})
// CHECK: call @same_layers_nest0(%{{.*}}, %[[W1]], %{{.*}})
// CHECK: call @same_layers_nest2(
// CHECK: func.func private @same_layers_nest0(%{{.*}}: memref<8xf32>, %{{.*}}: memref<8xf32> {llvm.noalias}, %{{.*}}: memref<8xf32>)
// CHECK-NOT: memref.get_global
// CHECK: scf.for
// CHECK-NOT: func.func private @same_layers_nest1
// CHECK: func.func private @same_layers_nest2(
memref.global "private" constant @w0 : memref<8xf32> = dense<1.0>
memref.global "private" constant @w1 : memref<8xf32> = dense<2.0>
func.func @same_layers(%a: memref<8xf32>, %b: memref<8xf32>, %c: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %w0 = memref.get_global @w0 : memref<8xf32>
  %w1 = memref.get_global @w1 : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %a[%i] : memref<8xf32>
    %w = memref.load %w0[%i] : memref<8xf32>
    %y = arith.addf %x, %w : f32
    memref.store %y, %b[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %b[%i] : memref<8xf32>
    %w = memref.load %w1[%i] : memref<8xf32>
    %y = arith.addf %x, %w : f32
    memref.store %y, %c[%i] : memref<8xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %x = memref.load %c[%i] : memref<8xf32>
    %w = memref.load %w1[%i] : memref<8xf32>
    %y = arith.mulf %x, %w : f32
    memref.store %y, %a[%i] : memref<8xf32>
  }
  return
}

// -----

// A global that is not constant is copied into the callee as before: code
// may write it, so it is neither noalias nor a reason to merge.
// CHECK-LABEL: func.func @mutable_global(
// CHECK: call @mutable_global_nest0(%{{.*}}) : (memref<4xf32>) -> ()
// CHECK: func.func private @mutable_global_nest0(
// CHECK: memref.get_global @state
memref.global "private" @state : memref<4xf32> = dense<0.0>
func.func @mutable_global(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %g = memref.get_global @state : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    memref.store %x, %g[%i] : memref<4xf32>
  }
  return
}

// -----

// Views of one arena: those whose bytes overlap (here: the same bytes, an
// operation in place) are not noalias, one disjoint from both is; a nest
// that uses the arena itself too gets no noalias views of it.
// CHECK-LABEL: func.func @overlap(
// CHECK: func.func private @overlap_nest0(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32> {llvm.noalias})
// CHECK: func.func private @overlap_nest1(%{{.*}}: memref<64xi8>, %{{.*}}: memref<4xf32>)
func.func @overlap() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %arena = memref.alloc() : memref<64xi8>
  %a = memref.view %arena[%c0][] : memref<64xi8> to memref<4xf32>
  %b = memref.view %arena[%c0][] : memref<64xi8> to memref<4xf32>
  %c = memref.view %arena[%c16][] : memref<64xi8> to memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    memref.store %x, %b[%i] : memref<4xf32>
    memref.store %x, %c[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %d = memref.view %arena[%i][] : memref<64xi8> to memref<4xf32>
    %x = memref.load %a[%i] : memref<4xf32>
    memref.store %x, %d[%c0] : memref<4xf32>
  }
  memref.dealloc %arena : memref<64xi8>
  return
}

// -----

// A buffer crosses a call as one bare pointer, which cannot carry both the
// allocated and the aligned pointer of an over-aligned allocation: a nest
// that yields a buffer (an If on a run-time condition) or frees one from
// outside stays in place; the loop after them is outlined.
// CHECK-LABEL: func.func @owned_buffers(
// CHECK: %[[B:.*]] = scf.if %{{.*}} -> (memref<4xf32>)
// CHECK: memref.alloc() {alignment = 64 : i64}
// CHECK: call @owned_buffers_nest0(%[[B]], %{{.*}})
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK: func.func private @owned_buffers_nest0(
// CHECK-NOT: func.func private @owned_buffers_nest1(
func.func @owned_buffers(%c: i1, %g: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %b = scf.if %c -> (memref<4xf32>) {
    scf.yield %g : memref<4xf32>
  } else {
    %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %g, %a : memref<4xf32> to memref<4xf32>
    scf.yield %a : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %b[%i] : memref<4xf32>
    memref.store %x, %out[%i] : memref<4xf32>
  }
  %owned = arith.xori %c, %true : i1
  scf.if %owned {
    memref.dealloc %b : memref<4xf32>
  }
  return
}
