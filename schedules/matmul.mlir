// Schedules for matrix products (linalg.matmul, linalg.batch_matmul) on f32.
//
// Each named sequence takes the op and its parameters, chosen per shape and
// host by dlc-codegen (lib/Codegen/Tiles.c) or given on its command line:
//   tm, tn, tk  cache tile: a tm x tk block of A and a tk x tn block of B
//               are copied (packed) into contiguous buffers, zero-padded to
//               the full tile, so every register tile below is whole and
//               odd sizes never fall back to scalar code;
//   rm, rn      register tile: rm x rn accumulators held in vector
//               registers across the k loop (rn a multiple of the vector
//               width); rm divides tm and rn divides tn.
// The result block is copied back with linalg.copy: bufferization then
// computes in place or copies as needed (with materialize_in_destination it
// rejects blocks that are the whole result, e.g. M = 1 and N = tn).
// The n loop is an scf.forall: with threads, column blocks are shared out.
// Loop order n, k, m around the packed blocks: B's block is packed once per
// (n, k) tile (hoisted out of the m loop), A's per (n, k, m) tile. Inside,
// the register tile walks n then m, and k innermost with one rank-1 update
// (vector outer product: a broadcast of A times a row of B) per step.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @dlc_matmul(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %cols, %ln = transform.structured.tile_using_forall %mm tile_sizes [0, %tn, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_matmul_columns failures(propagate) (%f, %cols, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // With its epilogue (a Gemm's bias, a transformer's bias add and
  // activation: the elementwise op reading the product in place) and the
  // zero fill of its accumulator: the epilogue's column blocks are the
  // scf.forall, the fill and the product fused into each, so a block of
  // the product is zeroed, computed and finished while it is in cache, in
  // one loop nest. The epilogue runs on the whole block after its last k
  // tile: k is outside m, the order that packs each block of B once.
  transform.named_sequence @dlc_matmul_fused(%epilogue: !transform.any_op {transform.consumed},
      %mm: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %epi_cols, %ln = transform.structured.tile_using_forall %epilogue tile_sizes [0, %tn]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %cols, %l1 = transform.structured.fuse_into_containing_op %mm into %ln
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_cols, %l2 = transform.structured.fuse_into_containing_op %fill into %l1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_matmul_columns failures(propagate) (%f, %cols, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // Threads sharing blocks of tm rows instead of column blocks (see
  // @dlc_batch_matmul_rows).
  transform.named_sequence @dlc_matmul_rows(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %rows, %lm = transform.structured.tile_using_forall %mm tile_sizes [%tm, %tn, 0]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_matmul_columns failures(propagate) (%f, %rows, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  transform.named_sequence @dlc_matmul_rows_fused(%epilogue: !transform.any_op {transform.consumed},
      %mm: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %epi_rows, %lm = transform.structured.tile_using_forall %epilogue tile_sizes [%tm, %tn]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %rows, %l1 = transform.structured.fuse_into_containing_op %mm into %lm
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_rows, %l2 = transform.structured.fuse_into_containing_op %fill into %l1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_matmul_columns failures(propagate) (%f, %rows, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // One column block of a product: tiles for the caches, packing, register
  // tiles. The last block of rows, when tm does not divide M, is a loop of
  // its own: the others are whole, so their blocks of the product are
  // computed where they are rather than in a padded copy, and their blocks
  // of A are copied without padding; the last is padded to a multiple of
  // rm only (197 x 768 x 768, tm = 40: 2.21 -> 2.17 ms on one thread).
  transform.named_sequence @dlc_matmul_columns(%f: !transform.any_op {transform.readonly},
      %cols: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tk: !transform.param<i64> {transform.readonly},
      %rm: !transform.param<i64> {transform.readonly}, %rn: !transform.param<i64> {transform.readonly}) {
    %block, %lk, %lm = transform.structured.tile_using_for %cols tile_sizes [%tm, 0, %tk]
        interchange = [2, 0, 1]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.include @dlc_peel failures(suppress) (%lm) : (!transform.any_op) -> ()
    transform.apply_patterns to %lk { transform.apply_patterns.canonicalization } : !transform.any_op
    %blocks = transform.structured.match ops{["linalg.matmul"]} in %lk
        : (!transform.any_op) -> !transform.any_op
    %steps = transform.foreach %blocks : !transform.any_op -> !transform.any_op {
    ^bb0(%b: !transform.any_op):
      %packed, %pad, %copy = transform.structured.pad %b pad_to_multiple_of [%rm, %rn, 1] {
          padding_values = [0.0 : f32, 0.0 : f32, 0.0 : f32], padding_dimensions = [0, 1, 2],
          nofold_flags = [1, 1, 0], copy_back_op = "linalg.copy"}
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %regs, %rj, %ri = transform.structured.tile_using_for %packed tile_sizes [%rm, %rn, 0]
          interchange = [1, 0, 2]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op)
      %step, %kloop = transform.structured.tile_using_for %regs tile_sizes [0, 0, 1]
          : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.yield %step : !transform.any_op
    }
    transform.include @dlc_vectorize_rank1_update failures(propagate) (%f, %steps)
        : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  // A few rows (matrix-vector products, M below the register tile): each
  // element of B is used by those rows only, so copying B's blocks would
  // cost more than the product (memory-bound either way); only A, the
  // small operand, is packed. B is still padded where N or K ends in a
  // partial tile.
  transform.named_sequence @dlc_matvec(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %cols, %ln = transform.structured.tile_using_forall %mm tile_sizes [0, %tn, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_matvec_columns failures(propagate) (%f, %cols, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // The same where the register tile does not divide N: the columns of
  // whole tiles (the first %at) and the rest as two products, the rest
  // with tiles of its own (%tn_rest, %rn_rest). In one product the column
  // blocks' sizes are dynamic, a partial last block among them, so that
  // every block of B was padded, copied, on every run (1x2048 @ 2048x1000:
  // 0.36 ms against 0.083 with B constant, packed when compiling); split,
  // only the rest's columns are.
  transform.named_sequence @dlc_matvec_split(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}, %at: !transform.param<i64> {transform.readonly},
      %tn_rest: !transform.param<i64> {transform.readonly},
      %rn_rest: !transform.param<i64> {transform.readonly}) {
    %parts = transform.structured.split %mm after %at {dimension = 1}
        : !transform.any_op, !transform.param<i64>
    %whole, %rest = transform.split_handle %parts : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_matvec failures(propagate) (%whole, %tm, %tn, %tk, %rm, %rn)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.include @dlc_matvec failures(propagate) (%rest, %tm, %tn_rest, %tk, %rm, %rn_rest)
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // With its epilogue, as @dlc_matmul_fused.
  transform.named_sequence @dlc_matvec_fused(%epilogue: !transform.any_op {transform.consumed},
      %mm: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %epi_cols, %ln = transform.structured.tile_using_forall %epilogue tile_sizes [0, %tn]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %cols, %l1 = transform.structured.fuse_into_containing_op %mm into %ln
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_cols, %l2 = transform.structured.fuse_into_containing_op %fill into %l1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_matvec_columns failures(propagate) (%f, %cols, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  transform.named_sequence @dlc_matvec_columns(%f: !transform.any_op {transform.readonly},
      %cols: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tk: !transform.param<i64> {transform.readonly},
      %rm: !transform.param<i64> {transform.readonly}, %rn: !transform.param<i64> {transform.readonly}) {
    %block, %lk, %lm = transform.structured.tile_using_for %cols tile_sizes [%tm, 0, %tk]
        interchange = [2, 0, 1]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %packed, %pad, %copy = transform.structured.pad %block {
        padding_values = [0.0 : f32, 0.0 : f32, 0.0 : f32], padding_dimensions = [0, 1, 2],
        nofold_flags = [1, 0, 0], copy_back_op = "linalg.copy"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %regs, %rj, %ri = transform.structured.tile_using_for %packed tile_sizes [%rm, %rn, 0]
        interchange = [1, 0, 2]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %step, %kloop = transform.structured.tile_using_for %regs tile_sizes [0, 0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_vectorize_rank1_update failures(propagate) (%f, %step)
        : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  // The same per batch: (batch, column block) pairs are the scf.forall
  // threads share, the rest is @dlc_matmul's schedule with the same
  // parameters.
  transform.named_sequence @dlc_batch_matmul(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %cols, %lbn = transform.structured.tile_using_forall %mm tile_sizes [1, 0, %tn, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_batch_matmul_columns failures(propagate) (%f, %cols, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // With its epilogue, as @dlc_matmul_fused.
  transform.named_sequence @dlc_batch_matmul_fused(%epilogue: !transform.any_op {transform.consumed},
      %mm: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %epi_cols, %lbn = transform.structured.tile_using_forall %epilogue tile_sizes [1, 0, %tn]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %cols, %l1 = transform.structured.fuse_into_containing_op %mm into %lbn
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_cols, %l2 = transform.structured.fuse_into_containing_op %fill into %l1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_batch_matmul_columns failures(propagate) (%f, %cols, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // Threads sharing blocks of tm rows instead of columns: a product with
  // fewer column blocks than threads (few columns, few rows: a 1x1
  // convolution at 7x7) split its columns unevenly, and each thread packed
  // all of A for its narrow block.
  transform.named_sequence @dlc_batch_matmul_rows(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %rows, %lbm = transform.structured.tile_using_forall %mm tile_sizes [1, %tm, %tn, 0]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_batch_matmul_columns failures(propagate) (%f, %rows, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  transform.named_sequence @dlc_batch_matmul_rows_fused(%epilogue: !transform.any_op {transform.consumed},
      %mm: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %epi_rows, %lbm = transform.structured.tile_using_forall %epilogue tile_sizes [1, %tm, %tn]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %rows, %l1 = transform.structured.fuse_into_containing_op %mm into %lbm
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_rows, %l2 = transform.structured.fuse_into_containing_op %fill into %l1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_batch_matmul_columns failures(propagate) (%f, %rows, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // A grouped convolution in NHWC as GroupedConv.c builds it: each group's
  // input channels as planes (%planes), its im2col columns of them (%cols,
  // collapsed to a matrix by %matrix), their product with its weights (%mm, into
  // %fill's zeros: G x F/G x pixels) and the product written transposed into
  // the NHWC result (%out). Threads share the groups, each computing one
  // group's columns, product and output in an iteration of the parallel
  // loop; within it the product is a batched matmul's column blocks.
  transform.named_sequence @dlc_grouped_conv(%out: !transform.any_op {transform.consumed},
      %mm: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %cols: !transform.any_op {transform.consumed}, %matrix: !transform.any_op {transform.consumed},
      %planes: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %mm {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %group, %lg = transform.structured.tile_using_forall %out tile_sizes [0, 1, 0, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %mm_g, %l1 = transform.structured.fuse_into_containing_op %mm into %lg
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_g, %l2 = transform.structured.fuse_into_containing_op %fill into %l1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    // The collapse goes into the loop (cloned: it has no tiles), the
    // group's slice is taken of the columns before it, and that slice is
    // what the columns' loops compute in the group's iteration.
    %matrix_g, %l3 = transform.structured.fuse_into_containing_op %matrix into %l2
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %l3 {
      transform.apply_patterns.tensor.bubble_up_extract_slice
    } : !transform.any_op
    %cols_g, %l4 = transform.structured.fuse_into_containing_op %cols into %l3
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %planes_g, %l5 = transform.structured.fuse_into_containing_op %planes into %l4
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %block, %ln = transform.structured.tile_using_for %mm_g tile_sizes [0, 0, %tn, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_batch_matmul_columns failures(propagate) (%f, %block, %tm, %tk, %rm, %rn)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  transform.named_sequence @dlc_batch_matmul_columns(%f: !transform.any_op {transform.readonly},
      %cols: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tk: !transform.param<i64> {transform.readonly},
      %rm: !transform.param<i64> {transform.readonly}, %rn: !transform.param<i64> {transform.readonly}) {
    %block, %lk, %lm = transform.structured.tile_using_for %cols tile_sizes [0, %tm, 0, %tk]
        interchange = [0, 3, 1, 2]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %packed, %pad, %copy = transform.structured.pad %block {
        padding_values = [0.0 : f32, 0.0 : f32, 0.0 : f32], padding_dimensions = [1, 2, 3],
        nofold_flags = [1, 1, 0], copy_back_op = "linalg.copy"} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %regs, %rj, %ri = transform.structured.tile_using_for %packed tile_sizes [0, %rm, %rn, 0]
        interchange = [0, 2, 1, 3]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %step, %kloop = transform.structured.tile_using_for %regs tile_sizes [0, 0, 0, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_vectorize_rank1_update failures(propagate) (%f, %step)
        : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  // Vectorizes one register-tile step (an rm x 1 by 1 x rn product) into a
  // vector outer product, then hoists what the loops around it do not
  // change: B's packing out of the m loop, the accumulators out of the k
  // loop. Loops are found anew after canonicalization, which removes those
  // of one iteration (small shapes). Contraction lowering, unit-dim removal
  // and canonicalization run as separate steps: together they can loop
  // forever.
  transform.named_sequence @dlc_vectorize_rank1_update(%f: !transform.any_op {transform.readonly},
      %step: !transform.any_op {transform.consumed}) {
    transform.structured.vectorize %step : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.reduction_to_contract
      transform.apply_patterns.vector.transfer_permutation_patterns
    } : !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.canonicalization } : !transform.any_op
    %loops = transform.structured.match ops{["scf.for"]} in %f : (!transform.any_op) -> !transform.any_op
    transform.apply_licm to %loops : !transform.any_op
    // The accumulators stay in registers across the k loop around the
    // contraction (and only that loop: hoisting a block of C out of the
    // loops around it would make bufferization copy it). There is none when
    // every loop around it has one iteration.
    %contract = transform.structured.match ops{["vector.contract"]} in %f
        : (!transform.any_op) -> !transform.any_op
    %kloop = transform.get_parent_op %contract {op_name = "scf.for", deduplicate, allow_empty_results}
        : (!transform.any_op) -> !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %kloop : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
    } : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
    } : !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.canonicalization } : !transform.any_op
    transform.apply_cse to %f : !transform.any_op
    transform.yield
  }

  // Splits off the last iteration of a loop over tiles when the tile does
  // not divide the range; fails (silenceably) when it does.
  transform.named_sequence @dlc_peel(%loop: !transform.any_op {transform.readonly}) {
    %for = transform.cast %loop : !transform.any_op to !transform.op<"scf.for">
    %main, %rest = transform.loop.peel %for : (!transform.op<"scf.for">) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
