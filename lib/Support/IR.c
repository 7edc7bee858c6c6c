//===- IR.c - Small queries on ops and values -------------------*- C -*-===//

#include "Support/IR.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool dlcIsOp(MlirOperation op, const char *name) {
  return !mlirOperationIsNull(op) &&
         mlirStringRefEqual(mlirIdentifierStr(mlirOperationGetName(op)),
                            mlirStringRefCreateFromCString(name));
}

bool dlcIsDlcOp(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  return (name.length > 10 && !strncmp(name.data, "dlc_graph.", 10)) ||
         (name.length > 11 && !strncmp(name.data, "dlc_tensor.", 11));
}

bool dlcShapedTypeHasZeroDim(MlirType shaped) {
  for (intptr_t d = 0, r = mlirShapedTypeGetRank(shaped); d < r; ++d)
    if (mlirShapedTypeGetDimSize(shaped, d) == 0)
      return true;
  return false;
}

MlirOperation dlcDefiningOp(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

bool dlcOpIsInside(MlirOperation op, MlirOperation ancestor) {
  for (MlirOperation p = op; !mlirOperationIsNull(p); p = mlirOperationGetParentOperation(p))
    if (mlirOperationEqual(p, ancestor))
      return true;
  return false;
}

bool dlcValueIsDefinedInside(MlirValue v, MlirOperation op) {
  MlirOperation owner = mlirValueIsABlockArgument(v)
                            ? mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v))
                            : mlirOpResultGetOwner(v);
  return dlcOpIsInside(owner, op);
}

bool dlcLoopIndexRange(MlirValue v, int64_t *lower, int64_t *upper, int64_t *step) {
  if (!mlirValueIsABlockArgument(v))
    return false;
  MlirBlock block = mlirBlockArgumentGetOwner(v);
  MlirOperation loop = mlirBlockGetParentOperation(block);
  intptr_t pos = mlirBlockArgumentGetArgNumber(v);
  if (dlcIsOp(loop, "scf.for"))
    return pos == 0 && dlcConstantInt(mlirOperationGetOperand(loop, 0), lower) &&
           dlcConstantInt(mlirOperationGetOperand(loop, 1), upper) &&
           dlcConstantInt(mlirOperationGetOperand(loop, 2), step) && *step > 0;
  if (!dlcIsOp(loop, "scf.forall"))
    return false;
  MlirAttribute lb =
      mlirOperationGetAttributeByName(loop, mlirStringRefCreateFromCString("staticLowerBound"));
  MlirAttribute ub =
      mlirOperationGetAttributeByName(loop, mlirStringRefCreateFromCString("staticUpperBound"));
  MlirAttribute st =
      mlirOperationGetAttributeByName(loop, mlirStringRefCreateFromCString("staticStep"));
  if (mlirAttributeIsNull(lb) || mlirAttributeIsNull(ub) || mlirAttributeIsNull(st) ||
      pos >= mlirDenseArrayGetNumElements(ub))
    return false;
  *lower = mlirDenseI64ArrayGetElement(lb, pos);
  *upper = mlirDenseI64ArrayGetElement(ub, pos);
  *step = mlirDenseI64ArrayGetElement(st, pos);
  // Dynamic bounds are INT64_MIN.
  return *lower >= 0 && *upper >= *lower && *step > 0;
}

bool dlcIsLoop(MlirOperation op) {
  return dlcIsOp(op, "scf.parallel") || dlcIsOp(op, "scf.for") || dlcIsOp(op, "scf.while") ||
         dlcIsOp(op, "scf.forall") || dlcIsOp(op, "affine.for") || dlcIsOp(op, "affine.parallel");
}

static MlirWalkResult findLoop(MlirOperation op, void *userData) {
  if (!dlcIsLoop(op))
    return MlirWalkResultAdvance;
  *(bool *)userData = true;
  return MlirWalkResultInterrupt;
}

bool dlcBlockHoldsLoop(MlirBlock body) {
  bool found = false;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !found && !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    mlirOperationWalk(op, findLoop, &found, MlirWalkPreOrder);
  return found;
}

MlirOperation dlcModuleOf(MlirOperation op) {
  while (!dlcIsOp(op, "builtin.module") &&
         !mlirOperationIsNull(mlirOperationGetParentOperation(op)))
    op = mlirOperationGetParentOperation(op);
  return op;
}

bool dlcReadsConstantGlobal(MlirOperation op, MlirSymbolTable globals) {
  if (mlirOperationIsNull(op) || !dlcIsOp(op, "memref.get_global"))
    return false;
  MlirAttribute name = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAFlatSymbolRef(name))
    return false;
  MlirOperation global = mlirSymbolTableLookup(globals, mlirFlatSymbolRefAttrGetValue(name));
  return !mlirOperationIsNull(global) && dlcIsOp(global, "memref.global") &&
         !mlirAttributeIsNull(
             mlirOperationGetAttributeByName(global, mlirStringRefCreateFromCString("constant")));
}

MlirOperation dlcSoleUser(MlirValue v) {
  MlirOpOperand use = mlirValueGetFirstUse(v);
  if (mlirOpOperandIsNull(use) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(use)))
    return (MlirOperation){NULL};
  return mlirOpOperandGetOwner(use);
}

MlirOperation dlcAncestorInBlock(MlirOperation op, MlirBlock block) {
  while (!mlirOperationIsNull(op) && !mlirBlockEqual(mlirOperationGetBlock(op), block))
    op = mlirOperationGetParentOperation(op);
  return op;
}

MlirOperation dlcLookupSymbolInBlock(MlirBlock block, MlirStringRef name) {
  for (MlirOperation op = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirAttribute symbol =
        mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(symbol) && mlirAttributeIsAString(symbol) &&
        mlirStringRefEqual(mlirStringAttrGetValue(symbol), name))
      return op;
  }
  return (MlirOperation){NULL};
}

bool dlcIsLLVMFuncDefinition(MlirOperation op) {
  return dlcIsOp(op, "llvm.func") &&
         !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

MlirValue dlcCopyBefore(MlirOperation before, MlirValue v) {
  MlirContext ctx = mlirOperationGetContext(before);
  MlirType type = mlirValueGetType(v);
  MlirStringRef name = mlirStringRefCreateFromCString("bufferization.alloc_tensor");
  MlirOperationState state = mlirOperationStateGet(name, mlirOperationGetLocation(before));
  mlirOperationStateAddOperands(&state, 1, &v);
  mlirOperationStateAddResults(&state, 1, &type);
  int32_t segments[] = {0, 1, 0};
  MlirIdentifier segmentsName =
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("operandSegmentSizes"));
  MlirNamedAttribute segmentSizes =
      mlirNamedAttributeGet(segmentsName, mlirDenseI32ArrayGet(ctx, 3, segments));
  mlirOperationStateAddAttributes(&state, 1, &segmentSizes);
  MlirOperation copy = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, copy);
  return mlirOperationGetResult(copy, 0);
}

void dlcMoveOpsBefore(MlirOperation first, MlirOperation before) {
  for (MlirOperation op = first; !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationMoveBefore(op, before);
    op = next;
  }
}

void dlcReplaceWithScratch(MlirOperation op, MlirBlock scratch, MlirValue replacement) {
  dlcMoveOpsBefore(mlirBlockGetFirstOperation(scratch), op);
  mlirBlockDestroy(scratch);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), replacement);
  mlirOperationDestroy(op);
}

bool dlcAllLoopsParallel(MlirOperation op) {
  MlirAttribute iterators =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("iterator_types"));
  if (mlirAttributeIsNull(iterators))
    return false;
  MlirAttribute parallel =
      mlirAttributeParseGet(mlirOperationGetContext(op),
                            mlirStringRefCreateFromCString("#linalg.iterator_type<parallel>"));
  for (intptr_t i = 0, n = mlirArrayAttrGetNumElements(iterators); i < n; ++i)
    if (!mlirAttributeEqual(mlirArrayAttrGetElement(iterators, i), parallel))
      return false;
  return true;
}

bool dlcMapReadsInPlace(MlirAffineMap map, MlirType type) {
  intptr_t n = mlirAffineMapGetNumResults(map);
  if (mlirAffineMapGetNumDims(map) != n || mlirShapedTypeGetRank(type) != n)
    return false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, i);
    bool dim = mlirAffineExprIsADim(e) && mlirAffineDimExprGetPosition(e) == i;
    bool unit = mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0 &&
                mlirShapedTypeGetDimSize(type, i) == 1;
    if (!dim && !unit)
      return false;
  }
  return true;
}

bool dlcConstantInt(MlirValue v, int64_t *out) {
  MlirOperation def = dlcDefiningOp(v);
  if (!dlcIsOp(def, "arith.constant"))
    return false;
  MlirAttribute value = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (!mlirAttributeIsAInteger(value))
    return false;
  *out = mlirIntegerAttrGetValueInt(value);
  return true;
}

bool dlcConstantFloat(MlirValue v, double *out) {
  MlirOperation def = dlcDefiningOp(v);
  if (!dlcIsOp(def, "arith.constant"))
    return false;
  MlirAttribute value =
      mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (!mlirAttributeIsAFloat(value))
    return false;
  *out = mlirFloatAttrGetValueDouble(value);
  return true;
}

static MlirWalkResult findIndexOp(MlirOperation op, void *userData) {
  if (!dlcIsOp(op, "linalg.index"))
    return MlirWalkResultAdvance;
  *(bool *)userData = true;
  return MlirWalkResultInterrupt;
}

bool dlcReadsLoopIndices(MlirOperation op) {
  bool found = false;
  mlirOperationWalk(op, findIndexOp, &found, MlirWalkPreOrder);
  return found;
}

void dlcOpListPush(DlcOpList *list, MlirOperation op) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 32;
    list->items = realloc(list->items, list->capacity * sizeof *list->items);
    if (!list->items)
      abort();
  }
  list->items[list->count++] = op;
}

void *dlcGrowArray(void *items, intptr_t count, size_t size) {
  if (count & (count - 1))
    return items;
  void *grown = realloc(items, (size_t)(count ? 2 * count : 1) * size);
  if (!grown)
    abort();
  return grown;
}

bool dlcOpIsInAny(MlirOperation op, intptr_t numOps, const MlirOperation *ops,
                  MlirOperation stop) {
  for (; !mlirOperationIsNull(op) && !mlirOperationEqual(op, stop);
       op = mlirOperationGetParentOperation(op))
    for (intptr_t i = 0; i < numOps; ++i)
      if (mlirOperationEqual(op, ops[i]))
        return true;
  return false;
}

bool dlcValueIsDefinedInAny(MlirValue value, intptr_t numOps, const MlirOperation *ops,
                            MlirOperation stop) {
  MlirOperation owner = mlirValueIsAOpResult(value)
                            ? mlirOpResultGetOwner(value)
                            : mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(value));
  return dlcOpIsInAny(owner, numOps, ops, stop);
}

MlirValue dlcValueMapLookup(const DlcValueMap *map, MlirValue from) {
  for (intptr_t i = 0; i < map->count; ++i)
    if (mlirValueEqual(map->from[i], from))
      return map->to[i];
  return (MlirValue){NULL};
}

void dlcValueMapAdd(DlcValueMap *map, MlirValue from, MlirValue to) {
  map->from = dlcGrowArray(map->from, map->count, sizeof *map->from);
  map->to = dlcGrowArray(map->to, map->count, sizeof *map->to);
  map->from[map->count] = from;
  map->to[map->count++] = to;
}

void dlcValueMapFree(DlcValueMap *map) {
  free(map->from);
  free(map->to);
  *map = (DlcValueMap){0};
}

static MlirWalkResult remapOne(MlirOperation op, void *userData) {
  const DlcValueMap *map = userData;
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue to = dlcValueMapLookup(map, mlirOperationGetOperand(op, i));
    if (!mlirValueIsNull(to))
      mlirOperationSetOperand(op, i, to);
  }
  return MlirWalkResultAdvance;
}

void dlcRemapOperands(MlirOperation op, const DlcValueMap *map) {
  mlirOperationWalk(op, remapOne, (void *)map, MlirWalkPreOrder);
}

MlirValue dlcCloneBlockBody(MlirBlock from, MlirBlock into, DlcValueMap *map) {
  MlirOperation op = mlirBlockGetFirstOperation(from);
  for (; !mlirOperationIsNull(mlirOperationGetNextInBlock(op)); op = mlirOperationGetNextInBlock(op)) {
    MlirOperation copy = mlirOperationClone(op);
    dlcRemapOperands(copy, map);
    mlirBlockAppendOwnedOperation(into, copy);
    for (intptr_t i = 0, n = mlirOperationGetNumResults(op); i < n; ++i)
      dlcValueMapAdd(map, mlirOperationGetResult(op, i), mlirOperationGetResult(copy, i));
  }
  MlirValue yielded = mlirOperationGetOperand(op, 0);
  MlirValue to = dlcValueMapLookup(map, yielded);
  return mlirValueIsNull(to) ? yielded : to;
}

void dlcOpListFree(DlcOpList *list) {
  free(list->items);
  *list = (DlcOpList){0};
}

typedef struct Collect {
  DlcOpList *list;
  const char *name;
} Collect;

static MlirWalkResult collectNamed(MlirOperation op, void *userData) {
  Collect *c = userData;
  if (dlcIsOp(op, c->name))
    dlcOpListPush(c->list, op);
  return MlirWalkResultAdvance;
}

void dlcOpListCollect(DlcOpList *list, MlirOperation root, const char *name) {
  Collect c = {list, name};
  mlirOperationWalk(root, collectNamed, &c, MlirWalkPreOrder);
}

bool dlcIsPublicFuncDefinition(MlirOperation op) {
  if (!dlcIsOp(op, "func.func"))
    return false;
  MlirAttribute vis =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_visibility"));
  if (!mlirAttributeIsNull(vis) &&
      !mlirStringRefEqual(mlirStringAttrGetValue(vis), mlirStringRefCreateFromCString("public")))
    return false;
  return !mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0)));
}

MlirType dlcFuncGetType(MlirOperation func) {
  return mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("function_type")));
}

bool dlcFunctionTypeAllInputs(MlirType fnType, bool (*pred)(MlirType)) {
  for (intptr_t i = 0, n = mlirFunctionTypeGetNumInputs(fnType); i < n; ++i)
    if (!pred(mlirFunctionTypeGetInput(fnType, i)))
      return false;
  return true;
}

bool dlcFunctionTypeAllResults(MlirType fnType, bool (*pred)(MlirType)) {
  for (intptr_t i = 0, n = mlirFunctionTypeGetNumResults(fnType); i < n; ++i)
    if (!pred(mlirFunctionTypeGetResult(fnType, i)))
      return false;
  return true;
}

static int forEachName(MlirLocation loc, void (*fn)(MlirStringRef, void *), void *userData) {
  if (mlirLocationIsAName(loc)) {
    fn(mlirIdentifierStr(mlirLocationNameGetName(loc)), userData);
    return 1;
  }
  if (!mlirLocationIsAFused(loc))
    return 0;
  intptr_t n = (intptr_t)mlirLocationFusedGetNumLocations(loc);
  MlirLocation *parts = malloc(sizeof(MlirLocation) * (size_t)(n ? n : 1));
  if (!parts)
    abort();
  mlirLocationFusedGetLocations(loc, parts);
  int count = 0;
  for (intptr_t i = 0; i < n; ++i)
    count += forEachName(parts[i], fn, userData);
  free(parts);
  return count;
}

int dlcLocationForEachNode(MlirLocation loc, void (*fn)(MlirStringRef node, void *userData),
                           void *userData) {
  int count = forEachName(loc, fn, userData);
  if (count || !mlirLocationIsAFileLineColRange(loc))
    return count;
  char text[64];
  MlirStringRef file = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc));
  int len = snprintf(text, sizeof text, ":%d:%d", mlirLocationFileLineColRangeGetStartLine(loc),
                     mlirLocationFileLineColRangeGetStartColumn(loc));
  char *whole = malloc(file.length + (size_t)len + 1);
  if (!whole)
    abort();
  memcpy(whole, file.data, file.length);
  memcpy(whole + file.length, text, (size_t)len + 1);
  fn(mlirStringRefCreate(whole, file.length + (size_t)len), userData);
  free(whole);
  return 1;
}
