// RUN: dlc-translate --mlir-to-llvmir --compile-threads 2 %s | FileCheck %s

// The functions split between two parts, the largest (@big) first, each
// next into the part of the fewest ops so far; each part declares the
// other's. Symbols of the module's own are linked between the parts but
// exported by none (external, hidden); the entry stays as it was. A small
// constant is copied into each part, a large one (weights) and a mutable
// global live in the first; so do the destructors.
// CHECK-LABEL: ; part 1 of 2
// CHECK: @small = private constant [2 x float]
// CHECK: @large = hidden constant [1025 x float]
// CHECK: @slot = hidden global ptr null
// CHECK: @llvm.global_dtors = appending global {{.*}} @big
// CHECK: declare hidden void @once(ptr, float)
// What every call passes the same constant or global address in (through
// a memref descriptor) the callee makes itself, as IPSCCP would have given
// it in one module: @once reads @large and 2.0 itself; @shared, called
// with @small and @large, keeps its pointer but not the scale both pass.
// CHECK: define hidden void @shared(ptr %0, float %1)
// CHECK-NEXT: load float, ptr %0
// CHECK-NEXT: fmul float %{{.*}}, 2.000000e+00
// CHECK: declare hidden void @big()
// CHECK: define i32 @entry(ptr %0)
// @mixed gets @small from one call, the entry's argument from the other:
// it keeps its pointer.
// CHECK: call void @mixed(ptr @small)
// CHECK: call void @mixed(ptr %0)
// CHECK-LABEL: ; part 2 of 2
// CHECK: @small = private constant [2 x float]
// CHECK: @large = external hidden constant [1025 x float]
// CHECK: @slot = external hidden global ptr
// CHECK-NOT: global_dtors
// CHECK: define hidden void @once(ptr %0, float %1)
// CHECK-NEXT: load float, ptr @large
// CHECK-NEXT: fmul float %{{.*}}, 2.000000e+00
// CHECK-NEXT: store float %{{.*}}, ptr @slot
// CHECK: declare hidden void @shared(ptr, float)
// CHECK: define hidden void @mixed(ptr %0)
// CHECK-NEXT: load float, ptr %0
// CHECK: define hidden void @big()
// CHECK: declare i32 @entry(ptr)

// One thread (or none asked for): one module, as it was.
// RUN: dlc-translate --mlir-to-llvmir %s | FileCheck %s --check-prefix=ONE
// ONE-NOT: ; part
// ONE: @large = private constant
// ONE: define internal void @once(ptr %0, float %1)
// ONE-NEXT: load float, ptr %0

llvm.mlir.global private constant @small(dense<[1.0, 2.0]> : tensor<2xf32>) {addr_space = 0 : i32} : !llvm.array<2 x f32>
llvm.mlir.global private constant @large(dense<1.0> : tensor<1025xf32>) {addr_space = 0 : i32} : !llvm.array<1025 x f32>
llvm.mlir.global internal @slot() {addr_space = 0 : i32} : !llvm.ptr {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
llvm.mlir.global_dtors dtors = [@big], priorities = [65535 : i32], data = [#llvm.zero]

llvm.func internal @once(%p: !llvm.ptr, %s: f32) {
  %v = llvm.load %p : !llvm.ptr -> f32
  %m = llvm.fmul %v, %s : f32
  %slot = llvm.mlir.addressof @slot : !llvm.ptr
  llvm.store %m, %slot : f32, !llvm.ptr
  llvm.return
}

llvm.func internal @shared(%p: !llvm.ptr, %s: f32) {
  %v = llvm.load %p : !llvm.ptr -> f32
  %m = llvm.fmul %v, %s : f32
  llvm.store %m, %p : f32, !llvm.ptr
  llvm.return
}

llvm.func internal @mixed(%p: !llvm.ptr) {
  %v = llvm.load %p : !llvm.ptr -> f32
  %slot = llvm.mlir.addressof @slot : !llvm.ptr
  llvm.store %v, %slot : f32, !llvm.ptr
  llvm.return
}

llvm.func internal @big() {
  %a = llvm.mlir.addressof @slot : !llvm.ptr
  %z = llvm.mlir.zero : !llvm.ptr
  llvm.store %z, %a : !llvm.ptr, !llvm.ptr
  llvm.store %z, %a : !llvm.ptr, !llvm.ptr
  llvm.store %z, %a : !llvm.ptr, !llvm.ptr
  llvm.store %z, %a : !llvm.ptr, !llvm.ptr
  llvm.store %z, %a : !llvm.ptr, !llvm.ptr
  llvm.store %z, %a : !llvm.ptr, !llvm.ptr
  llvm.return
}

llvm.func @entry(%x: !llvm.ptr) -> i32 {
  %large = llvm.mlir.addressof @large : !llvm.ptr
  %d0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64)>
  %d1 = llvm.insertvalue %large, %d0[0] : !llvm.struct<(ptr, ptr, i64)>
  %d2 = llvm.insertvalue %large, %d1[1] : !llvm.struct<(ptr, ptr, i64)>
  %aligned = llvm.extractvalue %d2[1] : !llvm.struct<(ptr, ptr, i64)>
  %small = llvm.mlir.addressof @small : !llvm.ptr
  %two = llvm.mlir.constant(2.0 : f32) : f32
  llvm.call @once(%aligned, %two) : (!llvm.ptr, f32) -> ()
  llvm.call @shared(%small, %two) : (!llvm.ptr, f32) -> ()
  llvm.call @shared(%large, %two) : (!llvm.ptr, f32) -> ()
  llvm.call @mixed(%small) : (!llvm.ptr) -> ()
  llvm.call @mixed(%x) : (!llvm.ptr) -> ()
  llvm.call @big() : () -> ()
  %r = llvm.mlir.constant(0 : i32) : i32
  llvm.return %r : i32
}
