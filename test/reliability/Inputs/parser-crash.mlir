// Upstream's custom parser of linalg.reduce (and transpose, broadcast)
// stores the null attribute that a failed `dimensions = [...]` parse
// leaves, and crashes (llvm/llvm-project#132747).
func.func @f(%a: tensor<4xf32>, %b: tensor<f32>) {
  %r = linalg.reduce ins(%a : tensor<4xf32>) outs(%b : tensor<f32>) dimensions = 0
  return
}
