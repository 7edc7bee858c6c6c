//===- GroupedConv.c - Grouped convolutions as batched products -*- C -*-===//
//
// A grouped convolution (linalg.conv_2d_ngchw_gfchw: G groups of C/G input
// and F/G output channels, as RegNet's and ResNeXt's 3x3 layers) has no
// schedule of its own, and its loops ran at ~5 GFLOP/s. Per group it is a
// product: the group's weights (F/G x C/G*KH*KW) times the columns of its
// input windows (C/G*KH*KW x OH*OW, im2col), which the batched matmul
// schedule computes with the groups as its batch. The output channels of a
// group are few (8 in RegNet), so they are the product's rows and the
// pixels its columns, the dim the register tiles vectorize: the result is
// then G x F/G x OH*OW, the convolution's own layout.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Transforms/Layout.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static int64_t dimOf(MlirValue v, intptr_t i) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), i);
}

int64_t dlcConvAttr(MlirOperation op, const char *name, intptr_t i) {
  MlirAttribute attr = mlirOperationGetAttributeByName(op, ref(name));
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADenseElements(attr))
    return 1;
  return mlirDenseElementsAttrGetInt64Value(attr, i);
}

bool dlcGroupedConvApplies(MlirOperation conv) {
  return dlcIsOp(conv, "linalg.conv_2d_ngchw_gfchw") && dlcLayoutAllStaticF32(conv) &&
         dimOf(mlirOperationGetOperand(conv, 0), 0) == 1;
}

// A copy of `input` into a new `rank`-d tensor of `shape`: element i of
// the result is the input at `read`(i).
static MlirValue copied(DlcBuilder *b, MlirValue input, MlirAffineMap read, intptr_t rank,
                        const int64_t *shape) {
  MlirType type =
      mlirRankedTensorTypeGet(rank, shape, mlirF32TypeGet(b->ctx), mlirAttributeGetNull());
  return dlcCopyRead(b, input, read, dlcEmpty(b, type, 0, NULL));
}

// The windows of each group's input planes (G x C/G x H x W) as columns, a
// 6-d tensor of `shape` whose dims are g, then c at position `channel` (1:
// the weights' order of gfchw, 3: of gfhwc) between kh and kw, then oh,
// ow; the element at (g, c, kh, kw, oh, ow) is plane (g, c) at
// (oh * sh + kh * dh, ow * sw + kw * dw).
static MlirValue columns(DlcBuilder *b, MlirOperation conv, MlirValue planes, intptr_t channel,
                         const int64_t *shape) {
  MlirContext ctx = b->ctx;
  MlirAffineExpr d[6], in[4];
  for (int i = 0; i < 6; ++i)
    d[i] = mlirAffineDimExprGet(ctx, i);
  // The window's loops: kh, kw after c (channel 1) or before it (3).
  intptr_t window = channel == 1 ? 2 : 1;
  in[0] = d[0];
  in[1] = d[channel];
  for (int i = 0; i < 2; ++i)
    in[2 + i] = mlirAffineAddExprGet(
        mlirAffineMulExprGet(d[4 + i],
                             mlirAffineConstantExprGet(ctx, dlcConvAttr(conv, "strides", i))),
        mlirAffineMulExprGet(d[window + i],
                             mlirAffineConstantExprGet(ctx, dlcConvAttr(conv, "dilations", i))));
  return copied(b, planes, mlirAffineMapGet(ctx, 6, 0, 4, in), 6, shape);
}

MlirOperation dlcRewriteGroupedConv(MlirOperation conv) {
  MlirValue input = mlirOperationGetOperand(conv, 0), weight = mlirOperationGetOperand(conv, 1),
            init = mlirOperationGetOperand(conv, 2);
  int64_t g = dimOf(weight, 0), fg = dimOf(weight, 1), cg = dimOf(weight, 2);
  int64_t kh = dimOf(weight, 3), kw = dimOf(weight, 4), oh = dimOf(init, 3), ow = dimOf(init, 4);
  int64_t window = cg * kh * kw, pixels = oh * ow;
  // Built in a block of their own, then moved before the convolution.
  MlirBlock scratch = mlirBlockCreate(0, NULL, NULL);
  DlcBuilder b = dlcBuilderAtBlockEnd(scratch, mlirOperationGetLocation(conv));
  int64_t inShape[4] = {g, cg, dimOf(input, 3), dimOf(input, 4)};
  int64_t colShape[6] = {g, cg, kh, kw, oh, ow};
  MlirValue cols = columns(
      &b, conv, dlcReshapeStatic(&b, input, 4, inShape, "[[0, 1], [2], [3], [4]]"), 1, colShape);
  int64_t colsShape[3] = {g, window, pixels}, wShape[3] = {g, fg, window};
  int64_t outShape[3] = {g, fg, pixels};
  MlirValue operands[2] = {dlcReshapeStatic(&b, weight, 3, wShape, "[[0], [1], [2, 3, 4]]"),
                           dlcReshapeStatic(&b, cols, 3, colsShape, "[[0], [1, 2, 3], [4, 5]]")};
  MlirValue outInit = dlcReshapeStatic(&b, init, 3, outShape, "[[0, 1], [2], [3, 4]]");
  MlirOperation matmul = dlcNamedLinalg(&b, "linalg.batch_matmul", 2, operands, 1, &outInit,
                                        mlirValueGetType(outInit), 0, NULL);
  int64_t shape[5] = {1, g, fg, oh, ow};
  MlirValue result =
      dlcReshapeStatic(&b, mlirOperationGetResult(matmul, 0), 5, shape, "[[0, 1], [2], [3, 4]]");
  dlcReplaceWithScratch(conv, scratch, result);
  return matmul;
}

//===----------------------------------------------------------------------===//
// NHWC: linalg.conv_2d_nhwgc_gfhwc
//===----------------------------------------------------------------------===//

// In NHWC (dlc-convert-layout) the products are the same, but each
// group's channels are first copied out of the NHWC input as planes, and
// each product is written transposed into the output, where a group's F/G
// channels are contiguous for each pixel. The loop nests are one group's
// work each: the schedule (@dlc_grouped_conv) computes the planes,
// columns, product and output of one group per iteration of a parallel
// loop. As whole-tensor steps around an NCHW convolution, the transposes,
// the columns and the output were loop nests of their own on one thread,
// and RegNetY-400MF ran 1.6 times faster on two threads than on one.

bool dlcGroupedConvNHWCApplies(MlirOperation conv) {
  return dlcIsOp(conv, "linalg.conv_2d_nhwgc_gfhwc") && dlcLayoutAllStaticF32(conv) &&
         dimOf(mlirOperationGetOperand(conv, 0), 0) == 1;
}

bool dlcIsZeroFill(MlirValue v) {
  MlirOperation fill = dlcDefiningOp(v);
  double value;
  return dlcIsOp(fill, "linalg.fill") &&
         dlcConstantFloat(mlirOperationGetOperand(fill, 0), &value) && value == 0.0;
}

// Each group's channels of the padded input as planes, G x C/G x H x W:
// the columns read them along rows (below), where reading the NHWC input
// directly gathered one float per pixel (C channels apart) for every one of
// the KH * KW copies of it (RegNetY's 48-channel layer at 56x56: 3x the time
// of the NCHW columns).
static MlirValue groupPlanes(DlcBuilder *b, MlirValue input) {
  MlirContext ctx = b->ctx;
  // Loops: d0 g, d1 c, d2 h, d3 w.
  MlirAffineExpr d[4];
  for (int i = 0; i < 4; ++i)
    d[i] = mlirAffineDimExprGet(ctx, i);
  MlirAffineExpr in[5] = {mlirAffineConstantExprGet(ctx, 0), d[2], d[3], d[0], d[1]};
  int64_t shape[4] = {dimOf(input, 3), dimOf(input, 4), dimOf(input, 1), dimOf(input, 2)};
  return copied(b, input, mlirAffineMapGet(ctx, 4, 0, 5, in), 4, shape);
}

// The products (G x F/G x OH*OW) written to the result (1 x OH x OW x G x
// F/G), added to `init` unless it is zeros. The loops run (n, g, f, oh, ow):
// the innermost reads a row of a product and writes one channel of a row of
// pixels; with the channels innermost, each read was a gather of 8 floats
// from rows OH*OW apart.
static MlirOperation outputNHWC(DlcBuilder *b, MlirValue products, MlirValue init, int64_t ow) {
  MlirContext ctx = b->ctx;
  // Loops: d0 n, d1 g, d2 f, d3 oh, d4 ow.
  MlirAffineExpr d[5];
  for (int i = 0; i < 5; ++i)
    d[i] = mlirAffineDimExprGet(ctx, i);
  MlirAffineExpr read[3] = {
      d[1], d[2],
      mlirAffineAddExprGet(mlirAffineMulExprGet(d[3], mlirAffineConstantExprGet(ctx, ow)), d[4])};
  MlirAffineExpr written[5] = {d[0], d[3], d[4], d[1], d[2]};
  MlirAffineMap maps[2] = {mlirAffineMapGet(ctx, 5, 0, 3, read),
                           mlirAffineMapGet(ctx, 5, 0, 5, written)};
  DlcIterator iterators[5] = {DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL};
  bool zeros = dlcIsZeroFill(init);
  MlirValue out = zeros ? dlcEmpty(b, mlirValueGetType(init), 0, NULL) : init;
  MlirBlock body;
  MlirOperation generic = dlcGeneric(b, 1, &products, 1, &out, maps, 5, iterators, &body);
  DlcBuilder inBody = dlcBuilderAtBlockEnd(body, b->loc);
  MlirValue element = mlirBlockGetArgument(body, 0);
  if (!zeros) {
    MlirValue operands[2] = {mlirBlockGetArgument(body, 1), element};
    element = dlcBuild1(&inBody, "arith.addf", 2, operands, mlirValueGetType(element), 0, NULL);
  }
  dlcYield(&inBody, 1, &element);
  return generic;
}

DlcGroupedConvOps dlcRewriteGroupedConvNHWC(MlirOperation conv) {
  MlirValue input = mlirOperationGetOperand(conv, 0), weight = mlirOperationGetOperand(conv, 1),
            init = mlirOperationGetOperand(conv, 2);
  int64_t g = dimOf(weight, 0), fg = dimOf(weight, 1), kh = dimOf(weight, 2);
  int64_t kw = dimOf(weight, 3), cg = dimOf(weight, 4), oh = dimOf(init, 1), ow = dimOf(init, 2);
  int64_t window = kh * kw * cg, pixels = oh * ow;
  MlirBlock scratch = mlirBlockCreate(0, NULL, NULL);
  DlcBuilder b = dlcBuilderAtBlockEnd(scratch, mlirOperationGetLocation(conv));
  DlcGroupedConvOps ops;
  int64_t colShape[6] = {g, kh, kw, cg, oh, ow};
  MlirValue planes = groupPlanes(&b, input);
  ops.planes = dlcDefiningOp(planes);
  MlirValue cols = columns(&b, conv, planes, 3, colShape);
  ops.columns = dlcDefiningOp(cols);
  int64_t wShape[3] = {g, fg, window}, colsShape[3] = {g, window, pixels};
  int64_t outShape[3] = {g, fg, pixels};
  MlirValue operands[2] = {dlcReshapeStatic(&b, weight, 3, wShape, "[[0], [1], [2, 3, 4]]"),
                           dlcReshapeStatic(&b, cols, 3, colsShape, "[[0], [1, 2, 3], [4, 5]]")};
  ops.matrix = dlcDefiningOp(operands[1]);
  MlirType outType =
      mlirRankedTensorTypeGet(3, outShape, mlirF32TypeGet(b.ctx), mlirAttributeGetNull());
  MlirValue zero = dlcConstScalar(&b, mlirF32TypeGet(b.ctx), 0.0);
  MlirValue zeros = dlcFill(&b, zero, dlcEmpty(&b, outType, 0, NULL));
  ops.fill = dlcDefiningOp(zeros);
  ops.product = dlcNamedLinalg(&b, "linalg.batch_matmul", 2, operands, 1, &zeros, outType, 0, NULL);
  ops.output = outputNHWC(&b, mlirOperationGetResult(ops.product, 0), init, ow);
  dlcReplaceWithScratch(conv, scratch, mlirOperationGetResult(ops.output, 0));
  return ops;
}
