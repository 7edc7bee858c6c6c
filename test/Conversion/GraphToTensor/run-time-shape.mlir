// RUN: dlc-opt %s -split-input-file -dlc-graph-to-tensor -verify-diagnostics

// A shape computed at run time (not folded to a constant) cannot be
// lowered: DLC compiles static shapes.
func.func @reshape(%x: tensor<6xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.reshape' op cannot be lowered by dlc-graph-to-tensor: its shape ('shape_tensor') is computed at run time; DLC compiles static shapes: fold it with dlc-optimize (the drivers' default) or bind the inputs it depends on}}
  %y = "dlc_graph.reshape"(%x, %s) : (tensor<6xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @expand(%x: tensor<3xf32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.expand' op cannot be lowered by dlc-graph-to-tensor: its shape ('shape_tensor') is computed at run time}}
  %y = "dlc_graph.expand"(%x, %s) : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}

// -----

func.func @constant_of_shape(%s: tensor<2xi64>) -> tensor<?x?xf32> {
  // expected-error@+1 {{'dlc_graph.constant_of_shape' op cannot be lowered by dlc-graph-to-tensor: its shape is computed at run time}}
  %c = "dlc_graph.constant_of_shape"(%s) {dtype = f32} : (tensor<2xi64>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}
