// RUN: dlc-opt %s -split-input-file --dlc-tensor-to-linalg | FileCheck %s

// After lowering, unsigned types become signless everywhere: function
// types, values and constants (the bits are kept: 200 is -56 as i8).
// CHECK-LABEL: func.func @constants
// CHECK-SAME: (%[[X:[^:]*]]: tensor<2xi8>) -> tensor<6xi8>
// CHECK-DAG: %[[SPLAT:.*]] = arith.constant dense<-56> : tensor<2xi8>
// CHECK-DAG: %[[DENSE:.*]] = arith.constant dense<[1, -1]> : tensor<2xi8>
// CHECK: tensor.concat dim(0) %[[X]], %[[SPLAT]], %[[DENSE]] : (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) -> tensor<6xi8>
func.func @constants(%x: tensor<2xui8>) -> tensor<6xui8> {
  %splat = arith.constant dense<200> : tensor<2xui8>
  %dense = arith.constant dense<[1, 255]> : tensor<2xui8>
  %a = "dlc_tensor.concat"(%x, %splat) {dim = 0 : i64} : (tensor<2xui8>, tensor<2xui8>) -> tensor<4xui8>
  %y = "dlc_tensor.concat"(%a, %dense) {dim = 0 : i64} : (tensor<4xui8>, tensor<2xui8>) -> tensor<6xui8>
  return %y : tensor<6xui8>
}

// -----

// dense_resource<> data is retyped in place (same bytes, no copy).
// CHECK-LABEL: func.func @resource
// CHECK: %[[W:.*]] = arith.constant dense_resource<{{.*}}> : tensor<4xi16>
// CHECK: tensor.concat dim(0) %{{.*}}, %[[W]] : (tensor<4xi16>, tensor<4xi16>) -> tensor<8xi16>
// CHECK: dialect_resources
// CHECK-NEXT: builtin
// CHECK-NEXT: 0x0200000001000200FFFF0400
func.func @resource(%x: tensor<4xui16>) -> tensor<8xui16> {
  %w = arith.constant dense_resource<weights> : tensor<4xui16>
  %y = "dlc_tensor.concat"(%x, %w) {dim = 0 : i64} : (tensor<4xui16>, tensor<4xui16>) -> tensor<8xui16>
  return %y : tensor<8xui16>
}
{-#
  dialect_resources: {
    builtin: {
      weights: "0x0200000001000200FFFF0400"
    }
  }
#-}
