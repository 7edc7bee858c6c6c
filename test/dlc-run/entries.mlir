// The entry: --entry NAME, else the only public function, else @main.
// Private functions are never entries.
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t levels
// RUN: (dlc-run %s --input %t/a.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=AMBIGUOUS
// RUN: dlc-run %s --entry twice --input %t/a.npy --expect %t/a2.npy | FileCheck %s --check-prefix=TWICE
// RUN: dlc-run %s --entry same --input %t/a.npy --expect %t/a.npy | FileCheck %s --check-prefix=SAME
// RUN: (dlc-run %s --entry helper --input %t/a.npy 2>&1; echo "exit $?") | FileCheck %s --check-prefix=PRIVATE

// AMBIGUOUS: error: cannot choose an entry among @twice, @same (none is named 'main'): name one
// AMBIGUOUS-NEXT: exit 2
// TWICE: output 0: shape=[4] dtype=float32 max_abs_err=0 max_rel_err=0 ok
// SAME: output 0: shape=[4] dtype=float32 max_abs_err=0 max_rel_err=0 ok
// PRIVATE: error: no public function named 'helper' (the module has @twice, @same)
// PRIVATE-NEXT: exit 2

func.func @twice(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = call @helper(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @same(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

func.func private @helper(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = "dlc_graph.add"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
