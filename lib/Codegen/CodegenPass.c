//===- CodegenPass.c - The dlc-codegen pass ---------------------*- C -*-===//
//
// Runs on linalg on tensors (the output of dlc-graph-to-linalg). Each op of
// a class with a schedule, static shapes (but for a dynamic batch, or a
// matmul's dynamic rows) and f32 elements gets its schedule, with parameters from Tiles.c unless the pass options fix them;
// everything else is left to the loop lowering. A convolution is scheduled
// together with its zero fill and, when its only user is an elementwise
// linalg.generic reading it in place (bias, activation, residual add), with
// that epilogue: one loop nest for the group; a 3x3 one, where Winograd
// pays, becomes F(2x2, 3x3) with its epilogue in the output transform
// (Winograd.c), its products one batched matmul scheduled as such, and so
// does a grouped one (GroupedConv.c), or a loop of convolutions where
// its groups are wide (WideGroups.c). One on a small image becomes a
// product first (Im2col.c), grouped with its epilogue as products are.
// Targets are collected first:
// applying a schedule rewrites the function being walked. Then row groups
// (RowGroups.c: reductions over the innermost dims with the elementwise
// ops over the same rows) become one loop over blocks of rows each.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Pass/PassDef.h"
#include "Support/Diag.h"
#include "Support/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum { MATMUL, BATCH_MATMUL, CONV, DEPTHWISE, GROUPED, GROUPED_NHWC, TRANSPOSE } TargetKind;

typedef struct Target {
  MlirOperation op;
  TargetKind kind;
  intptr_t transposedLoop; ///< transposes: the loop of the input's innermost dim
  MlirOperation fill;     ///< products, convolutions: the zero fill of the init
  MlirOperation epilogue; ///< products, convolutions: the fused consumer, or null
} Target;

typedef struct Targets {
  Target *items;
  intptr_t count, capacity;
} Targets;

// Static f32 operands, not empty (nothing to schedule), but for a dynamic
// leading (batch) dim: the convolution
// schedules tile that dim by 1 (scf.forall over the images),
// so each tile is static and the schedule is the static one per image.
static bool allOperandsBatchStaticF32(MlirOperation op) {
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!mlirTypeIsARankedTensor(t) || !mlirTypeIsAF32(mlirShapedTypeGetElementType(t)))
      return false;
    for (intptr_t d = 0, rank = mlirShapedTypeGetRank(t); d < rank; ++d)
      if (mlirShapedTypeGetDimSize(t, d) == 0 || (d > 0 && mlirShapedTypeIsDynamicDim(t, d)))
        return false;
  }
  return mlirOperationGetNumResults(op) == 1;
}

// Products whose rows (a matmul's M) or batch (a batch_matmul's) are `?`,
// everything else static f32 (a transformer compiled for any batch or
// sequence: its batch folded into the rows, lib/Conversion/GraphToTensor/
// Linear.c). The schedules tile that dim anyway; tiles of rows are padded
// to whole cache tiles, batches are tiled by 1.
static bool productOperandsStaticF32(MlirOperation op, bool batched) {
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!mlirTypeIsARankedTensor(t) || !mlirTypeIsAF32(mlirShapedTypeGetElementType(t)))
      return false;
    for (intptr_t d = 0, rank = mlirShapedTypeGetRank(t); d < rank; ++d)
      if (mlirShapedTypeGetDimSize(t, d) == 0 ||
          (mlirShapedTypeIsDynamicDim(t, d) && (d > 0 || (!batched && i == 1))))
        return false;
  }
  return mlirOperationGetNumResults(op) == 1;
}

// linalg.matmul with transposing or broadcasting `indexing_maps` is not
// the plain product the schedules assume (MLIR may print the default maps).
static bool hasDefaultMaps(MlirOperation op, TargetKind kind) {
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("indexing_maps"));
  if (mlirAttributeIsNull(maps))
    return true;
  const char *plain =
      kind == MATMUL ? "[affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, "
                       "affine_map<(m, n, k) -> (m, n)>]"
                     : "[affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, "
                       "n)>, affine_map<(b, m, n, k) -> (b, m, n)>]";
  return mlirAttributeEqual(
      maps, mlirAttributeParseGet(mlirOperationGetContext(op), mlirStringRefCreateFromCString(plain)));
}

// The elementwise consumer that can share the producer's tiles: the
// result's only use, by a parallel generic with one result of the same
// shape that reads it in place (so its tile is the producer's).
static MlirOperation epilogueOf(MlirOperation producer) {
  MlirValue result = mlirOperationGetResult(producer, 0);
  MlirOpOperand use = mlirValueGetFirstUse(result);
  if (mlirOpOperandIsNull(use) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  MlirOperation user = mlirOpOperandGetOwner(use);
  if (!dlcIsOp(user, "linalg.generic") || mlirOperationGetNumResults(user) != 1 ||
      !dlcAllLoopsParallel(user) ||
      !mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(user, 0)), mlirValueGetType(result)))
    return (MlirOperation){NULL};
  MlirAttribute maps =
      mlirOperationGetAttributeByName(user, mlirStringRefCreateFromCString("indexing_maps"));
  unsigned index = mlirOpOperandGetOperandNumber(use);
  MlirAffineMap read = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, index));
  MlirAffineMap write = mlirAffineMapAttrGetValue(
      mlirArrayAttrGetElement(maps, mlirArrayAttrGetNumElements(maps) - 1));
  // Reading the result as the init (in place) is not elementwise.
  bool isInit = index == (unsigned)mlirOperationGetNumOperands(user) - 1;
  bool inPlace = dlcMapReadsInPlace(read, mlirValueGetType(result));
  return inPlace && mlirAffineMapIsIdentity(write) && !isInit ? user : (MlirOperation){NULL};
}

static void push(Targets *targets, Target t) {
  if (targets->count == targets->capacity) {
    targets->capacity = targets->capacity ? 2 * targets->capacity : 16;
    targets->items = realloc(targets->items, (size_t)targets->capacity * sizeof *targets->items);
    if (!targets->items)
      abort();
  }
  targets->items[targets->count++] = t;
}

// A rank-4 elementwise generic (parallel loops, the output written in loop
// order) with an input read as a permutation (unit dims may read 0) whose
// innermost dim is not the output's: the loop of that dim, or -1. A
// dynamic batch (the layout change at the edges of a model compiled for
// any batch) is tiled by 1 like the other dims the blocks do not span.
static intptr_t transposedLoop(MlirOperation op) {
  if (!dlcIsOp(op, "linalg.generic") || mlirOperationGetNumResults(op) != 1 ||
      !dlcAllLoopsParallel(op) || !allOperandsBatchStaticF32(op))
    return -1;
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("indexing_maps"));
  intptr_t numMaps = mlirArrayAttrGetNumElements(maps);
  MlirAffineMap out = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, numMaps - 1));
  if (mlirAffineMapGetNumDims(out) != 4 || !mlirAffineMapIsIdentity(out))
    return -1;
  if (dlcReadsLoopIndices(op))
    return -1;
  for (intptr_t i = 0; i + 1 < numMaps; ++i) {
    MlirAffineMap in = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
    if (mlirAffineMapGetNumResults(in) != 4)
      continue;
    // Dims, or 0 for a unit dim (elementwise lowering's broadcast form).
    bool permutes = true;
    for (intptr_t r = 0; r < 4; ++r) {
      MlirAffineExpr e = mlirAffineMapGetResult(in, r);
      permutes = permutes && (mlirAffineExprIsADim(e) ||
                              (mlirAffineExprIsAConstant(e) && !mlirAffineConstantExprGetValue(e)));
    }
    MlirAffineExpr last = mlirAffineMapGetResult(in, 3);
    if (permutes && mlirAffineExprIsADim(last) && mlirAffineDimExprGetPosition(last) != 3)
      return mlirAffineDimExprGetPosition(last);
  }
  return -1;
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Targets *targets = userData;
  Target t = {op, MATMUL, -1, {NULL}, {NULL}};
  if ((t.transposedLoop = transposedLoop(op)) >= 0) {
    // A transpose that a product's or convolution's group computes as its
    // epilogue goes with that group.
    for (intptr_t i = 0; i < targets->count; ++i)
      if (mlirOperationEqual(targets->items[i].epilogue, op))
        return MlirWalkResultAdvance;
    t.kind = TRANSPOSE;
    push(targets, t);
    return MlirWalkResultAdvance;
  }
  bool groupedNCHW = dlcGroupedConvApplies(op);
  if (groupedNCHW || dlcGroupedConvNHWCApplies(op)) {
    t.kind = groupedNCHW ? GROUPED : GROUPED_NHWC;
    push(targets, t);
    return MlirWalkResultAdvance;
  }
  if (dlcIsOp(op, "linalg.matmul"))
    t.kind = MATMUL;
  else if (dlcIsOp(op, "linalg.batch_matmul"))
    t.kind = BATCH_MATMUL;
  else if (dlcIsOp(op, "linalg.conv_2d_nhwc_hwcf"))
    t.kind = CONV;
  else if (dlcIsOp(op, "linalg.depthwise_conv_2d_nhwc_hwc") ||
           dlcIsOp(op, "linalg.pooling_nhwc_max") || dlcIsOp(op, "linalg.pooling_nhwc_sum"))
    t.kind = DEPTHWISE; // pooling: the same loops, the window an empty tensor of weights
  else
    return MlirWalkResultAdvance;
  bool product = t.kind == MATMUL || t.kind == BATCH_MATMUL;
  if (product ? !productOperandsStaticF32(op, t.kind == BATCH_MATMUL)
              : !allOperandsBatchStaticF32(op))
    return MlirWalkResultAdvance;
  if (product && !hasDefaultMaps(op, t.kind))
    return MlirWalkResultAdvance;
  // The zero fill is computed in the tiles too (a fill other ops share as
  // well is copied into the loop). Products are scheduled without it
  // (their tiles accumulate into whatever the init holds), convolutions
  // not.
  t.fill = dlcDefiningOp(mlirOperationGetOperand(op, 2));
  if (!dlcIsOp(t.fill, "linalg.fill")) {
    t.fill = (MlirOperation){NULL};
    if (product)
      push(targets, t);
    return MlirWalkResultAdvance;
  }
  t.epilogue = epilogueOf(op);
  // An epilogue that reads two products (x W + h R) fuses with the first
  // only; the second is scheduled alone (it comes before the epilogue).
  for (intptr_t i = 0; !mlirOperationIsNull(t.epilogue) && i < targets->count; ++i)
    if (mlirOperationEqual(targets->items[i].epilogue, t.epilogue))
      t.epilogue = (MlirOperation){NULL};
  push(targets, t);
  return MlirWalkResultAdvance;
}

// A fused group's loops compute the epilogue's nodes too: every op of it
// carries all their locations, the producer's first.
static void locateGroup(const Target *t) {
  MlirLocation both[2] = {mlirOperationGetLocation(t->op), mlirOperationGetLocation(t->epilogue)};
  MlirLocation group = mlirLocationFusedGet(mlirOperationGetContext(t->op), 2, both, mlirAttributeGetNull());
  mlirOperationSetLocation(t->epilogue, group);
  mlirOperationSetLocation(t->op, group);
  mlirOperationSetLocation(t->fill, group);
}

static MlirWalkResult collectProducts(MlirOperation op, void *userData) {
  if ((dlcIsOp(op, "linalg.matmul") && productOperandsStaticF32(op, false)) ||
      (dlcIsOp(op, "linalg.batch_matmul") && productOperandsStaticF32(op, true)))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

static int64_t dim(MlirOperation op, intptr_t operand, intptr_t i) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetOperand(op, operand)), i);
}

// "a,b,c,..." into `out`; false unless exactly `n` positive integers.
static bool parseInts(const char *text, int64_t *out, int n) {
  for (int i = 0; i < n; ++i) {
    char *end;
    long long v = strtoll(text, &end, 10);
    if (end == text || v <= 0)
      return false;
    out[i] = v;
    text = end;
    if (i + 1 < n && *text++ != ',')
      return false;
  }
  return *text == '\0';
}

static MlirLogicalResult scheduleMatmul(DlcScheduleLibrary library, const Target *t,
                                        const DlcTargetCPU *cpu, int64_t threads,
                                        const char *fixedTiles) {
  intptr_t b = t->kind == BATCH_MATMUL ? 1 : 0;
  int64_t m = dim(t->op, 0, b), k = dim(t->op, 0, b + 1), n = dim(t->op, 1, b + 1);
  bool dynamicRows = mlirShapedTypeIsDynamicSize(m);
  DlcMatmulTiles tiles = dynamicRows ? dlcChooseDynamicRowsMatmulTiles(n, k, cpu)
                                     : dlcChooseMatmulTiles(m, n, k, cpu);
  int64_t batch = b ? dim(t->op, 0, 0) : 1;
  bool dynamicBatch = mlirShapedTypeIsDynamicSize(batch);
  bool rows = !dynamicRows && !dynamicBatch && m >= 4 && !*fixedTiles &&
              dlcShareMatmulRows(&tiles, m, n, batch, threads);
  if (!rows)
    dlcShareMatmulColumns(&tiles, n, dynamicBatch ? 1 : batch, threads);
  int64_t params[5] = {tiles.tm, tiles.tn, tiles.tk, tiles.rm, tiles.rn};
  if (*fixedTiles && !parseInts(fixedTiles, params, 5)) {
    dlcEmitOpError(t->op, "matmul-tiles must be five positive integers tm,tn,tk,rm,rn, got '%s'",
                   fixedTiles);
    return mlirLogicalResultFailure();
  }
  // Fewer rows than the smallest register tile: B is not worth packing.
  bool fused = !mlirOperationIsNull(t->epilogue);
  char sequence[32];
  snprintf(sequence, sizeof sequence, "%s%s%s",
           b ? "dlc_batch_matmul" : !dynamicRows && m < 4 ? "dlc_matvec" : "dlc_matmul",
           rows ? "_rows" : "", fused ? "_fused" : "");
  // A matrix-vector product whose register tile does not divide N, B
  // read at run time: the whole tiles' columns in blocks of one tile
  // (whole blocks; a block of B is used by the few rows only, so larger
  // ones reuse nothing), the rest a product of its own. A constant B is
  // left whole: its padded blocks are packed when compiling, contiguous
  // panels that read faster than B's rows in place (1x2048 @ 2048x1000:
  // 0.075 ms, split 0.100). A splat is not packed: it splits too.
  if (!fused && !b && !dynamicRows && m < 4 && !*fixedTiles && n > tiles.rn && n % tiles.rn &&
      !dlcPacksConstant(mlirOperationGetOperand(t->op, 1))) {
    DlcMatmulTiles rest = dlcChooseMatmulTiles(m, n % tiles.rn, k, cpu);
    int64_t split[8] = {tiles.tm, tiles.rn, tiles.tk, tiles.rm, tiles.rn, n / tiles.rn * tiles.rn,
                        rest.tn, rest.rn};
    return dlcApplySchedule(library, 1, &t->op, "dlc_matvec_split", 8, split);
  }
  if (!fused)
    return dlcApplySchedule(library, 1, &t->op, sequence, 5, params);
  MlirOperation targets[3] = {t->epilogue, t->op, t->fill};
  MlirValue product = mlirOperationGetResult(t->op, 0);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(t->epilogue); ++i)
    if (mlirValueEqual(mlirOperationGetOperand(t->epilogue, i), product)) {
      dlcPrepareEpilogueInPlace(t->op, &targets[2], t->epilogue, i);
      break;
    }
  Target group = *t;
  group.fill = targets[2];
  locateGroup(&group);
  return dlcApplySchedule(library, 3, targets, sequence, 5, params);
}

// A grouped NHWC convolution: per group (threads share them), its
// columns, their product with its weights and the product written to the
// result (GroupedConv.c), the product tiled as a batched matmul's.
static MlirLogicalResult scheduleGroupedConv(DlcScheduleLibrary library, const Target *t,
                                             const DlcTargetCPU *cpu) {
  DlcGroupedConvOps ops = dlcRewriteGroupedConvNHWC(t->op);
  DlcMatmulTiles tiles = dlcChooseMatmulTiles(dim(ops.product, 0, 1), dim(ops.product, 1, 2),
                                              dim(ops.product, 0, 2), cpu);
  int64_t params[5] = {tiles.tm, tiles.tn, tiles.tk, tiles.rm, tiles.rn};
  MlirOperation targets[6] = {ops.output, ops.product, ops.fill,
                              ops.columns, ops.matrix, ops.planes};
  return dlcApplySchedule(library, 6, targets, "dlc_grouped_conv", 5, params);
}

// The stride along W of a named NHWC convolution (its `strides` are H, W).
static int64_t widthStride(MlirOperation conv) {
  MlirAttribute strides = mlirOperationGetAttributeByName(conv, mlirStringRefCreateFromCString("strides"));
  if (mlirAttributeIsNull(strides) || !mlirAttributeIsADenseElements(strides) ||
      mlirElementsAttrGetNumElements(strides) != 2)
    return 1;
  return mlirDenseElementsAttrGetInt64Value(strides, 1);
}

// Whether the convolution `conv` (linalg.conv_2d_nhwc_hwcf) is computed
// as Winograd F(2x2, 3x3).
static bool takesWinograd(MlirOperation conv, bool winograd) {
  MlirType out = mlirValueGetType(mlirOperationGetResult(conv, 0));
  return winograd && dlcWinogradApplies(conv) &&
         dlcConvPrefersWinograd(mlirShapedTypeGetDimSize(out, 0) *
                                    ((mlirShapedTypeGetDimSize(out, 1) + 1) / 2) *
                                    ((mlirShapedTypeGetDimSize(out, 2) + 1) / 2),
                                dim(conv, 0, 3), mlirShapedTypeGetDimSize(out, 3));
}

// The window loops' tiles for a convolution (NHWC, or depthwise NHWC and
// pooling); false when none vectorize.
static bool chooseConvTiles(MlirOperation conv, bool depthwise, const DlcTargetCPU *cpu,
                            DlcConvTiles *tiles) {
  MlirType out = mlirValueGetType(mlirOperationGetResult(conv, 0));
  MlirType weight = mlirValueGetType(mlirOperationGetOperand(conv, 1));
  int64_t ow = mlirShapedTypeGetDimSize(out, 2), f = mlirShapedTypeGetDimSize(out, 3);
  int64_t kh = mlirShapedTypeGetDimSize(weight, 0), kw = mlirShapedTypeGetDimSize(weight, 1);
  return depthwise ? dlcChooseDepthwiseTiles(ow, f, kw, widthStride(conv), cpu, tiles)
                   : dlcChooseConvTiles(ow, f, mlirShapedTypeGetDimSize(weight, 2), kh, kw,
                                        widthStride(conv), cpu, tiles);
}

// Whether the convolution `conv` (linalg.conv_2d_nhwc_hwcf, a static
// batch) is computed as im2col and a product (Im2col.c) rather than by its
// window loops.
static bool takesIm2col(MlirOperation conv, const DlcTargetCPU *cpu, bool winograd) {
  MlirType out = mlirValueGetType(mlirOperationGetResult(conv, 0));
  if (!allOperandsBatchStaticF32(conv) || mlirShapedTypeIsDynamicDim(out, 0) ||
      takesWinograd(conv, winograd))
    return false;
  MlirType weight = mlirValueGetType(mlirOperationGetOperand(conv, 1));
  int64_t ow = mlirShapedTypeGetDimSize(out, 2);
  int64_t pixels = mlirShapedTypeGetDimSize(out, 0) * mlirShapedTypeGetDimSize(out, 1) * ow;
  DlcConvTiles tiles;
  bool tiled = chooseConvTiles(conv, false, cpu, &tiles);
  return dlcConvPrefersIm2col(pixels, mlirShapedTypeGetDimSize(weight, 2),
                              mlirShapedTypeGetDimSize(weight, 0) *
                                  mlirShapedTypeGetDimSize(weight, 1),
                              ow, tiled ? &tiles : NULL);
}

typedef struct Im2colConvs {
  const DlcTargetCPU *cpu;
  bool winograd;
  DlcOpList convs;
} Im2colConvs;

static MlirWalkResult collectIm2colConvs(MlirOperation op, void *userData) {
  Im2colConvs *found = userData;
  if (dlcIsOp(op, "linalg.conv_2d_nhwc_hwcf") && takesIm2col(op, found->cpu, found->winograd))
    dlcOpListPush(&found->convs, op);
  return MlirWalkResultAdvance;
}

static MlirWalkResult collectWideGroupedConvs(MlirOperation op, void *userData) {
  if (dlcGroupedConvIsWide(op))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// Convolutions without tiles that vectorize are left to the loop lowering.
static MlirLogicalResult scheduleConv(DlcScheduleLibrary library, const Target *t,
                                      const DlcTargetCPU *cpu, int64_t threads, bool winograd,
                                      const char *fixedTiles) {
  MlirType out = mlirValueGetType(mlirOperationGetResult(t->op, 0));
  if (t->kind == CONV && takesWinograd(t->op, winograd)) {
    if (!mlirOperationIsNull(t->epilogue))
      locateGroup(t);
    Target products = {dlcRewriteWinograd(t->op, t->epilogue), BATCH_MATMUL, -1, {NULL}, {NULL}};
    return scheduleMatmul(library, &products, cpu, threads, "");
  }
  MlirType weight = mlirValueGetType(mlirOperationGetOperand(t->op, 1));
  bool depthwise = t->kind == DEPTHWISE;
  int64_t f = mlirShapedTypeGetDimSize(out, 3);
  int64_t c = depthwise ? 1 : mlirShapedTypeGetDimSize(weight, 2);
  // A dynamic batch: tiles are chosen per image.
  bool dynamicBatch = mlirShapedTypeIsDynamicDim(out, 0);
  int64_t pixels = (dynamicBatch ? 1 : mlirShapedTypeGetDimSize(out, 0)) *
                   mlirShapedTypeGetDimSize(out, 1) * mlirShapedTypeGetDimSize(out, 2);
  int64_t kh = mlirShapedTypeGetDimSize(weight, 0), kw = mlirShapedTypeGetDimSize(weight, 1);
  DlcConvTiles tiles;
  bool tiled = chooseConvTiles(t->op, depthwise, cpu, &tiles);
  // conv-tiles fixes the direct schedule's parameters (not a depthwise
  // one's), to try others than DLC's choice.
  if (!depthwise && *fixedTiles) {
    int64_t fixed[4];
    if (!parseInts(fixedTiles, fixed, 4)) {
      dlcEmitOpError(t->op, "conv-tiles must be four positive integers wt,ft,kwt,ct, got '%s'",
                     fixedTiles);
      return mlirLogicalResultFailure();
    }
    // Upstream's vectorizer fails on a window or channel step that does
    // not divide its loop, with a message that names neither.
    if (kw % fixed[2] || c % fixed[3]) {
      dlcEmitOpError(t->op,
                     "conv-tiles: kwt (%lld) must divide the window's width (%lld) and ct (%lld) "
                     "the input channels (%lld)",
                     (long long)fixed[2], (long long)kw, (long long)fixed[3], (long long)c);
      return mlirLogicalResultFailure();
    }
    tiles = (DlcConvTiles){fixed[0], fixed[1], fixed[2], fixed[3]};
    tiled = true;
  }
  if (!tiled)
    return mlirLogicalResultSuccess();
  bool fused = !mlirOperationIsNull(t->epilogue);
  MlirOperation targets[3] = {t->epilogue, t->op, t->fill};
  if (fused)
    locateGroup(t);
  // Blocks leave the epilogue and the fill to whole slices, which do not
  // vectorize with a dynamic batch.
  // Channel slices that do not divide the channels: only the rows'
  // schedules peel the loop over slices (the forall of the others cannot
  // be), each row's last slice narrower.
  bool splitSlices = !depthwise && f % tiles.ft;
  int64_t cb = depthwise || dynamicBatch || splitSlices
                   ? 0
                   : dlcConvChannelBlock(pixels, c, kh * kw, &tiles);
  bool shareRows = !depthwise && dlcConvThreadsShareRows(f, tiles.ft, threads);
  bool blocks = cb && !shareRows;
  bool rows = !depthwise && !blocks &&
              (shareRows || splitSlices ||
               dlcConvPrefersRows(kh * kw * c * f * (int64_t)sizeof(float), threads));
  char sequence[64];
  snprintf(sequence, sizeof sequence, "%s%s%s",
           depthwise ? "dlc_depthwise_conv2d_nhwc_hwc" : "dlc_conv2d_nhwc_hwcf",
           blocks ? "_blocks" : rows ? "_rows" : "", fused ? "_fused" : "");
  int64_t params[5] = {tiles.wt, tiles.ft, tiles.kwt, tiles.ct, cb};
  return dlcApplySchedule(library, fused ? 3 : 2, fused ? targets : targets + 1, sequence,
                          depthwise ? 2 : blocks ? 5 : 4, params);
}

// t x t blocks of the two transposed loops, t the vector width or the
// largest power of two below it (at least 4) that divides both; shapes
// that none divides are left to the loop lowering.
static MlirLogicalResult scheduleTranspose(DlcScheduleLibrary library, const Target *t,
                                           const DlcTargetCPU *cpu) {
  MlirType out = mlirValueGetType(mlirOperationGetResult(t->op, 0));
  if (mlirShapedTypeIsDynamicDim(out, t->transposedLoop))
    return mlirLogicalResultSuccess();
  int64_t a = mlirShapedTypeGetDimSize(out, t->transposedLoop), b = mlirShapedTypeGetDimSize(out, 3);
  int64_t lanes = cpu->vectorBits / 32, block = lanes, at = 0;
  while (block >= 4 && (a % block || b % block))
    block /= 2;
  // No block divides both: blocks that divide the transposed dim, over the
  // whole blocks of the innermost one, the rest of it left to loops. A 1-D
  // layer of 512 channels over 3199 steps, with its transpose to NCHW all
  // loops: 5.2 ms; in blocks up to step 3184: 0.78 (onnxruntime 0.81).
  if (block < 4) {
    for (block = lanes; block >= 4 && a % block; block /= 2)
      ;
    if (block < 4 || mlirShapedTypeIsDynamicDim(out, 3) || b < block)
      return mlirLogicalResultSuccess();
    at = b / block * block;
  }
  int64_t params[5] = {1, 1, 1, 1, at};
  params[t->transposedLoop] = block;
  params[3] = block;
  char sequence[48];
  snprintf(sequence, sizeof sequence, "%s%s",
           block == 16 ? "dlc_transpose_4d_16x16" : "dlc_transpose_4d", at ? "_split" : "");
  return dlcApplySchedule(library, 1, &t->op, sequence, at ? 5 : 4, params);
}

// Generics of the function's body (not of loops: a scheduled group's
// tiles are not groups again), last first.
static MlirWalkResult collectGenerics(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "linalg.generic") &&
      dlcIsOp(mlirOperationGetParentOperation(op), "func.func"))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// The row group headed by the last generic that heads one, or false.
static bool nextRowGroup(MlirOperation module, DlcRowGroup *group) {
  DlcOpList generics = {0};
  mlirOperationWalk(module, collectGenerics, &generics, MlirWalkPreOrder);
  bool found = false;
  for (size_t i = generics.count; i-- > 0 && !found;)
    found = dlcRowGroupFind(generics.items[i], group);
  dlcOpListFree(&generics);
  return found;
}

// One group at a time, found again after each: a schedule's cleanup (cse)
// may replace ops of groups found before it ran.
static MlirLogicalResult scheduleRowGroups(MlirOperation module, DlcScheduleLibrary library,
                                           const DlcTargetCPU *cpu, int64_t block) {
  if (block <= 0)
    block = dlcDefaultRowBlock(cpu);
  DlcRowGroup group;
  while (nextRowGroup(module, &group)) {
    MlirType type = mlirValueGetType(mlirOperationGetResult(group.root, 0));
    int64_t dims[DLC_CODEGEN_MAX_ROWS_RANK], tiles[DLC_CODEGEN_MAX_ROWS_RANK];
    for (intptr_t i = 0; i < group.rank; ++i)
      dims[i] = mlirShapedTypeGetDimSize(type, i);
    dlcChooseRowTiles(group.rank, dims, group.reduced, block, tiles);
    dlcRowGroupPrepare(&group);
    char sequence[32];
    snprintf(sequence, sizeof sequence, "dlc_rows_%ldd", (long)group.rank);
    MlirLogicalResult result =
        dlcApplyGroupSchedule(library, group.root, (intptr_t)group.members.count,
                              group.members.items, sequence, group.rank, tiles);
    dlcRowGroupFree(&group);
    if (mlirLogicalResultIsFailure(result))
      return result;
  }
  return mlirLogicalResultSuccess();
}

void dlcRunCodegen(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  int64_t bits = dlcPassOptionInt(options, "vector-bits");
  int64_t registers = dlcPassOptionInt(options, "vector-registers");
  if ((bits && bits != 128 && bits != 256 && bits != 512) || (registers && registers < 8)) {
    dlcEmitError(mlirOperationGetLocation(op),
                 "dlc-codegen: vector-bits must be 128, 256 or 512 and vector-registers at least 8 "
                 "(0: the host's), got %lld and %lld",
                 (long long)bits, (long long)registers);
    dlcPassRunSignalFailure(run);
    return;
  }
  DlcTargetCPU cpu = dlcHostCPU();
  // Tiles for another CPU (an artifact built elsewhere, or tests of the
  // AVX-512 tiles on an AVX2 host): only the tile choice changes.
  if (dlcPassOptionInt(options, "vector-bits") > 0)
    cpu.vectorBits = (int)dlcPassOptionInt(options, "vector-bits");
  if (dlcPassOptionInt(options, "vector-registers") > 0)
    cpu.vectorRegisters = (int)dlcPassOptionInt(options, "vector-registers");
  bool winograd = dlcPassOptionBool(options, "winograd");
  // Grouped convolutions of wide groups become a loop of convolutions,
  // which are found as targets below.
  DlcOpList wide = {0};
  mlirOperationWalk(op, collectWideGroupedConvs, &wide, MlirWalkPreOrder);
  for (size_t i = 0; i < wide.count; ++i)
    dlcRewriteWideGroupedConv(wide.items[i]);
  dlcOpListFree(&wide);
  // Convolutions computed as products become products first, so that
  // their epilogues are found as the products' below.
  Im2colConvs im2col = {&cpu, winograd, {0}};
  mlirOperationWalk(op, collectIm2colConvs, &im2col, MlirWalkPreOrder);
  for (size_t i = 0; i < im2col.convs.count; ++i)
    dlcRewriteConvIm2col(im2col.convs.items[i]);
  dlcOpListFree(&im2col.convs);
  // Products whose epilogue reads them through a reshape get it back as a
  // direct consumer (Epilogues.c) before the groups are formed.
  DlcOpList products = {0};
  mlirOperationWalk(op, collectProducts, &products, MlirWalkPreOrder);
  for (size_t i = 0; i < products.count; ++i)
    dlcCollapseConsumerOntoProduct(products.items[i]);
  dlcOpListFree(&products);
  Targets targets = {0};
  mlirOperationWalk(op, collect, &targets, MlirWalkPreOrder);
  DlcScheduleLibrary library = dlcScheduleLibraryCreate(
      mlirOperationGetContext(op), dlcPassOptionString(options, "schedules"),
      mlirOperationGetLocation(op));
  bool ok = library.impl != NULL;
  int64_t threads = dlcPassOptionInt(options, "threads");
  for (intptr_t i = 0; ok && i < targets.count; ++i) {
    const Target *t = &targets.items[i];
    Target products = {{NULL}, BATCH_MATMUL, -1, {NULL}, {NULL}};
    if (t->kind == GROUPED) {
      products.op = dlcRewriteGroupedConv(t->op);
      t = &products;
    }
    ok = mlirLogicalResultIsSuccess(
        t->kind == GROUPED_NHWC ? scheduleGroupedConv(library, t, &cpu)
        : t->kind == TRANSPOSE  ? scheduleTranspose(library, t, &cpu)
        : t->kind == CONV || t->kind == DEPTHWISE
            ? scheduleConv(library, t, &cpu, threads, winograd,
                           dlcPassOptionString(options, "conv-tiles"))
            : scheduleMatmul(library, t, &cpu, threads,
                             dlcPassOptionString(options, "matmul-tiles")));
  }
  if (ok)
    dlcComputeEpiloguesInPlace(op);
  // Row groups last: their members are what the schedules above left at
  // the function's level.
  if (ok)
    ok = mlirLogicalResultIsSuccess(
        scheduleRowGroups(op, library, &cpu, dlcPassOptionInt(options, "row-block")));
  dlcScheduleLibraryDestroy(library);
  free(targets.items);
  if (!ok)
    dlcPassRunSignalFailure(run);
}
