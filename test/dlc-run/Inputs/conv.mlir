// Two convolutions (the first with bias and relu as its epilogue) that
// DLC's schedules tile with scf.forall: the loops threads share.
func.func @main(%x: tensor<1x16x34x34xf32>, %w: tensor<32x16x3x3xf32>, %b: tensor<32xf32>, %w2: tensor<16x32x3x3xf32>) -> tensor<1x16x32x32xf32> {
  %y = "dlc_graph.conv"(%x, %w, %b) : (tensor<1x16x34x34xf32>, tensor<32x16x3x3xf32>, tensor<32xf32>) -> tensor<1x32x32x32xf32>
  %r = "dlc_graph.relu"(%y) : (tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  %z = "dlc_graph.conv"(%r, %w2) {pads = array<i64: 1, 1, 1, 1>} : (tensor<1x32x32x32xf32>, tensor<16x32x3x3xf32>) -> tensor<1x16x32x32xf32>
  return %z : tensor<1x16x32x32xf32>
}
