//===- LayoutPool.c - NHWC pooling as linalg's named pooling ops -*- C -*-===//
//
// Part of dlc-convert-layout. A max or sum pooling generic in NHWC, loops
// (n, oh, ow, kh, kw, c), whose input rows and columns are read at
// oh * stride + kh * dilation (and the same along W) is what
// linalg.pooling_nhwc_max / linalg.pooling_nhwc_sum compute. As named ops
// dlc-codegen schedules them like depthwise convolutions (a row of output
// pixels by a vector of channels in registers over the whole window):
// LLVM kept the generic's window loop storing and reloading every output
// vector, and with arith.maximumf's NaN and signed-zero handling each step
// of that chain cost ~10 cycles (ResNet-18's 3x3/2 max pool at 112x112x64,
// 0.15-0.20 ms against onnxruntime's 0.09).
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Support/IR.h"
#include "Transforms/Layout.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

// The coefficient of loop `dim` in `e`, a linear function of the 6 loops.
static int64_t coefficient(MlirContext ctx, MlirAffineExpr e, intptr_t dim) {
  MlirAffineExpr values[6];
  for (intptr_t d = 0; d < 6; ++d)
    values[d] = mlirAffineConstantExprGet(ctx, d == dim);
  MlirAffineExpr c = mlirAffineExprCompose(e, mlirAffineMapGet(ctx, 6, 0, 6, values));
  return mlirAffineExprIsAConstant(c) ? mlirAffineConstantExprGetValue(c) : -1;
}

// `e` is out * stride + window * dilation (positive factors), nothing else.
static bool windowed(MlirContext ctx, MlirAffineExpr e, intptr_t out, intptr_t window,
                     int64_t *stride, int64_t *dilation) {
  *stride = coefficient(ctx, e, out);
  *dilation = coefficient(ctx, e, window);
  if (*stride < 1 || *dilation < 1)
    return false;
  MlirAffineExpr expected =
      mlirAffineAddExprGet(mlirAffineMulExprGet(mlirAffineDimExprGet(ctx, out),
                                                mlirAffineConstantExprGet(ctx, *stride)),
                           mlirAffineMulExprGet(mlirAffineDimExprGet(ctx, window),
                                                mlirAffineConstantExprGet(ctx, *dilation)));
  return mlirAffineExprEqual(e, expected);
}

// "linalg.pooling_nhwc_max" or "_sum" for a body that is one
// arith.maximumf or arith.addf of the input element and the accumulator,
// else NULL.
static const char *poolKind(MlirOperation pool) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(pool, 0));
  MlirOperation op = mlirBlockGetFirstOperation(body);
  MlirOperation yield = mlirOperationGetNextInBlock(op);
  if (mlirOperationIsNull(yield) || !dlcIsOp(yield, "linalg.yield") ||
      mlirOperationGetNumOperands(op) != 2 ||
      !mlirValueEqual(mlirOperationGetOperand(yield, 0), mlirOperationGetResult(op, 0)))
    return NULL;
  MlirValue in = mlirBlockGetArgument(body, 0), acc = mlirBlockGetArgument(body, 2);
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetOperand(op, 1);
  if (!((mlirValueEqual(x, in) && mlirValueEqual(y, acc)) ||
        (mlirValueEqual(x, acc) && mlirValueEqual(y, in))))
    return NULL;
  if (dlcIsOp(op, "arith.maximumf"))
    return "linalg.pooling_nhwc_max";
  if (dlcIsOp(op, "arith.addf"))
    return "linalg.pooling_nhwc_sum";
  return NULL;
}

MlirValue dlcLayoutNamedPool(DlcBuilder *b, MlirOperation pool, const MlirValue *inputs,
                             MlirValue init, MlirAffineMap inputMap) {
  const char *name = poolKind(pool);
  int64_t strides[2], dilations[2];
  if (!name || !windowed(b->ctx, mlirAffineMapGetResult(inputMap, 1), 1, 3, &strides[0], &dilations[0]) ||
      !windowed(b->ctx, mlirAffineMapGetResult(inputMap, 2), 2, 4, &strides[1], &dilations[1]))
    return (MlirValue){NULL};
  int64_t two = 2;
  MlirType type = mlirRankedTensorTypeGet(1, &two, mlirIntegerTypeGet(b->ctx, 64), mlirAttributeGetNull());
  MlirNamedAttribute attrs[2] = {
      dlcNamed(b->ctx, "strides", mlirDenseElementsAttrInt64Get(type, 2, strides)),
      dlcNamed(b->ctx, "dilations", mlirDenseElementsAttrInt64Get(type, 2, dilations))};
  MlirOperation named = dlcNamedLinalg(b, name, 2, inputs, 1, &init, mlirValueGetType(init), 2, attrs);
  return mlirOperationGetResult(named, 0);
}

// A linalg.reduce of one NCHW f32 tensor of static shape over its spatial
// dims (H, W): global average pooling's sums.
bool dlcLayoutIsSpatialReduce(MlirOperation op) {
  if (!dlcIsOp(op, "linalg.reduce") || mlirOperationGetNumOperands(op) != 2 ||
      mlirOperationGetNumResults(op) != 1 || !dlcLayoutAllStaticF32(op))
    return false;
  MlirType input = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirAttribute dims =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("dimensions"));
  return mlirShapedTypeGetRank(input) == 4 && !mlirAttributeIsNull(dims) &&
         mlirDenseArrayGetNumElements(dims) == 2 && mlirDenseI64ArrayGetElement(dims, 0) == 2 &&
         mlirDenseI64ArrayGetElement(dims, 1) == 3;
}

// The same sums over the NHWC tensor (dims 1, 2): the transpose to NHWC
// then cancels against the one back from the convolutions' NHWC results,
// and the elementwise ops before the pooling (a residual add and Relu)
// run in NHWC inside the last convolution's epilogue. In NCHW they were a
// loop of their own reading every operand transposed (ResNet-18's last
// block: 25,088 elements of six operands gathered along the channels).
// Each output is still summed over H then W: the results do not change.
void dlcLayoutRewriteSpatialReduce(MlirOperation reduce) {
  MlirContext ctx = mlirOperationGetContext(reduce);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(reduce);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(reduce));
  MlirValue operands[2] = {
      dlcLayoutTransposed(&b, mlirOperationGetOperand(reduce, 0), dlcLayoutToNHWC),
      mlirOperationGetOperand(reduce, 1)};
  MlirNamedAttribute dims = dlcNamed(ctx, "dimensions", mlirDenseI64ArrayGet(ctx, 2, (int64_t[]){1, 2}));
  MlirRegion region = mlirRegionCreate();
  MlirType type = mlirValueGetType(mlirOperationGetResult(reduce, 0));
  MlirOperation nhwc = dlcBuildOp(&b, "linalg.reduce", 2, operands, 1, &type, 1, &dims, 1, &region);
  mlirRegionTakeBody(mlirOperationGetRegion(nhwc, 0), mlirOperationGetRegion(reduce, 0));
  MlirValue result = mlirOperationGetResult(nhwc, 0);
  mlirRewriterBaseReplaceOpWithValues(rewriter, reduce, 1, &result);
  mlirIRRewriterDestroy(rewriter);
}
