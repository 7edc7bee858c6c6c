// Zero-size dims: no element is touched, results still have their shapes,
// and -o writes them.
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t zero_size
// RUN: dlc-run %s --entry broadcast --input %t/a.npy --input %t/b.npy --expect %t/ab.npy | FileCheck %s --check-prefix=BROADCAST
// RUN: dlc-run %s --entry broadcast --input %t/a.npy --input %t/b.npy -o %t/out | FileCheck %s --check-prefix=VALUES
// RUN: %python -c "import numpy as np; y = np.load('%t/out/output_0.npy'); print(y.shape, y.dtype)" | FileCheck %s --check-prefix=SAVED
// RUN: dlc-run %s --entry ints --input %t/c.npy --input %t/c.npy --expect %t/cc.npy | FileCheck %s --check-prefix=INTS

// BROADCAST: output 0: shape=[0, 3] dtype=float32 max_abs_err=0 max_rel_err=0 ok
// VALUES: output 0: shape=[0, 3] dtype=float32 values=[]
// SAVED: (0, 3) float32
// INTS: output 0: shape=[2, 0] dtype=int32 max_abs_err=0 max_rel_err=0 ok

func.func @broadcast(%a: tensor<0x3xf32>, %b: tensor<3xf32>) -> tensor<0x3xf32> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<0x3xf32>, tensor<3xf32>) -> tensor<0x3xf32>
  return %r : tensor<0x3xf32>
}

func.func @ints(%a: tensor<2x0xi32>, %b: tensor<2x0xi32>) -> tensor<2x0xi32> {
  %r = "dlc_graph.mul"(%a, %b) : (tensor<2x0xi32>, tensor<2x0xi32>) -> tensor<2x0xi32>
  return %r : tensor<2x0xi32>
}
