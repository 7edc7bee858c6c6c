// A 2-D constant of 6 elements, for pass options (see pass-pipeline.mlir).
func.func @weights() -> tensor<2x3xf32> {
  %c = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  return %c : tensor<2x3xf32>
}
