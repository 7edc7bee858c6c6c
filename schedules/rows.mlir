// Schedules for row groups: an elementwise linalg.generic (the root) with
// the reductions over its innermost dims that it reads (through their
// reduced results), and the elementwise producers and zero fills feeding
// them, all over the same rows (softmax: max, exp, sum, div; layer norm:
// mean, x - mean, variance, normalize, scale and shift). dlc-codegen finds
// the groups (lib/Codegen/RowGroups.c) and passes the root and the other
// members, consumers before producers, as one handle.
//
// The root's outer (row) dims are tiled with scf.forall, a block of rows
// per iteration, and every member is fused into that loop: one loop nest
// for the group, whose temporaries are row-block slices (the elementwise
// members write into the root's output slice where they share its init,
// the reduced values into small row-space buffers) rather than full
// tensors swept once per op. A member read twice (softmax's exp: by the
// sum and by the division) is fused once per use; cse merges the copies,
// so it is computed once per row block; dce removes the members left
// without uses outside the loop.
//
// Parameters, chosen by dlc-codegen (lib/Codegen/Tiles.c): one tile size
// per dim of the root's iteration space, 0 (untiled) for the reduced
// innermost dims; the outer dims' sizes make a block of rows whose
// working set stays in L1 (docs/Codegen.md).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @dlc_rows_2d(%root: !transform.any_op {transform.consumed},
      %members: !transform.any_op {transform.readonly},
      %t0: !transform.param<i64> {transform.readonly}, %t1: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %root {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %root tile_sizes [%t0, %t1]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    // A member that does not fuse stays outside, computed whole: slower,
    // not wrong, so it fails neither the schedule nor the compilation.
    transform.sequence %forall : !transform.any_op failures(suppress) {
    ^bb0(%loop: !transform.any_op):
      %fused, %new_loop = transform.structured.fuse_into_containing_op %members into %loop
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.apply_dce to %f : !transform.any_op
    transform.apply_cse to %f : !transform.any_op
    transform.yield
  }

  transform.named_sequence @dlc_rows_3d(%root: !transform.any_op {transform.consumed},
      %members: !transform.any_op {transform.readonly},
      %t0: !transform.param<i64> {transform.readonly}, %t1: !transform.param<i64> {transform.readonly}, %t2: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %root {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %root tile_sizes [%t0, %t1, %t2]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    // A member that does not fuse stays outside, computed whole: slower,
    // not wrong, so it fails neither the schedule nor the compilation.
    transform.sequence %forall : !transform.any_op failures(suppress) {
    ^bb0(%loop: !transform.any_op):
      %fused, %new_loop = transform.structured.fuse_into_containing_op %members into %loop
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.apply_dce to %f : !transform.any_op
    transform.apply_cse to %f : !transform.any_op
    transform.yield
  }

  transform.named_sequence @dlc_rows_4d(%root: !transform.any_op {transform.consumed},
      %members: !transform.any_op {transform.readonly},
      %t0: !transform.param<i64> {transform.readonly}, %t1: !transform.param<i64> {transform.readonly}, %t2: !transform.param<i64> {transform.readonly}, %t3: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %root {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %tiled, %forall = transform.structured.tile_using_forall %root tile_sizes [%t0, %t1, %t2, %t3]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    // A member that does not fuse stays outside, computed whole: slower,
    // not wrong, so it fails neither the schedule nor the compilation.
    transform.sequence %forall : !transform.any_op failures(suppress) {
    ^bb0(%loop: !transform.any_op):
      %fused, %new_loop = transform.structured.fuse_into_containing_op %members into %loop
          : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    }
    transform.apply_dce to %f : !transform.any_op
    transform.apply_cse to %f : !transform.any_op
    transform.yield
  }
}
