// RUN: dlc-opt %s --dlc-optimize | FileCheck %s
// RUN: dlc-opt %s --dlc-optimize='disable=dlc-fold-batch-norm,dlc-dce' | FileCheck %s --check-prefix=DISABLED
// RUN: not dlc-opt %s --dlc-optimize='disable=dlc-fold-batchnorm' 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: dlc-opt %s --dlc-graph-to-linalg | FileCheck %s --check-prefix=LOWERING

// What an exporter without constant folding leaves: an identity, a
// batch_norm after the conv, and a shape computation nobody uses.
// dlc-optimize leaves the conv (batch_norm in its weights), relu, reshape.
// CHECK-LABEL: func.func @unfolded
// CHECK-NOT: dlc_graph.identity
// CHECK-NOT: dlc_graph.batch_norm
// CHECK: %[[C:.*]] = "dlc_graph.conv"
// CHECK: %[[R:.*]] = "dlc_graph.relu"(%[[C]])
// CHECK: %[[F:.*]] = "dlc_graph.reshape"(%[[R]]) {shape = array<i64: 1, 8>}
// CHECK-NOT: dlc_graph.shape
// CHECK: return %[[F]]

// Each pass can be left out: here the batch_norm stays, and so do the dead
// constants the shape computation folded into.
// DISABLED: dlc_graph.batch_norm
// DISABLED: dense<[1, 2, 2, 2]> : tensor<4xi64>

// UNKNOWN: cannot disable 'dlc-fold-batchnorm': dlc-optimize has no such pass (it runs dlc-infer-shapes,

// The lowering pipelines do not optimize: the batch_norm is lowered as such.
// LOWERING: math.sqrt
func.func @unfolded(%x: tensor<1x1x2x2xf32>) -> tensor<1x8xf32> {
  %w = "dlc_graph.constant"() {value = dense<[[[[1.0]]], [[[-1.0]]]]> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %p = "dlc_graph.constant"() {value = dense<[2.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %i = "dlc_graph.identity"(%x) : (tensor<1x1x2x2xf32>) -> tensor<1x1x2x2xf32>
  %c = "dlc_graph.conv"(%i, %w) : (tensor<1x1x2x2xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x2x2xf32>
  %b = "dlc_graph.batch_norm"(%c, %p, %p, %p, %p) : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %r = "dlc_graph.relu"(%b) : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %s = "dlc_graph.shape"(%r) : (tensor<1x2x2x2xf32>) -> tensor<4xi64>
  %zero = "dlc_graph.constant"() {value = dense<0> : tensor<1xi64>} : () -> tensor<1xi64>
  %d0 = "dlc_graph.gather"(%s, %zero) {axis = 0 : i64} : (tensor<4xi64>, tensor<1xi64>) -> tensor<1xi64>
  %minus = "dlc_graph.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %shape = "dlc_graph.concat"(%d0, %minus) {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %f = "dlc_graph.flatten"(%r) : (tensor<1x2x2x2xf32>) -> tensor<1x8xf32>
  return %f : tensor<1x8xf32>
}
