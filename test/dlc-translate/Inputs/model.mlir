// Two entries: @main (named after the output file when exported) and
// @scale, with a private helper that stays internal.
func.func @main(%x: tensor<3x4xf32>, %k: tensor<4xui8>) -> (tensor<3x2xf32>, tensor<4xui8>) {
  %w = "dlc_graph.constant"() {value = dense<[[1.0, -1.0], [0.5, 0.25], [-0.5, 2.0], [0.25, 0.0]]> : tensor<4x2xf32>} : () -> tensor<4x2xf32>
  %h = "dlc_graph.matmul"(%x, %w) : (tensor<3x4xf32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  %y = "dlc_graph.relu"(%h) : (tensor<3x2xf32>) -> tensor<3x2xf32>
  %k2 = call @double(%k) : (tensor<4xui8>) -> tensor<4xui8>
  return %y, %k2 : tensor<3x2xf32>, tensor<4xui8>
}

func.func @scale(%s: tensor<f64>, %v: tensor<2x0xi1>) -> tensor<f64> {
  %r = "dlc_graph.mul"(%s, %s) : (tensor<f64>, tensor<f64>) -> tensor<f64>
  return %r : tensor<f64>
}

func.func private @double(%k: tensor<4xui8>) -> tensor<4xui8> {
  %r = "dlc_graph.add"(%k, %k) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xui8>
  return %r : tensor<4xui8>
}
