//===- InferShapeOps.c - Shape rules of reshape, slice, pad... --*- C -*-===//
//
// The attribute checks and normalizations live in ShapeOpParams.c, which
// the decompositions share; these rules add the operand checks and build
// the result types.
//
//===----------------------------------------------------------------------===//

#include "Dialect/GatherShapes.h"
#include "Dialect/Graph/GraphInfer.h"
#include "Dialect/Graph/ShapeOpParams.h"
#include "Dialect/Graph/ShapeValues.h"
#include "Support/Diag.h"
#include "Support/Str.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirLogicalResult fail(void) { return mlirLogicalResultFailure(); }

static MlirLogicalResult result(DlcInfer *in, const DlcShape *shape) {
  in->results[0] = dlcTensorType(shape, in->elts[0]);
  return mlirLogicalResultSuccess();
}

static bool sameElt(DlcInfer *in, int a, int b) {
  if (mlirTypeEqual(in->elts[a], in->elts[b]))
    return true;
  DlcStr x = DLC_STR_INIT, y = DLC_STR_INIT;
  dlcStrAppendType(&x, in->types[a]);
  dlcStrAppendType(&y, in->types[b]);
  dlcEmitOpError(in->op, "operands '%s' (%s) and '%s' (%s) must have the same element type",
                 in->def->operands[a].name, dlcStrGet(&x), in->def->operands[b].name,
                 dlcStrGet(&y));
  dlcStrFree(&x);
  dlcStrFree(&y);
  return false;
}

// With the shape as an operand (known at run time), the result rank
// follows from the operand's length, and the dims that ShapeValues.c
// can follow through the ops computing it. Exactly one of attribute and
// operand.
static MlirLogicalResult shapeOperand(DlcInfer *in, bool *given) {
  bool hasAttr = dlcOpHasAttr(in->op, "shape");
  *given = !mlirValueIsNull(in->operands[1]);
  if (hasAttr == *given) {
    dlcEmitOpError(in->op, "needs exactly one of attribute 'shape' and operand 'shape_tensor'");
    return fail();
  }
  if (!*given)
    return mlirLogicalResultSuccess();
  const DlcShape *s = &in->shapes[1];
  if (s->rank != 1 || s->dims[0] == DLC_DYN || s->dims[0] > DLC_MAX_RANK) {
    dlcEmitOpError(in->op, "operand 'shape_tensor' must be 1-D with a static length of at most "
                           "%d", DLC_MAX_RANK);
    return fail();
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcGraphInferReshape(DlcInfer *in) {
  bool given;
  if (mlirLogicalResultIsFailure(shapeOperand(in, &given)))
    return fail();
  DlcShape out;
  if (given) {
    dlcSymReshape(in->operands[0], &in->shapes[0], in->operands[1], in->shapes[1].dims[0],
                  dlcOpBool(in->op, "allowzero"), &out);
    return result(in, &out);
  }
  if (!dlcReshapeTarget(in->op, &in->shapes[0], &out))
    return fail();
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferFlatten(DlcInfer *in) {
  DlcShape out;
  if (!dlcFlattenShape(in->op, &in->shapes[0], &out))
    return fail();
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferTranspose(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  int64_t perm[DLC_MAX_RANK];
  if (!dlcTransposePerm(in->op, x->rank, perm))
    return fail();
  DlcShape out = {.rank = x->rank};
  for (int64_t i = 0; i < x->rank; ++i)
    out.dims[i] = x->dims[perm[i]];
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferConcat(DlcInfer *in) {
  const DlcShape *a = &in->shapes[0], *b = &in->shapes[1];
  if (!sameElt(in, 0, 1))
    return fail();
  if (a->rank != b->rank) {
    dlcEmitOpError(in->op, "operands 'lhs' and 'rhs' must have the same rank, but have %lld and "
                           "%lld", (long long)a->rank, (long long)b->rank);
    return fail();
  }
  int64_t axis;
  if (!dlcShapeOpAxis(in->op, "axis", a->rank, false, &axis))
    return fail();
  DlcShape out = *a;
  for (int64_t i = 0; i < a->rank; ++i) {
    int64_t x = a->dims[i], y = b->dims[i];
    if (i == axis) {
      out.dims[i] = x == DLC_DYN || y == DLC_DYN ? DLC_DYN : x + y;
    } else if (x != DLC_DYN && y != DLC_DYN && x != y) {
      dlcEmitOpError(in->op, "operands differ in dim %lld (%lld vs %lld), which is not the "
                             "concatenated axis %lld", (long long)i, (long long)x, (long long)y,
                     (long long)axis);
      return fail();
    } else if (x == DLC_DYN) {
      out.dims[i] = y;
    }
  }
  return result(in, &out);
}

// Bounds known at run time: the sliced dims are unknown, the others kept.
static MlirLogicalResult inferSliceOfBounds(DlcInfer *in) {
  if (dlcOpHasAttr(in->op, "starts") || dlcOpHasAttr(in->op, "ends")) {
    dlcEmitOpError(in->op, "needs 'starts' and 'ends' as attributes or as operand "
                           "'bounds_tensor', not both");
    return fail();
  }
  const DlcShape *x = &in->shapes[0], *b = &in->shapes[1];
  if (b->rank != 2 || (b->dims[0] != 2 && b->dims[0] != 4) || b->dims[1] == DLC_DYN ||
      b->dims[1] > x->rank) {
    dlcEmitOpError(in->op, "operand 'bounds_tensor' must be 2 x n or 4 x n with n static and at "
                           "most the input's rank");
    return fail();
  }
  int64_t axes[DLC_MAX_RANK], n = b->dims[1];
  int64_t given = dlcOpInts(in->op, "axes", axes, DLC_MAX_RANK);
  DlcShape out = *x;
  // Axes and steps among the rows: any dim may be sliced.
  if (b->dims[0] == 4) {
    if (dlcOpHasAttr(in->op, "axes") || dlcOpHasAttr(in->op, "steps")) {
      dlcEmitOpError(in->op, "a 4-row 'bounds_tensor' holds the axes and steps: attributes "
                             "'axes' and 'steps' must be absent");
      return fail();
    }
    for (int64_t i = 0; i < x->rank; ++i)
      out.dims[i] = DLC_DYN;
    return result(in, &out);
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t axis = given >= 0 && i < given ? axes[i] : i;
    if (!dlcNormalizeAxis(&axis, x->rank)) {
      dlcEmitOpError(in->op, "attribute 'axes' entry %lld is out of range", (long long)i);
      return fail();
    }
    out.dims[axis] = DLC_DYN;
  }
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferSlice(DlcInfer *in) {
  if (!mlirValueIsNull(in->operands[1]))
    return inferSliceOfBounds(in);
  DlcSliceParams p;
  if (!dlcSliceParams(in->op, &in->shapes[0], &p))
    return fail();
  DlcShape out = {.rank = p.rank};
  for (int64_t i = 0; i < p.rank; ++i)
    out.dims[i] = p.sizes[i];
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferSqueeze(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  bool drop[DLC_MAX_RANK], maybe[DLC_MAX_RANK];
  if (!dlcSqueezeDims(in->op, x, drop, maybe))
    return fail();
  int64_t known = 0, unknown = 0;
  for (int64_t i = 0; i < x->rank; ++i) {
    unknown += maybe[i];
    known += !drop[i] && !maybe[i];
  }
  // Without axes, whether a dynamic dim is removed depends on its run-time
  // size: the declared rank says, within what the static dims allow. An
  // op the importer is still building declares none (an unranked
  // placeholder): its dynamic dims are kept, as onnx-mlir keeps them. A
  // dim that varies is there to hold more than one element; where it is 1
  // at run time ONNX would drop it, a rank the compiled code cannot take.
  int64_t rank = mlirTypeIsARankedTensor(in->declared[0])
                     ? mlirShapedTypeGetRank(in->declared[0])
                     : known + unknown;
  if (unknown && (rank < known || rank > known + unknown)) {
    dlcEmitOpError(in->op, "result has rank %lld, but removing the size-1 dims of the input "
                           "leaves %lld to %lld dims", (long long)rank, (long long)known,
                   (long long)(known + unknown));
    return fail();
  }
  if (unknown && rank != known && rank != known + unknown)
    return mlirLogicalResultSuccess(); // which dynamic dims remain is unknown
  bool keepMaybe = unknown && rank == known + unknown;
  DlcShape out = {.rank = 0};
  for (int64_t i = 0; i < x->rank; ++i)
    if (!drop[i] && (!maybe[i] || keepMaybe))
      out.dims[out.rank++] = x->dims[i];
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferUnsqueeze(DlcInfer *in) {
  DlcShape out;
  if (!dlcUnsqueezeShape(in->op, &in->shapes[0], &out))
    return fail();
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferGather(DlcInfer *in) {
  int64_t axis;
  DlcShape out;
  if (!dlcShapeOpAxis(in->op, "axis", in->shapes[0].rank, false, &axis) ||
      !dlcGatherShape(in, axis, &out))
    return fail();
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferGatherElements(DlcInfer *in) {
  int64_t axis;
  if (!dlcShapeOpAxis(in->op, "axis", in->shapes[0].rank, false, &axis) ||
      !dlcCheckGatherElementsIndices(in, axis))
    return fail();
  return result(in, &in->shapes[1]);
}

// Pads known at run time (constant mode only): the padded dims are
// unknown, the others kept.
static bool padsOfOperand(DlcInfer *in, DlcShape *out) {
  const DlcShape *x = &in->shapes[0], *t = &in->shapes[2];
  if (dlcOpHasAttr(in->op, "pads")) {
    dlcEmitOpError(in->op, "needs 'pads' as an attribute or as operand 'pads_tensor', not both");
    return false;
  }
  if (!mlirStringRefEqual(dlcOpString(in->op, "mode"), mlirStringRefCreateFromCString("constant"))) {
    dlcEmitOpError(in->op, "operand 'pads_tensor' needs mode \"constant\"");
    return false;
  }
  *out = *x;
  if (t->rank == 2 && t->dims[0] == 3 && t->dims[1] != DLC_DYN && t->dims[1] <= x->rank) {
    if (dlcOpHasAttr(in->op, "axes")) {
      dlcEmitOpError(in->op, "a 3-row 'pads_tensor' holds the axes: attribute 'axes' must be "
                             "absent");
      return false;
    }
    for (int64_t i = 0; i < x->rank; ++i)
      out->dims[i] = DLC_DYN;
    return true;
  }
  int64_t raw[DLC_MAX_RANK], axes[DLC_MAX_RANK];
  int64_t n = dlcOpInts(in->op, "axes", raw, DLC_MAX_RANK);
  if (n < 0) {
    n = x->rank;
    for (int64_t i = 0; i < n; ++i)
      raw[i] = i;
  }
  if (t->rank != 1 || t->dims[0] != 2 * n) {
    dlcEmitOpError(in->op, "operand 'pads_tensor' must be 1-D with %lld entries (a begin and an "
                           "end for each of %lld dims) or 3 x n with n at most the input's rank",
                   (long long)(2 * n), (long long)n);
    return false;
  }
  if (!dlcShapeOpAxes(in->op, "axes", n, raw, x->rank, axes))
    return false;
  for (int64_t i = 0; i < n; ++i)
    out->dims[axes[i]] = DLC_DYN;
  return true;
}

MlirLogicalResult dlcGraphInferPad(DlcInfer *in) {
  DlcPadParams p;
  DlcShape out;
  if (in->types[2].ptr ? !padsOfOperand(in, &out)
                       : !dlcPadParams(in->op, &in->shapes[0], &p, &out))
    return fail();
  if (in->types[1].ptr) {
    const DlcShape *v = &in->shapes[1];
    if (v->rank != 0 && !(v->rank == 1 && v->dims[0] == 1)) {
      dlcEmitOpError(in->op, "operand 'constant_value' must be a 0-d tensor");
      return fail();
    }
    if (!sameElt(in, 0, 1))
      return fail();
  }
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferExpand(DlcInfer *in) {
  bool given;
  if (mlirLogicalResultIsFailure(shapeOperand(in, &given)))
    return fail();
  DlcShape out;
  if (given) {
    dlcSymExpand(&in->shapes[0], in->operands[1], in->shapes[1].dims[0], &out);
    return result(in, &out);
  }
  if (!dlcExpandShape(in->op, &in->shapes[0], &out))
    return fail();
  return result(in, &out);
}

MlirLogicalResult dlcGraphInferShape(DlcInfer *in) {
  int64_t start, end;
  dlcShapeOpRange(in->op, in->shapes[0].rank, &start, &end);
  DlcShape out = {.rank = 1, .dims = {end - start}};
  in->results[0] = dlcTensorType(&out, mlirIntegerTypeGet(in->ctx, 64));
  return mlirLogicalResultSuccess();
}

MlirLogicalResult dlcGraphInferConstantOfShape(DlcInfer *in) {
  MlirType dtype = mlirTypeAttrGetValue(dlcOpAttr(in->op, "dtype"));
  if (!dlcEltIn(dtype, DLC_T_ANY)) {
    dlcEmitOpError(in->op, "attribute 'dtype' must be f32, f64, i8-i64, ui8-ui64 or i1");
    return fail();
  }
  const DlcShape *s = &in->shapes[0];
  if (s->rank != 1 || s->dims[0] == DLC_DYN || s->dims[0] > DLC_MAX_RANK) {
    dlcEmitOpError(in->op, "operand 'shape' must be 1-D with a static length of at most %d",
                   DLC_MAX_RANK);
    return fail();
  }
  DlcShape out = {.rank = s->dims[0]};
  DlcSymDim e[DLC_MAX_RANK];
  dlcSymShapeValue(in->operands[0], e, out.rank);
  for (int64_t i = 0; i < out.rank; ++i)
    out.dims[i] = e[i].known && !e[i].count ? e[i].coef : DLC_DYN;
  for (int64_t i = 0; i < out.rank; ++i) {
    if (out.dims[i] < 0 && out.dims[i] != DLC_DYN) {
      dlcEmitOpError(in->op, "operand 'shape' entries must be >= 0, but entry %lld is %lld",
                     (long long)i, (long long)out.dims[i]);
      return fail();
    }
  }
  in->results[0] = dlcTensorType(&out, dtype);
  return mlirLogicalResultSuccess();
}

// One row per input dim, one column per non-zero element: known only when
// the code runs.
MlirLogicalResult dlcGraphInferNonZero(DlcInfer *in) {
  DlcShape out = {.rank = 2, .dims = {in->shapes[0].rank, DLC_DYN}};
  in->results[0] = dlcTensorType(&out, mlirIntegerTypeGet(in->ctx, 64));
  return mlirLogicalResultSuccess();
}

// The input's shape with the selected dim `?` (the whole input flattened
// without `axis`): how many slices are selected is known only when the
// code runs.
MlirLogicalResult dlcGraphInferCompress(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  if (in->shapes[1].rank != 1) {
    dlcEmitOpError(in->op, "operand 'condition' must be 1-D, but has rank %lld",
                   (long long)in->shapes[1].rank);
    return mlirLogicalResultFailure();
  }
  DlcShape out = {.rank = 1, .dims = {DLC_DYN}};
  if (dlcOpHasAttr(in->op, "axis")) {
    int64_t axis;
    if (!dlcShapeOpAxis(in->op, "axis", x->rank, false, &axis))
      return mlirLogicalResultFailure();
    out = *x;
    out.dims[axis] = DLC_DYN;
  }
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  return mlirLogicalResultSuccess();
}

// The distinct values (slices along `axis`) are counted when the code runs;
// inverse_indices has one entry per input element (slice).
MlirLogicalResult dlcGraphInferUnique(DlcInfer *in) {
  const DlcShape *x = &in->shapes[0];
  int64_t total = 1;
  for (int64_t d = 0; d < x->rank && total != DLC_DYN; ++d)
    total = x->dims[d] == DLC_DYN ? DLC_DYN : total * x->dims[d];
  DlcShape dyn = {.rank = 1, .dims = {DLC_DYN}}, all = {.rank = 1, .dims = {total}};
  DlcShape out = dyn;
  if (dlcOpHasAttr(in->op, "axis")) {
    int64_t axis;
    if (!dlcShapeOpAxis(in->op, "axis", x->rank, false, &axis))
      return fail();
    out = *x;
    out.dims[axis] = DLC_DYN;
    all.dims[0] = x->dims[axis];
  }
  MlirType i64 = mlirIntegerTypeGet(in->ctx, 64);
  in->results[0] = dlcTensorType(&out, in->elts[0]);
  in->results[1] = dlcTensorType(&dyn, i64);
  in->results[2] = dlcTensorType(&all, i64);
  in->results[3] = dlcTensorType(&dyn, i64);
  return mlirLogicalResultSuccess();
}

static bool dimsDiffer(int64_t a, int64_t b) { return a != DLC_DYN && b != DLC_DYN && a != b; }

// How many boxes are kept is known only when the code runs: `?` rows of
// [batch, class, box].
MlirLogicalResult dlcGraphInferNonMaxSuppression(DlcInfer *in) {
  const DlcShape *boxes = &in->shapes[0], *scores = &in->shapes[1];
  if (boxes->rank != 3 || dimsDiffer(boxes->dims[2], 4)) {
    dlcEmitOpError(in->op, "operand 'boxes' must be [batch, box, 4]");
    return fail();
  }
  if (scores->rank != 3) {
    dlcEmitOpError(in->op, "operand 'scores' must be [batch, class, box]");
    return fail();
  }
  if (dimsDiffer(boxes->dims[0], scores->dims[0]) || dimsDiffer(boxes->dims[1], scores->dims[2])) {
    dlcEmitOpError(in->op, "operands 'boxes' and 'scores' must agree on the batch and box counts");
    return fail();
  }
  for (int i = 2; i < 5; ++i) {
    if (!mlirValueIsNull(in->operands[i]) && in->shapes[i].rank != 0) {
      dlcEmitOpError(in->op, "operand '%s' must be 0-d", in->def->operands[i].name);
      return fail();
    }
  }
  int64_t center = dlcOpInt(in->op, "center_point_box");
  if (center != 0 && center != 1) {
    dlcEmitOpError(in->op, "attribute 'center_point_box' must be 0 or 1, but is %lld",
                   (long long)center);
    return fail();
  }
  DlcShape out = {.rank = 2, .dims = {DLC_DYN, 3}};
  in->results[0] = dlcTensorType(&out, mlirIntegerTypeGet(in->ctx, 64));
  return mlirLogicalResultSuccess();
}
