// RUN: dlc-opt %s -split-input-file -dlc-graph-to-tensor -verify-diagnostics

// An expand whose shape is computed at run time (not folded to a
// constant) cannot be lowered yet (reshape and constant_of_shape can:
// run-time-shape-values.mlir).
func.func @expand(%x: tensor<3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.expand' op cannot be lowered by dlc-graph-to-tensor: its shape ('shape_tensor') is computed at run time; DLC compiles static shapes: fold it with dlc-optimize (the drivers' default) or bind the inputs it depends on}}
  %y = "dlc_graph.expand"(%x, %s) : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
