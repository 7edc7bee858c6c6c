// Three chunks; the second does not parse.
func.func @first(%a: i32) -> i32 {
  return %a : i32
}

// -----

func.func @second(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i64
  return %0 : i32
}

// -----
func.func @third() {
  return
}
