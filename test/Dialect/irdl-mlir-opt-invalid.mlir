// What IRDL itself checks, seen through stock mlir-opt and dlc-opt alike:
// operand and result counts, required attributes and their kinds, tensors.
// RUN: mlir-opt --irdl-file=%irdl %s -split-input-file -verify-diagnostics
// RUN: dlc-opt %s -split-input-file -verify-diagnostics

func.func @operand_count(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{op expects exactly 2 operands, but got 1}}
  %0 = "dlc_graph.add"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @result_count(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{op expects exactly 1 results, but got 2}}
  %0, %1 = "dlc_graph.relu"(%x) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %0 : tensor<2xf32>
}

// -----

func.func @required_attribute(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{'dlc_tensor.contract' op attribute "spec" is expected but not provided}}
  %0 = "dlc_tensor.contract"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @attribute_kind(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
  %0 = "dlc_tensor.contract"(%x, %x) {spec = 1 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @not_a_tensor(%x: memref<2xf32>) -> memref<2xf32> {
  // expected-error@+1 {{expected base type 'builtin.tensor' but got 'builtin.memref'}}
  %0 = "dlc_graph.exp"(%x) : (memref<2xf32>) -> memref<2xf32>
  return %0 : memref<2xf32>
}

// -----

func.func @segments_required(%x: tensor<2xf32>, %m: tensor<f32>) -> tensor<2xf32> {
  // expected-error@+1 {{'operandSegmentSizes' attribute is expected but not provided}}
  %0 = "dlc_graph.clip"(%x, %m) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @unknown_op(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{unregistered operation 'dlc_graph.frobnicate' found in dialect ('dlc_graph') that does not allow unknown operations}}
  %0 = "dlc_graph.frobnicate"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
