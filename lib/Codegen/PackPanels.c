//===- PackPanels.c - The dlc-pack-panels pass ------------------*- C -*-===//
//
// The matmul schedules copy each cache tile of B (tk x tn) into a
// zero-padded buffer on every run (a `nofold` tensor.pad), which the
// register tiles then read in column panels (Panels.c). This pass replaces
// that copy by one into panels (tn/w x tk x w), a vector of w columns at a
// time, read from the operand itself: where the tile runs past the
// operand's end, the reads are masked and the rest zeros, so a partial
// tile is not copied twice either. Each read of the tile becomes a slice
// of its panel.
//
// dlc-prepack-constants does the same for constant tiles when compiling
// and runs first; what it leaves are the tiles of operands computed at
// run time.
//
// A whole tile read otherwise (A's blocks, read a few rows at a time, an
// element of each per step) is read where it is: its copy would have the
// operand's layout (rows of the whole K) or shorter rows (a K tile), which
// buys the register tiles nothing (2048^3: 3% of the product; 1024^3 and
// 197x768x768: 1%).
//
// A block of the result padded to whole register tiles while it is still
// the product's zero fill (one K tile) is a fill of the padded shape, not
// a copy of zeros.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

// A schedule's packing copy of a static f32 tile, zero-padded at the high
// end only.
static bool isPackingPad(MlirOperation pad) {
  return dlcIsOp(pad, "tensor.pad") &&
         !mlirAttributeIsNull(mlirOperationGetAttributeByName(pad, ref("nofold"))) &&
         dlcIsZeroHighPad(pad);
}

// Panels narrower than a 128-bit vector are not worth a copy of their
// own: a block of A whose register tiles are as high as the block is read
// a column (one element per row) at a time, and would be copied so.
#define MIN_PANEL_WIDTH 4

// A packing pad that pads nothing: the tile is whole.
static bool padsNothing(MlirOperation pad) {
  MlirAttribute high = mlirOperationGetAttributeByName(pad, ref("static_high"));
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(high); ++i)
    if (mlirDenseI64ArrayGetElement(high, i) != 0)
      return false;
  return true;
}

typedef struct Pads {
  DlcOpList panels, whole;
} Pads;

static MlirWalkResult collect(MlirOperation op, void *userData) {
  Pads *pads = userData;
  if (!isPackingPad(op))
    return MlirWalkResultAdvance;
  if (dlcColumnPanelWidth(mlirOperationGetResult(op, 0)) >= MIN_PANEL_WIDTH)
    dlcOpListPush(&pads->panels, op);
  else if (padsNothing(op))
    dlcOpListPush(&pads->whole, op);
  return MlirWalkResultAdvance;
}

// The copy of a tile (t0 x .. x tn) into tn/w panels (tn/w x t0 x .. x w).
typedef struct Copy {
  MlirValue source;                      ///< what the pad padded
  bool masked[DLC_MAX_RANK];             ///< dims the source may end in
  int64_t rank, w, extent[DLC_MAX_RANK]; ///< the loops: panels, then t0 ..
  MlirValue index[DLC_MAX_RANK];         ///< their indices, as built
  MlirValue zero;
} Copy;

static MlirAttribute boolArray(MlirContext ctx, intptr_t n, const bool *values) {
  MlirAttribute items[DLC_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i)
    items[i] = mlirBoolAttrGet(ctx, values[i]);
  return mlirArrayAttrGet(ctx, n, items);
}

// One panel row: a vector of w columns read from the source and written
// into its panel. The read is masked along the dims the source may end
// in; when a leading dim is one of them, the read covers it (1 x .. x w),
// so that rows past the end read zeros too.
static MlirValue copyRow(DlcBuilder *b, Copy *c, MlirValue panels) {
  MlirContext ctx = b->ctx;
  int64_t r = c->rank, shape[DLC_MAX_RANK], dims = 1;
  for (int64_t i = r - 2; i >= 0; --i)
    if (c->masked[i])
      dims = r - i;
  for (int64_t i = 0; i < dims; ++i)
    shape[i] = i + 1 < dims ? 1 : c->w;
  bool readInBounds[DLC_MAX_RANK], writeInBounds[DLC_MAX_RANK];
  for (int64_t i = 0; i < dims; ++i) {
    readInBounds[i] = !c->masked[r - dims + i];
    writeInBounds[i] = true;
  }
  MlirType f32 = mlirF32TypeGet(ctx), vector = mlirVectorTypeGet(dims, shape, f32);
  MlirValue read[DLC_MAX_RANK + 2], write[DLC_MAX_RANK + 3];
  read[0] = c->source;
  for (int64_t i = 0; i + 1 < r; ++i)
    read[1 + i] = c->index[1 + i];
  read[r] = dlcArith(b, "arith.muli", c->index[0], dlcConstIndex(b, c->w));
  read[r + 1] = dlcConstScalar(b, f32, 0.0);
  MlirNamedAttribute readAttrs[3] = {
      dlcNamed(ctx, "permutation_map",
               mlirAffineMapAttrGet(mlirAffineMapMinorIdentityGet(ctx, r, dims))),
      dlcNamed(ctx, "in_bounds", boolArray(ctx, dims, readInBounds)),
      dlcNamed(ctx, "operandSegmentSizes",
               mlirDenseI32ArrayGet(ctx, 4, (int32_t[]){1, (int32_t)r, 1, 0}))};
  MlirValue row = dlcBuild1(b, "vector.transfer_read", r + 2, read, vector, 3, readAttrs);
  write[0] = row;
  write[1] = panels;
  for (int64_t i = 0; i < r; ++i)
    write[2 + i] = c->index[i];
  write[r + 2] = c->zero;
  MlirNamedAttribute writeAttrs[3] = {
      dlcNamed(ctx, "permutation_map",
               mlirAffineMapAttrGet(mlirAffineMapMinorIdentityGet(ctx, r + 1, dims))),
      dlcNamed(ctx, "in_bounds", boolArray(ctx, dims, writeInBounds)),
      dlcNamed(ctx, "operandSegmentSizes",
               mlirDenseI32ArrayGet(ctx, 4, (int32_t[]){1, 1, (int32_t)r + 1, 0}))};
  return dlcBuild1(b, "vector.transfer_write", r + 3, write, mlirValueGetType(panels), 3,
                   writeAttrs);
}

// The loops from `d` in: an scf.for carrying the panels for each extent
// above 1 (index 0 otherwise), the row copy innermost.
static MlirValue copyLoops(DlcBuilder *b, Copy *c, int64_t d, MlirValue panels) {
  if (d == c->rank)
    return copyRow(b, c, panels);
  if (c->extent[d] == 1) {
    c->index[d] = c->zero;
    return copyLoops(b, c, d + 1, panels);
  }
  MlirType types[2] = {mlirIndexTypeGet(b->ctx), mlirValueGetType(panels)};
  MlirLocation locs[2] = {b->loc, b->loc};
  MlirBlock body = mlirBlockCreate(2, types, locs);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirValue operands[4] = {c->zero, dlcConstIndex(b, c->extent[d]), dlcConstIndex(b, 1), panels};
  MlirOperation loop = dlcBuildOp(b, "scf.for", 4, operands, 1, &types[1], 0, NULL, 1, &region);
  DlcBuilder in = dlcBuilderAtBlockEnd(body, b->loc);
  c->index[d] = mlirBlockGetArgument(body, 0);
  MlirValue next = copyLoops(&in, c, d + 1, mlirBlockGetArgument(body, 1));
  dlcBuildOp(&in, "scf.yield", 1, &next, 0, NULL, 0, NULL, 0, NULL);
  return mlirOperationGetResult(loop, 0);
}

// What `pad` produces (t0 x .. x tn), as tn/w panels (tn/w x t0 x .. x w)
// copied from its source.
static MlirValue panels(DlcBuilder *b, MlirOperation pad, int64_t w) {
  MlirType type = mlirValueGetType(mlirOperationGetResult(pad, 0));
  MlirAttribute high = mlirOperationGetAttributeByName(pad, ref("static_high"));
  Copy c = {.source = mlirOperationGetOperand(pad, 0), .rank = mlirShapedTypeGetRank(type), .w = w};
  int64_t shape[DLC_MAX_RANK];
  c.extent[0] = mlirShapedTypeGetDimSize(type, c.rank - 1) / w;
  for (int64_t i = 0; i < c.rank; ++i) {
    // A dynamic amount reads as the dynamic marker, not 0.
    c.masked[i] = mlirDenseI64ArrayGetElement(high, i) != 0;
    if (i + 1 < c.rank)
      c.extent[i + 1] = mlirShapedTypeGetDimSize(type, i);
  }
  for (int64_t i = 0; i < c.rank; ++i)
    shape[i] = c.extent[i];
  shape[c.rank] = w;
  MlirType packed = mlirRankedTensorTypeGet(c.rank + 1, shape, mlirShapedTypeGetElementType(type),
                                            mlirAttributeGetNull());
  c.zero = dlcConstIndex(b, 0);
  return copyLoops(b, &c, 0, dlcEmpty(b, packed, 0, NULL));
}

static void rewrite(MlirOperation pad) {
  MlirValue tile = mlirOperationGetResult(pad, 0);
  int64_t w = dlcColumnPanelWidth(tile);
  // Built in a block of their own, then moved after the pad.
  MlirBlock scratch = mlirBlockCreate(0, NULL, NULL);
  DlcBuilder b = dlcBuilderAtBlockEnd(scratch, mlirOperationGetLocation(pad));
  MlirValue operands[2] = {panels(&b, pad, w)};
  MlirOperation next = mlirOperationGetNextInBlock(pad);
  dlcMoveOpsBefore(mlirBlockGetFirstOperation(scratch), next);
  int64_t offsets[DLC_MAX_RANK], sizes[DLC_MAX_RANK];
  dlcSliceColumnPanels(tile, w, &b, 1, operands, 0, offsets, sizes);
  mlirBlockDestroy(scratch);
  mlirOperationDestroy(pad);
}

// The whole tile `pad` makes, read from its source.
static void readInPlace(MlirOperation pad) {
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(pad, 0), mlirOperationGetOperand(pad, 0));
  mlirOperationDestroy(pad);
}

//===----------------------------------------------------------------------===//
// Padded blocks of a zero fill
//===----------------------------------------------------------------------===//

// The offsets and sizes of a unit-stride slice op that keeps its rank
// (tensor.extract_slice: of its source; tensor.insert_slice: of its
// destination), -1 for the dynamic ones; false for other slices.
static bool sliceRegion(MlirOperation slice, int64_t rank, int64_t *offsets, int64_t *sizes) {
  MlirAttribute o = mlirOperationGetAttributeByName(slice, ref("static_offsets"));
  MlirAttribute z = mlirOperationGetAttributeByName(slice, ref("static_sizes"));
  MlirAttribute t = mlirOperationGetAttributeByName(slice, ref("static_strides"));
  if (mlirDenseArrayGetNumElements(o) != rank)
    return false;
  for (intptr_t i = 0; i < rank; ++i) {
    if (mlirDenseI64ArrayGetElement(t, i) != 1)
      return false;
    offsets[i] = mlirDenseI64ArrayGetElement(o, i);
    sizes[i] = mlirDenseI64ArrayGetElement(z, i);
    offsets[i] = offsets[i] < 0 ? -1 : offsets[i];
    sizes[i] = sizes[i] < 0 ? -1 : sizes[i];
  }
  return true;
}

// Whether every element of `v` is a zero of a linalg.fill, read through
// slices of it and of inserts into it elsewhere than the slices read. The
// region read is tracked in the coordinates of the value reached
// (`offsets`, `sizes`, -1 where dynamic): an insert misses it when along
// some dim both are known and do not overlap.
static bool readsZeroFill(MlirValue v) {
  MlirType type = mlirValueGetType(v);
  int64_t rank = mlirShapedTypeGetRank(type);
  int64_t offsets[DLC_MAX_RANK], sizes[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i) {
    offsets[i] = 0;
    sizes[i] = mlirShapedTypeIsDynamicDim(type, i) ? -1 : mlirShapedTypeGetDimSize(type, i);
  }
  for (;;) {
    // In an scf.forall, a shared output holds its init: the iterations
    // write it only when they all end (scf.forall.in_parallel).
    if (mlirValueIsABlockArgument(v)) {
      MlirBlock body = mlirBlockArgumentGetOwner(v);
      MlirOperation loop = mlirBlockGetParentOperation(body);
      if (!dlcIsOp(loop, "scf.forall"))
        return false;
      intptr_t outputs = mlirOperationGetNumResults(loop);
      intptr_t output =
          mlirBlockArgumentGetArgNumber(v) - (mlirBlockGetNumArguments(body) - outputs);
      if (output < 0) // an induction variable
        return false;
      v = mlirOperationGetOperand(loop, mlirOperationGetNumOperands(loop) - outputs + output);
      continue;
    }
    MlirOperation def = dlcDefiningOp(v);
    double zero;
    if (dlcIsOp(def, "linalg.fill"))
      return dlcConstantFloat(mlirOperationGetOperand(def, 0), &zero) && zero == 0.0 &&
             !signbit(zero);
    int64_t o[DLC_MAX_RANK], z[DLC_MAX_RANK];
    if (dlcIsOp(def, "tensor.extract_slice")) {
      MlirValue source = mlirOperationGetOperand(def, 0);
      if (mlirShapedTypeGetRank(mlirValueGetType(source)) != rank || !sliceRegion(def, rank, o, z))
        return false;
      for (intptr_t i = 0; i < rank; ++i)
        offsets[i] = offsets[i] < 0 || o[i] < 0 ? -1 : offsets[i] + o[i];
      v = source;
    } else if (dlcIsOp(def, "tensor.insert_slice")) {
      if (!sliceRegion(def, rank, o, z))
        return false;
      bool misses = false;
      for (intptr_t i = 0; i < rank; ++i)
        misses = misses || (offsets[i] >= 0 && sizes[i] >= 0 && o[i] >= 0 && z[i] >= 0 &&
                            (o[i] + z[i] <= offsets[i] || offsets[i] + sizes[i] <= o[i]));
      if (!misses)
        return false;
      v = mlirOperationGetOperand(def, 1);
    } else {
      return false;
    }
  }
}

static MlirWalkResult collectPadsOfFills(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "tensor.pad") &&
      mlirAttributeIsNull(mlirOperationGetAttributeByName(op, ref("nofold"))) &&
      dlcIsZeroHighPad(op) && readsZeroFill(mlirOperationGetOperand(op, 0)))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// A zero-padded block of what is still a zero fill (a product's result
// block padded to whole register tiles, its accumulator not yet written)
// is a zero fill of the block's shape: no copy of the zeros into it.
// Each block's fill has a tensor.empty of its own (a distinct `dlc.block`
// attribute, as dlc-decompose-pads gives its buffers a `dlc.pad`): merged
// by CSE, two blocks would write into one value, which bufferization then
// copied for each.
static void fillInstead(MlirOperation pad, int64_t id) {
  MlirBlock scratch = mlirBlockCreate(0, NULL, NULL);
  DlcBuilder b = dlcBuilderAtBlockEnd(scratch, mlirOperationGetLocation(pad));
  MlirValue result = mlirOperationGetResult(pad, 0);
  MlirValue empty = dlcEmpty(&b, mlirValueGetType(result), 0, NULL);
  mlirOperationSetDiscardableAttributeByName(dlcDefiningOp(empty), ref("dlc.block"),
                                             mlirIntegerAttrGet(mlirIntegerTypeGet(b.ctx, 64), id));
  dlcReplaceWithScratch(pad, scratch,
                        dlcFill(&b, dlcConstScalar(&b, mlirF32TypeGet(b.ctx), 0.0), empty));
}

void dlcRunPackPanels(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  Pads pads = {0};
  mlirOperationWalk(op, collect, &pads, MlirWalkPreOrder);
  for (size_t i = 0; i < pads.panels.count; ++i)
    rewrite(pads.panels.items[i]);
  for (size_t i = 0; i < pads.whole.count; ++i)
    readInPlace(pads.whole.items[i]);
  dlcOpListFree(&pads.panels);
  dlcOpListFree(&pads.whole);
  DlcOpList fills = {0};
  mlirOperationWalk(op, collectPadsOfFills, &fills, MlirWalkPreOrder);
  for (size_t i = 0; i < fills.count; ++i)
    fillInstead(fills.items[i], (int64_t)i);
  dlcOpListFree(&fills);
}
