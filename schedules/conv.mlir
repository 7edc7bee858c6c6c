// Schedules for 2-D convolutions in NHWC (dlc-convert-layout makes ONNX's
// NCHW convolutions NHWC): linalg.conv_2d_nhwc_hwcf and
// linalg.depthwise_conv_2d_nhwc_hwc on f32, alone or with the elementwise
// op that consumes them (bias, activation, residual add: the epilogue).
//
// Parameters, chosen per shape and host by dlc-codegen (lib/Codegen/Tiles.c):
//   wt, ft  output tile: wt pixels of a row by ft channels, computed in
//           vector registers (ft a multiple of the vector width, wt * ft
//           accumulators within the register file); wt need not divide
//           the row: its last tile is peeled off; nor need ft divide the
//           channels in the _rows forms, which peel each row's last,
//           narrower channel slice (dlc-codegen keeps its width a
//           power-of-two vector);
//   kwt     window columns per step: 1, or the whole row for small channel
//           counts (7x7 on RGB), where the inputs reused across a row pay;
//   ct      input channels per step (divides C);
//   cb      (the _blocks forms) input channels per block, a multiple of ct
//           that divides C: the reduction in blocks outside the rows.
// The output is tiled with scf.forall (the loops threads share) twice:
// first by ft channels, then each channel slice by rows, so the slice's
// weights (KH x KW x C x ft) stay in cache while every pixel uses them;
// with the channels inside, deep layers (512 channels: 295 KB of weights
// per slice) would stream all their weights from memory for every tile of
// pixels. Each row is tiled by wt pixels with scf.for, the producer
// convolution fused into each tile, so the epilogue runs on the tile while
// it is in registers, and the zero fill too, so the accumulators start as
// constants (a row's fill read back per tile cost the 7x7 stem 20%). Each tile's reduction (kh, kw, c) is tiled, the
// window row decomposed to a 1-D convolution, vectorized, and the
// accumulators hoisted out of the reduction loops.
module attributes {transform.with_named_sequence} {
  // Defined in schedules/matmul.mlir (DLC merges its schedule files).
  transform.named_sequence private @dlc_batch_matmul(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly})
  transform.named_sequence private @dlc_batch_matmul_rows(%mm: !transform.any_op {transform.consumed},
      %tm: !transform.param<i64> {transform.readonly}, %tn: !transform.param<i64> {transform.readonly},
      %tk: !transform.param<i64> {transform.readonly}, %rm: !transform.param<i64> {transform.readonly},
      %rn: !transform.param<i64> {transform.readonly})
  transform.named_sequence private @dlc_peel(%loop: !transform.any_op {transform.readonly})

  transform.named_sequence @dlc_conv2d_nhwc_hwcf(%conv: !transform.any_op {transform.consumed},
      %fill: !transform.any_op {transform.consumed},
      %wt: !transform.param<i64> {transform.readonly}, %ft: !transform.param<i64> {transform.readonly},
      %kwt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %conv {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %slice, %outer = transform.structured.tile_using_forall %conv tile_sizes [0, 0, 0, %ft, 0, 0, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %fill_slice, %o = transform.structured.fuse_into_containing_op %fill into %outer
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %row, %inner = transform.structured.tile_using_forall %slice tile_sizes [1, 1, 0, 0, 0, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_row, %i = transform.structured.fuse_into_containing_op %fill_slice into %inner
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    // fuse, unlike fuse_into_containing_op, reaches the fill through the
    // loop's iter_args.
    %tile, %pixels = transform.structured.fuse %row tile_sizes [0, 0, %wt, 0, 0, 0, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_conv2d_row failures(propagate) (%f, %o, %pixels, %kwt, %ct)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.param<i64>,
           !transform.param<i64>) -> ()
    transform.yield
  }

  transform.named_sequence @dlc_conv2d_nhwc_hwcf_fused(%epilogue: !transform.any_op {transform.consumed},
      %conv: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %wt: !transform.param<i64> {transform.readonly}, %ft: !transform.param<i64> {transform.readonly},
      %kwt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %conv {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %epi_slice, %outer = transform.structured.tile_using_forall %epilogue tile_sizes [0, 0, 0, %ft]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %slice, %o1 = transform.structured.fuse_into_containing_op %conv into %outer
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_slice, %o2 = transform.structured.fuse_into_containing_op %fill into %o1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    // A dynamic batch: the rows' loop bound is the batch of the convolution
    // slice, a use of it outside the rows' loop that would keep the
    // convolution from fusing into it; read it from the input instead.
    transform.apply_patterns to %o2 {
      transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims
    } : !transform.any_op
    %epi_row, %inner = transform.structured.tile_using_forall %epi_slice tile_sizes [1, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %row, %i1 = transform.structured.fuse_into_containing_op %slice into %inner
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_row, %i2 = transform.structured.fuse_into_containing_op %fill_slice into %i1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %i2 {
      transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims
    } : !transform.any_op
    %epi_tile, %pixels = transform.structured.tile_using_for %epi_row tile_sizes [0, 0, %wt, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %tile, %p = transform.structured.fuse_into_containing_op %row into %pixels
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_tile, %p2 = transform.structured.fuse_into_containing_op %fill_row into %p
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_conv2d_row failures(propagate) (%f, %o2, %p2, %kwt, %ct)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.param<i64>,
           !transform.param<i64>) -> ()
    transform.yield
  }

  // Deep layers with few pixels (ResNet's 512-channel 7x7 layers): a
  // slice's weights, KH x KW x C x ft, come from memory once per run, and
  // in the first of its rows the loads stall the FMAs, too few for each
  // weight to hide them. With the input channels in blocks of `cb` outside
  // the rows, each block's weights stream in while the rows before use
  // the previous block, and stay in L1 for all the rows; the accumulators
  // go to the slice's output between blocks (in L1 too), and the epilogue
  // runs on the whole slice after the last block.
  transform.named_sequence @dlc_conv2d_nhwc_hwcf_blocks(%conv: !transform.any_op {transform.consumed},
      %fill: !transform.any_op {transform.consumed},
      %wt: !transform.param<i64> {transform.readonly}, %ft: !transform.param<i64> {transform.readonly},
      %kwt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly},
      %cb: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %conv {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %slice, %outer = transform.structured.tile_using_forall %conv tile_sizes [0, 0, 0, %ft, 0, 0, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %fill_slice, %o = transform.structured.fuse_into_containing_op %fill into %outer
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_conv2d_blocks failures(propagate) (%f, %o, %slice, %wt, %kwt, %ct, %cb)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  transform.named_sequence @dlc_conv2d_nhwc_hwcf_blocks_fused(%epilogue: !transform.any_op {transform.consumed},
      %conv: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %wt: !transform.param<i64> {transform.readonly}, %ft: !transform.param<i64> {transform.readonly},
      %kwt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly},
      %cb: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %conv {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %epi_slice, %outer = transform.structured.tile_using_forall %epilogue tile_sizes [0, 0, 0, %ft]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %slice, %o1 = transform.structured.fuse_into_containing_op %conv into %outer
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_slice, %o2 = transform.structured.fuse_into_containing_op %fill into %o1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %o2 {
      transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims
    } : !transform.any_op
    transform.include @dlc_conv2d_blocks failures(propagate) (%f, %o2, %slice, %wt, %kwt, %ct, %cb)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.param<i64>,
           !transform.param<i64>, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // A channel slice's convolution in blocks of `cb` input channels, each
  // block over the slice's rows, each row in tiles of `wt` pixels.
  transform.named_sequence @dlc_conv2d_blocks(%f: !transform.any_op {transform.readonly},
      %outer: !transform.any_op {transform.readonly}, %slice: !transform.any_op {transform.consumed},
      %wt: !transform.param<i64> {transform.readonly}, %kwt: !transform.param<i64> {transform.readonly},
      %ct: !transform.param<i64> {transform.readonly}, %cb: !transform.param<i64> {transform.readonly}) {
    %block, %blocks = transform.structured.tile_using_for %slice tile_sizes [0, 0, 0, 0, 0, 0, %cb]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %row, %images, %rows = transform.structured.tile_using_for %block tile_sizes [1, 1, 0, 0, 0, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %tile, %pixels = transform.structured.tile_using_for %row tile_sizes [0, 0, %wt, 0, 0, 0, 0]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_conv2d_row failures(propagate) (%f, %outer, %pixels, %kwt, %ct)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.param<i64>,
           !transform.param<i64>) -> ()
    transform.yield
  }

  // Channel slices that threads cannot share evenly (3 slices of 8
  // channels for 24, on 2 threads: one thread computed two thirds, and 2
  // threads ran the 1x1 144->24 layer at 56x56 barely faster than 1): the
  // rows are what threads share, each row tiled by ft channels (outer,
  // the slice's weights reused across the row) and wt pixels. Otherwise as
  // @dlc_conv2d_nhwc_hwcf and @dlc_conv2d_nhwc_hwcf_fused.
  transform.named_sequence @dlc_conv2d_nhwc_hwcf_rows(%conv: !transform.any_op {transform.consumed},
      %fill: !transform.any_op {transform.consumed},
      %wt: !transform.param<i64> {transform.readonly}, %ft: !transform.param<i64> {transform.readonly},
      %kwt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %conv {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %row, %rows = transform.structured.tile_using_forall %conv tile_sizes [1, 1, 0, 0, 0, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_row, %r = transform.structured.fuse_into_containing_op %fill into %rows
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %tile, %channels, %pixels = transform.structured.fuse %row tile_sizes [0, 0, %wt, %ft, 0, 0, 0]
        interchange [0, 1, 3, 2, 4, 5, 6]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.include @dlc_conv2d_slices failures(propagate) (%f, %r, %channels, %pixels, %kwt, %ct)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  transform.named_sequence @dlc_conv2d_nhwc_hwcf_rows_fused(%epilogue: !transform.any_op {transform.consumed},
      %conv: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %wt: !transform.param<i64> {transform.readonly}, %ft: !transform.param<i64> {transform.readonly},
      %kwt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly}) {
    %f = transform.get_parent_op %conv {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %epi_row, %rows = transform.structured.tile_using_forall %epilogue tile_sizes [1, 1, 0, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %row, %r1 = transform.structured.fuse_into_containing_op %conv into %rows
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_row, %r2 = transform.structured.fuse_into_containing_op %fill into %r1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.apply_patterns to %r2 {
      transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims
    } : !transform.any_op
    %epi_tile, %channels, %pixels = transform.structured.tile_using_for %epi_row
        tile_sizes [0, 0, %wt, %ft] interchange = [0, 1, 3, 2]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %tile, %p = transform.structured.fuse_into_containing_op %row into %pixels
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_tile, %p2 = transform.structured.fuse_into_containing_op %fill_row into %p
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_conv2d_slices failures(propagate) (%f, %r2, %channels, %p2, %kwt, %ct)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op,
           !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // A row's channel slices, each over the row's tiles of pixels: both loops
  // peeled where their tile does not divide them (pixels first, so that the
  // last channel slice has its own copy of both pixel loops), then the
  // tiles as in @dlc_conv2d_row.
  transform.named_sequence @dlc_conv2d_slices(%f: !transform.any_op {transform.readonly},
      %outer: !transform.any_op {transform.readonly}, %channels: !transform.any_op {transform.readonly},
      %pixels: !transform.any_op {transform.readonly},
      %kwt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly}) {
    transform.include @dlc_peel failures(suppress) (%pixels) : (!transform.any_op) -> ()
    transform.include @dlc_peel failures(suppress) (%channels) : (!transform.any_op) -> ()
    transform.include @dlc_conv2d_tiles failures(propagate) (%f, %outer, %kwt, %ct)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // One row of output tiles: the loop over its tiles peeled when the tile
  // does not divide the row (the last, narrower tile then has a static size
  // too), each tile's reduction tiled (kh by 1, kw by kwt, c by ct), the
  // window row decomposed into a 1-D convolution, everything vectorized,
  // accumulators kept in registers across the reduction loops (innermost
  // first), contractions lowered to outer products. The tiles are found by
  // the mark dlc-codegen puts on its targets (tiling copies it).
  transform.named_sequence @dlc_conv2d_row(%f: !transform.any_op {transform.readonly},
      %outer: !transform.any_op {transform.readonly}, %pixels: !transform.any_op {transform.readonly},
      %kwt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly}) {
    transform.include @dlc_peel failures(suppress) (%pixels) : (!transform.any_op) -> ()
    transform.include @dlc_conv2d_tiles failures(propagate) (%f, %outer, %kwt, %ct)
        : (!transform.any_op, !transform.any_op, !transform.param<i64>, !transform.param<i64>) -> ()
    transform.yield
  }

  // The tiles in `outer`, marked by dlc-codegen: the fills, epilogues and
  // convolutions vectorized, each convolution's reduction tiled first.
  transform.named_sequence @dlc_conv2d_tiles(%f: !transform.any_op {transform.readonly},
      %outer: !transform.any_op {transform.readonly},
      %kwt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly}) {
    transform.apply_patterns to %outer { transform.apply_patterns.canonicalization } : !transform.any_op
    %fills = transform.structured.match ops{["linalg.fill"]} in %outer
        : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %fills : !transform.any_op
    %epilogues = transform.structured.match ops{["linalg.generic"]} in %outer
        : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %epilogues : !transform.any_op
    %tiles = transform.structured.match ops{["linalg.conv_2d_nhwc_hwcf"]} in %outer
        : (!transform.any_op) -> !transform.any_op
    %c, %kw, %kh = transform.foreach %tiles : !transform.any_op
        -> !transform.any_op, !transform.any_op, !transform.any_op {
    ^bb0(%tile: !transform.any_op):
      %step, %kh1, %kw1, %c1 = transform.structured.tile_using_for %tile tile_sizes [0, 0, 0, 0, 1, %kwt, %ct]
          : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
          -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
      %row = transform.structured.decompose %step : (!transform.any_op) -> !transform.any_op
      transform.structured.vectorize %row : !transform.any_op
      transform.yield %c1, %kw1, %kh1 : !transform.any_op, !transform.any_op, !transform.any_op
    }
    transform.include @dlc_hoist_accumulators failures(propagate) (%f, %c, %kw, %kh)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  transform.named_sequence @dlc_depthwise_conv2d_nhwc_hwc(%conv: !transform.any_op {transform.consumed},
      %fill: !transform.any_op {transform.consumed},
      %wt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly}) {
    %tile, %forall = transform.structured.tile_using_forall %conv tile_sizes [1, 1, %wt, %ct, 0, 0]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %fill_tile, %f = transform.structured.fuse_into_containing_op %fill into %forall
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.include @dlc_depthwise_tile failures(propagate) (%tile, %fill_tile)
        : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  transform.named_sequence @dlc_depthwise_conv2d_nhwc_hwc_fused(%epilogue: !transform.any_op {transform.consumed},
      %conv: !transform.any_op {transform.consumed}, %fill: !transform.any_op {transform.consumed},
      %wt: !transform.param<i64> {transform.readonly}, %ct: !transform.param<i64> {transform.readonly}) {
    %epi_tile, %forall = transform.structured.tile_using_forall %epilogue tile_sizes [1, 1, %wt, %ct]
        : (!transform.any_op, !transform.param<i64>, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %tile, %f1 = transform.structured.fuse_into_containing_op %conv into %forall
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    %fill_tile, %f2 = transform.structured.fuse_into_containing_op %fill into %f1
        : (!transform.any_op, !transform.any_op) -> (!transform.any_op, !transform.any_op)
    // A dynamic batch: the fused tiles' sizes are read (tensor.dim) from the
    // convolution's result outside the loop, which keeps the tiles dynamic
    // and their vectorization failing (MobileNetV2 compiled with a `?`
    // batch); read them from the inputs instead, as the full convolution does.
    transform.apply_patterns to %f2 {
      transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims
    } : !transform.any_op
    transform.structured.vectorize %epi_tile : !transform.any_op
    transform.include @dlc_depthwise_tile failures(propagate) (%tile, %fill_tile)
        : (!transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  // A depthwise tile: the window row is whole (channels are not summed, so
  // there is no reduction over c), kh by 1.
  transform.named_sequence @dlc_depthwise_tile(%tile: !transform.any_op {transform.consumed},
      %fill: !transform.any_op {transform.consumed}) {
    %f = transform.get_parent_op %tile {isolated_from_above} : (!transform.any_op) -> !transform.any_op
    %step, %kh = transform.structured.tile_using_for %tile tile_sizes [0, 0, 0, 0, 1, 0]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %row = transform.structured.decompose %step : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %row : !transform.any_op
    transform.structured.vectorize %fill : !transform.any_op
    transform.include @dlc_hoist_accumulators failures(propagate) (%f, %kh, %kh, %kh)
        : (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op) -> ()
    transform.yield
  }

  // Moves the accumulator reads and writes out of the reduction loops,
  // innermost first, then lowers the vector contractions.
  transform.named_sequence @dlc_hoist_accumulators(%f: !transform.any_op {transform.readonly},
      %inner: !transform.any_op {transform.readonly}, %middle: !transform.any_op {transform.readonly},
      %outer: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %f {
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
    } : !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %inner : !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %middle : !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %outer : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
      transform.apply_patterns.vector.lower_outerproduct
    } : !transform.any_op
    transform.apply_patterns to %f {
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
    } : !transform.any_op
    transform.apply_patterns to %f { transform.apply_patterns.canonicalization } : !transform.any_op
    transform.apply_cse to %f : !transform.any_op
    transform.yield
  }
}
