// A two-layer perceptron in the dlc_graph dialect, written by hand: x @ w1
// + b1, relu, @ w2. `?` dims are refined by dlc-infer-shapes.
func.func @main(%x: tensor<1x4xf32>) -> tensor<?x?xf32> {
  %w1 = "dlc_graph.constant"() {value = dense<[[0.5, -0.25, 0.125], [1.0, 0.75, -0.5], [-1.0, 0.25, 0.5], [0.25, -0.75, 1.0]]> : tensor<4x3xf32>} : () -> tensor<4x3xf32>
  %b1 = "dlc_graph.constant"() {value = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>} : () -> tensor<3xf32>
  %w2 = "dlc_graph.constant"() {value = dense<[[1.0, -1.0], [0.5, 0.25], [-0.5, 2.0]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %h = "dlc_graph.gemm"(%x, %w1, %b1) : (tensor<1x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  %r = "dlc_graph.relu"(%h) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %y = "dlc_graph.matmul"(%r, %w2) : (tensor<?x?xf32>, tensor<3x2xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
