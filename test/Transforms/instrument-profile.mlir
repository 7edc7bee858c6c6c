// RUN: dlc-opt %s -split-input-file -dlc-instrument-profile | FileCheck %s

// A mark before the first op of each row that does work (bookkeeping such
// as allocations and views stays in the row before it) and -1 before the
// return; the rows in `dlc.profile`. The loop of both nodes is one row,
// named by its first node.
// CHECK-LABEL: func.func @rows(
// CHECK-SAME: dlc.profile = [{flops = 1.000000e+02 : f64, nodes = ["mm"], op = "matmul", shape = "10xf32"}, {flops = 0.000000e+00 : f64, nodes = ["act", "neg"], op = "relu+neg", shape = "10xf32"}]
// CHECK:      %[[ALLOC:.*]] = memref.alloc
// CHECK-NEXT: %[[ROW0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @dlc_profile_mark(%[[ROW0]]) : (i64) -> ()
// CHECK-NEXT: scf.for
// CHECK:      memref.dealloc
// CHECK-NEXT: %[[ROW1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @dlc_profile_mark(%[[ROW1]]) : (i64) -> ()
// CHECK-NEXT: scf.for
// CHECK:      %[[END:.*]] = arith.constant -1 : i64
// CHECK-NEXT: call @dlc_profile_mark(%[[END]]) : (i64) -> ()
// CHECK-NEXT: return
// CHECK:      func.func private @dlc_profile_mark(i64)
module {
  func.func @rows(%x: memref<10xf32>, %y: memref<10xf32>) attributes {dlc.nodes = [
      {flops = 100.0 : f64, name = "mm", op = "matmul", shape = "10xf32"},
      {flops = 0.0 : f64, name = "act", op = "relu", shape = "10xf32"},
      {flops = 0.0 : f64, name = "neg", op = "neg", shape = "10xf32"}]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %t = memref.alloc() : memref<10xf32>
    scf.for %i = %c0 to %c10 step %c1 {
      %v = memref.load %x[%i] : memref<10xf32>
      memref.store %v, %t[%i] : memref<10xf32>
    } loc("mm")
    memref.dealloc %t : memref<10xf32> loc("act")
    scf.for %i = %c0 to %c10 step %c1 {
      %v = memref.load %x[%i] : memref<10xf32>
      memref.store %v, %y[%i] : memref<10xf32>
    } loc(fused["act", "neg"])
    return
  }
}

// -----

// A row is entered once per run of its ops: a node that comes back after
// another gets one more mark, and the op of no recorded node none.
// CHECK-LABEL: func.func @interleaved(
// CHECK-SAME: dlc.profile = [{{{.*}}nodes = ["a"]{{.*}}}, {{{.*}}nodes = ["b"]{{.*}}}]
// CHECK:      arith.constant 0 : i64
// CHECK:      memref.copy
// CHECK-NEXT: arith.constant 1 : i64
// CHECK-NEXT: call @dlc_profile_mark
// CHECK-NEXT: memref.copy
// CHECK-NEXT: memref.copy
// CHECK-NEXT: arith.constant 0 : i64
// CHECK-NEXT: call @dlc_profile_mark
// CHECK-NEXT: memref.copy
func.func @interleaved(%x: memref<4xf32>, %y: memref<4xf32>) attributes {dlc.nodes = [
    {flops = 0.0 : f64, name = "a", op = "add", shape = "4xf32"},
    {flops = 0.0 : f64, name = "b", op = "mul", shape = "4xf32"}]} {
  memref.copy %x, %y : memref<4xf32> to memref<4xf32> loc("a")
  memref.copy %x, %y : memref<4xf32> to memref<4xf32> loc("b")
  memref.copy %x, %y : memref<4xf32> to memref<4xf32> loc("unrecorded")
  memref.copy %x, %y : memref<4xf32> to memref<4xf32> loc("a")
  return
}

// -----

// Without dlc.nodes (dlc-record-nodes did not run) nothing is instrumented.
// CHECK-LABEL: func.func @unrecorded(
// CHECK-NOT: dlc_profile_mark
func.func @unrecorded(%x: memref<4xf32>, %y: memref<4xf32>) {
  memref.copy %x, %y : memref<4xf32> to memref<4xf32> loc("a")
  return
}
