// RUN: dlc-opt %s -split-input-file -verify-diagnostics
// The rules every dlc op is checked against by the generic verifier
// (lib/Dialect/OpDef.c), before its own shape rule runs.

// An unknown attribute name, with the closest known one suggested.
func.func @unknown_attribute_suggestion(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op has unknown attribute 'transA' (did you mean 'trans_a'?)}}
  %0 = "dlc_graph.gemm"(%a, %b) {transA = true} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// No name is close: the known ones are listed.
func.func @unknown_attribute_list(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'dlc_graph.leaky_relu' op has unknown attribute 'slope' (known: 'alpha')}}
  %0 = "dlc_graph.leaky_relu"(%a) {slope = 0.1 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unknown_attribute_none(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'dlc_graph.relu' op has unknown attribute 'alpha' (it has no attributes)}}
  %0 = "dlc_graph.relu"(%a) {alpha = 0.1 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Every problem of an op is reported, not only the first.
func.func @several_attribute_errors(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error@+2 {{'dlc_graph.gemm' op has unknown attribute 'beat' (did you mean 'beta'?)}}
  // expected-error@+1 {{'dlc_graph.gemm' op attribute 'trans_a' must be a bool attribute (true or false), but is "yes"}}
  %0 = "dlc_graph.gemm"(%a, %b) {beat = 1.0 : f32, trans_a = "yes"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// Dialect-prefixed names are annotations and are not checked.
func.func @annotation_not_checked(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.relu"(%a) {onnx.name = "Relu_7", dlc.tag = 3 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  // expected-error@+1 {{'dlc_graph.relu' op has unknown attribute 'name' (it has no attributes)}}
  %1 = "dlc_graph.relu"(%0) {name = "Relu_8"} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// -----

// Attribute kinds: an integer where a bool is expected, and so on.
func.func @kind_bool(%a: tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32> {
  // expected-error@+1 {{'dlc_graph.avg_pool' op attribute 'ceil_mode' must be a bool attribute (true or false), but is 1 : i64}}
  %0 = "dlc_graph.avg_pool"(%a) {ceil_mode = 1 : i64, kernel_shape = array<i64: 4, 4>} : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
  return %0 : tensor<1x2x1x1xf32>
}

// -----

func.func @kind_float(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'dlc_graph.dropout' op attribute 'ratio' must be a float attribute (e.g. 1.0 : f32), but is "half"}}
  %0 = "dlc_graph.dropout"(%a) {ratio = "half"} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @kind_string(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'dlc_graph.gelu' op attribute 'approximate' must be a string attribute, but is true}}
  %0 = "dlc_graph.gelu"(%a) {approximate = true} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @kind_integer(%a: tensor<2x3xf32>) -> tensor<6x1xf32> {
  // expected-error@+1 {{'dlc_graph.flatten' op attribute 'axis' must be an integer attribute (e.g. 1 : i64), but is 2.000000e+00 : f32}}
  %0 = "dlc_graph.flatten"(%a) {axis = 2.0 : f32} : (tensor<2x3xf32>) -> tensor<6x1xf32>
  return %0 : tensor<6x1xf32>
}

// -----

func.func @kind_ints(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error@+1 {{'dlc_graph.transpose' op attribute 'perm' must be an array<i64: ...> attribute, but is [1, 0]}}
  %0 = "dlc_graph.transpose"(%a) {perm = [1, 0]} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// IRDL checks the kinds of required attributes itself.
func.func @kind_type(%a: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error@+1 {{expected base attribute 'builtin.type' but got 'builtin.string'}}
  %0 = "dlc_graph.cast"(%a) {to = "i32"} : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// A missing required attribute (IRDL's check).
func.func @missing_required(%a: tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32> {
  // expected-error@+1 {{'dlc_graph.max_pool' op attribute "kernel_shape" is expected but not provided}}
  %0 = "dlc_graph.max_pool"(%a) : (tensor<1x2x4x4xf32>) -> tensor<1x2x1x1xf32>
  return %0 : tensor<1x2x1x1xf32>
}

// -----

// Element types per operand and result.
func.func @operand_element_type(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+2 {{'dlc_graph.sqrt' op operand #0 ('input') must be a tensor of float (f32, f64) values, but got tensor<4xi32>}}
  // expected-error@+1 {{'dlc_graph.sqrt' op result #0 ('output') must be a tensor of float (f32, f64) values, but got tensor<4xi32>}}
  %0 = "dlc_graph.sqrt"(%a) : (tensor<4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// Element types DLC does not support at all.
func.func @unsupported_element_type(%a: tensor<4xf8E3M4>) -> tensor<4xf32> {
  // expected-error@+1 {{'dlc_graph.identity' op operand #0 ('input') must be a tensor of f32, f64, f16, bf16, i8-i64, ui8-ui64, i1, a float8 or float4 type, i4, ui4, i2 or ui2 values, but got tensor<4xf8E3M4>}}
  %0 = "dlc_graph.identity"(%a) : (tensor<4xf8E3M4>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The half types are storage types: ops that compute do not take them
// (the importer computes in f32 between casts).
func.func @half_compute(%a: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error@+2 {{'dlc_graph.relu' op operand #0 ('input') must be a tensor of float or signed integer values, but got tensor<4xf16>}}
  // expected-error@+1 {{'dlc_graph.relu' op result #0 ('output') must be a tensor of float or signed integer values, but got tensor<4xf16>}}
  %0 = "dlc_graph.relu"(%a) : (tensor<4xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @signed_integer_type(%a: tensor<4xsi32>) -> tensor<4xsi32> {
  // expected-error@+2 {{operand #0 ('input') must be a tensor of f32, f64, f16, bf16, i8-i64, ui8-ui64, i1, a float8 or float4 type, i4, ui4, i2 or ui2 values, but got tensor<4xsi32>}}
  // expected-error@+1 {{result #0 ('output') must be a tensor of f32, f64, f16, bf16, i8-i64, ui8-ui64, i1, a float8 or float4 type, i4, ui4, i2 or ui2 values, but got tensor<4xsi32>}}
  %0 = "dlc_graph.identity"(%a) : (tensor<4xsi32>) -> tensor<4xsi32>
  return %0 : tensor<4xsi32>
}

// -----

func.func @rank_too_large(%a: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32> {
  // expected-error@+2 {{'dlc_graph.exp' op operand #0 ('input') must be a ranked tensor of rank <= 16}}
  // expected-error@+1 {{'dlc_graph.exp' op result #0 ('output') must be a ranked tensor of rank <= 16}}
  %0 = "dlc_graph.exp"(%a) : (tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) -> tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
  return %0 : tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>
}

// -----

// IRDL rejects unranked tensors before DLC's verifier runs.
func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  // expected-error@+1 {{expected base type 'builtin.tensor' but got 'builtin.unranked_tensor'}}
  %0 = "dlc_graph.exp"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// A declared result type incompatible with the inferred one: a static dim
// that differs, a rank that differs, an element type that differs.
func.func @result_dim(%a: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error@+1 {{'dlc_graph.abs' op result #0 ('output') has type tensor<3xf32>, but the operands and attributes imply tensor<4xf32>}}
  %0 = "dlc_graph.abs"(%a) : (tensor<4xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @result_rank(%a: tensor<4xf32>) -> tensor<4x1xf32> {
  // expected-error@+1 {{'dlc_graph.abs' op result #0 ('output') has type tensor<4x1xf32>, but the operands and attributes imply tensor<4xf32>}}
  %0 = "dlc_graph.abs"(%a) : (tensor<4xf32>) -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

func.func @result_element_type(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error@+1 {{'dlc_graph.add' op result #0 ('output') has type tensor<4xi64>, but the operands and attributes imply tensor<4xi32>}}
  %0 = "dlc_graph.add"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

// `?` on either side is compatible; the error is only where both are static.
func.func @result_dynamic(%a: tensor<?x4xf32>, %b: tensor<3x?xf32>) -> (tensor<3x?xf32>, tensor<?x5xf32>) {
  %0 = "dlc_graph.add"(%a, %b) : (tensor<?x4xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
  // expected-error@+1 {{'dlc_graph.add' op result #0 ('output') has type tensor<?x5xf32>, but the operands and attributes imply tensor<3x4xf32>}}
  %1 = "dlc_graph.add"(%a, %b) : (tensor<?x4xf32>, tensor<3x?xf32>) -> tensor<?x5xf32>
  return %0, %1 : tensor<3x?xf32>, tensor<?x5xf32>
}

// -----

// Broadcasting: dims must be equal or 1, aligned at the end.
func.func @broadcast_mismatch(%a: tensor<2x3xf32>, %b: tensor<3x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{'dlc_graph.mul' op operands 'lhs' (tensor<2x3xf32>) and 'rhs' (tensor<3x3xf32>) are not broadcast-compatible}}
  %0 = "dlc_graph.mul"(%a, %b) : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Segment attributes must describe the operands exactly: IRDL checks them
// only for ops with more than one optional operand.
func.func @segments_sum(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op attribute 'operandSegmentSizes' describes 2 operands, but the op has 3}}
  %0 = "dlc_graph.gemm"(%a, %a, %a) {operandSegmentSizes = array<i32: 1, 1, 0>} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @segments_length(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op attribute 'operandSegmentSizes' must be an array<i32> with one entry per operand (3)}}
  %0 = "dlc_graph.gemm"(%a, %a) {operandSegmentSizes = array<i32: 1, 1>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @segments_kind(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op attribute 'operandSegmentSizes' must be an array<i32> with one entry per operand (3)}}
  %0 = "dlc_graph.gemm"(%a, %a) {operandSegmentSizes = array<i64: 1, 1, 0>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @segments_required_absent(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op attribute 'operandSegmentSizes' entry 1 ('b') must be 1, but is 0}}
  %0 = "dlc_graph.gemm"(%a, %a) {operandSegmentSizes = array<i32: 1, 0, 1>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @segments_optional_twice(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  // expected-error@+1 {{'dlc_graph.gemm' op attribute 'operandSegmentSizes' entry 2 ('c') must be 0 or 1, but is 2}}
  %0 = "dlc_graph.gemm"(%a, %a) {operandSegmentSizes = array<i32: 1, 1, 2>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

func.func @result_segments(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'dlc_graph.dropout' op attribute 'resultSegmentSizes' describes 2 results, but the op has 1}}
  %0 = "dlc_graph.dropout"(%a) {resultSegmentSizes = array<i32: 1, 1>} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The verifier walks nested regions and modules.
module {
  func.func @nested(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = scf.execute_region -> tensor<4xf32> {
      // expected-error@+1 {{'dlc_graph.exp' op has unknown attribute 'fast' (it has no attributes)}}
      %1 = "dlc_graph.exp"(%a) {fast} : (tensor<4xf32>) -> tensor<4xf32>
      scf.yield %1 : tensor<4xf32>
    }
    return %0 : tensor<4xf32>
  }
}

// -----

// Element counts are bounded (2^40), so that sizes in bytes never overflow.
func.func @too_many_elements(%x: tensor<1099511627776x2xf32>) -> tensor<1099511627776x2xf32> {
  // expected-error@+2 {{'dlc_graph.relu' op operand #0 ('input') has type tensor<1099511627776x2xf32>, with more elements than DLC's limit (2^40)}}
  // expected-error@+1 {{result #0 ('output') has type tensor<1099511627776x2xf32>, with more elements}}
  %y = "dlc_graph.relu"(%x) : (tensor<1099511627776x2xf32>) -> tensor<1099511627776x2xf32>
  return %y : tensor<1099511627776x2xf32>
}
