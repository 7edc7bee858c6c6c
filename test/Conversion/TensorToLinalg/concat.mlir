// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @concat
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x1xf32>, %[[B:[^:]*]]: tensor<2x3xf32>
// CHECK: %[[Y:.*]] = tensor.concat dim(1) %[[A]], %[[B]] : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @concat(%a: tensor<2x1xf32>, %b: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %y = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// A chain along one dim, nested on either side, becomes one tensor.concat
// with the leaves in order.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: %[[A:[^:]*]]: tensor<1x2xi8>, %[[B:[^:]*]]: tensor<2x2xi8>, %[[C:[^:]*]]: tensor<3x2xi8>, %[[D:[^:]*]]: tensor<4x2xi8>
// CHECK: %[[Y:.*]] = tensor.concat dim(0) %[[C]], %[[A]], %[[B]], %[[D]] : (tensor<3x2xi8>, tensor<1x2xi8>, tensor<2x2xi8>, tensor<4x2xi8>) -> tensor<10x2xi8>
// CHECK-NOT: tensor.concat
// CHECK: return %[[Y]]
func.func @chain(%a: tensor<1x2xui8>, %b: tensor<2x2xui8>, %c: tensor<3x2xui8>, %d: tensor<4x2xui8>) -> tensor<10x2xui8> {
  %ab = "dlc_tensor.concat"(%a, %b) {dim = 0 : i64} : (tensor<1x2xui8>, tensor<2x2xui8>) -> tensor<3x2xui8>
  %cab = "dlc_tensor.concat"(%c, %ab) {dim = 0 : i64} : (tensor<3x2xui8>, tensor<3x2xui8>) -> tensor<6x2xui8>
  %y = "dlc_tensor.concat"(%cab, %d) {dim = 0 : i64} : (tensor<6x2xui8>, tensor<4x2xui8>) -> tensor<10x2xui8>
  return %y : tensor<10x2xui8>
}

// -----

// An inner concat with another user stays its own op.
// CHECK-LABEL: func.func @shared_inner
// CHECK-SAME: %[[A:[^:]*]]: tensor<1x2xf32>, %[[B:[^:]*]]: tensor<1x2xf32>
// CHECK: %[[AB:.*]] = tensor.concat dim(0) %[[A]], %[[B]]
// CHECK: %[[Y:.*]] = tensor.concat dim(0) %[[AB]], %[[A]]
// CHECK: return %[[AB]], %[[Y]]
func.func @shared_inner(%a: tensor<1x2xf32>, %b: tensor<1x2xf32>) -> (tensor<2x2xf32>, tensor<3x2xf32>) {
  %ab = "dlc_tensor.concat"(%a, %b) {dim = 0 : i64} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  %y = "dlc_tensor.concat"(%ab, %a) {dim = 0 : i64} : (tensor<2x2xf32>, tensor<1x2xf32>) -> tensor<3x2xf32>
  return %ab, %y : tensor<2x2xf32>, tensor<3x2xf32>
}

// -----

// Concats along different dims do not merge.
// CHECK-LABEL: func.func @other_dim
// CHECK-SAME: %[[A:[^:]*]]: tensor<1x2xf32>, %[[B:[^:]*]]: tensor<1x2xf32>
// CHECK: %[[AB:.*]] = tensor.concat dim(0) %[[A]], %[[B]] : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
// CHECK: %[[Y:.*]] = tensor.concat dim(1) %[[AB]], %[[AB]] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
// CHECK: return %[[Y]]
func.func @other_dim(%a: tensor<1x2xf32>, %b: tensor<1x2xf32>) -> tensor<2x4xf32> {
  %ab = "dlc_tensor.concat"(%a, %b) {dim = 0 : i64} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  %y = "dlc_tensor.concat"(%ab, %ab) {dim = 1 : i64} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic
// CHECK: tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<?x2xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
func.func @dynamic(%a: tensor<?x2xf32>, %b: tensor<3x2xf32>) -> tensor<?x2xf32> {
  %y = "dlc_tensor.concat"(%a, %b) {dim = 0 : i64} : (tensor<?x2xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
  return %y : tensor<?x2xf32>
}

// -----

// Parts with nothing along the dim are dropped (MLIR 22 rejects the empty
// slice at offset 3 that tensor.concat would bufferize to); one part left
// is the result.
// CHECK-LABEL: func.func @empty_part
// CHECK-SAME: %[[A:[^:]*]]: tensor<2x3xi64>, %[[B:[^:]*]]: tensor<2x0xi64>, %[[C:[^:]*]]: tensor<2x1xi64>
// CHECK: %[[Y:.*]] = tensor.concat dim(1) %[[A]], %[[C]] : (tensor<2x3xi64>, tensor<2x1xi64>) -> tensor<2x4xi64>
// CHECK: return %[[Y]], %[[A]]
func.func @empty_part(%a: tensor<2x3xui64>, %b: tensor<2x0xui64>, %c: tensor<2x1xui64>) -> (tensor<2x4xui64>, tensor<2x3xui64>) {
  %ab = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x3xui64>, tensor<2x0xui64>) -> tensor<2x3xui64>
  %y = "dlc_tensor.concat"(%ab, %c) {dim = 1 : i64} : (tensor<2x3xui64>, tensor<2x1xui64>) -> tensor<2x4xui64>
  %z = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<2x3xui64>, tensor<2x0xui64>) -> tensor<2x3xui64>
  return %y, %z : tensor<2x4xui64>, tensor<2x3xui64>
}

// -----

// A result with no elements is an empty tensor.
// CHECK-LABEL: func.func @empty_result
// CHECK: %[[E:.*]] = tensor.empty() : tensor<0x5xi1>
// CHECK-NOT: tensor.concat
// CHECK: return %[[E]]
func.func @empty_result(%a: tensor<0x3xi1>, %b: tensor<0x2xi1>) -> tensor<0x5xi1> {
  %y = "dlc_tensor.concat"(%a, %b) {dim = 1 : i64} : (tensor<0x3xi1>, tensor<0x2xi1>) -> tensor<0x5xi1>
  return %y : tensor<0x5xi1>
}
