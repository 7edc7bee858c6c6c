// Schedules for elementwise linalg.generic ops whose input is read
// transposed (layout conversions at a graph's edges and around ops that
// stay NCHW, with the elementwise ops fused into them): the loops run in
// the output's order, so each vector of the output gathers from across
// the input, and with the channels outermost every channel swept the whole
// input again (64 channels of 112 x 112: 4.7 ms). Tiled by t x t blocks of
// the two dims that are innermost in the input and in the output, each
// block is read in rows of the input, transposed in registers and written
// in rows of the output (0.6 ms).
//
// The blocks are an scf.forall: with threads, they are shared out.
//
// Parameters, chosen by dlc-codegen: t0..t3, the tile of each loop: t (the
// vector width, or less where it does not divide) for those two dims, 1
// for the others. Where no t of at least 4 divides the output's innermost
// dim (an audio model's 3199 steps), the _split sequences transpose its
// first `at` positions (whole blocks) so, and leave the rest to loops.
module attributes {transform.with_named_sequence} {
  // 16 x 16 blocks: AVX-512's 16-lane shuffles.
  transform.named_sequence @dlc_transpose_4d_16x16(%op: !transform.any_op {transform.consumed},
      %t0: !transform.param<i64> {transform.readonly}, %t1: !transform.param<i64> {transform.readonly},
      %t2: !transform.param<i64> {transform.readonly}, %t3: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %op {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %tile, %blocks = transform.structured.tile_using_forall %op tile_sizes [%t0, %t1, %t2, %t3]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %tile : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_16x16"
    } : !transform.any_op
    transform.yield
  }

  transform.named_sequence @dlc_transpose_4d_16x16_split(%op: !transform.any_op {transform.consumed},
      %t0: !transform.param<i64> {transform.readonly}, %t1: !transform.param<i64> {transform.readonly},
      %t2: !transform.param<i64> {transform.readonly}, %t3: !transform.param<i64> {transform.readonly},
      %at: !transform.param<i64> {transform.readonly}) {
    %parts = transform.structured.split %op after %at {dimension = 3}
        : !transform.any_op, !transform.param<i64>
    %whole, %rest = transform.split_handle %parts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_transpose_4d_16x16 failures(propagate) (%whole, %t0, %t1, %t2, %t3)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>) -> ()
    transform.yield
  }

  // Other block sizes: one shuffle of the flattened block.
  transform.named_sequence @dlc_transpose_4d(%op: !transform.any_op {transform.consumed},
      %t0: !transform.param<i64> {transform.readonly}, %t1: !transform.param<i64> {transform.readonly},
      %t2: !transform.param<i64> {transform.readonly}, %t3: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %op {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %tile, %blocks = transform.structured.tile_using_forall %op tile_sizes [%t0, %t1, %t2, %t3]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %tile : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_1d"
    } : !transform.any_op
    transform.yield
  }

  transform.named_sequence @dlc_transpose_4d_split(%op: !transform.any_op {transform.consumed},
      %t0: !transform.param<i64> {transform.readonly}, %t1: !transform.param<i64> {transform.readonly},
      %t2: !transform.param<i64> {transform.readonly}, %t3: !transform.param<i64> {transform.readonly},
      %at: !transform.param<i64> {transform.readonly}) {
    %parts = transform.structured.split %op after %at {dimension = 3}
        : !transform.any_op, !transform.param<i64>
    %whole, %rest = transform.split_handle %parts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_transpose_4d failures(propagate) (%whole, %t0, %t1, %t2, %t3)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>) -> ()
    transform.yield
  }
}
