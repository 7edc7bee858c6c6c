// An innermost dim that no block divides (an audio model's 3199 steps):
// its whole blocks are transposed in 16 x 16 blocks (8 x 8 with AVX2) and the
// rest, 3 columns, is left to the loop lowering; before, all of it was
// (the 1-D 1 -> 512 channel layer over 16000 samples: 5.2 ms, 0.78 after).
// RUN: dlc-opt %s --dlc-codegen='vector-bits=512 vector-registers=32' | FileCheck %s
// RUN: dlc-opt %s --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --check-prefix=AVX2
// RUN: %python %S/Inputs/make_inputs.py %t 1x1x19x32
// RUN: dlc-run %s --codegen=naive --input %t/input_0.npy -o %t/naive
// RUN: dlc-run %s --input %t/input_0.npy --expect %t/naive/output_0.npy --rtol 0 --atol 0 | FileCheck %s --check-prefix=OUT
// CHECK-LABEL: func.func @main
// CHECK: scf.forall
// CHECK: vector.transfer_read {{.*}} : tensor<1x1x16x16xf32>, vector<1x1x16x16xf32>
// CHECK: vector.shuffle
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x32x1x3xf32>)
// AVX2: vector.transfer_read {{.*}} : tensor<1x1x8x8xf32>, vector<1x1x8x8xf32>
// AVX2: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x32x1x3xf32>)
// OUT: output 0: shape=[1, 32, 1, 19] dtype=float32 {{.*}} ok
func.func @main(%x: tensor<1x1x19x32xf32>) -> tensor<1x32x1x19xf32> {
  %e = tensor.empty() : tensor<1x32x1x19xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, h, w, c)>,
                                        affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%x : tensor<1x1x19x32xf32>) outs(%e : tensor<1x32x1x19xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<1x32x1x19xf32>
  return %y : tensor<1x32x1x19xf32>
}
