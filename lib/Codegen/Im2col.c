//===- Im2col.c - Convolutions on small images as products ------*- C -*-===//
//
// A convolution with few output pixels and many input channels (the 7x7
// layers of ResNet, MobileNet, MNASNet, DenseNet) is computed as the
// product of its input windows (im2col: N*OH*OW x KH*KW*C) by its weights
// (KH*KW*C x F), a linalg.matmul. Rewritten before dlc-codegen forms its
// groups, the product is then one like any other: the epilogue (bias,
// activation, residual add) reads it through the expansion back to
// N x OH x OW x F, which dlcCollapseConsumerOntoProduct makes a direct
// consumer, and the product and its epilogue become one loop nest.
// Rewritten inside the schedule (upstream's convert_conv2d_to_img2col),
// the epilogue was a loop nest of its own, after the whole result had
// been zero-filled and each column block copied into a padded buffer and
// back.
//
// A 1x1 window with unit strides reads the input as it is: its columns are
// the input collapsed to N*H*W x C, not a copy.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Support/Builder.h"
#include "Support/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static int64_t dimOf(MlirValue v, intptr_t i) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), i);
}

static MlirType f32Tensor(MlirContext ctx, intptr_t rank, const int64_t *shape) {
  return mlirRankedTensorTypeGet(rank, shape, mlirF32TypeGet(ctx), mlirAttributeGetNull());
}

// The windows of `input` (N x H x W x C) as an N*OH*OW x KH*KW*C matrix:
// a copy into N x OH x OW x KH x KW x C, whose element (n, oh, ow, kh, kw,
// c) is the input at (n, oh * sh + kh * dh, ow * sw + kw * dw, c),
// collapsed. Loops in that order read each window's rows of C channels
// contiguously.
static MlirValue columns(DlcBuilder *b, MlirOperation conv, MlirValue input, int64_t kh,
                         int64_t kw, int64_t oh, int64_t ow) {
  int64_t n = dimOf(input, 0), c = dimOf(input, 3);
  int64_t matrix[2] = {n * oh * ow, kh * kw * c};
  if (kh == 1 && kw == 1 && dlcConvAttr(conv, "strides", 0) == 1 &&
      dlcConvAttr(conv, "strides", 1) == 1)
    return dlcReshapeStatic(b, input, 2, matrix, "[[0, 1, 2], [3]]");
  MlirContext ctx = b->ctx;
  MlirAffineExpr d[6];
  for (int i = 0; i < 6; ++i)
    d[i] = mlirAffineDimExprGet(ctx, i);
  MlirAffineExpr read[4];
  read[0] = d[0];
  read[3] = d[5];
  for (int i = 0; i < 2; ++i)
    read[1 + i] = mlirAffineAddExprGet(
        mlirAffineMulExprGet(d[1 + i],
                             mlirAffineConstantExprGet(ctx, dlcConvAttr(conv, "strides", i))),
        mlirAffineMulExprGet(d[3 + i],
                             mlirAffineConstantExprGet(ctx, dlcConvAttr(conv, "dilations", i))));
  int64_t shape[6] = {n, oh, ow, kh, kw, c};
  MlirValue windows = dlcCopyRead(b, input, mlirAffineMapGet(ctx, 6, 0, 4, read),
                                  dlcEmpty(b, f32Tensor(ctx, 6, shape), 0, NULL));
  return dlcReshapeStatic(b, windows, 2, matrix, "[[0, 1, 2], [3, 4, 5]]");
}

void dlcRewriteConvIm2col(MlirOperation conv) {
  MlirValue input = mlirOperationGetOperand(conv, 0), weight = mlirOperationGetOperand(conv, 1),
            init = mlirOperationGetOperand(conv, 2);
  int64_t kh = dimOf(weight, 0), kw = dimOf(weight, 1), c = dimOf(weight, 2), f = dimOf(weight, 3);
  int64_t n = dimOf(init, 0), oh = dimOf(init, 1), ow = dimOf(init, 2);
  MlirBlock scratch = mlirBlockCreate(0, NULL, NULL);
  DlcBuilder b = dlcBuilderAtBlockEnd(scratch, mlirOperationGetLocation(conv));
  int64_t weights[2] = {kh * kw * c, f}, result[2] = {n * oh * ow, f};
  MlirValue operands[2] = {columns(&b, conv, input, kh, kw, oh, ow),
                           dlcReshapeStatic(&b, weight, 2, weights, "[[0, 1, 2], [3]]")};
  // A fill of the result's shape for the product: the fill it finds is
  // what the schedules compute in its tiles.
  MlirOperation fill = dlcDefiningOp(init);
  MlirValue outInit =
      dlcIsOp(fill, "linalg.fill")
          ? dlcFill(&b, mlirOperationGetOperand(fill, 0),
                    dlcEmpty(&b, f32Tensor(b.ctx, 2, result), 0, NULL))
          : dlcReshapeStatic(&b, init, 2, result, "[[0, 1, 2], [3]]");
  MlirOperation matmul = dlcNamedLinalg(&b, "linalg.matmul", 2, operands, 1, &outInit,
                                        mlirValueGetType(outInit), 0, NULL);
  int64_t shape[4] = {n, oh, ow, f};
  MlirValue expanded =
      dlcReshapeStatic(&b, mlirOperationGetResult(matmul, 0), 4, shape, "[[0, 1, 2], [3]]");
  dlcReplaceWithScratch(conv, scratch, expanded);
  if (dlcIsOp(fill, "linalg.fill") &&
      mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(fill, 0))))
    mlirOperationDestroy(fill);
}
