//===- Codegen.h - Schedules for fast CPU code ------------------*- C -*-===//
//
// dlc-codegen picks, for each op it knows a schedule for, the parameters
// of that schedule from the op's shapes and the host CPU (Tiles.c), and
// applies the schedule, a transform-dialect named sequence from the
// library in schedules/ or from a user's file (Schedules.c).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_CODEGEN_CODEGEN_H
#define DLC_CODEGEN_CODEGEN_H

#include "mlir-c/IR.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/ReleaseWeights.h"
#include "Support/Str.h"

#include <stdbool.h>
#include <stdint.h>

/// What the schedules' parameters depend on in the CPU running the code.
typedef struct DlcTargetCPU {
  int vectorBits;      ///< widest vector register: 512 (AVX-512), 256 (AVX2), 128
  int vectorRegisters; ///< how many of them: 32 with AVX-512, else 16
} DlcTargetCPU;

/// Whether `cpu` (DlcCompileOptions' spelling) names the host: NULL, ""
/// or "native".
bool dlcTargetIsHost(const char *cpu);

/// The registers of `cpu`: the host's (dlcTargetIsHost) or those of an
/// LLVM CPU name ("generic": the architecture's baseline). False, with
/// `*out` untouched, for a name LLVM does not know.
bool dlcTargetCPUGet(const char *cpu, DlcTargetCPU *out);

/// Whether the host lacks features that code for `cpu` (a name
/// dlcTargetCPUGet knows) may use; appends their names to `missing`.
bool dlcTargetCPUHostLacks(const char *cpu, DlcStr *missing);

/// Appends why dlcTargetCPUGet refused `cpu` to `message`.
void dlcTargetCPUPrintUnknown(DlcStr *message, const char *cpu);

/// The CPU this process runs on (what the JIT and default AOT target).
DlcTargetCPU dlcHostCPU(void);

/// Parameters of @dlc_matmul / @dlc_batch_matmul (schedules/matmul.mlir).
typedef struct DlcMatmulTiles {
  int64_t tm, tn, tk; ///< cache tile (packed, zero-padded blocks)
  int64_t rm, rn;     ///< register tile
} DlcMatmulTiles;

/// Tiles for an m x k by k x n product of 32-bit elements on `cpu`.
DlcMatmulTiles dlcChooseMatmulTiles(int64_t m, int64_t n, int64_t k, const DlcTargetCPU *cpu);

/// The same for a product whose row count m is known only at run time.
DlcMatmulTiles dlcChooseDynamicRowsMatmulTiles(int64_t n, int64_t k, const DlcTargetCPU *cpu);

/// Narrows `tiles->tn` so that `threads` share the `batch` x column blocks
/// of an n-column product evenly (the schedules' scf.forall runs over them).
void dlcShareMatmulColumns(DlcMatmulTiles *tiles, int64_t n, int64_t batch, int64_t threads);

/// Whether `threads` should share blocks of an m-row product's rows rather
/// than its `batch` x column blocks: fewer of those than threads, and
/// rows for a register tile per thread. Then sets `tiles->tm` to the rows
/// per thread (whole register tiles).
bool dlcShareMatmulRows(DlcMatmulTiles *tiles, int64_t m, int64_t n, int64_t batch,
                        int64_t threads);

/// Parameters of the convolution schedules (schedules/conv.mlir).
typedef struct DlcConvTiles {
  int64_t wt, ft; ///< output tile: pixels of a row x channels
  int64_t kwt;    ///< window columns per step
  int64_t ct;     ///< input channels per step
} DlcConvTiles;

/// Tiles for an NHWC convolution with output width `ow`, `f` output
/// channels, `c` input channels, a window `kh` x `kw` and horizontal stride
/// `stride`; false when no tile vectorizes (f neither a multiple of a
/// vector width nor one plus a power-of-two rest of at least 4). `ft` may
/// leave such a rest: the rows' schedules peel the last slice.
bool dlcChooseConvTiles(int64_t ow, int64_t f, int64_t c, int64_t kh, int64_t kw, int64_t stride,
                        const DlcTargetCPU *cpu, DlcConvTiles *out);

/// Tiles for an NHWC depthwise convolution (output width `ow`, `f`
/// channels, window width `kw`, horizontal stride `stride`): `wt` pixels of
/// a row by `ft` channels (one vector), with room in the registers for the
/// tile's input row and weights; `ct` is `ft`. False when `f` fills no
/// vector.
bool dlcChooseDepthwiseTiles(int64_t ow, int64_t f, int64_t kw, int64_t stride,
                             const DlcTargetCPU *cpu, DlcConvTiles *out);

/// Whether `threads` should share a convolution's rows rather than its
/// `f / ft` channel slices: slices that would leave a thread idle more than
/// a tenth of the time.
bool dlcConvThreadsShareRows(int64_t f, int64_t ft, int64_t threads);

/// Input channels per block for a convolution of `pixels` output pixels
/// (all images), `c` input channels and a window of `window` taps, or 0
/// for none (@dlc_conv2d_nhwc_hwcf_blocks).
int64_t dlcConvChannelBlock(int64_t pixels, int64_t c, int64_t window, const DlcConvTiles *tiles);

/// Whether a convolution whose weights take `weightBytes` should loop over
/// its rows outside its channel slices (`_rows` schedules) on `threads`:
/// weights small enough to stay in cache through every row, and with
/// threads, to be read by all of them.
bool dlcConvPrefersRows(int64_t weightBytes, int64_t threads);

/// Whether a convolution producing `pixels` output pixels (N x OH x OW,
/// rows `ow` wide) from `c` input channels over a window of `window`
/// (KH x KW) taps is better as im2col + matmul: few pixels, many channels,
/// and a 1x1 window or a register tile of the window loops (`tiles`, NULL
/// when none vectorizes) narrower than the row.
bool dlcConvPrefersIm2col(int64_t pixels, int64_t c, int64_t window, int64_t ow,
                          const DlcConvTiles *tiles);

/// Im2col.c: rewrites `conv` (a static f32 linalg.conv_2d_nhwc_hwcf) as
/// the product of its input windows by its weights, N*OH*OW x KH*KW*C
/// times KH*KW*C x F: a linalg.matmul, into a fill of its own where
/// `conv`'s init is one, expanded back to the convolution's result.
void dlcRewriteConvIm2col(MlirOperation conv);

/// WideGroups.c: whether `conv` is a grouped NHWC convolution
/// (dlcGroupedConvNHWCApplies, zeros as its init) whose groups are wide
/// (dlcGroupedConvGroupsAreWide).
bool dlcGroupedConvIsWide(MlirOperation conv);

/// Rewrites `conv` (dlcGroupedConvIsWide) as an scf.forall over its
/// groups, each a linalg.conv_2d_nhwc_hwcf on the group's channels.
void dlcRewriteWideGroupedConv(MlirOperation conv);

/// Winograd.c: whether `conv` (linalg.conv_2d_nhwc_hwcf) can be computed
/// as Winograd F(2x2, 3x3): a 3x3 window, unit strides and dilations,
/// constant weights, static f32 shapes.
bool dlcWinogradApplies(MlirOperation conv);

/// Whether F(2x2, 3x3) beats the direct schedule for a convolution of `c`
/// to `f` channels with `tiles` 2x2 output tiles (over the batch).
bool dlcConvPrefersWinograd(int64_t tiles, int64_t c, int64_t f);

/// Rewrites `conv` (dlcWinogradApplies), and `epilogue` (its fused
/// consumer, or null) with it, as F(2x2, 3x3): the weights transformed
/// into a new constant, the input and output transforms as generics (the
/// epilogue computed in the latter), and the products as the returned
/// linalg.batch_matmul, for the caller to schedule.
MlirOperation dlcRewriteWinograd(MlirOperation conv, MlirOperation epilogue);

/// GroupedConv.c: element `i` of a convolution's `strides` or
/// `dilations` (`name`), 1 when it has none.
int64_t dlcConvAttr(MlirOperation conv, const char *name, intptr_t i);

/// GroupedConv.c: whether `v` is a linalg.fill of the constant 0.0.
bool dlcIsZeroFill(MlirValue v);

/// GroupedConv.c: whether `conv` (linalg.conv_2d_ngchw_gfchw) is computed
/// as a batched product: static f32 shapes, one image.
bool dlcGroupedConvApplies(MlirOperation conv);

/// Rewrites `conv` (dlcGroupedConvApplies) as the columns of its groups'
/// input windows (a generic) and the returned linalg.batch_matmul of the
/// groups' weights by them, for the caller to schedule.
MlirOperation dlcRewriteGroupedConv(MlirOperation conv);

/// GroupedConv.c: whether `conv` is a static linalg.conv_2d_nhwgc_gfhwc of
/// one image (dlc-convert-layout's grouped convolutions), which
/// dlcRewriteGroupedConvNHWC computes as per-group products.
bool dlcGroupedConvNHWCApplies(MlirOperation conv);

/// The ops dlcRewriteGroupedConvNHWC makes of a grouped convolution, in the
/// order @dlc_grouped_conv takes them.
typedef struct DlcGroupedConvOps {
  MlirOperation output;  ///< the products written to the NHWC result, transposed
  MlirOperation product; ///< linalg.batch_matmul: G x F/G x OH*OW
  MlirOperation fill;    ///< the product's zeros
  MlirOperation columns; ///< G x KH x KW x C/G x OH x OW: each group's im2col columns
  MlirOperation matrix;  ///< the columns collapsed to G x KH*KW*C/G x OH*OW
  MlirOperation planes;  ///< G x C/G x H x W: the input, each group's channels as planes
} DlcGroupedConvOps;

/// Rewrites `conv` (dlcGroupedConvNHWCApplies) as its groups' planes and
/// columns, their products with the groups' weights, and the products
/// written to its NHWC result.
DlcGroupedConvOps dlcRewriteGroupedConvNHWC(MlirOperation conv);

/// Epilogues.c: when the product's result reaches its only consumer, an
/// elementwise generic, through a tensor.expand_shape (a product over
/// batch dims, lowered with the batch folded into rows), rewrites the
/// consumer over the product's dims, its result expanded after it; false,
/// changing nothing, when some operand is not read along whole groups of
/// the expanded dims.
bool dlcCollapseConsumerOntoProduct(MlirOperation product);

/// Lets a product fused with `epilogue` (which reads it as operand
/// `operand`, in place) be computed in the epilogue's destination: gives
/// the product a zero fill of its own there (`*fill`, replaced) and marks
/// the epilogue. False, changing nothing, when the destination is neither
/// a function argument nor an empty tensor (or a reshape of one).
bool dlcPrepareEpilogueInPlace(MlirOperation product, MlirOperation *fill, MlirOperation epilogue,
                               intptr_t operand);

/// After the schedules: each tile of a marked epilogue takes its in-place
/// input as its destination, so that bufferization computes it in place.
void dlcComputeEpiloguesInPlace(MlirOperation root);

/// Row groups (RowGroups.c): the root's rank is at most this.
#define DLC_CODEGEN_MAX_ROWS_RANK 4

/// An elementwise generic (the root) and the reductions over its innermost
/// dims and elementwise ops over the same rows that it reads, which
/// schedules/rows.mlir computes in one loop over blocks of rows.
typedef struct DlcRowGroup {
  MlirOperation root;
  DlcOpList members; ///< the other ops, consumers before producers
  intptr_t rank;     ///< the root's loops
  intptr_t reduced;  ///< innermost dims a row has
} DlcRowGroup;

/// Whether `root` heads a row group of ops in its block; fills `out` (free
/// it with dlcRowGroupFree) when it does.
bool dlcRowGroupFind(MlirOperation root, DlcRowGroup *out);

/// Readies a group for its schedule: reads of reduced results through
/// tensor.expand_shape read the results directly (the unit dims dropped
/// from the maps), which fusion needs, and members write into tensors of
/// their own (RowGroups.c says why).
void dlcRowGroupPrepare(DlcRowGroup *group);
void dlcRowGroupFree(DlcRowGroup *group);

/// Tile sizes of a row group's root of shape `dims` (`rank` dims, the last
/// `reduced` of them a row): 0 for the row dims, and for the outer dims a
/// block of rows of about `blockElements` elements (at least one row),
/// made of whole dims where it can and of a divisor of a dim otherwise
/// (a dynamic outer dim, negative in `dims`, takes what is left of it).
void dlcChooseRowTiles(intptr_t rank, const int64_t *dims, intptr_t reduced,
                       int64_t blockElements, int64_t *tiles);

/// The default block size of row groups on `cpu`, in elements.
int64_t dlcDefaultRowBlock(const DlcTargetCPU *cpu);

/// A transform library: DLC's schedules, with those of a user's file
/// (if any) taking the place of DLC's of the same name. DLC's own files
/// are parsed when a schedule they define is first applied: a model with
/// nothing to schedule parses none of them (Schedules.c).
typedef struct DlcScheduleLibrary {
  struct DlcScheduleLibraryImpl *impl;
} DlcScheduleLibrary;

/// The library of `ctx`, with the named sequences of `userFile` (parsed
/// now) when it is not empty. Errors are emitted at `loc`; null on failure.
DlcScheduleLibrary dlcScheduleLibraryCreate(MlirContext ctx, const char *userFile,
                                            MlirLocation loc);
void dlcScheduleLibraryDestroy(DlcScheduleLibrary library);

/// Applies named sequence `sequence` of `library` to `targets` (ops of one
/// function) with `numParams` i64 parameters:
/// `sequence(%target0, .., %param0, ..)`. The payload is a function
/// holding the targets alone (dlcIsolateGroup), or, where they cannot be
/// isolated, the function around them; failures are reported there.
MlirLogicalResult dlcApplySchedule(DlcScheduleLibrary library, intptr_t numTargets,
                                   const MlirOperation *targets, const char *sequence,
                                   intptr_t numParams, const int64_t *params);

/// A group of ops moved out of their function into a function of its own
/// (in a module of its own), so that what a schedule does to the function
/// around its targets costs what the group costs (Isolate.c).
typedef struct DlcIsolatedGroup {
  MlirModule module;      ///< holds `function` while the group is away
  MlirOperation function; ///< `func.func @__dlc_codegen_group`: the payload
  MlirBlock home;         ///< the block the group came from
  MlirOperation anchor;   ///< the op of `home` the group goes back before
  MlirValue *outside;     ///< what each argument of `function` stands for
  intptr_t numOutside;
  MlirOperation *placeholders; ///< per result of the last op: its uses outside
  intptr_t numResults;
} DlcIsolatedGroup;

/// Moves `ops` (of one block) into a function of their own, whose
/// arguments are what they read from outside; a member other than the last
/// (in block order) that has users outside the group is copied, and its
/// copy takes its place in `ops`. False (nothing changed) when the ops are
/// not in one block.
bool dlcIsolateGroup(intptr_t numOps, MlirOperation *ops, DlcIsolatedGroup *out);

/// Moves what `group`'s function holds back into the group's place (the
/// values it returns replace the last op's results) and destroys the
/// function.
void dlcRestoreGroup(DlcIsolatedGroup *group);

/// Applies named sequence `sequence` of `library` to a group:
/// `sequence(%root, %members, %param0, ..)`, the members one handle in
/// their order.
MlirLogicalResult dlcApplyGroupSchedule(DlcScheduleLibrary library, MlirOperation root,
                                        intptr_t numMembers, const MlirOperation *members,
                                        const char *sequence, intptr_t numParams,
                                        const int64_t *params);

/// Part of dlc-prepack-constants (PrepackConvWeights.c): constants read
/// only as vectors of ft of their last dim, at multiples of ft (the
/// convolution schedules' channel slices of HWCF weights), laid out slice
/// by slice (F/ft x .. x ft), their reads rewritten to match; each old
/// blob freed through `refs` (may be NULL) when its last reader goes.
void dlcPrepackConvWeights(MlirOperation root, DlcWeightRefs *refs);

/// PrepackConstants.c: whether dlc-prepack-constants packs the tiles of
/// `v` when compiling: a constant with data of its own (not a splat),
/// through row-major reshapes.
bool dlcPacksConstant(MlirValue v);

/// Whether tensor.pad `pad` pads a static f32 tile with the constant 0.0,
/// at the high end only (the matmul schedules' packing copies).
bool dlcIsZeroHighPad(MlirOperation pad);

/// The width w of the column panels read from `tile` (a static tensor)
/// when every use is a tensor.extract_slice of all of each dim but the
/// last, and of the last w columns at a multiple of w (the register tiles'
/// reads of a packed tile of B); else 0.
int64_t dlcColumnPanelWidth(MlirValue tile);

/// Replaces each column panel slice of `tile` (width `w`, see
/// dlcColumnPanelWidth) by a slice of `operands[0]`, a tensor whose dims
/// are `numLead` leading ones (their `offsets` and `sizes` given, dynamic
/// offsets in operands[1 .. numOperands - 1]), then the panel (column
/// offset / w), then the tile's dims with the last one w wide. `offsets`
/// and `sizes` have room for numLead + 1 + rank entries, `operands` for
/// one more. Ops are built with `b` and moved before each slice.
void dlcSliceColumnPanels(MlirValue tile, int64_t w, DlcBuilder *b, intptr_t numOperands,
                          MlirValue *operands, int64_t numLead, int64_t *offsets,
                          int64_t *sizes);

/// A unit-stride tensor.extract_slice of operands[0] at `offsets` (dynamic
/// ones: operands[1..]) of `sizes`, of type `type` (rank-reducing).
MlirValue dlcUnitStrideSlice(DlcBuilder *b, intptr_t numOperands, MlirValue *operands,
                             int64_t rank, const int64_t *offsets, const int64_t *sizes,
                             MlirType type);

/// Moves the op defining `v` (just built) before `before`; returns `v`.
MlirValue dlcPlaceBefore(MlirValue v, MlirOperation before);

#endif // DLC_CODEGEN_CODEGEN_H
