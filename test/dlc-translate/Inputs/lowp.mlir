func.func @main(%x: tensor<4xf8E4M3FN>) -> tensor<4xi4> {
  %f = "dlc_graph.cast"(%x) {to = f32} : (tensor<4xf8E4M3FN>) -> tensor<4xf32>
  %y = "dlc_graph.cast"(%f) {to = i4} : (tensor<4xf32>) -> tensor<4xi4>
  return %y : tensor<4xi4>
}
