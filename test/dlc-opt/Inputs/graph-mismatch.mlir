func.func @main(%x: tensor<2x3xf32>, %w: tensor<4x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.matmul"(%x, %w) : (tensor<2x3xf32>, tensor<4x4xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
