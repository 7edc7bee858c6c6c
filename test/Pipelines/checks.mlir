// The lowering pipelines' `checks` option (DlcCompileOptions.checks,
// --unchecked): by default an integer Div and a Gather report through
// status slots that the entry returns; checks=false computes no status.
// RUN: dlc-opt %s --dlc-linalg-to-loops | FileCheck %s --check-prefix=CHECKED
// RUN: dlc-opt %s --dlc-linalg-to-loops=checks=false | FileCheck %s --check-prefix=UNCHECKED
// RUN: dlc-opt %s --dlc-linalg-to-loops=checks=false | FileCheck %s --check-prefix=SAFE

// CHECKED-LABEL: func.func @main
// CHECKED-COUNT-2: memref.alloca() {dlc.status_slot}
// CHECKED: arith.maxui

// UNCHECKED-LABEL: func.func @main
// UNCHECKED-NOT: dlc.status_slot
// UNCHECKED-NOT: arith.maxui
// The kernels stay safe: the divisor made 1 where it is 0 and the gather
// index clamped.
// SAFE-LABEL: func.func @main
// SAFE-DAG: arith.divsi
// SAFE-DAG: arith.minsi

// Bad values of the option are one clear error.
// RUN: not dlc-opt %s --dlc-lower-to-llvm=checks=maybe 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: for the --checks option: 'maybe' is invalid value for boolean argument!
func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>, %table: tensor<4x3xf32>, %ids: tensor<3xi64>) -> (tensor<4xi32>, tensor<3x3xf32>) {
  %q = "dlc_graph.div"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %g = "dlc_graph.gather"(%table, %ids) {axis = 0 : i64} : (tensor<4x3xf32>, tensor<3xi64>) -> tensor<3x3xf32>
  return %q, %g : tensor<4xi32>, tensor<3x3xf32>
}
