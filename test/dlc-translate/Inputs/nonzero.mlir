func.func @nz(%x: tensor<3x4xf32>) -> tensor<2x?xi64> {
  %y = "dlc_graph.nonzero"(%x) : (tensor<3x4xf32>) -> tensor<2x?xi64>
  return %y : tensor<2x?xi64>
}
