// A product with dynamic rows fuses with its epilogue like a static one:
// the bias add, read through the expansion of the rows back into batch and
// tokens, is rewritten over the product's rows and computed in each column
// block in place (the product is its `outs`), into a destination cloned
// before the product with its run-time size.
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-graph-to-linalg, dlc-fuse-elementwise, canonicalize, cse, dlc-codegen)' | FileCheck %s
// CHECK-LABEL: func.func @main
// CHECK: scf.for
// CHECK: vector.outerproduct
// CHECK: linalg.generic {{.*}} ins(%[[P:[0-9]+]], %{{.*}} : tensor<?x300xf32>, {{.*}}) outs(%[[P]] :
// CHECK: tensor.expand_shape {{.*}} into tensor<?x33x300xf32>
func.func @main(%x: tensor<?x33x64xf32>, %w: tensor<64x300xf32>, %b: tensor<300xf32>) -> tensor<?x33x300xf32> {
  %m = "dlc_graph.matmul"(%x, %w) : (tensor<?x33x64xf32>, tensor<64x300xf32>) -> tensor<?x33x300xf32>
  %y = "dlc_graph.add"(%m, %b) : (tensor<?x33x300xf32>, tensor<300xf32>) -> tensor<?x33x300xf32>
  return %y : tensor<?x33x300xf32>
}
