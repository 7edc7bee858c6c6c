func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %h = "dlc_graph.cast"(%x) {to = bf16} : (tensor<8xf32>) -> tensor<8xbf16>
  %y = "dlc_graph.cast"(%h) {to = f32} : (tensor<8xbf16>) -> tensor<8xf32>
  return %y : tensor<8xf32>
}
