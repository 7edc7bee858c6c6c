// RUN: dlc-opt %s -split-input-file --dlc-infer-shapes | FileCheck %s

// A `?` dim made static at the entry (as dlc-run specializes inputs) goes
// into an If's branches, through their ops, and back out of the scf.if.
// CHECK-LABEL: func.func @branches
// CHECK-SAME: -> tensor<3xf32>
// CHECK: scf.if %{{.*}} -> (tensor<3xf32>)
// CHECK: func.call @then(%{{.*}}) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: func.call @else(%{{.*}}) : (tensor<3xf32>) -> tensor<3xf32>
// CHECK-LABEL: func.func private @then(%arg0: tensor<3xf32>) -> tensor<3xf32>
// CHECK: "dlc_graph.relu"(%arg0) : (tensor<3xf32>) -> tensor<3xf32>
func.func @branches(%c: i1, %x: tensor<3xf32>) -> tensor<?xf32> {
  %r = "dlc_graph.relu"(%x) : (tensor<3xf32>) -> tensor<?xf32>
  %y = scf.if %c -> (tensor<?xf32>) {
    %t = func.call @then(%r) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %t : tensor<?xf32>
  } else {
    %e = func.call @else(%r) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  }
  return %y : tensor<?xf32>
}
func.func private @then(%x: tensor<?xf32>) -> tensor<?xf32> attributes {dlc.body} {
  %y = "dlc_graph.relu"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
func.func private @else(%x: tensor<?xf32>) -> tensor<?xf32> attributes {dlc.body} {
  %y = "dlc_graph.neg"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// Around a loop: the carried value from its initial value, into the body
// and its copy, out of the loop.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (tensor<2x4xf32>)
// CHECK: func.call @body(%[[S]]) : (tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK: linalg.copy {{.*}} -> tensor<2x4xf32>
// CHECK: return %{{.*}} : tensor<2x4xf32>
// CHECK-LABEL: func.func private @body(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32>
func.func @loop(%x: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r0 = "dlc_graph.relu"(%x) : (tensor<2x4xf32>) -> tensor<?x4xf32>
  %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%s = %r0) -> (tensor<?x4xf32>) {
    %n = func.call @body(%s) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    %k = linalg.copy ins(%n : tensor<?x4xf32>) outs(%s : tensor<?x4xf32>) -> tensor<?x4xf32>
    scf.yield %k : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}
func.func private @body(%x: tensor<?x4xf32>) -> tensor<?x4xf32> attributes {dlc.body} {
  %y = "dlc_graph.add"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

// -----

// An entry specialized by dlc-run leaves a tensor.cast back to the `?`
// type before the ops it does not know: the body is entered with the
// cast's source, the while loop too.
// CHECK-LABEL: func.func @specialized
// CHECK-SAME: -> tensor<5xf32>
// CHECK: scf.while (%[[S:.*]] = %arg0) : (tensor<5xf32>) -> tensor<5xf32>
// CHECK: func.call @step(%{{.*}}) : (tensor<5xf32>) -> tensor<5xf32>
func.func @specialized(%x: tensor<5xf32>, %c: i1) -> tensor<?xf32> {
  %xd = tensor.cast %x : tensor<5xf32> to tensor<?xf32>
  %r = scf.while (%s = %xd) : (tensor<?xf32>) -> tensor<?xf32> {
    scf.condition(%c) %s : tensor<?xf32>
  } do {
  ^bb0(%s: tensor<?xf32>):
    %n = func.call @step(%s) : (tensor<?xf32>) -> tensor<?xf32>
    %k = linalg.copy ins(%n : tensor<?xf32>) outs(%s : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %k : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
func.func private @step(%x: tensor<?xf32>) -> tensor<?xf32> attributes {dlc.body} {
  %y = "dlc_graph.relu"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}

// -----

// A loop whose body grows the carried value (no copy into its buffer):
// the carried type is what the initial and the next value have in common,
// so the refined initial value enters through a cast.
// CHECK-LABEL: func.func @grows
// CHECK: %[[R:.*]] = "dlc_graph.relu"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[R]] : tensor<2xf32> to tensor<?xf32>
// CHECK: scf.while (%{{.*}} = %[[C]]) : (tensor<?xf32>) -> tensor<?xf32>
func.func @grows(%x: tensor<2xf32>, %c: i1) -> tensor<?xf32> {
  %r0 = "dlc_graph.relu"(%x) : (tensor<2xf32>) -> tensor<?xf32>
  %r = scf.while (%s = %r0) : (tensor<?xf32>) -> tensor<?xf32> {
    scf.condition(%c) %s : tensor<?xf32>
  } do {
  ^bb0(%s: tensor<?xf32>):
    %n = func.call @append(%s) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %n : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
func.func private @append(%x: tensor<?xf32>) -> tensor<?xf32> attributes {dlc.body} {
  %y = "dlc_graph.concat"(%x, %x) {axis = 0 : i64} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %y : tensor<?xf32>
}
