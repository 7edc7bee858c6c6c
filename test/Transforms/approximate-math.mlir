// RUN: dlc-opt %s -split-input-file --dlc-approximate-math | FileCheck %s
// RUN: dlc-opt %s -split-input-file --dlc-approximate-math=functions=tanh | FileCheck %s --check-prefix=TANH

// f32 exp becomes arithmetic (range reduction, polynomial, exponent bits),
// scalars and vectors alike: no math.exp is left for libm.
// CHECK-LABEL: func.func @exp
// CHECK-NOT: math.exp
// CHECK: math.fma
// CHECK: arith.bitcast
// CHECK-NOT: math.exp
// CHECK: return
// TANH-LABEL: func.func @exp
// TANH: math.exp %{{.*}} : f32
// TANH: math.exp %{{.*}} : vector<16xf32>
func.func @exp(%x: f32, %v: vector<16xf32>) -> (f32, vector<16xf32>) {
  %y = math.exp %x : f32
  %w = math.exp %v : vector<16xf32>
  return %y, %w : f32, vector<16xf32>
}

// -----

// tanh and erf are in the default set.
// CHECK-LABEL: func.func @tanh_erf
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: return
// TANH-LABEL: func.func @tanh_erf
// TANH-NOT: math.tanh
// TANH: math.erf
func.func @tanh_erf(%x: f32) -> (f32, f32) {
  %t = math.tanh %x : f32
  %e = math.erf %x : f32
  return %t, %e : f32, f32
}

// -----

// f64 keeps libm, and so does log by default (denormal inputs).
// CHECK-LABEL: func.func @kept
// CHECK: math.exp %{{.*}} : f64
// CHECK: math.log %{{.*}} : f32
func.func @kept(%x: f64, %y: f32) -> (f64, f32) {
  %e = math.exp %x : f64
  %l = math.log %y : f32
  return %e, %l : f64, f32
}
