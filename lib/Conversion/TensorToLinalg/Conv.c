//===- Conv.c - dlc_tensor.conv to linalg -----------------------*- C -*-===//
//
// A zero fill, then the convolution. A 2-D one on floats or signless
// integers with static channels is a named op, so that schedules find it
// by name: linalg.conv_2d_nchw_fchw without groups,
// linalg.depthwise_conv_2d_nchw_chw when every group is one channel in and
// one out (its weight F x 1 x KH x KW collapsed to C x KH x KW), and
// linalg.conv_2d_ngchw_gfchw for other groups when all shapes are static
// (on views that split the channels by group: N x G x C/G x H x W and
// G x F/G x C/G x KH x KW). Any other
// is one linalg.generic over the loops (n, f, o1..on)
// parallel and (c, k1..kn) reduction:
//   input  (n, g * Cg + c, o_i * stride_i + k_i * dilation_i)
//   weight (f, c, k..)
//   output (n, f, o..)
// with g = f floordiv Fg (Cg = C / groups, Fg = F / groups; both static
// when groups > 1). The group is derived from f rather than being a loop of
// its own: linalg needs every loop to appear alone in some operand's map to
// derive its range, and a (g, fg) pair would only appear as g * Fg + fg.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

// Dynamic output dims: N from the input, F from the weight, spatial dims
// from the number of windows.
static intptr_t outputSizes(DlcBuilder *b, MlirValue input, MlirValue weight, const DlcShape *out,
                            const DlcShape *w, const int64_t *strides, const int64_t *dilations,
                            MlirValue *dynamic) {
  intptr_t n = 0;
  for (int64_t i = 0; i < out->rank; ++i) {
    if (out->dims[i] != DLC_DYN)
      continue;
    if (i < 2) {
      dynamic[n++] = dlcTensorDim(b, i == 0 ? input : weight, 0);
      continue;
    }
    MlirValue k = w->dims[i] == DLC_DYN ? dlcTensorDim(b, weight, i) : dlcConstIndex(b, w->dims[i]);
    dynamic[n++] = dlcWindowCount(b, dlcTensorDim(b, input, i), k, strides[i - 2], dilations[i - 2]);
  }
  return n;
}

// Named ops build their bodies when created, before unsigned types become
// signless: floats and signless integers only.
static bool namedOpType(MlirType elt) {
  return mlirTypeIsAFloat(elt) ||
         (mlirTypeIsAInteger(elt) && mlirIntegerTypeIsSignless(elt) && mlirIntegerTypeGetWidth(elt) > 1);
}

static MlirAttribute i64Vector(MlirContext ctx, int64_t n, const int64_t *v) {
  MlirType type = mlirRankedTensorTypeGet(1, &n, mlirIntegerTypeGet(ctx, 64), mlirAttributeGetNull());
  return mlirDenseElementsAttrInt64Get(type, n, v);
}

// F x 1 x KH x KW -> F x KH x KW, the weight of a depthwise named conv.
static MlirValue collapseUnitChannel(DlcBuilder *b, MlirValue weight, const DlcShape *w) {
  DlcShape flat = {.rank = 3, .dims = {w->dims[0], w->dims[2], w->dims[3]}};
  MlirType type = dlcTensorType(&flat, dlcElementType(mlirValueGetType(weight)));
  MlirContext ctx = b->ctx;
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute d[4];
  for (int i = 0; i < 4; ++i)
    d[i] = mlirIntegerAttrGet(i64, i);
  MlirAttribute groups[3] = {mlirArrayAttrGet(ctx, 2, d), mlirArrayAttrGet(ctx, 1, d + 2),
                             mlirArrayAttrGet(ctx, 1, d + 3)};
  MlirNamedAttribute reassociation =
      dlcNamed(ctx, "reassociation", mlirArrayAttrGet(ctx, 3, groups));
  return dlcBuild1(b, "tensor.collapse_shape", 1, &weight, type, 1, &reassociation);
}

static bool allStatic(const DlcShape *s) {
  for (int64_t i = 0; i < s->rank; ++i)
    if (s->dims[i] == DLC_DYN)
      return false;
  return true;
}

// A static grouped convolution of more than one channel per group:
// linalg.conv_2d_ngchw_gfchw on the operands split by group, its result
// collapsed back to N x F x OH x OW.
static MlirValue groupedConv2D(DlcRewriter *rw, MlirValue input, MlirValue weight, MlirValue init,
                               const DlcShape *in, const DlcShape *w, int64_t groups,
                               MlirNamedAttribute *attrs) {
  DlcBuilder *b = &rw->b;
  MlirType initType = mlirValueGetType(init);
  int64_t n = in->dims[0], cg = w->dims[1], fg = w->dims[0] / groups;
  int64_t oh = mlirShapedTypeGetDimSize(initType, 2), ow = mlirShapedTypeGetDimSize(initType, 3);
  int64_t inShape[5] = {n, groups, cg, in->dims[2], in->dims[3]};
  int64_t wShape[5] = {groups, fg, cg, w->dims[2], w->dims[3]};
  int64_t outShape[5] = {n, groups, fg, oh, ow};
  MlirValue operands[2] = {dlcReshapeStatic(b, input, 5, inShape, "[[0], [1, 2], [3], [4]]"),
                           dlcReshapeStatic(b, weight, 5, wShape, "[[0, 1], [2], [3], [4]]")};
  MlirValue outInit = dlcReshapeStatic(b, init, 5, outShape, "[[0], [1, 2], [3], [4]]");
  MlirValue conv = mlirOperationGetResult(
      dlcNamedLinalg(b, "linalg.conv_2d_ngchw_gfchw", 2, operands, 1, &outInit,
                     mlirValueGetType(outInit), 2, attrs),
      0);
  int64_t shape[4] = {n, groups * fg, oh, ow};
  return dlcReshapeStatic(b, conv, 4, shape, "[[0], [1, 2], [3], [4]]");
}

// The named 2-D convolution for `groups`, or null when none fits.
static MlirValue namedConv2D(DlcRewriter *rw, MlirValue input, MlirValue weight, MlirValue init,
                             const DlcShape *in, const DlcShape *w, int64_t groups,
                             const int64_t *strides, const int64_t *dilations) {
  MlirType elt = dlcElementType(mlirValueGetType(init));
  if (in->rank != 4 || !namedOpType(elt) || w->dims[0] == DLC_DYN || in->dims[1] == DLC_DYN)
    return (MlirValue){NULL};
  MlirContext ctx = rw->b.ctx;
  MlirNamedAttribute attrs[2] = {dlcNamed(ctx, "strides", i64Vector(ctx, 2, strides)),
                                 dlcNamed(ctx, "dilations", i64Vector(ctx, 2, dilations))};
  const char *name = NULL;
  if (groups == 1)
    name = "linalg.conv_2d_nchw_fchw";
  else if (groups == in->dims[1] && w->dims[0] == groups && w->dims[1] == 1)
    name = "linalg.depthwise_conv_2d_nchw_chw";
  else if (allStatic(in) && allStatic(w) && mlirShapedTypeHasStaticShape(mlirValueGetType(init)))
    return groupedConv2D(rw, input, weight, init, in, w, groups, attrs);
  if (!name)
    return (MlirValue){NULL};
  if (groups > 1)
    weight = collapseUnitChannel(&rw->b, weight, w);
  MlirValue operands[2] = {input, weight};
  return mlirOperationGetResult(dlcNamedLinalg(&rw->b, name, 2, operands, 1, &init,
                                               mlirValueGetType(init), 2, attrs),
                                0);
}

MlirLogicalResult dlcLowerConv(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0), weight = mlirOperationGetOperand(rw->op, 1);
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(rw->op, 0));
  DlcShape w, out;
  dlcShapeOf(mlirValueGetType(weight), &w);
  dlcShapeOf(resultType, &out);
  int64_t n = out.rank - 2, strides[DLC_MAX_RANK], dilations[DLC_MAX_RANK];
  dlcOpInts(rw->op, "strides", strides, DLC_MAX_RANK);
  dlcOpInts(rw->op, "dilations", dilations, DLC_MAX_RANK);
  int64_t groups = dlcOpInt(rw->op, "groups");
  if (groups > 1 && (w.dims[0] == DLC_DYN || w.dims[1] == DLC_DYN))
    return dlcLoweringUnsupported(rw, "grouped convolution needs a static number of filters and "
                                      "channels per group");
  int64_t cg = w.dims[1], fg = groups > 1 ? w.dims[0] / groups : 0;

  // Loops: n, f, o1..on, c, k1..kn.
  intptr_t numLoops = 2 * n + 3, c = n + 2;
  DlcIterator iterators[2 * DLC_MAX_RANK];
  for (intptr_t i = 0; i < numLoops; ++i)
    iterators[i] = i < c ? DLC_PARALLEL : DLC_REDUCTION;
  MlirAffineExpr in[DLC_MAX_RANK], wt[DLC_MAX_RANK], o[DLC_MAX_RANK];
  in[0] = o[0] = dlcDim(ctx, 0);
  wt[0] = o[1] = dlcDim(ctx, 1);
  wt[1] = in[1] = dlcDim(ctx, c);
  if (groups > 1) {
    MlirAffineExpr g = mlirAffineFloorDivExprGet(dlcDim(ctx, 1), dlcCst(ctx, fg));
    in[1] = mlirAffineAddExprGet(mlirAffineMulExprGet(g, dlcCst(ctx, cg)), dlcDim(ctx, c));
  }
  for (int64_t i = 0; i < n; ++i) {
    MlirAffineExpr oi = dlcDim(ctx, 2 + i), ki = dlcDim(ctx, c + 1 + i);
    o[2 + i] = oi;
    wt[2 + i] = ki;
    in[2 + i] = mlirAffineAddExprGet(mlirAffineMulExprGet(oi, dlcCst(ctx, strides[i])),
                                     mlirAffineMulExprGet(ki, dlcCst(ctx, dilations[i])));
  }
  MlirAffineMap maps[3] = {mlirAffineMapGet(ctx, numLoops, 0, out.rank, in),
                           mlirAffineMapGet(ctx, numLoops, 0, out.rank, wt),
                           mlirAffineMapGet(ctx, numLoops, 0, out.rank, o)};

  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic =
      outputSizes(&rw->b, input, weight, &out, &w, strides, dilations, dynamic);
  MlirType elt = dlcElementType(resultType);
  MlirValue init = dlcFill(&rw->b, dlcConstScalar(&rw->b, elt, 0),
                           dlcEmpty(&rw->b, resultType, numDynamic, dynamic));
  DlcShape inShape;
  dlcShapeOf(mlirValueGetType(input), &inShape);
  MlirValue named = namedConv2D(rw, input, weight, init, &inShape, &w, groups, strides, dilations);
  if (!mlirValueIsNull(named)) {
    dlcReplaceOp(rw, 1, &named);
    return mlirLogicalResultSuccess();
  }
  MlirValue operands[2] = {input, weight};
  MlirBlock block;
  MlirOperation generic = dlcGeneric(&rw->b, 2, operands, 1, &init, maps, numLoops, iterators, &block);
  DlcBuilder body = dlcBuilderAtBlockEnd(block, rw->b.loc);
  MlirValue product =
      dlcMulScalar(&body, elt, mlirBlockGetArgument(block, 0), mlirBlockGetArgument(block, 1));
  MlirValue sum = dlcAddScalar(&body, elt, mlirBlockGetArgument(block, 2), product);
  dlcYield(&body, 1, &sum);
  MlirValue result = mlirOperationGetResult(generic, 0);
  dlcReplaceOp(rw, 1, &result);
  return mlirLogicalResultSuccess();
}
