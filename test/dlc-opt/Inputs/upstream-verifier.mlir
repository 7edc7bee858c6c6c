// Parses, but the verifier rejects it (with a "see current operation" note).
func.func @f(%a: i32) -> i64 {
  return %a : i32
}
