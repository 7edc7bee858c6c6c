// RUN: dlc-opt %s -split-input-file -dlc-entry-abi -verify-diagnostics | FileCheck %s

// Functions over tensors are dlc-record-signatures' part: nothing happens.
// CHECK-LABEL: func.func @tensors(
// CHECK-NOT: dlc.inputs
// CHECK-SAME: -> tensor<2xf32> {
func.func @tensors(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// On buffers: an i32 status result (0), `?` dims of the recorded signature
// refined from the buffers, calls given the new result.
// CHECK-LABEL: func.func @entry(
// CHECK-SAME: %{{.*}}: memref<4x3xf32>, %{{.*}}: memref<4x3xf32>) -> i32
// CHECK-SAME: dlc.inputs = [tensor<4x3xf32>], dlc.outputs = [tensor<4x3xf32>]
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: return %[[ZERO]] : i32
func.func @entry(%x: memref<4x3xf32>, %y: memref<4x3xf32>) attributes {dlc.inputs = [tensor<?x3xf32>], dlc.outputs = [tensor<?x3xf32>]} {
  memref.copy %x, %y : memref<4x3xf32> to memref<4x3xf32>
  return
}

// CHECK-LABEL: func.func @caller(
// CHECK: %{{.*}} = call @entry(%{{.*}}, %{{.*}}) : (memref<4x3xf32>, memref<4x3xf32>) -> i32
func.func @caller(%x: memref<4x3xf32>, %y: memref<4x3xf32>) {
  call @entry(%x, %y) : (memref<4x3xf32>, memref<4x3xf32>) -> ()
  return
}

// -----

// An empty buffer whose zero is not its first dim is passed as a flat one:
// the bare-pointer convention cannot take memref<2x0xi32>.
// CHECK-LABEL: func.func @empty(
// CHECK-SAME: %[[ARG:.*]]: memref<0xi32>) -> i32
// CHECK: %[[CAST:.*]] = memref.reinterpret_cast %[[ARG]] to offset: [0], sizes: [2, 0], strides: [0, 1] : memref<0xi32> to memref<2x0xi32>
// CHECK: memref.dim %[[CAST]]
func.func @empty(%x: memref<2x0xi32>) {
  %c1 = arith.constant 1 : index
  %d = memref.dim %x, %c1 : memref<2x0xi32>
  return
}

// -----

// A dynamic output must come from one copy at the end (as bufferization
// makes it), so that the code can allocate the buffer it hands out.
// expected-error@+1 {{'func.func' op @dynamic: output 0 has type memref<?x3xf32>; a dynamic entry takes row-major buffers, and fills each dynamic output with one copy at its end}}
func.func @dynamic(%x: memref<4x3xf32>, %y: memref<?x3xf32>) attributes {dlc.inputs = [tensor<4x3xf32>], dlc.outputs = [tensor<?x3xf32>]} {
  return
}

// -----

// A dynamic entry: the input's data pointer and then its shape, checked
// (a `?` >= 0, a static dim equal) before anything runs, else status 5; the
// output copied into a buffer allocated without alignment, whose pointer
// goes to the output's slot (null until then) and sizes to its shape.
// CHECK-LABEL: func.func @dyn(
// CHECK-SAME: %[[X:.*]]: memref<0xf32>, %[[XS:.*]]: memref<2xi64>, %[[Y:.*]]: memref<1xi64>, %[[YS:.*]]: memref<2xi64>) -> i32
// CHECK: %[[N:.*]] = memref.load %[[XS]][%{{.*}}] : memref<2xi64>
// CHECK: arith.cmpi sge, %[[N]], %{{.*}} : i64
// CHECK: %[[D1:.*]] = memref.load %[[XS]][%{{.*}}] : memref<2xi64>
// CHECK: arith.cmpi eq, %[[D1]], %{{.*}} : i64
// CHECK: %[[VIEW:.*]] = memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%{{.*}}, 3], strides: [3, 1] : memref<0xf32> to memref<?x3xf32>
// CHECK: memref.store %{{.*}}, %[[Y]][%{{.*}}] : memref<1xi64>
// CHECK: %[[FIT:.*]] = arith.andi
// CHECK: scf.if %[[FIT]] -> (i32) {
// CHECK: memref.dim %[[VIEW]]
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}) : memref<?x3xf32>
// CHECK: memref.copy %{{.*}}, %[[OUT]]
// CHECK: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[OUT]]
// CHECK: %[[PI:.*]] = arith.index_cast %[[P]] : index to i64
// CHECK: memref.store %[[PI]], %[[Y]]
// CHECK: memref.store %{{.*}}, %[[YS]]
// CHECK: memref.store %{{.*}}, %[[YS]]
// CHECK: arith.constant 5 : i32
// CHECK-LABEL: func.func @dyn_free(
// CHECK-SAME: memref<0xi8>) attributes {dlc.frees = "dyn"}
// CHECK: memref.dealloc
func.func @dyn(%x: memref<?x3xf32>, %y: memref<?x3xf32>) attributes {dlc.inputs = [tensor<?x3xf32>], dlc.outputs = [tensor<?x3xf32>]} {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?x3xf32>
  %a = memref.alloc(%n) {alignment = 64 : i64} : memref<?x3xf32>
  memref.copy %x, %a : memref<?x3xf32> to memref<?x3xf32>
  memref.copy %a, %y : memref<?x3xf32> to memref<?x3xf32>
  memref.dealloc %a : memref<?x3xf32>
  return
}

// -----

// The status is the first status slot that is set, numbered in bits 8 and
// up (slots cleared at their allocas); `dlc.checks` says where each is.
// Each allocation has a slot after the checks' (AllocGuards.c): when it
// returns null, the rest of the function is skipped and its slot says 4.
// A buffer allocated before is freed on both paths: its deallocation stays
// outside the inner skip.
// CHECK-LABEL: func.func @checked(
// CHECK-SAME: -> i32 attributes {dlc.checks = ["{{.*}}entry-abi.mlir:{{[0-9]+}}:{{[0-9]+}}", "{{.*}}entry-abi.mlir:{{[0-9]+}}:{{[0-9]+}}", "{{.*}}entry-abi.mlir:{{[0-9]+}}:{{[0-9]+}}", "{{.*}}entry-abi.mlir:{{[0-9]+}}:{{[0-9]+}}"]}
// CHECK: %[[FIRST:.*]] = memref.alloca() {dlc.status_slot} : memref<i32>
// CHECK: memref.store %{{.*}}, %[[FIRST]][] : memref<i32>
// CHECK: %[[SECOND:.*]] = memref.alloca() {dlc.status_slot} : memref<i32>
// CHECK: memref.store %{{.*}}, %[[SECOND]][] : memref<i32>
// CHECK: %[[THIRD:.*]] = memref.alloca() {dlc.status_slot} : memref<i32>
// CHECK: %[[FOURTH:.*]] = memref.alloca() {dlc.status_slot} : memref<i32>
// CHECK: %[[BEFORE:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[BEFORE]]
// CHECK: %[[OK0:.*]] = arith.cmpi ne, %[[P0]], %{{.*}} : index
// CHECK: scf.if %[[OK0]] {
// CHECK: memref.store %{{.*}}, %[[BEFORE]]
// CHECK: %[[BUFFER:.*]] = memref.alloc() : memref<8xf32>
// CHECK: %[[P1:.*]] = memref.extract_aligned_pointer_as_index %[[BUFFER]]
// CHECK: %[[OK1:.*]] = arith.cmpi ne, %[[P1]], %{{.*}} : index
// CHECK: scf.if %[[OK1]] {
// CHECK: memref.copy
// CHECK: memref.dealloc %[[BUFFER]]
// CHECK: } else {
// CHECK: %[[OOM:.*]] = arith.constant 4 : i32
// CHECK: memref.atomic_rmw assign %[[OOM]], %[[FOURTH]][]
// CHECK: }
// CHECK-NEXT: memref.dealloc %[[BEFORE]]
// CHECK-NEXT: } else {
// CHECK: memref.atomic_rmw assign %{{.*}}, %[[THIRD]][]
// CHECK: }
// CHECK: %[[S4:.*]] = memref.load %[[FOURTH]][]
// CHECK: arith.ori %[[S4]], %{{.*}} : i32
// CHECK: %[[S1:.*]] = memref.load %[[FIRST]][]
// CHECK: %[[NUMBERED:.*]] = arith.ori %[[S1]], %{{.*}} : i32
// CHECK: %[[SET:.*]] = arith.cmpi ne, %[[S1]], %{{.*}} : i32
// CHECK: %[[PICK:.*]] = arith.select %[[SET]], %[[NUMBERED]], %{{.*}} : i32
// CHECK: return %[[PICK]] : i32
func.func @checked(%x: memref<4xf32>, %y: memref<4xf32>) {
  %a = memref.alloca() {dlc.status_slot} : memref<i32>
  %b = memref.alloca() {dlc.status_slot} : memref<i32>
  %before = memref.alloc() : memref<4xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %before[%c0] : memref<4xf32>
  %t = memref.alloc() : memref<8xf32>
  memref.copy %x, %y : memref<4xf32> to memref<4xf32>
  memref.dealloc %t : memref<8xf32>
  memref.dealloc %before : memref<4xf32>
  return
}

// -----

// A recorded signature that is not what dlc-record-signatures writes is an
// error, not a guess.
// expected-error@+1 {{'func.func' op @bad_signature has a malformed signature: dlc.inputs and dlc.outputs must be arrays of ranked tensor types, 2 in all, of the ranks of the arguments}}
func.func @bad_signature(%x: memref<4xf32>, %y: memref<4xf32>) attributes {dlc.inputs = [4 : i64], dlc.outputs = [tensor<4xf32>]} {
  return
}

// -----

// expected-error@+1 {{@missing_outputs has a malformed signature}}
func.func @missing_outputs(%x: memref<4xf32>, %y: memref<4xf32>) attributes {dlc.inputs = [tensor<4xf32>]} {
  return
}

// -----

// expected-error@+1 {{@wrong_rank has a malformed signature}}
func.func @wrong_rank(%x: memref<4xf32>, %y: memref<4xf32>) attributes {dlc.inputs = [tensor<2x2xf32>], dlc.outputs = [tensor<4xf32>]} {
  return
}

// -----

// expected-error@+1 {{@not_an_array has a malformed signature}}
func.func @not_an_array(%x: memref<4xf32>, %y: memref<4xf32>) attributes {dlc.inputs = "x", dlc.outputs = [tensor<4xf32>]} {
  return
}
