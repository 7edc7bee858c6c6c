// Pipelines mixing DLC passes (with {options}) and upstream passes, as
// --pass-pipeline, as -p and as flags; named pipelines as flags and elements.

// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-infer-shapes{},canonicalize,dlc-graph-to-tensor,cse)' | FileCheck %s --check-prefix=MIXED
// RUN: dlc-opt %s -p 'builtin.module(func.func(dlc-infer-shapes),dlc-graph-to-tensor,func.func(cse))' | FileCheck %s --check-prefix=MIXED
// RUN: dlc-opt %s --dlc-infer-shapes -canonicalize --dlc-graph-to-tensor -cse | FileCheck %s --check-prefix=MIXED
// MIXED-LABEL: func.func @main
// MIXED-SAME: -> tensor<2x4xf32>
// MIXED: %[[Y:.*]] = "dlc_tensor.contract"{{.*}} -> tensor<2x4xf32>
// MIXED: %[[R:.*]] = "dlc_tensor.map"(%[[Y]]) {fn = @__dlc_relu_f32_f32
// MIXED: return %[[R]] : tensor<2x4xf32>
// MIXED-NOT: dlc_graph.

// Options of a DLC pass, in a pipeline and as a flag (dlc-flatten-constants
// flattens constants of at least min-elements elements).
// RUN: dlc-opt %S/Inputs/constants.mlir --pass-pipeline='builtin.module(dlc-flatten-constants{min-elements=4},cse)' | FileCheck %s --check-prefix=OPTION
// RUN: dlc-opt %S/Inputs/constants.mlir --dlc-flatten-constants='min-elements=6' -cse | FileCheck %s --check-prefix=OPTION
// OPTION: arith.constant dense_resource<{{.*}}> : tensor<6xf32>
// OPTION: tensor.expand_shape
// RUN: dlc-opt %S/Inputs/constants.mlir -p 'builtin.module(dlc-flatten-constants{min-elements=7})' | FileCheck %s --check-prefix=NOOPTION
// NOOPTION: arith.constant dense<{{.*}}> : tensor<2x3xf32>
// NOOPTION-NOT: expand_shape

// A named pipeline, as a flag and as an element.
// RUN: dlc-opt %s --dlc-graph-to-linalg | FileCheck %s --check-prefix=PIPELINE
// RUN: dlc-opt %s --pass-pipeline='builtin.module(dlc-graph-to-linalg,canonicalize)' | FileCheck %s --check-prefix=PIPELINE
// PIPELINE-LABEL: func.func @main
// PIPELINE: linalg.generic
// PIPELINE-NOT: dlc_

// IR printing names DLC passes like upstream ones.
// RUN: dlc-opt %s --dlc-infer-shapes --cse --mlir-print-ir-after-all --mlir-print-ir-before-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=PRINTIR
// PRINTIR: // -----// IR Dump Before DlcInferShapes (dlc-infer-shapes) //----- //
// PRINTIR: "dlc_graph.matmul"{{.*}} -> tensor<?x?xf32>
// PRINTIR: // -----// IR Dump After DlcInferShapes (dlc-infer-shapes) //----- //
// PRINTIR: "dlc_graph.matmul"{{.*}} -> tensor<2x4xf32>
// PRINTIR: // -----// IR Dump Before CSE (cse) //----- //
// PRINTIR: // -----// IR Dump After CSE (cse) //----- //

// Timing reports DLC passes, once per run.
// RUN: dlc-opt %s --dlc-graph-to-linalg --mlir-timing --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING: DlcInferShapes
// TIMING: DlcGraphToTensor
// TIMING: DlcTensorToLinalg
// TIMING: Canonicalizer
// TIMING: Total
// TIMING-NOT: Execution time report

// Locations survive the DLC passes and print with --mlir-print-debuginfo.
// RUN: dlc-opt %s --dlc-graph-to-tensor --mlir-print-debuginfo | FileCheck %s --check-prefix=DEBUGINFO
// DEBUGINFO: "dlc_tensor.contract"{{.*}} loc(#[[MATMUL:.*]])
// DEBUGINFO: #[[MATMUL]] = loc("{{.*}}pass-pipeline.mlir":[[# @LINE + 4]]:8)

func.func @main(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %w2 = "dlc_graph.identity"(%w) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %y = "dlc_graph.matmul"(%x, %w2) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<?x?xf32>
  %r = "dlc_graph.relu"(%y) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
