//===- DataDep.c - Ops whose result size depends on the data ----*- C -*-===//
//
// compress: a first scf.for counts the selected slices, tensor.empty
// allocates them, a second copies each one (extract_slice / insert_slice
// under scf.if).
// nonzero: a map makes the input an i1 mask, collapsed to 1-D; a first
// scf.for counts its true elements, tensor.empty allocates [rank, count],
// and a second scf.for fills column k with the row-major coordinates of
// the k-th true element (tensor.insert under scf.if). The simplest correct
// form: one pass to size, one pass to fill.
//
//===----------------------------------------------------------------------===//

#include "Conversion/GraphToTensor/GraphToTensor.h"
#include "Dialect/OpDef.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static MlirType indexType(MlirContext ctx) { return mlirIndexTypeGet(ctx); }

static MlirValue arith(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue in[2] = {x, y};
  return dlcBuild1(b, name, 2, in, mlirValueGetType(x), 0, NULL);
}

static MlirValue selectIndex(DlcBuilder *b, MlirValue cond, MlirValue x, MlirValue y) {
  MlirValue in[3] = {cond, x, y};
  return dlcBuild1(b, "arith.select", 3, in, mlirValueGetType(x), 0, NULL);
}

static MlirValue extract(DlcBuilder *b, MlirValue t, MlirValue i) {
  MlirValue in[2] = {t, i};
  return dlcBuild1(b, "tensor.extract", 2, in,
                   mlirShapedTypeGetElementType(mlirValueGetType(t)), 0, NULL);
}

static MlirValue dimOf(DlcBuilder *b, MlirValue t, int64_t d) {
  MlirValue in[2] = {t, dlcConstIndex(b, d)};
  return dlcBuild1(b, "tensor.dim", 2, in, indexType(b->ctx), 0, NULL);
}

MlirBlock dlcNewBlock(MlirRegion *region, intptr_t n, const MlirType *types, MlirLocation loc) {
  MlirLocation locs[8];
  for (intptr_t i = 0; i < n; ++i)
    locs[i] = loc;
  MlirBlock block = mlirBlockCreate(n, types, locs);
  *region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(*region, block);
  return block;
}

MlirOperation dlcForLoop(DlcBuilder *b, MlirValue n, intptr_t numCarried, const MlirValue *init,
                         DlcLoopBody body, const void *data) {
  MlirType types[8];
  types[0] = indexType(b->ctx);
  for (intptr_t i = 0; i < numCarried; ++i)
    types[i + 1] = mlirValueGetType(init[i]);
  MlirRegion region;
  MlirBlock block = dlcNewBlock(&region, numCarried + 1, types, b->loc);
  DlcBuilder in = dlcBuilderAtBlockEnd(block, b->loc);
  MlirValue carried[8], yielded[8];
  for (intptr_t i = 0; i < numCarried; ++i)
    carried[i] = mlirBlockGetArgument(block, i + 1);
  body(&in, mlirBlockGetArgument(block, 0), carried, yielded, data);
  dlcBuildOp(&in, "scf.yield", numCarried, yielded, 0, NULL, 0, NULL, 0, NULL);
  MlirValue operands[8] = {dlcConstIndex(b, 0), n, dlcConstIndex(b, 1)};
  for (intptr_t i = 0; i < numCarried; ++i)
    operands[i + 3] = init[i];
  return dlcBuildOp(b, "scf.for", numCarried + 3, operands, numCarried, types + 1, 0, NULL, 1,
                    &region);
}

// `v` collapsed to 1-D (row-major).
static MlirValue collapse(DlcBuilder *b, MlirValue v) {
  MlirType type = mlirValueGetType(v);
  int64_t rank = mlirShapedTypeGetRank(type), total = 1;
  for (int64_t d = 0; d < rank && total != DLC_DYN; ++d) {
    int64_t size = mlirShapedTypeGetDimSize(type, d);
    total = size == DLC_DYN ? DLC_DYN : total * size;
  }
  MlirType flatType =
      mlirRankedTensorTypeGet(1, &total, mlirShapedTypeGetElementType(type), mlirAttributeGetNull());
  MlirAttribute all[DLC_MAX_RANK];
  for (int64_t d = 0; d < rank; ++d)
    all[d] = mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), d);
  MlirAttribute group = mlirArrayAttrGet(b->ctx, rank, all);
  MlirNamedAttribute attr = dlcNamed(b->ctx, "reassociation", mlirArrayAttrGet(b->ctx, 1, &group));
  return dlcBuild1(b, "tensor.collapse_shape", 1, &v, flatType, 1, &attr);
}

typedef struct NonZero {
  MlirValue flat;  ///< the i1 mask, 1-D
  int64_t rank;
  MlirValue dims[DLC_MAX_RANK]; ///< the input's dims (index)
} NonZero;

static void countBody(DlcBuilder *b, MlirValue iv, const MlirValue *carried, MlirValue *yielded,
                      const void *data) {
  const NonZero *nz = data;
  MlirValue one = selectIndex(b, extract(b, nz->flat, iv), dlcConstIndex(b, 1), dlcConstIndex(b, 0));
  yielded[0] = arith(b, "arith.addi", carried[0], one);
}

static void fillBody(DlcBuilder *b, MlirValue iv, const MlirValue *carried, MlirValue *yielded,
                     const void *data) {
  const NonZero *nz = data;
  MlirValue cond = extract(b, nz->flat, iv);
  MlirType types[2] = {mlirValueGetType(carried[0]), mlirValueGetType(carried[1])};
  MlirRegion regions[2];
  MlirBlock thenBlock = dlcNewBlock(&regions[0], 0, NULL, b->loc);
  MlirBlock elseBlock = dlcNewBlock(&regions[1], 0, NULL, b->loc);
  DlcBuilder t = dlcBuilderAtBlockEnd(thenBlock, b->loc);
  MlirValue table = carried[0], k = carried[1], rest = iv;
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  for (int64_t d = nz->rank - 1; d >= 0; --d) {
    MlirValue coord = d ? arith(&t, "arith.remui", rest, nz->dims[d]) : rest;
    if (d)
      rest = arith(&t, "arith.divui", rest, nz->dims[d]);
    MlirValue value = dlcBuild1(&t, "arith.index_cast", 1, &coord, i64, 0, NULL);
    MlirValue in[4] = {value, table, dlcConstIndex(&t, d), k};
    table = dlcBuild1(&t, "tensor.insert", 4, in, types[0], 0, NULL);
  }
  MlirValue thenYield[2] = {table, arith(&t, "arith.addi", k, dlcConstIndex(&t, 1))};
  dlcBuildOp(&t, "scf.yield", 2, thenYield, 0, NULL, 0, NULL, 0, NULL);
  DlcBuilder e = dlcBuilderAtBlockEnd(elseBlock, b->loc);
  dlcBuildOp(&e, "scf.yield", 2, carried, 0, NULL, 0, NULL, 0, NULL);
  MlirOperation ifOp = dlcBuildOp(b, "scf.if", 1, &cond, 2, types, 0, NULL, 2, regions);
  yielded[0] = mlirOperationGetResult(ifOp, 0);
  yielded[1] = mlirOperationGetResult(ifOp, 1);
}

static MlirValue isNonZeroBody(DlcBuilder *b, const MlirValue *a, const MlirType *e, MlirType r,
                               const void *data) {
  (void)r, (void)data;
  return dlcScalarCompare(b, DLC_NE, e[0], a[0], dlcScalarConst(b, e[0], 0));
}

static MlirLogicalResult lowerNonZero(DlcRewriter *rw) {
  MlirValue x = dlcOpOperand(rw->op, 0);
  MlirType xType = mlirValueGetType(x);
  NonZero nz = {.rank = mlirShapedTypeGetRank(xType)};
  if (nz.rank == 0)
    return dlcLoweringUnsupported(rw, "nonzero of a 0-d tensor is not supported");
  MlirContext ctx = rw->b.ctx;
  DlcBuilder *b = &rw->b;
  int64_t dims[DLC_MAX_RANK];
  for (int64_t d = 0; d < nz.rank; ++d)
    dims[d] = mlirShapedTypeGetDimSize(xType, d);
  MlirType i1 = mlirIntegerTypeGet(ctx, 1);
  MlirType maskType = mlirRankedTensorTypeGet(nz.rank, dims, i1, mlirAttributeGetNull());
  MlirValue mask = dlcMap(rw, "is_nonzero", 1, &x, maskType, isNonZeroBody, NULL);
  for (int64_t d = 0; d < nz.rank; ++d)
    nz.dims[d] = dimOf(b, mask, d);
  nz.flat = mask;
  if (nz.rank > 1)
    nz.flat = collapse(b, mask);
  MlirValue n = dimOf(b, nz.flat, 0), zero = dlcConstIndex(b, 0);
  MlirValue count = mlirOperationGetResult(dlcForLoop(b, n, 1, &zero, countBody, &nz), 0);
  int64_t outDims[2] = {nz.rank, DLC_DYN};
  MlirType outType =
      mlirRankedTensorTypeGet(2, outDims, mlirIntegerTypeGet(ctx, 64), mlirAttributeGetNull());
  MlirValue empty = dlcBuild1(b, "tensor.empty", 1, &count, outType, 0, NULL);
  MlirValue init[2] = {empty, zero};
  MlirValue result = mlirOperationGetResult(dlcForLoop(b, n, 2, init, fillBody, &nz), 0);
  return dlcReplaceOpCast(rw, 1, &result);
}

typedef struct Compress {
  MlirValue input, condition;
  int64_t axis;
  MlirValue sizes[DLC_MAX_RANK]; ///< the input's dims (index)
} Compress;

static void compressCountBody(DlcBuilder *b, MlirValue iv, const MlirValue *carried,
                              MlirValue *yielded, const void *data) {
  const Compress *c = data;
  MlirValue one =
      selectIndex(b, extract(b, c->condition, iv), dlcConstIndex(b, 1), dlcConstIndex(b, 0));
  yielded[0] = arith(b, "arith.addi", carried[0], one);
}

// Offsets (the axis one dynamic: `at`), sizes (1 along the axis) and unit
// strides of the slice at `at` of a tensor shaped as `like`, as the
// operands and attributes of tensor.extract_slice / insert_slice.
static intptr_t sliceParams(DlcBuilder *b, const Compress *c, MlirType like, MlirValue at,
                            MlirValue *operands, MlirNamedAttribute *attrs, MlirType *sliceType) {
  MlirContext ctx = b->ctx;
  int64_t rank = mlirShapedTypeGetRank(like);
  int64_t offsets[DLC_MAX_RANK], sizes[DLC_MAX_RANK], strides[DLC_MAX_RANK];
  intptr_t n = 0;
  operands[n++] = at;
  for (int64_t d = 0; d < rank; ++d) {
    offsets[d] = d == c->axis ? DLC_DYN : 0;
    strides[d] = 1;
    sizes[d] = d == c->axis ? 1 : mlirShapedTypeGetDimSize(like, d);
    if (sizes[d] == DLC_DYN)
      operands[n++] = c->sizes[d];
  }
  attrs[0] = dlcNamed(ctx, "static_offsets", dlcI64ArrayAttr(ctx, rank, offsets));
  attrs[1] = dlcNamed(ctx, "static_sizes", dlcI64ArrayAttr(ctx, rank, sizes));
  attrs[2] = dlcNamed(ctx, "static_strides", dlcI64ArrayAttr(ctx, rank, strides));
  *sliceType = mlirRankedTensorTypeGet(rank, sizes, mlirShapedTypeGetElementType(like),
                                       mlirAttributeGetNull());
  return n;
}

static void compressFillBody(DlcBuilder *b, MlirValue iv, const MlirValue *carried,
                             MlirValue *yielded, const void *data) {
  const Compress *c = data;
  MlirContext ctx = b->ctx;
  MlirValue cond = extract(b, c->condition, iv);
  MlirType types[2] = {mlirValueGetType(carried[0]), mlirValueGetType(carried[1])};
  MlirRegion regions[2];
  MlirBlock thenBlock = dlcNewBlock(&regions[0], 0, NULL, b->loc);
  MlirBlock elseBlock = dlcNewBlock(&regions[1], 0, NULL, b->loc);
  DlcBuilder t = dlcBuilderAtBlockEnd(thenBlock, b->loc);
  MlirValue params[DLC_MAX_RANK + 2], operands[DLC_MAX_RANK + 4];
  MlirNamedAttribute attrs[4];
  MlirType sliceType;
  intptr_t n = sliceParams(&t, c, mlirValueGetType(c->input), iv, params, attrs, &sliceType);
  operands[0] = c->input;
  for (intptr_t i = 0; i < n; ++i)
    operands[i + 1] = params[i];
  int32_t extractSegments[4] = {1, 1, (int32_t)n - 1, 0};
  attrs[3] = dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, extractSegments));
  MlirValue slice = dlcBuild1(&t, "tensor.extract_slice", n + 1, operands, sliceType, 4, attrs);
  n = sliceParams(&t, c, types[0], carried[1], params, attrs, &sliceType);
  operands[0] = slice;
  operands[1] = carried[0];
  for (intptr_t i = 0; i < n; ++i)
    operands[i + 2] = params[i];
  int32_t insertSegments[5] = {1, 1, 1, (int32_t)n - 1, 0};
  attrs[3] = dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 5, insertSegments));
  MlirValue table = dlcBuild1(&t, "tensor.insert_slice", n + 2, operands, types[0], 4, attrs);
  MlirValue thenYield[2] = {table, arith(&t, "arith.addi", carried[1], dlcConstIndex(&t, 1))};
  dlcBuildOp(&t, "scf.yield", 2, thenYield, 0, NULL, 0, NULL, 0, NULL);
  DlcBuilder e = dlcBuilderAtBlockEnd(elseBlock, b->loc);
  dlcBuildOp(&e, "scf.yield", 2, carried, 0, NULL, 0, NULL, 0, NULL);
  MlirOperation ifOp = dlcBuildOp(b, "scf.if", 1, &cond, 2, types, 0, NULL, 2, regions);
  yielded[0] = mlirOperationGetResult(ifOp, 0);
  yielded[1] = mlirOperationGetResult(ifOp, 1);
}

// compress: count the true entries of the condition within the dim,
// allocate the input's shape with that many slices along the axis, then
// copy each selected slice to the next free position.
static MlirLogicalResult lowerCompress(DlcRewriter *rw) {
  DlcBuilder *b = &rw->b;
  Compress c = {.input = dlcOpOperand(rw->op, 0), .condition = dlcOpOperand(rw->op, 1)};
  if (dlcOpHasAttr(rw->op, "axis")) {
    c.axis = dlcOpInt(rw->op, "axis");
    int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(c.input));
    if (c.axis < 0)
      c.axis += rank;
  } else if (mlirShapedTypeGetRank(mlirValueGetType(c.input)) != 1) {
    c.input = collapse(b, c.input);
  }
  MlirType inType = mlirValueGetType(c.input);
  int64_t rank = mlirShapedTypeGetRank(inType);
  for (int64_t d = 0; d < rank; ++d)
    c.sizes[d] = dimOf(b, c.input, d);
  MlirValue n = arith(b, "arith.minui", dimOf(b, c.condition, 0), c.sizes[c.axis]);
  MlirValue zero = dlcConstIndex(b, 0);
  MlirValue count = mlirOperationGetResult(dlcForLoop(b, n, 1, &zero, compressCountBody, &c), 0);
  int64_t dims[DLC_MAX_RANK];
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t d = 0; d < rank; ++d) {
    dims[d] = d == c.axis ? DLC_DYN : mlirShapedTypeGetDimSize(inType, d);
    if (dims[d] == DLC_DYN)
      dynamic[numDynamic++] = d == c.axis ? count : c.sizes[d];
  }
  MlirType outType = mlirRankedTensorTypeGet(rank, dims, mlirShapedTypeGetElementType(inType),
                                             mlirAttributeGetNull());
  MlirValue init[2] = {dlcBuild1(b, "tensor.empty", numDynamic, dynamic, outType, 0, NULL), zero};
  MlirValue result = mlirOperationGetResult(dlcForLoop(b, n, 2, init, compressFillBody, &c), 0);
  return dlcReplaceOpCast(rw, 1, &result);
}

typedef struct Unique {
  MlirValue flat;  ///< the input, 1-D; with `axis`, its slices as rows: [n, m]
  MlirValue slices; ///< with `axis`: the input with that axis first, else null
  MlirValue m;     ///< with `axis`: the elements of a slice
  MlirType elt;    ///< its DLC element type
  bool sorted;
  MlirValue n;     ///< its length
  MlirValue first; ///< i1 per element: the first occurrence of its value
  MlirValue xk, k, f; ///< the element the inner loops compare with, its index, its first index
  MlirValue j;     ///< the other slice of a row comparison
} Unique;

static MlirValue extractRow(DlcBuilder *b, const Unique *u, MlirValue row, MlirValue col) {
  MlirValue in[3] = {u->flat, row, col};
  return dlcBuild1(b, "tensor.extract", 3, in, mlirShapedTypeGetElementType(mlirValueGetType(u->flat)),
                   0, NULL);
}

// equal &= row j == row k at column c.
static void rowEqualBody(DlcBuilder *b, MlirValue c, const MlirValue *carried, MlirValue *yielded,
                         const void *data) {
  const Unique *u = data;
  MlirValue same = dlcScalarCompare(b, DLC_EQ, u->elt, extractRow(b, u, u->j, c),
                                    extractRow(b, u, u->k, c));
  yielded[0] = arith(b, "arith.andi", carried[0], same);
}

// Lexicographic row j < row k: carried (decided, less); the first column
// where they differ decides.
static void rowLessBody(DlcBuilder *b, MlirValue c, const MlirValue *carried, MlirValue *yielded,
                        const void *data) {
  const Unique *u = data;
  MlirValue xj = extractRow(b, u, u->j, c), xk = extractRow(b, u, u->k, c);
  MlirValue lt = dlcScalarCompare(b, DLC_LT, u->elt, xj, xk);
  MlirValue in[3] = {carried[0], carried[1], lt};
  yielded[1] = dlcBuild1(b, "arith.select", 3, in, mlirValueGetType(lt), 0, NULL);
  yielded[0] = arith(b, "arith.ori", carried[0], dlcScalarCompare(b, DLC_NE, u->elt, xj, xk));
}

static MlirValue rowCompare(DlcBuilder *b, const Unique *u, MlirValue j, bool less) {
  Unique v = *u;
  v.j = j;
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirValue init[2] = {dlcConstScalar(b, i1, less ? 0 : 1), dlcConstScalar(b, i1, 0)};
  MlirOperation loop = dlcForLoop(b, u->m, less ? 2 : 1, init, less ? rowLessBody : rowEqualBody, &v);
  return mlirOperationGetResult(loop, less ? 1 : 0);
}

static MlirValue indexIf(DlcBuilder *b, MlirValue cond) {
  return selectIndex(b, cond, dlcConstIndex(b, 1), dlcConstIndex(b, 0));
}

static MlirValue equalsXk(DlcBuilder *b, const Unique *u, MlirValue j) {
  if (!mlirValueIsNull(u->slices))
    return rowCompare(b, u, j, false);
  return dlcScalarCompare(b, DLC_EQ, u->elt, extract(b, u->flat, j), u->xk);
}

// found |= x[j] == x[k], over j < k.
static void seenBody(DlcBuilder *b, MlirValue j, const MlirValue *carried, MlirValue *yielded,
                     const void *data) {
  yielded[0] = arith(b, "arith.ori", carried[0], equalsXk(b, data, j));
}

// Counts the first occurrences and records which elements are one.
static void firstBody(DlcBuilder *b, MlirValue k, const MlirValue *carried, MlirValue *yielded,
                      const void *data) {
  Unique u = *(const Unique *)data;
  u.k = k;
  if (mlirValueIsNull(u.slices))
    u.xk = extract(b, u.flat, k);
  MlirType i1 = mlirIntegerTypeGet(b->ctx, 1);
  MlirValue no = dlcConstScalar(b, i1, 0);
  MlirValue seen = mlirOperationGetResult(dlcForLoop(b, k, 1, &no, seenBody, &u), 0);
  MlirValue isFirst = arith(b, "arith.xori", seen, dlcConstScalar(b, i1, 1));
  yielded[0] = arith(b, "arith.addi", carried[0], indexIf(b, isFirst));
  MlirValue in[3] = {isFirst, carried[1], k};
  yielded[1] = dlcBuild1(b, "tensor.insert", 3, in, mlirValueGetType(carried[1]), 0, NULL);
}

// f = min(f, j) where x[j] == x[k]: the first index of x[k].
static void firstIndexBody(DlcBuilder *b, MlirValue j, const MlirValue *carried,
                           MlirValue *yielded, const void *data) {
  MlirValue lower = arith(b, "arith.minui", carried[0], j);
  yielded[0] = selectIndex(b, equalsXk(b, data, j), lower, carried[0]);
}

// The position of x[k] in the output: the distinct values before it
// (smaller ones when sorted, else first seen earlier).
static void positionBody(DlcBuilder *b, MlirValue j, const MlirValue *carried, MlirValue *yielded,
                         const void *data) {
  const Unique *u = data;
  MlirValue before;
  if (u->sorted && !mlirValueIsNull(u->slices)) {
    before = rowCompare(b, u, j, true);
  } else if (u->sorted) {
    before = dlcScalarCompare(b, DLC_LT, u->elt, extract(b, u->flat, j), u->xk);
  } else {
    MlirValue in[2] = {j, u->f};
    MlirNamedAttribute ult =
        dlcNamed(b->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 6));
    before = dlcBuild1(b, "arith.cmpi", 2, in, mlirIntegerTypeGet(b->ctx, 1), 1, &ult);
  }
  MlirValue counted = arith(b, "arith.andi", extract(b, u->first, j), before);
  yielded[0] = arith(b, "arith.addi", carried[0], indexIf(b, counted));
}

static void countEqualBody(DlcBuilder *b, MlirValue j, const MlirValue *carried,
                           MlirValue *yielded, const void *data) {
  yielded[0] = arith(b, "arith.addi", carried[0], indexIf(b, equalsXk(b, data, j)));
}

static MlirValue insertAt(DlcBuilder *b, MlirValue v, MlirValue t, MlirValue i) {
  MlirValue in[3] = {v, t, i};
  return dlcBuild1(b, "tensor.insert", 3, in, mlirValueGetType(t), 0, NULL);
}

// into[p] = from[k], slices along dim 0 (the other dims are the same).
static MlirValue copySlice(DlcBuilder *b, MlirValue from, MlirValue k, MlirValue into,
                           MlirValue p) {
  MlirContext ctx = b->ctx;
  MlirType fromType = mlirValueGetType(from);
  Compress c = {.input = from, .axis = 0};
  for (int64_t d = 1; d < mlirShapedTypeGetRank(fromType); ++d)
    if (mlirShapedTypeGetDimSize(fromType, d) == DLC_DYN)
      c.sizes[d] = dimOf(b, from, d);
  MlirValue params[DLC_MAX_RANK + 2], operands[DLC_MAX_RANK + 4];
  MlirNamedAttribute attrs[4];
  MlirType sliceType;
  intptr_t n = sliceParams(b, &c, fromType, k, params, attrs, &sliceType);
  operands[0] = from;
  for (intptr_t i = 0; i < n; ++i)
    operands[i + 1] = params[i];
  int32_t extractSegments[4] = {1, 1, (int32_t)n - 1, 0};
  attrs[3] = dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 4, extractSegments));
  MlirValue slice = dlcBuild1(b, "tensor.extract_slice", n + 1, operands, sliceType, 4, attrs);
  n = sliceParams(b, &c, mlirValueGetType(into), p, params, attrs, &sliceType);
  operands[0] = slice;
  operands[1] = into;
  for (intptr_t i = 0; i < n; ++i)
    operands[i + 2] = params[i];
  int32_t insertSegments[5] = {1, 1, 1, (int32_t)n - 1, 0};
  attrs[3] = dlcNamed(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 5, insertSegments));
  return dlcBuild1(b, "tensor.insert_slice", n + 2, operands, mlirValueGetType(into), 4, attrs);
}

static MlirValue toI64(DlcBuilder *b, MlirValue i) {
  return dlcBuild1(b, "arith.index_cast", 1, &i, mlirIntegerTypeGet(b->ctx, 64), 0, NULL);
}

// carried: output, indices, counts, inverse_indices.
static void uniqueFillBody(DlcBuilder *b, MlirValue k, const MlirValue *carried,
                           MlirValue *yielded, const void *data) {
  Unique u = *(const Unique *)data;
  u.k = k;
  if (mlirValueIsNull(u.slices))
    u.xk = extract(b, u.flat, k);
  MlirValue stop = arith(b, "arith.addi", k, dlcConstIndex(b, 1));
  u.f = mlirOperationGetResult(dlcForLoop(b, stop, 1, &k, firstIndexBody, &u), 0);
  MlirValue zero = dlcConstIndex(b, 0);
  MlirValue p = mlirOperationGetResult(dlcForLoop(b, u.n, 1, &zero, positionBody, &u), 0);
  yielded[3] = insertAt(b, toI64(b, p), carried[3], k);
  MlirValue in[2] = {k, u.f};
  MlirNamedAttribute eq =
      dlcNamed(b->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(b->ctx, 64), 0));
  MlirValue isFirst = dlcBuild1(b, "arith.cmpi", 2, in, mlirIntegerTypeGet(b->ctx, 1), 1, &eq);
  MlirType types[3] = {mlirValueGetType(carried[0]), mlirValueGetType(carried[1]),
                       mlirValueGetType(carried[2])};
  MlirRegion regions[2];
  MlirBlock thenBlock = dlcNewBlock(&regions[0], 0, NULL, b->loc);
  MlirBlock elseBlock = dlcNewBlock(&regions[1], 0, NULL, b->loc);
  DlcBuilder t = dlcBuilderAtBlockEnd(thenBlock, b->loc);
  MlirValue tzero = dlcConstIndex(&t, 0);
  MlirValue count = mlirOperationGetResult(dlcForLoop(&t, u.n, 1, &tzero, countEqualBody, &u), 0);
  MlirValue value = mlirValueIsNull(u.slices) ? insertAt(&t, u.xk, carried[0], p)
                                              : copySlice(&t, u.slices, k, carried[0], p);
  MlirValue filled[3] = {value, insertAt(&t, toI64(&t, k), carried[1], p),
                         insertAt(&t, toI64(&t, count), carried[2], p)};
  dlcBuildOp(&t, "scf.yield", 3, filled, 0, NULL, 0, NULL, 0, NULL);
  DlcBuilder e = dlcBuilderAtBlockEnd(elseBlock, b->loc);
  dlcBuildOp(&e, "scf.yield", 3, carried, 0, NULL, 0, NULL, 0, NULL);
  MlirOperation ifOp = dlcBuildOp(b, "scf.if", 1, &isFirst, 3, types, 0, NULL, 2, regions);
  for (int i = 0; i < 3; ++i)
    yielded[i] = mlirOperationGetResult(ifOp, i);
}

static MlirValue empty1d(DlcBuilder *b, MlirValue size, MlirType elt) {
  int64_t dyn = DLC_DYN;
  MlirType type = mlirRankedTensorTypeGet(1, &dyn, elt, mlirAttributeGetNull());
  return dlcBuild1(b, "tensor.empty", 1, &size, type, 0, NULL);
}

// `v` as rows: dim 0 kept, the others collapsed into one.
static MlirValue collapseRows(DlcBuilder *b, MlirValue v) {
  MlirType type = mlirValueGetType(v);
  int64_t rank = mlirShapedTypeGetRank(type), dims[2] = {mlirShapedTypeGetDimSize(type, 0), 1};
  MlirAttribute groups[2], rest[DLC_MAX_RANK];
  MlirType i64 = mlirIntegerTypeGet(b->ctx, 64);
  for (int64_t d = 1; d < rank; ++d) {
    int64_t size = mlirShapedTypeGetDimSize(type, d);
    dims[1] = size == DLC_DYN || dims[1] == DLC_DYN ? DLC_DYN : dims[1] * size;
    rest[d - 1] = mlirIntegerAttrGet(i64, d);
  }
  MlirAttribute zero = mlirIntegerAttrGet(i64, 0);
  groups[0] = mlirArrayAttrGet(b->ctx, 1, &zero);
  groups[1] = mlirArrayAttrGet(b->ctx, rank - 1, rest);
  MlirType rowsType =
      mlirRankedTensorTypeGet(2, dims, mlirShapedTypeGetElementType(type), mlirAttributeGetNull());
  MlirNamedAttribute attr = dlcNamed(b->ctx, "reassociation", mlirArrayAttrGet(b->ctx, 2, groups));
  return dlcBuild1(b, "tensor.collapse_shape", 1, &v, rowsType, 1, &attr);
}

// An uninitialized tensor of `count` slices shaped as those of `slices`.
static MlirValue emptySlices(DlcBuilder *b, MlirValue slices, MlirValue count) {
  MlirType type = mlirValueGetType(slices);
  int64_t rank = mlirShapedTypeGetRank(type), dims[DLC_MAX_RANK];
  MlirValue dynamic[DLC_MAX_RANK];
  intptr_t numDynamic = 0;
  for (int64_t d = 0; d < rank; ++d) {
    dims[d] = d ? mlirShapedTypeGetDimSize(type, d) : DLC_DYN;
    if (dims[d] == DLC_DYN)
      dynamic[numDynamic++] = d ? dimOf(b, slices, d) : count;
  }
  MlirType outType =
      mlirRankedTensorTypeGet(rank, dims, mlirShapedTypeGetElementType(type), mlirAttributeGetNull());
  return dlcBuild1(b, "tensor.empty", numDynamic, dynamic, outType, 0, NULL);
}

// unique: a first pass flags the first occurrence of every value and
// counts them; the outputs are allocated with that count; a second pass
// places each element: its position among the distinct values (its
// inverse index) and, for a first occurrence, the value, its index and
// its count. O(n^2) comparisons: the simplest correct form. With `axis`
// the elements are the slices along it (that axis moved first, the rest
// collapsed into rows compared lexicographically), copied whole.
static MlirLogicalResult lowerUnique(DlcRewriter *rw) {
  DlcBuilder *b = &rw->b;
  MlirValue x = dlcOpOperand(rw->op, 0);
  Unique u = {.flat = x, .elt = dlcEltOfValue(x), .sorted = dlcOpBool(rw->op, "sorted")};
  if (mlirShapedTypeGetRank(mlirValueGetType(x)) == 0)
    return dlcLoweringUnsupported(rw, "unique of a 0-d tensor is not supported");
  int64_t rank = mlirShapedTypeGetRank(mlirValueGetType(x)), axis = 0;
  int64_t perm[DLC_MAX_RANK], inverse[DLC_MAX_RANK];
  if (dlcOpHasAttr(rw->op, "axis") && rank > 1) {
    axis = dlcOpInt(rw->op, "axis");
    axis = axis < 0 ? axis + rank : axis;
    for (int64_t d = 0; d < rank; ++d) {
      perm[d] = d == 0 ? axis : d <= axis ? d - 1 : d;
      inverse[perm[d]] = d;
    }
    u.slices = axis ? dlcTranspose(rw, x, perm) : x;
    u.flat = collapseRows(b, u.slices);
    u.m = dimOf(b, u.flat, 1);
  } else if (rank > 1) {
    u.flat = collapse(b, x);
  }
  u.n = dimOf(b, u.flat, 0);
  MlirType i1 = mlirIntegerTypeGet(rw->b.ctx, 1), i64 = mlirIntegerTypeGet(rw->b.ctx, 64);
  MlirValue zero = dlcConstIndex(b, 0);
  MlirValue init[4] = {zero, empty1d(b, u.n, i1)};
  MlirOperation first = dlcForLoop(b, u.n, 2, init, firstBody, &u);
  MlirValue count = mlirOperationGetResult(first, 0);
  u.first = mlirOperationGetResult(first, 1);
  MlirValue values = mlirValueIsNull(u.slices)
                         ? empty1d(b, count, mlirShapedTypeGetElementType(mlirValueGetType(x)))
                         : emptySlices(b, u.slices, count);
  MlirValue outputs[4] = {values, empty1d(b, count, i64), empty1d(b, count, i64),
                          empty1d(b, u.n, i64)};
  MlirOperation fill = dlcForLoop(b, u.n, 4, outputs, uniqueFillBody, &u);
  MlirValue results[4] = {mlirOperationGetResult(fill, 0), mlirOperationGetResult(fill, 1),
                          mlirOperationGetResult(fill, 3), mlirOperationGetResult(fill, 2)};
  if (axis)
    results[0] = dlcTranspose(rw, results[0], inverse);
  return dlcReplaceOpCast(rw, 4, results);
}

const DlcLowering dlcDataDepLowerings[] = {
    {"dlc_graph.unique", lowerUnique},
    {"dlc_graph.compress", lowerCompress},
    {"dlc_graph.nonzero", lowerNonZero},
};
const size_t dlcNumDataDepLowerings = sizeof dlcDataDepLowerings / sizeof *dlcDataDepLowerings;
