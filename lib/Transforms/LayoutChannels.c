//===- LayoutChannels.c - Channel concats, shuffles, slices ------*- C -*-===//
//
// Part of dlc-convert-layout: the ops that move whole channels between
// NHWC convolutions, rewritten to act on the NHWC tensors.
//
// Concats. A DenseNet concatenates each layer's new channels to its input:
// in NCHW, between NHWC convolutions, the concat read NCHW operands (each a
// transpose back from a convolution's NHWC result) and the next convolution
// transposed the whole concatenated tensor again; those copies were most of
// the model's code and much of its run time. A concat along the channels
// whose operands all come from NHWC values instead concatenates the NHWC
// tensors along their last dim: the operands' transposes to NHWC cancel
// against the convolutions' transposes back (directly, or through
// elementwise fusion across a Relu), and so do the result's transpose to
// NCHW and the next convolution's to NHWC.
//
// Shuffles and slices. ShuffleNet's blocks concatenate two branches,
// shuffle the channels (a reshape splitting them into groups, a transpose
// of the group dims, a reshape back) and split them into halves again. In
// NCHW each block transposed the half its branch convolves to NHWC and the
// branch's result back, shuffled NCHW planes in a scalar loop nest of
// gathers (58 channels fill no vector block) and copied both halves into
// an NCHW concat. A shuffle of an NHWC value instead permutes the last dim
// of the NHWC tensor (one of a concat with an operand per group interleaves
// the operands in one pass), and a channel slice of a transpose to NCHW
// slices the NHWC tensor: the block's channels stay NHWC from concat to
// concat.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Types.h"
#include "Transforms/Layout.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Rewrite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// How many elementwise ops an operand may be from an NHWC value (a
// convolution's Relu, a bias, a residual add): a bound on the walk, not a
// limit seen in models.
enum { MAX_ELEMENTWISE_DEPTH = 8 };

// The most operands a concat interleaved by a shuffle may have (a bound on
// the generic's inputs; ShuffleNet's have two).
enum { MAX_INTERLEAVED_GROUPS = 8 };

static bool isPermutation(MlirOperation op, const int64_t *expected) {
  int64_t perm[DLC_MAX_RANK];
  if (!dlcLayoutIsTranspose(op, perm) ||
      mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(op, 0))) != 4)
    return false;
  for (int i = 0; i < 4; ++i)
    if (perm[i] != expected[i])
      return false;
  return true;
}

// Does operand `i` of `generic` have the result's shape and its map read
// it at the loop indices? A dim of size 1 may be read at 0 (as
// TensorToLinalg writes elementwise ops on tensors with unit dims).
static bool readsAtLoopIndices(MlirOperation generic, intptr_t i) {
  MlirAttribute maps =
      mlirOperationGetAttributeByName(generic, mlirStringRefCreateFromCString("indexing_maps"));
  MlirAffineMap map = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
  MlirType type = mlirValueGetType(mlirOperationGetOperand(generic, i));
  MlirType result = mlirValueGetType(mlirOperationGetResult(generic, 0));
  return mlirTypeEqual(type, result) && mlirShapedTypeGetRank(type) == 4 &&
         dlcMapReadsInPlace(map, type);
}

// Does `v` come from an NHWC value: the transpose to NCHW of one, or an
// elementwise op (parallel loops, of 4 dims) reading such a value at its
// loop indices? Its transpose back to NHWC then costs nothing:
// it cancels, directly or once dlc-fuse-elementwise composes it with the
// elementwise ops.
static bool fromNHWC(MlirValue v, int depth) {
  MlirOperation def = dlcDefiningOp(v);
  if (mlirOperationIsNull(def))
    return false;
  if (isPermutation(def, dlcLayoutToNCHW))
    return true;
  if (depth == 0 || !dlcIsOp(def, "linalg.generic") || mlirOperationGetNumResults(def) != 1 ||
      !dlcAllLoopsParallel(def))
    return false;
  intptr_t inputs = mlirOperationGetNumOperands(def) - 1;
  if (!readsAtLoopIndices(def, inputs))
    return false;
  for (intptr_t i = 0; i < inputs; ++i)
    if (readsAtLoopIndices(def, i) && fromNHWC(mlirOperationGetOperand(def, i), depth - 1))
      return true;
  return false;
}

// A concat along dim 1 of static f32 NCHW tensors whose operands all come
// from NHWC values or are constants (repacked when compiling). Other
// concats stay: converting one whose operands are plain NCHW values would
// only move the transposes.
static bool isNHWCConcatCandidate(MlirOperation op) {
  if (!dlcIsOp(op, "tensor.concat") || mlirOperationGetNumResults(op) != 1 ||
      !dlcLayoutAllStaticF32(op) || !dlcLayoutIsStaticF32(mlirOperationGetResult(op, 0)) ||
      mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(op, 0))) != 4)
    return false;
  MlirAttribute dim = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("dim"));
  if (mlirAttributeIsNull(dim) || mlirIntegerAttrGetValueInt(dim) != 1)
    return false;
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue x = mlirOperationGetOperand(op, i);
    if (!dlcIsOp(dlcDefiningOp(x), "arith.constant") && !fromNHWC(x, MAX_ELEMENTWISE_DEPTH))
      return false;
  }
  return true;
}

// `x` in NHWC: the source of its transpose to NCHW, else a new transpose.
static MlirValue toNHWC(DlcBuilder *b, MlirValue x) {
  MlirOperation def = dlcDefiningOp(x);
  if (!mlirOperationIsNull(def) && isPermutation(def, dlcLayoutToNCHW))
    return mlirOperationGetOperand(def, 0);
  return dlcLayoutTransposed(b, x, dlcLayoutToNHWC);
}

static void eraseIfUnused(MlirRewriterBase rewriter, MlirOperation op) {
  if (!mlirOperationIsNull(op) &&
      mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0))))
    mlirRewriterBaseEraseOp(rewriter, op);
}

// Replaces `op` with the transpose to NCHW of `nhwc`, its result in NHWC.
// Users that transpose the result back to NHWC (the next convolution's
// input) read `nhwc` itself: as the transposes are not the result's only
// use, elementwise fusion would not compose them.
static void replaceWithNHWC(MlirRewriterBase rewriter, DlcBuilder *b, MlirOperation op,
                            MlirValue nhwc) {
  MlirValue nchw = dlcLayoutTransposed(b, nhwc, dlcLayoutToNCHW);
  mlirRewriterBaseReplaceOpWithValues(rewriter, op, 1, &nchw);
  DlcOpList back = {0};
  for (MlirOpOperand use = mlirValueGetFirstUse(nchw); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    if (isPermutation(mlirOpOperandGetOwner(use), dlcLayoutToNHWC))
      dlcOpListPush(&back, mlirOpOperandGetOwner(use));
  for (size_t i = 0; i < back.count; ++i)
    mlirRewriterBaseReplaceOpWithValues(rewriter, back.items[i], 1, &nhwc);
  dlcOpListFree(&back);
  eraseIfUnused(rewriter, dlcDefiningOp(nchw));
}

static void rewriteConcat(MlirOperation concat) {
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(concat);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(concat));
  intptr_t n = mlirOperationGetNumOperands(concat);
  MlirValue *operands = malloc((size_t)n * sizeof *operands);
  MlirOperation *sources = malloc((size_t)n * sizeof *sources);
  if (!operands || !sources)
    abort(); // as dlcOpListPush does
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue x = mlirOperationGetOperand(concat, i);
    sources[i] = dlcDefiningOp(x);
    operands[i] = toNHWC(&b, x);
  }
  MlirType type =
      dlcLayoutPermutedType(mlirValueGetType(mlirOperationGetResult(concat, 0)), dlcLayoutToNHWC);
  MlirNamedAttribute dim = dlcNamed(b.ctx, "dim", dlcI64Attr(b.ctx, 3));
  replaceWithNHWC(rewriter, &b, concat, dlcBuild1(&b, "tensor.concat", n, operands, type, 1, &dim));
  // Transposes to NCHW that only this concat read (once each: an operand
  // may be repeated).
  for (intptr_t i = 0; i < n; ++i) {
    bool seen = false;
    for (intptr_t j = 0; j < i && !seen; ++j)
      seen = mlirOperationEqual(sources[i], sources[j]);
    if (!seen && !mlirOperationIsNull(sources[i]) && isPermutation(sources[i], dlcLayoutToNCHW))
      eraseIfUnused(rewriter, sources[i]);
  }
  free(operands);
  free(sources);
  mlirIRRewriterDestroy(rewriter);
}

//===----------------------------------------------------------------------===//
// Channel shuffles
//===----------------------------------------------------------------------===//

// Does `reassociation` (an array of arrays of dims) group dims
// [first, first + count) and keep every other dim of `rank` alone?
static bool groupsOnly(MlirAttribute reassociation, intptr_t rank, intptr_t first, intptr_t count) {
  intptr_t groups = mlirArrayAttrGetNumElements(reassociation), dim = 0;
  if (groups != rank - count + 1)
    return false;
  for (intptr_t g = 0; g < groups; ++g) {
    MlirAttribute dims = mlirArrayAttrGetElement(reassociation, g);
    intptr_t size = mlirArrayAttrGetNumElements(dims);
    if (size != (dim == first ? count : 1))
      return false;
    for (intptr_t i = 0; i < size; ++i, ++dim)
      if (mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(dims, i)) != dim)
        return false;
  }
  return true;
}

static MlirAttribute reassociationOf(MlirOperation reshape) {
  return mlirOperationGetAttributeByName(reshape, mlirStringRefCreateFromCString("reassociation"));
}

// A channel shuffle of a static f32 NCHW tensor: `collapse` merges dims
// 1..k of a transpose that permutes only those dims of an expand_shape
// splitting the channels into them (k >= 2), and the shuffled value comes
// from an NHWC one. Sets the transpose's permutation.
static bool isChannelShuffle(MlirOperation collapse, int64_t *perm) {
  if (!dlcIsOp(collapse, "tensor.collapse_shape") ||
      !dlcLayoutIsStaticF32(mlirOperationGetResult(collapse, 0)) ||
      mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(collapse, 0))) != 4)
    return false;
  MlirValue shuffled = mlirOperationGetOperand(collapse, 0);
  MlirOperation transpose = dlcDefiningOp(shuffled);
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(shuffled)), k = rank - 3;
  if (k < 2 || rank > DLC_MAX_RANK || mlirOperationIsNull(transpose) ||
      !dlcLayoutIsTranspose(transpose, perm) || mlirOperationIsNull(dlcSoleUser(shuffled)) ||
      !groupsOnly(reassociationOf(collapse), rank, 1, k))
    return false;
  for (intptr_t i = 0; i < rank; ++i)
    if ((i == 0 || i > k) && perm[i] != i)
      return false;
  MlirValue split = mlirOperationGetOperand(transpose, 0);
  MlirOperation expand = dlcDefiningOp(split);
  return dlcIsOp(expand, "tensor.expand_shape") && !mlirOperationIsNull(dlcSoleUser(split)) &&
         groupsOnly(reassociationOf(expand), rank, 1, k) &&
         dlcLayoutIsStaticF32(mlirOperationGetOperand(expand, 0)) &&
         fromNHWC(mlirOperationGetOperand(expand, 0), MAX_ELEMENTWISE_DEPTH);
}

// Is `concat` a concat of the NHWC tensor along its channels with one
// operand per group of a shuffle that swaps two groups dims (shape: its
// split, NHWC's (n, h, w, groups, channels per group))?
static bool isConcatOfGroups(MlirOperation concat, intptr_t rank, const int64_t *shape,
                             const int64_t *perm) {
  if (rank != 5 || perm[3] != 4 || perm[4] != 3 || !dlcIsOp(concat, "tensor.concat") ||
      mlirIntegerAttrGetValueInt(
          mlirOperationGetAttributeByName(concat, mlirStringRefCreateFromCString("dim"))) != 3 ||
      mlirOperationGetNumOperands(concat) != shape[3] || shape[3] > MAX_INTERLEAVED_GROUPS)
    return false;
  for (intptr_t i = 0; i < shape[3]; ++i)
    if (mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetOperand(concat, i)), 3) !=
        shape[4])
      return false;
  return true;
}

// The shuffle of such a concat, (n, h, w, channels per group, groups),
// computed from its operands: element (.., c, g) is operand g's channel c.
// One pass interleaves them instead of a copy into the concat and a
// second one shuffling it; LLVM vectorizes the stores to consecutive
// groups as one interleaved group.
static MlirValue interleaved(DlcBuilder *b, MlirOperation concat, const int64_t *shape) {
  intptr_t groups = shape[3];
  MlirValue inputs[MAX_INTERLEAVED_GROUPS];
  MlirAffineMap maps[MAX_INTERLEAVED_GROUPS + 1];
  MlirAffineExpr dims[5];
  for (intptr_t i = 0; i < 5; ++i)
    dims[i] = dlcDim(b->ctx, i);
  for (intptr_t g = 0; g < groups; ++g) {
    inputs[g] = mlirOperationGetOperand(concat, g);
    maps[g] = mlirAffineMapGet(b->ctx, 5, 0, 4, dims);
  }
  maps[groups] = mlirAffineMapMultiDimIdentityGet(b->ctx, 5);
  int64_t outShape[5] = {shape[0], shape[1], shape[2], shape[4], shape[3]};
  MlirValue init = dlcEmpty(
      b, mlirRankedTensorTypeGet(5, outShape, mlirF32TypeGet(b->ctx), mlirAttributeGetNull()), 0,
      NULL);
  DlcIterator iterators[5] = {DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL};
  MlirBlock block;
  MlirOperation generic = dlcGeneric(b, groups, inputs, 1, &init, maps, 5, iterators, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, b->loc);
  MlirValue group = dlcLinalgIndex(&body, 4);
  MlirValue value = mlirBlockGetArgument(block, groups - 1);
  for (intptr_t g = groups - 1; g-- > 0;)
    value = dlcSelect(&body, dlcCmpI(&body, DLC_CMPI_EQ, group, dlcConstIndex(&body, g)),
                      mlirBlockGetArgument(block, g), value);
  dlcYield(&body, 1, &value);
  return mlirOperationGetResult(generic, 0);
}

// The same shuffle of the NHWC tensor: its last dim split into the same
// groups, their transpose, the merge back.
static void rewriteChannelShuffle(MlirOperation collapse, const int64_t *perm) {
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(collapse);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(collapse));
  MlirOperation transpose = dlcDefiningOp(mlirOperationGetOperand(collapse, 0));
  MlirOperation expand = dlcDefiningOp(mlirOperationGetOperand(transpose, 0));
  MlirValue x = mlirOperationGetOperand(expand, 0);
  MlirOperation source = dlcDefiningOp(x);
  MlirValue nhwc = toNHWC(&b, x);
  MlirType split = mlirValueGetType(mlirOperationGetResult(expand, 0));
  intptr_t rank = mlirShapedTypeGetRank(split), k = rank - 3;
  // NCHW's (n, c1..ck, h, w) is NHWC's (n, h, w, c1..ck).
  int64_t shape[DLC_MAX_RANK], nhwcPerm[DLC_MAX_RANK], nhwcShape[4];
  int64_t toGroups[DLC_MAX_RANK] = {0, k + 1, k + 2};
  for (intptr_t i = 0; i < k; ++i)
    toGroups[3 + i] = 1 + i;
  for (intptr_t i = 0; i < rank; ++i) {
    shape[i] = mlirShapedTypeGetDimSize(split, toGroups[i]);
    nhwcPerm[i] = i < 3 ? i : perm[toGroups[i]] + 2;
  }
  for (intptr_t i = 0; i < 4; ++i)
    nhwcShape[i] = mlirShapedTypeGetDimSize(mlirValueGetType(nhwc), i);
  char groups[64] = "[[0], [1], [2], [3";
  for (intptr_t i = 1; i < k; ++i)
    snprintf(groups + strlen(groups), sizeof groups - strlen(groups), ", %d", (int)(3 + i));
  strcat(groups, "]]");
  MlirOperation concat = dlcDefiningOp(nhwc);
  bool interleave = isConcatOfGroups(concat, rank, shape, nhwcPerm) &&
                    !mlirOperationIsNull(dlcSoleUser(x)) && !mlirOperationIsNull(dlcSoleUser(nhwc));
  MlirValue permuted =
      interleave
          ? interleaved(&b, concat, shape)
          : dlcLayoutTransposed(&b, dlcReshapeStatic(&b, nhwc, rank, shape, groups), nhwcPerm);
  replaceWithNHWC(rewriter, &b, collapse, dlcReshapeStatic(&b, permuted, 4, nhwcShape, groups));
  mlirRewriterBaseEraseOp(rewriter, transpose);
  mlirRewriterBaseEraseOp(rewriter, expand);
  if (!mlirOperationIsNull(source) && isPermutation(source, dlcLayoutToNCHW))
    eraseIfUnused(rewriter, source);
  if (interleave)
    eraseIfUnused(rewriter, concat);
  mlirIRRewriterDestroy(rewriter);
}

//===----------------------------------------------------------------------===//
// Channel slices
//===----------------------------------------------------------------------===//

// A static slice (unit strides, not rank-reducing) of the transpose to
// NCHW of an NHWC value: sliced in NHWC instead, its transpose back to
// NCHW cancels where its readers transpose it again (a convolution) or
// read it in NHWC (a concat, a shuffle). Where that transpose is still
// read at the end while the whole value's is kept for another reader,
// foldBackSlice restores the slice of it, which copies nothing.
static bool isSliceOfNHWC(MlirOperation slice) {
  if (!dlcIsOp(slice, "tensor.extract_slice") || mlirOperationGetNumOperands(slice) != 1 ||
      !dlcLayoutIsStaticF32(mlirOperationGetResult(slice, 0)) ||
      mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(slice, 0))) != 4)
    return false;
  MlirAttribute strides =
      mlirOperationGetAttributeByName(slice, mlirStringRefCreateFromCString("static_strides"));
  for (intptr_t i = 0; i < 4; ++i)
    if (mlirDenseI64ArrayGetElement(strides, i) != 1)
      return false;
  return isPermutation(dlcDefiningOp(mlirOperationGetOperand(slice, 0)), dlcLayoutToNCHW);
}

// `slice`'s static offsets in another layout: out[i] = offsets[perm[i]].
static void permutedOffsets(MlirOperation slice, const int64_t *perm, int64_t out[4]) {
  MlirAttribute offsets =
      mlirOperationGetAttributeByName(slice, mlirStringRefCreateFromCString("static_offsets"));
  for (intptr_t i = 0; i < 4; ++i)
    out[i] = mlirDenseI64ArrayGetElement(offsets, perm[i]);
}

// Returns the NHWC slice.
static MlirOperation rewriteSliceOfNHWC(MlirOperation slice) {
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(slice);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(slice));
  MlirOperation transpose = dlcDefiningOp(mlirOperationGetOperand(slice, 0));
  int64_t nhwcOffsets[4];
  permutedOffsets(slice, dlcLayoutToNHWC, nhwcOffsets);
  MlirType type =
      dlcLayoutPermutedType(mlirValueGetType(mlirOperationGetResult(slice, 0)), dlcLayoutToNHWC);
  MlirValue nhwc = dlcExtractSlice(&b, mlirOperationGetOperand(transpose, 0), type, nhwcOffsets);
  replaceWithNHWC(rewriter, &b, slice, nhwc);
  eraseIfUnused(rewriter, transpose);
  mlirIRRewriterDestroy(rewriter);
  return dlcDefiningOp(nhwc);
}

// The transpose to NCHW of `nhwcSlice`'s result, when something still
// reads it and the transpose to NCHW of the whole value it slices is kept
// before it: that transpose's slice replaces it, as before the rewrite.
static void foldBackSlice(MlirOperation nhwcSlice) {
  MlirOperation back = {NULL}, whole = {NULL};
  for (MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(nhwcSlice, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use))
    if (isPermutation(mlirOpOperandGetOwner(use), dlcLayoutToNCHW))
      back = mlirOpOperandGetOwner(use);
  if (mlirOperationIsNull(back))
    return;
  for (MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetOperand(nhwcSlice, 0));
       !mlirOpOperandIsNull(use); use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (isPermutation(user, dlcLayoutToNCHW) &&
        mlirBlockEqual(mlirOperationGetBlock(user), mlirOperationGetBlock(back)) &&
        mlirOperationIsBeforeInBlock(user, back))
      whole = user;
  }
  if (mlirOperationIsNull(whole))
    return;
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(back);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(back));
  int64_t nchwOffsets[4];
  permutedOffsets(nhwcSlice, dlcLayoutToNCHW, nchwOffsets);
  MlirValue slice = dlcExtractSlice(&b, mlirOperationGetResult(whole, 0),
                                    mlirValueGetType(mlirOperationGetResult(back, 0)), nchwOffsets);
  mlirRewriterBaseReplaceOpWithValues(rewriter, back, 1, &slice);
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(nhwcSlice, 0))))
    mlirRewriterBaseEraseOp(rewriter, nhwcSlice);
  mlirIRRewriterDestroy(rewriter);
}

//===----------------------------------------------------------------------===//
// The rewrite
//===----------------------------------------------------------------------===//

static MlirWalkResult collectChannelOps(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "tensor.concat") || dlcIsOp(op, "tensor.collapse_shape") ||
      dlcIsOp(op, "tensor.extract_slice"))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

size_t dlcLayoutRewriteChannelOps(MlirOperation root) {
  // In program order, each checked when its turn comes: a concat, shuffle
  // or slice of an earlier one's result then finds it rewritten, a
  // transpose to NCHW of an NHWC value. A rewrite erases only ops that are
  // not on the list.
  DlcOpList ops = {0}, slices = {0};
  mlirOperationWalk(root, collectChannelOps, &ops, MlirWalkPreOrder);
  size_t count = 0;
  for (size_t i = 0; i < ops.count; ++i) {
    MlirOperation op = ops.items[i];
    int64_t perm[DLC_MAX_RANK];
    if (isNHWCConcatCandidate(op))
      rewriteConcat(op);
    else if (isChannelShuffle(op, perm))
      rewriteChannelShuffle(op, perm);
    else if (isSliceOfNHWC(op))
      dlcOpListPush(&slices, rewriteSliceOfNHWC(op));
    else
      continue;
    ++count;
  }
  // The rewrites erase no tensor.extract_slice: each NHWC slice is there.
  for (size_t i = 0; i < slices.count; ++i)
    foldBackSlice(slices.items[i]);
  dlcOpListFree(&slices);
  dlcOpListFree(&ops);
  return count;
}
