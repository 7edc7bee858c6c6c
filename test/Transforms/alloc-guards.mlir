// RUN: dlc-opt %s -split-input-file -dlc-entry-abi | FileCheck %s

// An allocation in a loop body is tested there, once per iteration and
// outside the loop that uses it: on null the rest of the body is skipped
// (its iteration argument passed on as it was) and its slot says 4; after
// the loop, the rest of the function is skipped when the slot is set.
// CHECK-LABEL: func.func @in_loop(
// CHECK: %[[SLOT:.*]] = memref.alloca() {dlc.status_slot} : memref<i32>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[BUF]]
// CHECK: %[[OK:.*]] = arith.cmpi ne, %[[P]], %{{.*}} : index
// CHECK: %[[NEXT:.*]] = scf.if %[[OK]] -> (f32) {
// CHECK: scf.for
// CHECK: memref.store
// CHECK: memref.dealloc %[[BUF]]
// CHECK: scf.yield %{{.*}} : f32
// CHECK: } else {
// CHECK: memref.atomic_rmw assign %{{.*}}, %[[SLOT]][]
// CHECK: scf.yield %[[ACC]] : f32
// CHECK: }
// CHECK: scf.yield %[[NEXT]] : f32
// CHECK: }
// CHECK: %[[SET:.*]] = memref.load %[[SLOT]][] : memref<i32>
// CHECK: %[[CLEAR:.*]] = arith.cmpi eq, %[[SET]], %{{.*}} : i32
// CHECK: scf.if %[[CLEAR]] {
// CHECK: memref.store %{{.*}}, %arg1[]
// CHECK: }
// CHECK: return
func.func @in_loop(%size: memref<index>, %y: memref<f32>) {
  %n = memref.load %size[] : memref<index>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
    %buf = memref.alloc(%n) : memref<?xf32>
    scf.for %j = %c0 to %n step %c1 {
      memref.store %acc, %buf[%j] : memref<?xf32>
    }
    %v = memref.load %buf[%c0] : memref<?xf32>
    %next = arith.addf %acc, %v : f32
    memref.dealloc %buf : memref<?xf32>
    scf.yield %next : f32
  }
  memref.store %sum, %y[] : memref<f32>
  return
}

// -----

// A while loop whose body fails to allocate stops: its condition is and-ed
// with the slot being clear (the skipped body leaves its state as it was).
// CHECK-LABEL: func.func @in_while(
// CHECK: %[[SLOT:.*]] = memref.alloca() {dlc.status_slot} : memref<i32>
// CHECK: scf.while
// CHECK: %[[MORE:.*]] = arith.cmpi slt
// CHECK: %[[SET:.*]] = memref.load %[[SLOT]][] : memref<i32>
// CHECK: %[[CLEAR:.*]] = arith.cmpi eq, %[[SET]], %{{.*}} : i32
// CHECK: %[[BOTH:.*]] = arith.andi %[[MORE]], %[[CLEAR]] : i1
// CHECK: scf.condition(%[[BOTH]])
// CHECK: } do {
// CHECK: ^bb0(%[[I:.*]]: index):
// CHECK: memref.alloc(%[[I]]) : memref<?xf32>
// CHECK: %[[NEXT:.*]] = scf.if %{{.*}} -> (index) {
// CHECK: } else {
// CHECK: memref.atomic_rmw assign %{{.*}}, %[[SLOT]][]
// CHECK: scf.yield %[[I]] : index
// CHECK: scf.yield %[[NEXT]] : index
func.func @in_while(%size: memref<index>, %y: memref<f32>) {
  %n = memref.load %size[] : memref<index>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %last = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%i: index):
    %buf = memref.alloc(%i) : memref<?xf32>
    memref.store %zero, %buf[%c0] : memref<?xf32>
    memref.dealloc %buf : memref<?xf32>
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  return
}

// -----

// A function that allocates (an outlined loop nest) takes a flag its
// guards set; the call passes a slot of the entry and tests it after.
// CHECK-LABEL: func.func @entry(
// CHECK: %[[SLOT:.*]] = memref.alloca() {dlc.status_slot} : memref<i32>
// CHECK: call @nest(%{{.*}}, %[[SLOT]]) : (index, memref<i32>) -> f32
// CHECK: %[[SET:.*]] = memref.load %[[SLOT]][] : memref<i32>
// CHECK: %[[CLEAR:.*]] = arith.cmpi eq, %[[SET]], %{{.*}} : i32
// CHECK: scf.if %[[CLEAR]] {
// CHECK: memref.store
// CHECK-LABEL: func.func private @nest(
// CHECK-SAME: %{{.*}}: index, %[[FLAG:.*]]: memref<i32>) -> f32
// CHECK-NOT: dlc.oom_flag
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: %[[V:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK: } else {
// CHECK: memref.atomic_rmw assign %{{.*}}, %[[FLAG]][]
// CHECK: arith.constant 0.000000e+00 : f32
// CHECK: return %[[V]] : f32
func.func @entry(%size: memref<index>, %y: memref<f32>) {
  %n = memref.load %size[] : memref<index>
  %v = func.call @nest(%n) : (index) -> f32
  memref.store %v, %y[] : memref<f32>
  return
}
func.func private @nest(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %buf = memref.alloc(%n) : memref<?xf32>
  memref.store %one, %buf[%c0] : memref<?xf32>
  %v = memref.load %buf[%c0] : memref<?xf32>
  memref.dealloc %buf : memref<?xf32>
  return %v : f32
}

// -----

// A buffer a loop passes to its next iteration: when it is null, the
// iteration passes on the buffer it was given instead, which the next one
// reads.
// CHECK-LABEL: func.func @carried(
// CHECK: scf.for %{{.*}} iter_args(%[[OLD:.*]] = %{{.*}}) -> (memref<4xf32>) {
// CHECK: %[[NEW:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[PASSED:.*]] = scf.if %{{.*}} -> (memref<4xf32>) {
// CHECK: memref.copy %[[OLD]], %[[NEW]]
// CHECK: scf.yield %[[NEW]] : memref<4xf32>
// CHECK: } else {
// CHECK: memref.atomic_rmw
// CHECK: scf.yield %[[OLD]] : memref<4xf32>
// CHECK: scf.yield %[[PASSED]] : memref<4xf32>
func.func @carried(%x: memref<4xf32>, %y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%old = %x) -> (memref<4xf32>) {
    %new = memref.alloc() : memref<4xf32>
    memref.copy %old, %new : memref<4xf32> to memref<4xf32>
    scf.yield %new : memref<4xf32>
  }
  memref.copy %last, %y : memref<4xf32> to memref<4xf32>
  return
}
