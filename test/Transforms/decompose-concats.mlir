// RUN: dlc-opt %s -split-input-file --dlc-decompose-concats | FileCheck %s
// Bufferized, the chain is one buffer that nothing copies back and forth.
// RUN: dlc-opt %s -split-input-file --dlc-decompose-concats --eliminate-empty-tensors --one-shot-bufferize=bufferize-function-boundaries --canonicalize | FileCheck %s --check-prefix=BUFFER

// A chain (each concat the first operand of the next) is one buffer of the
// last concat's shape, each concat inserting what it adds; a concat's other
// users read its prefix. Rows of 512 bytes (128 f32 channels) get one cache
// line more, read through a slice.
// CHECK-LABEL: func.func @chain
// CHECK: %[[B:.*]] = tensor.empty() {dlc.concat = 0 : i64} : tensor<1x2x2x144xf32>
// CHECK: %[[I0:.*]] = tensor.insert_slice %arg0 into %[[B]][0, 0, 0, 0] [1, 2, 2, 64]
// CHECK: %[[I1:.*]] = tensor.insert_slice %arg1 into %[[I0]][0, 0, 0, 64] [1, 2, 2, 32]
// CHECK: %[[P:.*]] = tensor.extract_slice %[[I1]][0, 0, 0, 0] [1, 2, 2, 96] [1, 1, 1, 1] : tensor<1x2x2x144xf32> to tensor<1x2x2x96xf32>
// CHECK: %[[N:.*]] = linalg.generic {{.*}} ins(%[[P]] : tensor<1x2x2x96xf32>)
// CHECK: %[[I2:.*]] = tensor.insert_slice %arg2 into %[[I1]][0, 0, 0, 96] [1, 2, 2, 32]
// CHECK: %[[R:.*]] = tensor.extract_slice %[[I2]][0, 0, 0, 0] [1, 2, 2, 128]
// CHECK-NOT: tensor.concat
// CHECK: return %[[N]], %[[R]]
// BUFFER-LABEL: func.func @chain
// BUFFER: memref.alloc() {alignment = 64 : i64} : memref<1x2x2x144xf32>
// BUFFER-NOT: memref.alloc() {{.*}}144
// BUFFER: memref.copy %arg0
// BUFFER: memref.copy %arg1
// BUFFER: memref.alloc() {alignment = 64 : i64} : memref<1x2x2x96xf32>
// BUFFER-NOT: memref.alloc()
// BUFFER: memref.copy %arg2
// BUFFER-NOT: memref.copy
// BUFFER: return
#id = affine_map<(a, b, c, d) -> (a, b, c, d)>
func.func @chain(%x: tensor<1x2x2x64xf32>, %y: tensor<1x2x2x32xf32>, %z: tensor<1x2x2x32xf32>)
    -> (tensor<1x2x2x96xf32>, tensor<1x2x2x128xf32>) {
  %c1 = tensor.concat dim(3) %x, %y : (tensor<1x2x2x64xf32>, tensor<1x2x2x32xf32>) -> tensor<1x2x2x96xf32>
  %e = tensor.empty() : tensor<1x2x2x96xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c1 : tensor<1x2x2x96xf32>) outs(%e : tensor<1x2x2x96xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<1x2x2x96xf32>
  %c2 = tensor.concat dim(3) %c1, %z : (tensor<1x2x2x96xf32>, tensor<1x2x2x32xf32>) -> tensor<1x2x2x128xf32>
  return %n, %c2 : tensor<1x2x2x96xf32>, tensor<1x2x2x128xf32>
}

// -----

// Other rows keep their size: the last concat's result is the buffer.
// Along an outer dim, as along channels. A part computed into a
// tensor.empty is computed into its slice of the buffer instead.
// CHECK-LABEL: func.func @outer_dim
// CHECK: %[[B:.*]] = tensor.empty() {dlc.concat = 0 : i64} : tensor<6x5xf32>
// CHECK: %[[I0:.*]] = tensor.insert_slice %arg0 into %[[B]][0, 0] [2, 5]
// CHECK: %[[I1:.*]] = tensor.insert_slice %{{.*}} into %[[I0]][2, 0] [4, 5]
// CHECK: return %[[I1]] : tensor<6x5xf32>
// BUFFER-LABEL: func.func @outer_dim
// BUFFER: %[[A:.*]] = memref.alloc() {alignment = 64 : i64} : memref<6x5xf32>
// BUFFER: %[[S:.*]] = memref.subview %[[A]][2, 0] [4, 5] [1, 1]
// BUFFER: linalg.fill {{.*}} outs(%[[S]] :
// BUFFER-NOT: memref.alloc
// BUFFER: return %[[A]]
func.func @outer_dim(%x: tensor<2x5xf32>) -> tensor<6x5xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4x5xf32>
  %y = linalg.fill ins(%one : f32) outs(%e : tensor<4x5xf32>) -> tensor<4x5xf32>
  %c = tensor.concat dim(0) %x, %y : (tensor<2x5xf32>, tensor<4x5xf32>) -> tensor<6x5xf32>
  return %c : tensor<6x5xf32>
}

// -----

// A concat read after the next one (which would write the buffer under the
// reader) ends its chain; the next starts another. A concat taking the
// previous one as its second operand is no extension either.
// CHECK-LABEL: func.func @late_reader
// CHECK: tensor.empty() {dlc.concat = 2 : i64} : tensor<8x3xf32>
// CHECK: tensor.empty() {dlc.concat = 1 : i64} : tensor<6x3xf32>
// CHECK: tensor.empty() {dlc.concat = 0 : i64} : tensor<4x3xf32>
// CHECK-NOT: tensor.concat
func.func @late_reader(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<6x3xf32>, tensor<8x3xf32>) {
  %c1 = tensor.concat dim(0) %x, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %c2 = tensor.concat dim(0) %c1, %x : (tensor<4x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  %c3 = tensor.concat dim(0) %y, %c2 : (tensor<2x3xf32>, tensor<6x3xf32>) -> tensor<8x3xf32>
  return %c1, %c2, %c3 : tensor<4x3xf32>, tensor<6x3xf32>, tensor<8x3xf32>
}

// -----

// Dynamic shapes keep their concat; a part empty along the dim is left
// out (MLIR rejects a slice at the end of a dim).
// CHECK-LABEL: func.func @dynamic
// CHECK: tensor.concat
// CHECK-LABEL: func.func @empty_part
// CHECK: %[[B:.*]] = tensor.empty() {dlc.concat = 0 : i64} : tensor<2x3xf32>
// CHECK: %[[I:.*]] = tensor.insert_slice %arg0 into %[[B]][0, 0] [2, 3]
// CHECK-NOT: insert_slice
// CHECK: return %[[I]]
func.func @dynamic(%x: tensor<?x3xf32>, %y: tensor<2x3xf32>) -> tensor<?x3xf32> {
  %c = tensor.concat dim(0) %x, %y : (tensor<?x3xf32>, tensor<2x3xf32>) -> tensor<?x3xf32>
  return %c : tensor<?x3xf32>
}
func.func @empty_part(%x: tensor<2x3xf32>, %y: tensor<0x3xf32>) -> tensor<2x3xf32> {
  %c = tensor.concat dim(0) %x, %y : (tensor<2x3xf32>, tensor<0x3xf32>) -> tensor<2x3xf32>
  return %c : tensor<2x3xf32>
}

// -----

// Concats of all the features so far (torchvision's DenseNet) make one
// chain: each takes the longest concat of its leading operands as its
// first. A concat along another dim, or after the one it would extend, is
// no prefix.
// CHECK-LABEL: func.func @flat
// CHECK: %[[B:.*]] = tensor.empty() {dlc.concat = 0 : i64} : tensor<8x3xf32>
// CHECK: %[[I0:.*]] = tensor.insert_slice %arg0 into %[[B]][0, 0] [2, 3]
// CHECK: %[[I1:.*]] = tensor.insert_slice %arg1 into %[[I0]][2, 0] [2, 3]
// CHECK: %[[P:.*]] = tensor.extract_slice %[[I1]][0, 0] [4, 3]
// CHECK: linalg.generic {{.*}} ins(%[[P]] :
// CHECK: %[[I2:.*]] = tensor.insert_slice %arg2 into %[[I1]][4, 0] [2, 3]
// CHECK: %[[Q:.*]] = tensor.extract_slice %[[I2]][0, 0] [6, 3]
// CHECK: linalg.generic {{.*}} ins(%[[Q]] :
// CHECK: %[[I3:.*]] = tensor.insert_slice %arg3 into %[[I2]][6, 0] [2, 3]
// CHECK-NOT: tensor.concat
// CHECK: return {{.*}}, %[[I3]]
// BUFFER-LABEL: func.func @flat
// BUFFER: memref.alloc() {alignment = 64 : i64} : memref<8x3xf32>
// BUFFER-NOT: memref.alloc() {{.*}}x3xf32>
// BUFFER-COUNT-4: memref.copy %arg
// BUFFER-NOT: memref.copy
// BUFFER: return
#map = affine_map<(a, b) -> (a, b)>
func.func @flat(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %z: tensor<2x3xf32>, %w: tensor<2x3xf32>)
    -> (tensor<4x3xf32>, tensor<6x3xf32>, tensor<8x3xf32>) {
  %c1 = tensor.concat dim(0) %x, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %e1 = tensor.empty() : tensor<4x3xf32>
  %n1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%c1 : tensor<4x3xf32>) outs(%e1 : tensor<4x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<4x3xf32>
  %c2 = tensor.concat dim(0) %x, %y, %z : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  %e2 = tensor.empty() : tensor<6x3xf32>
  %n2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%c2 : tensor<6x3xf32>) outs(%e2 : tensor<6x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.negf %a : f32
    linalg.yield %m : f32
  } -> tensor<6x3xf32>
  %c3 = tensor.concat dim(0) %x, %y, %z, %w : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<8x3xf32>
  return %n1, %n2, %c3 : tensor<4x3xf32>, tensor<6x3xf32>, tensor<8x3xf32>
}

// CHECK-LABEL: func.func @no_prefix
// CHECK-DAG: tensor.empty() {dlc.concat = {{.*}}} : tensor<2x6xf32>
// CHECK-DAG: tensor.empty() {dlc.concat = {{.*}}} : tensor<6x3xf32>
// CHECK-DAG: tensor.empty() {dlc.concat = {{.*}}} : tensor<4x3xf32>
// CHECK-DAG: tensor.empty() {dlc.concat = {{.*}}} : tensor<6x3xf32>
func.func @no_prefix(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %z: tensor<2x3xf32>)
    -> (tensor<2x6xf32>, tensor<6x3xf32>, tensor<4x3xf32>, tensor<6x3xf32>) {
  %a = tensor.concat dim(1) %x, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %b = tensor.concat dim(0) %x, %y, %z : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  %c = tensor.concat dim(0) %x, %y : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %d = tensor.concat dim(0) %x, %z, %y : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
  return %a, %b, %c, %d : tensor<2x6xf32>, tensor<6x3xf32>, tensor<4x3xf32>, tensor<6x3xf32>
}
