// RUN: dlc-opt %s -split-input-file -verify-diagnostics

func.func @matmul_scalar(%a: tensor<f32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'dlc_graph.matmul' op operands must have rank >= 1: 'lhs' (tensor<f32>) and 'rhs' (tensor<3xf32>)}}
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @matmul_contracting(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error@+1 {{'dlc_graph.matmul' op contracting dims differ (lhs has 3 columns, rhs has 4 rows): 'lhs' (tensor<2x3xf32>) and 'rhs' (tensor<4x5xf32>)}}
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// A 1-D rhs is a column: its length must be lhs's column count.
func.func @matmul_vector_contracting(%a: tensor<2x3xf32>, %v: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{contracting dims differ (lhs has 3 columns, rhs has 2 rows)}}
  %0 = "dlc_graph.matmul"(%a, %v) : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @matmul_batch(%a: tensor<2x2x3xf32>, %b: tensor<3x3x4xf32>) -> tensor<3x2x4xf32> {
  // expected-error@+1 {{'dlc_graph.matmul' op batch dims are not broadcast-compatible: 'lhs' (tensor<2x2x3xf32>) and 'rhs' (tensor<3x3x4xf32>)}}
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<2x2x3xf32>, tensor<3x3x4xf32>) -> tensor<3x2x4xf32>
  return %0 : tensor<3x2x4xf32>
}

// -----

func.func @matmul_element_types(%a: tensor<2x3xf32>, %b: tensor<3x4xf64>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'dlc_graph.matmul' op operands 'lhs' (tensor<2x3xf32>) and 'rhs' (tensor<3x4xf64>) must have the same element type}}
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// 1-D x 1-D is a 0-d dot product, not 1 x 1.
func.func @matmul_dot_result(%v: tensor<3xf32>) -> tensor<1xf32> {
  // expected-error@+1 {{'dlc_graph.matmul' op result #0 ('output') has type tensor<1xf32>, but the operands and attributes imply tensor<f32>}}
  %0 = "dlc_graph.matmul"(%v, %v) : (tensor<3xf32>, tensor<3xf32>) -> tensor<1xf32>
  return %0 : tensor<1xf32>
}

// -----

func.func @matmul_bool(%a: tensor<2x2xi1>) -> tensor<2x2xi1> {
  // expected-error@+3 {{'dlc_graph.matmul' op operand #0 ('lhs') must be a tensor of numeric (float or integer) values, but got tensor<2x2xi1>}}
  // expected-error@+2 {{'dlc_graph.matmul' op operand #1 ('rhs') must be a tensor of numeric (float or integer) values, but got tensor<2x2xi1>}}
  // expected-error@+1 {{'dlc_graph.matmul' op result #0 ('output') must be a tensor of numeric (float or integer) values, but got tensor<2x2xi1>}}
  %0 = "dlc_graph.matmul"(%a, %a) : (tensor<2x2xi1>, tensor<2x2xi1>) -> tensor<2x2xi1>
  return %0 : tensor<2x2xi1>
}

// -----

func.func @gemm_rank(%a: tensor<2x3x4xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op operands 'a' and 'b' must be 2-D: 'a' (tensor<2x3x4xf32>) and 'b' (tensor<4x5xf32>)}}
  %0 = "dlc_graph.gemm"(%a, %b) : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// trans_a makes a K x M: its rows must match b's rows.
func.func @gemm_trans_contracting(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op contracting dims differ (op(a) has 2 columns, op(b) has 3 rows)}}
  %0 = "dlc_graph.gemm"(%a, %b) {trans_a = true} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// c broadcasts one way only: to M x N, never M x N to c.
func.func @gemm_c_larger(%a: tensor<1x3xf32>, %b: tensor<3x4xf32>, %c: tensor<2x4xf32>) -> tensor<1x4xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op operand 'c' (tensor<2x4xf32>) does not broadcast to the 1 x 4 product}}
  %0 = "dlc_graph.gemm"(%a, %b, %c) : (tensor<1x3xf32>, tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @gemm_c_rank(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<1x2x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op operand 'c' (tensor<1x2x4xf32>) does not broadcast to the 2 x 4 product}}
  %0 = "dlc_graph.gemm"(%a, %b, %c) : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<1x2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gemm_c_dim(%a: tensor<2x3xf32>, %b: tensor<3x?xf32>, %c: tensor<3x1xf32>) -> tensor<2x?xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op operand 'c' (tensor<3x1xf32>) does not broadcast to the 2 x ? product}}
  %0 = "dlc_graph.gemm"(%a, %b, %c) : (tensor<2x3xf32>, tensor<3x?xf32>, tensor<3x1xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// -----

func.func @gemm_c_element_type(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>, %c: tensor<4xf64>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op operands 'a' (tensor<2x3xf32>) and 'c' (tensor<4xf64>) must have the same element type}}
  %0 = "dlc_graph.gemm"(%a, %b, %c) : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf64>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gemm_result(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<4x2xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op result #0 ('output') has type tensor<4x2xf32>, but the operands and attributes imply tensor<2x4xf32>}}
  %0 = "dlc_graph.gemm"(%a, %b) : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @gemm_trans_kind(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op attribute 'trans_b' must be a bool attribute (true or false), but is 1 : i64}}
  %0 = "dlc_graph.gemm"(%a, %b) {trans_b = 1 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// IRDL checks the operand count: gemm takes two or three.
func.func @gemm_one_operand(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{op expects at least 2 operands, but got 1}}
  %0 = "dlc_graph.gemm"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
