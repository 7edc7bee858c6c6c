//===- Isolate.c - A schedule's targets in a function of their own -*- C -*-===//
//
// A schedule works on the function around its targets: it canonicalizes,
// CSEs and hoists over all of it (`get_parent_op {isolated_from_above}`),
// and the entry that applies it matches its marked targets in all of it.
// Applied to the model's one big function, target after target, that is
// quadratic: each application walks every op of the layers scheduled
// before it, which tiling has multiplied (a DenseNet-121 spent 18 s there,
// 70% of its lowering). So the targets are moved into a function of their
// own for the time of the application and moved back afterwards, into the
// place of the last one: each application then costs what its own loop
// nest costs, whatever the size of the model.
//
// What the targets read from outside becomes arguments of that function,
// except operand-free values that a schedule may fold (constants, empty
// tensors), which are copied in. A target other than the last whose results
// are also used outside the group (a zero fill that CSE merged for several
// convolutions) is copied, as fuse_into_containing_op would copy it. Uses of
// the last target's results outside the group wait on placeholders, which
// take the scheduled code's results when it comes back.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Support/IR.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

typedef struct Group {
  MlirOperation *ops; ///< the targets, in block order
  intptr_t numOps;
  MlirOperation home; ///< the op whose block holds the targets
} Group;

// Is `op` a target or nested in one?
static bool inGroup(const Group *g, MlirOperation op) {
  return dlcOpIsInAny(op, g->numOps, g->ops, g->home);
}

static bool definedInGroup(const Group *g, MlirValue v) {
  return dlcValueIsDefinedInAny(v, g->numOps, g->ops, g->home);
}

// Values without operands that schedules fold, and so must see as they
// are rather than as arguments.
static bool copiedIn(MlirOperation def) {
  return !mlirOperationIsNull(def) && mlirOperationGetNumOperands(def) == 0 &&
         mlirOperationGetNumRegions(def) == 0 &&
         (dlcIsOp(def, "arith.constant") || dlcIsOp(def, "tensor.empty") ||
          dlcIsOp(def, "ub.poison"));
}

typedef struct Mapper {
  const Group *group;
  DlcIsolatedGroup *isolated;
  MlirBlock body;
  DlcValueMap values; ///< outside values and what stands for them inside
} Mapper;

static MlirValue inside(Mapper *m, MlirValue v) {
  MlirValue mapped = dlcValueMapLookup(&m->values, v);
  if (!mlirValueIsNull(mapped))
    return mapped;
  MlirOperation def = dlcDefiningOp(v);
  if (copiedIn(def)) {
    MlirOperation copy = mlirOperationClone(def);
    mlirBlockAppendOwnedOperation(m->body, copy);
    mapped = mlirOperationGetResult(copy, mlirOpResultGetResultNumber(v));
  } else {
    DlcIsolatedGroup *iso = m->isolated;
    mapped = mlirBlockAddArgument(m->body, mlirValueGetType(v),
                                  mlirOperationGetLocation(iso->function));
    iso->outside = dlcGrowArray(iso->outside, iso->numOutside, sizeof *iso->outside);
    iso->outside[iso->numOutside++] = v;
  }
  dlcValueMapAdd(&m->values, v, mapped);
  return mapped;
}

static MlirWalkResult mapOperands(MlirOperation op, void *userData) {
  Mapper *m = userData;
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i) {
    MlirValue v = mlirOperationGetOperand(op, i);
    if (!definedInGroup(m->group, v))
      mlirOperationSetOperand(op, i, inside(m, v));
  }
  return MlirWalkResultAdvance;
}

typedef struct Use {
  MlirOperation owner;
  unsigned operand;
} Use;

// The uses of `v` whose owner is (`outsideGroup`) or is not in the group.
static intptr_t collectUses(const Group *g, MlirValue v, bool outsideGroup, Use **uses) {
  intptr_t n = 0;
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation owner = mlirOpOperandGetOwner(u);
    if (inGroup(g, owner) == outsideGroup)
      continue;
    *uses = dlcGrowArray(*uses, n, sizeof **uses);
    (*uses)[n++] = (Use){owner, mlirOpOperandGetOperandNumber(u)};
  }
  return n;
}

static bool usedOutside(const Group *g, MlirOperation op) {
  for (intptr_t r = 0, n = mlirOperationGetNumResults(op); r < n; ++r)
    for (MlirOpOperand u = mlirValueGetFirstUse(mlirOperationGetResult(op, r));
         !mlirOpOperandIsNull(u); u = mlirOpOperandGetNextUse(u))
      if (!inGroup(g, mlirOpOperandGetOwner(u)))
        return true;
  return false;
}

bool dlcIsolateGroup(intptr_t numOps, MlirOperation *ops, DlcIsolatedGroup *out) {
  *out = (DlcIsolatedGroup){0};
  if (numOps <= 0)
    return false;
  MlirBlock block = mlirOperationGetBlock(ops[0]);
  if (mlirBlockIsNull(block))
    return false;
  for (intptr_t i = 1; i < numOps; ++i)
    if (!mlirBlockEqual(mlirOperationGetBlock(ops[i]), block))
      return false;
  // Block order: definitions before uses inside the function too.
  MlirOperation *order = malloc((size_t)numOps * sizeof *order);
  if (!order)
    abort();
  for (intptr_t i = 0; i < numOps; ++i) {
    intptr_t j = i;
    for (; j > 0 && mlirOperationIsBeforeInBlock(ops[i], order[j - 1]); --j)
      order[j] = order[j - 1];
    order[j] = ops[i];
  }
  Group group = {order, numOps, mlirBlockGetParentOperation(block)};
  MlirOperation last = order[numOps - 1];
  MlirOperation anchor = mlirOperationGetNextInBlock(last);
  if (mlirOperationIsNull(anchor)) {
    free(order);
    return false;
  }
  MlirContext ctx = mlirOperationGetContext(last);
  MlirLocation loc = mlirOperationGetLocation(last);

  // Shared producers stay for their other users; the group gets a copy.
  Use *uses = NULL;
  for (intptr_t i = 0; i + 1 < numOps; ++i) {
    MlirOperation op = order[i];
    if (!usedOutside(&group, op))
      continue;
    MlirOperation copy = mlirOperationClone(op);
    mlirBlockInsertOwnedOperationAfter(block, op, copy);
    for (intptr_t r = 0, n = mlirOperationGetNumResults(op); r < n; ++r) {
      intptr_t count = collectUses(&group, mlirOperationGetResult(op, r), false, &uses);
      for (intptr_t k = 0; k < count; ++k)
        mlirOperationSetOperand(uses[k].owner, uses[k].operand, mlirOperationGetResult(copy, r));
    }
    order[i] = copy;
    for (intptr_t k = 0; k < numOps; ++k)
      if (mlirOperationEqual(ops[k], op))
        ops[k] = copy;
  }

  MlirModule module = mlirModuleCreateEmpty(loc);
  MlirBlock body = mlirBlockCreate(0, NULL, NULL);
  MlirRegion region = mlirRegionCreate();
  mlirRegionAppendOwnedBlock(region, body);
  MlirOperationState state = mlirOperationStateGet(ref("func.func"), loc);
  MlirNamedAttribute attrs[2] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("sym_name")),
                            mlirStringAttrGet(ctx, ref("__dlc_codegen_group"))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("function_type")),
                            mlirTypeAttrGet(mlirFunctionTypeGet(ctx, 0, NULL, 0, NULL)))};
  mlirOperationStateAddAttributes(&state, 2, attrs);
  mlirOperationStateAddOwnedRegions(&state, 1, &region);
  MlirOperation function = mlirOperationCreate(&state);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(module), function);
  *out = (DlcIsolatedGroup){module, function, block, anchor, NULL, 0, NULL, 0};

  Mapper mapper = {&group, out, body, {NULL, NULL, 0}};
  for (intptr_t i = 0; i < numOps; ++i)
    mlirOperationWalk(order[i], mapOperands, &mapper, MlirWalkPreOrder);
  dlcValueMapFree(&mapper.values);

  // The users outside wait on placeholders (in the last target's place).
  intptr_t numResults = mlirOperationGetNumResults(last);
  out->placeholders = calloc((size_t)(numResults ? numResults : 1), sizeof *out->placeholders);
  if (!out->placeholders)
    abort();
  out->numResults = numResults;
  MlirType *resultTypes = malloc((size_t)(numResults ? numResults : 1) * sizeof *resultTypes);
  if (!resultTypes)
    abort();
  for (intptr_t r = 0; r < numResults; ++r) {
    MlirValue result = mlirOperationGetResult(last, r);
    resultTypes[r] = mlirValueGetType(result);
    intptr_t count = collectUses(&group, result, true, &uses);
    if (!count)
      continue;
    MlirOperationState ps = mlirOperationStateGet(ref("builtin.unrealized_conversion_cast"), loc);
    mlirOperationStateAddResults(&ps, 1, &resultTypes[r]);
    MlirOperation placeholder = mlirOperationCreate(&ps);
    mlirBlockInsertOwnedOperationBefore(block, anchor, placeholder);
    for (intptr_t k = 0; k < count; ++k)
      mlirOperationSetOperand(uses[k].owner, uses[k].operand,
                              mlirOperationGetResult(placeholder, 0));
    out->placeholders[r] = placeholder;
  }
  free(uses);

  for (intptr_t i = 0; i < numOps; ++i) {
    mlirOperationRemoveFromParent(order[i]);
    mlirBlockAppendOwnedOperation(body, order[i]);
  }
  MlirOperationState rs = mlirOperationStateGet(ref("func.return"), loc);
  MlirValue *results = malloc((size_t)(numResults ? numResults : 1) * sizeof *results);
  if (!results)
    abort();
  for (intptr_t r = 0; r < numResults; ++r)
    results[r] = mlirOperationGetResult(last, r);
  mlirOperationStateAddOperands(&rs, numResults, results);
  mlirBlockAppendOwnedOperation(body, mlirOperationCreate(&rs));
  free(results);

  intptr_t numArgs = mlirBlockGetNumArguments(body);
  MlirType *argTypes = malloc((size_t)(numArgs ? numArgs : 1) * sizeof *argTypes);
  if (!argTypes)
    abort();
  for (intptr_t i = 0; i < numArgs; ++i)
    argTypes[i] = mlirValueGetType(mlirBlockGetArgument(body, i));
  mlirOperationSetAttributeByName(
      function, ref("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(ctx, numArgs, argTypes, numResults, resultTypes)));
  free(argTypes);
  free(resultTypes);
  free(order);
  return true;
}

void dlcRestoreGroup(DlcIsolatedGroup *group) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(group->function, 0));
  MlirOperation ret = mlirBlockGetTerminator(body);
  for (intptr_t i = 0; i < group->numOutside; ++i)
    mlirValueReplaceAllUsesOfWith(mlirBlockGetArgument(body, i), group->outside[i]);
  for (intptr_t r = 0; r < group->numResults; ++r) {
    MlirOperation placeholder = group->placeholders[r];
    if (mlirOperationIsNull(placeholder))
      continue;
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(placeholder, 0),
                                  mlirOperationGetOperand(ret, r));
    mlirOperationDestroy(placeholder);
  }
  // Everything the schedule made, in order, where the last target was.
  for (MlirOperation op = mlirBlockGetFirstOperation(body);
       !mlirOperationIsNull(op) && !mlirOperationEqual(op, ret);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    mlirOperationRemoveFromParent(op);
    mlirBlockInsertOwnedOperationBefore(group->home, group->anchor, op);
    op = next;
  }
  mlirModuleDestroy(group->module);
  free(group->outside);
  free(group->placeholders);
  *group = (DlcIsolatedGroup){0};
}
