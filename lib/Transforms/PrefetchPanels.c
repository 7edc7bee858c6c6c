//===- PrefetchPanels.c - dlc-prefetch-panels -------------------*- C -*-===//
//
// A product's register tiles read B a column panel at a time (tk x rn,
// prepacked when B is a constant): the first tile of rows streams the
// panel from memory, the others re-read it from L2. Where the weights
// are not in cache (every layer of a model but the last few, as the
// activations between pass through), memory is then busy while the first
// tile runs and idle while the others do: EfficientNet-B0's 1x1 1152 ->
// 320 at 7x7 (9 tiles of rows, a 147 KB panel) ran 0.30 ms hot and 0.60
// cold, its weights arriving at 2-5 GB/s.
//
// This pass spreads the next panel's fetch over all the tiles of the
// current one: in an innermost loop (k) inside a loop of tiles (m), a read
// of a contiguous block of a constant that no iteration of the tile loop
// moves (the panel) prefetches, each step, the next part of the block that
// follows it in memory, far enough apart that the tile loop's steps cover
// it once. In the prepacked layout the next panel in loop order is the
// next in memory; where it is not (the last panel of a block, a thread's
// last), the prefetch reads lines nothing uses, and indices past the
// constant's end are clamped to its last element.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Rewrite.h"

#include <stdint.h>
#include <stdlib.h>

// Elements of f32 per cache line: one prefetch per line a step covers,
// and at most two a step.
enum { LINE_ELEMENTS = 16, MAX_LINES_PER_STEP = 2 };

static MlirValue inductionVariable(MlirOperation loop) {
  return mlirBlockGetArgument(mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0)), 0);
}

// The iterations of an scf.for with constant bounds, else 0.
static int64_t tripCount(MlirOperation loop) {
  int64_t lower, upper, step;
  if (!dlcIsOp(loop, "scf.for") ||
      !dlcLoopIndexRange(inductionVariable(loop), &lower, &upper, &step) || upper <= lower)
    return 0;
  return (upper - lower + step - 1) / step;
}

// The 1-D constant global a view is of, through the views bufferization
// and dlc-flatten-constants leave; null when it is anything else.
static MlirValue constantRoot(MlirValue v, MlirSymbolTable globals) {
  for (;;) {
    MlirOperation def = dlcDefiningOp(v);
    if (dlcIsOp(def, "memref.get_global")) {
      MlirType type = mlirValueGetType(v);
      return dlcReadsConstantGlobal(def, globals) && mlirShapedTypeGetRank(type) == 1 &&
                     mlirShapedTypeHasStaticShape(type)
                 ? v
                 : (MlirValue){NULL};
    }
    if (!dlcIsOp(def, "memref.subview") && !dlcIsOp(def, "memref.expand_shape") &&
        !dlcIsOp(def, "memref.collapse_shape") && !dlcIsOp(def, "memref.cast"))
      return (MlirValue){NULL};
    v = mlirOperationGetOperand(def, 0);
  }
}

// A static f32 view whose elements lie next to each other (row-major
// strides): its element count, else 0.
static int64_t contiguousElements(MlirType type) {
  if (!mlirTypeIsAMemRef(type) || !mlirShapedTypeHasStaticShape(type) ||
      !mlirTypeIsAF32(mlirShapedTypeGetElementType(type)))
    return 0;
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t *strides = malloc(sizeof(int64_t) * (rank ? rank : 1)), offset;
  bool strided =
      mlirLogicalResultIsSuccess(mlirMemRefTypeGetStridesAndOffset(type, strides, &offset));
  int64_t n = 1;
  for (intptr_t i = rank - 1; strided && i >= 0; --i) {
    int64_t size = mlirShapedTypeGetDimSize(type, i);
    if (size > 1 && strides[i] != n)
      strided = false;
    n *= size;
  }
  free(strides);
  return strided ? n : 0;
}

// An index the read depends on: the step's own (`loop`'s induction
// variable) or one the tile loop does not change. A read that moves with
// the tile loop (a window loop's taps) is not a panel's.
static bool stepIndex(MlirValue v, MlirOperation loop, MlirOperation tiles) {
  return mlirValueEqual(v, inductionVariable(loop)) || !dlcValueIsDefinedInside(v, tiles);
}

static bool indicesFromStep(MlirOperation op, intptr_t first, MlirOperation loop,
                            MlirOperation tiles) {
  for (intptr_t i = first; i < mlirOperationGetNumOperands(op); ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (mlirTypeIsAIndex(mlirValueGetType(v)) && !stepIndex(v, loop, tiles))
      return false;
  }
  return true;
}

typedef struct Stream {
  MlirOperation read;  // the read of the panel in the innermost loop
  MlirValue panel;     // the view the tile loop does not move
  MlirValue constant;  // the 1-D global it is a view of
  int64_t elements;    // the panel's
} Stream;

// The read of `loop`'s body that streams a panel, if any.
static bool findStream(MlirOperation loop, MlirOperation tiles, MlirSymbolTable globals,
                       Stream *s) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  // Prefetched already (by an earlier run of the pass: dlc-loops-to-llvm
  // after dlc-linalg-to-loops): one stream is enough.
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (dlcIsOp(op, "memref.prefetch"))
      return false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!dlcIsOp(op, "vector.transfer_read") && !dlcIsOp(op, "vector.load"))
      continue;
    MlirValue panel = mlirOperationGetOperand(op, 0);
    bool fromStep = indicesFromStep(op, 1, loop, tiles);
    while (fromStep && dlcValueIsDefinedInside(panel, loop) &&
           dlcIsOp(dlcDefiningOp(panel), "memref.subview")) {
      fromStep = indicesFromStep(dlcDefiningOp(panel), 1, loop, tiles);
      panel = mlirOperationGetOperand(dlcDefiningOp(panel), 0);
    }
    if (!fromStep || dlcValueIsDefinedInside(panel, tiles))
      continue;
    int64_t elements = contiguousElements(mlirValueGetType(panel));
    MlirValue constant = constantRoot(panel, globals);
    // A panel that is the whole constant has no next one.
    if (elements < LINE_ELEMENTS || mlirValueIsNull(constant) ||
        elements >= mlirShapedTypeGetDimSize(mlirValueGetType(constant), 0))
      continue;
    *s = (Stream){op, panel, constant, elements};
    return true;
  }
  return false;
}

static MlirValue arith(DlcBuilder *b, const char *name, MlirValue x, MlirValue y) {
  MlirValue operands[2] = {x, y};
  return dlcBuild1(b, name, 2, operands, mlirValueGetType(x), 0, NULL);
}

// (iv - lower) / step, the iteration's number (of a loop tripCount
// counts).
static MlirValue iteration(DlcBuilder *b, MlirOperation loop) {
  int64_t lower, upper, step;
  dlcLoopIndexRange(inductionVariable(loop), &lower, &upper, &step);
  MlirValue iv = inductionVariable(loop);
  if (lower)
    iv = arith(b, "arith.subi", iv, dlcConstIndex(b, lower));
  return step == 1 ? iv : arith(b, "arith.divui", iv, dlcConstIndex(b, step));
}

// Before the tile loop: where the next panel starts in the constant.
static MlirValue nextPanelStart(MlirOperation tiles, const Stream *s) {
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(tiles);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(tiles));
  MlirType type = mlirValueGetType(s->panel);
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirType index = mlirIndexTypeGet(b.ctx);
  intptr_t numResults = 2 + 2 * rank;
  MlirType *results = malloc(sizeof(MlirType) * numResults);
  results[0] = mlirMemRefTypeGet(mlirShapedTypeGetElementType(type), 0, NULL,
                                 mlirAttributeGetNull(), mlirMemRefTypeGetMemorySpace(type));
  for (intptr_t i = 1; i < numResults; ++i)
    results[i] = index;
  MlirOperation metadata = dlcBuildOp(&b, "memref.extract_strided_metadata", 1, &s->panel,
                                      numResults, results, 0, NULL, 0, NULL);
  free(results);
  MlirValue start = arith(&b, "arith.addi", mlirOperationGetResult(metadata, 1),
                          dlcConstIndex(&b, s->elements));
  mlirIRRewriterDestroy(rewriter);
  return start;
}

// In the innermost loop, before the read: prefetches of the part of the
// next panel for this (tile, step), `stride` elements a step, the loop
// taking `loopTrips` steps a tile.
static void prefetch(MlirOperation loop, MlirOperation tiles, const Stream *s, MlirValue start,
                     int64_t stride, int64_t loopTrips) {
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(s->read);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(s->read));
  MlirValue step = iteration(&b, loop);
  MlirValue tile = iteration(&b, tiles);
  MlirValue position = arith(&b, "arith.addi",
                             arith(&b, "arith.muli", tile, dlcConstIndex(&b, loopTrips)), step);
  MlirValue first = arith(&b, "arith.addi", start,
                          arith(&b, "arith.muli", position, dlcConstIndex(&b, stride)));
  int64_t last = mlirShapedTypeGetDimSize(mlirValueGetType(s->constant), 0) - 1;
  MlirNamedAttribute attrs[3] = {
      dlcNamed(b.ctx, "isWrite", mlirBoolAttrGet(b.ctx, 0)),
      // To L2 (prefetcht1): the panel's lines would push the tile's rows
      // of A out of L1.
      dlcNamed(b.ctx, "localityHint", mlirIntegerAttrGet(mlirIntegerTypeGet(b.ctx, 32), 2)),
      dlcNamed(b.ctx, "isDataCache", mlirBoolAttrGet(b.ctx, 1))};
  for (int64_t line = 0; line < stride; line += LINE_ELEMENTS) {
    MlirValue at = line ? arith(&b, "arith.addi", first, dlcConstIndex(&b, line)) : first;
    at = arith(&b, "arith.minui", at, dlcConstIndex(&b, last));
    MlirValue operands[2] = {s->constant, at};
    dlcBuildOp(&b, "memref.prefetch", 2, operands, 0, NULL, 3, attrs, 0, NULL);
  }
  mlirIRRewriterDestroy(rewriter);
}

// Innermost loops in another loop.
static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "scf.for") && dlcIsOp(mlirOperationGetParentOperation(op), "scf.for") &&
      !dlcBlockHoldsLoop(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0))))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

void dlcRunPrefetchPanels(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  (void)options;
  DlcOpList loops = {0};
  mlirOperationWalk(op, collect, &loops, MlirWalkPostOrder);
  MlirSymbolTable globals = mlirSymbolTableCreate(dlcModuleOf(op));
  for (size_t i = 0; i < loops.count; ++i) {
    MlirOperation loop = loops.items[i], tiles = mlirOperationGetParentOperation(loop);
    int64_t loopTrips = tripCount(loop), tileCount = tripCount(tiles);
    Stream s;
    // A single tile reads the panel once: nothing to spread the next
    // one's fetch over.
    if (!loopTrips || tileCount < 2 || !findStream(loop, tiles, globals, &s))
      continue;
    int64_t steps = loopTrips * tileCount;
    int64_t stride = (s.elements + steps - 1) / steps;
    // More than two lines a step: too few steps to spread the panel over
    // without a burst of prefetches in every one.
    if (stride > MAX_LINES_PER_STEP * LINE_ELEMENTS)
      continue;
    prefetch(loop, tiles, &s, nextPanelStart(tiles, &s), stride, loopTrips);
  }
  mlirSymbolTableDestroy(globals);
  dlcOpListFree(&loops);
}
