//===- Epilogues.c - Products and their epilogues in one buffer --*- C -*-===//
//
// A product fused with its epilogue (@dlc_matmul_fused and its kin) is
// computed by column blocks, and each block of the product is a tensor the
// epilogue then reads. Bufferization gives that tensor a buffer of its own
// (a malloc per block, of a size known only at run time where the last
// block is partial) unless the block is computed where the epilogue writes
// and the epilogue then runs in place. Two rewrites make it so, one on
// each side of the schedule:
//
// - before it, the product's zero fill writes into the epilogue's
//   destination (a fill of its own: fills are shared after CSE), so the
//   block is zeroed and accumulated in the destination's memory;
// - after it, each tile of the epilogue takes that block, its in-place
//   input, as its `outs`. The epilogue's payload ignores what `outs`
//   holds, so any tensor of the type is the same op; reading and writing
//   one value is what lets bufferization compute it element by element in
//   place.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Support/IR.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

// Names the epilogue's operand that reads the product, on the epilogue and
// (tiling copies attributes) on each of its tiles.
static const char *const inPlaceAttr = "dlc.in_place_operand";

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirValue initOf(MlirOperation op) {
  return mlirOperationGetOperand(op, mlirOperationGetNumOperands(op) - 1);
}

// Is `v` defined before `op`, in its block, or can it be? (a dynamic size
// of an empty: the size of an expansion of the product's rows is computed
// after the product, by index arithmetic on sizes known before it, which
// then moves before it).
static bool availableBefore(MlirValue v, MlirOperation op, int depth) {
  MlirBlock block = mlirOperationGetBlock(op);
  if (mlirValueIsABlockArgument(v))
    return mlirBlockEqual(mlirBlockArgumentGetOwner(v), block);
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!mlirBlockEqual(mlirOperationGetBlock(def), block))
    return false;
  if (mlirOperationIsBeforeInBlock(def, op))
    return true;
  bool sizeArithmetic = dlcIsOp(def, "arith.muli") || dlcIsOp(def, "arith.divui") ||
                        dlcIsOp(def, "arith.constant") || dlcIsOp(def, "tensor.dim");
  if (!sizeArithmetic || depth == 0)
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (!availableBefore(mlirOperationGetOperand(def, i), op, depth - 1))
      return false;
  mlirOperationMoveBefore(def, op);
  return true;
}

// The epilogue's destination, usable right before `product`: a function
// argument, or a copy there of a tensor.empty (whose dynamic sizes are
// defined before the product) or of a
// reshape of one (the reshape of an epilogue collapsed onto its product,
// which keeps the destination one buffer with the expanded result the
// function may return); the epilogue's `outs` becomes the copy. Null when
// it is something else.
static MlirValue destinationBefore(MlirOperation epilogue, MlirOperation product) {
  MlirValue value = initOf(epilogue);
  if (mlirValueIsABlockArgument(value))
    return mlirBlockEqual(mlirBlockArgumentGetOwner(value), mlirOperationGetBlock(product))
               ? value
               : (MlirValue){NULL};
  MlirOperation def = mlirOpResultGetOwner(value);
  MlirOperation reshape = {NULL};
  if (dlcIsOp(def, "tensor.collapse_shape")) {
    reshape = def;
    def = dlcDefiningOp(mlirOperationGetOperand(reshape, 0));
  }
  if (!dlcIsOp(def, "tensor.empty"))
    return (MlirValue){NULL};
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (!availableBefore(mlirOperationGetOperand(def, i), product, 4))
      return (MlirValue){NULL};
  MlirBlock block = mlirOperationGetBlock(product);
  MlirOperation empty = mlirOperationClone(def);
  mlirBlockInsertOwnedOperationBefore(block, product, empty);
  MlirValue copy = mlirOperationGetResult(empty, 0);
  if (!mlirOperationIsNull(reshape)) {
    MlirOperation collapse = mlirOperationClone(reshape);
    mlirBlockInsertOwnedOperationBefore(block, product, collapse);
    mlirOperationSetOperand(collapse, 0, copy);
    copy = mlirOperationGetResult(collapse, 0);
  }
  mlirOperationSetOperand(epilogue, mlirOperationGetNumOperands(epilogue) - 1, copy);
  return copy;
}

bool dlcPrepareEpilogueInPlace(MlirOperation product, MlirOperation *fill, MlirOperation epilogue,
                               intptr_t operand) {
  if (!mlirTypeEqual(mlirValueGetType(initOf(epilogue)), mlirValueGetType(initOf(*fill))))
    return false;
  MlirValue destination = destinationBefore(epilogue, product);
  if (mlirValueIsNull(destination))
    return false;
  MlirOperation own = mlirOperationClone(*fill);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(product), product, own);
  mlirOperationSetOperand(own, mlirOperationGetNumOperands(own) - 1, destination);
  mlirOperationSetOperand(product, mlirOperationGetNumOperands(product) - 1,
                          mlirOperationGetResult(own, 0));
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(*fill, 0))))
    mlirOperationDestroy(*fill);
  *fill = own;
  MlirContext ctx = mlirOperationGetContext(epilogue);
  mlirOperationSetAttributeByName(epilogue, ref(inPlaceAttr),
                                  mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), operand));
  return true;
}

// The payload's block argument of the init: unused when the op only writes
// its destination.
static bool ignoresInit(MlirOperation generic) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(generic, 0));
  MlirValue out = mlirBlockGetArgument(body, mlirBlockGetNumArguments(body) - 1);
  return mlirOpOperandIsNull(mlirValueGetFirstUse(out));
}

static MlirWalkResult computeInPlace(MlirOperation op, void *userData) {
  (void)userData;
  MlirAttribute mark = mlirOperationGetAttributeByName(op, ref(inPlaceAttr));
  if (mlirAttributeIsNull(mark))
    return MlirWalkResultAdvance;
  mlirOperationRemoveAttributeByName(op, ref(inPlaceAttr));
  intptr_t operand = (intptr_t)mlirIntegerAttrGetValueInt(mark);
  intptr_t numOperands = mlirOperationGetNumOperands(op);
  if (!dlcIsOp(op, "linalg.generic") || operand >= numOperands - 1 || !ignoresInit(op))
    return MlirWalkResultAdvance;
  MlirValue input = mlirOperationGetOperand(op, operand);
  MlirAttribute maps = mlirOperationGetAttributeByName(op, ref("indexing_maps"));
  MlirAffineMap read = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, operand));
  MlirAffineMap write = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, numOperands - 1));
  if (mlirTypeEqual(mlirValueGetType(input), mlirValueGetType(initOf(op))) &&
      mlirAffineMapEqual(read, write))
    mlirOperationSetOperand(op, numOperands - 1, input);
  return MlirWalkResultAdvance;
}

void dlcComputeEpiloguesInPlace(MlirOperation root) {
  mlirOperationWalk(root, computeInPlace, NULL, MlirWalkPreOrder);
}

//===----------------------------------------------------------------------===//
// Epilogues behind a reshape
//===----------------------------------------------------------------------===//
//
// A product over batch dims is lowered as a plain product of the batch
// folded into rows, expanded back (tensor.expand_shape) for the
// elementwise ops after it: a transformer's bias add then reads a
// 1 x 32 x 192 view of a 32 x 192 product and is no epilogue of it. The
// consumer is rewritten over the product's dims: each group of dims the
// expansion split is one loop, every operand read along whole groups is
// collapsed the same way, and the result is expanded back for its users.

#define MAX_LOOPS 8

static MlirOperation insertBefore(MlirOperation anchor, MlirOperationState *state) {
  MlirOperation op = mlirOperationCreate(state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(anchor), anchor, op);
  return op;
}

// The group of each loop dim under `reassociation` (an array of arrays of
// dims); the number of groups, or -1.
static intptr_t groupsOf(MlirAttribute reassociation, intptr_t loops, intptr_t *group) {
  intptr_t n = mlirArrayAttrGetNumElements(reassociation), next = 0;
  for (intptr_t g = 0; g < n; ++g) {
    MlirAttribute dims = mlirArrayAttrGetElement(reassociation, g);
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(dims); ++i, ++next)
      if (next >= loops || mlirIntegerAttrGetValueInt(mlirArrayAttrGetElement(dims, i)) != next)
        return -1;
      else
        group[next] = g;
  }
  return next == loops ? n : -1;
}

// An operand's read over the collapsed loops: each run of its dims in one
// group becomes one dim (its `runs`, a reassociation of the operand's
// dims); false unless every group is read whole, in order, or not at all.
typedef struct CollapsedRead {
  MlirAffineMap map;
  intptr_t numRuns;
  intptr_t runStart[MAX_LOOPS + 1]; ///< operand dims [runStart[r], runStart[r+1])
} CollapsedRead;

// The loop dim result `i` of `map` reads, or -1. An operand of the loops'
// rank may read 0 along a unit dim (how elementwise lowering reads a dim
// that could broadcast): there the loop dim of that position, which then
// has one iteration too.
static intptr_t readDim(MlirAffineMap map, MlirType operand, const int64_t *loopSizes, intptr_t i) {
  MlirAffineExpr e = mlirAffineMapGetResult(map, i);
  if (mlirAffineExprIsADim(e))
    return mlirAffineDimExprGetPosition(e);
  bool unitRead = mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0 &&
                  mlirAffineMapGetNumResults(map) == mlirAffineMapGetNumDims(map) &&
                  mlirShapedTypeGetDimSize(operand, i) == 1 && loopSizes[i] == 1;
  return unitRead ? i : -1;
}

static bool collapseRead(MlirContext ctx, MlirAffineMap map, MlirType operand,
                         const int64_t *loopSizes, const intptr_t *group,
                         const intptr_t *groupSize, intptr_t numGroups, CollapsedRead *out) {
  intptr_t n = mlirAffineMapGetNumResults(map);
  MlirAffineExpr exprs[MAX_LOOPS];
  out->numRuns = 0;
  for (intptr_t i = 0; i < n;) {
    intptr_t d = readDim(map, operand, loopSizes, i);
    if (d < 0)
      return false;
    intptr_t g = group[d], len = groupSize[g];
    // The whole group, from its first dim, in order.
    if (i + len > n || (d > 0 && group[d - 1] == g))
      return false;
    for (intptr_t j = 1; j < len; ++j)
      if (readDim(map, operand, loopSizes, i + j) != d + j)
        return false;
    out->runStart[out->numRuns] = i;
    exprs[out->numRuns++] = mlirAffineDimExprGet(ctx, g);
    i += len;
  }
  out->runStart[out->numRuns] = n;
  out->map = mlirAffineMapGet(ctx, numGroups, 0, out->numRuns, exprs);
  return true;
}

static MlirAttribute runsAttr(MlirContext ctx, const CollapsedRead *read) {
  MlirAttribute runs[MAX_LOOPS];
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  for (intptr_t r = 0; r < read->numRuns; ++r) {
    MlirAttribute dims[MAX_LOOPS];
    for (intptr_t d = read->runStart[r]; d < read->runStart[r + 1]; ++d)
      dims[d - read->runStart[r]] = mlirIntegerAttrGet(i64, d);
    runs[r] = mlirArrayAttrGet(ctx, read->runStart[r + 1] - read->runStart[r], dims);
  }
  return mlirArrayAttrGet(ctx, read->numRuns, runs);
}

// `value` collapsed along `read`'s runs, built before `anchor`.
static MlirValue collapseValue(MlirOperation anchor, MlirValue value, const CollapsedRead *read) {
  MlirType type = mlirValueGetType(value);
  if (read->numRuns == mlirShapedTypeGetRank(type))
    return value;
  MlirContext ctx = mlirOperationGetContext(anchor);
  int64_t shape[MAX_LOOPS];
  for (intptr_t r = 0; r < read->numRuns; ++r) {
    shape[r] = 1;
    for (intptr_t d = read->runStart[r]; d < read->runStart[r + 1]; ++d)
      shape[r] = mlirShapedTypeIsDynamicDim(type, d) || mlirShapedTypeIsDynamicSize(shape[r])
                     ? mlirShapedTypeGetDynamicSize()
                     : shape[r] * mlirShapedTypeGetDimSize(type, d);
  }
  MlirType collapsed = mlirRankedTensorTypeGet(read->numRuns, shape, mlirShapedTypeGetElementType(type),
                                               mlirAttributeGetNull());
  MlirOperationState state =
      mlirOperationStateGet(ref("tensor.collapse_shape"), mlirOperationGetLocation(anchor));
  mlirOperationStateAddOperands(&state, 1, &value);
  mlirOperationStateAddResults(&state, 1, &collapsed);
  MlirNamedAttribute attr =
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("reassociation")), runsAttr(ctx, read));
  mlirOperationStateAddAttributes(&state, 1, &attr);
  return mlirOperationGetResult(insertBefore(anchor, &state), 0);
}

// The sizes of the expansion's dynamic dims that tensor.dim ops read (the
// consumer's destination, sized like its input) are its output_shape
// operands: read there, the expansion is left to its one consumer.
static void foldDimsOfExpansion(MlirOperation expand) {
  MlirValue expanded = mlirOperationGetResult(expand, 0);
  MlirType type = mlirValueGetType(expanded);
  for (MlirOpOperand use = mlirValueGetFirstUse(expanded); !mlirOpOperandIsNull(use);) {
    MlirOpOperand next = mlirOpOperandGetNextUse(use);
    MlirOperation dim = mlirOpOperandGetOwner(use);
    MlirOperation index = dlcIsOp(dim, "tensor.dim")
                              ? dlcDefiningOp(mlirOperationGetOperand(dim, 1))
                              : (MlirOperation){NULL};
    if (dlcIsOp(index, "arith.constant")) {
      int64_t at = mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(index, ref("value")));
      if (at >= 0 && at < mlirShapedTypeGetRank(type) && mlirShapedTypeIsDynamicDim(type, at)) {
        intptr_t operand = 1;
        for (int64_t i = 0; i < at; ++i)
          operand += mlirShapedTypeIsDynamicDim(type, i);
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(dim, 0),
                                      mlirOperationGetOperand(expand, operand));
        mlirOperationDestroy(dim);
      }
    }
    use = next;
  }
}

bool dlcCollapseConsumerOntoProduct(MlirOperation product) {
  MlirOperation expand = dlcSoleUser(mlirOperationGetResult(product, 0));
  if (mlirOperationIsNull(expand) || !dlcIsOp(expand, "tensor.expand_shape"))
    return false;
  foldDimsOfExpansion(expand);
  MlirValue expanded = mlirOperationGetResult(expand, 0);
  MlirOperation consumer = dlcSoleUser(expanded);
  if (mlirOperationIsNull(consumer) || !dlcIsOp(consumer, "linalg.generic") ||
      mlirOperationGetNumResults(consumer) != 1 || !dlcAllLoopsParallel(consumer) ||
      dlcReadsLoopIndices(consumer) ||
      !mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(consumer, 0)), mlirValueGetType(expanded)))
    return false;
  MlirContext ctx = mlirOperationGetContext(consumer);
  intptr_t loops = mlirShapedTypeGetRank(mlirValueGetType(expanded));
  intptr_t group[MAX_LOOPS], groupSize[MAX_LOOPS] = {0};
  MlirAttribute reassociation = mlirOperationGetAttributeByName(expand, ref("reassociation"));
  intptr_t numGroups = loops <= MAX_LOOPS ? groupsOf(reassociation, loops, group) : -1;
  if (numGroups < 0)
    return false;
  int64_t loopSizes[MAX_LOOPS];
  for (intptr_t d = 0; d < loops; ++d) {
    ++groupSize[group[d]];
    loopSizes[d] = mlirShapedTypeGetDimSize(mlirValueGetType(expanded), d);
  }
  // Every operand read along whole groups; the expanded product and the
  // result in loop order.
  MlirAttribute maps = mlirOperationGetAttributeByName(consumer, ref("indexing_maps"));
  intptr_t numOperands = mlirOperationGetNumOperands(consumer);
  if (numOperands > MAX_LOOPS + 1)
    return false;
  CollapsedRead reads[MAX_LOOPS + 1];
  for (intptr_t i = 0; i < numOperands; ++i) {
    MlirAffineMap map = mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, i));
    MlirValue operand = mlirOperationGetOperand(consumer, i);
    bool anyOrder = !mlirValueEqual(operand, expanded) && i + 1 < numOperands;
    if (!collapseRead(ctx, map, mlirValueGetType(operand), loopSizes, group, groupSize, numGroups,
                      &reads[i]) ||
        (!anyOrder && !mlirAffineMapIsIdentity(reads[i].map)))
      return false;
  }
  MlirAttribute newMaps[MAX_LOOPS + 1];
  MlirValue operands[MAX_LOOPS + 1];
  for (intptr_t i = 0; i < numOperands; ++i) {
    MlirValue operand = mlirOperationGetOperand(consumer, i);
    operands[i] = mlirValueEqual(operand, expanded) ? mlirOperationGetResult(product, 0)
                                                    : collapseValue(consumer, operand, &reads[i]);
    newMaps[i] = mlirAffineMapAttrGet(reads[i].map);
  }
  MlirType resultType = mlirValueGetType(operands[numOperands - 1]);
  MlirAttribute parallel = mlirAttributeParseGet(ctx, ref("#linalg.iterator_type<parallel>"));
  MlirAttribute iterators[MAX_LOOPS];
  for (intptr_t g = 0; g < numGroups; ++g)
    iterators[g] = parallel;
  MlirOperationState state = mlirOperationStateGet(ref("linalg.generic"), mlirOperationGetLocation(consumer));
  mlirOperationStateAddOperands(&state, numOperands, operands);
  mlirOperationStateAddResults(&state, 1, &resultType);
  // The consumer's attributes (operand segments, marks), its maps and
  // iterators replaced.
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(consumer); ++i) {
    MlirNamedAttribute attr = mlirOperationGetAttribute(consumer, i);
    MlirStringRef name = mlirIdentifierStr(attr.name);
    if (mlirStringRefEqual(name, ref("indexing_maps")))
      attr.attribute = mlirArrayAttrGet(ctx, numOperands, newMaps);
    else if (mlirStringRefEqual(name, ref("iterator_types")))
      attr.attribute = mlirArrayAttrGet(ctx, numGroups, iterators);
    mlirOperationStateAddAttributes(&state, 1, &attr);
  }
  MlirRegion body = mlirRegionCreate();
  mlirRegionTakeBody(body, mlirOperationGetRegion(consumer, 0));
  mlirOperationStateAddOwnedRegions(&state, 1, &body);
  MlirOperation collapsed = insertBefore(consumer, &state);
  // The result in the consumer's shape again: the expansion, moved after
  // the new op and applied to its result.
  mlirOperationMoveAfter(expand, collapsed);
  mlirOperationSetOperand(expand, 0, mlirOperationGetResult(collapsed, 0));
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(consumer, 0), expanded);
  mlirOperationDestroy(consumer);
  return true;
}
