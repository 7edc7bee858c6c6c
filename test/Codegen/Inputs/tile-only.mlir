module attributes {transform.with_named_sequence} {
  transform.named_sequence @dlc_matmul(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %t, %l0, %l1 = transform.structured.tile_using_for %mm tile_sizes [4, 4, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
