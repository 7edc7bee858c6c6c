//===- EliminateCommonOps.c - The dlc-cse pass ------------------*- C -*-===//
//
// Common subexpression elimination for DLC's ops, which upstream cse skips
// (IRDL ops have no traits, so it must assume effects). Two dlc_graph or
// dlc_tensor ops in one block with the same name, operands, attributes and
// result types compute the same values: the later one is replaced by the
// earlier one. Attributes and types are uniqued by the context, so equality
// is identity and the table hashes pointers.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/IR.h"

#include <stdint.h>
#include <stdlib.h>

static uint64_t mix(uint64_t h, const void *p) {
  return (h ^ (uint64_t)(uintptr_t)p) * 1099511628211u;
}

static uint64_t hashOp(MlirOperation op) {
  uint64_t h = mix(14695981039346656037u, mlirOperationGetName(op).ptr);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    h = mix(h, mlirOperationGetOperand(op, i).ptr);
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i)
    h = mix(h, mlirOperationGetAttribute(op, i).attribute.ptr);
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    h = mix(h, mlirValueGetType(mlirOperationGetResult(op, i)).ptr);
  return h;
}

static bool sameOp(MlirOperation a, MlirOperation b) {
  if (!mlirIdentifierEqual(mlirOperationGetName(a), mlirOperationGetName(b)) ||
      mlirOperationGetNumOperands(a) != mlirOperationGetNumOperands(b) ||
      mlirOperationGetNumAttributes(a) != mlirOperationGetNumAttributes(b) ||
      mlirOperationGetNumResults(a) != mlirOperationGetNumResults(b))
    return false;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(a); ++i)
    if (!mlirValueEqual(mlirOperationGetOperand(a, i), mlirOperationGetOperand(b, i)))
      return false;
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(a); ++i) {
    MlirNamedAttribute x = mlirOperationGetAttribute(a, i), y = mlirOperationGetAttribute(b, i);
    if (!mlirIdentifierEqual(x.name, y.name) || !mlirAttributeEqual(x.attribute, y.attribute))
      return false;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(a); ++i)
    if (!mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(a, i)),
                       mlirValueGetType(mlirOperationGetResult(b, i))))
      return false;
  return true;
}

typedef struct Table {
  MlirOperation *slots;
  size_t cap, count;
} Table;

// The op equal to `op` already in the table, or null after adding `op`.
static MlirOperation findOrInsert(Table *t, MlirOperation op) {
  if ((t->count + 1) * 2 > t->cap) {
    Table bigger = {calloc(t->cap ? 2 * t->cap : 64, sizeof(MlirOperation)),
                    t->cap ? 2 * t->cap : 64, 0};
    if (!bigger.slots)
      abort();
    for (size_t i = 0; i < t->cap; ++i)
      if (!mlirOperationIsNull(t->slots[i]))
        findOrInsert(&bigger, t->slots[i]);
    free(t->slots);
    *t = bigger;
  }
  for (size_t i = hashOp(op) & (t->cap - 1);; i = (i + 1) & (t->cap - 1)) {
    if (mlirOperationIsNull(t->slots[i])) {
      t->slots[i] = op;
      ++t->count;
      return (MlirOperation){NULL};
    }
    if (sameOp(t->slots[i], op))
      return t->slots[i];
  }
}

static void eliminateInBlock(MlirBlock block);

static void eliminateInRegions(MlirOperation op) {
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      eliminateInBlock(b);
}

static void eliminateInBlock(MlirBlock block) {
  Table table = {0};
  MlirOperation op = mlirBlockGetFirstOperation(block);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (mlirOperationGetNumRegions(op)) {
      eliminateInRegions(op);
    } else if (dlcIsDlcOp(op)) {
      MlirOperation earlier = findOrInsert(&table, op);
      if (!mlirOperationIsNull(earlier)) {
        for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
          mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, i),
                                        mlirOperationGetResult(earlier, i));
        mlirOperationDestroy(op);
      }
    }
    op = next;
  }
  free(table.slots);
}

void dlcRunEliminateCommonOps(MlirOperation op, DlcPassRun *run,
                              const DlcPassOptions *options) {
  (void)run, (void)options;
  eliminateInRegions(op);
}
