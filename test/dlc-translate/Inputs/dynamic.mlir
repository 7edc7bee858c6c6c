// A `?` dim that nothing fixes: fine in the graph, not in a C signature.
func.func @net(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = "dlc_graph.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
