// RUN: dlc-opt %s -split-input-file -verify-diagnostics --dlc-graph-to-tensor
// Every designator form, on diagnostics from DLC's verifier, its passes and
// the parser. Each chunk passes only if its diagnostics come where expected.

func.func @same_line(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.relu"(%a) {alpha = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32> // expected-error {{has unknown attribute 'alpha'}}
  return %0 : tensor<4xf32>
}

// -----

func.func @plus(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+3 {{'dlc_graph.exp' op has unknown attribute 'fast'}}
  // A comment between the expectation and its line.

  %0 = "dlc_graph.exp"(%a) {fast} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @minus(%a: tensor<4xf32>) -> tensor<5xf32> {
  %0 = "dlc_graph.exp"(%a) : (tensor<4xf32>) -> tensor<5xf32>
  // expected-error@-1 {{result #0 ('output') has type tensor<5xf32>, but the operands and attributes imply tensor<4xf32>}}
  return %0 : tensor<5xf32>
}

// -----

// @below is the next line without a designator, @above the previous one;
// several designators can share a line.
// expected-error@below {{operand #0 ('input') must be a tensor of float (f32, f64) values}}
// expected-error@below {{result #0 ('output') must be a tensor of float (f32, f64) values}}
func.func @below(%a: tensor<4xi32>) -> tensor<4xi32> { %0 = "dlc_graph.sigmoid"(%a) : (tensor<4xi32>) -> tensor<4xi32> return %0 : tensor<4xi32> }

// -----

func.func @above(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<3xf32> { %0 = "dlc_graph.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<3xf32> return %0 : tensor<3xf32> }
// expected-error@above {{are not broadcast-compatible}}

// -----

// expected-error-re: {{...}} parts are regexes, the rest is literal (the
// parentheses and quotes here match themselves).
func.func @regex(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error-re@+1 {{contracting dims differ (lhs has {{[0-9]+}} columns, rhs has {{[0-9]+}} rows): 'lhs' (tensor<{{.*}}>)}}
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

// Errors and notes from the parser.
func.func @parser(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{use of value '%a' expects different type than prior uses}}
  %0 = "dlc_graph.relu"(%a) : (tensor<4xf64>) -> tensor<4xf64>
  return %0 : tensor<4xf32>
}

// -----

// Errors from a DLC pass: dlc-graph-to-tensor reports what it cannot lower.
func.func @pass_error(%a: tensor<?x?x1x1x1x1x1x1x1x1x1x2x3xf32>, %b: tensor<3x4xf32>) -> tensor<?x?x1x1x1x1x1x1x1x1x1x2x4xf32> {
  // expected-error@+1 {{'dlc_graph.matmul' op cannot be lowered by dlc-graph-to-tensor: more than 10 batch dims}}
  %0 = "dlc_graph.matmul"(%a, %b) : (tensor<?x?x1x1x1x1x1x1x1x1x1x2x3xf32>, tensor<3x4xf32>) -> tensor<?x?x1x1x1x1x1x1x1x1x1x2x4xf32>
  return %0 : tensor<?x?x1x1x1x1x1x1x1x1x1x2x4xf32>
}

// -----

// A chunk without diagnostics verifies too; its output is printed.
func.func @clean(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
