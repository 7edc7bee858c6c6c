// RUN: dlc-opt %s -split-input-file --dlc-decompose-pads | FileCheck %s
// With eliminate-empty-tensors, the producer computes into the padded buffer.
// RUN: dlc-opt %s -split-input-file --dlc-decompose-pads --eliminate-empty-tensors | FileCheck %s --check-prefix=INPLACE

// A constant pad of static shape becomes fills of its border, one slab
// before and one after the source along each padded dim, and an
// insert_slice of the source at the low pads: the interior is written once.
// The padded buffer is a bufferization.alloc_tensor, which CSE does not merge
// with another pad's of the same shape (bufferization then copied it whole).
// CHECK-LABEL: func.func @pad
// CHECK: %[[E:.*]] = tensor.empty() {dlc.pad = 0 : i64} : tensor<1x6x6x4xf32>
// CHECK: %[[T:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x1x6x4xf32>)
// CHECK: %[[D1:.*]] = tensor.insert_slice %[[T]] into %[[E]][0, 0, 0, 0] [1, 1, 6, 4] [1, 1, 1, 1]
// CHECK: %[[B:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x1x6x4xf32>)
// CHECK: %[[D2:.*]] = tensor.insert_slice %[[B]] into %[[D1]][0, 5, 0, 0] [1, 1, 6, 4] [1, 1, 1, 1]
// CHECK: %[[L:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x6x1x4xf32>)
// CHECK: %[[D3:.*]] = tensor.insert_slice %[[L]] into %[[D2]][0, 0, 0, 0] [1, 6, 1, 4] [1, 1, 1, 1]
// CHECK: %[[R:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<1x6x1x4xf32>)
// CHECK: %[[D4:.*]] = tensor.insert_slice %[[R]] into %[[D3]][0, 0, 5, 0] [1, 6, 1, 4] [1, 1, 1, 1]
// CHECK: tensor.insert_slice %{{.*}} into %[[D4]][0, 1, 1, 0] [1, 4, 4, 4] [1, 1, 1, 1] : tensor<1x4x4x4xf32> into tensor<1x6x6x4xf32>
// CHECK-NOT: linalg.fill
// CHECK-NOT: tensor.pad
// INPLACE-LABEL: func.func @pad
// INPLACE-COUNT-4: linalg.fill
// INPLACE: %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 1, 1, 0] [1, 4, 4, 4] [1, 1, 1, 1]
// INPLACE: linalg.generic {{.*}} outs(%[[S]] : tensor<1x4x4x4xf32>)
func.func @pad(%x: tensor<1x4x4x4xf32>) -> tensor<1x6x6x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%x : tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<1x4x4x4xf32>
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x4x4x4xf32> to tensor<1x6x6x4xf32>
  return %p : tensor<1x6x6x4xf32>
}

// -----

// A schedule's packing copy (nofold) and a pad along a dynamic dim stay.
// CHECK-LABEL: func.func @kept
// CHECK: tensor.pad {{.*}} nofold
// CHECK: tensor.pad
func.func @kept(%x: tensor<4x4xf32>, %y: tensor<?x4xf32>) -> (tensor<8x4xf32>, tensor<?x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x nofold low[0, 0] high[4, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<4x4xf32> to tensor<8x4xf32>
  %q = tensor.pad %y low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %zero : f32
  } : tensor<?x4xf32> to tensor<?x4xf32>
  return %p, %q : tensor<8x4xf32>, tensor<?x4xf32>
}

// -----

// A dynamic batch that is not padded (a model compiled for any batch): the
// padded buffer and the slice take the batch that sized the source's
// destination (defined before its producer, which can then compute into
// the interior as with a static batch).
// CHECK-LABEL: func.func @dynamic_batch
// CHECK-SAME: (%[[X:.*]]: tensor<?x4x4x4xf32>)
// CHECK: %[[N:.*]] = tensor.dim %[[X]]
// CHECK: %[[R:.*]] = linalg.generic
// CHECK: %[[E:.*]] = tensor.empty(%[[N]]) : tensor<?x6x6x4xf32>
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?x6x6x4xf32>)
// CHECK: tensor.insert_slice %[[R]] into %[[F]][0, 1, 1, 0] [%[[N]], 4, 4, 4] [1, 1, 1, 1] : tensor<?x4x4x4xf32> into tensor<?x6x6x4xf32>
// CHECK-NOT: tensor.pad
// INPLACE-LABEL: func.func @dynamic_batch
// INPLACE: %[[F:.*]] = linalg.fill {{.*}} -> tensor<?x6x6x4xf32>
// INPLACE: %[[S:.*]] = tensor.extract_slice %[[F]][0, 1, 1, 0] [%{{.*}}, 4, 4, 4] [1, 1, 1, 1]
// INPLACE: linalg.generic {{.*}} outs(%[[S]] : tensor<?x4x4x4xf32>)
func.func @dynamic_batch(%x: tensor<?x4x4x4xf32>) -> tensor<?x6x6x4xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4x4x4xf32>
  %e = tensor.empty(%n) : tensor<?x4x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%x : tensor<?x4x4x4xf32>) outs(%e : tensor<?x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.maximumf %in, %zero : f32
    linalg.yield %m : f32
  } -> tensor<?x4x4x4xf32>
  %p = tensor.pad %r low[0, 1, 1, 0] high[0, 1, 1, 0] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<?x4x4x4xf32> to tensor<?x6x6x4xf32>
  return %p : tensor<?x6x6x4xf32>
}
