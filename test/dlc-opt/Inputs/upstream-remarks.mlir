// Remarks from the transform interpreter, checked with expected-remark.
module attributes {transform.with_named_sequence} {
  // expected-remark@below {{found a function}}
  func.func @f() {
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "found a function" : !transform.any_op
    transform.yield
  }
}
