// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{matmul-tiles=4,16,4,4,8}, dlc-prepack-constants, dlc-pack-panels, canonicalize)' | FileCheck %s
// RUN: %python %S/Inputs/make_inputs.py %t 8x8 8x32 5x6 6x20 3x5x7 3x7x24 5x4 4x20
// RUN: dlc-run %s --codegen=naive --threads 1 --entry main --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy --input %t/input_6.npy --input %t/input_7.npy -o %t/naive
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{matmul-tiles=4,16,4,4,8}, dlc-lower-to-llvm)' -o %t/fast.mlir
// RUN: dlc-run %t/fast.mlir --threads 1 --entry main --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy --input %t/input_6.npy --input %t/input_7.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --expect %t/naive/output_3.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-codegen{matmul-tiles=4,16,4,4,8 threads=2}, dlc-lower-to-llvm{threads=2})' -o %t/fast2.mlir
// RUN: dlc-run %t/fast2.mlir --threads 2 --entry main --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy --input %t/input_6.npy --input %t/input_7.npy --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --expect %t/naive/output_3.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s --check-prefix=OUT

// A tile of a run-time B (4 x 16) that the register tiles read as two
// panels of 8 columns is copied into 2 x 4 x 8, a row of a panel at a
// time, and each register tile reads its panel. The tile needs no
// padding: the rows are read whole, unmasked, from B itself.
// CHECK-LABEL: func.func @whole
// CHECK: %[[B:.*]] = tensor.extract_slice %{{.*}}[%{{.*}}, 0] [4, 16] [1, 1] : tensor<8x16xf32> to tensor<4x16xf32>
// CHECK-NOT: tensor.pad %[[B]]
// CHECK: scf.for %[[P:.*]] = %c0 to %c2 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (tensor<2x4x8xf32>)
// CHECK: scf.for %[[K:.*]] = %c0 to %c4 step %c1
// CHECK: %[[COL:.*]] = arith.muli %[[P]], %c8
// CHECK: vector.transfer_read %[[B]][%[[K]], %[[COL]]], %{{.*}} {in_bounds = [true]} : tensor<4x16xf32>, vector<8xf32>
// CHECK: vector.transfer_write %{{.*}}[%[[P]], %[[K]], %c0] {in_bounds = [true]} : vector<8xf32>, tensor<2x4x8xf32>
// A's tiles (4 x 4), whole too but read a few rows at a time, are read
// where they are: no pad, no copy.
// CHECK: %[[A:.*]] = tensor.extract_slice %{{.*}} : tensor<8x8xf32> to tensor<4x4xf32>
// CHECK-NOT: tensor.pad
// CHECK-NOT: bufferization.alloc_tensor
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0, 0] [1, 4, 8] [1, 1, 1] : tensor<2x4x8xf32> to tensor<4x8xf32>
// CHECK: tensor.extract_slice %[[A]][0, %{{.*}}] [4, 1] [1, 1] : tensor<4x4xf32> to tensor<4x1xf32>
// CHECK-LABEL: func.func @edges
func.func @whole(%a: tensor<8x8xf32>, %b: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %c = linalg.matmul ins(%a, %b : tensor<8x8xf32>, tensor<8x32xf32>) outs(%init : tensor<8x32xf32>) -> tensor<8x32xf32>
  return %c : tensor<8x32xf32>
}

// B 6 x 20 ends in partial tiles: their panels are read from B itself,
// masked (rows and columns past its end read zeros), instead of from a
// zero-padded copy of the tile.
// CHECK: %[[B:.*]] = tensor.extract_slice %{{.*}} : tensor<6x?xf32> to tensor<?x?xf32>
// CHECK-NOT: tensor.pad %[[B]]
// CHECK: scf.for
// CHECK: %[[ROW:.*]] = vector.transfer_read %[[B]][%{{.*}}, %{{.*}}], %{{.*}} : tensor<?x?xf32>, vector<1x8xf32>
// CHECK: vector.transfer_write %[[ROW]], %{{.*}} {in_bounds = [true, true]} : vector<1x8xf32>, tensor<2x4x8xf32>
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0, 0] [1, 4, 8] [1, 1, 1] : tensor<2x4x8xf32> to tensor<4x8xf32>
// CHECK-LABEL: func.func @batched
func.func @edges(%a: tensor<5x6xf32>, %b: tensor<6x20xf32>) -> tensor<5x20xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x20xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<5x20xf32>) -> tensor<5x20xf32>
  %c = linalg.matmul ins(%a, %b : tensor<5x6xf32>, tensor<6x20xf32>) outs(%init : tensor<5x20xf32>) -> tensor<5x20xf32>
  return %c : tensor<5x20xf32>
}

// A batched product's tile of B (1 x 4 x 16) becomes 2 x 1 x 4 x 8; K = 7
// ends in a partial tile, the batch does not.
// CHECK: vector.transfer_read %{{.*}} : tensor<1x?x?xf32>, vector<1x8xf32>
// CHECK: vector.transfer_write %{{.*}} {in_bounds = [true, true]} : vector<1x8xf32>, tensor<2x1x4x8xf32>
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0, 0, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<2x1x4x8xf32> to tensor<1x4x8xf32>
func.func @batched(%a: tensor<3x5x7xf32>, %b: tensor<3x7x24xf32>) -> tensor<3x5x24xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x5x24xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<3x5x24xf32>) -> tensor<3x5x24xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<3x5x7xf32>, tensor<3x7x24xf32>) outs(%init : tensor<3x5x24xf32>) -> tensor<3x5x24xf32>
  return %c : tensor<3x5x24xf32>
}

// With one K tile, a block of the result padded to whole register tiles
// (the last rows, 1 of 4; the last columns, 4 of 16) is still the zero
// fill: it is a zero fill of the padded block's shape, its own, rather
// than a copy of the zeros into a padded buffer.
// CHECK-LABEL: func.func @one_k_tile
// CHECK-NOT: tensor.pad %{{[a-z_0-9]+}} low
// CHECK: %[[E:.*]] = tensor.empty() {dlc.block = {{[0-9]+}} : i64} : tensor<4x16xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<4x16xf32>)
// CHECK-NOT: tensor.pad %{{[a-z_0-9]+}} low
// CHECK: tensor.pad %{{[a-z_0-9]+}} nofold
// CHECK-NOT: tensor.pad %{{[a-z_0-9]+}} low
// CHECK: %[[E2:.*]] = tensor.empty() {dlc.block = {{[0-9]+}} : i64} : tensor<4x16xf32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[E2]] : tensor<4x16xf32>)
// CHECK-NOT: tensor.pad %{{[a-z_0-9]+}} low
// CHECK-LABEL: func.func @main
func.func @one_k_tile(%a: tensor<5x4xf32>, %b: tensor<4x20xf32>) -> tensor<5x20xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x20xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<5x20xf32>) -> tensor<5x20xf32>
  %c = linalg.matmul ins(%a, %b : tensor<5x4xf32>, tensor<4x20xf32>) outs(%init : tensor<5x20xf32>) -> tensor<5x20xf32>
  return %c : tensor<5x20xf32>
}

func.func @main(%a: tensor<8x8xf32>, %b: tensor<8x32xf32>, %a2: tensor<5x6xf32>, %b2: tensor<6x20xf32>,
                %a3: tensor<3x5x7xf32>, %b3: tensor<3x7x24xf32>, %a4: tensor<5x4xf32>, %b4: tensor<4x20xf32>)
    -> (tensor<8x32xf32>, tensor<5x20xf32>, tensor<3x5x24xf32>, tensor<5x20xf32>) {
  %0 = func.call @whole(%a, %b) : (tensor<8x8xf32>, tensor<8x32xf32>) -> tensor<8x32xf32>
  %1 = func.call @edges(%a2, %b2) : (tensor<5x6xf32>, tensor<6x20xf32>) -> tensor<5x20xf32>
  %2 = func.call @batched(%a3, %b3) : (tensor<3x5x7xf32>, tensor<3x7x24xf32>) -> tensor<3x5x24xf32>
  %3 = func.call @one_k_tile(%a4, %b4) : (tensor<5x4xf32>, tensor<4x20xf32>) -> tensor<5x20xf32>
  return %0, %1, %2, %3 : tensor<8x32xf32>, tensor<5x20xf32>, tensor<3x5x24xf32>, tensor<5x20xf32>
}

// OUT: output 0: shape=[8, 32] dtype=float32 {{.*}} ok
// OUT: output 1: shape=[5, 20] dtype=float32 {{.*}} ok
// OUT: output 2: shape=[3, 5, 24] dtype=float32 {{.*}} ok
// OUT: output 3: shape=[5, 20] dtype=float32 {{.*}} ok
