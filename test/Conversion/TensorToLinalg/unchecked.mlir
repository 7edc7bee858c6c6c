// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg=checks=false | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg=checks=false --canonicalize | FileCheck %s --check-prefix=DEAD

// checks=false: a gather still clamps its index (the read stays inside the
// input) but writes no status slot.
// CHECK-LABEL: func.func @gather
// CHECK: linalg.generic
// CHECK: arith.minsi
// CHECK: tensor.extract
// CHECK-NOT: dlc.status_slot
// CHECK-NOT: bufferization.materialize_in_destination
// The codes it no longer reports are dead: canonicalize removes them (no
// compare of the indices against the size is left).
// DEAD-LABEL: func.func @gather
// DEAD-NOT: arith.cmpi uge
// DEAD-NOT: arith.maxui
func.func @gather(%x: tensor<3x4x5xf32>, %i: tensor<2x2xi32>) -> tensor<3x2x2x5xf32> {
  %y = "dlc_tensor.gather"(%x, %i) {dim = 1 : i64} : (tensor<3x4x5xf32>, tensor<2x2xi32>) -> tensor<3x2x2x5xf32>
  return %y : tensor<3x2x2x5xf32>
}

// -----

// checks=false: a dlc_tensor.check (integer Div's) writes no status slot;
// the codes it reported go with canonicalize.
// CHECK-LABEL: func.func @check
// CHECK-NOT: dlc.status_slot
// CHECK-NOT: bufferization.materialize_in_destination
// DEAD-LABEL: func.func @check
// DEAD-NOT: linalg.generic
// DEAD: return
func.func @check(%codes: tensor<4xi32>) {
  "dlc_tensor.check"(%codes) : (tensor<4xi32>) -> ()
  return
}
