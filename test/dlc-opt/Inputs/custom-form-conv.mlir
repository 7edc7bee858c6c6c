func.func @f(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x3x3xf32>) -> tensor<1x1x2x2xf32> {
  %c = dlc_graph.conv %x, %w : tensor<1x1x2x2xf32>
  return %c : tensor<1x1x2x2xf32>
}
