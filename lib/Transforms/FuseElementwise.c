//===- FuseElementwise.c - The dlc-fuse-elementwise pass --------*- C -*-===//
//
// Fuses chains of elementwise linalg.generic ops into one loop nest: a
// producer (all loops parallel, one result, used once, or a few arithmetic
// ops on at most one tensor of its size, which each of its consumers can
// compute again) is merged into its consumer when the consumer also has
// only parallel loops and reads the producer's result once per element (a
// permutation; unit dims may be read at index 0, as broadcasts are). The
// producer's inputs become the consumer's, their maps composed through the
// permutation, and its body is inlined before the consumer's. Transposes
// are elementwise too, so a transpose back to NCHW, the activations after
// a convolution and the transpose to NHWC before the next one compose into
// one NHWC loop nest.
//
// Then constant broadcasts along unit dims are read as the tensors of their
// other dims (collapseUnitReads), which vectorize to whole vector loads.
//
// Unlike upstream's linalg-fuse-elementwise-ops, a producer is never fused
// into a reduction (a matmul written as a generic, say): the consumer would
// recompute it once per reduction step, and erf or exp a thousand times
// over costs more than the memory traffic fusion saves.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/Builder.h"
#include "Support/IR.h"
#include "Support/Types.h"
#include "Transforms/FuseElementwise.h"
#include "Transforms/Layout.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPERANDS 16
// The most values one fusion maps (each body's arguments and ops), and
// the most ops of a producer cloned into each of its consumers
// (cheapToRepeat).
#define MAX_MAPPED 64
#define MAX_REPEATED_OPS 12

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, ref(name));
}

static MlirAffineMap mapOf(MlirOperation generic, intptr_t operand) {
  return mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(attr(generic, "indexing_maps"), operand));
}

static intptr_t numInputs(MlirOperation generic) {
  return mlirDenseI32ArrayGetElement(attr(generic, "operandSegmentSizes"), 0);
}

static bool isElementwise(MlirOperation op) {
  if (!dlcIsOp(op, "linalg.generic") || mlirOperationGetNumResults(op) != 1 ||
      mlirOperationGetNumOperands(op) > MAX_OPERANDS)
    return false;
  return dlcAllLoopsParallel(op);
}

// Maps whose results are loop dims or constants: what DLC's lowerings make
// (broadcasts read index 0), and what this pass can compose.
static bool dimsOrConstants(MlirAffineMap map) {
  for (intptr_t i = 0, n = mlirAffineMapGetNumResults(map); i < n; ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    if (!mlirAffineExprIsADim(e) && !mlirAffineExprIsAConstant(e))
      return false;
  }
  return true;
}

static MlirBlock bodyOf(MlirOperation generic) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(generic, 0));
}

// Does `consumer` read each element of its operand `index` (of `type`)
// exactly once? The map's results must be distinct loop dims, or 0 for a
// dim of size 1 (how DLC's lowerings read broadcast operands), and every
// loop of more than one iteration must appear: otherwise the producer
// would be recomputed for each of its iterations.
static bool readsEachOnce(MlirOperation consumer, intptr_t index, MlirType type) {
  MlirAffineMap read = mapOf(consumer, index);
  intptr_t n = mlirAffineMapGetNumResults(read), loops = mlirAffineMapGetNumDims(read);
  if (n != mlirShapedTypeGetRank(type) || loops > 2 * DLC_MAX_RANK)
    return false;
  bool seen[2 * DLC_MAX_RANK] = {false};
  for (intptr_t i = 0; i < n; ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(read, i);
    if (mlirAffineExprIsAConstant(e)) {
      if (mlirAffineConstantExprGetValue(e) != 0 || mlirShapedTypeGetDimSize(type, i) != 1)
        return false;
      continue;
    }
    if (!mlirAffineExprIsADim(e) || seen[mlirAffineDimExprGetPosition(e)])
      return false;
    seen[mlirAffineDimExprGetPosition(e)] = true;
  }
  // Loop extents from the result: its map is a permutation of the loops.
  intptr_t out = mlirOperationGetNumOperands(consumer) - 1;
  MlirAffineMap written = mapOf(consumer, out);
  MlirType outType = mlirValueGetType(mlirOperationGetOperand(consumer, out));
  if (!mlirAffineMapIsPermutation(written))
    return false;
  for (intptr_t i = 0; i < loops; ++i) {
    intptr_t loop = mlirAffineDimExprGetPosition(mlirAffineMapGetResult(written, i));
    if (!seen[loop] && mlirShapedTypeGetDimSize(outType, i) != 1)
      return false;
  }
  return true;
}

// The ops of a generic's body, its terminator included.
static intptr_t bodySize(MlirOperation generic) {
  intptr_t n = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(bodyOf(generic)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    ++n;
  return n;
}

// The element count of `shaped`; INT64_MAX when a dim is dynamic (a
// result of run-time size is no smaller than any constant) or the count
// overflows.
static int64_t elements(MlirType shaped) {
  int64_t n = 1;
  for (intptr_t i = 0, r = mlirShapedTypeGetRank(shaped); i < r; ++i) {
    if (mlirShapedTypeIsDynamicDim(shaped, i) ||
        __builtin_mul_overflow(n, mlirShapedTypeGetDimSize(shaped, i), &n))
      return INT64_MAX;
  }
  return n;
}

// How many of a producer's inputs are as large as its result (not
// broadcasts or constants of fewer elements); a dynamic one counts.
static intptr_t fullSizeInputs(MlirOperation producer, MlirValue result) {
  MlirType type = mlirValueGetType(result);
  if (!mlirShapedTypeHasStaticShape(type))
    return numInputs(producer);
  intptr_t n = 0;
  for (intptr_t i = 0; i < numInputs(producer); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(producer, i));
    n += mlirTypeIsAShaped(t) && elements(t) >= elements(type);
  }
  return n;
}

// May a producer with several uses be merged into each of them? Only a
// few arithmetic ops, read once per element by elementwise consumers:
// computing them again in each costs less than a loop nest and a buffer of
// their own. (A run-time Resize's coordinate feeds its floor, its fraction
// and its taps: otherwise each is a loop nest of its own that LLVM
// vectorizes, and compiling them took 10 times as long as the resize.)
// A producer reading two tensors of its size or more is left whole: each
// consumer computing it again would read them all, and along a chain of
// residual blocks (each block's sum reading its convolution and the sum
// before it) the repeats compound. ResNet-50's stage-1 sums read 2, 3,
// then 4 tensors of 56x56x256 where each needs 2; its 1x1 convolutions'
// epilogues ran at 30-60 GFLOP/s, the model 77.2-77.4 -> 72.3 ms on one
// thread.
//
// Nor is the epilogue of a convolution or product (its input's only
// reader): repeated, that input would have several readers, and
// dlc-codegen computes an epilogue in the producer's tiles only when it is
// the only one (MobileNetV3's activation after each depthwise convolution,
// read by the squeeze-excitation's pooling and its scaling, was a scalar
// loop nest of its own, and computed again in the scaling).
static bool cheapToRepeat(MlirOperation producer, MlirValue result) {
  if (bodySize(producer) > MAX_REPEATED_OPS || fullSizeInputs(producer, result) > 1)
    return false;
  for (intptr_t i = 0; i < numInputs(producer); ++i) {
    MlirValue input = mlirOperationGetOperand(producer, i);
    if (dlcFuseHasTiledEpilogue(dlcDefiningOp(input)) &&
        mlirOperationEqual(dlcSoleUser(input), producer))
      return false;
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(bodyOf(producer)); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    bool cheap = (name.length > 6 && strncmp(name.data, "arith.", 6) == 0 &&
                  !dlcIsOp(op, "arith.remf")) ||
                 dlcIsOp(op, "math.floor") || dlcIsOp(op, "math.ceil") ||
                 dlcIsOp(op, "math.absf") || dlcIsOp(op, "linalg.yield");
    if (!cheap)
      return false;
  }
  for (MlirOpOperand use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    intptr_t k = mlirOpOperandGetOperandNumber(use);
    if (!isElementwise(user) || k >= numInputs(user) ||
        !readsEachOnce(user, k, mlirValueGetType(result)))
      return false;
  }
  return true;
}

// What a producer must be to merge into a consumer with `consumerOperands`
// operands and `consumerSize` body ops, whatever its uses.
static bool fusibleProducer(MlirOperation producer, intptr_t consumerOperands,
                            intptr_t consumerSize) {
  if (!isElementwise(producer) ||
      mlirOperationGetNumOperands(producer) + consumerOperands > MAX_OPERANDS ||
      bodySize(producer) + mlirOperationGetNumOperands(producer) > MAX_MAPPED ||
      consumerSize + consumerOperands > MAX_MAPPED)
    return false;
  if (!mlirAffineMapIsPermutation(mapOf(producer, mlirOperationGetNumOperands(producer) - 1)))
    return false;
  for (intptr_t i = 0; i < numInputs(producer); ++i)
    if (!dimsOrConstants(mapOf(producer, i)))
      return false;
  // The producer's body may not read its init: that is not elementwise.
  MlirBlock body = bodyOf(producer);
  MlirValue init = mlirBlockGetArgument(body, mlirBlockGetNumArguments(body) - 1);
  return mlirOpOperandIsNull(mlirValueGetFirstUse(init));
}

// Can `producer` be merged into `consumer`, which reads it as operand
// `index`? (See the file comment.)
static bool canFuse(MlirOperation producer, MlirOperation consumer, intptr_t index) {
  if (!isElementwise(producer) || !isElementwise(consumer) || index >= numInputs(consumer))
    return false;
  MlirValue result = mlirOperationGetResult(producer, 0);
  MlirOpOperand use = mlirValueGetFirstUse(result);
  if (mlirOpOperandIsNull(use))
    return false;
  if (!mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)) && !cheapToRepeat(producer, result))
    return false;
  return fusibleProducer(producer, mlirOperationGetNumOperands(consumer), bodySize(consumer)) &&
         readsEachOnce(consumer, index, mlirValueGetType(result));
}

// Producer loop l is the consumer loop that reads the position the
// producer writes l at: loopFor[l], or -1 where the consumer reads a unit
// dim at 0 (the producer loop is then 0 too).
static void producerLoops(MlirAffineMap written, MlirAffineMap read, intptr_t *loopFor) {
  for (intptr_t i = 0, n = mlirAffineMapGetNumResults(written); i < n; ++i) {
    MlirAffineExpr r = mlirAffineMapGetResult(read, i);
    loopFor[mlirAffineDimExprGetPosition(mlirAffineMapGetResult(written, i))] =
        mlirAffineExprIsADim(r) ? mlirAffineDimExprGetPosition(r) : -1;
  }
}

// The producer's input map `map` in the consumer's loops.
static MlirAffineMap composed(MlirContext ctx, MlirAffineMap map, MlirAffineMap written,
                              MlirAffineMap read, intptr_t consumerLoops) {
  intptr_t loopFor[2 * DLC_MAX_RANK];
  producerLoops(written, read, loopFor);
  MlirAffineExpr exprs[2 * DLC_MAX_RANK];
  intptr_t n = mlirAffineMapGetNumResults(map);
  for (intptr_t i = 0; i < n; ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    if (!mlirAffineExprIsADim(e)) {
      exprs[i] = e;
      continue;
    }
    intptr_t loop = loopFor[mlirAffineDimExprGetPosition(e)];
    exprs[i] = loop < 0 ? mlirAffineConstantExprGet(ctx, 0) : mlirAffineDimExprGet(ctx, loop);
  }
  return mlirAffineMapGet(ctx, consumerLoops, 0, n, exprs);
}

// The position of input `v` read through `map` among operands[0, *n),
// appended if new.
static intptr_t addInput(MlirValue *operands, MlirAttribute *maps, intptr_t *n, MlirValue v,
                         MlirAttribute map) {
  for (intptr_t i = 0; i < *n; ++i)
    if (mlirValueEqual(operands[i], v) && mlirAttributeEqual(maps[i], map))
      return i;
  operands[*n] = v;
  maps[*n] = map;
  return (*n)++;
}

// The loop indices the producer's body reads (linalg.index, a gather's
// coordinates), cloned into `block`, as the consumer's loops: through a
// transpose they are other loops (Swin's k.transpose(-2, -1) of a Gather
// read the gathered rows transposed), and a unit dim read at 0 is 0.
static void remapLoopIndices(MlirBlock block, MlirAffineMap written, MlirAffineMap read) {
  intptr_t loopFor[2 * DLC_MAX_RANK];
  producerLoops(written, read, loopFor);
  MlirContext ctx = mlirAffineMapGetContext(read);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (dlcIsOp(op, "linalg.index")) {
      intptr_t loop = loopFor[mlirIntegerAttrGetValueInt(attr(op, "dim"))];
      if (loop >= 0) {
        mlirOperationSetAttributeByName(op, ref("dim"), mlirIntegerAttrGet(i64, loop));
      } else {
        DlcBuilder b = dlcBuilderAtBlockEnd(block, mlirOperationGetLocation(op));
        MlirValue zero = dlcConstIndex(&b, 0);
        mlirOperationMoveBefore(mlirOpResultGetOwner(zero), op);
        mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), zero);
        mlirOperationDestroy(op);
      }
    }
    op = next;
  }
}

static void fuse(MlirOperation producer, MlirOperation consumer, intptr_t index) {
  MlirContext ctx = mlirOperationGetContext(consumer);
  // Both ops' locations, producer first: diagnostics and profiles name
  // every node the loop nest computes.
  MlirLocation both[2] = {mlirOperationGetLocation(producer), mlirOperationGetLocation(consumer)};
  MlirLocation loc = mlirLocationFusedGet(ctx, 2, both, mlirAttributeGetNull());
  intptr_t loops = mlirAffineMapGetNumDims(mapOf(consumer, 0));
  intptr_t pIn = numInputs(producer), cIn = numInputs(consumer);
  intptr_t cOut = mlirOperationGetNumOperands(consumer) - cIn;
  MlirAffineMap written = mapOf(producer, pIn), read = mapOf(consumer, index);

  // Operands: the consumer's inputs with the fused one replaced by the
  // producer's inputs, then the consumer's outputs. An input read twice
  // through the same map (a repeated producer's input that the consumer
  // also reads) is one operand: operands stay under MAX_OPERANDS for the
  // fusions after this one.
  MlirValue operands[MAX_OPERANDS * 2];
  MlirAttribute maps[MAX_OPERANDS * 2];
  MlirType argTypes[MAX_OPERANDS * 2];
  MlirLocation argLocs[MAX_OPERANDS * 2];
  intptr_t pSlot[MAX_OPERANDS], cSlot[MAX_OPERANDS * 2];
  intptr_t n = 0;
  for (intptr_t i = 0; i < cIn; ++i) {
    if (i == index) {
      for (intptr_t j = 0; j < pIn; ++j)
        pSlot[j] = addInput(operands, maps, &n, mlirOperationGetOperand(producer, j),
                            mlirAffineMapAttrGet(
                                composed(ctx, mapOf(producer, j), written, read, loops)));
    } else {
      cSlot[i] = addInput(operands, maps, &n, mlirOperationGetOperand(consumer, i),
                          mlirAffineMapAttrGet(mapOf(consumer, i)));
    }
  }
  intptr_t inputs = n;
  for (intptr_t i = 0; i < cOut; ++i) {
    cSlot[cIn + i] = n;
    operands[n] = mlirOperationGetOperand(consumer, cIn + i);
    maps[n++] = mlirAffineMapAttrGet(mapOf(consumer, cIn + i));
  }
  for (intptr_t i = 0; i < n; ++i) {
    MlirType t = mlirValueGetType(operands[i]);
    argTypes[i] = mlirShapedTypeGetElementType(t);
    argLocs[i] = loc;
  }

  // The body: the producer's ops on its new block arguments, then the
  // consumer's with the fused argument replaced by the producer's value.
  MlirBlock block = mlirBlockCreate(n, argTypes, argLocs);
  MlirBlock pBody = bodyOf(producer), cBody = bodyOf(consumer);
  DlcValueMap m = {0};
  for (intptr_t j = 0; j < pIn; ++j)
    dlcValueMapAdd(&m, mlirBlockGetArgument(pBody, j), mlirBlockGetArgument(block, pSlot[j]));
  MlirValue produced = dlcCloneBlockBody(pBody, block, &m);
  dlcValueMapFree(&m);
  remapLoopIndices(block, written, read);
  for (intptr_t i = 0; i < cIn + cOut; ++i) {
    MlirValue old = mlirBlockGetArgument(cBody, i);
    dlcValueMapAdd(&m, old, i == index ? produced : mlirBlockGetArgument(block, cSlot[i]));
  }
  dlcCloneBlockBody(cBody, block, &m);
  MlirOperation yield = mlirOperationClone(mlirBlockGetTerminator(cBody));
  dlcRemapOperands(yield, &m);
  mlirBlockAppendOwnedOperation(block, yield);
  dlcValueMapFree(&m);

  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, block);
  int32_t segments[2] = {(int32_t)inputs, (int32_t)cOut};
  MlirNamedAttribute attrs[3] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("indexing_maps")),
                            mlirArrayAttrGet(ctx, n, maps)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("iterator_types")),
                            attr(consumer, "iterator_types")),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("operandSegmentSizes")),
                            mlirDenseI32ArrayGet(ctx, 2, segments))};
  MlirOperationState state = mlirOperationStateGet(ref("linalg.generic"), loc);
  mlirOperationStateAddOperands(&state, n, operands);
  MlirType resultType = mlirValueGetType(mlirOperationGetResult(consumer, 0));
  mlirOperationStateAddResults(&state, 1, &resultType);
  mlirOperationStateAddAttributes(&state, 3, attrs);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation fused = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(consumer), consumer, fused);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(consumer, 0), mlirOperationGetResult(fused, 0));
  mlirOperationDestroy(consumer);
  // A producer with other consumers stays for them (cheapToRepeat).
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(producer, 0))))
    mlirOperationDestroy(producer);
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (isElementwise(op))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

// Fuses one producer into a consumer; false when none can be.
static bool fuseOne(MlirOperation op) {
  DlcOpList g = {0};
  mlirOperationWalk(op, collect, &g, MlirWalkPreOrder);
  bool fused = false;
  for (size_t i = 0; i < g.count && !fused; ++i) {
    MlirOperation consumer = g.items[i];
    for (intptr_t k = 0, n = numInputs(consumer); k < n && !fused; ++k) {
      MlirValue v = mlirOperationGetOperand(consumer, k);
      MlirOperation producer = dlcDefiningOp(v);
      if (!mlirOperationIsNull(producer) && canFuse(producer, consumer, k)) {
        fuse(producer, consumer, k);
        fused = true;
      }
    }
  }
  dlcOpListFree(&g);
  return fused;
}

//===----------------------------------------------------------------------===//
// Shared results in their readers' layout
//===----------------------------------------------------------------------===//

// A result that several elementwise consumers read, all in one other
// layout, is computed in that layout: an SE block's activations come out of
// a depthwise convolution NHWC, go back to NCHW (the transpose fused into
// them), and are read by the pooling's transpose to NHWC and by the scaling
// that feeds the next convolution in NHWC. With several uses the producer
// fused into none of them: it wrote NCHW, both readers gathered across
// channels, and the convolution's epilogue stayed a loop nest of its own
// (EfficientNet-B0's 14x14 blocks: 3x the time of the convolution). One
// transpose into the readers' layout now reads the producer, which fuses
// into it; each reader reads the transpose in place.

typedef struct Reader {
  MlirOperation op;
  intptr_t index;
} Reader;

// Where reader `r` puts each dim of the producer's result: the position in
// the reader's result of the loop that reads dim j, or -1 for a unit dim
// read at 0. False when the reader cannot be redirected.
static bool readerLayout(Reader r, MlirType type, intptr_t *position) {
  if (!isElementwise(r.op) || r.index >= numInputs(r.op) || !readsEachOnce(r.op, r.index, type))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(type);
  MlirAffineMap read = mapOf(r.op, r.index);
  MlirAffineMap written = mapOf(r.op, mlirOperationGetNumOperands(r.op) - 1);
  if (mlirAffineMapGetNumResults(written) != rank)
    return false;
  for (intptr_t j = 0; j < rank; ++j) {
    MlirAffineExpr e = mlirAffineMapGetResult(read, j);
    position[j] = -1;
    if (!mlirAffineExprIsADim(e))
      continue;
    for (intptr_t p = 0; p < rank; ++p)
      if (mlirAffineDimExprGetPosition(mlirAffineMapGetResult(written, p)) ==
          mlirAffineDimExprGetPosition(e))
        position[j] = p;
  }
  return true;
}

// Inserts the transpose of `producer`'s result that its readers share and
// redirects them to it; false when they read it in different layouts, or
// in its own, or the producer would not fuse into the transpose.
static bool relayout(MlirOperation producer) {
  MlirValue result = mlirOperationGetResult(producer, 0);
  MlirType type = mlirValueGetType(result);
  if (!fusibleProducer(producer, 2, 1) || !mlirShapedTypeHasStaticShape(type))
    return false;
  intptr_t rank = mlirShapedTypeGetRank(type);
  Reader readers[MAX_OPERANDS];
  intptr_t numReaders = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    if (numReaders == MAX_OPERANDS)
      return false;
    readers[numReaders++] =
        (Reader){mlirOpOperandGetOwner(use), mlirOpOperandGetOperandNumber(use)};
  }
  if (numReaders < 2 || rank > DLC_MAX_RANK)
    return false;
  // The readers' layout: dim j of the result at position[j]; unit dims
  // may go anywhere, they take the positions left in order.
  intptr_t position[DLC_MAX_RANK], other[DLC_MAX_RANK];
  MlirType shapeOf = mlirValueGetType(mlirOperationGetResult(readers[0].op, 0));
  for (intptr_t i = 0; i < numReaders; ++i) {
    if (!readerLayout(readers[i], type, i == 0 ? position : other))
      return false;
    MlirType t = mlirValueGetType(mlirOperationGetResult(readers[i].op, 0));
    for (intptr_t j = 0; j < rank; ++j)
      if (mlirShapedTypeGetDimSize(t, j) != mlirShapedTypeGetDimSize(shapeOf, j) ||
          (i > 0 && mlirShapedTypeGetDimSize(type, j) != 1 && other[j] != position[j]))
        return false;
  }
  bool taken[DLC_MAX_RANK] = {false}, moved = false;
  intptr_t last = -1;
  for (intptr_t j = 0; j < rank; ++j) {
    if (mlirShapedTypeGetDimSize(type, j) == 1)
      position[j] = -1;
    if (position[j] < 0)
      continue;
    taken[position[j]] = true;
    moved |= position[j] < last;
    last = position[j];
  }
  if (!moved)
    return false;
  for (intptr_t j = 0, p = 0; j < rank; ++j) {
    while (position[j] < 0 && taken[p])
      ++p;
    if (position[j] < 0)
      taken[position[j] = p] = true;
  }

  MlirContext ctx = mlirOperationGetContext(producer);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(mlirOperationGetNextInBlock(producer));
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(producer));
  int64_t perm[DLC_MAX_RANK];
  for (intptr_t j = 0; j < rank; ++j)
    perm[position[j]] = j;
  MlirValue transposed = dlcLayoutTransposed(&b, result, perm);
  mlirIRRewriterDestroy(rewriter);
  // Each reader reads the transpose at the loops it writes.
  for (intptr_t i = 0; i < numReaders; ++i) {
    MlirOperation r = readers[i].op;
    intptr_t n = mlirOperationGetNumOperands(r);
    MlirAttribute oldMaps = attr(r, "indexing_maps"), newMaps[MAX_OPERANDS];
    for (intptr_t k = 0; k < n; ++k)
      newMaps[k] = mlirArrayAttrGetElement(oldMaps, k);
    newMaps[readers[i].index] = mlirArrayAttrGetElement(oldMaps, n - 1);
    mlirOperationSetAttributeByName(r, ref("indexing_maps"), mlirArrayAttrGet(ctx, n, newMaps));
    mlirOperationSetOperand(r, readers[i].index, transposed);
  }
  return true;
}

// Relayouts one shared result; false when none can be.
static bool relayoutOne(MlirOperation op) {
  DlcOpList g = {0};
  mlirOperationWalk(op, collect, &g, MlirWalkPreOrder);
  bool changed = false;
  for (size_t i = 0; i < g.count && !changed; ++i)
    changed = relayout(g.items[i]);
  dlcOpListFree(&g);
  return changed;
}

//===----------------------------------------------------------------------===//
// Broadcast vectors read as vectors
//===----------------------------------------------------------------------===//

// A constant input read at 0 along its unit dims and at loop dims along
// the others (a convolution's bias, C x 1 x 1, at (c, 0, 0) once its
// loops are NHWC) is read as the collapsed tensor of the other dims (C, at
// (c)): the vectorizer reads a minor-identity map with one vector load,
// where the unit dims made it gather each element (32 scalar loads per
// vector in a DenseNet's convolution epilogues, a fifth of its code).

// A constant, or a reshape of one (an ONNX bias expanded to C x 1 x 1).
static bool isConstant(MlirValue v) {
  MlirOperation def = dlcDefiningOp(v);
  if (dlcIsOp(def, "tensor.expand_shape"))
    def = dlcDefiningOp(mlirOperationGetOperand(def, 0));
  return dlcIsOp(def, "arith.constant");
}

static void collapseUnitReads(MlirOperation generic) {
  MlirContext ctx = mlirOperationGetContext(generic);
  MlirAttribute maps = attr(generic, "indexing_maps");
  intptr_t n = mlirArrayAttrGetNumElements(maps);
  MlirAttribute newMaps[MAX_OPERANDS];
  bool changed = false;
  for (intptr_t k = 0; k < n; ++k) {
    newMaps[k] = mlirArrayAttrGetElement(maps, k);
    MlirAffineMap map = mapOf(generic, k);
    MlirValue operand = mlirOperationGetOperand(generic, k);
    MlirType type = mlirValueGetType(operand);
    intptr_t rank = mlirAffineMapGetNumResults(map);
    // Only constant broadcasts (fewer elements than the result): a
    // full-sized operand (a product an epilogue reads in place) keeps its
    // shape, and so do computed ones (the row statistics of a norm, which
    // dlc-codegen's row groups match in their broadcast form).
    if (k >= numInputs(generic) || !isConstant(operand) || !mlirTypeIsARankedTensor(type) ||
        !mlirShapedTypeHasStaticShape(type) || rank > DLC_MAX_RANK || rank < 2 ||
        elements(type) >= elements(mlirValueGetType(mlirOperationGetResult(generic, 0))))
      continue;
    // Each kept dim with the unit dims after it (leading ones join the
    // first kept dim's group).
    MlirAffineExpr kept[DLC_MAX_RANK];
    intptr_t groupOf[DLC_MAX_RANK], numKept = 0;
    bool ok = true;
    for (intptr_t i = 0; i < rank && ok; ++i) {
      MlirAffineExpr e = mlirAffineMapGetResult(map, i);
      bool unit = mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0 &&
                  mlirShapedTypeGetDimSize(type, i) == 1;
      if (!unit) {
        ok = mlirAffineExprIsADim(e);
        kept[numKept++] = e;
      }
      groupOf[i] = numKept > 0 ? numKept - 1 : 0;
    }
    if (!ok || numKept == 0 || numKept == rank)
      continue;
    MlirAttribute groups[DLC_MAX_RANK];
    MlirAttribute dims[DLC_MAX_RANK];
    int64_t shape[DLC_MAX_RANK];
    for (intptr_t g = 0, i = 0; g < numKept; ++g) {
      intptr_t count = 0;
      shape[g] = 1;
      for (; i < rank && groupOf[i] == g; ++i) {
        dims[count++] = mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), i);
        shape[g] *= mlirShapedTypeGetDimSize(type, i);
      }
      groups[g] = mlirArrayAttrGet(ctx, count, dims);
    }
    MlirType collapsedType = mlirRankedTensorTypeGet(numKept, shape,
                                                     mlirShapedTypeGetElementType(type),
                                                     mlirAttributeGetNull());
    MlirOperationState state =
        mlirOperationStateGet(ref("tensor.collapse_shape"), mlirOperationGetLocation(generic));
    mlirOperationStateAddOperands(&state, 1, &operand);
    mlirOperationStateAddResults(&state, 1, &collapsedType);
    MlirNamedAttribute reassociation = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, ref("reassociation")), mlirArrayAttrGet(ctx, numKept, groups));
    mlirOperationStateAddAttributes(&state, 1, &reassociation);
    MlirOperation collapse = mlirOperationCreate(&state);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(generic), generic, collapse);
    mlirOperationSetOperand(generic, k, mlirOperationGetResult(collapse, 0));
    newMaps[k] = mlirAffineMapAttrGet(
        mlirAffineMapGet(ctx, mlirAffineMapGetNumDims(map), 0, numKept, kept));
    changed = true;
  }
  if (changed)
    mlirOperationSetAttributeByName(generic, ref("indexing_maps"), mlirArrayAttrGet(ctx, n, newMaps));
}

void dlcRunFuseElementwise(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  // One fusion at a time, from a fresh walk: each erases two ops and makes
  // one, which may take further producers.
  while (fuseOne(op) || relayoutOne(op)) {
  }
  // Each widened epilogue's slice may be the input of a depthwise
  // convolution, each widened convolution's the input of an epilogue.
  while (dlcFuseWidenEpilogues(op) + dlcFuseWidenDepthwiseInputs(op)) {
  }
  DlcOpList generics = {0};
  mlirOperationWalk(op, collect, &generics, MlirWalkPreOrder);
  for (size_t i = 0; i < generics.count; ++i)
    collapseUnitReads(generics.items[i]);
  dlcOpListFree(&generics);
}
