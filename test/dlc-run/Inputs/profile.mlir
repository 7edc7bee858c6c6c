// One 512x512x512 matmul among tiny ops, each op a named node (as the ONNX
// importer names them): the matmul must take nearly all of a profile.
func.func @main(%a: tensor<512x512xf32>, %b: tensor<512x512xf32>, %s: tensor<8xf32>)
    -> (tensor<512x512xf32>, tensor<8xf32>) {
  %m = "dlc_graph.matmul"(%a, %b) : (tensor<512x512xf32>, tensor<512x512xf32>) -> tensor<512x512xf32> loc("big_matmul")
  %r = "dlc_graph.relu"(%s) : (tensor<8xf32>) -> tensor<8xf32> loc("tiny_relu")
  %e = "dlc_graph.exp"(%r) : (tensor<8xf32>) -> tensor<8xf32> loc("tiny_exp")
  %t = "dlc_graph.softmax"(%e) : (tensor<8xf32>) -> tensor<8xf32> loc("tiny_softmax")
  return %m, %t : tensor<512x512xf32>, tensor<8xf32>
}
