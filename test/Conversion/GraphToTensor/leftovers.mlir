// RUN: dlc-opt %s -dlc-graph-to-tensor -verify-diagnostics

// Every op the decomposition cannot handle is reported in the same run, each
// at its own location with its reason; the lowerable ones in between do not
// stop the report.
func.func @two_unsupported(%x: tensor<?x4xf32>, %a: tensor<?x?x1x1x1x1x1x1x1x1x1x2x3xf32>,
                           %b: tensor<3x5xf32>) -> (tensor<?x2xf32>, tensor<?x?x1x1x1x1x1x1x1x1x1x2x5xf32>) {
  // expected-error@+1 {{'dlc_graph.slice' op cannot be lowered by dlc-graph-to-tensor: dim 0 is sliced but has a dynamic size}}
  %0 = "dlc_graph.slice"(%x) {starts = array<i64: 1, 0>, ends = array<i64: 3, 2>} : (tensor<?x4xf32>) -> tensor<?x2xf32>
  %1 = "dlc_graph.relu"(%0) : (tensor<?x2xf32>) -> tensor<?x2xf32>
  // expected-error@+1 {{'dlc_graph.matmul' op cannot be lowered by dlc-graph-to-tensor: more than 10 batch dims}}
  %2 = "dlc_graph.matmul"(%a, %b) : (tensor<?x?x1x1x1x1x1x1x1x1x1x2x3xf32>, tensor<3x5xf32>) -> tensor<?x?x1x1x1x1x1x1x1x1x1x2x5xf32>
  return %1, %2 : tensor<?x2xf32>, tensor<?x?x1x1x1x1x1x1x1x1x1x2x5xf32>
}
