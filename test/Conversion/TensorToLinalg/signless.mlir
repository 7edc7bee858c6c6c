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

// -----

// A signature of any length (here 130 inputs, past a former limit of 128
// types) is retyped with its block arguments.
// CHECK-LABEL: func.func @many
// CHECK-NOT: ui8
// CHECK-SAME: %[[LAST:[^:]*]]: tensor<i8>) -> tensor<i8>
// CHECK-NEXT: return %[[LAST]] : tensor<i8>
func.func @many(%a0: tensor<ui8>, %a1: tensor<ui8>, %a2: tensor<ui8>, %a3: tensor<ui8>, %a4: tensor<ui8>, %a5: tensor<ui8>, %a6: tensor<ui8>, %a7: tensor<ui8>, %a8: tensor<ui8>, %a9: tensor<ui8>, %a10: tensor<ui8>, %a11: tensor<ui8>, %a12: tensor<ui8>, %a13: tensor<ui8>, %a14: tensor<ui8>, %a15: tensor<ui8>, %a16: tensor<ui8>, %a17: tensor<ui8>, %a18: tensor<ui8>, %a19: tensor<ui8>, %a20: tensor<ui8>, %a21: tensor<ui8>, %a22: tensor<ui8>, %a23: tensor<ui8>, %a24: tensor<ui8>, %a25: tensor<ui8>, %a26: tensor<ui8>, %a27: tensor<ui8>, %a28: tensor<ui8>, %a29: tensor<ui8>, %a30: tensor<ui8>, %a31: tensor<ui8>, %a32: tensor<ui8>, %a33: tensor<ui8>, %a34: tensor<ui8>, %a35: tensor<ui8>, %a36: tensor<ui8>, %a37: tensor<ui8>, %a38: tensor<ui8>, %a39: tensor<ui8>, %a40: tensor<ui8>, %a41: tensor<ui8>, %a42: tensor<ui8>, %a43: tensor<ui8>, %a44: tensor<ui8>, %a45: tensor<ui8>, %a46: tensor<ui8>, %a47: tensor<ui8>, %a48: tensor<ui8>, %a49: tensor<ui8>, %a50: tensor<ui8>, %a51: tensor<ui8>, %a52: tensor<ui8>, %a53: tensor<ui8>, %a54: tensor<ui8>, %a55: tensor<ui8>, %a56: tensor<ui8>, %a57: tensor<ui8>, %a58: tensor<ui8>, %a59: tensor<ui8>, %a60: tensor<ui8>, %a61: tensor<ui8>, %a62: tensor<ui8>, %a63: tensor<ui8>, %a64: tensor<ui8>, %a65: tensor<ui8>, %a66: tensor<ui8>, %a67: tensor<ui8>, %a68: tensor<ui8>, %a69: tensor<ui8>, %a70: tensor<ui8>, %a71: tensor<ui8>, %a72: tensor<ui8>, %a73: tensor<ui8>, %a74: tensor<ui8>, %a75: tensor<ui8>, %a76: tensor<ui8>, %a77: tensor<ui8>, %a78: tensor<ui8>, %a79: tensor<ui8>, %a80: tensor<ui8>, %a81: tensor<ui8>, %a82: tensor<ui8>, %a83: tensor<ui8>, %a84: tensor<ui8>, %a85: tensor<ui8>, %a86: tensor<ui8>, %a87: tensor<ui8>, %a88: tensor<ui8>, %a89: tensor<ui8>, %a90: tensor<ui8>, %a91: tensor<ui8>, %a92: tensor<ui8>, %a93: tensor<ui8>, %a94: tensor<ui8>, %a95: tensor<ui8>, %a96: tensor<ui8>, %a97: tensor<ui8>, %a98: tensor<ui8>, %a99: tensor<ui8>, %a100: tensor<ui8>, %a101: tensor<ui8>, %a102: tensor<ui8>, %a103: tensor<ui8>, %a104: tensor<ui8>, %a105: tensor<ui8>, %a106: tensor<ui8>, %a107: tensor<ui8>, %a108: tensor<ui8>, %a109: tensor<ui8>, %a110: tensor<ui8>, %a111: tensor<ui8>, %a112: tensor<ui8>, %a113: tensor<ui8>, %a114: tensor<ui8>, %a115: tensor<ui8>, %a116: tensor<ui8>, %a117: tensor<ui8>, %a118: tensor<ui8>, %a119: tensor<ui8>, %a120: tensor<ui8>, %a121: tensor<ui8>, %a122: tensor<ui8>, %a123: tensor<ui8>, %a124: tensor<ui8>, %a125: tensor<ui8>, %a126: tensor<ui8>, %a127: tensor<ui8>, %a128: tensor<ui8>, %a129: tensor<ui8>) -> tensor<ui8> {
  return %a129 : tensor<ui8>
}
