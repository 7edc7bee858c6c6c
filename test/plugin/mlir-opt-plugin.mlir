// UNSUPPORTED: sanitized
// Stock mlir-opt runs DLC's passes (with options) and pipelines from
// DLCPlugin.so, on DLC's dialects loaded from the IRDL file. Plugin passes
// are named in --pass-pipeline (mlir-opt parses its flags before loading
// plugins, so --dlc-<pass> flags are not known to it).
// RUN: mlir-opt --load-pass-plugin=%dlc_obj/lib/DLCPlugin.so --irdl-file=%irdl %s --pass-pipeline='builtin.module(dlc-fold-constants{max-elements=4})' | FileCheck %s --check-prefix=PASS
// RUN: mlir-opt --load-pass-plugin=%dlc_obj/lib/DLCPlugin.so --irdl-file=%irdl %s --pass-pipeline='builtin.module(dlc-optimize{disable=dlc-dce})' | FileCheck %s --check-prefix=NODCE
// RUN: mlir-opt --load-pass-plugin=%dlc_obj/lib/DLCPlugin.so --irdl-file=%irdl %s --pass-pipeline='builtin.module(dlc-optimize,dlc-lower-to-llvm{threads=1})' | FileCheck %s --check-prefix=LLVM

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "dlc_graph.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %b = "dlc_graph.constant"() {value = dense<2.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %c = "dlc_graph.mul"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %y = "dlc_graph.add"(%x, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}
// The product of constants is folded by the pass with its option.
// PASS: "dlc_graph.constant"() {value = dense<[2.000000e+00, 4.000000e+00, 6.000000e+00, 8.000000e+00]> : tensor<4xf32>}
// PASS-NOT: dlc_graph.mul
// PASS: "dlc_graph.add"

// The pipeline's option leaves the dead constants.
// NODCE-COUNT-3: "dlc_graph.constant"
// NODCE-NOT: dlc_graph.mul

// LLVM: llvm.func @main(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) -> i32
// LLVM-NOT: dlc_graph

// DLC's verifier runs on entry to each DLC pass (stock mlir-opt has no hook
// after parsing): IR that only IRDL accepts is refused there.
// RUN: not mlir-opt --load-pass-plugin=%dlc_obj/lib/DLCPlugin.so --irdl-file=%irdl %S/../dlc-opt/Inputs/graph-invalid.mlir --pass-pipeline='builtin.module(dlc-verify)' 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: not mlir-opt --load-pass-plugin=%dlc_obj/lib/DLCPlugin.so --irdl-file=%irdl %S/../dlc-opt/Inputs/graph-invalid.mlir --pass-pipeline='builtin.module(dlc-infer-shapes)' 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: mlir-opt --irdl-file=%irdl %S/../dlc-opt/Inputs/graph-invalid.mlir > /dev/null
// VERIFY: graph-invalid.mlir:3:8: error: 'dlc_graph.relu' op has unknown attribute 'alpha' (it has no attributes)
