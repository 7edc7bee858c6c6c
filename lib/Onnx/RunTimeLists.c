//===- RunTimeLists.c - Sequences and optionals known at run time -*- C -*-===//
//
// Where a sequence's length or an optional's presence is known only when
// the code runs (an If on a run-time condition gives one, a Loop carries
// one, a position or a split is a run-time value), the importer holds it
// as tensors, its parts:
//   a sequence:  data  [?] the elements' values end to end, row-major;
//                index [?, 1 + DLC_ONNX_LIST_MAX_RANK] i64, a row per
//                element: its rank, then its dims (1 past the rank).
//   an optional: present (a 0-d i1), then its tensor (every dim `?`; all
//                dims 0 when absent) or its sequence's two parts.
// An element's offset in data is the sum of the sizes before it, so
// inserting or erasing one moves no other row. Every part has one type
// whatever the length, so scf.if and scf.while carry them as they carry
// tensors, and the ops here are upstream tensor, arith and scf ops (the
// DlcTensor list functions of dlc-c/Tensor.h read and write the same form).
//
//===----------------------------------------------------------------------===//

#include "Onnx/Control.h"
#include "Onnx/RunTimeValues.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

#define ROW (1 + DLC_ONNX_LIST_MAX_RANK)

//===----------------------------------------------------------------------===//
// Small builders (into imp->body)
//===----------------------------------------------------------------------===//

static MlirBlock here(DlcOnnxNode *n) { return n->imp->body; }

static MlirType indexType(DlcOnnxNode *n) { return mlirIndexTypeGet(n->ctx); }
static MlirType i64Type(DlcOnnxNode *n) { return mlirIntegerTypeGet(n->ctx, 64); }

static MlirValue cIndex(DlcOnnxNode *n, int64_t v) {
  return dlcOnnxArithConstant(n, here(n), mlirIntegerAttrGet(indexType(n), v));
}

static MlirValue cI64(DlcOnnxNode *n, int64_t v) {
  return dlcOnnxArithConstant(n, here(n), mlirIntegerAttrGet(i64Type(n), v));
}

static MlirValue op1(DlcOnnxNode *n, const char *name, intptr_t numOperands,
                     const MlirValue *operands, MlirType type, intptr_t numAttrs,
                     const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(dlcOnnxCreateOp(n, here(n), name, numOperands, operands, 1, &type,
                                                numAttrs, attrs, 0, NULL),
                                0);
}

static MlirValue arith(DlcOnnxNode *n, const char *name, MlirValue a, MlirValue b) {
  return dlcOnnxArith(n, here(n), name, a, b);
}

static MlirValue cmp(DlcOnnxNode *n, int64_t predicate, MlirValue a, MlirValue b) {
  MlirValue operands[2] = {a, b};
  MlirNamedAttribute pred = dlcOnnxNamed(n, "predicate", mlirIntegerAttrGet(i64Type(n), predicate));
  return op1(n, "arith.cmpi", 2, operands, mlirIntegerTypeGet(n->ctx, 1), 1, &pred);
}
enum { EQ = 0, SLT = 2, SLE = 3, SGE = 5 };

static MlirValue select3(DlcOnnxNode *n, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue operands[3] = {c, a, b};
  return op1(n, "arith.select", 3, operands, mlirValueGetType(a), 0, NULL);
}

static MlirValue toIndex(DlcOnnxNode *n, MlirValue v) {
  return dlcOnnxIndexCast(n, here(n), v, indexType(n));
}
static MlirValue toI64(DlcOnnxNode *n, MlirValue v) {
  return dlcOnnxIndexCast(n, here(n), v, i64Type(n));
}

static MlirValue dimOf(DlcOnnxNode *n, MlirValue t, intptr_t d) {
  return dlcOnnxDim(n, here(n), t, d);
}

static MlirValue extract(DlcOnnxNode *n, MlirValue t, intptr_t count, const MlirValue *at) {
  MlirValue operands[1 + 2] = {t};
  for (intptr_t i = 0; i < count; ++i)
    operands[1 + i] = at[i];
  return op1(n, "tensor.extract", 1 + count, operands,
             mlirShapedTypeGetElementType(mlirValueGetType(t)), 0, NULL);
}

static MlirType tensorType(intptr_t rank, const int64_t *dims, MlirType elt) {
  return mlirRankedTensorTypeGet(rank, dims, elt, mlirAttributeGetNull());
}

static MlirValue empty(DlcOnnxNode *n, MlirType type, intptr_t numDynamic, const MlirValue *sizes) {
  return op1(n, "tensor.empty", numDynamic, sizes, type, 0, NULL);
}

// A size or an offset: a value (index), or the constant `c` when null.
typedef struct Ofr {
  MlirValue v;
  int64_t c;
} Ofr;

static Ofr dyn(MlirValue v) { return (Ofr){v, 0}; }
static Ofr fixed(int64_t c) { return (Ofr){{NULL}, c}; }

// tensor.extract_slice (dest null) or tensor.insert_slice of `src` into
// `dest`, unit strides, `rank` dims.
static MlirValue slice(DlcOnnxNode *n, MlirValue src, MlirValue dest, intptr_t rank,
                       const Ofr *offsets, const Ofr *sizes) {
  bool insert = !mlirValueIsNull(dest);
  MlirValue operands[2 + 2 * 2] = {src};
  intptr_t count = 1;
  if (insert)
    operands[count++] = dest;
  int64_t so[2], ss[2], st[2], dims[2];
  int32_t numOffsets = 0, numSizes = 0;
  for (intptr_t i = 0; i < rank; ++i) {
    so[i] = mlirValueIsNull(offsets[i].v) ? offsets[i].c : mlirShapedTypeGetDynamicStrideOrOffset();
    if (!mlirValueIsNull(offsets[i].v)) {
      operands[count++] = offsets[i].v;
      ++numOffsets;
    }
  }
  MlirType srcType = mlirValueGetType(src);
  for (intptr_t i = 0; i < rank; ++i) {
    // An inserted tensor's static dims are its sizes (the op's rule).
    Ofr size = sizes[i];
    if (insert && !mlirShapedTypeIsDynamicDim(srcType, i))
      size = fixed(mlirShapedTypeGetDimSize(srcType, i));
    ss[i] = mlirValueIsNull(size.v) ? size.c : mlirShapedTypeGetDynamicSize();
    dims[i] = ss[i];
    st[i] = 1;
    if (!mlirValueIsNull(size.v)) {
      operands[count++] = size.v;
      ++numSizes;
    }
  }
  int32_t segments[5] = {1, 1, numOffsets, numSizes, 0};
  int32_t *seg = insert ? segments : segments + 1;
  seg[0] = 1;
  MlirNamedAttribute attrs[4] = {
      dlcOnnxNamed(n, "static_offsets", mlirDenseI64ArrayGet(n->ctx, rank, so)),
      dlcOnnxNamed(n, "static_sizes", mlirDenseI64ArrayGet(n->ctx, rank, ss)),
      dlcOnnxNamed(n, "static_strides", mlirDenseI64ArrayGet(n->ctx, rank, st)),
      dlcOnnxNamed(n, "operandSegmentSizes", mlirDenseI32ArrayGet(n->ctx, insert ? 5 : 4, seg))};
  MlirType type = insert ? mlirValueGetType(dest)
                         : tensorType(rank, dims, mlirShapedTypeGetElementType(srcType));
  return op1(n, insert ? "tensor.insert_slice" : "tensor.extract_slice", count, operands, type, 4,
             attrs);
}

static MlirValue slice1(DlcOnnxNode *n, MlirValue src, MlirValue dest, Ofr offset, Ofr size) {
  return slice(n, src, dest, 1, &offset, &size);
}

// Rows [start, start + count) of an index.
static MlirValue rows(DlcOnnxNode *n, MlirValue index, MlirValue start, MlirValue count) {
  Ofr offsets[2] = {dyn(start), fixed(0)}, sizes[2] = {dyn(count), fixed(ROW)};
  return slice(n, index, (MlirValue){NULL}, 2, offsets, sizes);
}

static MlirValue putRows(DlcOnnxNode *n, MlirValue src, MlirValue dest, MlirValue at,
                         MlirValue count) {
  Ofr offsets[2] = {dyn(at), fixed(0)}, sizes[2] = {dyn(count), fixed(ROW)};
  return slice(n, src, dest, 2, offsets, sizes);
}

static MlirType dataType(MlirType elt) {
  int64_t dyn1 = mlirShapedTypeGetDynamicSize();
  return tensorType(1, &dyn1, elt);
}

static MlirType indexPartType(DlcOnnxNode *n) {
  int64_t dims[2] = {mlirShapedTypeGetDynamicSize(), ROW};
  return tensorType(2, dims, i64Type(n));
}

static MlirValue castTo(DlcOnnxNode *n, MlirValue v, MlirType type) {
  return dlcOnnxCastTo(n, here(n), v, type);
}

//===----------------------------------------------------------------------===//
// Elements and rows
//===----------------------------------------------------------------------===//

// The number of elements of tensor `t`, an index.
static MlirValue numElements(DlcOnnxNode *n, MlirValue t) {
  MlirValue size = cIndex(n, 1);
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(mlirValueGetType(t)); ++d)
    size = arith(n, "arith.muli", size, dimOf(n, t, d));
  return size;
}

static MlirAttribute i64Array(DlcOnnxNode *n, intptr_t count, const int64_t *values) {
  MlirAttribute *items = malloc((size_t)(count + 1) * sizeof *items);
  if (!items)
    abort();
  for (intptr_t i = 0; i < count; ++i)
    items[i] = mlirIntegerAttrGet(i64Type(n), values[i]);
  MlirAttribute a = mlirArrayAttrGet(n->ctx, count, items);
  free(items);
  return a;
}

// `t` (any rank) as a vector, in row-major order.
static MlirValue flatten(DlcOnnxNode *n, MlirValue t) {
  MlirType type = mlirValueGetType(t);
  intptr_t rank = mlirShapedTypeGetRank(type);
  if (rank == 1)
    return t;
  MlirType elt = mlirShapedTypeGetElementType(type);
  if (rank == 0) {
    int64_t one = 1;
    MlirNamedAttribute attrs[2] = {
        dlcOnnxNamed(n, "reassociation", mlirArrayAttrGet(n->ctx, 0, NULL)),
        dlcOnnxNamed(n, "static_output_shape", mlirDenseI64ArrayGet(n->ctx, 1, &one))};
    return op1(n, "tensor.expand_shape", 1, &t, tensorType(1, &one, elt), 2, attrs);
  }
  int64_t group[DLC_MAX_RANK], size = 1;
  for (intptr_t d = 0; d < rank; ++d) {
    group[d] = d;
    int64_t dim = mlirShapedTypeGetDimSize(type, d);
    size = mlirShapedTypeIsDynamicSize(dim) || mlirShapedTypeIsDynamicSize(size)
               ? mlirShapedTypeGetDynamicSize()
               : size * dim;
  }
  MlirAttribute groups = i64Array(n, rank, group);
  MlirNamedAttribute attr =
      dlcOnnxNamed(n, "reassociation", mlirArrayAttrGet(n->ctx, 1, &groups));
  return op1(n, "tensor.collapse_shape", 1, &t, tensorType(1, &size, elt), 1, &attr);
}

// The index row of tensor `t`: its rank, then its dims (1 past the rank).
static void rowItems(DlcOnnxNode *n, MlirValue t, MlirValue items[ROW]) {
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(t));
  items[0] = cI64(n, rank);
  for (intptr_t d = 0; d < DLC_ONNX_LIST_MAX_RANK; ++d)
    items[1 + d] = d < rank ? toI64(n, dimOf(n, t, d)) : cI64(n, 1);
}

// The index rows of the `count` tensors `elems`: [count, ROW].
static MlirValue rowsOf(DlcOnnxNode *n, const MlirValue *elems, int64_t count) {
  int64_t dims[2] = {count, ROW};
  MlirType type = tensorType(2, dims, i64Type(n));
  if (!count)
    return empty(n, type, 0, NULL);
  MlirValue *items = malloc((size_t)(count * ROW) * sizeof *items);
  if (!items)
    abort();
  for (int64_t k = 0; k < count; ++k)
    rowItems(n, elems[k], items + k * ROW);
  MlirValue rows = op1(n, "tensor.from_elements", count * ROW, items, type, 0, NULL);
  free(items);
  return rows;
}

// Whether tensor `t` has few enough dims for an index row.
static DlcOnnxStatus checkRank(DlcOnnxNode *n, MlirValue t) {
  if (mlirShapedTypeGetRank(mlirValueGetType(t)) > DLC_ONNX_LIST_MAX_RANK)
    return dlcOnnxUnsupported(n, "a sequence known at run time holds tensors of up to %d dims",
                              DLC_ONNX_LIST_MAX_RANK);
  return DLC_ONNX_OK;
}

static bool hasElementType(MlirValue t, MlirType elt) {
  return mlirTypeEqual(mlirShapedTypeGetElementType(mlirValueGetType(t)), elt);
}

// The one element of integer tensor `t` (0-d or [1]) as an i64.
static MlirValue scalarI64(DlcOnnxNode *n, MlirValue t) {
  MlirValue zero = cIndex(n, 0), at[2] = {zero, zero};
  MlirValue x = extract(n, t, mlirShapedTypeGetRank(mlirValueGetType(t)), at);
  if (mlirIntegerTypeGetWidth(mlirValueGetType(x)) != 64)
    x = op1(n, "arith.extsi", 1, &x, i64Type(n), 0, NULL);
  return x;
}

// The size of element `i` (an index) of `index`: its dims' product.
static MlirValue sizeAt(DlcOnnxNode *n, MlirValue index, MlirValue i) {
  MlirValue size = cIndex(n, 1);
  for (int64_t d = 0; d < DLC_ONNX_LIST_MAX_RANK; ++d) {
    MlirValue at[2] = {i, cIndex(n, 1 + d)};
    size = arith(n, "arith.muli", size, toIndex(n, extract(n, index, 2, at)));
  }
  return size;
}

// The offset of element `p` (an index, at most the length) in data: the
// sum of the sizes before it (scf.for).
static MlirValue offsetOf(DlcOnnxNode *n, MlirValue index, MlirValue p) {
  MlirType idx = indexType(n);
  MlirLocation locs[2] = {n->loc, n->loc};
  MlirType argTypes[2] = {idx, idx};
  MlirBlock loop = mlirBlockCreate(2, argTypes, locs);
  MlirBlock outer = here(n);
  n->imp->body = loop;
  MlirValue next = arith(n, "arith.addi", mlirBlockGetArgument(loop, 1),
                         sizeAt(n, index, mlirBlockGetArgument(loop, 0)));
  dlcOnnxCreateOp(n, loop, "scf.yield", 1, &next, 0, NULL, 0, NULL, 0, NULL);
  n->imp->body = outer;
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, loop);
  MlirValue operands[4] = {cIndex(n, 0), p, cIndex(n, 1), cIndex(n, 0)};
  return mlirOperationGetResult(
      dlcOnnxCreateOp(n, outer, "scf.for", 4, operands, 1, &idx, 0, NULL, 1, &region), 0);
}

// Position input `pos` (an integer tensor of one element; null for
// `dflt`) as an index in [0, length] (insert) or [0, length): negative
// positions count from the end; one outside is a run-time error.
static DlcOnnxStatus positionAt(DlcOnnxNode *n, MlirValue pos, MlirValue length, bool insert,
                                MlirValue dflt, MlirValue *out) {
  if (mlirValueIsNull(pos)) {
    *out = dflt;
    return DLC_ONNX_OK;
  }
  MlirType type = mlirValueGetType(pos);
  if (mlirShapedTypeGetRank(type) > 1 ||
      (mlirShapedTypeGetRank(type) == 1 && mlirShapedTypeGetDimSize(type, 0) != 1) ||
      !mlirTypeIsAInteger(mlirShapedTypeGetElementType(type)))
    return dlcOnnxError(n, "'position' must be an integer scalar");
  MlirValue p = scalarI64(n, pos);
  MlirValue len = toI64(n, length);
  p = select3(n, cmp(n, SLT, p, cI64(n, 0)), arith(n, "arith.addi", p, len), p);
  MlirValue ok = arith(n, "arith.andi", cmp(n, SGE, p, cI64(n, 0)),
                       cmp(n, insert ? SLE : SLT, p, len));
  DLC_ONNX_TRY(dlcOnnxRunTimeCheck(n, dlcOnnxFromScalar(n, here(n), ok)));
  // Clamped, so that an out-of-range position reads nothing out of bounds
  // before the entry reports it.
  MlirValue top = insert ? len : arith(n, "arith.maxsi", arith(n, "arith.subi", len, cI64(n, 1)),
                                       cI64(n, 0));
  p = arith(n, "arith.minsi", arith(n, "arith.maxsi", p, cI64(n, 0)), top);
  *out = toIndex(n, p);
  return DLC_ONNX_OK;
}

//===----------------------------------------------------------------------===//
// Packing lists the importer holds
//===----------------------------------------------------------------------===//

int dlcOnnxListNumParts(const DlcOnnxValue *v) {
  if (v->kind == DLC_ONNX_KIND_SEQUENCE)
    return 2;
  return v->ofSequence ? 3 : 2;
}

// A sequence of `count` tensors `elems` of element type `elt` as its parts.
static DlcOnnxStatus packSequence(DlcOnnxNode *n, const MlirValue *elems, int64_t count,
                                  MlirType elt, MlirValue parts[2]) {
  MlirValue total = cIndex(n, 0);
  for (int64_t k = 0; k < count; ++k) {
    if (!hasElementType(elems[k], elt))
      return dlcOnnxError(n, "the sequence's tensors have different element types");
    DLC_ONNX_TRY(checkRank(n, elems[k]));
    total = arith(n, "arith.addi", total, numElements(n, elems[k]));
  }
  MlirValue data = empty(n, dataType(elt), 1, &total);
  MlirValue offset = cIndex(n, 0);
  for (int64_t k = 0; k < count; ++k) {
    MlirValue flat = flatten(n, elems[k]);
    MlirValue size = dimOf(n, flat, 0);
    data = slice1(n, flat, data, dyn(offset), dyn(size));
    offset = arith(n, "arith.addi", offset, size);
  }
  parts[0] = data;
  parts[1] = castTo(n, rowsOf(n, elems, count), indexPartType(n));
  return DLC_ONNX_OK;
}

static MlirValue boolScalar(DlcOnnxNode *n, bool b) {
  return dlcOnnxFromScalar(
      n, here(n), dlcOnnxArithConstant(n, here(n), mlirIntegerAttrGet(mlirIntegerTypeGet(n->ctx, 1), b)));
}

// An optional's tensor as the run-time form holds it: every dim `?`.
static MlirType optionalTensorType(MlirType type) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t dims[DLC_MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    dims[d] = mlirShapedTypeGetDynamicSize();
  return tensorType(rank, dims, mlirShapedTypeGetElementType(type));
}

DlcOnnxStatus dlcOnnxListAtRunTime(DlcOnnxNode *n, const DlcOnnxValue *v, MlirValue *parts) {
  if (v->atRunTime) {
    memcpy(parts, v->parts, (size_t)dlcOnnxListNumParts(v) * sizeof *parts);
    return DLC_ONNX_OK;
  }
  MlirType elt = v->numElems ? mlirShapedTypeGetElementType(mlirValueGetType(v->elems[0]))
                             : v->elemType;
  if (mlirTypeIsNull(elt))
    return dlcOnnxUnsupported(n, "'%s' is empty and its element type is unknown", v->name);
  if (v->kind == DLC_ONNX_KIND_SEQUENCE)
    return packSequence(n, v->elems, v->numElems, elt, parts);
  parts[0] = boolScalar(n, v->present);
  if (v->ofSequence)
    return packSequence(n, v->elems, v->present ? v->numElems : 0, elt, parts + 1);
  if (v->present) {
    parts[1] = castTo(n, v->elems[0], optionalTensorType(mlirValueGetType(v->elems[0])));
    return DLC_ONNX_OK;
  }
  if (v->elemRank < 0)
    return dlcOnnxUnsupported(n, "the empty optional '%s' does not declare its tensor's rank",
                              v->name);
  int64_t zeros[DLC_MAX_RANK] = {0};
  MlirValue none = empty(n, tensorType(v->elemRank, zeros, elt), 0, NULL);
  parts[1] = castTo(n, none, optionalTensorType(mlirValueGetType(none)));
  return DLC_ONNX_OK;
}

int64_t dlcOnnxListRank(const DlcOnnxValue *v) {
  if (v->atRunTime)
    return v->elemRank;
  int64_t rank = -1;
  for (int64_t k = 0; k < v->numElems; ++k) {
    int64_t r = mlirShapedTypeGetRank(mlirValueGetType(v->elems[k]));
    if (k && r != rank)
      return -1;
    rank = r;
  }
  return rank;
}

DlcOnnxStatus dlcOnnxListToRunTime(DlcOnnxNode *n, const DlcOnnxValue *from, DlcOnnxValue *to) {
  MlirValue parts[3];
  DLC_ONNX_TRY(dlcOnnxListAtRunTime(n, from, parts));
  dlcOnnxMakeRunTimeList(to, from->kind, from->ofSequence, parts, dlcOnnxListRank(from));
  return DLC_ONNX_OK;
}

void dlcOnnxRunTimePresent(DlcOnnxNode *n, const MlirValue seq[2], MlirValue out[3]) {
  out[0] = boolScalar(n, true);
  out[1] = seq[0];
  out[2] = seq[1];
}

DlcOnnxStatus dlcOnnxSetOutputRunTime(DlcOnnxNode *n, int i, DlcOnnxKind kind, bool ofSequence,
                                      const MlirValue *parts, int64_t elemRank) {
  if (!dlcOnnxHasOutput(n, i))
    return DLC_ONNX_OK;
  DlcOnnxValue *v = dlcOnnxDefineOutput(n, i);
  if (!v)
    return DLC_ONNX_ERROR;
  dlcOnnxMakeRunTimeList(v, kind, ofSequence, parts, elemRank);
  return DLC_ONNX_OK;
}

void dlcOnnxMakeRunTimeList(DlcOnnxValue *v, DlcOnnxKind kind, bool ofSequence,
                            const MlirValue *parts, int64_t elemRank) {
  free(v->elems);
  v->elems = NULL;
  v->numElems = 0;
  v->kind = kind;
  v->ofSequence = kind == DLC_ONNX_KIND_OPTIONAL && ofSequence;
  v->present = true;
  v->atRunTime = true;
  v->elemRank = elemRank;
  memcpy(v->parts, parts, (size_t)dlcOnnxListNumParts(v) * sizeof *parts);
  MlirValue data = parts[kind == DLC_ONNX_KIND_SEQUENCE ? 0 : 1];
  v->elemType = mlirShapedTypeGetElementType(mlirValueGetType(data));
}

//===----------------------------------------------------------------------===//
// The sequence ops on parts
//===----------------------------------------------------------------------===//

MlirValue dlcOnnxRunTimeSequenceLength(DlcOnnxNode *n, const MlirValue seq[2]) {
  return dlcOnnxFromScalar(n, here(n), toI64(n, dimOf(n, seq[1], 0)));
}

DlcOnnxStatus dlcOnnxRunTimeSequenceInsert(DlcOnnxNode *n, const MlirValue seq[2], MlirValue t,
                                           MlirValue pos, MlirValue out[2]) {
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(seq[0]));
  if (!hasElementType(t, elt))
    return dlcOnnxError(n, "the tensor's element type differs from the sequence's");
  DLC_ONNX_TRY(checkRank(n, t));
  MlirValue count = dimOf(n, seq[1], 0), total = dimOf(n, seq[0], 0), p;
  DLC_ONNX_TRY(positionAt(n, pos, count, true, count, &p));
  MlirValue at = offsetOf(n, seq[1], p);
  MlirValue flat = flatten(n, t);
  MlirValue size = dimOf(n, flat, 0);
  MlirValue newTotal = arith(n, "arith.addi", total, size);
  MlirValue data = empty(n, dataType(elt), 1, &newTotal);
  MlirValue zero = cIndex(n, 0), one = cIndex(n, 1);
  data = slice1(n, slice1(n, seq[0], (MlirValue){NULL}, fixed(0), dyn(at)), data, fixed(0), dyn(at));
  data = slice1(n, flat, data, dyn(at), dyn(size));
  MlirValue rest = arith(n, "arith.subi", total, at);
  data = slice1(n, slice1(n, seq[0], (MlirValue){NULL}, dyn(at), dyn(rest)), data,
                dyn(arith(n, "arith.addi", at, size)), dyn(rest));
  MlirValue newCount = arith(n, "arith.addi", count, one);
  MlirValue index = empty(n, indexPartType(n), 1, &newCount);
  index = putRows(n, rows(n, seq[1], zero, p), index, zero, p);
  index = putRows(n, rowsOf(n, &t, 1), index, p, one);
  MlirValue after = arith(n, "arith.subi", count, p);
  index = putRows(n, rows(n, seq[1], p, after), index, arith(n, "arith.addi", p, one), after);
  out[0] = data;
  out[1] = index;
  return DLC_ONNX_OK;
}

// A constant tensor of i64 `values`.
static MlirValue i64Constant(DlcOnnxNode *n, intptr_t rank, const int64_t *dims,
                             const int64_t *values, intptr_t count) {
  MlirType type = tensorType(rank, dims, i64Type(n));
  MlirNamedAttribute attr =
      dlcOnnxNamed(n, "value", mlirDenseElementsAttrInt64Get(type, count, values));
  return op1(n, "dlc_graph.constant", 0, NULL, type, 1, &attr);
}

// `seq` where it has elements, else a one-element stand-in (an element of
// `rank` dims of size 0, or a 0-d one): an empty sequence is a run-time
// error that the entry reports after the ops run, which must read in
// bounds meanwhile. *has is whether `seq` has elements.
static void nonEmpty(DlcOnnxNode *n, const MlirValue seq[2], int64_t rank, MlirValue safe[2],
                     MlirValue *has) {
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(seq[0]));
  *has = cmp(n, SLT, cI64(n, 0), toI64(n, dimOf(n, seq[1], 0)));
  int64_t row[ROW], dims[2] = {1, ROW};
  row[0] = rank;
  for (int64_t d = 0; d < DLC_ONNX_LIST_MAX_RANK; ++d)
    row[1 + d] = d < rank ? 0 : 1;
  MlirValue index = castTo(n, i64Constant(n, 2, dims, row, ROW), indexPartType(n));
  int64_t one = 1;
  MlirValue data = castTo(n, dlcOnnxZeros(n, here(n), tensorType(1, &one, elt)), dataType(elt));
  safe[0] = select3(n, *has, seq[0], data);
  safe[1] = select3(n, *has, seq[1], index);
}

DlcOnnxStatus dlcOnnxRunTimeSequenceErase(DlcOnnxNode *n, const MlirValue seq[2], MlirValue pos,
                                          MlirValue out[2]) {
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(seq[0]));
  MlirValue safe[2], has;
  nonEmpty(n, seq, 0, safe, &has);
  DLC_ONNX_TRY(dlcOnnxRunTimeCheck(n, dlcOnnxFromScalar(n, here(n), has)));
  MlirValue count = dimOf(n, safe[1], 0), total = dimOf(n, safe[0], 0), p;
  MlirValue zero = cIndex(n, 0), one = cIndex(n, 1);
  DLC_ONNX_TRY(positionAt(n, pos, count, false, arith(n, "arith.subi", count, one), &p));
  MlirValue at = offsetOf(n, safe[1], p);
  MlirValue size = sizeAt(n, safe[1], p);
  MlirValue newTotal = arith(n, "arith.subi", total, size);
  MlirValue data = empty(n, dataType(elt), 1, &newTotal);
  data = slice1(n, slice1(n, safe[0], (MlirValue){NULL}, fixed(0), dyn(at)), data, fixed(0),
                dyn(at));
  MlirValue from = arith(n, "arith.addi", at, size);
  MlirValue rest = arith(n, "arith.subi", total, from);
  data = slice1(n, slice1(n, safe[0], (MlirValue){NULL}, dyn(from), dyn(rest)), data, dyn(at),
                dyn(rest));
  MlirValue newCount = arith(n, "arith.subi", count, one);
  MlirValue index = empty(n, indexPartType(n), 1, &newCount);
  index = putRows(n, rows(n, safe[1], zero, p), index, zero, p);
  MlirValue next = arith(n, "arith.addi", p, one);
  MlirValue after = arith(n, "arith.subi", count, next);
  index = putRows(n, rows(n, safe[1], next, after), index, p, after);
  out[0] = data;
  out[1] = index;
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxRunTimeSequenceAt(DlcOnnxNode *n, const MlirValue seq[2], MlirValue pos,
                                       int64_t rank, MlirValue *out) {
  MlirType elt = mlirShapedTypeGetElementType(mlirValueGetType(seq[0]));
  MlirValue safe[2], has, p;
  nonEmpty(n, seq, rank, safe, &has);
  DLC_ONNX_TRY(dlcOnnxRunTimeCheck(n, dlcOnnxFromScalar(n, here(n), has)));
  MlirValue count = dimOf(n, safe[1], 0);
  DLC_ONNX_TRY(positionAt(n, pos, count, false, cIndex(n, 0), &p));
  MlirValue at = offsetOf(n, safe[1], p);
  MlirValue rowAt[2] = {p, cIndex(n, 0)};
  DLC_ONNX_TRY(dlcOnnxRunTimeCheck(
      n, dlcOnnxFromScalar(n, here(n), cmp(n, EQ, extract(n, safe[1], 2, rowAt), cI64(n, rank)))));
  MlirValue piece;
  if (rank == 0) {
    MlirValue one = slice1(n, safe[0], (MlirValue){NULL}, dyn(at), fixed(1));
    MlirNamedAttribute attr = dlcOnnxNamed(n, "reassociation", mlirArrayAttrGet(n->ctx, 0, NULL));
    piece = op1(n, "tensor.collapse_shape", 1, &one, tensorType(0, NULL, elt), 1, &attr);
  } else {
    MlirValue dims[DLC_ONNX_LIST_MAX_RANK];
    int64_t shape[DLC_ONNX_LIST_MAX_RANK];
    for (int64_t d = 0; d < rank; ++d) {
      MlirValue cell[2] = {p, cIndex(n, 1 + d)};
      dims[d] = toIndex(n, extract(n, safe[1], 2, cell));
      shape[d] = mlirShapedTypeGetDynamicSize();
    }
    // A tensor of its own: reshaping a view of data at a run-time offset
    // would give a strided buffer.
    piece = dlcOnnxOwnedCopy(
        n, here(n), slice1(n, safe[0], (MlirValue){NULL}, dyn(at), dyn(sizeAt(n, safe[1], p))));
    if (rank > 1) { // tensor.reshape by a shape vector of its dims
      MlirValue items[DLC_ONNX_LIST_MAX_RANK];
      for (int64_t d = 0; d < rank; ++d)
        items[d] = toI64(n, dims[d]);
      int64_t len = rank;
      MlirValue operands[2] = {
          piece, op1(n, "tensor.from_elements", rank, items, tensorType(1, &len, i64Type(n)), 0,
                     NULL)};
      piece = op1(n, "tensor.reshape", 2, operands, tensorType(rank, shape, elt), 0, NULL);
    }
  }
  *out = rank == 0 ? dlcOnnxOwnedCopy(n, here(n), piece) : piece;
  return DLC_ONNX_OK;
}

DlcOnnxStatus dlcOnnxRunTimeSplitToSequence(DlcOnnxNode *n, MlirValue x, int64_t axis,
                                            MlirValue split, MlirValue out[2]) {
  MlirType type = mlirValueGetType(x);
  MlirType elt = mlirShapedTypeGetElementType(type);
  intptr_t rank = mlirShapedTypeGetRank(type);
  DLC_ONNX_TRY(checkRank(n, x));
  MlirValue zero = cIndex(n, 0), one = cIndex(n, 1);
  MlirValue s = scalarI64(n, split);
  MlirValue positive = cmp(n, SLT, cI64(n, 0), s);
  DLC_ONNX_TRY(dlcOnnxRunTimeCheck(n, dlcOnnxFromScalar(n, here(n), positive)));
  s = toIndex(n, select3(n, positive, s, cI64(n, 1)));
  MlirValue length = dimOf(n, x, axis);
  // ceil(length / s) pieces, the last one shorter.
  MlirValue count = op1(n, "arith.ceildivui", 2, (MlirValue[]){length, s}, indexType(n), 0, NULL);
  MlirValue total = numElements(n, x);
  MlirValue data = empty(n, dataType(elt), 1, &total);
  MlirValue index = empty(n, indexPartType(n), 1, &count);

  // scf.for k: piece k along the axis, flattened into data, its row into index.
  MlirType idx = indexType(n);
  MlirType carried[4] = {idx, idx, mlirValueGetType(data), mlirValueGetType(index)};
  MlirLocation locs[4] = {n->loc, n->loc, n->loc, n->loc};
  MlirBlock loop = mlirBlockCreate(4, carried, locs);
  MlirBlock outer = here(n);
  n->imp->body = loop;
  MlirValue k = mlirBlockGetArgument(loop, 0), offset = mlirBlockGetArgument(loop, 1);
  MlirValue start = arith(n, "arith.muli", k, s);
  MlirValue len = arith(n, "arith.minui", s, arith(n, "arith.subi", length, start));
  int64_t so[DLC_MAX_RANK], ss[DLC_MAX_RANK], st[DLC_MAX_RANK];
  MlirValue operands[3 + 2 * DLC_MAX_RANK] = {x};
  intptr_t numOperands = 1;
  operands[numOperands++] = start;
  int32_t numSizes = 0;
  int64_t dims[DLC_MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d) {
    so[d] = d == axis ? mlirShapedTypeGetDynamicStrideOrOffset() : 0;
    st[d] = 1;
    int64_t size = mlirShapedTypeGetDimSize(type, d);
    ss[d] = d == axis ? mlirShapedTypeGetDynamicSize() : size;
    dims[d] = ss[d];
  }
  for (intptr_t d = 0; d < rank; ++d) {
    if (!mlirShapedTypeIsDynamicSize(ss[d]))
      continue;
    operands[numOperands++] = d == axis ? len : dimOf(n, x, d);
    ++numSizes;
  }
  int32_t segments[4] = {1, 1, numSizes, 0};
  MlirNamedAttribute attrs[4] = {
      dlcOnnxNamed(n, "static_offsets", mlirDenseI64ArrayGet(n->ctx, rank, so)),
      dlcOnnxNamed(n, "static_sizes", mlirDenseI64ArrayGet(n->ctx, rank, ss)),
      dlcOnnxNamed(n, "static_strides", mlirDenseI64ArrayGet(n->ctx, rank, st)),
      dlcOnnxNamed(n, "operandSegmentSizes", mlirDenseI32ArrayGet(n->ctx, 4, segments))};
  MlirValue piece = dlcOnnxOwnedCopy(
      n, loop, op1(n, "tensor.extract_slice", numOperands, operands, tensorType(rank, dims, elt),
                   4, attrs));
  MlirValue flat = flatten(n, piece);
  MlirValue size = dimOf(n, flat, 0);
  MlirValue nextData = slice1(n, flat, mlirBlockGetArgument(loop, 2), dyn(offset), dyn(size));
  MlirValue nextIndex = putRows(n, rowsOf(n, &piece, 1), mlirBlockGetArgument(loop, 3), k, one);
  MlirValue yield[3] = {arith(n, "arith.addi", offset, size), nextData, nextIndex};
  dlcOnnxCreateOp(n, loop, "scf.yield", 3, yield, 0, NULL, 0, NULL, 0, NULL);
  n->imp->body = outer;
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, loop);
  MlirValue forOperands[6] = {zero, count, one, zero, data, index};
  MlirOperation forOp =
      dlcOnnxCreateOp(n, outer, "scf.for", 6, forOperands, 3, carried + 1, 0, NULL, 1, &region);
  out[0] = mlirOperationGetResult(forOp, 1);
  out[1] = mlirOperationGetResult(forOp, 2);
  return DLC_ONNX_OK;
}
