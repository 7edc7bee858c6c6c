// Expected diagnostics that all come: every designator form.
func.func @same_line(%a: i32) -> i64 {
  return %a : i32 // expected-error {{doesn't match function result type ('i64')}}
}

// -----

func.func @plus(%a: i32) -> i64 {
  // expected-error@+2 {{type of return operand 0 ('i32')}}

  return %a : i32
}

// -----

func.func @minus(%a: i32) -> i64 {
  return %a : i32
  // expected-error@-1 {{in function @minus}}
}

// -----

// expected-error@below {{expects different type than prior uses}}
func.func @below(%a: i32) -> i32 { %0 = arith.addi %a, %a : i64 return %0 : i32 }
// expected-note@above {{prior use here}}

// -----

func.func @regex(%a: f16) -> f32 {
  // expected-error-re@+1 {{type of return operand 0 ('f{{[0-9]+}}') doesn't match function result type ('{{.*}}')}}
  return %a : f16
}
