//===- DecomposeConcats.c - The dlc-decompose-concats pass ------*- C -*-===//
//
// A tensor.concat bufferizes to a new buffer and a copy of each operand
// into it. A DenseNet block is a chain of them, each concat's first operand
// the one before (the block's features so far), each with a new layer's
// output after it: every layer copied all the features before it once more
// (58 concats: DenseNet-121 ran 3% faster on 1 thread and 11% on 2 without
// the copies, docs/Codegen.md).
//
// A chain becomes one buffer of the last concat's shape, into which each
// concat inserts only what it adds (tensor.insert_slice); a concat's other
// users read its prefix of the buffer (tensor.extract_slice). Bufferization
// then writes the chain in place, and eliminate-empty-tensors lets each
// layer's producer compute into its slice: nothing is copied. A user that
// reads a concat after the next one has written the buffer would make
// bufferization copy the whole buffer: chains stop at such concats.
//
// Exporters also write a block as concats of all the features so far
// (torchvision's DenseNet: concat(x0, x1, x2) after concat(x0, x1)); a
// concat whose leading operands are another concat's first takes that
// concat as its first operand, so that both forms make one chain.
//
//===----------------------------------------------------------------------===//

#include "Conversion/TensorToLinalg/LinalgBuilders.h"
#include "Pass/PassDef.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static int64_t concatDim(MlirOperation concat) {
  return mlirIntegerAttrGetValueInt(
      mlirOperationGetAttributeByName(concat, mlirStringRefCreateFromCString("dim")));
}

static bool allStatic(MlirOperation op) {
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i)
    if (!mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return false;
  return mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetResult(op, 0)));
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  if (dlcIsOp(op, "tensor.concat") && allStatic(op) &&
      !dlcHasNoElements(mlirValueGetType(mlirOperationGetResult(op, 0))))
    dlcOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

static bool sameConcat(MlirOperation a, MlirOperation b) {
  return concatDim(a) == concatDim(b) && mlirBlockEqual(mlirOperationGetBlock(a),
                                                        mlirOperationGetBlock(b));
}

// The concat before `concat` in its block whose operands are the most of
// `concat`'s leading ones, fewer than all; null when there is none.
static MlirOperation longestPrefix(MlirOperation concat) {
  intptr_t n = mlirOperationGetNumOperands(concat), best = 0;
  MlirOperation prefix = {NULL};
  MlirValue first = mlirOperationGetOperand(concat, 0);
  for (MlirOpOperand use = mlirValueGetFirstUse(first); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    intptr_t m = mlirOperationGetNumOperands(user);
    if (mlirOpOperandGetOperandNumber(use) != 0 || !dlcIsOp(user, "tensor.concat") ||
        m >= n || m <= best || !sameConcat(user, concat) || !allStatic(user) ||
        !mlirOperationIsBeforeInBlock(user, concat))
      continue;
    intptr_t i = 1;
    while (i < m && mlirValueEqual(mlirOperationGetOperand(user, i),
                                   mlirOperationGetOperand(concat, i)))
      ++i;
    if (i == m)
      prefix = user, best = m;
  }
  return prefix;
}

// Rewrites concat(a, b, c) into concat(concat(a, b), c) where concat(a, b)
// comes before it.
static void extendPrefix(MlirOperation concat) {
  MlirOperation prefix = longestPrefix(concat);
  if (mlirOperationIsNull(prefix))
    return;
  intptr_t n = mlirOperationGetNumOperands(concat), m = mlirOperationGetNumOperands(prefix);
  MlirValue *operands = malloc(sizeof(MlirValue) * (size_t)(n - m + 1));
  operands[0] = mlirOperationGetResult(prefix, 0);
  for (intptr_t i = m; i < n; ++i)
    operands[i - m + 1] = mlirOperationGetOperand(concat, i);
  mlirOperationSetOperands(concat, n - m + 1, operands);
  free(operands);
}

// The concat that extends `concat`'s chain: along the same dim, in the same
// block, taking `concat` as its first operand only, with every other user of
// `concat` before it. Null when there is none (or two).
static MlirOperation nextInChain(MlirOperation concat) {
  MlirValue result = mlirOperationGetResult(concat, 0);
  MlirBlock block = mlirOperationGetBlock(concat);
  MlirOperation next = {NULL};
  for (MlirOpOperand use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (!dlcIsOp(user, "tensor.concat") || mlirOpOperandGetOperandNumber(use) != 0 ||
        !sameConcat(user, concat) || !allStatic(user))
      continue;
    if (!mlirOperationIsNull(next))
      return (MlirOperation){NULL};
    next = user;
  }
  if (mlirOperationIsNull(next))
    return next;
  for (MlirOpOperand use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (mlirOperationEqual(user, next)) {
      if (mlirOpOperandGetOperandNumber(use) != 0)
        return (MlirOperation){NULL};
      continue;
    }
    MlirOperation reader = dlcAncestorInBlock(user, block);
    if (mlirOperationIsNull(reader) || !mlirOperationIsBeforeInBlock(reader, next))
      return (MlirOperation){NULL};
  }
  return next;
}

// Concatenated along the innermost dim (NHWC channels), the buffer's rows
// are read in prefixes: a row of 2^k bytes would put the same pixel's
// prefix of every row in a few cache sets (a 1x1 convolution reading 64
// of 256 channels at 56x56 ran 1.5x slower). A row one cache line longer
// spreads them.
static MlirType paddedType(MlirType type, int64_t dim) {
  MlirType elt = mlirShapedTypeGetElementType(type);
  int64_t bits = mlirTypeIsAFloat(elt)     ? mlirFloatTypeGetWidth(elt)
                 : mlirTypeIsAInteger(elt) ? mlirIntegerTypeGetWidth(elt)
                                           : 0;
  intptr_t rank = mlirShapedTypeGetRank(type);
  if (dim != rank - 1 || bits < 8 || bits % 8 ||
      mlirShapedTypeGetDimSize(type, dim) * bits / 8 % 512)
    return type;
  int64_t dims[DLC_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i)
    dims[i] = mlirShapedTypeGetDimSize(type, i);
  dims[dim] += 64 * 8 / bits;
  return mlirRankedTensorTypeGet(rank, dims, mlirShapedTypeGetElementType(type),
                                 mlirAttributeGetNull());
}

// Rewrites the chain of `count` concats (each the first operand of the
// next) into insert_slices of what each adds into one buffer.
static void decompose(MlirOperation *chain, size_t count, int64_t id) {
  MlirOperation last = chain[count - 1];
  MlirType type = mlirValueGetType(mlirOperationGetResult(last, 0));
  int64_t dim = concatDim(last);
  MlirRewriterBase rewriter = mlirIRRewriterCreateFromOp(chain[0]);
  DlcBuilder b = dlcBuilderAtRewriter(rewriter, mlirOperationGetLocation(chain[0]));
  // At the top of the block, so that eliminate-empty-tensors can move each
  // part's producer into its slice wherever that producer is. A `dlc.concat`
  // of its own keeps CSE from merging the buffers of two chains of one
  // shape (which bufferization would then copy).
  mlirRewriterBaseSetInsertionPointBefore(
      rewriter, mlirBlockGetFirstOperation(mlirOperationGetBlock(chain[0])));
  MlirType bufferType = paddedType(type, dim);
  MlirValue buffer = dlcEmpty(&b, bufferType, 0, NULL);
  mlirOperationSetDiscardableAttributeByName(
      dlcDefiningOp(buffer), mlirStringRefCreateFromCString("dlc.concat"),
      mlirIntegerAttrGet(mlirIntegerTypeGet(b.ctx, 64), id));
  int64_t offsets[DLC_MAX_RANK] = {0};
  for (size_t k = 0; k < count; ++k) {
    MlirOperation concat = chain[k];
    b.loc = mlirOperationGetLocation(concat);
    mlirRewriterBaseSetInsertionPointBefore(rewriter, concat);
    for (intptr_t i = k ? 1 : 0, n = mlirOperationGetNumOperands(concat); i < n; ++i) {
      MlirValue part = mlirOperationGetOperand(concat, i);
      int64_t size = mlirShapedTypeGetDimSize(mlirValueGetType(part), dim);
      if (!size)
        continue; // (MLIR rejects a slice at the end of the dim)
      buffer = dlcInsertSlice(&b, part, buffer, offsets, 0, NULL);
      offsets[dim] += size;
    }
    MlirValue result = mlirOperationGetResult(concat, 0);
    if (k + 1 < count) {
      int64_t zeros[DLC_MAX_RANK] = {0};
      MlirValue prefix = dlcExtractSlice(&b, buffer, mlirValueGetType(result), zeros);
      mlirValueReplaceAllUsesExcept(result, prefix, 1, &chain[k + 1]);
    } else if (!mlirTypeEqual(bufferType, type)) {
      int64_t zeros[DLC_MAX_RANK] = {0};
      mlirValueReplaceAllUsesOfWith(result, dlcExtractSlice(&b, buffer, type, zeros));
    } else {
      mlirValueReplaceAllUsesOfWith(result, buffer);
    }
  }
  // Users first: each concat's last user is the next one.
  for (size_t k = count; k-- > 0;)
    mlirRewriterBaseEraseOp(rewriter, chain[k]);
  mlirIRRewriterDestroy(rewriter);
}

void dlcRunDecomposeConcats(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run, (void)options;
  DlcOpList concats = {0}, chained = {0}, chain = {0};
  mlirOperationWalk(op, collect, &concats, MlirWalkPreOrder);
  // Last first, so that each finds its prefix's operands as they came.
  for (size_t i = concats.count; i-- > 0;)
    extendPrefix(concats.items[i]);
  int64_t id = 0;
  for (size_t i = 0; i < concats.count; ++i) {
    // Walked in order: a chain's first concat comes before the others.
    MlirOperation c = concats.items[i];
    if (dlcOpIsInAny(c, (intptr_t)chained.count, chained.items, mlirOperationGetParentOperation(c)))
      continue;
    chain.count = 0;
    for (; !mlirOperationIsNull(c); c = nextInChain(c)) {
      dlcOpListPush(&chain, c);
      dlcOpListPush(&chained, c);
    }
    decompose(chain.items, chain.count, id++);
  }
  dlcOpListFree(&chain);
  dlcOpListFree(&chained);
  dlcOpListFree(&concats);
}
