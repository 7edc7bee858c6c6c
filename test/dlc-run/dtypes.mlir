// Every element type: one entry per dtype, chosen with --entry. Integer
// sums wrap around as in NumPy; unsigned types keep their dtype from the
// graph signature down to the compiled code (dlc.inputs / dlc.outputs).
// RUN: rm -rf %t && %python %S/Inputs/tensors.py %t dtypes
// RUN: dlc-run %s --entry add_f32 --input %t/a_f32.npy --input %t/b_f32.npy --expect %t/sum_f32.npy | FileCheck %s --check-prefix=F32
// RUN: dlc-run %s --entry add_f64 --input %t/a_f64.npy --input %t/b_f64.npy --expect %t/sum_f64.npy | FileCheck %s --check-prefix=F64
// RUN: dlc-run %s --entry add_i8 --input %t/a_i8.npy --input %t/b_i8.npy --expect %t/sum_i8.npy | FileCheck %s --check-prefix=I8
// RUN: dlc-run %s --entry add_i16 --input %t/a_i16.npy --input %t/b_i16.npy --expect %t/sum_i16.npy | FileCheck %s --check-prefix=I16
// RUN: dlc-run %s --entry add_i32 --input %t/a_i32.npy --input %t/b_i32.npy --expect %t/sum_i32.npy | FileCheck %s --check-prefix=I32
// RUN: dlc-run %s --entry add_i64 --input %t/a_i64.npy --input %t/b_i64.npy --expect %t/sum_i64.npy | FileCheck %s --check-prefix=I64
// RUN: dlc-run %s --entry add_u8 --input %t/a_u8.npy --input %t/b_u8.npy --expect %t/sum_u8.npy | FileCheck %s --check-prefix=U8
// RUN: dlc-run %s --entry add_u16 --input %t/a_u16.npy --input %t/b_u16.npy --expect %t/sum_u16.npy | FileCheck %s --check-prefix=U16
// RUN: dlc-run %s --entry add_u32 --input %t/a_u32.npy --input %t/b_u32.npy --expect %t/sum_u32.npy | FileCheck %s --check-prefix=U32
// RUN: dlc-run %s --entry add_u64 --input %t/a_u64.npy --input %t/b_u64.npy --expect %t/sum_u64.npy | FileCheck %s --check-prefix=U64
// RUN: dlc-run %s --entry eq_bool --input %t/a_bool.npy --input %t/b_bool.npy --expect %t/eq_bool.npy | FileCheck %s --check-prefix=BOOL

// F32: output 0: shape=[2, 3] dtype=float32 max_abs_err=0 max_rel_err=0 ok
// F64: output 0: shape=[2, 3] dtype=float64 max_abs_err=0 max_rel_err=0 ok
// I8: output 0: shape=[2, 3] dtype=int8 max_abs_err=0 max_rel_err=0 ok
// I16: output 0: shape=[2, 3] dtype=int16 max_abs_err=0 max_rel_err=0 ok
// I32: output 0: shape=[2, 3] dtype=int32 max_abs_err=0 max_rel_err=0 ok
// I64: output 0: shape=[2, 3] dtype=int64 max_abs_err=0 max_rel_err=0 ok
// U8: output 0: shape=[2, 3] dtype=uint8 max_abs_err=0 max_rel_err=0 ok
// U16: output 0: shape=[2, 3] dtype=uint16 max_abs_err=0 max_rel_err=0 ok
// U32: output 0: shape=[2, 3] dtype=uint32 max_abs_err=0 max_rel_err=0 ok
// U64: output 0: shape=[2, 3] dtype=uint64 max_abs_err=0 max_rel_err=0 ok
// BOOL: output 0: shape=[2, 3] dtype=bool max_abs_err=0 max_rel_err=0 ok

// Values print as NumPy shows them: bools as true/false, uint64 beyond int64.
// RUN: dlc-run %s --entry eq_bool --input %t/a_bool.npy --input %t/b_bool.npy | FileCheck %s --check-prefix=BOOLVAL
// BOOLVAL: values=[true, false, false, true, false, true]
// RUN: dlc-run %s --entry add_u64 --input %t/a_u64.npy --input %t/a_u64.npy | FileCheck %s --check-prefix=U64VAL
// U64VAL: values=[18446744073709551614,

// A uint16 .pb decodes to the same dtype as its .npy.
// RUN: dlc-run %s --entry add_u16 --input %t/a_u16.pb --input %t/b_u16.npy --expect %t/sum_u16.npy | FileCheck %s --check-prefix=U16

func.func @add_f32(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
func.func @add_f64(%a: tensor<2x3xf64>, %b: tensor<2x3xf64>) -> tensor<2x3xf64> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  return %r : tensor<2x3xf64>
}
func.func @add_i8(%a: tensor<2x3xi8>, %b: tensor<2x3xi8>) -> tensor<2x3xi8> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  return %r : tensor<2x3xi8>
}
func.func @add_i16(%a: tensor<2x3xi16>, %b: tensor<2x3xi16>) -> tensor<2x3xi16> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  return %r : tensor<2x3xi16>
}
func.func @add_i32(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>) -> tensor<2x3xi32> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}
func.func @add_i64(%a: tensor<2x3xi64>, %b: tensor<2x3xi64>) -> tensor<2x3xi64> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  return %r : tensor<2x3xi64>
}
func.func @add_u8(%a: tensor<2x3xui8>, %b: tensor<2x3xui8>) -> tensor<2x3xui8> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  return %r : tensor<2x3xui8>
}
func.func @add_u16(%a: tensor<2x3xui16>, %b: tensor<2x3xui16>) -> tensor<2x3xui16> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  return %r : tensor<2x3xui16>
}
func.func @add_u32(%a: tensor<2x3xui32>, %b: tensor<2x3xui32>) -> tensor<2x3xui32> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  return %r : tensor<2x3xui32>
}
func.func @add_u64(%a: tensor<2x3xui64>, %b: tensor<2x3xui64>) -> tensor<2x3xui64> {
  %r = "dlc_graph.add"(%a, %b) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  return %r : tensor<2x3xui64>
}
func.func @eq_bool(%a: tensor<2x3xi1>, %b: tensor<2x3xi1>) -> tensor<2x3xi1> {
  %r = "dlc_graph.equal"(%a, %b) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  return %r : tensor<2x3xi1>
}
