// RUN: dlc-opt %s -split-input-file --dlc-serialize-nested-parallel | FileCheck %s
// Loops of 4194304 iterations: big enough for threads.
// Only the outermost loop gets threads: through dlc-loops-to-llvm one
// parallel region, whose worksharing loop holds the inner loop serialized.
// RUN: dlc-opt %s -split-input-file --dlc-loops-to-llvm=threads=2 | FileCheck %s --check-prefix=OMP

// A nested loop becomes one scf.for per dimension (outermost first) around
// its body; the outer loop stays parallel.
// CHECK-LABEL: func.func @nested
// CHECK-SAME: (%[[M:.*]]: memref<65536x65536xf32>, %[[N:.*]]: memref<65536xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 65536 : index
// CHECK: scf.parallel (%[[I:.*]]) = (%[[C0]]) to (%[[C8]]) step (%[[C1]]) {
// CHECK-NEXT: memref.store %{{.*}}, %[[N]][%[[I]]]
// CHECK-NEXT: scf.for %[[J:.*]] = %[[C0]] to %[[C8]] step %[[C2]] {
// CHECK-NEXT: scf.for %[[K:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NEXT: %[[JK:.*]] = arith.addi %[[J]], %[[K]] : index
// CHECK-NEXT: memref.store %{{.*}}, %[[M]][%[[I]], %[[JK]]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce
// OMP-LABEL: llvm.func @nested
// OMP-COUNT-1: omp.parallel
// OMP-NOT: omp.parallel
// OMP: llvm.return
func.func @nested(%m: memref<65536x65536xf32>, %n: memref<65536xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 65536 : index
  %v = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %v, %n[%i] : memref<65536xf32>
    scf.parallel (%j, %k) = (%c0, %c0) to (%c8, %c2) step (%c2, %c1) {
      %jk = arith.addi %j, %k : index
      memref.store %v, %m[%i, %jk] : memref<65536x65536xf32>
    }
  }
  return
}

// -----

// Loops that are not nested are left alone.
// CHECK-LABEL: func.func @adjacent
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK-NOT: scf.for
// OMP-LABEL: llvm.func @adjacent
// OMP-COUNT-2: omp.parallel
// OMP-NOT: omp.parallel
func.func @adjacent(%n: memref<4194304xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 4194304 : index
  %v = arith.constant 1.0 : f32
  %w = arith.constant 2.0 : f32
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %v, %n[%i] : memref<4194304xf32>
  }
  // Another value: loops that are the same would share one outlined body.
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    memref.store %w, %n[%i] : memref<4194304xf32>
  }
  return
}

// -----

// A loop doing fewer than `min-work` operations (default 500000) forks no
// team; with min-work=0 it keeps its threads, and a loop of unknown trip
// count is never small.
// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: scf.parallel
// CHECK: return
// ANY-LABEL: func.func @small
// ANY-COUNT-2: scf.parallel
// OMP-LABEL: llvm.func @small
// OMP-COUNT-1: omp.parallel
// OMP-NOT: omp.parallel
// RUN: dlc-opt %s -split-input-file --dlc-serialize-nested-parallel=min-work=0 | FileCheck %s --check-prefix=ANY
func.func @small(%n: memref<?xf32>, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %v = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    memref.store %v, %n[%i] : memref<?xf32>
  }
  scf.parallel (%i) = (%c0) to (%size) step (%c1) {
    memref.store %v, %n[%i] : memref<?xf32>
  }
  return
}

// -----

// A parallel loop inside a sequential one would fork a team per iteration
// of it: it runs one iteration after another too.
// CHECK-LABEL: func.func @in_for
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NOT: scf.parallel
// CHECK: return
// OMP-LABEL: llvm.func @in_for
// OMP-NOT: omp.parallel
// OMP: llvm.return
func.func @in_for(%n: memref<65536xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 65536 : index
  %v = arith.constant 1.0 : f32
  scf.for %k = %c0 to %c4 step %c1 {
    scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
      memref.store %v, %n[%i] : memref<65536xf32>
    }
  }
  return
}

// -----

// An outermost loop of several dims with no loop in its body (an
// elementwise op on the loop path) keeps its last dim as an scf.for inside,
// with the body: OpenMP shares the other dims, and the inner loop is one
// that LLVM vectorizes.
// CHECK-LABEL: func.func @innermost
// CHECK-SAME: (%[[M:.*]]: memref<2048x2048xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2048:.*]] = arith.constant 2048 : index
// CHECK: scf.parallel (%[[I:.*]]) = (%[[C0]]) to (%[[C2048]]) step (%[[C1]]) {
// CHECK-NEXT: scf.for %[[J:.*]] = %[[C0]] to %[[C2048]] step %[[C1]] {
// CHECK-NEXT: memref.store %{{.*}}, %[[M]][%[[I]], %[[J]]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce
// OMP-LABEL: llvm.func @innermost
// OMP: omp.loop_nest (%{{[^,]*}}) : i64
// OMP: llvm.return
func.func @innermost(%m: memref<2048x2048xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2048 = arith.constant 2048 : index
  %v = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2048, %c2048) step (%c1, %c1) {
    memref.store %v, %m[%i, %j] : memref<2048x2048xf32>
  }
  return
}

// -----

// A loop of one iteration gives a team nothing to share, however much
// work that iteration does.
// CHECK-LABEL: func.func @single
// CHECK-NOT: scf.parallel
// CHECK: return
// OMP-LABEL: llvm.func @single
// OMP-NOT: omp.parallel
// OMP: llvm.return
func.func @single(%m: memref<1x65536xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 65536 : index
  %v = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    scf.for %j = %c0 to %c8 step %c1 {
      memref.store %v, %m[%i, %j] : memref<1x65536xf32>
    }
  }
  return
}

// -----

// An op on vectors counts its elements: 8192 iterations of a
// vector<16x32xf32> FMA (4.2M multiply-adds) are worth a team, the same
// iterations on scalars (8192 FMAs) are not.
// CHECK-LABEL: func.func @vectors
// CHECK: scf.parallel
// CHECK: vector.fma
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: math.fma
// CHECK: return
func.func @vectors(%m: memref<8192x16x32xf32>, %n: memref<8192xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8192 = arith.constant 8192 : index
  %f = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c8192) step (%c1) {
    %v = vector.transfer_read %m[%i, %c0, %c0], %f : memref<8192x16x32xf32>, vector<16x32xf32>
    %w = vector.fma %v, %v, %v : vector<16x32xf32>
    vector.transfer_write %w, %m[%i, %c0, %c0] : vector<16x32xf32>, memref<8192x16x32xf32>
  }
  scf.parallel (%i) = (%c0) to (%c8192) step (%c1) {
    %x = memref.load %n[%i] : memref<8192xf32>
    %y = math.fma %x, %x, %x : f32
    memref.store %y, %n[%i] : memref<8192xf32>
  }
  return
}

// -----

// An inner loop bounded by the min of a constant (a partial tile) runs at
// most that many iterations: 2 x 32 x 16 stores are too few for a team.
// With an unknown bound the loop would never count as small.
// CHECK-LABEL: func.func @min_bound
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @min_bound(%m: memref<64x16xf32>, %rest: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %v = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
    %n = arith.minsi %rest, %c32 : index
    scf.for %j = %c0 to %n step %c1 {
      scf.for %k = %c0 to %c16 step %c1 {
        memref.store %v, %m[%j, %k] : memref<64x16xf32>
      }
    }
  }
  return
}

// -----

// An outermost loop of several dims keeps parallel only the leading dims
// the threads share well: (1, 28) split evenly among 2 threads, so a
// depthwise convolution's pixels and channels (on the loop path, its
// window loops inside) are plain loops rather than dims of one collapsed
// OpenMP loop indexed by divisions and remainders.
// CHECK-LABEL: func.func @window
// CHECK: scf.parallel (%{{[^,]*}}, %{{[^,]*}}) = (%{{.*}}) to (%c1, %c28)
// CHECK-NEXT: scf.for %{{.*}} to %c28
// CHECK-NEXT: scf.for %{{.*}} to %c58
// CHECK-NEXT: scf.for %{{.*}} to %c3
// CHECK-NOT: scf.parallel
// CHECK: return
// OMP-LABEL: llvm.func @window
// The unit dim folds away: the team shares the 28 rows.
// OMP: omp.loop_nest (%{{[^,]*}}) : i64
// 3 threads would split 28 rows 10, 9, 9 (1 in 10 idle) and 28 is below 16
// per thread: rows and columns are shared, 784 iterations.
// RUN: dlc-opt %s -split-input-file --dlc-serialize-nested-parallel=threads=3 | FileCheck %s --check-prefix=THREE
// THREE-LABEL: func.func @window
// THREE: scf.parallel (%{{[^,]*}}, %{{[^,]*}}, %{{[^,]*}}) = (%{{.*}}) to (%c1, %c28, %c28)
// THREE-NEXT: scf.for %{{.*}} to %c58
func.func @window(%x: memref<1x30x30x58xf32>, %w: memref<3x3x58xf32>, %y: memref<1x28x28x58xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c28 = arith.constant 28 : index
  %c58 = arith.constant 58 : index
  scf.parallel (%n, %h, %v, %c) = (%c0, %c0, %c0, %c0) to (%c1, %c28, %c28, %c58) step (%c1, %c1, %c1, %c1) {
    scf.for %kh = %c0 to %c3 step %c1 {
      scf.for %kw = %c0 to %c3 step %c1 {
        %ih = arith.addi %h, %kh : index
        %iw = arith.addi %v, %kw : index
        %a = memref.load %x[%n, %ih, %iw, %c] : memref<1x30x30x58xf32>
        %b = memref.load %w[%kh, %kw, %c] : memref<3x3x58xf32>
        %acc = memref.load %y[%n, %h, %v, %c] : memref<1x28x28x58xf32>
        %m = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %m : f32
        memref.store %s, %y[%n, %h, %v, %c] : memref<1x28x28x58xf32>
      }
    }
  }
  return
}

// -----

// A dim of unknown size is shared (a dynamic batch): the dims after it are
// loops inside.
// CHECK-LABEL: func.func @dynamic_outer
// CHECK: scf.parallel (%{{[^,]*}}) =
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
func.func @dynamic_outer(%m: memref<?x512x512xf32>, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  %v = arith.constant 1.0 : f32
  scf.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%b, %c512, %c512) step (%c1, %c1, %c1) {
    memref.store %v, %m[%i, %j, %k] : memref<?x512x512xf32>
  }
  return
}

// -----

// The default `min-work` is 500,000 (it was 2,000,000): an iteration of a
// 16-lane read, FMA and write counts 33 operations, so 32768 of them
// (1.08M, a depthwise layer's size) and 16384 (540,000) keep their team
// and 8192 (270,000) run on one thread.
// CHECK-LABEL: func.func @default_min_work
// CHECK: scf.parallel
// CHECK: scf.parallel
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// CHECK: return
func.func @default_min_work(%m: memref<32768x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 0.0 : f32
  %c32768 = arith.constant 32768 : index
  %c16384 = arith.constant 16384 : index
  %c8192 = arith.constant 8192 : index
  scf.parallel (%i) = (%c0) to (%c32768) step (%c1) {
    %v = vector.transfer_read %m[%i, %c0], %f : memref<32768x16xf32>, vector<16xf32>
    %w = vector.fma %v, %v, %v : vector<16xf32>
    vector.transfer_write %w, %m[%i, %c0] : vector<16xf32>, memref<32768x16xf32>
  }
  scf.parallel (%i) = (%c0) to (%c16384) step (%c1) {
    %v = vector.transfer_read %m[%i, %c0], %f : memref<32768x16xf32>, vector<16xf32>
    %w = vector.fma %v, %v, %v : vector<16xf32>
    vector.transfer_write %w, %m[%i, %c0] : vector<16xf32>, memref<32768x16xf32>
  }
  scf.parallel (%i) = (%c0) to (%c8192) step (%c1) {
    %v = vector.transfer_read %m[%i, %c0], %f : memref<32768x16xf32>, vector<16xf32>
    %w = vector.fma %v, %v, %v : vector<16xf32>
    vector.transfer_write %w, %m[%i, %c0] : vector<16xf32>, memref<32768x16xf32>
  }
  return
}
