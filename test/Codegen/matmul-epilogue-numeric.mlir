// Products fused with their epilogues compute what the naive loops
// compute: column blocks that do not divide N (300 columns), a product
// over a batch dim whose epilogue (bias and residual add) reads it through
// a reshape, a batched product, a matrix-vector product (2 rows), and a
// product that is also returned (its consumer is no epilogue), on one and
// two threads.
// DEFINE: %{inputs} = --input %t/input_0.npy --input %t/input_1.npy --input %t/input_2.npy --input %t/input_3.npy --input %t/input_4.npy --input %t/input_5.npy --input %t/input_6.npy --input %t/input_7.npy --input %t/input_8.npy --input %t/input_9.npy
// DEFINE: %{expect} = --expect %t/naive/output_0.npy --expect %t/naive/output_1.npy --expect %t/naive/output_2.npy --expect %t/naive/output_3.npy --expect %t/naive/output_4.npy --expect %t/naive/output_5.npy --rtol 1e-4 --atol 1e-4
// RUN: %python %S/Inputs/make_inputs.py %t 37x70 70x300 300 1x33x64 64x96 96 1x33x96 3x17x19 3x19x23 2x50
// RUN: dlc-run %s --codegen=naive --threads 1 %{inputs} -o %t/naive
// RUN: dlc-run %s --threads 1 %{inputs} %{expect} | FileCheck %s
// RUN: dlc-run %s --threads 2 %{inputs} %{expect} | FileCheck %s
// The epilogues run in their products' column blocks (scf.forall) where
// there are several; the 96-column product is one block, and its epilogue
// runs after its loops, in place (the product is its `outs`).
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-fuse-elementwise, canonicalize, cse, dlc-codegen)' | FileCheck %s --check-prefix=LOOPS
// LOOPS-LABEL: func.func @main
// LOOPS: linalg.generic {{.*}} ins(%[[P:[0-9]+]], %arg5, {{.*}}) outs(%[[P]] :
// CHECK-COUNT-6: dtype=float32 {{.*}} ok
func.func @main(%a: tensor<37x70xf32>, %b: tensor<70x300xf32>, %bias: tensor<300xf32>,
                %x: tensor<1x33x64xf32>, %w: tensor<64x96xf32>, %wb: tensor<96xf32>,
                %res: tensor<1x33x96xf32>, %p: tensor<3x17x19xf32>, %q: tensor<3x19x23xf32>,
                %v: tensor<2x50xf32>)
    -> (tensor<37x300xf32>, tensor<1x33x96xf32>, tensor<3x17x23xf32>, tensor<2x300xf32>,
        tensor<37x300xf32>, tensor<37x300xf32>) {
  %g = "dlc_graph.gemm"(%a, %b, %bias) : (tensor<37x70xf32>, tensor<70x300xf32>, tensor<300xf32>) -> tensor<37x300xf32>
  %gr = "dlc_graph.relu"(%g) : (tensor<37x300xf32>) -> tensor<37x300xf32>
  %m = "dlc_graph.matmul"(%x, %w) : (tensor<1x33x64xf32>, tensor<64x96xf32>) -> tensor<1x33x96xf32>
  %mb = "dlc_graph.add"(%m, %wb) : (tensor<1x33x96xf32>, tensor<96xf32>) -> tensor<1x33x96xf32>
  %mr = "dlc_graph.add"(%mb, %res) : (tensor<1x33x96xf32>, tensor<1x33x96xf32>) -> tensor<1x33x96xf32>
  %bm = "dlc_graph.matmul"(%p, %q) : (tensor<3x17x19xf32>, tensor<3x19x23xf32>) -> tensor<3x17x23xf32>
  %bs = "dlc_graph.sigmoid"(%bm) : (tensor<3x17x23xf32>) -> tensor<3x17x23xf32>
  %vb = "dlc_graph.slice"(%b) {starts = array<i64: 0>, ends = array<i64: 50>}
      : (tensor<70x300xf32>) -> tensor<50x300xf32>
  %mv = "dlc_graph.matmul"(%v, %vb) : (tensor<2x50xf32>, tensor<50x300xf32>) -> tensor<2x300xf32>
  %mvt = "dlc_graph.tanh"(%mv) : (tensor<2x300xf32>) -> tensor<2x300xf32>
  %na = "dlc_graph.neg"(%a) : (tensor<37x70xf32>) -> tensor<37x70xf32>
  %both = "dlc_graph.matmul"(%na, %b) : (tensor<37x70xf32>, tensor<70x300xf32>) -> tensor<37x300xf32>
  %bothr = "dlc_graph.relu"(%both) : (tensor<37x300xf32>) -> tensor<37x300xf32>
  return %gr, %mr, %bs, %mvt, %both, %bothr : tensor<37x300xf32>, tensor<1x33x96xf32>, tensor<3x17x23xf32>, tensor<2x300xf32>, tensor<37x300xf32>, tensor<37x300xf32>
}
