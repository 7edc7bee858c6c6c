// Mismatching expectations on DLC diagnostics (see verify-diagnostics-fail.test).
func.func @unexpected(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "dlc_graph.relu"(%a) {alpha = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @not_produced(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{this is never emitted}}
  %0 = "dlc_graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @wrong_line(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{has unknown attribute 'alpha'}}
  %0 = "dlc_graph.relu"(%a) {alpha = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @wrong_kind(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note@+1 {{has unknown attribute 'alpha'}}
  %0 = "dlc_graph.relu"(%a) {alpha = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_regex(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error-re@+1 {{unknown attribute {{[a-}}}}
  %0 = "dlc_graph.relu"(%a) {alpha = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unclosed_regex(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error-re@+1 {{unknown attribute {{alpha}}
  %0 = "dlc_graph.relu"(%a) {alpha = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
