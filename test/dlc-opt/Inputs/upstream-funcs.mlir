// Upstream dialects only: dlc-opt must print what mlir-opt prints.
func.func @scalars(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %b : i32
  %2 = arith.muli %0, %b : i32
  %3 = arith.addi %1, %2 : i32
  return %3 : i32
}

func.func @tensors(%t: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func private @declared(tensor<2x?xi8>) -> memref<3xf64>
