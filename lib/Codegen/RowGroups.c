//===- RowGroups.c - Reductions and elementwise ops over the same rows -*- C -*-===//
//
// A row group is an elementwise linalg.generic (the root) together with
// the ops it reads whose every element belongs to the same rows as the
// root's: the rows are the root's outer dims, a row the `reduced`
// innermost ones. Its members are
//   - linalg.reduce ops of one input over exactly the innermost dims of a
//     tensor of the root's shape (the reduced result holds one value per
//     row),
//   - the zero (identity) fills they accumulate into,
//   - elementwise generics (parallel loops, one result written in loop
//     order) of the root's shape, or of the row shape with the reduced dims
//     kept as 1 (what the graph lowering computes on reduced values: a
//     mean's division, layer norm's 1 / sqrt(var + eps)),
// reached from the root through the operands that read them, with
// tensor.expand_shape (appending the unit dims a keepdims reduction has)
// between a reduction and its readers. Every read of a member by a member
// must stay in its row: a full-size value read in place, a per-row value
// read at the row's index (anything else, a transposed read of a row max
// say, means no group). A member's result is used only by members, so
// that fusing it into the root's loop leaves no copy of it outside. What
// is not a member is an input of the group, read in slices. dlc-codegen
// looks for groups after the other schedules ran, among the ops left at
// the function's level, so that their ops are never members.
//
// dlc-codegen tiles the root's rows and fuses the members into that loop
// (schedules/rows.mlir): softmax, log_softmax, layer norm, RMS norm, a
// reduce followed by elementwise ops all become one loop nest.
//
//===----------------------------------------------------------------------===//

#include "Codegen/Codegen.h"
#include "Support/IR.h"
#include "Support/Types.h"

#include "mlir-c/AffineExpr.h"
#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <stdlib.h>
#include <string.h>

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

static bool contains(const DlcOpList *list, MlirOperation op) {
  for (size_t i = 0; i < list->count; ++i)
    if (mlirOperationEqual(list->items[i], op))
      return true;
  return false;
}

static MlirType resultType(MlirOperation op) {
  return mlirValueGetType(mlirOperationGetResult(op, 0));
}

static MlirAffineMap mapOf(MlirOperation generic, intptr_t operand) {
  MlirAttribute maps = mlirOperationGetAttributeByName(generic, ref("indexing_maps"));
  return mlirAffineMapAttrGetValue(mlirArrayAttrGetElement(maps, operand));
}

static intptr_t numInputs(MlirOperation op) {
  MlirAttribute sizes = mlirOperationGetAttributeByName(op, ref("operandSegmentSizes"));
  return mlirAttributeIsNull(sizes) ? mlirOperationGetNumOperands(op) - 1
                                    : mlirDenseI32ArrayGetElement(sizes, 0);
}

// The shapes of the group: the root's (`full`), and the rows' with the
// reduced dims kept as 1.
typedef struct Shapes {
  intptr_t rank, reduced; // reduced: 0 until the first reduction is seen
  int64_t full[DLC_CODEGEN_MAX_ROWS_RANK];
} Shapes;

// The root's shape, or (keepdims) the rows' with unit reduced dims; before
// the first reduction fixes how many dims a row has, any number of
// trailing unit dims (checked again once it is known).
static bool hasShape(MlirType t, const Shapes *s, bool keepdims) {
  if (!dlcTypeIsF32StaticButOuter(t) || mlirShapedTypeGetRank(t) != s->rank)
    return false;
  intptr_t reduced = s->reduced;
  if (keepdims && !reduced)
    while (reduced < s->rank - 1 && mlirShapedTypeGetDimSize(t, s->rank - 1 - reduced) == 1)
      ++reduced;
  if (keepdims && !reduced)
    return false;
  for (intptr_t i = 0; i < s->rank; ++i) {
    bool inRow = i >= s->rank - reduced;
    int64_t want = keepdims && inRow ? 1 : s->full[i];
    if (mlirShapedTypeGetDimSize(t, i) != want)
      return false;
  }
  return true;
}

// The rows' shape without the reduced dims (a reduced result's): before
// the first reduction, any proper prefix of the root's shape.
static bool isRowSpace(MlirType t, const Shapes *s) {
  intptr_t m = mlirShapedTypeGetRank(t);
  if (!dlcTypeIsF32StaticButOuter(t) || m < 1 || m >= s->rank || (s->reduced && m != s->rank - s->reduced))
    return false;
  for (intptr_t i = 0; i < m; ++i)
    if (mlirShapedTypeGetDimSize(t, i) != s->full[i])
      return false;
  return true;
}

// A reduction of one static f32 input of the root's shape over its
// innermost dims (how many: `*reduced`, 0 if not yet known).
static bool isRowReduce(MlirOperation op, Shapes *s) {
  if (!dlcIsOp(op, "linalg.reduce") || mlirOperationGetNumOperands(op) != 2 ||
      mlirOperationGetNumResults(op) != 1)
    return false;
  MlirType in = mlirValueGetType(mlirOperationGetOperand(op, 0));
  MlirAttribute dims = mlirOperationGetAttributeByName(op, ref("dimensions"));
  intptr_t n = mlirAttributeIsNull(dims) ? 0 : mlirDenseArrayGetNumElements(dims);
  if (!dlcTypeIsF32StaticButOuter(in) || mlirShapedTypeGetRank(in) != s->rank || n < 1 || n >= s->rank ||
      (s->reduced && n != s->reduced))
    return false;
  for (intptr_t i = 0; i < n; ++i)
    if (mlirDenseI64ArrayGetElement(dims, i) != s->rank - n + i)
      return false;
  for (intptr_t i = 0; i < s->rank; ++i)
    if (mlirShapedTypeGetDimSize(in, i) != s->full[i])
      return false;
  s->reduced = n;
  return true;
}

// Parallel loops, one result written in loop order: what dlc-fuse-elementwise
// leaves of elementwise chains.
static bool isElementwise(MlirOperation op) {
  if (!dlcIsOp(op, "linalg.generic") || mlirOperationGetNumResults(op) != 1 ||
      !dlcAllLoopsParallel(op))
    return false;
  intptr_t n = mlirOperationGetNumOperands(op);
  return mlirAffineMapIsIdentity(mapOf(op, n - 1));
}

// tensor.expand_shape that only appends unit dims to a per-row value (a
// reduced result, or an elementwise op on reduced results): the same data,
// the reduced dims kept as 1. Returns the value's op.
static MlirOperation expandedRowValue(MlirOperation expand) {
  if (!dlcIsOp(expand, "tensor.expand_shape"))
    return (MlirOperation){NULL};
  MlirOperation src = dlcDefiningOp(mlirOperationGetOperand(expand, 0));
  if (!dlcIsOp(src, "linalg.reduce") && !isElementwise(src))
    return (MlirOperation){NULL};
  MlirType from = resultType(src), to = resultType(expand);
  if (!dlcTypeIsF32StaticButOuter(from) || !dlcTypeIsF32StaticButOuter(to))
    return (MlirOperation){NULL};
  intptr_t m = mlirShapedTypeGetRank(from), n = mlirShapedTypeGetRank(to);
  if (n < m)
    return (MlirOperation){NULL};
  for (intptr_t i = 0; i < n; ++i)
    if (mlirShapedTypeGetDimSize(to, i) != (i < m ? mlirShapedTypeGetDimSize(from, i) : 1))
      return (MlirOperation){NULL};
  return src;
}

// The member an operand reads (through an appending expand_shape), or null.
static MlirOperation memberRead(MlirValue v, const DlcOpList *members) {
  MlirOperation def = dlcDefiningOp(v);
  if (mlirOperationIsNull(def))
    return def;
  MlirOperation reduce = expandedRowValue(def);
  if (!mlirOperationIsNull(reduce))
    def = reduce;
  return contains(members, def) ? def : (MlirOperation){NULL};
}

// The output_shape operand that `dim` (a tensor.dim of `expand`'s result
// at a constant index of a dynamic dim) reads, or null.
static MlirValue expandSizeRead(MlirOperation dim, MlirOperation expand) {
  if (!dlcIsOp(dim, "tensor.dim"))
    return (MlirValue){NULL};
  MlirOperation index = dlcDefiningOp(mlirOperationGetOperand(dim, 1));
  MlirType type = resultType(expand);
  if (!dlcIsOp(index, "arith.constant"))
    return (MlirValue){NULL};
  int64_t at = mlirIntegerAttrGetValueInt(mlirOperationGetAttributeByName(index, ref("value")));
  if (at < 0 || at >= mlirShapedTypeGetRank(type) || !mlirShapedTypeIsDynamicDim(type, at))
    return (MlirValue){NULL};
  intptr_t operand = 1;
  for (int64_t i = 0; i < at; ++i)
    operand += mlirShapedTypeIsDynamicDim(type, i);
  return mlirOperationGetOperand(expand, operand);
}

static bool usedOnlyBy(MlirValue v, const DlcOpList *members) {
  for (MlirOpOperand use = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (contains(members, user))
      continue;
    // The size of a dynamic dim of a per-row value kept as 1s (what sizes
    // a keepdims member's destination) is the expansion's, not the value.
    MlirOperation def = dlcDefiningOp(v);
    if (!mlirOperationIsNull(def) && dlcIsOp(def, "tensor.expand_shape") &&
        !mlirValueIsNull(expandSizeRead(user, def)))
      continue;
    if (mlirOperationIsNull(expandedRowValue(user)) ||
        !usedOnlyBy(mlirOperationGetResult(user, 0), members))
      return false;
  }
  return true;
}

// Gathers the candidates reachable from the root's operands.
static void gather(MlirOperation op, Shapes *s, DlcOpList *members) {
  MlirBlock block = mlirOperationGetBlock(op);
  bool reduce = dlcIsOp(op, "linalg.reduce");
  intptr_t n = reduce ? 2 : numInputs(op);
  for (intptr_t i = 0; i < n; ++i) {
    MlirOperation def = dlcDefiningOp(mlirOperationGetOperand(op, i));
    if (mlirOperationIsNull(def))
      continue;
    MlirOperation through = expandedRowValue(def);
    if (!mlirOperationIsNull(through))
      def = through;
    if (contains(members, def) ||
        !mlirBlockEqual(mlirOperationGetBlock(def), block))
      continue;
    bool take;
    if (reduce && i == 1) // the accumulator's initial value
      take = dlcIsOp(def, "linalg.fill");
    else
      take = isRowReduce(def, s) ||
             (isElementwise(def) &&
              (hasShape(resultType(def), s, false) || hasShape(resultType(def), s, true) ||
               isRowSpace(resultType(def), s)));
    if (!take)
      continue;
    dlcOpListPush(members, def);
    if (!dlcIsOp(def, "linalg.fill"))
      gather(def, s, members);
  }
}

static void removeAt(DlcOpList *list, size_t i) {
  memmove(list->items + i, list->items + i + 1, (list->count - i - 1) * sizeof *list->items);
  --list->count;
}

// Is loop dim `d` of `op` of size 1? (the reduced dims of a keepdims generic)
static bool unitLoop(MlirOperation op, const Shapes *s, intptr_t d) {
  return hasShape(resultType(op), s, true) && d >= s->rank - s->reduced;
}

// Does member `reader` read operand `i`, produced by member `def`, within
// its rows?
static bool readsInRow(MlirOperation reader, intptr_t i, MlirOperation def, const Shapes *s) {
  if (dlcIsOp(reader, "linalg.reduce") || dlcIsOp(reader, "linalg.fill"))
    return true; // a reduce reads its input and init in place
  MlirAffineMap map = mapOf(reader, i);
  intptr_t rows = s->rank - s->reduced, n = mlirAffineMapGetNumResults(map);
  bool fullValue = !dlcIsOp(def, "linalg.reduce") && hasShape(resultType(def), s, false);
  if (fullValue && !hasShape(resultType(reader), s, false))
    return false; // a per-row op reading whole rows is a reduction
  for (intptr_t r = 0; r < n; ++r) {
    MlirAffineExpr e = mlirAffineMapGetResult(map, r);
    bool dimR = mlirAffineExprIsADim(e) && mlirAffineDimExprGetPosition(e) == r;
    // Index 0 of a dim of size 1 is how the lowerings read broadcastable
    // dims (a batch of 1).
    bool zero = mlirAffineExprIsAConstant(e) && mlirAffineConstantExprGetValue(e) == 0;
    if (r < rows || fullValue) {
      if (!dimR && !(zero && s->full[r] == 1))
        return false;
    } else if (!zero && !(dimR && unitLoop(reader, s, r))) {
      return false;
    }
  }
  bool rowValue = dlcIsOp(def, "linalg.reduce") || isRowSpace(resultType(def), s);
  return n == s->rank || (n == rows && rowValue);
}

bool dlcRowGroupFind(MlirOperation root, DlcRowGroup *out) {
  memset(out, 0, sizeof *out);
  if (!isElementwise(root))
    return false;
  MlirType type = resultType(root);
  if (!dlcTypeIsF32StaticButOuter(type) || mlirShapedTypeGetRank(type) < 2 ||
      mlirShapedTypeGetRank(type) > DLC_CODEGEN_MAX_ROWS_RANK)
    return false;
  Shapes s = {mlirShapedTypeGetRank(type), 0, {0}};
  for (intptr_t i = 0; i < s.rank; ++i)
    s.full[i] = mlirShapedTypeGetDimSize(type, i);

  // The root is in the list too: members may be used by it.
  DlcOpList members = {0};
  dlcOpListPush(&members, root);
  gather(root, &s, &members);
  // Keepdims generics gathered before the first reduction fixed the row
  // shape are checked again; then members used outside the group leave
  // it, until none is.
  for (size_t i = 1; i < members.count;) {
    MlirOperation m = members.items[i];
    bool shapeOk = dlcIsOp(m, "linalg.fill") || dlcIsOp(m, "linalg.reduce") ||
                   hasShape(resultType(m), &s, false) || hasShape(resultType(m), &s, true) ||
                   isRowSpace(resultType(m), &s);
    if (shapeOk && usedOnlyBy(mlirOperationGetResult(m, 0), &members)) {
      ++i;
      continue;
    }
    removeAt(&members, i);
    i = 1;
  }
  // A group needs a reduction, and all its reads within rows.
  bool hasReduce = false, aligned = true;
  for (size_t m = 0; aligned && m < members.count; ++m) {
    MlirOperation op = members.items[m];
    hasReduce = hasReduce || dlcIsOp(op, "linalg.reduce");
    intptr_t n = dlcIsOp(op, "linalg.generic") ? numInputs(op) : mlirOperationGetNumOperands(op);
    for (intptr_t i = 0; aligned && i < n; ++i) {
      MlirOperation def = memberRead(mlirOperationGetOperand(op, i), &members);
      if (!mlirOperationIsNull(def))
        aligned = readsInRow(op, i, def, &s);
    }
  }
  if (!hasReduce || !aligned) {
    dlcOpListFree(&members);
    return false;
  }
  // Consumers before producers: the block's order, backwards.
  out->root = root;
  out->rank = s.rank;
  out->reduced = s.reduced;
  for (MlirOperation op = mlirBlockGetFirstOperation(mlirOperationGetBlock(root));
       !mlirOperationEqual(op, root); op = mlirOperationGetNextInBlock(op))
    if (contains(&members, op))
      dlcOpListPush(&out->members, op);
  for (size_t i = 0, n = out->members.count; i < n / 2; ++i) {
    MlirOperation t = out->members.items[i];
    out->members.items[i] = out->members.items[n - 1 - i];
    out->members.items[n - 1 - i] = t;
  }
  dlcOpListFree(&members);
  return true;
}

// Reads of a reduced result through an expand_shape read the result
// itself, with the unit dims dropped from the map: tiling then fuses the
// reduction into the loop (it cannot see through the reshape).
static void separateDestinations(DlcRowGroup *group);
void dlcRowGroupPrepare(DlcRowGroup *group) {
  separateDestinations(group);
  MlirContext ctx = mlirOperationGetContext(group->root);
  DlcOpList ops = group->members;
  for (size_t m = 0; m <= ops.count; ++m) {
    MlirOperation op = m < ops.count ? ops.items[m] : group->root;
    if (!dlcIsOp(op, "linalg.generic"))
      continue;
    MlirAttribute maps = mlirOperationGetAttributeByName(op, ref("indexing_maps"));
    intptr_t numMaps = mlirArrayAttrGetNumElements(maps);
    MlirAttribute newMaps[64];
    if (numMaps > (intptr_t)(sizeof newMaps / sizeof *newMaps))
      continue;
    bool changed = false;
    for (intptr_t i = 0; i < numMaps; ++i) {
      newMaps[i] = mlirArrayAttrGetElement(maps, i);
      if (i >= numInputs(op))
        continue;
      MlirValue v = mlirOperationGetOperand(op, i);
      MlirOperation expand = dlcDefiningOp(v);
      MlirOperation reduce = expandedRowValue(expand);
      if (mlirOperationIsNull(reduce) || !contains(&ops, reduce))
        continue; // (a reduce, or an elementwise op on reduced values)
      MlirValue reduced = mlirOperationGetResult(reduce, 0);
      MlirValue expanded = mlirOperationGetResult(expand, 0);
      for (MlirOpOperand use = mlirValueGetFirstUse(expanded); !mlirOpOperandIsNull(use);) {
        MlirOpOperand next = mlirOpOperandGetNextUse(use);
        MlirOperation user = mlirOpOperandGetOwner(use);
        MlirValue size = expandSizeRead(user, expand);
        if (!mlirValueIsNull(size)) {
          mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(user, 0), size);
          mlirOperationDestroy(user);
        }
        use = next;
      }
      intptr_t keep = mlirShapedTypeGetRank(mlirValueGetType(reduced));
      MlirAffineMap map = mlirAffineMapAttrGetValue(newMaps[i]);
      MlirAffineExpr exprs[DLC_CODEGEN_MAX_ROWS_RANK];
      for (intptr_t r = 0; r < keep; ++r)
        exprs[r] = mlirAffineMapGetResult(map, r);
      newMaps[i] = mlirAffineMapAttrGet(mlirAffineMapGet(ctx, mlirAffineMapGetNumDims(map),
                                                         mlirAffineMapGetNumSymbols(map), keep,
                                                         exprs));
      mlirOperationSetOperand(op, i, reduced);
      if (mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(expand, 0))))
        mlirOperationDestroy(expand);
      changed = true;
    }
    if (changed)
      mlirOperationSetAttributeByName(op, ref("indexing_maps"),
                                      mlirArrayAttrGet(ctx, numMaps, newMaps));
  }
}

// Does `op` read the result of `def` (directly)?
static bool reads(MlirOperation op, MlirOperation def) {
  for (intptr_t i = 0, n = mlirOperationGetNumOperands(op); i < n; ++i)
    if (mlirOperationEqual(dlcDefiningOp(mlirOperationGetOperand(op, i)), def))
      return true;
  return false;
}

// A bufferization.alloc_tensor like `empty`'s, before `before`: memory
// the op writing into it owns (unlike tensor.empty, cse does not merge two
// of them).
static MlirValue allocLike(MlirOperation empty, MlirOperation before) {
  MlirContext ctx = mlirOperationGetContext(empty);
  MlirType type = mlirValueGetType(mlirOperationGetResult(empty, 0));
  MlirOperationState state =
      mlirOperationStateGet(ref("bufferization.alloc_tensor"), mlirOperationGetLocation(empty));
  mlirOperationStateAddResults(&state, 1, &type);
  // The dynamic sizes are the empty's (defined before it, so before `before`).
  MlirValue sizes[DLC_CODEGEN_MAX_ROWS_RANK];
  intptr_t numSizes = mlirOperationGetNumOperands(empty);
  for (intptr_t i = 0; i < numSizes; ++i)
    sizes[i] = mlirOperationGetOperand(empty, i);
  mlirOperationStateAddOperands(&state, numSizes, sizes);
  int32_t segmentSizes[3] = {(int32_t)numSizes, 0, 0};
  MlirNamedAttribute segments =
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, ref("operandSegmentSizes")),
                            mlirDenseI32ArrayGet(ctx, 3, segmentSizes));
  mlirOperationStateAddAttributes(&state, 1, &segments);
  MlirOperation alloc = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, alloc);
  return mlirOperationGetResult(alloc, 0);
}

// Each member writes into memory of its own, allocated outside the loop
// (the slices of different iterations are disjoint, so threads may share
// it), rather than into one tensor.empty with others (CSE merges equal
// empties, and fills of the same value): bufferization resolved two
// members writing one tensor by allocating and copying in every iteration
// (malloc and free per block of rows). A fill two reductions accumulate
// into is copied for the second. The exception is the one member of the
// root's shape that the root reads: it keeps writing where the root
// writes (fusion makes that the root's output slice), which the root then
// overwrites element by element, so it needs no buffer at all (softmax's
// exp).
static void separateDestinations(DlcRowGroup *group) {
  // A reduction accumulating into a fill that is no member (other groups
  // use it too: CSE merges equal fills) gets a copy of the fill as member.
  for (size_t m = 0, n = group->members.count; m < n; ++m) {
    MlirOperation reduce = group->members.items[m];
    if (!dlcIsOp(reduce, "linalg.reduce"))
      continue;
    MlirOperation fill = dlcDefiningOp(mlirOperationGetOperand(reduce, 1));
    if (!dlcIsOp(fill, "linalg.fill") || contains(&group->members, fill))
      continue;
    MlirOperation copy = mlirOperationClone(fill);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(reduce), reduce, copy);
    mlirOperationSetOperand(reduce, 1, mlirOperationGetResult(copy, 0));
    dlcOpListPush(&group->members, copy);
  }
  size_t count = group->members.count;
  for (size_t m = 0; m < count; ++m) {
    MlirOperation fill = group->members.items[m];
    if (!dlcIsOp(fill, "linalg.fill"))
      continue;
    MlirOpOperand use = mlirValueGetFirstUse(mlirOperationGetResult(fill, 0));
    if (mlirOpOperandIsNull(use))
      continue;
    for (MlirOpOperand next = mlirOpOperandGetNextUse(use); !mlirOpOperandIsNull(next);) {
      MlirOpOperand after = mlirOpOperandGetNextUse(next);
      MlirOperation copy = mlirOperationClone(fill);
      mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(fill), fill, copy);
      mlirOperationSetOperand(mlirOpOperandGetOwner(next), mlirOpOperandGetOperandNumber(next),
                              mlirOperationGetResult(copy, 0));
      dlcOpListPush(&group->members, copy);
      next = after;
    }
  }
  MlirOperation rootInit = dlcDefiningOp(
      mlirOperationGetOperand(group->root, mlirOperationGetNumOperands(group->root) - 1));
  bool shared = false;
  for (size_t m = 0; m < group->members.count; ++m) {
    MlirOperation op = group->members.items[m];
    if (dlcIsOp(op, "linalg.reduce"))
      continue; // accumulates into its fill, a member
    intptr_t init = mlirOperationGetNumOperands(op) - 1;
    MlirOperation empty = dlcDefiningOp(mlirOperationGetOperand(op, init));
    if (!dlcIsOp(empty, "tensor.empty") ||
        mlirOperationGetNumOperands(empty) > DLC_CODEGEN_MAX_ROWS_RANK)
      continue;
    if (!shared && mlirOperationEqual(empty, rootInit) && reads(group->root, op)) {
      shared = true;
      continue;
    }
    mlirOperationSetOperand(op, init, allocLike(empty, op));
  }
}

void dlcRowGroupFree(DlcRowGroup *group) { dlcOpListFree(&group->members); }
