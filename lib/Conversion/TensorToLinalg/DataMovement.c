//===- DataMovement.c - transpose, reshape, broadcast, slice ----*- C -*-===//
//
// The primitives that only move elements:
//   transpose -> linalg.transpose
//   reshape   -> tensor.collapse_shape to 1-D and tensor.expand_shape
//                (static shapes), collapse_shape and expand_shape by groups
//                of dims (a dynamic one that regroups static dims around
//                one `?`), else tensor.reshape with a shape tensor
//                (memref.reshape once bufferized); views of the same buffer
//   broadcast -> linalg.generic reading index 0 along stretched dims
//   slice     -> tensor.extract_slice with static offsets and strides
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/TensorToLinalg.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Dialect/Linalg.h"

static MlirType resultTypeOf(DlcRewriter *rw) {
  return mlirValueGetType(mlirOperationGetResult(rw->op, 0));
}

static MlirLogicalResult replaceWith(DlcRewriter *rw, MlirValue v) {
  dlcReplaceOp(rw, 1, &v);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcLowerTranspose(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  int64_t perm[DLC_MAX_RANK];
  int64_t rank = dlcOpInts(rw->op, "perm", perm, DLC_MAX_RANK);
  // linalg.transpose wants the init's dims exactly the input's, permuted.
  DlcShape in, out = {.rank = rank};
  dlcShapeOf(mlirValueGetType(input), &in);
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t i = 0; i < rank; ++i) {
    out.dims[i] = in.dims[perm[i]];
    if (out.dims[i] == DLC_DYN)
      dynamic[numDynamic++] = dlcTensorDim(&rw->b, input, perm[i]);
  }
  MlirType type = dlcTensorType(&out, dlcElementType(resultTypeOf(rw)));
  MlirValue operands[2] = {input, dlcEmpty(&rw->b, type, numDynamic, dynamic)};
  MlirNamedAttribute attr = dlcNamed(ctx, "permutation", dlcI64ArrayAttr(ctx, rank, perm));
  MlirRegion region = mlirRegionCreate();
  MlirOperation op =
      dlcBuildOp(&rw->b, "linalg.transpose", 2, operands, 1, &type, 1, &attr, 1, &region);
  mlirLinalgFillBuiltinNamedOpRegion(op);
  return replaceWith(rw, dlcCastTo(&rw->b, mlirOperationGetResult(op, 0), resultTypeOf(rw)));
}

// All dims of a rank-`rank` tensor in one group: the reassociation of a
// collapse to 1-D or an expansion from it.
static MlirAttribute oneGroup(MlirContext ctx, int64_t rank) {
  MlirAttribute dims[DLC_MAX_RANK];
  for (int64_t i = 0; i < rank; ++i)
    dims[i] = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), i);
  MlirAttribute group = mlirArrayAttrGet(ctx, rank, dims);
  return mlirArrayAttrGet(ctx, 1, &group);
}

// A static reshape as a collapse to 1-D and an expansion to the result:
// views with static strides once bufferized. A tensor.reshape becomes a
// memref.reshape whose strides are loaded from its shape operand at run
// time, and LLVM then gives up vectorizing the small loops that read it
// (softmax over rows of 32: 4x slower).
static MlirValue staticReshape(DlcBuilder *b, MlirValue input, const DlcShape *in,
                               const DlcShape *out, MlirType elt) {
  int64_t count = 1;
  for (int64_t i = 0; i < in->rank; ++i)
    count *= in->dims[i];
  MlirValue v = input;
  if (in->rank > 1) {
    DlcShape flat = {.rank = 1, .dims = {count}};
    MlirNamedAttribute attr = dlcNamed(b->ctx, "reassociation", oneGroup(b->ctx, in->rank));
    v = dlcBuild1(b, "tensor.collapse_shape", 1, &v, dlcTensorType(&flat, elt), 1, &attr);
  }
  if (out->rank > 1) {
    MlirNamedAttribute attrs[2] = {
        dlcNamed(b->ctx, "reassociation", oneGroup(b->ctx, out->rank)),
        dlcNamed(b->ctx, "static_output_shape", mlirDenseI64ArrayGet(b->ctx, out->rank, out->dims))};
    v = dlcBuild1(b, "tensor.expand_shape", 1, &v, dlcTensorType(out, elt), 2, attrs);
  }
  return v;
}

// Reassociation of groups [first[g], first[g + 1]) of a rank-`rank` shape.
static MlirAttribute groupsAttr(MlirContext ctx, int64_t numGroups, const int64_t *first) {
  MlirAttribute groups[DLC_MAX_RANK];
  for (int64_t g = 0; g < numGroups; ++g) {
    MlirAttribute dims[DLC_MAX_RANK];
    for (int64_t i = first[g]; i < first[g + 1]; ++i)
      dims[i - first[g]] = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), i);
    groups[g] = mlirArrayAttrGet(ctx, first[g + 1] - first[g], dims);
  }
  return mlirArrayAttrGet(ctx, numGroups, groups);
}

static int64_t product(const DlcShape *s, int64_t from, int64_t to) {
  int64_t p = 1;
  for (int64_t i = from; i < to; ++i)
    p = s->dims[i] == DLC_DYN || p == DLC_DYN ? DLC_DYN : p * s->dims[i];
  return p;
}

// Ends a group of static dims at the front (step 1) or the back (step -1)
// of both shapes: the fewest dims of each (one at least) with equal
// products. False at a dynamic dim or where no prefix matches.
static bool matchStaticGroup(const DlcShape *in, const DlcShape *out, int64_t *i, int64_t *j,
                             int64_t iEnd, int64_t jEnd, int step) {
  int64_t pi = 1, pj = 1, i0 = *i, j0 = *j;
  do {
    if (*i == i0 || (pi <= pj && *j != j0)) {
      if (*i == iEnd || in->dims[*i] == DLC_DYN)
        return false;
      pi *= in->dims[*i];
      *i += step;
    } else {
      if (*j == jEnd || out->dims[*j] == DLC_DYN)
        return false;
      pj *= out->dims[*j];
      *j += step;
    }
  } while (pi != pj || pi == 0 || *j == j0);
  return true;
}

// A reshape with one dynamic result dim as a collapse and an expansion by
// groups: static dims that regroup at the front and at the back, and one
// group between them holding the `?`s (input dims: any number, the result
// dim: the one). Strides stay static once bufferized (unlike
// memref.reshape: see staticReshape). Null when the shapes do not split
// so; for example [?, 32, 64] -> [?, 64] is {?, 32} -> {?}, {64} -> {64}.
static MlirValue groupedReshape(DlcBuilder *b, MlirValue input, const DlcShape *in,
                                const DlcShape *out, MlirType elt, MlirValue dynamicSize) {
  int64_t i = 0, j = 0, numGroups = 0, inFirst[DLC_MAX_RANK + 1], outFirst[DLC_MAX_RANK + 1];
  for (;;) {
    int64_t i2 = i, j2 = j;
    if (!matchStaticGroup(in, out, &i2, &j2, in->rank, out->rank, 1))
      break;
    inFirst[numGroups] = i, outFirst[numGroups++] = j;
    i = i2, j = j2;
  }
  int64_t iBack = in->rank, jBack = out->rank, numBack = 0;
  int64_t backIn[DLC_MAX_RANK], backOut[DLC_MAX_RANK];
  for (;;) {
    int64_t i2 = iBack - 1, j2 = jBack - 1;
    if (!matchStaticGroup(in, out, &i2, &j2, i - 1, j - 1, -1))
      break;
    backIn[numBack] = i2 + 1, backOut[numBack++] = j2 + 1;
    iBack = i2 + 1, jBack = j2 + 1;
  }
  // The middle group: at least one dim each, the result's `?` among them.
  if (iBack <= i || jBack <= j || product(in, i, iBack) != DLC_DYN ||
      product(out, j, jBack) != DLC_DYN)
    return (MlirValue){NULL};
  inFirst[numGroups] = i, outFirst[numGroups++] = j;
  for (int64_t g = numBack; g-- > 0;)
    inFirst[numGroups] = backIn[g], outFirst[numGroups++] = backOut[g];
  inFirst[numGroups] = in->rank, outFirst[numGroups] = out->rank;
  DlcShape mid = {.rank = numGroups};
  for (int64_t g = 0; g < numGroups; ++g)
    mid.dims[g] = product(in, inFirst[g], inFirst[g + 1]);
  MlirValue v = input;
  if (mid.rank != in->rank) {
    MlirNamedAttribute attr = dlcNamed(b->ctx, "reassociation", groupsAttr(b->ctx, numGroups, inFirst));
    v = dlcBuild1(b, "tensor.collapse_shape", 1, &v, dlcTensorType(&mid, elt), 1, &attr);
  }
  if (mid.rank != out->rank) {
    MlirValue operands[2] = {v, dynamicSize};
    MlirNamedAttribute attrs[2] = {
        dlcNamed(b->ctx, "reassociation", groupsAttr(b->ctx, numGroups, outFirst)),
        dlcNamed(b->ctx, "static_output_shape", mlirDenseI64ArrayGet(b->ctx, out->rank, out->dims))};
    v = dlcBuild1(b, "tensor.expand_shape", 2, operands, dlcTensorType(out, elt), 2, attrs);
  }
  return v;
}

// A reshape that only inserts or drops dims of 1 (a reduction's kept
// dims, an unsqueeze): its other dims are the input's in order, so each
// dynamic result dim is a dynamic input dim, however many there are.
// Fills `from` (the input dim of each result dim, -1 for an inserted 1)
// and returns true when `in` and `out` pair up so; builds nothing.
static bool unitDimsOnly(const DlcShape *in, const DlcShape *out, int64_t *from) {
  int64_t j = 0;
  for (int64_t i = 0; i < out->rank; ++i) {
    from[i] = -1;
    if (out->dims[i] == 1)
      continue;
    while (j < in->rank && in->dims[j] == 1)
      ++j;
    if (j == in->rank || in->dims[j] != out->dims[i])
      return false;
    from[i] = j++;
  }
  while (j < in->rank && in->dims[j] == 1)
    ++j;
  return j == in->rank;
}

static int64_t dynamicDims(const DlcShape *s) {
  int64_t count = 0;
  for (int64_t i = 0; i < s->rank; ++i)
    count += s->dims[i] == DLC_DYN;
  return count;
}

MlirLogicalResult dlcLowerReshape(DlcRewriter *rw) {
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  MlirType type = resultTypeOf(rw);
  DlcShape in, out;
  dlcShapeOf(mlirValueGetType(input), &in);
  dlcShapeOf(type, &out);
  if (dlcShapeIsStatic(&in) && dlcShapeIsStatic(&out) && in.rank >= 1 && out.rank >= 1)
    return replaceWith(rw, staticReshape(&rw->b, input, &in, &out, dlcElementType(type)));
  MlirType index = mlirIndexTypeGet(rw->b.ctx);
  MlirType shapeType = mlirRankedTensorTypeGet(1, &out.rank, index, mlirAttributeGetNull());
  MlirValue shape;
  int64_t from[DLC_MAX_RANK];
  if (dlcShapeIsStatic(&out)) {
    MlirAttribute dims[DLC_MAX_RANK];
    for (int64_t i = 0; i < out.rank; ++i)
      dims[i] = mlirIntegerAttrGet(index, out.dims[i]);
    shape = dlcConstant(&rw->b, mlirDenseElementsAttrGet(shapeType, out.rank, dims));
  } else if (dynamicDims(&out) > 1 && unitDimsOnly(&in, &out, from)) {
    MlirValue dims[DLC_MAX_RANK];
    for (int64_t i = 0; i < out.rank; ++i)
      dims[i] = out.dims[i] == DLC_DYN ? dlcTensorDim(&rw->b, input, from[i])
                                       : dlcConstIndex(&rw->b, out.dims[i]);
    shape = dlcBuild1(&rw->b, "tensor.from_elements", out.rank, dims, shapeType, 0, NULL);
  } else {
    // One dynamic dim: the input's element count over the static dims'.
    int64_t known = 1, dynamicAt = -1;
    for (int64_t i = 0; i < out.rank; ++i) {
      if (out.dims[i] != DLC_DYN)
        known *= out.dims[i];
      else if (dynamicAt < 0)
        dynamicAt = i;
      else
        return dlcLoweringUnsupported(rw, "a result with more than one dynamic dim");
    }
    if (known == 0)
      return dlcLoweringUnsupported(rw, "a dynamic dim next to a zero-sized one");
    MlirValue count = dlcConstIndex(&rw->b, 1);
    for (int64_t i = 0; i < in.rank; ++i)
      count = dlcArith(&rw->b, "arith.muli", count,
                       in.dims[i] == DLC_DYN ? dlcTensorDim(&rw->b, input, i)
                                             : dlcConstIndex(&rw->b, in.dims[i]));
    MlirValue size = dlcArith(&rw->b, "arith.divui", count, dlcConstIndex(&rw->b, known));
    MlirValue grouped = groupedReshape(&rw->b, input, &in, &out, dlcElementType(type), size);
    if (!mlirValueIsNull(grouped))
      return replaceWith(rw, grouped);
    MlirValue dims[DLC_MAX_RANK];
    for (int64_t i = 0; i < out.rank; ++i)
      dims[i] = i == dynamicAt ? size : dlcConstIndex(&rw->b, out.dims[i]);
    shape = dlcBuild1(&rw->b, "tensor.from_elements", out.rank, dims, shapeType, 0, NULL);
  }
  MlirValue operands[2] = {input, shape};
  return replaceWith(rw, dlcBuild1(&rw->b, "tensor.reshape", 2, operands, type, 0, NULL));
}

MlirLogicalResult dlcLowerBroadcast(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  MlirType type = resultTypeOf(rw);
  DlcShape in, out;
  dlcShapeOf(mlirValueGetType(input), &in);
  dlcShapeOf(type, &out);
  int64_t lead = out.rank - in.rank;
  MlirAffineExpr exprs[DLC_MAX_RANK];
  for (int64_t j = 0; j < in.rank; ++j)
    exprs[j] = in.dims[j] == 1 ? dlcCst(ctx, 0) : dlcDim(ctx, lead + j);
  MlirAffineMap read = mlirAffineMapGet(ctx, out.rank, 0, in.rank, exprs);
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.dims[d] == DLC_DYN && (d < lead || in.dims[d - lead] == 1))
      return dlcLoweringUnsupported(rw, "dynamic result dim %lld is not an input dim",
                                    (long long)d);
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.dims[d] == DLC_DYN)
      dynamic[numDynamic++] = dlcTensorDim(&rw->b, input, d - lead);
  MlirValue init = dlcEmpty(&rw->b, type, numDynamic, dynamic);
  return replaceWith(rw, dlcCopyRead(&rw->b, input, read, init));
}

// A dynamic result dim runs from the offset to the input's end in the
// stride's direction: ceil((D - offset) / stride) elements for a positive
// stride, offset / -stride + 1 for a negative one.
static MlirValue sliceSize(DlcBuilder *b, MlirValue input, int64_t dim, int64_t offset,
                           int64_t stride) {
  if (stride < 0)
    return dlcConstIndex(b, offset / -stride + 1);
  MlirValue rest = dlcArith(b, "arith.subi", dlcTensorDim(b, input, dim), dlcConstIndex(b, offset));
  MlirValue count = dlcArith(b, "arith.ceildivsi", rest, dlcConstIndex(b, stride));
  return dlcArith(b, "arith.maxsi", count, dlcConstIndex(b, 0));
}

MlirLogicalResult dlcLowerSlice(DlcRewriter *rw) {
  MlirContext ctx = rw->b.ctx;
  MlirValue input = mlirOperationGetOperand(rw->op, 0);
  MlirType type = resultTypeOf(rw);
  DlcShape out;
  dlcShapeOf(type, &out);
  int64_t offsets[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  dlcOpInts(rw->op, "offsets", offsets, DLC_MAX_RANK);
  dlcOpInts(rw->op, "strides", strides, DLC_MAX_RANK);
  MlirValue operands[1 + DLC_MAX_RANK] = {input};
  int32_t numSizes = 0;
  for (int64_t i = 0; i < out.rank; ++i)
    if (out.dims[i] == DLC_DYN)
      operands[1 + numSizes++] = sliceSize(&rw->b, input, i, offsets[i], strides[i]);
  // Reading no elements needs no slice (see dlcHasNoElements).
  if (dlcHasNoElements(type) || dlcHasNoElements(mlirValueGetType(input)))
    return replaceWith(rw, dlcEmpty(&rw->b, type, numSizes, operands + 1));
  int32_t segments[4] = {1, 0, numSizes, 0};
  MlirNamedAttribute attrs[4] = {
      dlcNamed(ctx, "static_offsets", dlcI64ArrayAttr(ctx, out.rank, offsets)),
      dlcNamed(ctx, "static_sizes", dlcI64ArrayAttr(ctx, out.rank, out.dims)),
      dlcNamed(ctx, "static_strides", dlcI64ArrayAttr(ctx, out.rank, strides)),
      dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, segments))};
  return replaceWith(rw, dlcBuild1(&rw->b, "tensor.extract_slice", 1 + numSizes, operands, type, 4,
                                   attrs));
}
