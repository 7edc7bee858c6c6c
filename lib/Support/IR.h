//===- IR.h - Small queries on ops and values -------------------*- C -*-===//
//
// What passes ask of the IR over and over: an op's name, a value's
// defining op, whether a linalg op's loops are all parallel; and a growable
// list to collect ops in before rewriting them (a walk must not see the
// ops its callback replaces).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_SUPPORT_IR_H
#define DLC_SUPPORT_IR_H

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

/// Is `op` (which may be null) an op named `name`, e.g. "linalg.matmul"?
bool dlcIsOp(MlirOperation op, const char *name);

/// Is `op` one of DLC's own (dlc_graph or dlc_tensor), which are pure?
bool dlcIsDlcOp(MlirOperation op);

/// Is `op` a public func.func with a body (what can become an entry)?
bool dlcIsPublicFuncDefinition(MlirOperation op);

/// The function type of a func.func.
MlirType dlcFuncGetType(MlirOperation func);

/// Do all inputs (results) of the function type `fnType` satisfy `pred`?
bool dlcFunctionTypeAllInputs(MlirType fnType, bool (*pred)(MlirType));
bool dlcFunctionTypeAllResults(MlirType fnType, bool (*pred)(MlirType));

/// Does the shaped type have a static dim of size 0 (no elements)?
bool dlcShapedTypeHasZeroDim(MlirType shaped);

/// The op defining `v`, or null for a block argument.
MlirOperation dlcDefiningOp(MlirValue v);

/// The op of the only use of `v`, or null when it has none or several.
MlirOperation dlcSoleUser(MlirValue v);

/// Whether `op` is `ancestor` or nested in it (its regions, at any depth).
bool dlcOpIsInside(MlirOperation op, MlirOperation ancestor);

/// Whether `v` is defined in `op`: a result of an op inside it, or an
/// argument of one of its (nested) blocks.
bool dlcValueIsDefinedInside(MlirValue v, MlirOperation op);

/// `op` when it is a builtin.module, else the module around it (the
/// outermost op where there is none): where module-level symbols such as
/// constant globals are.
MlirOperation dlcModuleOf(MlirOperation op);

/// Whether `op` is a memref.get_global of a memref.global marked
/// `constant`, looked up in `globals` (the table of dlcModuleOf).
bool dlcReadsConstantGlobal(MlirOperation op, MlirSymbolTable globals);

/// The static range of a loop index (an scf.for with constant bounds, or
/// a dim of an scf.forall with static ones); false for any other value.
bool dlcLoopIndexRange(MlirValue v, int64_t *lower, int64_t *upper, int64_t *step);

/// Whether `op` is a loop: scf.for, scf.parallel, scf.while, scf.forall,
/// affine.for or affine.parallel.
bool dlcIsLoop(MlirOperation op);

/// Whether any op of `body` is, or holds, a loop.
bool dlcBlockHoldsLoop(MlirBlock body);

/// `op` or the op around it that is in `block`, or null.
MlirOperation dlcAncestorInBlock(MlirOperation op, MlirBlock block);

/// The op of `block` whose `sym_name` is `name`, else null.
MlirOperation dlcLookupSymbolInBlock(MlirBlock block, MlirStringRef name);

/// Whether `op` is an llvm.func with a body.
bool dlcIsLLVMFuncDefinition(MlirOperation op);

/// A copy of `v` (a ranked tensor) as a new buffer, before `before`: a
/// bufferization.alloc_tensor with `copy`, which bufferizes to an
/// allocation and a copy, nothing written first.
MlirValue dlcCopyBefore(MlirOperation before, MlirValue v);

/// Moves `first` and the ops after it in its block (ops built at the end
/// of a block, often a scratch block of their own) before `before`.
void dlcMoveOpsBefore(MlirOperation first, MlirOperation before);

/// Replaces `op` by what was built in `scratch`, a block of its own: its
/// ops move before `op`, `replacement` takes the uses of `op`'s result,
/// and `op` and `scratch` are destroyed.
void dlcReplaceWithScratch(MlirOperation op, MlirBlock scratch, MlirValue replacement);

/// Are all loops of the linalg op `op` (its `iterator_types`) parallel?
bool dlcAllLoopsParallel(MlirOperation op);

/// Does `map` read a tensor of `type` at the loop indices: result dim i
/// at loop i or, for a dim of size 1, at 0 (how elementwise lowering reads
/// a dim that could broadcast)?
bool dlcMapReadsInPlace(MlirAffineMap map, MlirType type);

/// Whether `v` is an integer (or index) arith.constant; its value in `*out`.
bool dlcConstantInt(MlirValue v, int64_t *out);

/// Whether `v` is a floating-point arith.constant; its value in `*out`.
bool dlcConstantFloat(MlirValue v, double *out);

/// Whether a linalg.index is nested in `op` (its body reads the loop
/// indices, which a transform that reorders or renames loops must not move).
bool dlcReadsLoopIndices(MlirOperation op);

/// Calls `fn` with the model nodes a location names: each name of a
/// NameLoc (an ONNX node's; fused locations give each of theirs in order,
/// and a name's child location is not searched), or, where there is none,
/// "file:line:col" of a file location (IR written by hand). Returns how
/// many it called `fn` with.
int dlcLocationForEachNode(MlirLocation loc, void (*fn)(MlirStringRef node, void *userData),
                           void *userData);

typedef struct DlcOpList {
  MlirOperation *items;
  size_t count, capacity;
} DlcOpList;

/// Appends `op` (aborts when out of memory, as the rest of DLC does).
void dlcOpListPush(DlcOpList *list, MlirOperation op);
void dlcOpListFree(DlcOpList *list);
/// Appends the ops named `name` nested in `root` (and root itself), in
/// pre-order: a list to rewrite while the walk is not running.
void dlcOpListCollect(DlcOpList *list, MlirOperation root, const char *name);

/// Whether `op`, or an op around it below `stop`, is one of `ops`.
bool dlcOpIsInAny(MlirOperation op, intptr_t numOps, const MlirOperation *ops,
                  MlirOperation stop);

/// Whether `value` is a result of, or a block argument inside, one of `ops`
/// or an op nested in one (below `stop`).
bool dlcValueIsDefinedInAny(MlirValue value, intptr_t numOps, const MlirOperation *ops,
                            MlirOperation stop);

/// Values and what stands for them elsewhere (a value's copy or argument in
/// a function it was moved into), looked up in the order they were added.
typedef struct DlcValueMap {
  MlirValue *from, *to;
  intptr_t count;
} DlcValueMap;

/// What `from` maps to, or a null value.
MlirValue dlcValueMapLookup(const DlcValueMap *map, MlirValue from);
void dlcValueMapAdd(DlcValueMap *map, MlirValue from, MlirValue to);
void dlcValueMapFree(DlcValueMap *map);

/// Replaces each operand of `op`, and of the ops nested in it, that `map`
/// maps.
void dlcRemapOperands(MlirOperation op, const DlcValueMap *map);

/// Clones the ops of `from` but its terminator to the end of `into`, their
/// operands (nested ones too) remapped through `map`, to which each clone's
/// results are added; returns the terminator's first operand, remapped.
MlirValue dlcCloneBlockBody(MlirBlock from, MlirBlock into, DlcValueMap *map);

/// `items` (an array of `count` elements of `size` bytes, from realloc or
/// NULL) with room for one more: capacity doubles when `count` is a power
/// of two. Aborts when memory is out, as the op lists do.
void *dlcGrowArray(void *items, intptr_t count, size_t size);

#endif // DLC_SUPPORT_IR_H
