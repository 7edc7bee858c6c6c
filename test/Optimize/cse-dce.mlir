// RUN: dlc-opt %s -split-input-file --dlc-cse --dlc-dce | FileCheck %s

// Two identical relus become one; a dead one (and its dead operand chain)
// goes. Upstream --cse and DCE keep all three (IRDL ops have no traits).
// CHECK-LABEL: func.func @relus
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>)
// CHECK: %[[R:.*]] = "dlc_graph.relu"(%[[X]])
// CHECK-NOT: dlc_graph
// CHECK: return %[[R]], %[[R]]
func.func @relus(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  %a = "dlc_graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %b = "dlc_graph.relu"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %n = "dlc_graph.neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %dead = "dlc_graph.relu"(%n) : (tensor<2xf32>) -> tensor<2xf32>
  return %a, %b : tensor<2xf32>, tensor<2xf32>
}

// -----

// Ops that differ in an attribute or a result type are not merged; a
// returned value stays.
// CHECK-LABEL: func.func @distinct
// CHECK-COUNT-2: dlc_graph.softmax
// CHECK-COUNT-2: dlc_graph.identity
func.func @distinct(%x: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<?x2xf32>) {
  %a = "dlc_graph.softmax"(%x) {axis = 0 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %b = "dlc_graph.softmax"(%x) {axis = 1 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %c = "dlc_graph.identity"(%x) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %d = "dlc_graph.identity"(%x) : (tensor<2x2xf32>) -> tensor<?x2xf32>
  return %a, %b, %c, %d : tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<?x2xf32>
}
