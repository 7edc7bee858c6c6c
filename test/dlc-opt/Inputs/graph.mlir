// A small dlc_graph function for the command-line tests.
func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %y = "dlc_graph.matmul"(%x, %w) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  %r = "dlc_graph.relu"(%y) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
