//===- LayoutGroupedConv.c - Grouped convolutions in NHWC -------*- C -*-===//
//
// Part of dlc-convert-layout. The lowering makes a static grouped
// convolution (RegNet's, ResNeXt's) linalg.conv_2d_ngchw_gfchw on views
// that split the NCHW channels by group: expand_shape(input) to
// N x G x C/G x H x W, the weights to G x F/G x C/G x KH x KW, and the
// result collapsed back to N x F x OH x OW. Left NCHW between NHWC layers,
// it cost a transpose of its input and one of its output around every such
// layer, each a loop nest of its own on one thread. It becomes
// linalg.conv_2d_nhwgc_gfhwc on the NHWC input split the same way
// (N x H x W x G x C/G), weights repacked to G x F/G x KH x KW x C/G, its
// result collapsed to N x OH x OW x F: the transposes around it cancel
// against its neighbours', as a convolution's do. Wide groups (see
// dlcGroupedConvGroupsAreWide) go NHWC whatever their size: dlc-codegen
// computes them as a convolution per group, without columns; narrow ones
// whose columns would not fit are merged into wide ones (mergedGroups).
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Support/IR.h"
#include "Transforms/Layout.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static int64_t dimOf(MlirValue v, intptr_t i) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), i);
}

// The 4-D value `v` is a view of, by splitting dim 1 (an expand_shape
// [[0], [1, 2], [3], [4]]), or null.
static MlirValue splitSource(MlirValue v) {
  MlirOperation def = dlcDefiningOp(v);
  if (!dlcIsOp(def, "tensor.expand_shape"))
    return (MlirValue){NULL};
  MlirValue source = mlirOperationGetOperand(def, 0);
  MlirType type = mlirValueGetType(source);
  if (mlirShapedTypeGetRank(type) != 4 || mlirShapedTypeGetRank(mlirValueGetType(v)) != 5 ||
      dimOf(v, 0) != dimOf(source, 0) || dimOf(v, 3) != dimOf(source, 2))
    return (MlirValue){NULL};
  return source;
}

// The fill that `init` is, directly or split by group, or null.
static MlirOperation fillOf(MlirValue init) {
  MlirOperation def = dlcDefiningOp(init);
  if (dlcIsOp(def, "tensor.expand_shape"))
    def = dlcDefiningOp(mlirOperationGetOperand(def, 0));
  return dlcIsOp(def, "linalg.fill") ? def : (MlirOperation){NULL};
}

// dlc-codegen computes a grouped NHWC convolution one group at a time, in
// buffers of the group's size: its columns (KH*KW*C/G x OH*OW floats) go
// on the stack up to 64 KB (dlc-stack-loop-buffers). Larger ones were
// allocated and page-faulted in by every group (RegNetY's 48-channel layer
// at 56x56: 0.9 MB a group, 1.3x the time of the NCHW products); they stay
// NCHW, computed as whole-tensor columns and products.
static bool groupFitsStack(MlirOperation conv) {
  MlirValue weight = mlirOperationGetOperand(conv, 1), out = mlirOperationGetResult(conv, 0);
  int64_t window = dimOf(weight, 2) * dimOf(weight, 3) * dimOf(weight, 4);
  return window * dimOf(out, 3) * dimOf(out, 4) * (int64_t)sizeof(float) <= 64 * 1024;
}

bool dlcGroupedConvGroupsAreWide(int64_t cg, int64_t fg) { return cg >= 8 && fg >= 16; }

// Narrow groups whose columns do not fit the stack (ResNeXt's 4 and 8
// channels at 56x56 and 28x28, RegNetY's 8 at 56x56) are merged, m at a
// time, into wide ones, their weights block-diagonal: m times the
// multiply-adds, at the direct schedule's speed (ResNeXt-50's 56x56 layer,
// 32 groups of 4, ran at 15 GFLOP/s as NCHW columns). The merge factor,
// at most 4, or 0 where none fits (or the weights are not constant).
static int64_t mergedGroups(MlirOperation conv) {
  MlirValue weight = mlirOperationGetOperand(conv, 1);
  int64_t g = dimOf(weight, 0), fg = dimOf(weight, 1), cg = dimOf(weight, 2);
  if (dlcGroupedConvGroupsAreWide(cg, fg) || mlirOperationIsNull(dlcLayoutDataConstant(weight)))
    return 0;
  for (int64_t m = 2; m <= 4; ++m)
    if (g % m == 0 && dlcGroupedConvGroupsAreWide(cg * m, fg * m))
      return m;
  return 0;
}

bool dlcLayoutIsGroupedConv(MlirOperation op) {
  if (!dlcIsOp(op, "linalg.conv_2d_ngchw_gfchw") || !dlcLayoutAllStaticF32(op))
    return false;
  MlirValue weight = mlirOperationGetOperand(op, 1);
  if (!groupFitsStack(op) && !dlcGroupedConvGroupsAreWide(dimOf(weight, 2), dimOf(weight, 1)) &&
      !mergedGroups(op))
    return false;
  MlirValue input = splitSource(mlirOperationGetOperand(op, 0));
  MlirOperation collapse = dlcSoleUser(mlirOperationGetResult(op, 0));
  return !mlirValueIsNull(input) && !mlirOperationIsNull(fillOf(mlirOperationGetOperand(op, 2))) &&
         dlcIsOp(collapse, "tensor.collapse_shape") &&
         mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetResult(collapse, 0))) == 4;
}

// The weights (G x F/G x C/G x KH x KW, `value` of `type`) of groups
// merged `m` at a time: G/m x F/G*m x KH x KW x C/G*m (the NHWC layout,
// gfhwc), each merged group's block-diagonal, zeros where an output
// channel of one group meets an input channel of another.
static MlirAttribute mergedWeights(MlirAttribute value, MlirType type, int64_t m) {
  const float *src = (const float *)dlcLayoutConstantData(value);
  int64_t g = mlirShapedTypeGetDimSize(type, 0), fg = mlirShapedTypeGetDimSize(type, 1);
  int64_t cg = mlirShapedTypeGetDimSize(type, 2), kh = mlirShapedTypeGetDimSize(type, 3);
  int64_t kw = mlirShapedTypeGetDimSize(type, 4);
  int64_t fm = fg * m, cm = cg * m;
  size_t count = (size_t)(g / m * fm * kh * kw * cm), bytes = count * sizeof(float);
  float *dst = aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!dst)
    return mlirAttributeGetNull();
  memset(dst, 0, bytes);
  for (int64_t group = 0; group < g; ++group)
    for (int64_t f = 0; f < fg; ++f)
      for (int64_t c = 0; c < cg; ++c)
        for (int64_t y = 0; y < kh; ++y)
          for (int64_t x = 0; x < kw; ++x) {
            int64_t merged = group / m, at = group % m;
            int64_t to = (((merged * fm + at * fg + f) * kh + y) * kw + x) * cm + at * cg + c;
            dst[to] = src[(((group * fg + f) * cg + c) * kh + y) * kw + x];
          }
  int64_t shape[5] = {g / m, fm, kh, kw, cm};
  return mlirUnmanagedDenseResourceElementsAttrGet(
      mlirRankedTensorTypeGet(5, shape, mlirF32TypeGet(mlirTypeGetContext(type)),
                              mlirAttributeGetNull()),
      ref("dlc_merged_groups"), dst, bytes, 64, false, dlcLayoutFreeBlob, NULL);
}

void dlcLayoutRewriteGroupedConv(MlirOperation conv) {
  MlirValue input = splitSource(mlirOperationGetOperand(conv, 0));
  MlirValue weight = mlirOperationGetOperand(conv, 1);
  MlirOperation fill = fillOf(mlirOperationGetOperand(conv, 2));
  MlirOperation collapse = dlcSoleUser(mlirOperationGetResult(conv, 0));
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(conv);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(conv));
  int64_t g = dimOf(weight, 0), fg = dimOf(weight, 1), cg = dimOf(weight, 2);
  MlirValue out5 = mlirOperationGetResult(conv, 0);
  int64_t n = dimOf(out5, 0), oh = dimOf(out5, 3), ow = dimOf(out5, 4);
  int64_t m = groupFitsStack(conv) ? 0 : mergedGroups(conv);
  MlirOperation weights = dlcLayoutDataConstant(weight);
  MlirAttribute merged =
      m ? mergedWeights(mlirOperationGetAttributeByName(weights, ref("value")),
                        mlirValueGetType(weight), m)
        : mlirAttributeGetNull();
  if (!mlirAttributeIsNull(merged)) {
    g /= m;
    fg *= m;
    cg *= m;
  }
  // N x H x W x G x C/G.
  MlirValue nhwc = dlcLayoutTransposed(&b, input, dlcLayoutToNHWC);
  int64_t inShape[5] = {n, dimOf(nhwc, 1), dimOf(nhwc, 2), g, cg};
  MlirValue split = dlcReshapeStatic(&b, nhwc, 5, inShape, "[[0], [1], [2], [3, 4]]");
  // G x F/G x C/G x KH x KW -> G x F/G x KH x KW x C/G, or the merged
  // groups' (where their blob could not be made, the groups as they are).
  static const int64_t toGFHWC[5] = {0, 1, 3, 4, 2};
  MlirValue operands[2] = {split, mlirAttributeIsNull(merged)
                                      ? dlcLayoutTransposed(&b, weight, toGFHWC)
                                      : dlcConstant(&b, merged)};
  int64_t outShape[5] = {n, oh, ow, g, fg};
  MlirType outType =
      mlirRankedTensorTypeGet(5, outShape, mlirF32TypeGet(b.ctx), mlirAttributeGetNull());
  MlirValue init = dlcFill(&b, mlirOperationGetOperand(fill, 0), dlcEmpty(&b, outType, 0, NULL));
  MlirNamedAttribute attrs[2] = {
      dlcNamed(b.ctx, "strides", mlirOperationGetAttributeByName(conv, ref("strides"))),
      dlcNamed(b.ctx, "dilations", mlirOperationGetAttributeByName(conv, ref("dilations")))};
  MlirOperation grouped =
      dlcNamedLinalg(&b, "linalg.conv_2d_nhwgc_gfhwc", 2, operands, 1, &init, outType, 2, attrs);
  int64_t shape[4] = {n, oh, ow, g * fg};
  MlirValue channels =
      dlcReshapeStatic(&b, mlirOperationGetResult(grouped, 0), 4, shape, "[[0], [1], [2], [3, 4]]");
  MlirValue result = dlcLayoutTransposed(&b, channels, dlcLayoutToNCHW);
  mlirRewriterBaseReplaceOpWithValues(rewriter, collapse, 1, &result);
  mlirRewriterBaseEraseOp(rewriter, conv);
  mlirIRRewriterDestroy(rewriter);
}
