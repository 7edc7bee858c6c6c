// Does not parse: a value that is never defined.
func.func @f() -> i32 {
  return %undefined : i32
}
