// Chunks separated by a custom marker; the default one is then a comment.
func.func @first(%x: tensor<2xf32>) -> tensor<?xf32> {
  %0 = "dlc_graph.relu"(%x) : (tensor<2xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
// -----
func.func @second(%x: tensor<3xf32>) -> tensor<?xf32> {
  %0 = "dlc_graph.relu"(%x) : (tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
// =====
func.func @third(%x: tensor<3xi32>) -> tensor<?xi32> {
  %0 = "dlc_graph.abs"(%x) : (tensor<3xi32>) -> tensor<?xi32>
  return %0 : tensor<?xi32>
}
