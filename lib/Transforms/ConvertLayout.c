//===- ConvertLayout.c - The dlc-convert-layout pass ------------*- C -*-===//
//
// ONNX convolutions are NCHW with FCHW weights; DLC's convolution schedules
// vectorize over channels, which wants them innermost: NHWC activations,
// HWCF (depthwise: HWC) weights. This pass rewrites each named NCHW
// convolution on static f32 tensors into its NHWC form between transposes
// (linalg.generic copies), repacking constant weights at compile time into
// new blobs rather than transposing them at run time. Matmuls that read an
// operand dlcLayoutTransposed (Gemm's transB, attention's q k^T) get the same
// treatment: the schedules want B rows contiguous. It then moves
// transposes above the tensor.pad ops that separate them from the layer
// before, so that elementwise fusion (dlc-fuse-elementwise)
// composes each transpose back to NCHW with the elementwise ops after a
// convolution and the transpose to NHWC of the next one: between layers the
// permutations cancel, and conversions remain where the graph starts and
// ends and around ops that stay NCHW.
//
// The activation layout is the option `layout`, the one the code generator
// asks for: `nhwc` (the default, what DLC's schedules vectorize) or `nchw`,
// which leaves convolutions and pooling as they are (a backend that wants
// NCHW, or a measurement of what the conversion buys). Matmul operands are
// not an activation layout and are repacked either way.
//
//===----------------------------------------------------------------------===//

#include "Bridge/Bridge.h"
#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Pass/PassDef.h"
#include "Support/Diag.h"
#include "Support/IR.h"
#include "Support/ReleaseWeights.h"
#include "Support/Types.h"
#include "Transforms/Layout.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int64_t fchwToHWCF[4] = {2, 3, 1, 0}, chwToHWC[3] = {1, 2, 0};

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

// The NHWC init of a convolution: the same fill in the new shape, or the
// old init transposed when it is not a fill.
static MlirValue nhwcInit(DlcBuilder *b, MlirValue init) {
  MlirOperation fill = dlcDefiningOp(init);
  if (dlcIsOp(fill, "linalg.fill")) {
    MlirType type = dlcLayoutPermutedType(mlirValueGetType(init), dlcLayoutToNHWC);
    MlirValue sizes[4];
    intptr_t numSizes = dlcLayoutPermutedSizes(b, init, dlcLayoutToNHWC, sizes);
    return dlcFill(b, mlirOperationGetOperand(fill, 0), dlcEmpty(b, type, numSizes, sizes));
  }
  return dlcLayoutTransposed(b, init, dlcLayoutToNHWC);
}

static void rewriteConv(MlirOperation conv, bool depthwise) {
  MlirContext ctx = mlirOperationGetContext(conv);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(conv);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(conv));
  MlirValue input = dlcLayoutTransposed(&b, mlirOperationGetOperand(conv, 0), dlcLayoutToNHWC);
  MlirValue weight =
      dlcLayoutTransposed(&b, mlirOperationGetOperand(conv, 1), depthwise ? chwToHWC : fchwToHWCF);
  MlirValue init = nhwcInit(&b, mlirOperationGetOperand(conv, 2));
  MlirNamedAttribute attrs[2] = {
      dlcNamed(ctx, "strides",
               mlirOperationGetAttributeByName(conv, mlirStringRefCreateFromCString("strides"))),
      dlcNamed(ctx, "dilations",
               mlirOperationGetAttributeByName(conv, mlirStringRefCreateFromCString("dilations")))};
  MlirValue operands[2] = {input, weight};
  MlirOperation nhwc = dlcNamedLinalg(
      &b, depthwise ? "linalg.depthwise_conv_2d_nhwc_hwc" : "linalg.conv_2d_nhwc_hwcf", 2,
      operands, 1, &init, mlirValueGetType(init), 2, attrs);
  MlirValue result = dlcLayoutTransposed(&b, mlirOperationGetResult(nhwc, 0), dlcLayoutToNCHW);
  mlirRewriterBaseReplaceOpWithValues(rewriter, conv, 1, &result);
  mlirIRRewriterDestroy(rewriter);
}

//===----------------------------------------------------------------------===//
// Matmuls with a transposed operand
//===----------------------------------------------------------------------===//

// Does operand `i`'s map read it with its last two dims swapped? (The
// lowering only makes plain or swapped maps; the result's is plain.)
static bool readsTransposed(MlirOperation op, intptr_t i) {
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("indexing_maps"));
  MlirAffineMap map = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
  intptr_t n = mlirAffineMapGetNumResults(map), dims = mlirAffineMapGetNumDims(map);
  // Plain: A (.., m, k) with k the last loop; B (.., k, n).
  intptr_t last = mlirAffineDimExprGetPosition(mlirAffineMapGetResult(map, n - 1));
  return i == 0 ? last != dims - 1 : last == dims - 1;
}

static bool hasMaps(MlirOperation op) {
  return !mlirAttributeIsNull(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("indexing_maps")));
}

// The plain product of the operands transposed once (weights: repacked).
static void rewriteMatmul(MlirOperation mm) {
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(mm, 0)));
  int64_t swap[3] = {0, 1, 2};
  swap[rank - 2] = rank - 1;
  swap[rank - 1] = rank - 2;
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(mm);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(mm));
  MlirValue operands[2];
  for (intptr_t i = 0; i < 2; ++i) {
    operands[i] = mlirOperationGetOperand(mm, i);
    if (readsTransposed(mm, i))
      operands[i] = dlcLayoutTransposed(&b, operands[i], swap);
  }
  MlirValue init = mlirOperationGetOperand(mm, 2);
  MlirOperation plain =
      dlcNamedLinalg(&b, rank == 2 ? "linalg.matmul" : "linalg.batch_matmul", 2, operands, 1,
                     &init, mlirValueGetType(init), 0, NULL);
  MlirValue result = mlirOperationGetResult(plain, 0);
  mlirRewriterBaseReplaceOpWithValues(rewriter, mm, 1, &result);
  mlirIRRewriterDestroy(rewriter);
}

//===----------------------------------------------------------------------===//
// Output channels padded to whole vectors
//===----------------------------------------------------------------------===//

// The leading `type`-shaped part of x; a dynamic batch (dim 0) is x's.
static MlirValue leadingSlice(DlcBuilder *b, MlirValue x, MlirType type) {
  DlcShape shape;
  dlcShapeOf(type, &shape);
  int64_t zeros[DLC_MAX_RANK] = {0}, ones[DLC_MAX_RANK];
  for (intptr_t i = 0; i < shape.rank; ++i)
    ones[i] = 1;
  MlirValue operands[2] = {x, {NULL}};
  int32_t segments[4] = {1, 0, 0, 0};
  if (mlirShapedTypeIsDynamicDim(type, 0)) {
    operands[1] = dlcTensorDim(b, x, 0);
    segments[2] = 1;
  }
  MlirNamedAttribute attrs[4] = {
      dlcNamed(b->ctx, "static_offsets", dlcI64ArrayAttr(b->ctx, shape.rank, zeros)),
      dlcNamed(b->ctx, "static_sizes", dlcI64ArrayAttr(b->ctx, shape.rank, shape.dims)),
      dlcNamed(b->ctx, "static_strides", dlcI64ArrayAttr(b->ctx, shape.rank, ones)),
      dlcNamed(b->ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(b->ctx, 4, segments))};
  return dlcBuild1(b, "tensor.extract_slice", 1 + segments[2], operands, type, 4, attrs);
}

// A schedule vectorizes over output channels (a convolution's F, a
// matrix-vector product's N) only when they fill whole vectors; else the
// whole op ran as scalar loops (LeNet's 6-channel 5x5 layer: 7 GFLOP/s),
// or a matrix-vector product copied its weights into a padded block on
// every run. With constant weights the channels are padded with zero
// weights once, when compiling, to `padded`; the op computes the padded
// channels and a slice drops them. `weightDim` is the channel dim of the
// weights (operand 1), `dim` that of the result; the init must be a fill.
// `input`, when not null, replaces operand 0 (a depthwise convolution's,
// widened too).
bool dlcLayoutPadOutputChannels(MlirOperation op, intptr_t weightDim, intptr_t dim, int64_t padded,
                                MlirValue input, DlcWeightRefs *refs) {
  MlirValue weight = mlirOperationGetOperand(op, 1), init = mlirOperationGetOperand(op, 2);
  MlirOperation constant = dlcDefiningOp(weight), fill = dlcDefiningOp(init);
  MlirType type = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!dlcIsOp(constant, "arith.constant") || !dlcIsOp(fill, "linalg.fill"))
    return false;
  MlirAttribute value = dlcLayoutPaddedConstant(
      mlirOperationGetAttributeByName(constant, mlirStringRefCreateFromCString("value")),
      mlirValueGetType(weight), weightDim, padded);
  if (mlirAttributeIsNull(value))
    return false;
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(op);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(op));
  DlcShape shape;
  dlcShapeOf(type, &shape);
  shape.dims[dim] = padded;
  MlirType paddedType = dlcTensorType(&shape, mlirShapedTypeGetElementType(type));
  MlirValue operands[2] = {mlirValueIsNull(input) ? mlirOperationGetOperand(op, 0) : input,
                           dlcConstant(&b, value)};
  // A dynamic batch (convolutions): the init's.
  MlirValue batch = mlirShapedTypeIsDynamicDim(type, 0) ? dlcTensorDim(&b, init, 0) : (MlirValue){NULL};
  MlirValue paddedInit = dlcFill(&b, mlirOperationGetOperand(fill, 0),
                                 dlcEmpty(&b, paddedType, mlirValueIsNull(batch) ? 0 : 1, &batch));
  MlirNamedAttribute attrs[2];
  intptr_t numAttrs = 0;
  const char *names[2] = {"strides", "dilations"};
  for (int i = 0; i < 2; ++i) {
    MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(names[i]));
    if (!mlirAttributeIsNull(a))
      attrs[numAttrs++] = dlcNamed(b.ctx, names[i], a);
  }
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  char opName[64];
  snprintf(opName, sizeof opName, "%.*s", (int)name.length, name.data);
  MlirOperation wide = dlcNamedLinalg(&b, opName, 2, operands, 1, &paddedInit, paddedType,
                                      numAttrs, attrs);
  MlirValue result = leadingSlice(&b, mlirOperationGetResult(wide, 0), type);
  mlirRewriterBaseReplaceOpWithValues(rewriter, op, 1, &result);
  mlirIRRewriterDestroy(rewriter);
  dlcWeightRefsEraseIfDead(refs, constant);
  return true;
}

// The channels a convolution with `f` output channels computes: the next
// multiple of 16 (a 512-bit vector, two 256-bit ones) when that adds at
// most an eighth, else, when they fill no 128-bit vector, the next multiple
// of 8; else f. ShuffleNetV2's 116 and 232 channels ran in 128- and 256-bit
// vectors (its 1x1 layers at 38-50 GFLOP/s on AVX-512). Channels padded
// anyway go to the next multiple of 32 (two 512-bit vectors) when that too
// adds at most an eighth: SqueezeNet's 1000-channel classifier ran in
// one-vector tiles as 1008 channels, in two as 1024 (Ice Lake, one
// thread, best of 15 interleaved rounds: the model 8.63 -> 8.09 ms).
static int64_t paddedConvChannels(int64_t f) {
  if (f % 16)
    for (int64_t unit = 32; unit >= 16; unit /= 2) {
      int64_t wide = (f + unit - 1) / unit * unit;
      if (8 * (wide - f) <= f)
        return wide;
    }
  return f % 4 ? (f + 7) / 8 * 8 : f;
}

// Convolutions: channel counts paddedConvChannels widens. Matrix-vector
// products (fewer than 4 rows, @dlc_matvec's case): multiples of 16, a
// 512-bit vector.
static MlirWalkResult collectNarrowChannels(MlirOperation op, void *userData) {
  bool conv = dlcIsOp(op, "linalg.conv_2d_nhwc_hwcf"), matmul = dlcIsOp(op, "linalg.matmul");
  if ((!conv && !matmul) || mlirOperationGetNumResults(op) != 1 ||
      !(conv ? dlcLayoutAllBatchStaticF32(op) : dlcLayoutAllStaticF32(op)))
    return MlirWalkResultAdvance;
  MlirType out = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t f = mlirShapedTypeGetDimSize(out, 3);
  if (conv && paddedConvChannels(f) != f)
    dlcOpListPush(userData, op);
  if (matmul && !hasMaps(op) && mlirShapedTypeGetDimSize(out, 0) < 4 &&
      mlirShapedTypeGetDimSize(out, 1) % 16)
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// A depthwise convolution's channels are its input's and its output's: a
// vector takes the same channels of both. Those that fill no 256-bit
// vector ran as scalar loops (ShuffleNetV2's 58: 12 GFLOP/s) or in 128-bit
// vectors (its 116); they are padded as a convolution's output channels
// are (paddedConvChannels), and the input's extra channels are zeros.
static int64_t paddedDepthwiseChannels(int64_t c) {
  return c % 8 ? paddedConvChannels(c) : c;
}

static MlirWalkResult collectNarrowDepthwise(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "linalg.depthwise_conv_2d_nhwc_hwc") && mlirOperationGetNumResults(op) == 1 &&
      dlcLayoutAllBatchStaticF32(op)) {
    int64_t c = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetResult(op, 0)), 3);
    if (paddedDepthwiseChannels(c) != c)
      dlcOpListPush(userData, op);
  }
  return MlirWalkResultAdvance;
}

// Whether a tensor.pad's region yields a zero constant.
static bool padsWithZero(MlirOperation pad) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(pad, 0));
  double value;
  return dlcConstantFloat(mlirOperationGetOperand(mlirBlockGetTerminator(body), 0), &value) &&
         value == 0.0;
}

// `x` (NHWC) with `extra` zero channels after its own: the zero tensor.pad
// that makes x (a convolution's spatial padding) grown by them, else a pad
// of x itself.
static MlirValue widenedChannels(DlcBuilder *b, MlirValue x, int64_t extra) {
  int64_t low[4] = {0}, high[4] = {0};
  MlirValue source = x;
  MlirOperation pad = dlcDefiningOp(x);
  if (dlcIsOp(pad, "tensor.pad") && mlirOperationGetNumOperands(pad) == 1 && padsWithZero(pad)) {
    MlirAttribute lows =
        mlirOperationGetAttributeByName(pad, mlirStringRefCreateFromCString("static_low"));
    MlirAttribute highs =
        mlirOperationGetAttributeByName(pad, mlirStringRefCreateFromCString("static_high"));
    for (intptr_t i = 0; i < 4; ++i) {
      low[i] = mlirDenseI64ArrayGetElement(lows, i);
      high[i] = mlirDenseI64ArrayGetElement(highs, i);
    }
    source = mlirOperationGetOperand(pad, 0);
  }
  high[3] += extra;
  MlirAttribute zero = mlirFloatAttrDoubleGet(b->ctx, mlirF32TypeGet(b->ctx), 0.0);
  return dlcTensorPad(b, source, low, high, dlcConstant(b, zero));
}

static void padDepthwiseChannels(MlirOperation op, DlcWeightRefs *refs) {
  MlirValue x = mlirOperationGetOperand(op, 0);
  int64_t c = mlirShapedTypeGetDimSize(mlirValueGetType(x), 3);
  int64_t padded = paddedDepthwiseChannels(c);
  if (!dlcIsOp(dlcDefiningOp(mlirOperationGetOperand(op, 1)), "arith.constant") ||
      !dlcIsOp(dlcDefiningOp(mlirOperationGetOperand(op, 2)), "linalg.fill"))
    return;
  MlirOperation pad = dlcDefiningOp(x);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(op);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(op));
  MlirValue wide = widenedChannels(&b, x, padded - c);
  mlirIRRewriterDestroy(rewriter);
  dlcLayoutPadOutputChannels(op, 2, 3, padded, wide, refs);
  if (dlcIsOp(pad, "tensor.pad") && mlirOpOperandIsNull(mlirValueGetFirstUse(x)))
    mlirOperationDestroy(pad);
}

//===----------------------------------------------------------------------===//
// 2-D pooling
//===----------------------------------------------------------------------===//

static bool isDimExpr(MlirAffineExpr e, intptr_t pos) {
  return mlirAffineExprIsADim(e) && mlirAffineDimExprGetPosition(e) == pos;
}

// Only dims `a` and `b` among the first `n` of its map.
static bool onlyDims(MlirAffineExpr e, intptr_t n, intptr_t a, intptr_t b) {
  for (intptr_t d = 0; d < n; ++d)
    if (d != a && d != b && mlirAffineExprIsFunctionOfDim(e, d))
      return false;
  return true;
}

// A pooling generic as TensorToLinalg/Pool.c builds it for NCHW: loops
// (n, c, oh, ow, kh, kw), the input read at (n, c, f(oh, kh), g(ow, kw)), a
// window tensor at (kh, kw), the output at (n, c, oh, ow); a body that does
// not read the loop indices (max pooling with indices does).
static bool isNCHWPool(MlirOperation op) {
  if (!dlcIsOp(op, "linalg.generic") || mlirOperationGetNumOperands(op) != 3 ||
      mlirOperationGetNumResults(op) != 1 || !dlcLayoutAllBatchStaticF32(op))
    return false;
  MlirAttribute maps =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("indexing_maps"));
  MlirAttribute iterators =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("iterator_types"));
  MlirAttribute reduction = mlirAttributeParseGet(
      mlirOperationGetContext(op), mlirStringRefCreateFromCString("#linalg.iterator_type<reduction>"));
  if (mlirArrayAttrGetNumElements(iterators) != 6)
    return false;
  for (intptr_t i = 0; i < 6; ++i)
    if (mlirAttributeEqual(mlirArrayAttrGetElement(iterators, i), reduction) != (i >= 4))
      return false;
  MlirAffineMap in = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, 0));
  MlirAffineMap window = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, 1));
  MlirAffineMap out = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, 2));
  if (mlirAffineMapGetNumResults(in) != 4 || mlirAffineMapGetNumResults(window) != 2 ||
      mlirAffineMapGetNumResults(out) != 4)
    return false;
  for (intptr_t i = 0; i < 4; ++i)
    if (!isDimExpr(mlirAffineMapGetResult(out, i), i))
      return false;
  if (!isDimExpr(mlirAffineMapGetResult(in, 0), 0) || !isDimExpr(mlirAffineMapGetResult(in, 1), 1) ||
      !onlyDims(mlirAffineMapGetResult(in, 2), 6, 2, 4) ||
      !onlyDims(mlirAffineMapGetResult(in, 3), 6, 3, 5) ||
      !isDimExpr(mlirAffineMapGetResult(window, 0), 4) ||
      !isDimExpr(mlirAffineMapGetResult(window, 1), 5))
    return false;
  return !dlcReadsLoopIndices(op);
}

// The pooling in NHWC between transposes: linalg.pooling_nhwc_max / _sum
// where it is one (LayoutPool.c), which dlc-codegen schedules; otherwise a
// generic with its loops reordered to (n, oh, ow, kh, kw, c): the innermost
// loop runs along the channels, contiguous in input and output, which LLVM
// vectorizes. The transposes cancel against the convolutions' around it.
static void rewritePool(MlirOperation pool) {
  MlirContext ctx = mlirOperationGetContext(pool);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(pool);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(pool));
  MlirValue inputs[2] = {dlcLayoutTransposed(&b, mlirOperationGetOperand(pool, 0), dlcLayoutToNHWC),
                         mlirOperationGetOperand(pool, 1)};
  MlirValue init = nhwcInit(&b, mlirOperationGetOperand(pool, 2));
  // Old loop dims in terms of the new ones: n, c, oh, ow, kh, kw =
  // e0, e5, e1, e2, e3, e4.
  MlirAffineExpr old[6] = {dlcDim(ctx, 0), dlcDim(ctx, 5), dlcDim(ctx, 1),
                           dlcDim(ctx, 2), dlcDim(ctx, 3), dlcDim(ctx, 4)};
  MlirAffineMap oldDims = mlirAffineMapGet(ctx, 6, 0, 6, old);
  MlirAttribute oldMaps =
      mlirOperationGetAttributeByName(pool, mlirStringRefCreateFromCString("indexing_maps"));
  MlirAffineMap maps[3];
  for (intptr_t m = 0; m < 3; ++m) {
    MlirAffineMap map = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(oldMaps, m));
    intptr_t n = mlirAffineMapGetNumResults(map);
    MlirAffineExpr exprs[4];
    for (intptr_t i = 0; i < n; ++i) // NCHW operands are read as NHWC
      exprs[i] = mlirAffineExprCompose(
          mlirAffineMapGetResult(map, n == 4 ? dlcLayoutToNHWC[i] : i), oldDims);
    maps[m] = mlirAffineMapGet(ctx, 6, 0, n, exprs);
  }
  MlirValue pooled = dlcLayoutNamedPool(&b, pool, inputs, init, maps[0]);
  if (mlirValueIsNull(pooled)) {
    DlcIterator iterators[6] = {DLC_PARALLEL,  DLC_PARALLEL,  DLC_PARALLEL,
                                DLC_REDUCTION, DLC_REDUCTION, DLC_PARALLEL};
    MlirBlock block;
    MlirOperation nhwc = dlcGeneric(&b, 2, inputs, 1, &init, maps, 6, iterators, &block);
    mlirRegionTakeBody(mlirOperationGetRegion(nhwc, 0), mlirOperationGetRegion(pool, 0));
    pooled = mlirOperationGetResult(nhwc, 0);
  }
  MlirValue result = dlcLayoutTransposed(&b, pooled, dlcLayoutToNCHW);
  mlirRewriterBaseReplaceOpWithValues(rewriter, pool, 1, &result);
  mlirIRRewriterDestroy(rewriter);
}

//===----------------------------------------------------------------------===//
// transpose(pad(x)) -> pad(transpose(x))
//===----------------------------------------------------------------------===//

static void permuteArray(MlirOperation op, const char *name, const int64_t *perm) {
  MlirAttribute attr = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  intptr_t n = mlirDenseArrayGetNumElements(attr);
  int64_t old[DLC_MAX_RANK], permuted[DLC_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i)
    old[i] = mlirDenseI64ArrayGetElement(attr, i);
  for (intptr_t i = 0; i < n; ++i)
    permuted[i] = old[perm[i]];
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString(name),
                                  mlirDenseI64ArrayGet(mlirOperationGetContext(op), n, permuted));
}

// Padding is the same in any layout, so the transpose can go first; only
// a pad (static but for the batch, which the permutation keeps) whose region yields one value from outside is moved.
static bool swapWithPad(MlirOperation transpose, const int64_t *perm) {
  MlirValue padded = mlirOperationGetOperand(transpose, 0);
  MlirOperation pad = dlcDefiningOp(padded);
  if (!dlcIsOp(pad, "tensor.pad") || mlirOperationGetNumOperands(pad) != 1 ||
      !dlcLayoutIsBatchStaticF32(mlirOperationGetOperand(pad, 0)) || perm[0] != 0)
    return false;
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(pad);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(pad));
  MlirValue source = dlcLayoutTransposed(&b, mlirOperationGetOperand(pad, 0), perm);
  MlirOperation moved = mlirOperationClone(pad);
  mlirRewriterBaseInsert(rewriter, moved);
  mlirOperationSetOperand(moved, 0, source);
  permuteArray(moved, "static_low", perm);
  permuteArray(moved, "static_high", perm);
  MlirValue result = mlirOperationGetResult(moved, 0);
  mlirValueSetType(result, dlcLayoutPermutedType(mlirValueGetType(padded), perm));
  mlirRewriterBaseReplaceOpWithValues(rewriter, transpose, 1, &result);
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(padded)))
    mlirRewriterBaseEraseOp(rewriter, pad);
  mlirIRRewriterDestroy(rewriter);
  return true;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

// A weight left dead by its repacked copy, and a dead reshape between
// (depthwise weights are read collapsed).
static void eraseDeadWeight(DlcWeightRefs *refs, MlirOperation op) {
  if ((dlcIsOp(op, "tensor.collapse_shape") || dlcIsOp(op, "tensor.expand_shape")) &&
      mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0)))) {
    MlirOperation source = dlcDefiningOp(mlirOperationGetOperand(op, 0));
    mlirOperationDestroy(op);
    op = source;
  }
  dlcWeightRefsEraseIfDead(refs, op);
}

static bool isMatmul(MlirOperation op) {
  return dlcIsOp(op, "linalg.matmul") || dlcIsOp(op, "linalg.batch_matmul");
}

typedef struct Collected {
  DlcOpList ops;
  bool nhwc; // convolutions and pooling too, else matmuls only
} Collected;

static MlirWalkResult collectConvs(MlirOperation op, void *userData) {
  Collected *c = userData;
  bool conv = dlcIsOp(op, "linalg.conv_2d_nchw_fchw") || dlcIsOp(op, "linalg.depthwise_conv_2d_nchw_chw");
  bool matmul = isMatmul(op) && hasMaps(op);
  // A dynamic batch is fine: the layouts permute the other dims only.
  if ((matmul && dlcLayoutAllStaticF32(op)) || (conv && c->nhwc && dlcLayoutAllBatchStaticF32(op)) ||
      (c->nhwc &&
       (isNCHWPool(op) || dlcLayoutIsSpatialReduce(op) || dlcLayoutIsGroupedConv(op))))
    dlcOpListPush(&c->ops, op);
  return MlirWalkResultAdvance;
}

// The graph's own transposes (linalg.transpose) as copying generics, the
// form dlc-fuse-elementwise composes: next to a convolution they cancel
// against its layout conversions (an NHWC model's Transpose before an NCHW
// Conv), instead of costing two copies and a transposing epilogue. A
// dynamic batch that stays the outermost dim is fine too (a transformer's
// heads split and merged): dlc-codegen's transpose schedule, where the
// innermost dim moves, tiles it by 1 (the encoder's keys at batch 8: 5.5
// -> 1.8 us as a schedule's blocks rather than linalg's scalar loops).
static MlirWalkResult collectNamedTransposes(MlirOperation op, void *userData) {
  if (!dlcIsOp(op, "linalg.transpose") || mlirOperationGetNumResults(op) != 1)
    return MlirWalkResultAdvance;
  MlirAttribute permutation =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("permutation"));
  bool batchFirst = mlirDenseArrayGetNumElements(permutation) > 0 &&
                    mlirDenseI64ArrayGetElement(permutation, 0) == 0;
  if (dlcLayoutAllStaticF32(op) || (batchFirst && dlcLayoutAllBatchStaticF32(op)))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

static void generalizeTranspose(MlirOperation op) {
  MlirAttribute permutation =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("permutation"));
  intptr_t rank = mlirDenseArrayGetNumElements(permutation);
  if (rank > DLC_MAX_RANK)
    return;
  int64_t perm[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i)
    perm[i] = mlirDenseI64ArrayGetElement(permutation, i);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(op);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(op));
  MlirValue result = dlcLayoutTransposed(&b, mlirOperationGetOperand(op, 0), perm);
  mlirRewriterBaseReplaceOpWithValues(rewriter, op, 1, &result);
  mlirIRRewriterDestroy(rewriter);
}

static MlirWalkResult collectTransposesOfPads(MlirOperation op, void *userData) {
  int64_t perm[DLC_MAX_RANK];
  if (dlcLayoutIsTranspose(op, perm) &&
      dlcIsOp(dlcDefiningOp(mlirOperationGetOperand(op, 0)), "tensor.pad"))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

void dlcRunConvertLayout(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  const char *layout = dlcPassOptionString(options, "layout");
  bool nhwc = !strcmp(layout, "nhwc");
  if (!nhwc && strcmp(layout, "nchw")) {
    dlcEmitError(mlirOperationGetLocation(op),
                 "dlc-convert-layout: invalid layout=%s: expected nhwc or nchw", layout);
    dlcPassRunSignalFailure(run);
    return;
  }
  // Each weight's old copy goes as soon as its last reader has its new one
  // (first: it erases dead constants, which no list below may hold).
  DlcWeightRefs *refs = dlcWeightRefsCreate(op);
  DlcOpList transposes = {0}, named = {0};
  mlirOperationWalk(op, collectNamedTransposes, &named, MlirWalkPreOrder);
  for (size_t i = 0; i < named.count; ++i)
    generalizeTranspose(named.items[i]);
  dlcOpListFree(&named);
  Collected collected = {{0}, nhwc};
  mlirOperationWalk(op, collectConvs, &collected, MlirWalkPreOrder);
  DlcOpList convs = collected.ops;
  for (size_t i = 0; i < convs.count; ++i) {
    MlirOperation product = convs.items[i];
    if (dlcIsOp(product, "linalg.generic")) {
      rewritePool(product);
      continue;
    }
    if (dlcIsOp(product, "linalg.reduce")) {
      dlcLayoutRewriteSpatialReduce(product);
      continue;
    }
    if (dlcIsOp(product, "linalg.conv_2d_ngchw_gfchw")) {
      MlirOperation weight = dlcDefiningOp(mlirOperationGetOperand(product, 1));
      dlcLayoutRewriteGroupedConv(product);
      eraseDeadWeight(refs, weight);
      continue;
    }
    MlirOperation operands[2] = {dlcDefiningOp(mlirOperationGetOperand(product, 0)),
                                 dlcDefiningOp(mlirOperationGetOperand(product, 1))};
    if (isMatmul(product))
      rewriteMatmul(product);
    else
      rewriteConv(product, dlcIsOp(product, "linalg.depthwise_conv_2d_nchw_chw"));
    for (int k = 0; k < 2; ++k)
      eraseDeadWeight(refs, operands[k]);
  }
  // Channel concats, shuffles and slices between converted layers in NHWC
  // too, before the transposes move above pads (a concat's result may be
  // padded next).
  if (nhwc)
    dlcLayoutRewriteChannelOps(op);
  DlcOpList narrow = {0};
  mlirOperationWalk(op, collectNarrowChannels, &narrow, MlirWalkPreOrder);
  for (size_t i = 0; i < narrow.count; ++i) {
    MlirOperation product = narrow.items[i];
    bool conv = dlcIsOp(product, "linalg.conv_2d_nhwc_hwcf");
    intptr_t dim = conv ? 3 : 1;
    int64_t n = mlirShapedTypeGetDimSize(mlirValueGetType(mlirOperationGetResult(product, 0)), dim);
    dlcLayoutPadOutputChannels(product, dim, dim, conv ? paddedConvChannels(n) : (n + 15) / 16 * 16,
                      (MlirValue){NULL}, refs);
  }
  dlcOpListFree(&narrow);
  mlirOperationWalk(op, collectTransposesOfPads, &transposes, MlirWalkPreOrder);
  for (size_t i = 0; i < transposes.count; ++i) {
    int64_t perm[DLC_MAX_RANK];
    dlcLayoutIsTranspose(transposes.items[i], perm);
    swapWithPad(transposes.items[i], perm);
  }
  // After the transposes moved above the pads: a depthwise convolution's
  // input channels are widened in the pad of its window.
  DlcOpList depthwise = {0};
  mlirOperationWalk(op, collectNarrowDepthwise, &depthwise, MlirWalkPreOrder);
  for (size_t i = 0; i < depthwise.count; ++i)
    padDepthwiseChannels(depthwise.items[i], refs);
  dlcOpListFree(&depthwise);
  dlcWeightRefsDestroy(refs);
  dlcOpListFree(&convs);
  dlcOpListFree(&transposes);
}
