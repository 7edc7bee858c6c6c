// RUN: dlc-opt %s -split-input-file --dlc-lower-copies | FileCheck %s

// A copy that is contiguous in both buffers, with rows of at least 256
// bytes (an NCHW concat's operand: 1 KiB), stays a memref.copy, which
// finalize-memref-to-llvm lowers to one memcpy.
// CHECK-LABEL: func.func @contiguous
// CHECK: %[[V:.*]] = memref.subview
// CHECK: memref.copy %{{.*}}, %[[V]] : memref<1x8x4x8xf32> to memref<1x8x4x8xf32, strided<[512, 32, 8, 1], offset: 256>>
// CHECK-NOT: linalg.copy
func.func @contiguous(%x: memref<1x8x4x8xf32>, %out: memref<1x16x4x8xf32>) {
  %v = memref.subview %out[0, 8, 0, 0] [1, 8, 4, 8] [1, 1, 1, 1] : memref<1x16x4x8xf32> to memref<1x8x4x8xf32, strided<[512, 32, 8, 1], offset: 256>>
  memref.copy %x, %v : memref<1x8x4x8xf32> to memref<1x8x4x8xf32, strided<[512, 32, 8, 1], offset: 256>>
  return
}

// -----

// Rows of 256 bytes apart (an NHWC concat's operand: 64 channels of 96)
// are one contiguous copy each, in loops over the outer dims.
// CHECK-LABEL: func.func @rows
// CHECK-SAME: (%[[X:.*]]: memref<2x3x4x64xf32>, %[[OUT:.*]]: memref<2x3x4x96xf32>)
// CHECK: %[[V:.*]] = memref.subview %[[OUT]]
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step
// CHECK: %[[S:.*]] = memref.subview %[[X]][%[[I]], %[[J]], %[[K]], 0] [1, 1, 1, 64] [1, 1, 1, 1] : memref<2x3x4x64xf32> to memref<64xf32, strided<[1], offset: ?>>
// CHECK: %[[D:.*]] = memref.subview %[[V]][%[[I]], %[[J]], %[[K]], 0] [1, 1, 1, 64] [1, 1, 1, 1] : {{.*}} to memref<64xf32, strided<[1], offset: ?>>
// CHECK: memref.copy %[[S]], %[[D]]
// CHECK-NOT: linalg.copy
func.func @rows(%x: memref<2x3x4x64xf32>, %out: memref<2x3x4x96xf32>) {
  %v = memref.subview %out[0, 0, 0, 32] [2, 3, 4, 64] [1, 1, 1, 1] : memref<2x3x4x96xf32> to memref<2x3x4x64xf32, strided<[1152, 384, 96, 1], offset: 32>>
  memref.copy %x, %v : memref<2x3x4x64xf32> to memref<2x3x4x64xf32, strided<[1152, 384, 96, 1], offset: 32>>
  return
}

// -----

// Dims of size 1 get no loop, and contiguous inner dims make one row: here
// 2x128 floats per copy, 4 copies.
// CHECK-LABEL: func.func @unit_and_inner_dims
// CHECK: scf.for %[[I:.*]] =
// CHECK-NOT: scf.for
// CHECK: memref.subview %{{.*}}[0, %[[I]], 0, 0] [1, 1, 2, 128] [1, 1, 1, 1] : memref<1x4x2x128xf32> to memref<2x128xf32, strided<[128, 1], offset: ?>>
// CHECK: memref.copy
func.func @unit_and_inner_dims(%x: memref<1x4x2x128xf32>, %out: memref<1x4x3x128xf32>) {
  %v = memref.subview %out[0, 0, 1, 0] [1, 4, 2, 128] [1, 1, 1, 1] : memref<1x4x3x128xf32> to memref<1x4x2x128xf32, strided<[1536, 384, 128, 1], offset: 128>>
  memref.copy %x, %v : memref<1x4x2x128xf32> to memref<1x4x2x128xf32, strided<[1536, 384, 128, 1], offset: 128>>
  return
}

// -----

// Rows under 256 bytes (8 channels of 16: 32 bytes) stay element loops,
// which LLVM vectorizes inline.
// CHECK-LABEL: func.func @short_rows
// CHECK: %[[V:.*]] = memref.subview
// CHECK: linalg.copy ins(%{{.*}} : memref<1x4x4x8xf32>) outs(%[[V]] : memref<1x4x4x8xf32, strided<[256, 64, 16, 1], offset: 8>>)
// CHECK-NOT: memref.copy
func.func @short_rows(%x: memref<1x4x4x8xf32>, %out: memref<1x4x4x16xf32>) {
  %v = memref.subview %out[0, 0, 0, 8] [1, 4, 4, 8] [1, 1, 1, 1] : memref<1x4x4x16xf32> to memref<1x4x4x8xf32, strided<[256, 64, 16, 1], offset: 8>>
  memref.copy %x, %v : memref<1x4x4x8xf32> to memref<1x4x4x8xf32, strided<[256, 64, 16, 1], offset: 8>>
  return
}

// -----

// Elements apart (stride 2) make no rows: element loops.
// CHECK-LABEL: func.func @strided
// CHECK: linalg.copy ins(%{{.*}} : memref<4x128xf32>) outs(%{{.*}} : memref<4x128xf32, strided<[256, 2]>>)
// CHECK-NOT: memref.copy
func.func @strided(%x: memref<4x128xf32>, %out: memref<4x256xf32>) {
  %v = memref.subview %out[0, 0] [4, 128] [1, 2] : memref<4x256xf32> to memref<4x128xf32, strided<[256, 2]>>
  memref.copy %x, %v : memref<4x128xf32> to memref<4x128xf32, strided<[256, 2]>>
  return
}

// -----

// Dynamic shapes have no known rows: element loops.
// CHECK-LABEL: func.func @dynamic
// CHECK: linalg.copy
// CHECK-NOT: memref.copy
func.func @dynamic(%x: memref<?x128xf32>, %out: memref<?x128xf32, strided<[256, 1]>>) {
  memref.copy %x, %out : memref<?x128xf32> to memref<?x128xf32, strided<[256, 1]>>
  return
}
