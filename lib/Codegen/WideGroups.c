//===- WideGroups.c - Grouped convolutions as a loop of convolutions -*- C -*-===//
//
// A grouped NHWC convolution (linalg.conv_2d_nhwgc_gfhwc) whose groups
// are wide (dlcGroupedConvGroupsAreWide: RegNetX's 16 channels a group,
// ResNeXt's last stages) is computed as a convolution per group: an
// scf.forall over the groups whose body is a linalg.conv_2d_nhwc_hwcf on
// the group's channels of the input (a view) and its weights (repacked
// once, G x KH x KW x C/G x F/G), written into the group's channels of the
// result. dlc-codegen then finds that convolution like any other and gives
// it the direct schedule, whose register tiles take a vector of the
// group's output channels; threads share the groups (the schedule's own
// parallel loop, nested, runs serially). As im2col columns and their
// product per group, every group copied KH*KW*C/G x OH*OW columns (1.8 MB
// for RegNetX-400MF's 2 groups of 16 at 56x56) before multiplying them.
// One loop over groups, not a convolution per group: RegNetX-400MF has 380
// groups, each convolution a loop nest to schedule and compile.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Transforms/Layout.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static int64_t dimOf(MlirValue v, intptr_t i) {
  return mlirShapedTypeGetDimSize(mlirValueGetType(v), i);
}

bool dlcGroupedConvIsWide(MlirOperation conv) {
  if (!dlcGroupedConvNHWCApplies(conv) || !dlcIsZeroFill(mlirOperationGetOperand(conv, 2)))
    return false;
  MlirValue weight = mlirOperationGetOperand(conv, 1);
  return dlcGroupedConvGroupsAreWide(dimOf(weight, 4), dimOf(weight, 1));
}

// The attributes of a slice of a rank-5 tensor at a dynamic index in dim
// `dim`, 0 elsewhere, `sizes` long, unit strides; `segments` the op's
// operand segments (`numSegments` of them).
static void groupSliceAttrs(MlirContext ctx, intptr_t dim, const int64_t *sizes,
                            intptr_t numSegments, const int32_t *segments,
                            MlirNamedAttribute *attrs) {
  int64_t offsets[5] = {0}, strides[5] = {1, 1, 1, 1, 1};
  offsets[dim] = mlirShapedTypeGetDynamicStrideOrOffset();
  attrs[0] =
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, numSegments, segments));
  attrs[1] = dlcNamed(ctx, "static_offsets", dlcI64ArrayAttr(ctx, 5, offsets));
  attrs[2] = dlcNamed(ctx, "static_sizes", dlcI64ArrayAttr(ctx, 5, sizes));
  attrs[3] = dlcNamed(ctx, "static_strides", dlcI64ArrayAttr(ctx, 5, strides));
}

// Group `group` of the rank-5 `source` along `dim`: a `type` (the unit
// dim dropped).
static MlirValue groupOf(DlcBuilder *b, MlirValue source, intptr_t dim, MlirValue group,
                         MlirType type) {
  int64_t sizes[5];
  for (intptr_t i = 0; i < 5; ++i)
    sizes[i] = i == dim ? 1 : dimOf(source, i);
  // Operands: source, offsets.
  static const int32_t segments[4] = {1, 1, 0, 0};
  MlirNamedAttribute attrs[4];
  groupSliceAttrs(b->ctx, dim, sizes, 4, segments, attrs);
  MlirValue operands[2] = {source, group};
  return dlcBuild1(b, "tensor.extract_slice", 2, operands, type, 4, attrs);
}

static MlirType f32Tensor(MlirContext ctx, intptr_t rank, const int64_t *shape) {
  return mlirRankedTensorTypeGet(rank, shape, mlirF32TypeGet(ctx), mlirAttributeGetNull());
}

void dlcRewriteWideGroupedConv(MlirOperation conv) {
  MlirValue input = mlirOperationGetOperand(conv, 0), weight = mlirOperationGetOperand(conv, 1);
  MlirValue out = mlirOperationGetResult(conv, 0);
  MlirOperation zeros = dlcDefiningOp(mlirOperationGetOperand(conv, 2));
  int64_t g = dimOf(weight, 0), fg = dimOf(weight, 1), kh = dimOf(weight, 2);
  int64_t kw = dimOf(weight, 3), cg = dimOf(weight, 4);
  int64_t n = dimOf(out, 0), oh = dimOf(out, 1), ow = dimOf(out, 2);
  MlirLocation loc = mlirOperationGetLocation(conv);
  MlirBlock scratch = mlirBlockCreate(0, NULL, NULL);
  DlcBuilder b = dlcBuilderAtBlockEnd(scratch, loc);
  MlirContext ctx = b.ctx;
  // G x F/G x KH x KW x C/G -> G x KH x KW x C/G x F/G: each group's
  // weights in the layout of a convolution's.
  static const int64_t toGHWCF[5] = {0, 2, 3, 4, 1};
  MlirValue weights = dlcLayoutTransposed(&b, weight, toGHWCF);
  // Every element of the result is written by its group: no fill.
  MlirValue result = dlcEmpty(&b, mlirValueGetType(out), 0, NULL);
  MlirValue zero = mlirOperationGetOperand(zeros, 0);

  MlirType index = mlirIndexTypeGet(ctx), outType = mlirValueGetType(out);
  MlirType argTypes[2] = {index, outType};
  MlirLocation argLocs[2] = {loc, loc};
  MlirBlock body = mlirBlockCreate(2, argTypes, argLocs);
  MlirValue group = mlirBlockGetArgument(body, 0), shared = mlirBlockGetArgument(body, 1);
  DlcBuilder inBody = dlcBuilderAtBlockEnd(body, loc);
  int64_t inShape[4] = {n, dimOf(input, 1), dimOf(input, 2), cg}, wShape[4] = {kh, kw, cg, fg};
  int64_t outShape[4] = {n, oh, ow, fg};
  MlirType groupOut = f32Tensor(ctx, 4, outShape);
  MlirValue operands[2] = {groupOf(&inBody, input, 3, group, f32Tensor(ctx, 4, inShape)),
                           groupOf(&inBody, weights, 0, group, f32Tensor(ctx, 4, wShape))};
  MlirValue init = dlcFill(&inBody, zero, dlcEmpty(&inBody, groupOut, 0, NULL));
  MlirNamedAttribute convAttrs[2] = {
      dlcNamed(ctx, "strides", mlirOperationGetAttributeByName(conv, ref("strides"))),
      dlcNamed(ctx, "dilations", mlirOperationGetAttributeByName(conv, ref("dilations")))};
  MlirOperation inner = dlcNamedLinalg(&inBody, "linalg.conv_2d_nhwc_hwcf", 2, operands, 1, &init,
                                       groupOut, 2, convAttrs);
  // scf.forall.in_parallel { tensor.parallel_insert_slice }.
  MlirBlock yieldBody = mlirBlockCreate(0, NULL, NULL);
  DlcBuilder inYield = dlcBuilderAtBlockEnd(yieldBody, loc);
  int64_t sizes[5] = {n, oh, ow, 1, fg};
  // Operands: source, dest, offsets.
  static const int32_t segments5[5] = {1, 1, 1, 0, 0};
  MlirNamedAttribute insertAttrs[4];
  groupSliceAttrs(ctx, 3, sizes, 5, segments5, insertAttrs);
  MlirValue insertOperands[3] = {mlirOperationGetResult(inner, 0), shared, group};
  dlcBuildOp(&inYield, "tensor.parallel_insert_slice", 3, insertOperands, 0, NULL, 4, insertAttrs,
             0, NULL);
  MlirRegion yieldRegion = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(yieldRegion, yieldBody);
  dlcBuildOp(&inBody, "scf.forall.in_parallel", 0, NULL, 0, NULL, 0, NULL, 1, &yieldRegion);

  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  int64_t lower = 0, upper = g, step = 1;
  int32_t segments[4] = {0, 0, 0, 1};
  MlirNamedAttribute loopAttrs[4] = {
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, segments)),
      dlcNamed(ctx, "staticLowerBound", dlcI64ArrayAttr(ctx, 1, &lower)),
      dlcNamed(ctx, "staticUpperBound", dlcI64ArrayAttr(ctx, 1, &upper)),
      dlcNamed(ctx, "staticStep", dlcI64ArrayAttr(ctx, 1, &step))};
  MlirOperation loop =
      dlcBuildOp(&b, "scf.forall", 1, &result, 1, &outType, 4, loopAttrs, 1, &region);
  dlcReplaceWithScratch(conv, scratch, mlirOperationGetResult(loop, 0));
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(zeros, 0))))
    mlirOperationDestroy(zeros);
}
