// RUN: dlc-opt %s -split-input-file --dlc-prepack-constants | FileCheck %s

// The convolution schedules read HWCF weights as vectors of one channel
// slice (ft of the F channels, at a multiple of ft): such a constant is laid
// out slice by slice (F/ft x KH x KW x C x ft), each read taking its
// slice's index (the channel offset / ft) as the leading index. Here the
// weights are w[0][0][c][f] = 32 c + f: slice 1 holds 16..31 then 48..63.
// CHECK-LABEL: func.func @sliced
// CHECK-SAME: (%[[Q:.*]]: index, %[[C:.*]]: index)
// CHECK: %[[W:.*]] = arith.constant dense_resource<dlc_sliced> : tensor<2x1x1x2x16xf32>
// CHECK-NOT: tensor<1x1x2x32xf32>
// CHECK: %[[F:.*]] = affine.apply
// CHECK: %[[S:.*]] = arith.divui %[[F]], %{{.*}} : index
// CHECK: vector.transfer_read %[[W]][%[[S]], %{{.*}}, %{{.*}}, %[[C]], %{{.*}}]{{.*}} : tensor<2x1x1x2x16xf32>, vector<16xf32>
// The blob (after its alignment, 64): 0.0, 1.0, .., 15.0, then 32.0.
// CHECK: dlc_sliced: "0x40000000000000000000803F{{[0-9A-F]*}}0000704100000042
func.func @sliced(%q: index, %c: index) -> vector<16xf32> {
  %w = arith.constant dense<[[[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]]]]> : tensor<1x1x2x32xf32>
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %f = affine.apply affine_map<(d0) -> (d0 * 16)>(%q)
  %v = vector.transfer_read %w[%c0, %c0, %c, %f], %pad {in_bounds = [true]} : tensor<1x1x2x32xf32>, vector<16xf32>
  return %v : vector<16xf32>
}

// -----

// A read at an offset not known to be a multiple of the vector (or any
// other use) keeps the constant as it is.
// CHECK-LABEL: func.func @unaligned
// CHECK: arith.constant dense<{{.*}}> : tensor<1x1x2x32xf32>
// CHECK-NOT: dlc_sliced
func.func @unaligned(%f: index) -> vector<16xf32> {
  %w = arith.constant dense<[[[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0], [32.0, 33.0, 34.0, 35.0, 36.0, 37.0, 38.0, 39.0, 40.0, 41.0, 42.0, 43.0, 44.0, 45.0, 46.0, 47.0, 48.0, 49.0, 50.0, 51.0, 52.0, 53.0, 54.0, 55.0, 56.0, 57.0, 58.0, 59.0, 60.0, 61.0, 62.0, 63.0]]]]> : tensor<1x1x2x32xf32>
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %v = vector.transfer_read %w[%c0, %c0, %c0, %f], %pad {in_bounds = [true]} : tensor<1x1x2x32xf32>, vector<16xf32>
  return %v : vector<16xf32>
}

// -----

// The rows' schedules read a row's slices in an scf.for whose induction
// variable steps by ft; where ft does not divide F (24 = 16 + 8), the last
// slice's peeled read takes the rest at F - F % ft, which the sliced
// constant pads to ft with zeros. Here w[0][0][0][f] = f.
// CHECK-LABEL: func.func @rest
// CHECK: %[[W:.*]] = arith.constant dense_resource<dlc_sliced> : tensor<2x1x1x1x16xf32>
// CHECK: scf.for %[[F:.*]] = %{{.*}} to %{{.*}} step %{{.*}}
// CHECK: %[[S:.*]] = arith.divui %[[F]], %{{.*}} : index
// CHECK: vector.transfer_read %[[W]][%[[S]], {{.*}} : tensor<2x1x1x1x16xf32>, vector<16xf32>
// CHECK: %[[L:.*]] = arith.divui %{{.*}}, %{{.*}} : index
// CHECK: vector.transfer_read %[[W]][%[[L]], {{.*}} : tensor<2x1x1x1x16xf32>, vector<8xf32>
// The blob: 0.0 .. 15.0, then 16.0 .. 23.0 and eight zeros.
// CHECK: dlc_sliced: "0x40000000000000000000803F{{[0-9A-F]*}}000070410000804100008841{{[0-9A-F]*}}0000B8410000000000000000000000000000000000000000000000000000000000000000"
func.func @rest(%acc: vector<16xf32>) -> (vector<16xf32>, vector<8xf32>) {
  %w = arith.constant dense<[[[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0]]]]> : tensor<1x1x1x24xf32>
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %sum = scf.for %f = %c0 to %c16 step %c16 iter_args(%a = %acc) -> (vector<16xf32>) {
    %v = vector.transfer_read %w[%c0, %c0, %c0, %f], %pad {in_bounds = [true]} : tensor<1x1x1x24xf32>, vector<16xf32>
    %s = arith.addf %a, %v : vector<16xf32>
    scf.yield %s : vector<16xf32>
  }
  %r = vector.transfer_read %w[%c0, %c0, %c0, %c16], %pad {in_bounds = [true]} : tensor<1x1x1x24xf32>, vector<8xf32>
  return %sum, %r : vector<16xf32>, vector<8xf32>
}

// -----

// A narrower read anywhere but at the rest keeps the constant as it is.
// CHECK-LABEL: func.func @narrow_inside
// CHECK: arith.constant dense<{{.*}}> : tensor<1x1x1x24xf32>
// CHECK-NOT: dlc_sliced
func.func @narrow_inside() -> (vector<16xf32>, vector<8xf32>) {
  %w = arith.constant dense<[[[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0]]]]> : tensor<1x1x1x24xf32>
  %pad = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %v = vector.transfer_read %w[%c0, %c0, %c0, %c0], %pad {in_bounds = [true]} : tensor<1x1x1x24xf32>, vector<16xf32>
  %r = vector.transfer_read %w[%c0, %c0, %c0, %c0], %pad {in_bounds = [true]} : tensor<1x1x1x24xf32>, vector<8xf32>
  return %v, %r : vector<16xf32>, vector<8xf32>
}
