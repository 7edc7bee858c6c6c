// RUN: dlc-opt %s -split-input-file --dlc-infer-shapes | FileCheck %s

// Shapes given as operands, computed by the ops exporters build them with
// (Dialect/Graph/ShapeValues.c): the dims that follow are static, only
// those that vary are `?`.

// Shape -> Slice -> Concat with a -1 (PyTorch's flatten(2)): the batch
// is a dynamic dim of the input itself, so it cancels out of the -1.
// CHECK-LABEL: func.func @reshape_flatten_chain
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: -> tensor<?x16x16xf32>
func.func @reshape_flatten_chain(%x: tensor<?x16x4x4xf32>) -> tensor<?x?x?xf32> {
  %s = "dlc_graph.shape"(%x) : (tensor<?x16x4x4xf32>) -> tensor<4xi64>
  %head = "dlc_graph.slice"(%s) {axes = array<i64: 0>, ends = array<i64: 2>, starts = array<i64: 0>} : (tensor<4xi64>) -> tensor<2xi64>
  %m1 = "dlc_graph.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %shape = "dlc_graph.concat"(%head, %m1) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
  %y = "dlc_graph.reshape"(%x, %shape) : (tensor<?x16x4x4xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// Gather -> Unsqueeze -> Concat with a product of the batch and a head
// count (multi-head attention's [tokens, batch * heads, head size]): the
// static entries are kept, the product is `?`.
// CHECK-LABEL: func.func @reshape_heads
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: -> tensor<17x?x8xf32>
func.func @reshape_heads(%x: tensor<17x?x16xf32>) -> tensor<?x?x?xf32> {
  %s = "dlc_graph.shape"(%x) : (tensor<17x?x16xf32>) -> tensor<3xi64>
  %i0 = "dlc_graph.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %i1 = "dlc_graph.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %t = "dlc_graph.gather"(%s, %i0) : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
  %n = "dlc_graph.gather"(%s, %i1) : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
  %two = "dlc_graph.constant"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %nh = "dlc_graph.mul"(%n, %two) : (tensor<i64>, tensor<i64>) -> tensor<i64>
  %t1 = "dlc_graph.unsqueeze"(%t) {axes = array<i64: 0>} : (tensor<i64>) -> tensor<1xi64>
  %nh1 = "dlc_graph.unsqueeze"(%nh) {axes = array<i64: 0>} : (tensor<i64>) -> tensor<1xi64>
  %d = "dlc_graph.constant"() {value = dense<8> : tensor<1xi64>} : () -> tensor<1xi64>
  %a = "dlc_graph.concat"(%t1, %nh1) {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %shape = "dlc_graph.concat"(%a, %d) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
  %y = "dlc_graph.reshape"(%x, %shape) : (tensor<17x?x16xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// A -1 whose other entries hold a dynamic dim of another tensor cannot be
// resolved: `?`.
// CHECK-LABEL: func.func @reshape_other_tensor
// CHECK: "dlc_graph.reshape"
// CHECK-SAME: -> tensor<?x?xf32>
func.func @reshape_other_tensor(%x: tensor<?x12xf32>, %z: tensor<?xf32>) -> tensor<?x?xf32> {
  %s = "dlc_graph.shape"(%z) : (tensor<?xf32>) -> tensor<1xi64>
  %m1 = "dlc_graph.constant"() {value = dense<-1> : tensor<1xi64>} : () -> tensor<1xi64>
  %shape = "dlc_graph.concat"(%s, %m1) {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %y = "dlc_graph.reshape"(%x, %shape) : (tensor<?x12xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// PyTorch's cls.expand(n, -1, -1): Where(Equal(shape, -1), 1, shape) of
// [n, -1, -1]; n is a dim (never -1), so only the batch is `?`.
// CHECK-LABEL: func.func @expand_keep_minus_one
// CHECK: "dlc_graph.expand"
// CHECK-SAME: -> tensor<?x1x16xf32>
func.func @expand_keep_minus_one(%x: tensor<?x3x16x16xf32>, %cls: tensor<1x1x16xf32>) -> tensor<?x?x?xf32> {
  %s = "dlc_graph.shape"(%x) {start = 0 : i64, end = 1 : i64} : (tensor<?x3x16x16xf32>) -> tensor<1xi64>
  %m1 = "dlc_graph.constant"() {value = dense<-1> : tensor<2xi64>} : () -> tensor<2xi64>
  %r = "dlc_graph.concat"(%s, %m1) {axis = 0 : i64} : (tensor<1xi64>, tensor<2xi64>) -> tensor<3xi64>
  %neg = "dlc_graph.constant"() {value = dense<-1> : tensor<3xi64>} : () -> tensor<3xi64>
  %eq = "dlc_graph.equal"(%r, %neg) : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
  %one = "dlc_graph.constant"() {value = dense<1> : tensor<3xi64>} : () -> tensor<3xi64>
  %shape = "dlc_graph.where"(%eq, %one, %r) : (tensor<3xi1>, tensor<3xi64>, tensor<3xi64>) -> tensor<3xi64>
  %y = "dlc_graph.expand"(%cls, %shape) : (tensor<1x1x16xf32>, tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// An entry known only at run time: a static input dim other than 1 is
// the output's (broadcasting allows nothing else), a 1 is `?`.
// CHECK-LABEL: func.func @expand_unknown_entries
// CHECK: "dlc_graph.expand"
// CHECK-SAME: -> tensor<?x5xf32>
func.func @expand_unknown_entries(%x: tensor<1x5xf32>, %shape: tensor<2xi64>) -> tensor<?x?xf32> {
  %y = "dlc_graph.expand"(%x, %shape) : (tensor<1x5xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

// The LSTM's initial state [layers * directions, batch, hidden].
// CHECK-LABEL: func.func @constant_of_shape_batch
// CHECK: "dlc_graph.constant_of_shape"
// CHECK-SAME: -> tensor<4x?x8xf32>
func.func @constant_of_shape_batch(%x: tensor<?x5x6xf32>) -> tensor<?x?x?xf32> {
  %s = "dlc_graph.shape"(%x) : (tensor<?x5x6xf32>) -> tensor<3xi64>
  %i0 = "dlc_graph.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %n = "dlc_graph.gather"(%s, %i0) : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
  %n1 = "dlc_graph.unsqueeze"(%n) {axes = array<i64: 0>} : (tensor<i64>) -> tensor<1xi64>
  %four = "dlc_graph.constant"() {value = dense<4> : tensor<1xi64>} : () -> tensor<1xi64>
  %eight = "dlc_graph.constant"() {value = dense<8> : tensor<1xi64>} : () -> tensor<1xi64>
  %a = "dlc_graph.concat"(%four, %n1) {axis = 0 : i64} : (tensor<1xi64>, tensor<1xi64>) -> tensor<2xi64>
  %shape = "dlc_graph.concat"(%a, %eight) {axis = 0 : i64} : (tensor<2xi64>, tensor<1xi64>) -> tensor<3xi64>
  %y = "dlc_graph.constant_of_shape"(%shape) {dtype = f32} : (tensor<3xi64>) -> tensor<?x?x?xf32>
  return %y : tensor<?x?x?xf32>
}

// -----

// Static dims of a tensor with a dynamic one, through integer arithmetic:
// (48 + 2) / 3 is 16.
// CHECK-LABEL: func.func @constant_of_shape_static_dims
// CHECK: "dlc_graph.constant_of_shape"
// CHECK-SAME: -> tensor<16xf32>
func.func @constant_of_shape_static_dims(%x: tensor<?x48xf32>) -> tensor<?xf32> {
  %s = "dlc_graph.shape"(%x) {start = -1 : i64} : (tensor<?x48xf32>) -> tensor<1xi64>
  %two = "dlc_graph.constant"() {value = dense<2> : tensor<1xi64>} : () -> tensor<1xi64>
  %three = "dlc_graph.constant"() {value = dense<3> : tensor<1xi64>} : () -> tensor<1xi64>
  %a = "dlc_graph.add"(%s, %two) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %d = "dlc_graph.div"(%a, %three) : (tensor<1xi64>, tensor<1xi64>) -> tensor<1xi64>
  %y = "dlc_graph.constant_of_shape"(%d) {dtype = f32} : (tensor<1xi64>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
