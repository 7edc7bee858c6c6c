// Declares DLC's @dlc_peel (schedules/matmul.mlir) to include it, as DLC's
// own conv.mlir does: the declaration must not hide DLC's definition.
module attributes {transform.with_named_sequence} {
  transform.named_sequence private @dlc_peel(%loop: !transform.any_op {transform.readonly})

  transform.named_sequence @dlc_matmul(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %t, %l0 = transform.structured.tile_using_for %mm tile_sizes [3, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_peel failures(propagate) (%l0) : (!transform.any_op) -> ()
    transform.yield
  }
}
