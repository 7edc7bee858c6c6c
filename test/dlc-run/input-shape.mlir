// --input-shape NAME=DIMS fixes `?` dims at compile time (DlcCompileOptions
// .inputShapes): NAME is an input's ONNX name or its position; the inputs
// made (--random-inputs) or read then follow it.
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t dynamic
// RUN: dlc-run %s --random-inputs --input-shape x=3x4 | FileCheck %s --check-prefix=NAME
// NAME: output 0: shape=[3, 4] dtype=float32
// RUN: dlc-run %s --random-inputs --input-shape 0=2x4 | FileCheck %s --check-prefix=INDEX
// INDEX: output 0: shape=[2, 4] dtype=float32
// A list, as onnx-mlir's --shapeInformation; `?` keeps a dim dynamic (then
// the input file fixes it, as without the flag).
// RUN: dlc-run %s --input %t/x5.npy --input %t/x1.npy --input-shape=x=?x4,scale=1x4 | FileCheck %s --check-prefix=LIST
// LIST: output 0: shape=[5, 4] dtype=float32
// An input file of another shape is refused before compiling.
// RUN: (dlc-run %s --input %t/x5.npy --input %t/x1.npy --input-shape x=3x4 2>&1; echo "exit $?") | FileCheck %s --check-prefix=FILE
// FILE: dlc-run: '{{.*}}x5.npy' holds float32[5, 4], but the model's input 0 is float32[3, 4]
// FILE-NEXT: exit 2

// Errors: one message naming the item, exit 2.
// RUN: (dlc-run %s --random-inputs --input-shape nope=1x4 2>&1; echo "exit $?") | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: entry @main: input shape 'nope=1x4' names no input (input 'x' (0), input 'scale' (1))
// UNKNOWN-NEXT: exit 2
// RUN: (dlc-run %s --random-inputs --input-shape 2=1x4 2>&1; echo "exit $?") | FileCheck %s --check-prefix=POSITION
// POSITION: error: entry @main: input shape '2=1x4' names no input
// POSITION-NEXT: exit 2
// RUN: (dlc-run %s --random-inputs --input-shape x=1x2x4 2>&1; echo "exit $?") | FileCheck %s --check-prefix=RANK
// RANK: error: entry @main: input 'x' (0) is float32[?, 4] of rank 2, but input shape 'x=1x2x4' gives 3 dims
// RANK-NEXT: exit 2
// RUN: (dlc-run %s --random-inputs --input-shape x=1x5 2>&1; echo "exit $?") | FileCheck %s --check-prefix=STATIC
// STATIC: error: entry @main: input 'x' (0) is float32[?, 4]: dim 1 is 4, not 5 as input shape 'x=1x5' says
// STATIC-NEXT: exit 2
// RUN: (dlc-run %s --random-inputs --input-shape x 2>&1; echo "exit $?") | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: entry @main: input shape 'x' is not NAME=DIMS (an input's name or position, then its dims such as 1x3x224x224)
// SYNTAX-NEXT: exit 2
// RUN: (dlc-run %s --random-inputs --input-shape x=2xb 2>&1; echo "exit $?") | FileCheck %s --check-prefix=DIMS
// DIMS: error: entry @main: input shape 'x=2xb': '2xb' is not a shape (dims >= 0 separated by 'x', ? for one that stays dynamic)
// DIMS-NEXT: exit 2
// RUN: (dlc-run %s --random-inputs --input-shape x=2x4,0=3x4 2>&1; echo "exit $?") | FileCheck %s --check-prefix=TWICE
// TWICE: error: entry @main: input shape '0=3x4': the shape of input 'x' (0) is given twice
// TWICE-NEXT: exit 2

// dlc-translate: the library is compiled for the shape given.
// RUN: dlc-translate --emit-shared %s --input-shape x=3x4 -o %t/libscaled.so
// RUN: FileCheck %s --check-prefix=HEADER < %t/libscaled.h
// HEADER: #define SCALED_IN0_DIM0 3
// HEADER: #define SCALED_OUT0_DIM0 3
// RUN: (dlc-translate --emit-shared %s --input-shape x=1x5 -o %t/libbad.so 2>&1; echo "exit $?") | FileCheck %s --check-prefix=TRANSLATE
// TRANSLATE: error: entry @main: input 'x' (0) is float32[?, 4]: dim 1 is 4, not 5 as input shape 'x=1x5' says
// TRANSLATE: exit 1

func.func @main(%x: tensor<?x4xf32> {onnx.name = "x"}, %s: tensor<1x4xf32> {onnx.name = "scale"}) -> tensor<?x4xf32> {
  %y = "dlc_graph.mul"(%x, %s) : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
