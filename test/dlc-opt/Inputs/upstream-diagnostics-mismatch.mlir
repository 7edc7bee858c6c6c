// Mismatches of every kind: each is reported and the run fails.
func.func @unexpected(%a: i32) -> i64 {
  return %a : i32
}

// -----

// expected-error@below {{never emitted}}
func.func @missing() {
  return
}

// -----

func.func @wrong_kind(%a: i32) -> i64 {
  // expected-warning@+1 {{doesn't match function result type}}
  return %a : i32
}

// -----

func.func @literal_braces(%a: i32) -> i64 {
  // Without -re, {{...}} inside the message is literal text.
  // expected-error@+1 {{operand 0 ('i{{[0-9]+}}')}}
  return %a : i32
}
