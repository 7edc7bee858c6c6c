// Every primitive's lowering survives bufferization and the rest of
// dlc-lower-to-llvm: nothing but the llvm dialect is left.
// RUN: dlc-opt %s -split-input-file --dlc-lower-to-llvm | FileCheck %s --implicit-check-not="{{(linalg|tensor|memref|bufferization|affine|scf|cf|arith|math|func|builtin)\.[a-z]}}"

// CHECK-LABEL: llvm.func @map_contract
func.func private @relu(%x: f32) -> f32 {
  %z = arith.constant 0.0 : f32
  %y = arith.maximumf %x, %z : f32
  return %y : f32
}
func.func @map_contract(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %m = "dlc_tensor.contract"(%a, %b) {spec = "mk,kn->mn"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %y = "dlc_tensor.map"(%m) {fn = @relu, operandSegmentSizes = array<i32: 1, 0, 0, 0>} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: llvm.func @conv_groups
func.func @conv_groups(%x: tensor<1x4x5x5xf32>, %w: tensor<6x2x3x3xf32>) -> tensor<1x6x2x2xf32> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 2, 2>, dilations = array<i64: 1, 1>, groups = 2 : i64} : (tensor<1x4x5x5xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x2x2xf32>
  return %y : tensor<1x6x2x2xf32>
}

// -----

// CHECK-LABEL: llvm.func @pool_indices_ui8
func.func @pool_indices_ui8(%x: tensor<1x2x5x5xui8>) -> (tensor<1x2x2x2xui8>, tensor<1x2x2x2xi64>) {
  %y, %i = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 3, 3>, strides = array<i64: 2, 2>, dilations = array<i64: 1, 1>} : (tensor<1x2x5x5xui8>) -> (tensor<1x2x2x2xui8>, tensor<1x2x2x2xi64>)
  return %y, %i : tensor<1x2x2x2xui8>, tensor<1x2x2x2xi64>
}

// -----

// CHECK-LABEL: llvm.func @pool_sum
func.func @pool_sum(%x: tensor<2x7xf64>) -> tensor<2x3xf64> {
  %y = "dlc_tensor.pool"(%x) {kind = "sum", window = array<i64: 2>, strides = array<i64: 2>, dilations = array<i64: 2>} : (tensor<2x7xf64>) -> tensor<2x3xf64>
  return %y : tensor<2x3xf64>
}

// -----

// CHECK-LABEL: llvm.func @reduce_min_ui16
func.func @reduce_min_ui16(%x: tensor<2x3x4xui16>) -> tensor<3xui16> {
  %y = "dlc_tensor.reduce"(%x) {kind = "min", dims = array<i64: 0, 2>} : (tensor<2x3x4xui16>) -> tensor<3xui16>
  return %y : tensor<3xui16>
}

// -----

// CHECK-LABEL: llvm.func @transpose_i1
func.func @transpose_i1(%x: tensor<2x3x4xi1>) -> tensor<4x2x3xi1> {
  %y = "dlc_tensor.transpose"(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xi1>) -> tensor<4x2x3xi1>
  return %y : tensor<4x2x3xi1>
}

// -----

// A reshape of a reversed (negative-stride) slice: the view cannot be
// reshaped in place.
// CHECK-LABEL: llvm.func @slice_reversed_reshape
func.func @slice_reversed_reshape(%x: tensor<5x6xf32>) -> tensor<30xf32> {
  %s = "dlc_tensor.slice"(%x) {offsets = array<i64: 4, 5>, strides = array<i64: -1, -1>} : (tensor<5x6xf32>) -> tensor<5x6xf32>
  %y = "dlc_tensor.reshape"(%s) : (tensor<5x6xf32>) -> tensor<30xf32>
  return %y : tensor<30xf32>
}

// -----

// CHECK-LABEL: llvm.func @broadcast
func.func @broadcast(%x: tensor<3x1xi32>) -> tensor<2x3x4xi32> {
  %y = "dlc_tensor.broadcast"(%x) : (tensor<3x1xi32>) -> tensor<2x3x4xi32>
  return %y : tensor<2x3x4xi32>
}

// -----

// CHECK-LABEL: llvm.func @concat_chain
func.func @concat_chain(%a: tensor<2x1xf32>, %b: tensor<2x2xf32>, %c: tensor<2x3xf32>) -> tensor<2x6xf32> {
  %ab = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x1xf32>, tensor<2x2xf32>) -> tensor<2x3xf32>
  %y = "dlc_tensor.concat"(%ab, %c) {dim = 1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return %y : tensor<2x6xf32>
}

// -----

// CHECK-LABEL: llvm.func @pads
func.func @pads(%x: tensor<2x3xui8>, %v: tensor<ui8>) -> (tensor<3x6xui8>, tensor<4x8xui8>) {
  %p = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 2>, high = array<i64: 0, 1>, interior = array<i64: 0, 0>} : (tensor<2x3xui8>, tensor<ui8>) -> tensor<3x6xui8>
  %q = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1, 0>, high = array<i64: 0, 1>, interior = array<i64: 1, 2>} : (tensor<2x3xui8>, tensor<ui8>) -> tensor<4x8xui8>
  return %p, %q : tensor<3x6xui8>, tensor<4x8xui8>
}

// -----

// CHECK-LABEL: llvm.func @gather
func.func @gather(%x: tensor<3x4x5xf32>, %i: tensor<2x2xi32>) -> tensor<3x2x2x5xf32> {
  %y = "dlc_tensor.gather"(%x, %i) {dim = 1 : i64} : (tensor<3x4x5xf32>, tensor<2x2xi32>) -> tensor<3x2x2x5xf32>
  return %y : tensor<3x2x2x5xf32>
}
