// Every error: one message naming the file or argument, exit status 2, no
// output written.
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t errors

// RUN: (dlc-run %t/missing.mlir --input %t/x.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=NO-MODEL
// NO-MODEL: error: cannot open '{{.*}}missing.mlir': No such file or directory
// NO-MODEL-NEXT: exit 2

// RUN: (dlc-run %t/bad.mlir --input %t/x.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=PARSE
// PARSE: bad.mlir:2:12: error: expected ':'
// PARSE: exit 2

// RUN: (dlc-run %t/unknown-op.mlir --input %t/x.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=UNKNOWN-OP
// UNKNOWN-OP: unknown-op.mlir:2:8: error: unregistered operation 'dlc_graph.frobnicate'
// UNKNOWN-OP: exit 2

// RUN: (dlc-run %s --input %t/missing.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=NO-INPUT
// NO-INPUT: dlc-run: cannot open '{{.*}}missing.npy': No such file or directory
// NO-INPUT-NEXT: exit 2

// RUN: (dlc-run %s --input %t/text.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=NOT-TENSOR
// NOT-TENSOR: dlc-run: '{{.*}}text.npy' is neither a .npy file nor a serialized onnx.TensorProto
// NOT-TENSOR-NEXT: exit 2

// RUN: (dlc-run %s --input %t/truncated.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: dlc-run: '{{.*}}truncated.npy' holds 20 bytes of data, but its shape needs 24
// TRUNCATED-NEXT: exit 2

// RUN: (dlc-run %s --input %t/x64.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=DTYPE
// DTYPE: dlc-run: '{{.*}}x64.npy' holds float64[2, 3], but the model's input 0 is float32[2, 3]
// DTYPE-NEXT: exit 2

// RUN: (dlc-run %s --input %t/x32.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=SHAPE
// SHAPE: dlc-run: '{{.*}}x32.npy' holds float32[3, 2], but the model's input 0 is float32[2, 3]
// SHAPE-NEXT: exit 2

// RUN: (dlc-run %s 2>&1; echo "exit $?") | FileCheck %s --check-prefix=TOO-FEW
// TOO-FEW: dlc-run: @main takes 1 inputs, but 0 were given
// TOO-FEW-NEXT: exit 2

// RUN: (dlc-run %s --input %t/x.npy --input %t/x.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=TOO-MANY
// TOO-MANY: dlc-run: @main takes 1 inputs, but 2 were given
// TOO-MANY-NEXT: exit 2

// RUN: (dlc-run %s --entry nope --input %t/x.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=ENTRY
// ENTRY: error: no public function named 'nope' (the module has @main)
// ENTRY-NEXT: exit 2

// RUN: (dlc-run %s --input %t/x.npy --expect %t/y1.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=EXPECT-SHAPE
// EXPECT-SHAPE: dlc-run: '{{.*}}y1.npy' holds float32[6], but the model's output 0 is float32[2, 3]
// EXPECT-SHAPE-NEXT: exit 2

// RUN: (dlc-run %s --input %t/x.npy --expect %t/y.npy --expect %t/y.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=EXPECT-COUNT
// EXPECT-COUNT: dlc-run: the model has 1 outputs, but 2 expectations were given
// EXPECT-COUNT-NEXT: exit 2

// RUN: (dlc-run %s --input %t/x.npy --frobnicate 2>&1; echo "exit $?") | FileCheck %s --check-prefix=FLAG
// FLAG: dlc-run: unknown option '--frobnicate' (see --help)
// FLAG-NEXT: exit 2

// RUN: (dlc-run %s --input 2>&1; echo "exit $?") | FileCheck %s --check-prefix=NO-VALUE
// NO-VALUE: dlc-run: option '--input' requires a value
// NO-VALUE-NEXT: exit 2

// RUN: (dlc-run %s --input %t/x.npy --rtol abc 2>&1; echo "exit $?") | FileCheck %s --check-prefix=RTOL
// RTOL: dlc-run: --rtol expects a non-negative number, got 'abc'
// RTOL-NEXT: exit 2
// RUN: (dlc-run %s --input %t/x.npy --atol=-1 2>&1; echo "exit $?") | FileCheck %s --check-prefix=ATOL
// ATOL: dlc-run: --atol=-1 expects a non-negative number, got '-1'
// ATOL-NEXT: exit 2

// RUN: (dlc-run 2>&1; echo "exit $?") | FileCheck %s --check-prefix=NO-ARGS
// NO-ARGS: dlc-run: no model given (see --help)
// NO-ARGS-NEXT: exit 2

// RUN: (dlc-run %s %s 2>&1; echo "exit $?") | FileCheck %s --check-prefix=TWO-MODELS
// TWO-MODELS: dlc-run: more than one model
// TWO-MODELS-NEXT: exit 2

// RUN: (dlc-run %s --test-data %t/x.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=TEST-DATA
// TEST-DATA: dlc-run: --test-data: '{{.*}}x.npy' is not a directory
// TEST-DATA-NEXT: exit 2
// RUN: (dlc-run %s --test-data %t --input %t/x.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=TEST-DATA-MIX
// TEST-DATA-MIX: dlc-run: --test-data cannot be combined with --input or --expect
// TEST-DATA-MIX-NEXT: exit 2

// RUN: (dlc-run %s --input %t/x.npy --bind-input shape 2>&1; echo "exit $?") | FileCheck %s --check-prefix=BIND-SYNTAX
// BIND-SYNTAX: dlc-run: --bind-input expects NAME=FILE, got 'shape'
// BIND-SYNTAX-NEXT: exit 2
// RUN: (dlc-run %s --input %t/x.npy --bind-input shape=%t/x.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=BIND-MLIR
// BIND-MLIR: error: input bindings apply to .onnx models only
// BIND-MLIR-NEXT: exit 2

// Nothing is printed on stdout on an error.
// RUN: not dlc-run %s --input %t/x64.npy -o %t/out 2>/dev/null | count 0
// RUN: not ls %t/out

func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "dlc_graph.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
