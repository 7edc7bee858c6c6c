// threads=N: the convolution's output tiles (scf.forall) and the parallel
// dims of what no schedule tiled become OpenMP worksharing loops of a team
// of N; threads=1, the default, leaves no OpenMP at all.
// RUN: dlc-opt %s --dlc-linalg-to-loops=threads=2 | FileCheck %s --check-prefix=LOOPS
// RUN: dlc-opt %s --dlc-lower-to-llvm=threads=2 | FileCheck %s --check-prefix=OMP
// RUN: dlc-opt %s --dlc-lower-to-llvm=threads=1 | FileCheck %s --check-prefix=ONE --implicit-check-not=omp.
// RUN: dlc-opt %s --dlc-lower-to-llvm | FileCheck %s --check-prefix=ONE --implicit-check-not=omp.
// The translation to LLVM IR forks the team through the OpenMP runtime,
// in the function the convolution's loop nest was outlined into
// (dlc-outline-loop-nests).
// RUN: dlc-translate --mlir-to-llvmir --threads 2 %s | FileCheck %s --check-prefix=LLVMIR
// RUN: dlc-translate --mlir-to-llvmir --threads 1 %s | FileCheck %s --check-prefix=LLVMIR-ONE --implicit-check-not=__kmpc

// Big enough for several tiles each way with AVX2's tiles and AVX-512's,
// and for the input's relayout to be worth a team (2.1M elements).
func.func @conv(%x: tensor<1x32x258x258xf32>, %w: tensor<64x32x3x3xf32>) -> tensor<1x64x256x256xf32> {
  %y = "dlc_graph.conv"(%x, %w) : (tensor<1x32x258x258xf32>, tensor<64x32x3x3xf32>) -> tensor<1x64x256x256xf32>
  return %y : tensor<1x64x256x256xf32>
}

// On loops, the tiles are an scf.parallel over output rows; the channel
// slices and pixels of each row, nested in it, run one after another (a
// nested parallel loop would fork a team per row). Before it, the run-time
// relayout of the input to NHWC (an elementwise op on the loop path) is
// shared by rows, its other dims loops inside that LLVM vectorizes and
// strength-reduces; the weights' relayout (18,432 elements) is too little
// work for a team and runs on one thread. After it, the output's relayout
// back to NCHW (the transpose schedule's 16x16 blocks) is shared by its
// 4 column blocks, which 2 threads split evenly.
// LOOPS-LABEL: func.func @conv
// LOOPS-NOT: scf.forall
// LOOPS: scf.parallel (%{{[^,]*}}) = (%{{.*}}) to (%c258)
// LOOPS-NEXT: scf.for
// LOOPS-NOT: scf.parallel
// LOOPS: scf.for
// LOOPS-NOT: scf.parallel
// LOOPS: scf.parallel (%{{[^,]*}}) = (%{{.*}}) to (%c256)
// LOOPS-NOT: scf.parallel
// LOOPS: scf.parallel (%{{[^,]*}}) = (%{{.*}}) to (%c4)
// LOOPS-NEXT: scf.for
// LOOPS-NOT: scf.parallel
// LOOPS: return

// OMP-LABEL: llvm.func @conv
// OMP: %[[N:.*]] = llvm.mlir.constant(2 : i32) : i32
// OMP: omp.parallel num_threads(%[[N]] : i32) {
// OMP-NEXT: omp.wsloop {
// OMP-NEXT: omp.loop_nest (%{{[^,]*}}) : i64 = {{.*}} {
// OMP: %[[N2:.*]] = llvm.mlir.constant(2 : i32) : i32
// OMP: omp.parallel num_threads(%[[N2]] : i32) {
// OMP-NEXT: omp.wsloop {
// OMP-NEXT: omp.loop_nest (%{{.*}}) : i64 = {{.*}} {
// OMP-NOT: omp.parallel
// OMP: llvm.return

// ONE-LABEL: llvm.func @conv
// ONE: llvm.return

// LLVMIR-LABEL: define i32 @conv(
// LLVMIR: call void @__kmpc_push_num_threads(ptr @{{.*}}, i32 %{{.*}}, i32 2)
// LLVMIR: call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @{{.*}}, i32 1, ptr @[[NEST:conv_nest[0-9]+]]..omp_par,
// LLVMIR: define internal void @[[NEST]]..omp_par(

// LLVMIR-ONE-LABEL: define i32 @conv(
