//===- LayoutConcat.c - Channel concats in NHWC -----------------*- C -*-===//
//
// Part of dlc-convert-layout. A DenseNet concatenates each layer's new
// channels to its input: in NCHW, between NHWC convolutions, the concat
// read NCHW operands (each a transpose back from a convolution's NHWC
// result) and the next convolution transposed the whole concatenated
// tensor again; those copies were most of the model's code and much of its
// run time. A concat along the channels whose operands all come from NHWC
// values instead concatenates the NHWC tensors along their last dim: the
// operands' transposes to NHWC cancel against the convolutions' transposes
// back (directly, or through elementwise fusion across a Relu), and so do
// the result's transpose to NCHW and the next convolution's to NHWC.
//
//===----------------------------------------------------------------------===//

#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Types.h"
#include "Transforms/Layout.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Rewrite.h"

#include <stdlib.h>

// How many elementwise ops an operand may be from an NHWC value (a
// convolution's Relu, a bias, a residual add): a bound on the walk, not a
// limit seen in models.
enum { MAX_ELEMENTWISE_DEPTH = 8 };

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

static MlirWalkResult collectConcats(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "tensor.concat"))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
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
  MlirType type = dlcLayoutPermutedType(mlirValueGetType(mlirOperationGetResult(concat, 0)),
                                        dlcLayoutToNHWC);
  MlirNamedAttribute dim = dlcNamed(b.ctx, "dim", dlcI64Attr(b.ctx, 3));
  MlirValue nhwc = dlcBuild1(&b, "tensor.concat", n, operands, type, 1, &dim);
  MlirValue nchw = dlcLayoutTransposed(&b, nhwc, dlcLayoutToNCHW);
  mlirRewriterBaseReplaceOpWithValues(rewriter, concat, 1, &nchw);
  // Users that transpose the result back to NHWC (the next convolution's
  // input) read the NHWC concat itself: as the transposes are not the
  // result's only use, elementwise fusion would not compose them.
  DlcOpList back = {0};
  for (MlirOpOperand use = mlirValueGetFirstUse(nchw); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use))
    if (isPermutation(mlirOpOperandGetOwner(use), dlcLayoutToNHWC))
      dlcOpListPush(&back, mlirOpOperandGetOwner(use));
  for (size_t i = 0; i < back.count; ++i)
    mlirRewriterBaseReplaceOpWithValues(rewriter, back.items[i], 1, &nhwc);
  dlcOpListFree(&back);
  eraseIfUnused(rewriter, dlcDefiningOp(nchw));
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

size_t dlcLayoutRewriteConcats(MlirOperation root) {
  // In program order, each checked when its turn comes: a concat of an
  // earlier concat's result then finds it rewritten, a transpose to NCHW
  // of an NHWC value.
  DlcOpList concats = {0};
  mlirOperationWalk(root, collectConcats, &concats, MlirWalkPreOrder);
  size_t count = 0;
  for (size_t i = 0; i < concats.count; ++i)
    if (isNHWCConcatCandidate(concats.items[i])) {
      rewriteConcat(concats.items[i]);
      ++count;
    }
  dlcOpListFree(&concats);
  return count;
}
