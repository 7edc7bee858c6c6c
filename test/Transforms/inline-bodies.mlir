// RUN: dlc-opt %s -split-input-file -dlc-inline-bodies -verify-diagnostics | FileCheck %s

// A body called from a loop: its ops replace the call, its arguments the
// call's operands, and it goes.
// CHECK-LABEL: func.func @loop(
// CHECK-SAME: %[[X:.*]]: tensor<2xf32>, %[[W:.*]]: tensor<2xf32>
// CHECK: scf.for {{.*}} iter_args(%[[S:.*]] = %[[X]])
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[S]], %[[W]] : tensor<2xf32>
// CHECK-NEXT: scf.yield %[[A]]
// CHECK-NOT: func.func private @body
func.func @loop(%x: tensor<2xf32>, %w: tensor<2xf32>) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%s = %x) -> (tensor<2xf32>) {
    %n = func.call @body(%s, %w) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    scf.yield %n : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
func.func private @body(%s: tensor<2xf32>, %w: tensor<2xf32>) -> tensor<2xf32> attributes {dlc.body} {
  %a = arith.addf %s, %w : tensor<2xf32>
  return %a : tensor<2xf32>
}

// -----

// A body called twice is copied into both places; a private function that
// is not a body stays, and so do its calls.
// CHECK-LABEL: func.func @twice(
// CHECK: arith.mulf
// CHECK: arith.mulf
// CHECK: call @helper
// CHECK-NOT: @square
// CHECK: func.func private @helper
func.func @twice(%x: tensor<2xf32>) -> tensor<2xf32> {
  %a = func.call @square(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %b = func.call @square(%a) : (tensor<2xf32>) -> tensor<2xf32>
  %c = func.call @helper(%b) : (tensor<2xf32>) -> tensor<2xf32>
  return %c : tensor<2xf32>
}
func.func private @square(%x: tensor<2xf32>) -> tensor<2xf32> attributes {dlc.body} {
  %m = arith.mulf %x, %x : tensor<2xf32>
  return %m : tensor<2xf32>
}
func.func private @helper(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

// -----

// A body in a body: both are inlined, wherever their calls end up.
// CHECK-LABEL: func.func @nested(
// CHECK: scf.if
// CHECK-NEXT: arith.negf
// CHECK-NOT: func.call
func.func @nested(%c: i1, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = func.call @outer(%c, %x) : (i1, tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
func.func private @outer(%c: i1, %x: tensor<2xf32>) -> tensor<2xf32> attributes {dlc.body} {
  %r = scf.if %c -> (tensor<2xf32>) {
    %n = func.call @inner(%x) : (tensor<2xf32>) -> tensor<2xf32>
    scf.yield %n : tensor<2xf32>
  } else {
    scf.yield %x : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}
func.func private @inner(%x: tensor<2xf32>) -> tensor<2xf32> attributes {dlc.body} {
  %n = arith.negf %x : tensor<2xf32>
  return %n : tensor<2xf32>
}

// -----

// expected-error@+1 {{a body must have one block}}
func.func private @blocks(%x: tensor<2xf32>) -> tensor<2xf32> attributes {dlc.body} {
  cf.br ^next
^next:
  return %x : tensor<2xf32>
}
func.func @calls_blocks(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = func.call @blocks(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %r : tensor<2xf32>
}
