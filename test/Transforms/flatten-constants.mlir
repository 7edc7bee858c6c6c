// RUN: dlc-opt %s -split-input-file -dlc-flatten-constants=min-elements=4 | FileCheck %s

// A dense<> constant at the threshold becomes a 1-D blob and a reshape.
// CHECK-LABEL: func.func @dense_matrix
// CHECK: %[[FLAT:.*]] = arith.constant dense_resource<[[BLOB:.*]]> : tensor<4xf32>
// CHECK: %[[SHAPED:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [2, 2] : tensor<4xf32> into tensor<2x2xf32>
// CHECK: return %[[SHAPED]]
// CHECK: [[BLOB]]: "0x{{[0-9A-F]+}}000080BF0000004000004040000080C0"
func.func @dense_matrix() -> tensor<2x2xf32> {
  %0 = arith.constant dense<[[-1.0, 2.0], [3.0, -4.0]]> : tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// Below the threshold, 1-D, splat and i1 constants stay as they are.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT: dense_resource
// CHECK: arith.constant dense<{{\[}}[1, 2, 3]]> : tensor<1x3xi32>
// CHECK: arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00]> : tensor<5xf32>
// CHECK: arith.constant dense<7> : tensor<4x4xi64>
// CHECK: arith.constant dense<{{\[}}[true, false], [false, true]]> : tensor<2x2xi1>
func.func @left_alone() -> (tensor<1x3xi32>, tensor<5xf32>, tensor<4x4xi64>, tensor<2x2xi1>) {
  %0 = arith.constant dense<[[1, 2, 3]]> : tensor<1x3xi32>
  %1 = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : tensor<5xf32>
  %2 = arith.constant dense<7> : tensor<4x4xi64>
  %3 = arith.constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
  return %0, %1, %2, %3 : tensor<1x3xi32>, tensor<5xf32>, tensor<4x4xi64>, tensor<2x2xi1>
}

// -----

// dense_resource blobs are shared: the flat constant reads the same bytes.
// CHECK-LABEL: func.func @resource
// CHECK: %[[FLAT:.*]] = arith.constant dense_resource<{{.*}}> : tensor<6xi16>
// CHECK: tensor.expand_shape %[[FLAT]] {{\[}}[0, 1, 2]] output_shape [1, 2, 3] : tensor<6xi16> into tensor<1x2x3xi16>
func.func @resource() -> tensor<1x2x3xi16> {
  %0 = arith.constant dense_resource<weights> : tensor<1x2x3xi16>
  return %0 : tensor<1x2x3xi16>
}

{-#
  dialect_resources: {
    builtin: {
      weights: "0x02000000010002000300040005000600"
    }
  }
#-}
