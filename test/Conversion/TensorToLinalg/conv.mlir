// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// A 2-D convolution without groups is the named NCHW op, strides and
// dilations as its attributes, on a zero-filled init.
// CHECK-LABEL: func.func @conv2d
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x3x8x8xf32>, %[[W:[^:]*]]: tensor<4x3x3x3xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[EMPTY:.*]] = tensor.empty() : tensor<1x4x3x4xf32>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[EMPTY]] : tensor<1x4x3x4xf32>)
// CHECK: %[[Y:.*]] = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
// CHECK-SAME: ins(%[[X]], %[[W]] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) outs(%[[INIT]] : tensor<1x4x3x4xf32>)
// CHECK: return %[[Y]]
func.func @conv2d(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x3x4xf32> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 2, 1>, dilations = array<i64: 1, 2>, groups = 1 : i64} : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x3x4xf32>
  return %y : tensor<1x4x3x4xf32>
}

// -----

// One channel per group (depthwise): the named depthwise op, its F x 1 x KH
// x KW weight collapsed to C x KH x KW.
// CHECK-LABEL: func.func @depthwise
// CHECK: %[[W:.*]] = tensor.collapse_shape %{{.*}} {{\[}}[0, 1], [2], [3]] : tensor<6x1x3x3xf32> into tensor<6x3x3xf32>
// CHECK: linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%{{.*}}, %[[W]] : tensor<1x6x5x5xf32>, tensor<6x3x3xf32>)
func.func @depthwise(%x: tensor<1x6x5x5xf32>, %w: tensor<6x1x3x3xf32>) -> tensor<1x6x3x3xf32> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, groups = 6 : i64} : (tensor<1x6x5x5xf32>, tensor<6x1x3x3xf32>) -> tensor<1x6x3x3xf32>
  return %y : tensor<1x6x3x3xf32>
}

// -----

// Any other convolution is one generic. Loops (n, f, o1, o2) parallel then
// (c, k1, k2) reduction; the input is read at o * stride + k * dilation
// (unsigned elements: no named op).
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 + d6 * 2)>
// CHECK-DAG: #[[$W:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @conv2d_generic
// CHECK-SAME: %[[X:[^:]*]]: tensor<1x3x8x8xi8>, %[[W:[^:]*]]: tensor<4x3x3x3xi8>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK-DAG: %[[EMPTY:.*]] = tensor.empty() : tensor<1x4x3x4xi8>
// CHECK: %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : i8) outs(%[[EMPTY]] : tensor<1x4x3x4xi8>)
// CHECK: %[[Y:.*]] = linalg.generic
// CHECK-SAME: indexing_maps = [#[[$IN]], #[[$W]], #[[$OUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK-SAME: ins(%[[X]], %[[W]] : tensor<1x3x8x8xi8>, tensor<4x3x3x3xi8>) outs(%[[INIT]] : tensor<1x4x3x4xi8>)
// CHECK: ^bb0(%[[A:.*]]: i8, %[[B:.*]]: i8, %[[ACC:.*]]: i8):
// CHECK: %[[P:.*]] = arith.muli %[[A]], %[[B]] : i8
// CHECK: %[[S:.*]] = arith.addi %[[ACC]], %[[P]] : i8
// CHECK: linalg.yield %[[S]] : i8
// CHECK: return %[[Y]]
func.func @conv2d_generic(%x: tensor<1x3x8x8xui8>, %w: tensor<4x3x3x3xui8>) -> tensor<1x4x3x4xui8> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 2, 1>, dilations = array<i64: 1, 2>, groups = 1 : i64} : (tensor<1x3x8x8xui8>, tensor<4x3x3x3xui8>) -> tensor<1x4x3x4xui8>
  return %y : tensor<1x4x3x4xui8>
}

// -----

// Groups: filter f reads input channels g * Cg + c with g = f floordiv Fg
// (Cg = 2, Fg = 3 here); there is no separate group loop.
// CHECK-DAG: #[[$IN:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, (d1 floordiv 3) * 2 + d3, d2 + d4)>
// CHECK-DAG: #[[$W:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d1, d3, d4)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @conv1d_groups
// CHECK: linalg.generic
// CHECK-SAME: indexing_maps = [#[[$IN]], #[[$W]], #[[$OUT]]]
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]
func.func @conv1d_groups(%x: tensor<2x4x7xf32>, %w: tensor<6x2x3xf32>) -> tensor<2x6x5xf32> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1>, dilations = array<i64: 1>, groups = 2 : i64} : (tensor<2x4x7xf32>, tensor<6x2x3xf32>) -> tensor<2x6x5xf32>
  return %y : tensor<2x6x5xf32>
}

// -----

// 2-D with groups of more than one channel, static shapes: the named
// grouped op on views that split the channels by group (G = 2, Cg = 3,
// Fg = 2), its result collapsed back to N x F x OH x OW.
// CHECK-LABEL: func.func @conv2d_groups
// CHECK-SAME: %[[X:[^:]*]]: tensor<2x6x7x7xf32>, %[[W:[^:]*]]: tensor<4x3x3x3xf32>
// CHECK-DAG: %[[XG:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2], [3], [4]] output_shape [2, 2, 3, 7, 7] : tensor<2x6x7x7xf32> into tensor<2x2x3x7x7xf32>
// CHECK-DAG: %[[WG:.*]] = tensor.expand_shape %[[W]] {{\[}}[0, 1], [2], [3], [4]] output_shape [2, 2, 3, 3, 3] : tensor<4x3x3x3xf32> into tensor<2x2x3x3x3xf32>
// CHECK: %[[Y:.*]] = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
// CHECK-SAME: ins(%[[XG]], %[[WG]] : tensor<2x2x3x7x7xf32>, tensor<2x2x3x3x3xf32>) outs(%{{.*}} : tensor<2x2x2x3x3xf32>)
// CHECK: %[[R:.*]] = tensor.collapse_shape %[[Y]] {{\[}}[0], [1, 2], [3], [4]] : tensor<2x2x2x3x3xf32> into tensor<2x4x3x3xf32>
// CHECK: return %[[R]]
func.func @conv2d_groups(%x: tensor<2x6x7x7xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<2x4x3x3xf32> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 2, 2>, dilations = array<i64: 1, 1>, groups = 2 : i64} : (tensor<2x6x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x3x3xf32>
  return %y : tensor<2x4x3x3xf32>
}

// -----

// With a dynamic dim the views would need run-time shapes: the generic.
// CHECK-LABEL: func.func @conv2d_groups_dynamic
// CHECK-NOT: linalg.conv_2d_ngchw_gfchw
// CHECK: linalg.generic
func.func @conv2d_groups_dynamic(%x: tensor<?x6x7x7xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<?x4x5x5xf32> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1, 1>, dilations = array<i64: 1, 1>, groups = 2 : i64} : (tensor<?x6x7x7xf32>, tensor<4x3x3x3xf32>) -> tensor<?x4x5x5xf32>
  return %y : tensor<?x4x5x5xf32>
}

// -----

// Unsigned elements compute on the signless type (wrapping add and multiply
// are the same bits).
// CHECK-LABEL: func.func @conv_ui8
// CHECK-SAME: (%{{.*}}: tensor<1x1x4xi8>, %{{.*}}: tensor<1x1x2xi8>) -> tensor<1x1x3xi8>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i8
// CHECK: linalg.fill ins(%[[ZERO]] : i8)
// CHECK: arith.muli
// CHECK: arith.addi
func.func @conv_ui8(%x: tensor<1x1x4xui8>, %w: tensor<1x1x2xui8>) -> tensor<1x1x3xui8> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 1>, dilations = array<i64: 1>, groups = 1 : i64} : (tensor<1x1x4xui8>, tensor<1x1x2xui8>) -> tensor<1x1x3xui8>
  return %y : tensor<1x1x3xui8>
}

// -----

// Dynamic N comes from the input; a dynamic spatial size is the number of
// windows, max(0, floor((D - span) / stride) + 1), span = (3 - 1) * 2 + 1.
// CHECK-LABEL: func.func @conv_dynamic
// CHECK-SAME: %[[X:[^:]*]]: tensor<?x3x?xi32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[SPAN:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[N:.*]] = tensor.dim %[[X]], %[[C0]]
// CHECK-DAG: %[[D:.*]] = tensor.dim %[[X]], %[[C2]]
// CHECK: %[[REST:.*]] = arith.subi %[[D]], %[[SPAN]] : index
// CHECK: %[[Q:.*]] = arith.floordivsi %[[REST]], %[[C2]] : index
// CHECK: %[[COUNT:.*]] = arith.addi %[[Q]], %[[C1]] : index
// CHECK: %[[O:.*]] = arith.maxsi %[[COUNT]], %[[C0]] : index
// CHECK: tensor.empty(%[[N]], %[[O]]) : tensor<?x4x?xi32>
func.func @conv_dynamic(%x: tensor<?x3x?xi32>, %w: tensor<4x3x3xi32>) -> tensor<?x4x?xi32> {
  %y = "dlc_tensor.conv"(%x, %w) {strides = array<i64: 2>, dilations = array<i64: 2>, groups = 1 : i64} : (tensor<?x3x?xi32>, tensor<4x3x3xi32>) -> tensor<?x4x?xi32>
  return %y : tensor<?x4x?xi32>
}
