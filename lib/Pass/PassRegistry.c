//===- PassRegistry.c - The table of DLC passes and pipelines ---*- C -*-===//
//
// Every DLC pass and named pipeline, described once. Help texts, docs and
// the pipeline parser are generated from here.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"

#include "Support/Str.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

static const DlcPassDef passes[] = {
    {"dlc-verify", "DlcVerify", "Check dlc ops against DLC's op tables",
     "Runs DLC's verifier (`dlcVerify`): operand and result counts and element types, required "
     "attributes and their kinds, each op's own rules. IRDL checks the structure of ops, not these. "
     "dlc-opt runs it right after parsing; every DLC pass also runs it on entry and after its "
     "work, so a DLC pass that leaves invalid IR fails where it did so.",
     "", 0, {{0}}, dlcRunVerify, {NULL}},
    {"dlc-infer-shapes", "DlcInferShapes", "Infer static result shapes of dlc ops",
     "Walks every function in order and refines the result types of dlc_graph and dlc_tensor "
     "ops from their operand types and attributes, replacing `?` dims that follow from the "
     "operands; function result types are updated to match what is returned. Inconsistent IR "
     "(shapes that do not agree, attributes out of range) is reported with a located error and "
     "the pass fails. Result types are only ever refined, never widened. On a module, refined "
     "types also cross the control flow of ONNX If, Loop and Scan (into `dlc.body` functions "
     "through their calls, out through their returns, around scf loops), in rounds until "
     "nothing changes. A loop-carried value takes its initial value's type when the body copies "
     "its next value into the carried buffer (the shape is kept), else what the initial and the "
     "next value have in common (a body may grow it); the initial value enters through a "
     "`tensor.cast` then.",
     "", 0, {{0}}, dlcRunInferShapes, {"tensor", NULL}},
    {"dlc-eliminate-nops", "DlcEliminateNops", "Remove dlc_graph ops that return their input",
     "Node-level nop elimination. Replaces by its input: identity; inference dropout (when its "
     "mask is unused); cast whose result type is the input's; reshape, flatten, squeeze, unsqueeze and "
     "expand whose result has the input's static type (equal types with `?` dims prove "
     "nothing); transpose with the identity permutation; pad with all pads 0; slice with "
     "positive steps that keeps every element; x + 0, 0 + x, x - 0, x * 1, 1 * x, x / 1 and "
     "x ^ 1 where the constant (every element) is the neutral value and broadcasting does not "
     "grow x; where with an all-true or all-false constant condition; clip without bounds; "
     "reductions with `noop_with_empty_axes` and no axes. An op is only replaced when its result "
     "type equals the input's, so users see no type change. x + 0 turns -0.0 into +0.0, which "
     "compares equal; every other rewrite is bit-exact.",
     "", 0, {{0}}, dlcRunEliminateNops, {NULL}},
    {"dlc-eliminate-empty-tensors", "DlcEliminateEmptyTensors",
     "Replace ops on zero-size tensors by empty constants",
     "Zero-dim tensor elimination: a dlc_graph op whose used results all have a static "
     "zero-size dim computes nothing; its results become empty `dlc_graph.constant`s, whatever "
     "its operands. A concat with an empty operand becomes its other operand. A reduction of an "
     "empty input (static shapes) into a non-empty result becomes a splat of its value over no "
     "elements, ONNX's and the lowering's: sum, l1, l2 and sum_square 0, prod 1, max the lowest "
     "value (-inf), min the highest (+inf), log_sum and log_sum_exp -inf, mean NaN (floats) or 0 "
     "(integers).",
     "", 0, {{0}}, dlcRunEliminateEmptyTensors, {NULL}},
    {"dlc-fold-constants", "DlcFoldConstants", "Evaluate dlc_graph ops on constants",
     "Replaces each dlc_graph op whose operands are all `dlc_graph.constant`s by a constant of "
     "its value: elementwise arithmetic, comparisons, activations, cast, where, and the shape "
     "ops (reshape, flatten, squeeze, unsqueeze, expand, transpose, concat, slice, gather), "
     "and the reductions whose value does not depend on an order: integer reduce_sum and "
     "reduce_prod (wrapping), reduce_max and reduce_min of any type (NaN propagates, +0 above "
     "-0). `dlc_graph.shape` folds as soon as its input's dims are static, so that exporter-style "
     "shape computations (Shape -> Gather -> Concat -> Reshape) become constants, and a reshape "
     "or expand whose `shape_tensor` is constant takes it as its `shape` attribute. Floats are "
     "computed in double and rounded to the element type after each op (exact for + - * / "
     "sqrt; exp, log, tanh, erf may differ from the compiled code in the last bit); integer "
     "division by zero and out-of-range float-to-integer casts are left unfolded. Results larger "
     "than `max-elements` fold only when each operand that large has no other user or was itself "
     "folded by this pass (an intermediate, such as a scatter's one-hot that two folds read), so "
     "weights are never duplicated; results above 2^24 elements are never computed.",
     "", 1,
     {{"max-elements", "int", "65536", "results above this many elements fold only in place of "
       "their single-use operands or of results this pass folded"}},
     dlcRunFoldConstants, {NULL}},
    {"dlc-simplify-algebra", "DlcSimplifyAlgebra", "Exact algebraic simplifications of dlc_graph ops",
     "Block-level rewrites, each exact: transpose(transpose(x)) into one transpose (none when the "
     "permutations cancel); a transpose that only moves size-1 dims into a reshape (a view, not "
     "a copy); chains of reshape, flatten, squeeze and unsqueeze into one reshape (row-major order "
     "is kept by all), and each of the latter three with a static result into a reshape (one "
     "form for one thing); cast(cast(x)) into one cast when the first is lossless (every value of x's "
     "type exact in the middle type); -(-x) into x; x - (-y) into x + y and x + (-y) into x - y; "
     "x - x into 0 for integers (not floats: inf - inf is NaN); (x op a) op b into x op (a op b) "
     "for constants a, b: for integers with + and *, for floats only x * a * b with a a power of "
     "two (x * a is then exact); x / c into x * (1 / c) when every element of c is a power of two "
     "(1 / c is exact). Combined constants are left as ops on constants for dlc-fold-constants.",
     "", 0, {{0}}, dlcRunSimplifyAlgebra, {NULL}},
    {"dlc-sink-transposes", "DlcSinkTransposes", "Move transposes below elementwise ops",
     "Operator sinking: unary elementwise ops (activations, neg, abs, exp, log, sqrt, cast) on a "
     "transposed tensor, and binary arithmetic on two tensors transposed alike (or one "
     "transposed and a scalar), become the transpose of the op on the untransposed operands. "
     "Only a transpose whose single user is the elementwise op moves, so none is duplicated. "
     "Transposes that meet are then composed or cancelled by dlc-simplify-algebra.",
     "", 0, {{0}}, dlcRunSinkTransposes, {NULL}},
    {"dlc-fold-batch-norm", "DlcFoldBatchNorm", "Fold batch_norm, and scales and shifts, into conv and gemm weights",
     "An inference batch_norm, or a mul or add by a per-channel or scalar constant, applied to "
     "the result of a conv, conv_transpose (batch_norm only) or gemm (batch_norm only) with "
     "constant weight and bias, whose only user it is, is folded into new constant weights "
     "(output channel m scaled by `scale[m] / sqrt(var[m] + epsilon)`) and bias. The function "
     "computed is the same; rounding differs in the last bits, as in every framework that folds "
     "batch norm. A gemm's alpha and beta are folded in too; its c must be per column.",
     "", 0, {{0}}, dlcRunFoldBatchNorm, {NULL}},
    {"dlc-conv-transpose-phases", "DlcConvTransposePhases",
     "Compute transposed convolutions as one convolution per output phase",
     "A conv_transpose (group 1, no dilation, a constant weight, static shapes, each output "
     "size a multiple of its stride s) is a convolution of its input spread with s - 1 zeros, "
     "where all but one of every s products multiply a zero. Output position "
     "o = s * j + e reads only the taps r + s * u, r = (e + pad) mod s: per residue e (s^n of "
     "them, at most 16) a conv of the input with those taps' weights, flipped and with the "
     "channels swapped (pads chosen so that its outputs are j = 0 .., the input cropped where "
     "a pad would be negative); the residues' outputs are concatenated along the channels and "
     "interleaved by a reshape, a transpose and a reshape. With stride 1 it is one conv, which "
     "dlc-trim-conv-windows and the conv schedules then take. Only the order of the sums "
     "changes.",
     "", 0, {{0}}, dlcRunConvTransposePhases, {NULL}},
    {"dlc-trim-conv-windows", "DlcTrimConvWindows",
     "Drop the kernel taps of convolutions that read only padding",
     "A conv with a constant weight and static spatial sizes whose leading or trailing kernel taps "
     "(of a spatial dim) read the padding for every output position, as dilated windows larger "
     "than the image do (DeepLabV3's ASPP: dilations 12 to 36 on a 20x20 or 33x33 feature map), "
     "gets the live part of the window: its weight sliced, its pads reduced by the span of the "
     "dropped taps, the output the same. A window live in part of the output only (dilation 12 "
     "on a 14x14 map), where that part costs at most half of the whole (a weight read counting "
     "as 8 multiply-adds), becomes one conv per output region with the same live taps, each on "
     "the input it reads without padding, concatenated (at most 16 regions). Only zero terms "
     "leave the sums; a window whose dropped weights are not all finite stays whole.",
     "", 0, {{0}}, dlcRunTrimConvWindows, {NULL}},
    {"dlc-convs-to-2d", "DlcConvsTo2d", "Compute 1-D and 3-D convolutions as 2-D ones",
     "DLC's schedules compute 2-D convolutions; 1-D and 3-D ones were scalar loops (R3D-18, 8 "
     "frames of 112x112: 12.3 s). A conv over 1 spatial dim (static channels and width, the "
     "weight's shape static) becomes a 2-D conv of one row. A conv over 3 spatial dims (N x C x "
     "T x H x W, static shapes) becomes, per temporal tap k, a 2-D conv of the frames `t * "
     "stride + k * dilation` of the time-padded input (moved before the channels and taken as a "
     "batch of N x To images) with tap k's weights (a new constant when the weight is one, else "
     "a slice); the taps' results are added (the bias with the first) and put back as N x F x To "
     "x Ho x Wo; one whose window spans time only (KT x 1 x 1, no stride or pads across the "
     "image) is a 2-D conv over (time, pixel) instead. Only the order of the sums changes.",
     "", 0, {{0}}, dlcRunConvsTo2d, {NULL}},
    {"dlc-cse", "DlcCSE", "Merge identical dlc_graph and dlc_tensor ops",
     "Common subexpression elimination for DLC's ops, which upstream `cse` leaves alone (IRDL "
     "ops carry no traits, so it must assume side effects). In each block, an op with the same "
     "name, operands, attributes and result types as an earlier one is replaced by it. DLC's ops "
     "are pure, so this never changes results.",
     "", 0, {{0}}, dlcRunEliminateCommonOps, {NULL}},
    {"dlc-dce", "DlcDCE", "Erase unused dlc_graph and dlc_tensor ops",
     "Dead code elimination for DLC's ops, which upstream passes keep (IRDL ops carry no "
     "traits). Erases every DLC op none of whose results is used, users first, so whole dead "
     "chains go at once. Values that a function returns are used by its terminator and stay.",
     "", 0, {{0}}, dlcRunEliminateDeadOps, {NULL}},
    {"dlc-graph-to-tensor", "DlcGraphToTensor",
     "Decompose dlc_graph ops into dlc_tensor primitives",
     "Rewrites each model-level op into the dozen dlc_tensor primitives: elementwise ops and "
     "activations into `map`s with scalar bodies (private `func.func`s, one per op kind and type), "
     "matmul and gemm into `contract` (+ maps), conv into `pad` + `conv` (+ bias map), pooling "
     "into `pad` + `pool`, normalizations and softmax into `reduce`s and `map`s, shape ops into "
     "data movement. Any dlc_graph op left over is an error; every one is reported, at its "
     "location. Runs the DLC verifier first.",
     "builtin.module", 0, {{0}}, dlcRunGraphToTensor, {"func", "arith", "math", "tensor"}},
    {"dlc-tensor-to-linalg", "DlcTensorToLinalg",
     "Lower dlc_tensor ops to linalg, tensor, arith and math",
     "Lowers each primitive to exactly one linalg or tensor form (see docs/TensorDialect.md), "
     "inlining map bodies into `linalg.generic` regions and deleting them, and rewrites unsigned "
     "integer tensors to the signless types linalg and arith compute on (function signatures "
     "included). Any dlc_tensor op left over is an error, reported at its location. Run-time "
     "checks (`dlc_tensor.check`, out-of-range gather indices) write status slots that "
     "dlc-entry-abi returns; `checks=false` leaves them out (the kernels still clamp indices and "
     "divide safely; docs/RuntimeErrors.md).",
     "builtin.module", 1,
     {{"checks", "bool", "true",
       "compute the run-time checks and report them as the entry's status; false: no status "
       "computation (out-of-range indices and integer division by zero go unreported)"}},
     dlcRunTensorToLinalg,
     {"func", "arith", "math", "tensor", "linalg", "memref", "bufferization"}},
    {"dlc-flatten-constants", "DlcFlattenConstants",
     "Store large tensor constants as 1-D blobs reshaped to their type",
     "Rewrites each `arith.constant` of a tensor with at least `min-elements` elements and rank "
     "other than 1 into a 1-D `dense_resource` constant and a `tensor.expand_shape`. Nested N-D "
     "constants make LLVM translation and JIT compilation of real models take seconds and "
     "gigabytes; flat blobs cost nothing, and the reshape bufferizes to a view. dense_resource "
     "data is shared, not copied. Splats and i1 constants are left alone.",
     "", 1,
     {{"min-elements", "int", "256", "flatten constants with at least this many elements"}},
     dlcRunFlattenConstants, {"tensor", "arith"}},
    {"dlc-release-dead-weights", "DlcReleaseDeadWeights",
     "Free the weights no op refers to any more, where the module's owner allows it",
     "When the module carries the `dlc.sole_module` unit attribute (its context's owner saying "
     "that no other module can read the context's resources, as dlc-run does), erases the "
     "module's dead arith.constant ops and empties every dense_resource blob the context owns "
     "that no op of the module refers to (dlcContextReleaseUnusedWeights). The lowering "
     "pipelines run it after dlc-convert-layout, dlc-codegen (weights Winograd transformed) and "
     "dlc-prepack-constants; those that replace weights one by one (dlc-convert-layout, "
     "dlc-prepack-constants) also free each old blob under the same attribute as soon as its "
     "last reader is erased, so that lowering holds one copy of the weights and one weight more. "
     "Without the attribute it changes nothing: a pass cannot know whether the context is shared.",
     "builtin.module", 0, {{0}}, dlcRunReleaseDeadWeights, {}},
    {"dlc-convert-layout", "DlcConvertLayout",
     "Rewrite NCHW convolutions to NHWC between transposes, weights repacked",
     "On linalg on tensors: each linalg.conv_2d_nchw_fchw / linalg.depthwise_conv_2d_nchw_chw on "
     "static f32 tensors becomes linalg.conv_2d_nhwc_hwcf / linalg.depthwise_conv_2d_nhwc_hwc "
     "(channels innermost, the layout DLC's convolution schedules vectorize) between copying "
     "linalg.generic transposes of its input, init and result. Constant weights are repacked "
     "into new blobs when compiling, never transposed at run time. 2-D pooling generics (NCHW "
     "loops n, c, oh, ow, kh, kw; max and sum pooling without indices) become NHWC: "
     "linalg.pooling_nhwc_max / _sum, which dlc-codegen schedules, or generics whose "
     "innermost loop runs along the channels; a linalg.reduce over the spatial dims of a static "
     "NCHW tensor (global average pooling) reduces the NHWC tensor. A static grouped "
     "convolution (linalg.conv_2d_ngchw_gfchw on views split by group) whose groups' im2col "
     "columns take at most 64 KB, or whose groups are wide (at least 8 input and 16 output "
     "channels each), becomes linalg.conv_2d_nhwgc_gfhwc on the NHWC input split by group, "
     "weights repacked to G x F/G x KH x KW x C/G; narrower groups with larger columns and "
     "constant weights are merged into wide ones, up to 4 at a time, their weights repacked "
     "block-diagonal. Output channels that fill no "
     "vector get zero "
     "weights when the weights are constant (NHWC convolutions: F to the next multiple of 32, "
     "else of 16, when that adds at most an eighth and F is not a multiple of 16, else, when F "
     "is not a multiple of 4, to a multiple of 8; "
     "matrix-vector products, fewer than 4 rows, with N not a multiple of 16: to "
     "one), and a tensor.extract_slice drops them, so that the schedules vectorize them. "
     "A depthwise convolution's channels (its input's too) are padded the same way when they "
     "fill no 256-bit vector, its input with zero channels in the tensor.pad of its window "
     "(ShuffleNetV2's 58 channels ran as scalar loops, its 116 in 128-bit vectors). "
     "A tensor.concat along the channels of NCHW tensors whose operands all come from NHWC "
     "values (the transposes back from converted convolutions, through elementwise ops) becomes "
     "a concat of the NHWC tensors along their last dim, the transposes at its edges, and "
     "users that transposed its result to NHWC read the new concat. So does a channel shuffle "
     "of such a value (an expand_shape splitting the channels into groups, a transpose of "
     "those dims, a collapse_shape merging them): it permutes the NHWC tensor's last dim, and "
     "a shuffle of a concat with one operand per group (ShuffleNetV2's) is one generic "
     "interleaving the operands; and a channel slice (any static slice) of a transpose to NCHW "
     "slices the NHWC value instead (but for a slice still read in NCHW while the whole "
     "transpose stays for another reader). Transposes are then moved "
     "above the tensor.pad ops before them, so that dlc-fuse-elementwise composes the "
     "transpose after one convolution, the elementwise ops between, and the transpose before the "
     "next: between layers the permutations cancel. `layout` is the activation layout the "
     "code generator asks for: `nhwc` (DLC's convolution schedules) or `nchw`, which leaves "
     "convolutions and pooling in NCHW; matmul operands are repacked in either.",
     "", 1,
     {{"layout", "string", "nhwc", "activation layout of convolutions and pooling: nhwc or nchw"}},
     dlcRunConvertLayout, {"linalg", "tensor", "arith"}},
    {"dlc-fuse-elementwise", "DlcFuseElementwise",
     "Fuse chains of elementwise linalg.generic ops into one loop nest",
     "A producer linalg.generic with only parallel loops and one result used once is merged into "
     "its consumer when that has only parallel loops too and reads the result with a "
     "permutation: the producer's inputs become the consumer's (maps composed), its body is "
     "inlined. Transposes are elementwise, so layout conversions between convolutions cancel "
     "against each other (see dlc-convert-layout). Never fuses into a reduction, which would "
     "recompute the producer once per reduction step (upstream linalg-fuse-elementwise-ops does). "
     "A producer with several elementwise readers is computed again in each when it is a few "
     "arithmetic ops on at most one tensor of its size and not the only reader of a "
     "convolution's or product's result (whose epilogue dlc-codegen computes in its tiles); one "
     "reading two or more (a residual sum) stays a loop nest of its own, which its readers read. A result whose readers all read it "
     "through one other permutation is computed in that layout. "
     "An elementwise op reading the leading slice of a convolution's or product's result (the "
     "channels dlc-convert-layout padded dropped) computes the whole result instead, its other "
     "operands read whole too (constants padded with zeros, slices of padded values their "
     "source), and the slice moves after it, so that dlc-codegen computes it in the producer's "
     "tiles; its body must be arithmetic without integer division. A depthwise convolution "
     "reading the spatial tensor.pad of such a slice reads a pad of the whole value when its own "
     "extra channels are dropped (each channel is computed from its own alone), widened to the "
     "value's channels (weights padded with zeros) when it has fewer: the pad copied the slice "
     "in scalars. "
     "Then constant inputs broadcast along unit dims (a convolution's bias, C x 1 x 1 read at "
     "(c, 0, 0) in NHWC loops) are read as the collapsed tensor of their other dims "
     "(tensor.collapse_shape), which vectorizes to whole vector loads instead of gathers.",
     "", 0, {{0}}, dlcRunFuseElementwise, {"linalg", "tensor"}},
    {"dlc-codegen", "DlcCodegen", "Schedule matmuls, convolutions and row groups into fast vector code",
     "Runs on linalg on tensors. Each op of a class DLC has a schedule for (linalg.matmul and "
     "linalg.batch_matmul on static f32 tensors, but for a dynamic batch or matmul rows) is "
     "tiled for the caches, its blocks packed and "
     "zero-padded to whole tiles, tiled again for registers and vectorized, by a transform-dialect "
     "named sequence of DLC's schedule library (schedules/*.mlir, see docs/Codegen.md). The "
     "parameters come from the op's shapes and the host CPU's vector registers (AVX-512, AVX2 or "
     "128-bit; `vector-bits` and `vector-registers` choose for another CPU) unless `matmul-tiles` "
     "or, for direct convolutions, `conv-tiles` fixes them; `schedules` names a transform library whose named "
     "sequences replace DLC's of the same name (same signature). Other ops are left to the loop "
     "lowering. Rank-4 elementwise generics that read an input transposed (layout conversions) are "
     "tiled into vector-width blocks transposed in registers (schedules/transpose.mlir). Row "
     "groups (an elementwise generic with the reductions over the innermost dims it reads and "
     "the elementwise ops over the same rows: softmax, layer norm) become one scf.forall over "
     "blocks of about `row-block` elements of rows, every op of the group fused into it "
     "(schedules/rows.mlir). 3x3 convolutions with unit strides, constant weights, at least 32 "
     "channels in and out, 32 output tiles, and channels many enough for the tiles' transforms "
     "(docs/Codegen.md) become Winograd F(2x2, 3x3) unless `winograd` is false: the weights "
     "transformed now, the input and output transforms (the epilogue in the latter) generics, the "
     "products one scheduled linalg.batch_matmul. Convolutions with at most 64 output pixels "
     "and at least 64 input channels (a static batch) become, first, a linalg.matmul of their "
     "im2col columns by their weights, scheduled with their epilogue as products are. Grouped "
     "convolutions of one image become a product per group (linalg.batch_matmul of the weights "
     "by im2col columns): NCHW ones (linalg.conv_2d_ngchw_gfchw) as whole-tensor columns and "
     "one scheduled product, NHWC ones (linalg.conv_2d_nhwgc_gfhwc) one group per iteration of "
     "a parallel loop, its planes, columns, product and transposed write-back fused into it "
     "(@dlc_grouped_conv); NHWC ones of wide groups an scf.forall over the groups of "
     "linalg.conv_2d_nhwc_hwcf, each scheduled as any convolution. A schedule that fails is "
     "reported at the op and fails the pass.",
     "builtin.module", 8,
     {{"matmul-tiles", "string", "", "tm,tn,tk,rm,rn: cache and register tiles of every matmul "
       "(default: chosen per shape and CPU)"},
      {"conv-tiles", "string", "", "wt,ft,kwt,ct: output tile (pixels x channels), window "
       "columns and input channels per step of every direct convolution (default: chosen per "
       "shape and CPU; an ft that does not divide the output channels takes the rows' schedule, "
       "each row's last channel slice narrower)"},
      {"winograd", "bool", "true", "3x3 convolutions with constant weights as Winograd F(2x2, 3x3) "
       "where that is faster (false: always the direct schedule)"},
      {"row-block", "int", "0", "elements in a block of rows of a row group (softmax, norms: "
       "reductions and elementwise ops over the same rows, one loop nest); 0: DLC's default"},
      {"schedules", "string", "", "a transform library whose named sequences replace DLC's"},
      {"vector-bits", "int", "0", "vector register width the tiles are chosen for (512, 256, "
       "128; 0: the host's)"},
      {"vector-registers", "int", "0", "number of vector registers (0: the host's)"},
      {"threads", "int", "1", "threads the code will run on: matmul column blocks are shared "
       "evenly among them"}},
     dlcRunCodegen, {"linalg", "tensor", "scf", "arith", "vector", "transform", "bufferization"}},
    {"dlc-prepack-constants", "DlcPrepackConstants",
     "Pack constant operands of the matmul and convolution schedules into their tiles when compiling",
     "Runs after dlc-codegen. The matmul schedules copy each cache tile of an operand into a "
     "contiguous, zero-padded buffer (a tensor.pad of a slice) on every run; for a constant "
     "operand (weights: a Gemm's B, an im2col convolution's filter) this pass computes every "
     "tile once, into a new constant laid out tile by tile (dims ceil(D0/t0), .., t0, ..), and "
     "each pad becomes a slice of it. It applies to a zero pad at the high end of unit-stride "
     "slices of a constant (seen through reshapes) whose offsets, over every value of the loop "
     "indices they depend on, are multiples of the tile and whose sizes are the tile or the rest "
     "of the dim, and only when every read of the constant is such a pad of one tile shape, so "
     "the original constant is dropped, never kept beside its packed copy. The values and the "
     "order of the products are unchanged, so are the results. Operands computed at run time "
     "are still packed at run time. A tile whose every read is a slice of all of it but a "
     "column panel (tk x w at multiples of w, the register tiles' reads) is laid out panel by "
     "panel (tn/w x tk x w within the tile), each read a slice of its panel. "
     "A constant read only as vectors of ft of its last dim at "
     "multiples of ft (the convolution schedules' channel slices of HWCF weights) is laid out "
     "slice by slice (F/ft x KH x KW x C x ft), each slice contiguous, its reads indexed by "
     "slice.",
     "", 0, {{0}}, dlcRunPrepackConstants, {"tensor", "arith", "affine"}},
    {"dlc-pack-panels", "DlcPackPanels",
     "Copy the tiles of B the matmul schedules pack on every run by column panel; read whole "
     "tiles of A in place",
     "Runs after dlc-prepack-constants, on the packing copies it left (tiles of operands computed "
     "at run time): `nofold` zero tensor.pads of static f32 tiles, padded at the high end only. "
     "A tile whose every use is a slice of all of each dim but the last and of w columns of the "
     "last at a multiple of w (the register tiles' column panels of B, w >= 4) becomes loops "
     "copying it into panels (tn/w x t0 x .. x w), a vector of w columns at a time read from "
     "the operand itself, masked along the dims where the tile runs past its end (zeros there), "
     "and each slice a slice of its panel: the register tiles read each panel contiguously "
     "instead of one vector per row a tile's width apart. Any other tile that pads nothing (a "
     "whole tile of A) is read where it is, its copy dropped: the register tiles read a few "
     "rows of it an element at a time, which a copy would lay out as the operand does (rows "
     "of the whole K) or with shorter rows (a K tile), for nothing (one thread: 197x768x768 "
     "2.135 -> 2.114 ms, 1024^3 19.8 -> 19.5, 2048^3 161.7 -> 156.7; ResNet-50 69.5 -> 66.6). "
     "A zero tensor.pad of what is still a zero linalg.fill (a block of a product's result "
     "padded to whole register tiles, with one K tile; read through slices, the shared outputs "
     "of an scf.forall and inserts elsewhere) becomes a zero fill of the padded shape, a "
     "tensor.empty of its own: no copy of zeros into the block (127x255x511: 1.6%). "
     "The values and the order of the products are unchanged.",
     "", 0, {{0}}, dlcRunPackPanels, {"tensor", "linalg", "affine"}},
    {"dlc-decompose-pads", "DlcDecomposePads",
     "Write tensor.pad as a fill and an insert_slice, so producers compute into the padded buffer",
     "Each tensor.pad of static pads that pads no dynamic dim (a dynamic batch is sized from the "
     "tensor.empty its source was computed into), with a padding value defined outside its body (and not "
     "`nofold`: the schedules' packing copies stay) becomes fills of its border (a slab before "
     "and after the source along each padded dim; the whole padded shape with a dynamic batch) "
     "and tensor.insert_slice of its source. With eliminate-empty-tensors after it, the source's "
     "producer writes into the interior of the padded buffer, where a pad would bufferize to a "
     "copy of the whole activation before every padded convolution and pooling. Part of the fast "
     "codegen path only.",
     "", 0, {{0}}, dlcRunDecomposePads, {"linalg", "tensor"}},
    {"dlc-decompose-concats", "DlcDecomposeConcats",
     "Write chains of tensor.concat into one buffer, each concat inserting what it adds",
     "A chain of static tensor.concat ops along one dim, each the first operand of the next (a "
     "DenseNet block's growing features), becomes one tensor.empty of the last concat's shape "
     "(a concat whose leading operands are an earlier concat's, as torchvision's DenseNet "
     "exports each layer's input, first takes that concat as its first operand) "
     "and tensor.insert_slice of each concat's other operands into it; a concat's other users "
     "read its prefix (tensor.extract_slice). A concat read after the next one of its chain "
     "(which bufferization would answer with a copy of the whole buffer) ends its chain. With "
     "eliminate-empty-tensors after it, each operand's producer writes into its slice, where "
     "each concat would bufferize to a copy of every operand, the features so far included. "
     "Part of the fast codegen path only.",
     "", 0, {{0}}, dlcRunDecomposeConcats, {"tensor"}},
    {"dlc-reassociate-reductions", "DlcReassociateReductions",
     "Let floating-point reductions of linalg ops run in any order",
     "Marks the op that accumulates into an output in the body of each linalg op (arith.addf, "
     "mulf, maximumf, minimumf, maxnumf, minnumf reading the output's block argument) with "
     "`fastmath<reassoc>`, so that LLVM vectorizes the reduction loops (softmax, norms, pooling, "
     "reductions, convolutions without a schedule) with several partial results. Sums and "
     "products may then differ from loop order in the last bits; max and min are exact in any "
     "order. Part of the fast codegen path only.",
     "", 0, {{0}}, dlcRunReassociateReductions, {"arith"}},
    {"dlc-approximate-math", "DlcApproximateMath",
     "Replace f32 math functions by vectorizable polynomial approximations",
     "Rewrites the f32 math ops (scalars and vectors) named by `functions` into upstream MLIR's "
     "polynomial approximations (math::populateMathPolynomialApproximationPatterns): arith ops "
     "that LLVM vectorizes, where a libm call does not vectorize. Each approximation handles "
     "infinities, NaN, overflow and underflow; its error is a few ulp (tests compare them with "
     "libm). log, log1p and log2 are left out by default: their approximations take inputs below "
     "the smallest normal float as that number. f64 and other types keep libm. Part of the fast "
     "codegen path only.",
     "", 1,
     {{"functions", "string", "exp,expm1,tanh,erf",
       "math functions to approximate, comma-separated (e.g. exp,tanh)"}},
     dlcRunApproximateMath, {"arith", "math", "vector"}},
    {"dlc-hoist-invariant-loads", "DlcHoistInvariantLoads",
     "Move loads that no store of their loop can reach out of innermost scf.for loops",
     "In each innermost scf.for with constant bounds that runs at least once, and whose body "
     "holds only arith, math, loads and stores: a memref.load whose indices are defined outside "
     "the loop moves before it when every store of the loop writes memory the load cannot read: "
     "another allocation, or a view of the same arena (memref.view at a constant offset, static "
     "size) whose bytes do not overlap. LLVM cannot prove this for views of one arena and then "
     "vectorizes neither the load nor the loop (the broadcast operands of softmax, norms, bias "
     "adds). Part of the fast codegen path only.",
     "", 0, {{0}}, dlcRunHoistInvariantLoads, {"memref", "scf"}},
    {"dlc-keep-inner-loops", "DlcKeepInnerLoops",
     "Keep LLVM from fully unrolling short innermost loops before vectorizing them",
     "Each innermost scf.for of scalar ops inside another loop, with constant bounds, step 1 and "
     "a trip count of 1 to 4 whole vectors of `lanes`, gets `loop_annotation = "
     "#llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = true>>`, which the lowering to "
     "the LLVM dialect carries to the loop's latch branch. LLVM otherwise unrolls such a loop "
     "fully before its vectorizer runs, which then vectorizes the loop around it with gathers "
     "(a squeeze-excitation's scaling of 16 channels: 48 masked gathers). `lanes` 0 (the "
     "default) does nothing; the lowering pipelines pass the host's f32 lanes. Part of the fast "
     "codegen path only.",
     "", 1, {{"lanes", "int", "0", "f32 lanes of the target's vectors (0: leave loops as they are)"}},
     dlcRunKeepInnerLoops, {"llvm", "scf"}},
    {"dlc-prefetch-panels", "DlcPrefetchPanels",
     "Prefetch the next panel of a constant operand while the tiles of rows read this one",
     "In each innermost scf.for with constant bounds inside an scf.for of at least two "
     "iterations (a product's k loop in its loop over register tiles of rows), the first "
     "vector read of a contiguous f32 view of a 1-D constant global (a prepacked panel of B) "
     "that the outer loop does not move gets, before it, memref.prefetch ops (to L2) of the "
     "view's size of elements that follow the view in the global: each step of the two loops a "
     "different part, so that the fetch of the next panel from memory is spread over all the "
     "tiles instead of stalling the first of the next panel's. Indices past the global's end "
     "are clamped to its last element. Part of the fast codegen path only.",
     "", 0, {{0}}, dlcRunPrefetchPanels, {"arith", "memref"}},
    {"dlc-outline-loop-nests", "DlcOutlineLoopNests",
     "Move each top-level loop nest of a function into a function of its own",
     "LLVM's loop passes (IndVarSimplify, LoopVectorize, LoopRotate) cost, per loop, work that "
     "grows with the function the loop is in: a model lowered into one function of N loop nests "
     "compiles in ~N^2 time (DenseNet-121: over a minute in LLVM). Each top-level op with regions "
     "of a function's body (a layer's loop nest) moves into a private function called in its "
     "place, so LLVM compiles functions of the size of a layer. Consecutive nests, separated by "
     "nothing but ops without memory effects, share a callee until it holds `min-ops` operations. "
     "Constants and views with a layout (subviews, reshapes) that a nest reads are copied into "
     "its callee; the buffers they view, views of the memory plan's arena at constant offsets, "
     "scalars and constant globals (weights) are passed (bare pointers; `llvm.noalias` where no "
     "other argument points into the same bytes: the caller's allocations, arena views that "
     "overlap no other one passed, constant globals). "
     "Callees that print the same but for their name (layers of one shape with different "
     "weights) are merged into one, so LLVM compiles each body once. Callees are `noinline` and "
     "have internal linkage. A nest reading anything else stays in place. The LLVM pipelines run "
     "it on buffers, before dlc-entry-abi.",
     "builtin.module", 1,
     {{"min-ops", "int", "0", "operations a callee holds before the next nest starts a new one "
                              "(0: one callee per nest)"}},
     dlcRunOutlineLoopNests, {"func"}},
    {"dlc-lower-copies", "DlcLowerCopies",
     "Rewrite memref.copy into linalg.copy, or into copies of contiguous rows",
     "Copies between buffers with non-identity layouts lower to calls into MLIR's C runner "
     "library; as `linalg.copy` they become loops, so that compiled models need no MLIR "
     "library at run time. Copies of static shapes whose innermost contiguous rows (in both "
     "buffers) hold at least 256 bytes are left as one memref.copy when they are contiguous "
     "as a whole, else become scf.for loops over the outer dims around a memref.copy of "
     "each row's views: finalize-memref-to-llvm lowers those to memcpy, where element loops "
     "were long unrolled code (a DenseNet's concats).",
     "", 0, {{0}}, dlcRunLowerCopies, {"linalg", "scf", "memref", "arith"}},
    {"dlc-serialize-nested-parallel", "DlcSerializeNestedParallel",
     "Keep threads for the outermost parallel loops that do enough work, and innermost dims serial",
     "Each `scf.parallel` without reductions inside another loop (parallel or not) becomes one "
     "`scf.for` per dimension around its body, so that convert-scf-to-openmp opens a parallel "
     "region only for the outermost loops: a nested region would fork a team per outer iteration "
     "(which OpenMP runs on one thread). So does an outermost one that runs one iteration, or "
     "executes fewer than `min-work` operations (each op counted once per iteration of the loops "
     "around it and once per element of its vector result, constant trip counts; loops of "
     "unknown size are never small): forking and joining a team, and moving the loop's data "
     "between the cores' caches, costs 2-8 microseconds, more than such a loop gains (below "
     "200,000 operations, the 2-thread medians of the encoder and EfficientNet-B0 rose 3-6%; "
     "at 2,000,000, MobileNetV3's depthwise and squeeze-excitation loops ran on one thread). "
     "An outermost loop of "
     "several dims keeps as parallel only the leading dims that `threads` share well (the fewest "
     "whose iterations split evenly among them or number at least 16 per thread), the others "
     "`scf.for` loops inside, and the last dim of a body without loops always: OpenMP collapses "
     "a loop nest into one loop indexed by divisions and remainders, which LLVM neither "
     "vectorizes nor strength-reduces (a depthwise convolution left to the loop path, its "
     "window loops inside all four parallel dims, ran 2.2x slower on 2 threads than on 1). The "
     "lowering pipelines run it when `threads` is above 1.",
     "", 2, {{"min-work", "int", "500000", "scalar operations below which a parallel loop runs on one thread (0: no limit)"},
             {"threads", "int", "2", "threads that share the outermost parallel loops"}},
     dlcRunSerializeNestedParallel, {"scf"}},
    {"dlc-record-signatures", "DlcRecordSignatures", "Record entries' tensor signatures",
     "Public functions are the entries that dlc-run calls and dlc-translate exports. On each "
     "public function over ranked tensors the pass records its signature as `dlc.inputs` / "
     "`dlc.outputs` (arrays of the tensor types, kept down to `llvm.func`, since lowering makes "
     "unsigned types signless and results out-parameters) and marks its arguments "
     "`bufferization.writable = false`, so inputs are never written. A signature recorded "
     "earlier is kept. A value returned more than once (a graph output listed twice) is "
     "returned as a copy (`bufferization.alloc_tensor` with `copy`) after its first place, "
     "since each result becomes its own out-parameter. dlc-graph-to-linalg runs it after "
     "shape inference.",
     "builtin.module", 0, {{0}}, dlcRunRecordSignatures, {"bufferization"}},
    {"dlc-inline-bodies", "DlcInlineBodies",
     "Inline the bodies of ONNX If, Loop and Scan into their scf ops",
     "The ONNX importer imports each body of If, Loop and Scan into a private function marked "
     "`dlc.body` that an scf.if, scf.while or scf.for calls (an IRDL op can neither end a region "
     "nor take operands of different types). The pass replaces every call of such a function by "
     "its ops (a body called more than once is copied) and erases the bodies, so that later steps "
     "see one function per entry. Other functions and their calls are left alone. "
     "dlc-graph-to-linalg runs it after dlc-tensor-to-linalg.",
     "builtin.module", 0, {{0}}, dlcRunInlineBodies, {NULL}},
    {"dlc-record-nodes", "DlcRecordNodes",
     "Record each node's op, result type and FLOPs, for profiles",
     "A profile row names a node of the model (an ONNX node: a name its ops' locations carry; "
     "IR without names uses file:line:col), but the loops a node becomes keep only its "
     "location. On each public function of dlc ops the pass records, per node, as `dlc.nodes` "
     "(an array of `{name, op, shape, flops}`): its dlc op (the first with a FLOP count, else "
     "the last), the type of its last op's result, and the FLOPs of conv, conv_transpose, "
     "matmul and gemm (a multiply and an add per term). dlc-instrument-profile reads it. The "
     "lowering pipelines run it after shape inference when profiling.",
     "builtin.module", 0, {{0}}, dlcRunRecordNodes, {NULL}},
    {"dlc-instrument-profile", "DlcInstrumentProfile",
     "Time each node or fused group of nodes of the entries",
     "Runs on loops (before dlc-entry-abi), on public functions of one block that carry "
     "`dlc.nodes`. Before each top-level op that does work (not allocations, views, constants "
     "or index arithmetic) whose location names recorded nodes, and whose set of nodes (a row: "
     "one node, or the nodes fused into one loop nest) differs from the op before it, inserts "
     "`func.call @dlc_profile_mark(row)`, and `@dlc_profile_mark(-1)` before the return. The "
     "runtime's mark charges the time since the previous mark to the row then running, so each "
     "row is timed, not estimated, for one clock read per row. Records the rows as "
     "`dlc.profile` (`{nodes, op, shape, flops}` each) for the runtime (dlc-c/Profile.h, "
     "`dlc-run --profile`).",
     "builtin.module", 0, {{0}}, dlcRunInstrumentProfile, {"func", "arith"}},
    {"dlc-entry-abi", "DlcEntryABI", "Give entries DLC's C calling convention",
     "Public functions are the entries that dlc-run calls and dlc-translate exports as "
     "`int name(const T *in0, .., T *out0, ..)` (0 on success). On each bufferized public "
     "function (memref arguments only, no results) the pass checks that every argument is a "
     "static, row-major memref, refines `?` dims of the signature that dlc-record-signatures "
     "recorded from them and adds an i32 status result (calls inside the module get it too): "
     "0, or the first run-time check that failed (its status slot, `memref.alloca "
     "{dlc.status_slot}`, holds the code; its number goes in the bits above 8, and "
     "`dlc.checks` lists where each check is), or 4 when a `memref.alloc` returns null: "
     "each allocation, wherever it is, has a slot of its own and an `scf.if` on its pointer "
     "that skips the rest of its block, and of the blocks around it; private functions that "
     "allocate take a `memref<i32>` flag their callers test (see docs/RuntimeErrors.md). "
     "The lowering pipelines run it after bufferization.",
     "builtin.module", 0, {{0}}, dlcRunEntryABI, {"func", "arith", "scf", "memref"}},
    {"dlc-unshare-fills", "DlcUnshareFills", "Give each user of a shared tensor fill a fill of its own",
     "Runs on tensors, before one-shot-bufferize. A `linalg.fill` whose result has several uses "
     "(CSE merges equal fills: the zero inits of products of one shape) into a `tensor.empty` "
     "becomes one clone per use, with a clone of the empty, each placed just before the op of "
     "the fill's block that holds the use, but an `extract_slice` of the fill and the "
     "`insert_slice` that writes the same subset back into it (a block updated in place) "
     "share one clone; a fill into a buffer given as a tensor (a status "
     "slot's `bufferization.to_tensor`) stays shared. Bufferization otherwise copies the "
     "one filled buffer into every user's but one (ResNet-18: 4.9 MB of memcpy a run); a fill "
     "of its own is written in place.",
     "", 0, {{0}}, dlcRunUnshareFills, {"linalg", "tensor"}},
    {"dlc-stack-loop-buffers", "DlcStackLoopBuffers",
     "Put the small static buffers of scf.forall bodies on the stack",
     "Runs on buffers, before deallocation. Each `memref.alloc` directly in the body of an "
     "`scf.forall` with a static shape, the default memory space and at most `max-bytes` bytes "
     "becomes a `memref.alloca` (the loop is an allocation scope). Static allocas in the body of "
     "an `scf.for` that no parallel loop encloses move to the function's entry, where they take "
     "one stack slot rather than new stack every iteration (the lowering runs the pass again "
     "after `scf-forall-to-for`). Row groups (dlc-codegen) compute per-block values "
     "(row maxima, sums, means) there, which would otherwise be a malloc and a free per block "
     "of rows. Part of the fast codegen path only.",
     "", 1, {{"max-bytes", "int", "65536", "largest buffer put on the stack, in bytes"}},
     dlcRunStackLoopBuffers, {"memref"}},
    {"dlc-plan-memory", "DlcPlanMemory", "Share one arena among a function's temporary buffers",
     "Runs on buffers, after deallocation. In each function of one block, a `memref.alloc` of "
     "that block with a static shape, identity layout and default memory space, freed (if at "
     "all) in that block and used only by loads, stores, copies, vector transfers, linalg ops "
     "and views (subview, cast, reshapes, ...) whose uses are known in turn, lives from its "
     "alloc to its dealloc or last use (ops nested in loops count at their loop). These buffers "
     "are placed by liveness in one arena (largest first, each at the lowest offset, aligned "
     "to `alignment` bytes or the alloc's own alignment, not overlapping a buffer live at the "
     "same time) and become `memref.view`s of it; their deallocs go, the arena is allocated at "
     "the start of the function and freed before its terminator. Buffers with one dynamic dim "
     "(a batch of run-time size) are placed the same way by their bytes per unit of that dim, "
     "in an arena of their own per size value, allocated before the first of them with that "
     "many units times the size (offsets scale alike): one allocation per run instead of one "
     "per buffer. Buffers reaching a return, a "
     "call, loop-carried values or any other op, allocs in loops and shapes with more than one "
     "dynamic dim are left alone. The function records `dlc.peak_intermediate_bytes` (the arena's size) and "
     "`dlc.intermediate_bytes_unplanned` (the planned buffers' sum, without reuse), kept down "
     "to `llvm.func`; a function that carries them already is left as it is.",
     "", 1, {{"alignment", "int", "64", "minimum alignment in bytes of every buffer in the arena"}},
     dlcRunPlanMemory, {"memref", "arith"}},
    {"dlc-cache-arenas", "DlcCacheArenas",
     "Keep each function's arena between calls instead of allocating it on every call",
     "Runs on buffers, after dlc-plan-memory, on the static arenas it marks (`dlc.arena`). Each "
     "becomes a slot, an internal pointer global `__dlc_arena_N`: the `memref.alloc` becomes a "
     "call of `__dlc_arena_acquire_N`, which takes the cached block out of the slot (an atomic "
     "exchange with null) or `aligned_alloc`s one when the slot is empty, and a memref "
     "descriptor of it cast to the arena's type; each `memref.dealloc` becomes a call of "
     "`__dlc_arena_release_N`, which puts the block back (a compare-and-exchange with null) or "
     "frees it when the slot is full. Calls on several threads at once each have a block of "
     "their own. A global destructor (`__dlc_arenas_free`) frees the cached blocks when the "
     "code is unloaded. glibc serves blocks over 32 MiB with a fresh mmap every time: such an "
     "arena page-faulted in on every call (Swin-T: 45 MiB, 11,000 faults a run). A module with "
     "global destructors of its own is left alone.",
     "builtin.module", 0, {{0}}, dlcRunCacheArenas, {"llvm"}},
};

static MlirLogicalResult buildOptimize(MlirOpPassManager pm, const DlcPassOptions *values,
                                       MlirStringCallback error, void *userData) {
  return dlcBuildOptimizePipeline(
      pm, mlirStringRefCreateFromCString(values ? dlcPassOptionString(values, "disable") : ""),
      error, userData);
}

static const DlcPassDef optimizeOptions = {
    "dlc-optimize", "dlc-optimize", "", "", "builtin.module", 1,
    {{"disable", "string", "", "comma-separated passes of the pipeline to leave out"}},
    NULL, {NULL}};

static MlirLogicalResult buildGraphToLinalg(MlirOpPassManager pm, const DlcPassOptions *values,
                                            MlirStringCallback error, void *userData) {
  (void)values, (void)error, (void)userData;
  return dlcBuildGraphToLinalgPipeline(pm);
}

#define LOWERING_BUILDER(fn, builder)                                                             \
  static MlirLogicalResult fn(MlirOpPassManager pm, const DlcPassOptions *values,                 \
                              MlirStringCallback error, void *userData) {                         \
    DlcCompileOptions o;                                                                        \
    if (mlirLogicalResultIsFailure(dlcPipelineOptionsFromPassOptions(values, &o, error, userData))) \
      return mlirLogicalResultFailure();                                                         \
    return builder(pm, &o, error, userData);                                                     \
  }
LOWERING_BUILDER(buildLinalgToLoops, dlcBuildLinalgToLoopsPipelineWithOptions)
LOWERING_BUILDER(buildLowerToLLVM, dlcBuildLowerToLLVMPipelineWithOptions)
LOWERING_BUILDER(buildLoopsToLLVM, dlcBuildLoopsToLLVMPipelineWithOptions)

// The options of the lowering pipelines, described as a pass's are.
#define LOWERING_OPTIONS(flag)                                                                   \
  {flag, flag, "", "", "builtin.module", 7,                                                      \
   {{"codegen", "string", "fast",                                                                \
     "fast: DLC's schedules (dlc-codegen) and vector code; naive: one scalar loop nest per op, "   \
     "the reference the fast path is tested against"},                                          \
    {"layout", "string", "nhwc",                                                                 \
     "the activation layout of convolutions and pooling on the fast path (dlc-convert-layout): "  \
     "nhwc or nchw"},                                                                            \
    {"threads", "int", "1", "threads the compiled code runs on (above 1: OpenMP, libomp)"},     \
    {"schedules", "string", "", "a transform library whose named sequences replace DLC's"},     \
    {"profile", "bool", "false",                                                                 \
     "time each node (dlc-record-nodes, dlc-instrument-profile) for dlc-c/Profile.h"},          \
    {"checks", "bool", "true",                                                                   \
     "compute the run-time checks (dlc-tensor-to-linalg's checks): false leaves errors on bad "   \
     "data unreported (status 0)"},                                                              \
    {"cpu", "string", "native",                                                                  \
     "the CPU the code is for: native (the host) or an LLVM CPU name (generic, haswell, ...); "  \
     "dlc-codegen's tiles and dlc-keep-inner-loops' lanes follow its vector registers"}},        \
   NULL, {NULL}}
static const DlcPassDef linalgToLoopsOptions = LOWERING_OPTIONS("dlc-linalg-to-loops");
static const DlcPassDef lowerToLLVMOptions = LOWERING_OPTIONS("dlc-lower-to-llvm");
static const DlcPassDef loopsToLLVMOptions = LOWERING_OPTIONS("dlc-loops-to-llvm");

static const DlcPipelineDef pipelines[] = {
    {"dlc-optimize", "DLC's graph optimizations, in order",
     "On dlc_graph IR: dlc-infer-shapes, dlc-eliminate-nops, dlc-fold-constants, "
     "dlc-infer-shapes, dlc-simplify-algebra, dlc-fold-constants, dlc-sink-transposes, dlc-simplify-algebra, "
     "dlc-eliminate-nops, dlc-fold-batch-norm, dlc-conv-transpose-phases, dlc-trim-conv-windows, "
     "dlc-convs-to-2d, "
     "dlc-eliminate-empty-tensors, "
     "dlc-cse, dlc-dce, "
     "dlc-infer-shapes (docs/GraphOptimizations.md says why this order). The lowering pipelines do not include "
     "it; dlc-run, dlc-translate's compile modes and the C API's compile entry points run it "
     "first unless told not to (--no-optimize). `disable` leaves passes out, to bisect a "
     "miscompile one pass at a time.",
     &optimizeOptions, buildOptimize},
    {"dlc-graph-to-linalg", "Lower dlc_graph (or dlc_tensor) IR to linalg on tensors",
     "dlc-infer-shapes, dlc-record-signatures, dlc-graph-to-tensor, "
     "dlc-tensor-to-linalg, then canonicalize and cse. "
     "Accepts IR at any higher level (dlc ops already lowered are left as they are).",
     NULL, buildGraphToLinalg},
    {"dlc-linalg-to-loops", "Lower to bufferized scf loops",
     "dlc-graph-to-linalg, then (codegen=fast) dlc-convert-layout, "
     "resolve-ranked-shaped-type-result-dims, dlc-fuse-elementwise, "
     "dlc-codegen, dlc-prepack-constants, dlc-pack-panels, dlc-reassociate-reductions, "
     "dlc-approximate-math, "
     "dlc-decompose-pads, dlc-decompose-concats, "
     "eliminate-empty-tensors, canonicalize and cse, then "
     "dlc-flatten-constants, dlc-record-signatures again (results CSE merged get their own "
     "buffers), one-shot-bufferize with function boundaries (identity layouts), "
     "canonicalize, "
     "buffer-results-to-out-params (results become trailing memref arguments), the buffer "
     "deallocation pipeline, dlc-plan-memory (temporaries share one arena), dlc-lower-copies, "
     "linalg -> loops (through affine loops for codegen=naive; parallel loops over parallel "
     "dims for codegen=fast with threads above 1), the schedules' scf.forall tiles "
     "to scf.for (threads=1) or scf.parallel (threads above 1, then "
     "dlc-serialize-nested-parallel), vector transfers unrolled to "
     "1-D, then (codegen=fast) dlc-hoist-invariant-loads, dlc-keep-inner-loops (the host's "
     "f32 lanes) and dlc-prefetch-panels. Accepts IR at any higher level.",
     &linalgToLoopsOptions, buildLinalgToLoops},
    {"dlc-lower-to-llvm", "Lower everything to the LLVM dialect",
     "dlc-linalg-to-loops, dlc-entry-abi (status results; entries need static shapes), with "
     "threads above 1 convert-scf-to-openmp (a team of "
     "`threads`; the code then calls libomp), then "
     "scf -> cf, memref, math (through libm where LLVM has no intrinsic), arith, func "
     "(bare-pointer memref convention), cf and OpenMP to the LLVM dialect. Leaves only llvm "
     "dialect ops (and omp ops on LLVM types, which the translation to LLVM IR outlines); "
     "public functions become `i32 name(ptr in0, .., ptr out0, ..)` carrying their tensor "
     "signature as `dlc.inputs` / `dlc.outputs`. Accepts IR at any level above buffers (for "
     "bufferized IR use dlc-loops-to-llvm: buffer deallocation cannot run twice).",
     &lowerToLLVMOptions, buildLowerToLLVM},
    {"dlc-loops-to-llvm", "Lower bufferized IR to the LLVM dialect",
     "The steps of dlc-lower-to-llvm after buffer deallocation, for IR that is already on "
     "buffers (the output of dlc-linalg-to-loops, or linalg on memrefs): dlc-lower-copies, "
     "linalg -> loops, dlc-entry-abi, then everything (vectors included) to the LLVM dialect.",
     &loopsToLLVMOptions, buildLoopsToLLVM},
};

#define NUM_PASSES ((intptr_t)(sizeof passes / sizeof *passes))
#define NUM_PIPELINES ((intptr_t)(sizeof pipelines / sizeof *pipelines))

const DlcPassDef *dlcLookupPassDef(const char *argument, size_t len) {
  for (intptr_t i = 0; i < NUM_PASSES; ++i)
    if (strlen(passes[i].argument) == len && !strncmp(passes[i].argument, argument, len))
      return &passes[i];
  return NULL;
}

const DlcPipelineDef *dlcLookupPipelineDef(const char *argument, size_t len) {
  for (intptr_t i = 0; i < NUM_PIPELINES; ++i)
    if (strlen(pipelines[i].argument) == len && !strncmp(pipelines[i].argument, argument, len))
      return &pipelines[i];
  return NULL;
}

intptr_t dlcGetNumPassInfos(void) { return NUM_PASSES + NUM_PIPELINES; }

DlcPassInfo dlcGetPassInfo(intptr_t i) {
  if (i < NUM_PASSES)
    return (DlcPassInfo){passes[i].argument, passes[i].summary, passes[i].description, 0,
                         passes[i].numOptions, passes[i].options};
  const DlcPipelineDef *p = &pipelines[i - NUM_PASSES];
  return (DlcPassInfo){p->argument, p->summary, p->description, 1,
                       p->options ? p->options->numOptions : 0,
                       p->options ? p->options->options : NULL};
}

MlirPass dlcCreatePassFromString(MlirStringRef argument, MlirStringRef options,
                                 MlirStringCallback errorCallback, void *userData) {
  const DlcPassDef *def = dlcLookupPassDef(argument.data, argument.length);
  if (!def) {
    if (errorCallback) {
      DlcStr message = DLC_STR_INIT;
      dlcStrPrintf(&message, "unknown DLC pass '%.*s'", (int)argument.length, argument.data);
      errorCallback(mlirStringRefCreateFromCString(dlcStrGet(&message)), userData);
      dlcStrFree(&message);
    }
    return (MlirPass){NULL};
  }
  return dlcCreatePassFromDef(def, options, errorCallback, userData);
}

#define CREATE(fn, flag)                                                                           \
  MlirPass fn(void) {                                                                              \
    return dlcCreatePassFromDef(dlcLookupPassDef(flag, sizeof flag - 1),                           \
                                mlirStringRefCreate("", 0), NULL, NULL);                           \
  }
CREATE(dlcCreateInferShapesPass, "dlc-infer-shapes")
CREATE(dlcCreateGraphToTensorPass, "dlc-graph-to-tensor")
CREATE(dlcCreateTensorToLinalgPass, "dlc-tensor-to-linalg")
CREATE(dlcCreateLowerCopiesPass, "dlc-lower-copies")
CREATE(dlcCreateHoistInvariantLoadsPass, "dlc-hoist-invariant-loads")
CREATE(dlcCreateKeepInnerLoopsPass, "dlc-keep-inner-loops")
CREATE(dlcCreatePrefetchPanelsPass, "dlc-prefetch-panels")
CREATE(dlcCreateSerializeNestedParallelPass, "dlc-serialize-nested-parallel")
CREATE(dlcCreateCodegenPass, "dlc-codegen")
CREATE(dlcCreateDecomposePadsPass, "dlc-decompose-pads")
CREATE(dlcCreateDecomposeConcatsPass, "dlc-decompose-concats")
CREATE(dlcCreateReassociateReductionsPass, "dlc-reassociate-reductions")
CREATE(dlcCreateApproximateMathPass, "dlc-approximate-math")
CREATE(dlcCreateConvertLayoutPass, "dlc-convert-layout")
CREATE(dlcCreateFuseElementwisePass, "dlc-fuse-elementwise")
CREATE(dlcCreateRecordSignaturesPass, "dlc-record-signatures")
CREATE(dlcCreateEntryABIPass, "dlc-entry-abi")
CREATE(dlcCreateEliminateNopsPass, "dlc-eliminate-nops")
CREATE(dlcCreateEliminateEmptyTensorsPass, "dlc-eliminate-empty-tensors")
CREATE(dlcCreateSimplifyAlgebraPass, "dlc-simplify-algebra")
CREATE(dlcCreateSinkTransposesPass, "dlc-sink-transposes")
CREATE(dlcCreateFoldBatchNormPass, "dlc-fold-batch-norm")
CREATE(dlcCreateConvTransposePhasesPass, "dlc-conv-transpose-phases")
CREATE(dlcCreateTrimConvWindowsPass, "dlc-trim-conv-windows")
CREATE(dlcCreateConvsTo2dPass, "dlc-convs-to-2d")
CREATE(dlcCreateCSEPass, "dlc-cse")
CREATE(dlcCreateDCEPass, "dlc-dce")

// The pass `flag` with its one int option `option` set to `value`.
static MlirPass createWithInt(const char *flag, const char *option, int64_t value) {
  char options[64];
  snprintf(options, sizeof options, "%s=%lld", option, (long long)value);
  return dlcCreatePassFromDef(dlcLookupPassDef(flag, strlen(flag)),
                              mlirStringRefCreateFromCString(options), NULL, NULL);
}

MlirPass dlcCreateFoldConstantsPass(int64_t maxElements) {
  return createWithInt("dlc-fold-constants", "max-elements", maxElements);
}
CREATE(dlcCreatePlanMemoryPass, "dlc-plan-memory")

MlirPass dlcCreateFlattenConstantsPass(int64_t minElements) {
  return createWithInt("dlc-flatten-constants", "min-elements", minElements);
}

static void registerAll(void) {
  for (intptr_t i = 0; i < NUM_PASSES; ++i)
    dlcRegisterPassDef(&passes[i]);
  for (intptr_t i = 0; i < NUM_PIPELINES; ++i)
    dlcRegisterPipelineDef(&pipelines[i]);
}

void dlcRegisterAllPasses(void) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, registerAll);
}
