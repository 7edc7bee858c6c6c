// Matching: |got - want| <= atol + rtol * |want| (defaults 1e-4, 1e-5), NaN
// matches NaN, integers must be equal. Any mismatch exits with 1.
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t mismatch

// RUN: dlc-run %s --entry fabs --input %t/x.npy --expect %t/same.npy | FileCheck %s --check-prefix=NAN-OK
// NAN-OK: output 0: shape=[4] dtype=float32 max_abs_err=0 max_rel_err=0 ok

// 1e-3 off at [1], where want is 2.001: 5e-4 relative.
// RUN: (dlc-run %s --entry fabs --input %t/x.npy --expect %t/off.npy; echo "exit $?") | FileCheck %s --check-prefix=OFF
// OFF: output 0: shape=[4] dtype=float32 max_abs_err=0.001 max_rel_err=0.0005 MISMATCH (1 of 4 differ; first at [1]: got 2, want 2.001)
// OFF-NEXT: exit 1
// RUN: dlc-run %s --entry fabs --input %t/x.npy --expect %t/off.npy --rtol 1e-3 | FileCheck %s --check-prefix=RTOL
// RTOL: max_rel_err=0.0005 ok
// RUN: dlc-run %s --entry fabs --input %t/x.npy --expect %t/off.npy --atol 0.002 | FileCheck %s --check-prefix=ATOL
// ATOL: max_abs_err=0.001 {{.*}} ok
// RUN: (dlc-run %s --entry fabs --input %t/x.npy --expect %t/off.npy --rtol 0 --atol 0.0009; echo "exit $?") | FileCheck %s --check-prefix=TIGHT
// TIGHT: MISMATCH
// TIGHT-NEXT: exit 1

// A NaN where a number is expected.
// RUN: (dlc-run %s --entry fabs --input %t/x.npy --expect %t/nan.npy; echo "exit $?") | FileCheck %s --check-prefix=NAN
// NAN: max_abs_err=nan max_rel_err=nan MISMATCH (1 of 4 differ; first at [0]: got 1, want nan)
// NAN-NEXT: exit 1

// Integers: no tolerance.
// RUN: (dlc-run %s --entry iabs --input %t/i.npy --expect %t/i_off.npy --atol 10 --rtol 1; echo "exit $?") | FileCheck %s --check-prefix=INT
// INT: output 0: shape=[3] dtype=int32 max_abs_err=1 max_rel_err=0.167 MISMATCH (1 of 3 differ; first at [2]: got 5, want 6)
// INT-NEXT: exit 1

func.func @fabs(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = "dlc_graph.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

func.func @iabs(%x: tensor<3xi32>) -> tensor<3xi32> {
  %r = "dlc_graph.abs"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  return %r : tensor<3xi32>
}
