// The verifier rejects this dlc_graph op after parsing.
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %y = "dlc_graph.relu"(%x) {alpha = 0.5 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %y : tensor<2x3xf32>
}
