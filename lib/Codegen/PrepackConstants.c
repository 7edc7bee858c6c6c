//===- PrepackConstants.c - The dlc-prepack-constants pass -------*- C -*-===//
//
// The matmul schedules pack each cache tile of an operand into a
// contiguous, zero-padded buffer (a `nofold` tensor.pad of a slice of the
// operand) on every run. When the operand is a constant (weights: a
// Gemm's B, the filter of an im2col convolution), the packed tiles are the
// same on every run: this pass computes all of them once, when compiling,
// into one new constant laid out tile by tile, and each pad becomes a
// slice of it (one contiguous tile, the layout the pad produced). The
// values and the order of the products do not change, so neither do the
// results.
//
// A pad is rewritten only when it is a zero pad, at the high end, of a
// chain of unit-stride tensor.extract_slice ops over a constant (possibly
// seen through a row-major reshape, which keeps its bytes), and when its
// slice, over every value of the loop indices it depends on, starts at a
// multiple of the tile and is the tile or the rest of the dim: then tile q
// of the packed constant holds exactly what the pad produced. A constant is
// rewritten only when every read of it is such a pad, of one tile shape:
// the original then has no use left, and no weights are kept twice.
//
// A tile that the register tiles read in column panels (Panels.c) is
// laid out panel by panel, so that a weight that comes from memory is
// streamed rather than read a vector per cache line.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/ReleaseWeights.h"
#include "Support/Types.h"
#include "Transforms/Layout.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

// Packed constants have twice the operand's rank.
#define MAX_RANK (DLC_MAX_RANK / 2)
// Loop indices one offset may depend on, and the evaluations checked.
#define MAX_LOOPS 3
#define MAX_EVALUATIONS 1000000

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

//===----------------------------------------------------------------------===//
// Index values as functions of loop indices
//===----------------------------------------------------------------------===//

// Values bound to loop indices while evaluating.
typedef struct Loops {
  MlirValue index[MAX_LOOPS];
  int64_t lower[MAX_LOOPS], upper[MAX_LOOPS], step[MAX_LOOPS], value[MAX_LOOPS];
  int count;
} Loops;

static bool evalExpr(MlirAffineExpr e, const int64_t *operands, intptr_t numDims, int64_t *out) {
  if (mlirAffineExprIsAConstant(e)) {
    *out = mlirAffineConstantExprGetValue(e);
    return true;
  }
  if (mlirAffineExprIsADim(e)) {
    *out = operands[mlirAffineDimExprGetPosition(e)];
    return true;
  }
  if (mlirAffineExprIsASymbol(e)) {
    *out = operands[numDims + mlirAffineSymbolExprGetPosition(e)];
    return true;
  }
  int64_t l, r;
  if (!mlirAffineExprIsABinary(e) ||
      !evalExpr(mlirAffineBinaryOpExprGetLHS(e), operands, numDims, &l) ||
      !evalExpr(mlirAffineBinaryOpExprGetRHS(e), operands, numDims, &r))
    return false;
  if (mlirAffineExprIsAAdd(e))
    *out = l + r;
  else if (mlirAffineExprIsAMul(e))
    *out = l * r;
  else if (r <= 0)
    return false;
  else if (mlirAffineExprIsAFloorDiv(e))
    *out = l >= 0 ? l / r : -((-l + r - 1) / r);
  else if (mlirAffineExprIsACeilDiv(e))
    *out = l >= 0 ? (l + r - 1) / r : -(-l / r);
  else if (mlirAffineExprIsAMod(e))
    *out = ((l % r) + r) % r;
  else
    return false;
  return true;
}

// The value of index `v` with the loops' indices bound, or false when it
// is not an arithmetic function of constants and those indices. Unbound
// loop indices are added to `loops` (when `collect`).
static bool evalIndex(MlirValue v, Loops *loops, bool collect, int64_t *out) {
  if (dlcConstantInt(v, out))
    return true;
  if (mlirValueIsABlockArgument(v)) {
    for (int i = 0; i < loops->count; ++i)
      if (mlirValueEqual(loops->index[i], v)) {
        *out = loops->value[i];
        return true;
      }
    if (!collect || loops->count == MAX_LOOPS)
      return false;
    int i = loops->count;
    if (!dlcLoopIndexRange(v, &loops->lower[i], &loops->upper[i], &loops->step[i]))
      return false;
    loops->index[i] = v;
    loops->value[i] = loops->lower[i];
    loops->count++;
    *out = loops->value[i];
    return true;
  }
  MlirOperation def = mlirOpResultGetOwner(v);
  intptr_t n = mlirOperationGetNumOperands(def);
  bool apply = dlcIsOp(def, "affine.apply"), min = dlcIsOp(def, "affine.min"),
       max = dlcIsOp(def, "affine.max");
  if (apply || min || max) {
    if (n > 8)
      return false;
    int64_t operands[8];
    for (intptr_t i = 0; i < n; ++i)
      if (!evalIndex(mlirOperationGetOperand(def, i), loops, collect, &operands[i]))
        return false;
    MlirAffineMap map = mlirAffineMapAttrGetValue(mlirOperationGetAttributeByName(def, ref("map")));
    intptr_t results = mlirAffineMapGetNumResults(map), dims = mlirAffineMapGetNumDims(map);
    if (results < 1 || (apply && results != 1))
      return false;
    for (intptr_t r = 0; r < results; ++r) {
      int64_t x;
      if (!evalExpr(mlirAffineMapGetResult(map, r), operands, dims, &x))
        return false;
      if (r == 0 || (min && x < *out) || (max && x > *out))
        *out = x;
    }
    return true;
  }
  bool add = dlcIsOp(def, "arith.addi"), sub = dlcIsOp(def, "arith.subi"),
       mul = dlcIsOp(def, "arith.muli");
  int64_t l, r;
  if (!(add || sub || mul) || !evalIndex(mlirOperationGetOperand(def, 0), loops, collect, &l) ||
      !evalIndex(mlirOperationGetOperand(def, 1), loops, collect, &r))
    return false;
  *out = add ? l + r : sub ? l - r : l * r;
  return true;
}

// Steps the loops' indices to their next combination; false after the last.
static bool nextCombination(Loops *loops) {
  for (int i = loops->count - 1; i >= 0; --i) {
    loops->value[i] += loops->step[i];
    if (loops->value[i] < loops->upper[i])
      return true;
    loops->value[i] = loops->lower[i];
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Pads of constant tiles
//===----------------------------------------------------------------------===//

// One dim of a padded slice: its offset (a static part and the values
// added to it) and its size (static, or a value).
typedef struct Dim {
  int64_t offset;
  MlirValue offsets[4];
  int numOffsets;
  int64_t size; ///< static size, or INT64_MIN
  MlirValue dynamicSize;
} Dim;

typedef struct Candidate {
  MlirOperation pad;
  MlirOperation constant; ///< the arith.constant the chain starts at
  MlirType logical;       ///< the type the slices are taken of
  int64_t rank, tile[MAX_RANK];
  Dim dims[MAX_RANK];
  int64_t panel; ///< columns per panel of the tile (see dlcColumnPanelWidth), or 0
} Candidate;

// Adds a slice's offsets to `c`'s dims and, for the slice the pad reads
// (`nearest`), takes its sizes; dynamic entries are the slice's operands
// in order. False for strides other than 1.
static bool sliceDims(MlirOperation slice, Candidate *c, bool nearest) {
  MlirAttribute offsets = mlirOperationGetAttributeByName(slice, ref("static_offsets"));
  MlirAttribute sizes = mlirOperationGetAttributeByName(slice, ref("static_sizes"));
  MlirAttribute strides = mlirOperationGetAttributeByName(slice, ref("static_strides"));
  intptr_t next = 1; // operand 0 is the source
  for (int64_t i = 0; i < c->rank; ++i) {
    int64_t o = mlirDenseI64ArrayGetElement(offsets, i);
    Dim *d = &c->dims[i];
    if (o == mlirShapedTypeGetDynamicStrideOrOffset()) {
      if (d->numOffsets == 4)
        return false;
      d->offsets[d->numOffsets++] = mlirOperationGetOperand(slice, next++);
    } else {
      d->offset += o;
    }
  }
  for (int64_t i = 0; i < c->rank; ++i) {
    int64_t s = mlirDenseI64ArrayGetElement(sizes, i);
    bool dynamic = mlirShapedTypeIsDynamicSize(s);
    if (nearest) {
      c->dims[i].size = dynamic ? INT64_MIN : s;
      if (dynamic)
        c->dims[i].dynamicSize = mlirOperationGetOperand(slice, next);
    }
    next += dynamic;
  }
  for (int64_t i = 0; i < c->rank; ++i)
    if (mlirDenseI64ArrayGetElement(strides, i) != 1)
      return false;
  return true;
}

// Whether dim `i`'s slice starts at a multiple of the tile and is the
// tile or the rest of the dim, for every value of the loop indices.
static bool dimIsTiled(const Candidate *c, int64_t i) {
  const Dim *d = &c->dims[i];
  int64_t t = c->tile[i], extent = mlirShapedTypeGetDimSize(c->logical, i);
  Loops loops = {.count = 0};
  // A first evaluation finds the loop indices involved.
  int64_t x;
  for (int k = 0; k < d->numOffsets; ++k)
    if (!evalIndex(d->offsets[k], &loops, true, &x))
      return false;
  if (d->size == INT64_MIN && !evalIndex(d->dynamicSize, &loops, true, &x))
    return false;
  int64_t evaluations = 0;
  do {
    if (++evaluations > MAX_EVALUATIONS)
      return false;
    int64_t offset = d->offset, size = d->size;
    for (int k = 0; k < d->numOffsets; ++k) {
      if (!evalIndex(d->offsets[k], &loops, false, &x))
        return false;
      offset += x;
    }
    if (size == INT64_MIN && !evalIndex(d->dynamicSize, &loops, false, &size))
      return false;
    // Empty iterations (a size of 0 or less) never run.
    if (size <= 0)
      continue;
    int64_t rest = extent - offset;
    if (offset < 0 || offset % t || size != (rest < t ? rest : t))
      return false;
  } while (nextCombination(&loops));
  return true;
}

bool dlcPacksConstant(MlirValue v) { return !mlirOperationIsNull(dlcLayoutDataConstant(v)); }

// Whether `pad` pads a tile of a constant the way packing does; fills `c`.
static bool padOfConstantTile(MlirOperation pad, Candidate *c) {
  memset(c, 0, sizeof *c);
  c->pad = pad;
  if (!dlcIsZeroHighPad(pad))
    return false;
  MlirType padded = mlirValueGetType(mlirOperationGetResult(pad, 0));
  c->rank = mlirShapedTypeGetRank(padded);
  if (c->rank < 1 || c->rank > MAX_RANK)
    return false;
  for (int64_t i = 0; i < c->rank; ++i)
    c->tile[i] = mlirShapedTypeGetDimSize(padded, i);
  // The slices, nearest first.
  MlirValue v = mlirOperationGetOperand(pad, 0);
  bool nearest = true;
  MlirOperation def;
  while (dlcIsOp(def = dlcDefiningOp(v), "tensor.extract_slice")) {
    MlirValue source = mlirOperationGetOperand(def, 0);
    if (mlirShapedTypeGetRank(mlirValueGetType(source)) != c->rank ||
        mlirShapedTypeGetRank(mlirValueGetType(v)) != c->rank || !sliceDims(def, c, nearest))
      return false;
    nearest = false;
    v = source;
  }
  c->logical = mlirValueGetType(v);
  if (!mlirShapedTypeHasStaticShape(c->logical))
    return false;
  // No slice: one tile covers the whole operand.
  for (int64_t i = 0; nearest && i < c->rank; ++i)
    c->dims[i].size = mlirShapedTypeGetDimSize(c->logical, i);
  c->constant = dlcLayoutDataConstant(v);
  if (mlirOperationIsNull(c->constant))
    return false;
  for (int64_t i = 0; i < c->rank; ++i)
    if (!dimIsTiled(c, i))
      return false;
  return true;
}

typedef struct Candidates {
  Candidate *items;
  intptr_t count;
  DlcOpList constants; ///< every tensor arith.constant
} Candidates;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Candidates *all = userData;
  if (dlcIsOp(op, "arith.constant") &&
      mlirTypeIsARankedTensor(mlirValueGetType(mlirOperationGetResult(op, 0))))
    dlcOpListPush(&all->constants, op);
  if (!dlcIsOp(op, "tensor.pad"))
    return MlirWalkResultAdvance;
  Candidate c;
  if (padOfConstantTile(op, &c)) {
    c.panel =
        2 * c.rank + 1 <= DLC_MAX_RANK ? dlcColumnPanelWidth(mlirOperationGetResult(op, 0)) : 0;
    all->items = dlcGrowArray(all->items, all->count, sizeof c);
    all->items[all->count++] = c;
  }
  return MlirWalkResultAdvance;
}

static const Candidate *candidateOf(const Candidates *all, MlirOperation pad) {
  for (intptr_t i = 0; i < all->count; ++i)
    if (mlirOperationEqual(all->items[i].pad, pad))
      return &all->items[i];
  return NULL;
}

// Whether every read of `v` (through slices and reshapes) is a candidate
// pad with tiles of `like`'s shape.
static bool onlyPackedReads(MlirValue v, const Candidates *all, const Candidate *like) {
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (dlcIsOp(user, "tensor.extract_slice") || dlcIsOp(user, "tensor.collapse_shape") ||
        dlcIsOp(user, "tensor.expand_shape")) {
      if (mlirOpOperandGetOperandNumber(use) != 0 ||
          !onlyPackedReads(mlirOperationGetResult(user, 0), all, like))
        return false;
      continue;
    }
    const Candidate *c = candidateOf(all, user);
    if (!c || c->rank != like->rank || !mlirTypeEqual(c->logical, like->logical) ||
        memcmp(c->tile, like->tile, (size_t)like->rank * sizeof *like->tile))
      return false;
  }
  return true;
}

static MlirOperation enclosingFunction(MlirOperation op) {
  while (!mlirOperationIsNull(op) && !dlcIsOp(op, "func.func"))
    op = mlirOperationGetParentOperation(op);
  return op;
}

// Whether every op of `c`'s function holding `c`'s constant is read only
// by such pads: a schedule's payload function gets its own copy of the
// constants it reads, which stays beside the original once the ops are
// back, and a read of either would keep the weights alive.
static bool onlyPackedCopies(const Candidates *all, const Candidate *c) {
  MlirAttribute value = mlirOperationGetAttributeByName(c->constant, ref("value"));
  MlirOperation function = enclosingFunction(c->constant);
  for (size_t k = 0; k < all->constants.count; ++k) {
    MlirOperation op = all->constants.items[k];
    if (mlirAttributeEqual(mlirOperationGetAttributeByName(op, ref("value")), value) &&
        mlirOperationEqual(enclosingFunction(op), function) &&
        !onlyPackedReads(mlirOperationGetResult(op, 0), all, c))
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// The packed constant
//===----------------------------------------------------------------------===//

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

// Each tile of `data` (n floats, in tiles of c->tile) laid out panel by
// panel: t_last / w panels of (t0, .., w), and `shape` (the tiled dims)
// gets the panel dim before the tile's.
static bool toPanels(float *data, int64_t n, const Candidate *c, int64_t *shape) {
  int64_t r = c->rank, w = c->panel, last = c->tile[r - 1], size = 1;
  for (int64_t i = 0; i < r; ++i)
    size *= c->tile[i];
  int64_t rows = size / last;
  float *tile = malloc((size_t)size * sizeof *tile);
  if (!tile)
    return false;
  for (int64_t at = 0; at < n; at += size) {
    memcpy(tile, data + at, (size_t)size * sizeof *tile);
    for (int64_t q = 0; q < last / w; ++q)
      for (int64_t row = 0; row < rows; ++row)
        memcpy(data + at + (q * rows + row) * w, tile + row * last + q * w,
               (size_t)w * sizeof *tile);
  }
  free(tile);
  for (int64_t i = 2 * r - 1; i >= r; --i)
    shape[i + 1] = shape[i];
  shape[r] = last / w;
  shape[2 * r] = w;
  return true;
}

// The constant's data in tiles: dims (ceil(D0/t0), .., t0, ..), tile q
// holding the elements q*t .. q*t + t - 1 of each dim, zeros past the end.
static MlirAttribute packedAttr(const Candidate *c) {
  MlirAttribute value = mlirOperationGetAttributeByName(c->constant, ref("value"));
  const char *src = dlcLayoutConstantData(value);
  int64_t r = c->rank, shape[DLC_MAX_RANK], extent[MAX_RANK], stride[MAX_RANK], n = 1;
  for (int64_t i = r - 1; i >= 0; --i) {
    extent[i] = mlirShapedTypeGetDimSize(c->logical, i);
    stride[i] = i == r - 1 ? 1 : stride[i + 1] * extent[i + 1];
  }
  for (int64_t i = 0; i < r; ++i) {
    shape[i] = ceilDiv(extent[i], c->tile[i]);
    shape[r + i] = c->tile[i];
    n *= shape[i] * c->tile[i];
  }
  size_t bytes = (size_t)n * sizeof(float);
  float *dst = aligned_alloc(64, (bytes + 63) / 64 * 64);
  if (!dst)
    return mlirAttributeGetNull();
  int64_t index[DLC_MAX_RANK] = {0};
  for (int64_t k = 0; k < n; ++k) {
    int64_t at = 0;
    bool inside = true;
    for (int64_t i = 0; i < r && inside; ++i) {
      int64_t e = index[i] * c->tile[i] + index[r + i];
      inside = e < extent[i];
      at += e * stride[i];
    }
    if (inside)
      memcpy(&dst[k], src + at * (int64_t)sizeof(float), sizeof(float));
    else
      dst[k] = 0.0f;
    for (int64_t i = 2 * r - 1; i >= 0 && ++index[i] == shape[i]; --i)
      index[i] = 0;
  }
  intptr_t rank = 2 * r;
  if (c->panel && !toPanels(dst, n, c, shape))
    return mlirAttributeGetNull();
  if (c->panel)
    rank += 1;
  MlirType type = mlirRankedTensorTypeGet(
      rank, shape, mlirF32TypeGet(mlirOperationGetContext(c->constant)), mlirAttributeGetNull());
  return mlirUnmanagedDenseResourceElementsAttrGet(type, ref("dlc_prepacked"), dst, bytes, 64,
                                                   false, dlcLayoutFreeBlob, NULL);
}

// Replaces the pad by the tile of `packed` it pads: a rank-reducing slice
// at the tile's index along each dim (its offset divided by the tile).
static void replacePad(const Candidate *c, MlirValue packed) {
  MlirContext ctx = mlirOperationGetContext(c->pad);
  MlirLocation loc = mlirOperationGetLocation(c->pad);
  DlcBuilder b = dlcBuilderAtBlockEnd(mlirOperationGetBlock(c->pad), loc);
  int64_t r = c->rank, offsets[DLC_MAX_RANK], sizes[DLC_MAX_RANK];
  MlirValue operands[2 + MAX_RANK]; // the tile's dynamic indices, then the panel's
  intptr_t numOperands = 0;
  operands[numOperands++] = packed;
  MlirType index = mlirIndexTypeGet(ctx);
  for (int64_t i = 0; i < r; ++i) {
    const Dim *d = &c->dims[i];
    offsets[r + i] = 0;
    sizes[i] = 1;
    sizes[r + i] = c->tile[i];
    if (!d->numOffsets) {
      offsets[i] = d->offset / c->tile[i];
      continue;
    }
    // (offset values + static part) floordiv tile.
    MlirValue sum = d->offsets[0];
    for (int k = 1; k < d->numOffsets; ++k)
      sum = dlcPlaceBefore(
          dlcBuild1(&b, "arith.addi", 2, (MlirValue[]){sum, d->offsets[k]}, index, 0, NULL),
          c->pad);
    MlirAffineExpr e = mlirAffineAddExprGet(mlirAffineDimExprGet(ctx, 0),
                                            mlirAffineConstantExprGet(ctx, d->offset));
    e = mlirAffineFloorDivExprGet(e, mlirAffineConstantExprGet(ctx, c->tile[i]));
    MlirAttribute map = mlirAffineMapAttrGet(mlirAffineMapGet(ctx, 1, 0, 1, &e));
    MlirNamedAttribute attr = dlcNamed(ctx, "map", map);
    operands[numOperands++] =
        dlcPlaceBefore(dlcBuild1(&b, "affine.apply", 1, &sum, index, 1, &attr), c->pad);
    offsets[i] = mlirShapedTypeGetDynamicStrideOrOffset();
  }
  MlirValue result = mlirOperationGetResult(c->pad, 0);
  if (!c->panel) {
    MlirValue tile = dlcPlaceBefore(dlcUnitStrideSlice(&b, numOperands, operands, 2 * r, offsets,
                                                       sizes, mlirValueGetType(result)),
                                    c->pad);
    mlirValueReplaceAllUsesOfWith(result, tile);
    return;
  }
  // Each column slice of the tile: a slice of its panel, the panel dim
  // after the tile's index dims.
  dlcSliceColumnPanels(result, c->panel, &b, numOperands, operands, r, offsets, sizes);
}

// Erases `op` and then the slices, reshapes and constant it read, as each
// becomes unused; the constant's blob too when that was its last reader.
static void eraseChain(MlirOperation op, DlcWeightRefs *refs) {
  while (!mlirOperationIsNull(op) &&
         mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, 0)))) {
    MlirOperation next = (MlirOperation){NULL};
    if (!dlcIsOp(op, "arith.constant"))
      next = dlcDefiningOp(mlirOperationGetOperand(op, 0));
    dlcWeightRefsErase(refs, op);
    op = next;
  }
}

typedef struct Packed {
  MlirAttribute original;
  MlirOperation function;
  const Candidate *like; ///< its tiles
  MlirValue value;
} Packed;

void dlcRunPrepackConstants(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  // First: it erases dead constants, which the candidates must not hold.
  DlcWeightRefs *refs = dlcWeightRefsCreate(op);
  Candidates all = {0};
  mlirOperationWalk(op, collect, &all, MlirWalkPreOrder);
  bool *take = calloc((size_t)all.count + 1, sizeof *take);
  Packed *packed = calloc((size_t)all.count + 1, sizeof *packed);
  intptr_t numPacked = 0;
  if (!take || !packed)
    abort();
  // Decide before rewriting anything: a rewrite changes the uses looked at.
  for (intptr_t i = 0; i < all.count; ++i)
    take[i] = onlyPackedCopies(&all, &all.items[i]);
  for (intptr_t i = 0; i < all.count; ++i) {
    const Candidate *c = &all.items[i];
    if (!take[i])
      continue;
    // One packed constant per function and weights (a schedule's payload
    // function may have had its own copy of the constant op).
    MlirAttribute original = mlirOperationGetAttributeByName(c->constant, ref("value"));
    MlirOperation function = enclosingFunction(c->pad);
    MlirValue value = {NULL};
    for (intptr_t k = 0; k < numPacked && !value.ptr; ++k)
      if (mlirAttributeEqual(packed[k].original, original) &&
          mlirOperationEqual(packed[k].function, function) &&
          mlirTypeEqual(packed[k].like->logical, c->logical) && packed[k].like->panel == c->panel &&
          !memcmp(packed[k].like->tile, c->tile, (size_t)c->rank * sizeof *c->tile))
        value = packed[k].value;
    if (!value.ptr) {
      MlirAttribute attr = packedAttr(c);
      if (mlirAttributeIsNull(attr))
        abort(); // out of memory: DLC's policy (docs/Embedding.md)
      MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(function, 0));
      DlcBuilder b = dlcBuilderAtBlockEnd(entry, mlirOperationGetLocation(c->constant));
      value = dlcPlaceBefore(dlcConstant(&b, attr), mlirBlockGetFirstOperation(entry));
      packed[numPacked++] = (Packed){original, function, c, value};
    }
    replacePad(c, value);
    // The pad, then the chain that fed it once nothing reads it: lowering
    // holds the packed copies and one old weight, not both copies of all.
    MlirOperation source = dlcDefiningOp(mlirOperationGetOperand(c->pad, 0));
    mlirOperationDestroy(c->pad);
    eraseChain(source, refs);
  }
  free(take);
  free(packed);
  free(all.items);
  dlcOpListFree(&all.constants);
  dlcPrepackConvWeights(op, refs);
  dlcWeightRefsDestroy(refs);
}
