// For runtime.c: @main doubles a dynamic batch; @pair is a second entry.
func.func @main(%x: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %r = "dlc_graph.add"(%x, %x) : (tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}

func.func @pair(%a: tensor<3xui16>) -> (tensor<3xui16>, tensor<3xui16>) {
  return %a, %a : tensor<3xui16>, tensor<3xui16>
}
