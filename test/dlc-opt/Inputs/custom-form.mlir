func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  // Comments and strings may name dlc_graph.relu: only op positions count.
  %y = dlc_graph.relu %x : tensor<4xf32>
  return %y : tensor<4xf32>
}
