//===- NonMaxSuppression.c - ONNX NonMaxSuppression as scalar loops -*- C -*-===//
//
// Boxes are few (tens to thousands), so the selection is scalar scf loops
// on tensors, with onnxruntime's order and arithmetic:
//   for each batch, for each class:
//     `done` marks the boxes at or below the score threshold;
//     box-count times: the available box with the highest score (the lower
//     index on ties) is taken; it is kept when fewer than max_output boxes
//     are kept for the class and its IoU with none of them exceeds the
//     threshold.
// Kept rows go to a buffer of batch * class * box + 1 rows; each step
// writes its row at the next free one unconditionally and advances only
// when the box is kept (the spare row makes that write always in bounds),
// so no step needs an scf.if. The result is a copy of the buffer's first
// rows.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Conversion/GraphToTensor/Scalar.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

typedef struct Nms {
  MlirValue boxes, scores;
  MlirValue maxOutput;      ///< i64
  MlirValue iouThreshold;   ///< f32
  MlirValue scoreThreshold; ///< f32, null when absent: no filter
  bool center;
  MlirValue numBoxes;
  MlirValue batch, cls; ///< the current batch and class (index)
  MlirValue start;      ///< the current class's first row
  MlirValue best;       ///< the box being checked against the kept ones
  MlirType f32, i1, i64;
} Nms;

static MlirValue arith2(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue in[2] = {x, y};
  return dlcBuild1(b, name, 2, in, mlirValueGetType(x), 0, NULL);
}

static MlirValue extractAt(DlcBuilder *b, MlirValue t, intptr_t n, const MlirValue *indices) {
  MlirValue in[4] = {t};
  for (intptr_t i = 0; i < n; ++i)
    in[i + 1] = indices[i];
  return dlcBuild1(b, "tensor.extract", n + 1, in,
                   mlirShapedTypeGetElementType(mlirValueGetType(t)), 0, NULL);
}

static MlirValue insertAt(DlcBuilder *b, MlirValue v, MlirValue t, intptr_t n,
                          const MlirValue *indices) {
  MlirValue in[5] = {v, t};
  for (intptr_t i = 0; i < n; ++i)
    in[i + 2] = indices[i];
  return dlcBuild1(b, "tensor.insert", n + 2, in, mlirValueGetType(t), 0, NULL);
}

static MlirValue indexCast(DlcBuilder *b, MlirValue v, MlirType to) {
  return dlcBuild1(b, "arith.index_cast", 1, &v, to, 0, NULL);
}

static MlirValue dimOf(DlcBuilder *b, MlirValue t, int64_t d) {
  MlirValue in[2] = {t, dlcConstIndex(b, d)};
  return dlcBuild1(b, "tensor.dim", 2, in, mlirIndexTypeGet(b->ctx), 0, NULL);
}

static MlirValue scoreOf(DlcBuilder *b, const Nms *s, MlirValue box) {
  MlirValue at[3] = {s->batch, s->cls, box};
  return extractAt(b, s->scores, 3, at);
}

static MlirValue gt(DlcBuilder *b, const Nms *s, MlirValue x, MlirValue y) {
  return dlcScalarCompare(b, DLC_GT, s->f32, x, y);
}

// A box's extent: x min, x max, y min, y max.
static void extent(DlcBuilder *b, const Nms *s, MlirValue box, MlirValue *e) {
  MlirValue v[4];
  for (int k = 0; k < 4; ++k) {
    MlirValue at[3] = {s->batch, box, dlcConstIndex(b, k)};
    v[k] = extractAt(b, s->boxes, 3, at);
  }
  if (s->center) {
    MlirValue two = dlcScalarConst(b, s->f32, 2.0);
    MlirValue halfW = dlcScalarBinary(b, DLC_DIV, s->f32, v[2], two);
    MlirValue halfH = dlcScalarBinary(b, DLC_DIV, s->f32, v[3], two);
    e[0] = dlcScalarBinary(b, DLC_SUB, s->f32, v[0], halfW);
    e[1] = dlcScalarBinary(b, DLC_ADD, s->f32, v[0], halfW);
    e[2] = dlcScalarBinary(b, DLC_SUB, s->f32, v[1], halfH);
    e[3] = dlcScalarBinary(b, DLC_ADD, s->f32, v[1], halfH);
    return;
  }
  e[0] = dlcScalarBinary(b, DLC_MIN, s->f32, v[1], v[3]);
  e[1] = dlcScalarBinary(b, DLC_MAX, s->f32, v[1], v[3]);
  e[2] = dlcScalarBinary(b, DLC_MIN, s->f32, v[0], v[2]);
  e[3] = dlcScalarBinary(b, DLC_MAX, s->f32, v[0], v[2]);
}

static MlirValue area(DlcBuilder *b, const Nms *s, const MlirValue *e) {
  return dlcScalarBinary(b, DLC_MUL, s->f32, dlcScalarBinary(b, DLC_SUB, s->f32, e[1], e[0]),
                         dlcScalarBinary(b, DLC_SUB, s->f32, e[3], e[2]));
}

// onnxruntime's SuppressByIOU: false for boxes that do not overlap or have
// no area, else IoU > threshold.
static MlirValue suppresses(DlcBuilder *b, const Nms *s, MlirValue box1, MlirValue box2) {
  MlirValue e1[4], e2[4], in[4];
  extent(b, s, box1, e1);
  extent(b, s, box2, e2);
  in[0] = dlcScalarBinary(b, DLC_MAX, s->f32, e1[0], e2[0]);
  in[1] = dlcScalarBinary(b, DLC_MIN, s->f32, e1[1], e2[1]);
  in[2] = dlcScalarBinary(b, DLC_MAX, s->f32, e1[2], e2[2]);
  in[3] = dlcScalarBinary(b, DLC_MIN, s->f32, e1[3], e2[3]);
  MlirValue zero = dlcScalarConst(b, s->f32, 0.0);
  MlirValue inter = area(b, s, in), a1 = area(b, s, e1), a2 = area(b, s, e2);
  MlirValue uni = dlcScalarBinary(b, DLC_SUB, s->f32, dlcScalarBinary(b, DLC_ADD, s->f32, a1, a2),
                                  inter);
  MlirValue iou = dlcScalarBinary(b, DLC_DIV, s->f32, inter, uni);
  MlirValue conds[7] = {gt(b, s, in[1], in[0]), gt(b, s, in[3], in[2]), gt(b, s, inter, zero),
                        gt(b, s, a1, zero),     gt(b, s, a2, zero),     gt(b, s, uni, zero),
                        gt(b, s, iou, s->iouThreshold)};
  MlirValue all = conds[0];
  for (int i = 1; i < 7; ++i)
    all = arith2(b, "arith.andi", all, conds[i]);
  return all;
}

// done[i] = not above the score threshold.
static void initDoneBody(DlcBuilder *b, MlirValue i, const MlirValue *carried, MlirValue *yielded,
                         const void *data) {
  const Nms *s = data;
  MlirValue skip = dlcConstScalar(b, s->i1, 0);
  if (!mlirValueIsNull(s->scoreThreshold))
    skip = arith2(b, "arith.xori", gt(b, s, scoreOf(b, s, i), s->scoreThreshold),
                  dlcConstScalar(b, s->i1, 1));
  yielded[0] = insertAt(b, skip, carried[0], 1, &i);
}

// The best available box: carried are its index, its score and whether any
// box is available; `done` marks the boxes taken or below the threshold.
typedef struct Find {
  const Nms *s;
  MlirValue done;
} Find;

static void findBody(DlcBuilder *b, MlirValue i, const MlirValue *carried, MlirValue *yielded,
                     const void *data) {
  const Find *f = data;
  const Nms *s = f->s;
  MlirValue score = scoreOf(b, s, i);
  MlirValue available =
      arith2(b, "arith.xori", extractAt(b, f->done, 1, &i), dlcConstScalar(b, s->i1, 1));
  MlirValue first = arith2(b, "arith.xori", carried[2], dlcConstScalar(b, s->i1, 1));
  MlirValue better = arith2(b, "arith.andi", available,
                            arith2(b, "arith.ori", first, gt(b, s, score, carried[1])));
  yielded[0] = dlcScalarSelect(b, better, i, carried[0]);
  yielded[1] = dlcScalarSelect(b, better, score, carried[1]);
  yielded[2] = arith2(b, "arith.ori", carried[2], available);
}

typedef struct Check {
  const Nms *s;
  MlirValue out;
} Check;

// suppressed |= the k-th kept box of the class overlaps `best` too much.
static void checkBody(DlcBuilder *b, MlirValue k, const MlirValue *carried, MlirValue *yielded,
                      const void *data) {
  const Check *c = data;
  MlirValue at[2] = {arith2(b, "arith.addi", c->s->start, k), dlcConstIndex(b, 2)};
  MlirValue kept = indexCast(b, extractAt(b, c->out, 2, at), mlirIndexTypeGet(b->ctx));
  yielded[0] = arith2(b, "arith.ori", carried[0], suppresses(b, c->s, c->s->best, kept));
}

// carried: out, total, done.
static void stepBody(DlcBuilder *b, MlirValue iv, const MlirValue *carried, MlirValue *yielded,
                     const void *data) {
  (void)iv;
  Nms s = *(const Nms *)data;
  MlirValue out = carried[0], total = carried[1], done = carried[2];
  Find f = {&s, done};
  MlirValue init[3] = {dlcConstIndex(b, 0), dlcScalarConst(b, s.f32, 0.0),
                       dlcConstScalar(b, s.i1, 0)};
  MlirOperation find = dlcForLoop(b, s.numBoxes, 3, init, findBody, &f);
  s.best = mlirOperationGetResult(find, 0);
  MlirValue found = mlirOperationGetResult(find, 2);
  yielded[2] = insertAt(b, dlcConstScalar(b, s.i1, 1), done, 1, &s.best);
  MlirValue count = arith2(b, "arith.subi", total, s.start);
  Check c = {&s, out};
  MlirValue no = dlcConstScalar(b, s.i1, 0);
  MlirValue suppressed = mlirOperationGetResult(dlcForLoop(b, count, 1, &no, checkBody, &c), 0);
  MlirValue in[2] = {indexCast(b, count, s.i64), s.maxOutput};
  MlirValue room = dlcScalarCompare(b, DLC_LT, s.i64, in[0], in[1]);
  MlirValue keep = arith2(b, "arith.andi", arith2(b, "arith.andi", found, room),
                          arith2(b, "arith.xori", suppressed, dlcConstScalar(b, s.i1, 1)));
  MlirValue row[3] = {s.batch, s.cls, s.best};
  for (int k = 0; k < 3; ++k) {
    MlirValue at[2] = {total, dlcConstIndex(b, k)};
    out = insertAt(b, indexCast(b, row[k], s.i64), out, 2, at);
  }
  yielded[0] = out;
  yielded[1] = arith2(b, "arith.addi", total,
                      dlcScalarSelect(b, keep, dlcConstIndex(b, 1), dlcConstIndex(b, 0)));
}

// carried: out, total.
static void classBody(DlcBuilder *b, MlirValue cls, const MlirValue *carried, MlirValue *yielded,
                      const void *data) {
  Nms s = *(const Nms *)data;
  s.cls = cls;
  s.start = carried[1];
  int64_t dyn = DLC_DYN;
  MlirType doneType = mlirRankedTensorTypeGet(1, &dyn, s.i1, mlirAttributeGetNull());
  MlirValue done = dlcBuild1(b, "tensor.empty", 1, &s.numBoxes, doneType, 0, NULL);
  done = mlirOperationGetResult(dlcForLoop(b, s.numBoxes, 1, &done, initDoneBody, &s), 0);
  MlirValue init[3] = {carried[0], carried[1], done};
  MlirOperation steps = dlcForLoop(b, s.numBoxes, 3, init, stepBody, &s);
  yielded[0] = mlirOperationGetResult(steps, 0);
  yielded[1] = mlirOperationGetResult(steps, 1);
}

typedef struct Batch {
  const Nms *s;
  MlirValue numClasses;
} Batch;

static void batchBody(DlcBuilder *b, MlirValue batch, const MlirValue *carried,
                      MlirValue *yielded, const void *data) {
  const Batch *bt = data;
  Nms s = *bt->s;
  s.batch = batch;
  MlirOperation classes = dlcForLoop(b, bt->numClasses, 2, carried, classBody, &s);
  yielded[0] = mlirOperationGetResult(classes, 0);
  yielded[1] = mlirOperationGetResult(classes, 1);
}

// result[r] = buffer[r]: the kept rows in a tensor of their own, whose
// buffer an entry's dynamic output can take over (a view would be strided).
static void copyRowBody(DlcBuilder *b, MlirValue r, const MlirValue *carried, MlirValue *yielded,
                        const void *data) {
  const MlirValue *buffer = data;
  MlirValue out = carried[0];
  for (int k = 0; k < 3; ++k) {
    MlirValue at[2] = {r, dlcConstIndex(b, k)};
    out = insertAt(b, extractAt(b, *buffer, 2, at), out, 2, at);
  }
  yielded[0] = out;
}

// A 0-d operand's value, or `dflt` when the operand is absent.
static MlirValue scalarOr(DlcBuilder *b, MlirValue t, MlirType elt, double dflt) {
  if (mlirValueIsNull(t))
    return dlcConstScalar(b, elt, dflt);
  return extractAt(b, t, 0, NULL);
}

static MlirLogicalResult lowerNonMaxSuppression(DlcRewriter *rw) {
  DlcBuilder *b = &rw->b;
  MlirContext ctx = b->ctx;
  Nms s = {.boxes = dlcOpOperand(rw->op, 0),
           .scores = dlcOpOperand(rw->op, 1),
           .center = dlcOpInt(rw->op, "center_point_box") == 1,
           .f32 = mlirF32TypeGet(ctx),
           .i1 = mlirIntegerTypeGet(ctx, 1),
           .i64 = mlirIntegerTypeGet(ctx, 64)};
  s.maxOutput = scalarOr(b, dlcOpOperand(rw->op, 2), s.i64, 0);
  s.iouThreshold = scalarOr(b, dlcOpOperand(rw->op, 3), s.f32, 0);
  MlirValue scoreThreshold = dlcOpOperand(rw->op, 4);
  if (!mlirValueIsNull(scoreThreshold))
    s.scoreThreshold = extractAt(b, scoreThreshold, 0, NULL);
  MlirValue numBatches = dimOf(b, s.scores, 0);
  Batch bt = {&s, dimOf(b, s.scores, 1)};
  s.numBoxes = dimOf(b, s.scores, 2);
  MlirValue rows = arith2(b, "arith.muli", arith2(b, "arith.muli", numBatches, bt.numClasses),
                          s.numBoxes);
  rows = arith2(b, "arith.addi", rows, dlcConstIndex(b, 1));
  int64_t dims[2] = {DLC_DYN, 3};
  MlirType outType = mlirRankedTensorTypeGet(2, dims, s.i64, mlirAttributeGetNull());
  MlirValue init[2] = {dlcBuild1(b, "tensor.empty", 1, &rows, outType, 0, NULL),
                       dlcConstIndex(b, 0)};
  MlirOperation batches = dlcForLoop(b, numBatches, 2, init, batchBody, &bt);
  MlirValue kept = mlirOperationGetResult(batches, 1);
  MlirValue result = dlcBuild1(b, "tensor.empty", 1, &kept, outType, 0, NULL);
  MlirValue buffer = mlirOperationGetResult(batches, 0);
  result = mlirOperationGetResult(dlcForLoop(b, kept, 1, &result, copyRowBody, &buffer), 0);
  return dlcReplaceOpCast(rw, 1, &result);
}

const DlcLowering dlcNonMaxSuppressionLowerings[] = {
    {"dlc_graph.non_max_suppression", lowerNonMaxSuppression},
};
const size_t dlcNumNonMaxSuppressionLowerings =
    sizeof dlcNonMaxSuppressionLowerings / sizeof *dlcNonMaxSuppressionLowerings;
