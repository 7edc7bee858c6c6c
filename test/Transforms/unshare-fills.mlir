// RUN: dlc-opt %s -split-input-file --dlc-unshare-fills | FileCheck %s
// RUN: dlc-opt %s -split-input-file --pass-pipeline='builtin.module(dlc-unshare-fills, one-shot-bufferize{bufferize-function-boundaries=true})' | FileCheck %s --check-prefix=BUF
// RUN: dlc-opt %s -split-input-file --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries=true})' | FileCheck %s --check-prefix=SHARED
// RUN: dlc-opt %s -split-input-file --pass-pipeline='builtin.module(dlc-unshare-fills, one-shot-bufferize{bufferize-function-boundaries=true}, cse, canonicalize)' | FileCheck %s --check-prefix=INPLACE

// One zero fill that two products accumulate into: each product gets a
// fill (and an empty tensor) of its own, just before it, and
// bufferization then fills each product's buffer in place, where the
// shared fill was copied into one of them.
// CHECK-LABEL: func.func @two_products
// CHECK-NEXT: arith.constant
// CHECK-NEXT: %[[E1:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: %[[F1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E1]] : tensor<4x8xf32>)
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : {{.*}}) outs(%[[F1]] : tensor<4x8xf32>)
// CHECK-NEXT: %[[E2:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK-NEXT: %[[F2:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E2]] : tensor<4x8xf32>)
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg2 : {{.*}}) outs(%[[F2]] : tensor<4x8xf32>)
// BUF-LABEL: func.func @two_products
// BUF-NOT: memref.copy
// BUF-COUNT-2: linalg.fill
// BUF-NOT: memref.copy
// SHARED-LABEL: func.func @two_products
// SHARED: memref.copy
// SHARED-LABEL: func.func @use_in_loop
func.func @two_products(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>, %c: tensor<16x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %x = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  %y = linalg.matmul ins(%a, %c : tensor<4x16xf32>, tensor<16x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %x, %y : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A use inside a loop gets its clone before the loop, not in its body
// (where it would fill again every iteration).
// CHECK-LABEL: func.func @use_in_loop
// BUF-LABEL: func.func @use_in_loop
// CHECK: linalg.fill
// CHECK-NEXT: linalg.matmul
// CHECK: linalg.fill
// CHECK-NEXT: scf.for
// CHECK-NOT: linalg.fill
// CHECK: return
func.func @use_in_loop(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>, %n: index)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %x = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  %y = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<4x8xf32> {
    %p = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
    %s = linalg.add ins(%acc, %p : tensor<4x8xf32>, tensor<4x8xf32>) outs(%acc : tensor<4x8xf32>) -> tensor<4x8xf32>
    scf.yield %s : tensor<4x8xf32>
  }
  return %x, %y : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A fill of one use stays as it is.
// CHECK-LABEL: func.func @one_use
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT: linalg.fill
func.func @one_use(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %x = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %x : tensor<4x8xf32>
}

// -----

// A fill into a buffer given as a tensor is that buffer: it stays shared
// (a clone would write the buffer again under the first user's result).
// CHECK-LABEL: func.func @fill_of_a_buffer
// CHECK-COUNT-1: linalg.fill
// CHECK-NOT: linalg.fill
func.func @fill_of_a_buffer(%a: tensor<4x16xf32>, %b: tensor<16x8xf32>, %m: memref<4x8xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %t = bufferization.to_tensor %m restrict writable : memref<4x8xf32> to tensor<4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%t : tensor<4x8xf32>) -> tensor<4x8xf32>
  %x = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  %y = linalg.matmul ins(%a, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %x, %y : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// An extract_slice of the fill and the insert_slice that writes its
// subset back (a block of a product computed in place) share one clone,
// so that bufferization updates the subset in place; the other product
// gets its own. Each with a clone, the block was computed in one buffer
// and copied into the other.
// CHECK-LABEL: func.func @subset_written_back
// CHECK: %[[F:.*]] = linalg.fill
// CHECK-NEXT: %[[S:.*]] = tensor.extract_slice %[[F]][0, 0] [2, 8] [1, 1]
// CHECK-NEXT: %[[P:.*]] = linalg.matmul {{.*}} outs(%[[S]] : tensor<2x8xf32>)
// CHECK-NEXT: tensor.insert_slice %[[P]] into %[[F]][0, 0] [2, 8] [1, 1]
// CHECK-NEXT: tensor.empty
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.matmul
// INPLACE-LABEL: func.func @subset_written_back
// INPLACE-NOT: memref.copy
// INPLACE: return
func.func @subset_written_back(%a: tensor<2x16xf32>, %b: tensor<16x8xf32>, %a2: tensor<4x16xf32>)
    -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = tensor.extract_slice %init[0, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>
  %p = linalg.matmul ins(%a, %b : tensor<2x16xf32>, tensor<16x8xf32>) outs(%s : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = tensor.insert_slice %p into %init[0, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<4x8xf32>
  %y = linalg.matmul ins(%a2, %b : tensor<4x16xf32>, tensor<16x8xf32>) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %r, %y : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// A subset written back to another place is no update in place: each
// user keeps a clone of its own.
// CHECK-LABEL: func.func @subset_moved
// CHECK-COUNT-2: linalg.fill
func.func @subset_moved(%a: tensor<2x16xf32>, %b: tensor<16x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %s = tensor.extract_slice %init[0, 0] [2, 8] [1, 1] : tensor<4x8xf32> to tensor<2x8xf32>
  %p = linalg.matmul ins(%a, %b : tensor<2x16xf32>, tensor<16x8xf32>) outs(%s : tensor<2x8xf32>) -> tensor<2x8xf32>
  %r = tensor.insert_slice %p into %init[2, 0] [2, 8] [1, 1] : tensor<2x8xf32> into tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
