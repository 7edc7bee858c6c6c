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

static int64_t attrAt(MlirOperation op, const char *name, intptr_t i) {
  MlirAttribute attr = mlirOperationGetAttributeByName(op, ref(name));
  if (mlirAttributeIsNull(attr) || !mlirAttributeIsADenseElements(attr))
    return 1;
  return mlirDenseElementsAttrGetInt64Value(attr, i);
}

bool dlcGroupedConvApplies(MlirOperation conv) {
  return dlcIsOp(conv, "linalg.conv_2d_ngchw_gfchw") && dlcLayoutAllStaticF32(conv) &&
         dimOf(mlirOperationGetOperand(conv, 0), 0) == 1;
}

// The windows of each group's input (G x C/G x H x W) as columns:
// G x C/G x KH x KW x OH x OW, element (g, c, kh, kw, oh, ow) the input at
// (g, c, oh * sh + kh * dh, ow * sw + kw * dw).
static MlirValue columns(DlcBuilder *b, MlirOperation conv, MlirValue input, const int64_t *shape) {
  MlirContext ctx = b->ctx;
  MlirAffineExpr d[6], in[4];
  for (int i = 0; i < 6; ++i)
    d[i] = mlirAffineDimExprGet(ctx, i);
  in[0] = d[0];
  in[1] = d[1];
  for (int i = 0; i < 2; ++i)
    in[2 + i] = mlirAffineAddExprGet(
        mlirAffineMulExprGet(d[4 + i], mlirAffineConstantExprGet(ctx, attrAt(conv, "strides", i))),
        mlirAffineMulExprGet(d[2 + i],
                             mlirAffineConstantExprGet(ctx, attrAt(conv, "dilations", i))));
  MlirAffineMap maps[2] = {mlirAffineMapGet(ctx, 6, 0, 4, in),
                           mlirAffineMapMultiDimIdentityGet(ctx, 6)};
  DlcIterator iterators[6] = {DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL,
                              DLC_PARALLEL, DLC_PARALLEL, DLC_PARALLEL};
  MlirType type = mlirRankedTensorTypeGet(6, shape, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  MlirValue init = dlcEmpty(b, type, 0, NULL);
  MlirBlock body;
  MlirOperation generic = dlcGeneric(b, 1, &input, 1, &init, maps, 6, iterators, &body);
  DlcBuilder inBody = dlcBuilderAtBlockEnd(body, b->loc);
  MlirValue element = mlirBlockGetArgument(body, 0);
  dlcYield(&inBody, 1, &element);
  return mlirOperationGetResult(generic, 0);
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
      &b, conv, dlcReshapeStatic(&b, input, 4, inShape, "[[0, 1], [2], [3], [4]]"), colShape);
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
  dlcMoveOpsBefore(mlirBlockGetFirstOperation(scratch), conv);
  mlirBlockDestroy(scratch);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(conv, 0), result);
  mlirOperationDestroy(conv);
  return matmul;
}
