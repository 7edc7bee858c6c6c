// The lowerings whose semantics are easy to get subtly wrong, run with
// upstream's JIT on small inputs (NumPy gives the same numbers).
// RUN: dlc-opt %s --dlc-tensor-to-linalg \
// RUN: | mlir-opt --pass-pipeline="builtin.module(one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},func.func(convert-linalg-to-loops),expand-strided-metadata,lower-affine,convert-scf-to-cf,finalize-memref-to-llvm,convert-math-to-llvm,convert-arith-to-llvm,convert-index-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)" \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:     -shared-libs="$(dirname "$(which mlir-runner)")/../lib/libmlir_runner_utils.so,$(dirname "$(which mlir-runner)")/../lib/libmlir_c_runner_utils.so" \
// RUN: | FileCheck %s

// Max pool with indices: the first maximum wins ties, NaN beats numbers
// (np.max / np.argmax), -inf is still found.
// CHECK-LABEL: pool_argmax
// CHECK: [3, 3, 3, nan, nan, nan, nan, nan, -inf]
// CHECK: [1, 1, 2, 5, 5, 5, 7, 7, 8]
func.func @pool_argmax(%x: tensor<11xf32>) -> (tensor<9xf32>, tensor<9xi64>) {
  %y, %i = "dlc_tensor.pool"(%x) {kind = "max", window = array<i64: 3>, strides = array<i64: 1>, dilations = array<i64: 1>} : (tensor<11xf32>) -> (tensor<9xf32>, tensor<9xi64>)
  return %y, %i : tensor<9xf32>, tensor<9xi64>
}

// Negative strides walk backwards: x[1::-1, 2::-2].
// CHECK-LABEL: slice_reverse
// CHECK: [6, 4]
// CHECK: [3, 1]
func.func @slice_reverse(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  %y = "dlc_tensor.slice"(%x) {offsets = array<i64: 1, 2>, strides = array<i64: -1, -2>} : (tensor<2x3xf32>) -> tensor<2x2xf32>
  return %y : tensor<2x2xf32>
}

// CHECK-LABEL: pad_interior
// CHECK: [0, 1, 0, 2, 0, 3, 0, 0]
func.func @pad_interior(%x: tensor<3xf32>, %v: tensor<f32>) -> tensor<8xf32> {
  %y = "dlc_tensor.pad"(%x, %v) {low = array<i64: 1>, high = array<i64: 2>, interior = array<i64: 1>} : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}

// CHECK-LABEL: concat_chain
// CHECK: [1, 2, 3, 4]
func.func @concat_chain(%a: tensor<1xf32>, %b: tensor<2xf32>, %c: tensor<1xf32>) -> tensor<4xf32> {
  %ab = "dlc_tensor.concat"(%a, %b) {dim = 0 : i64} : (tensor<1xf32>, tensor<2xf32>) -> tensor<3xf32>
  %y = "dlc_tensor.concat"(%ab, %c) {dim = 0 : i64} : (tensor<3xf32>, tensor<1xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// Groups: filter 0 sums channel 0 windows, filter 1 differences channel 1's.
// CHECK-LABEL: conv_groups
// CHECK: [3, 5]
// CHECK: [-1, -1]
func.func @conv_groups(%x: tensor<1x2x3xf32>, %w: tensor<2x1x2xf32>) -> tensor<1x2x2xf32> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1>, dilations = array<i64: 1>, groups = 2 : i64} : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x2x2xf32>
  return %y : tensor<1x2x2xf32>
}

// CHECK-LABEL: gather
// CHECK: [30, 10, 30]
func.func @gather(%x: tensor<3xf32>, %i: tensor<3xi32>) -> tensor<3xf32> {
  %y = "dlc_tensor.gather"(%x, %i) {dim = 0 : i64} : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
  return %y : tensor<3xf32>
}

// CHECK-LABEL: reduce_max_nan
// CHECK: [nan, 6]
func.func @reduce_max_nan(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %y = "dlc_tensor.reduce"(%x) {kind = "max", dims = array<i64: 1>} : (tensor<2x3xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printString(!llvm.ptr)

llvm.mlir.global internal constant @pool_argmax_name("pool_argmax\0A\00")
llvm.mlir.global internal constant @slice_reverse_name("slice_reverse\0A\00")
llvm.mlir.global internal constant @pad_interior_name("pad_interior\0A\00")
llvm.mlir.global internal constant @concat_chain_name("concat_chain\0A\00")
llvm.mlir.global internal constant @conv_groups_name("conv_groups\0A\00")
llvm.mlir.global internal constant @gather_name("gather\0A\00")
llvm.mlir.global internal constant @reduce_max_nan_name("reduce_max_nan\0A\00")

func.func @print(%t: tensor<*xf32>) {
  %m = bufferization.to_buffer %t : tensor<*xf32> to memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  return
}

func.func @main() {
  %s0 = llvm.mlir.addressof @pool_argmax_name : !llvm.ptr
  call @printString(%s0) : (!llvm.ptr) -> ()
  %px = arith.constant dense<[1.0, 3.0, 3.0, 2.0, 3.0, 0x7FC00000, 1.0, 0x7FC00000, 0xFF800000, 0xFF800000, 0xFF800000]> : tensor<11xf32>
  %py, %pi = call @pool_argmax(%px) : (tensor<11xf32>) -> (tensor<9xf32>, tensor<9xi64>)
  %pyu = tensor.cast %py : tensor<9xf32> to tensor<*xf32>
  call @print(%pyu) : (tensor<*xf32>) -> ()
  %pim = bufferization.to_buffer %pi : tensor<9xi64> to memref<9xi64>
  %piu = memref.cast %pim : memref<9xi64> to memref<*xi64>
  call @printMemrefI64(%piu) : (memref<*xi64>) -> ()

  %s1 = llvm.mlir.addressof @slice_reverse_name : !llvm.ptr
  call @printString(%s1) : (!llvm.ptr) -> ()
  %sx = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %sy = call @slice_reverse(%sx) : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %syu = tensor.cast %sy : tensor<2x2xf32> to tensor<*xf32>
  call @print(%syu) : (tensor<*xf32>) -> ()

  %s2 = llvm.mlir.addressof @pad_interior_name : !llvm.ptr
  call @printString(%s2) : (!llvm.ptr) -> ()
  %ax = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %av = arith.constant dense<0.0> : tensor<f32>
  %ay = call @pad_interior(%ax, %av) : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>
  %ayu = tensor.cast %ay : tensor<8xf32> to tensor<*xf32>
  call @print(%ayu) : (tensor<*xf32>) -> ()

  %s3 = llvm.mlir.addressof @concat_chain_name : !llvm.ptr
  call @printString(%s3) : (!llvm.ptr) -> ()
  %ca = arith.constant dense<[1.0]> : tensor<1xf32>
  %cb = arith.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %cc = arith.constant dense<[4.0]> : tensor<1xf32>
  %cy = call @concat_chain(%ca, %cb, %cc) : (tensor<1xf32>, tensor<2xf32>, tensor<1xf32>) -> tensor<4xf32>
  %cyu = tensor.cast %cy : tensor<4xf32> to tensor<*xf32>
  call @print(%cyu) : (tensor<*xf32>) -> ()

  %s4 = llvm.mlir.addressof @conv_groups_name : !llvm.ptr
  call @printString(%s4) : (!llvm.ptr) -> ()
  %vx = arith.constant dense<[[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]]> : tensor<1x2x3xf32>
  %vw = arith.constant dense<[[[1.0, 1.0]], [[1.0, -1.0]]]> : tensor<2x1x2xf32>
  %vy = call @conv_groups(%vx, %vw) : (tensor<1x2x3xf32>, tensor<2x1x2xf32>) -> tensor<1x2x2xf32>
  %vyu = tensor.cast %vy : tensor<1x2x2xf32> to tensor<*xf32>
  call @print(%vyu) : (tensor<*xf32>) -> ()

  %s5 = llvm.mlir.addressof @gather_name : !llvm.ptr
  call @printString(%s5) : (!llvm.ptr) -> ()
  %gx = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %gi = arith.constant dense<[2, 0, 2]> : tensor<3xi32>
  %gy = call @gather(%gx, %gi) : (tensor<3xf32>, tensor<3xi32>) -> tensor<3xf32>
  %gyu = tensor.cast %gy : tensor<3xf32> to tensor<*xf32>
  call @print(%gyu) : (tensor<*xf32>) -> ()

  %s6 = llvm.mlir.addressof @reduce_max_nan_name : !llvm.ptr
  call @printString(%s6) : (!llvm.ptr) -> ()
  %rx = arith.constant dense<[[1.0, 0x7FC00000, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %ry = call @reduce_max_nan(%rx) : (tensor<2x3xf32>) -> tensor<2xf32>
  %ryu = tensor.cast %ry : tensor<2xf32> to tensor<*xf32>
  call @print(%ryu) : (tensor<*xf32>) -> ()
  return
}
