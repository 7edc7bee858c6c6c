// RUN: dlc-opt %s -split-input-file --dlc-codegen='vector-bits=256 vector-registers=16' | FileCheck %s --implicit-check-not=__dlc_codegen_group

// Each schedule runs on its targets moved into a function of their own
// (lib/Codegen/Isolate.c), then put back where the last target was. The
// zero fill that CSE shared between two convolutions: the first is
// scheduled with a copy of it, the second (fused with the add, its
// epilogue) with the fill itself; the add reads the first one's result.
// CHECK-LABEL: func.func @shared_fill
// CHECK: %[[A:.*]] = scf.forall
// CHECK: vector.fma
// CHECK: %[[B:.*]] = scf.forall
// CHECK: vector.transfer_read %[[A]][
// CHECK: vector.fma
// CHECK: arith.addf {{.*}} : vector<6x16xf32>
// CHECK: return %[[B]]
// CHECK-NOT: linalg.
func.func @shared_fill(%x: tensor<1x8x8x16xf32>, %w: tensor<1x1x16x16xf32>) -> tensor<1x8x8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x16xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %a = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<1x8x8x16xf32>, tensor<1x1x16x16xf32>) outs(%init : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %b = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%a, %w : tensor<1x8x8x16xf32>, tensor<1x1x16x16xf32>) outs(%init : tensor<1x8x8x16xf32>) -> tensor<1x8x8x16xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>, affine_map<(n, h, w, c) -> (n, h, w, c)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
    ins(%a, %b : tensor<1x8x8x16xf32>, tensor<1x8x8x16xf32>) outs(%e : tensor<1x8x8x16xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %t = arith.addf %p, %q : f32
    linalg.yield %t : f32
  } -> tensor<1x8x8x16xf32>
  return %s : tensor<1x8x8x16xf32>
}

// -----

// A matmul inside a loop: what it reads from the loop (the slice of the
// induction variable, the iter_arg) becomes arguments of the isolated
// function, and is the loop's values again afterwards.
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: tensor.extract_slice %{{.*}}[%[[I]], 0, 0]
// CHECK: vector.outerproduct
// CHECK: linalg.copy {{.*}} outs(%[[ACC]] :
// CHECK: scf.yield
func.func @in_loop(%a: tensor<4x64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x64xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> tensor<64x64xf32> {
    %s = tensor.extract_slice %a[%i, 0, 0] [1, 64, 64] [1, 1, 1] : tensor<4x64x64xf32> to tensor<64x64xf32>
    %m = linalg.matmul ins(%s, %b : tensor<64x64xf32>, tensor<64x64xf32>) outs(%acc : tensor<64x64xf32>) -> tensor<64x64xf32>
    scf.yield %m : tensor<64x64xf32>
  }
  return %r : tensor<64x64xf32>
}
