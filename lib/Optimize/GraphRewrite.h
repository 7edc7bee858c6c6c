//===- GraphRewrite.h - What the graph optimizations share ------*- C -*-===//
//
// The graph-level optimizations (dlc-optimize) are C rewrite patterns on
// dlc_graph ops, run by the greedy driver of Conversion/Common/Lowering.h.
// These are the questions they ask of operands (is it a constant, are all
// its elements one value?) and the replacements they make.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_OPTIMIZE_GRAPHREWRITE_H
#define DLC_OPTIMIZE_GRAPHREWRITE_H

#include "Conversion/Common/Lowering.h"
#include "Support/Elements.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stdint.h>

/// Elements of a static tensor type; -1 when it is not static.
int64_t dlcStaticNumElements(MlirType type);

/// The value attribute of the dlc_graph.constant defining `v`, else null.
MlirAttribute dlcGraphConstantValue(MlirValue v);

/// The values of the dlc_graph.constant defining `v` when it has at most
/// `maxElements` elements and they can be read (free them); else false.
bool dlcGraphConstantRead(MlirValue v, int64_t maxElements, DlcElements *out);

/// Is `v` a constant (of at most 65536 elements) whose every element
/// equals `x`? Compares as doubles, so -0.0 counts as 0.
bool dlcGraphConstantIsAll(MlirValue v, double x);

/// A dlc_graph.constant of `value` (its type is the result type).
MlirValue dlcBuildGraphConstant(DlcBuilder *b, MlirAttribute value);

/// A dlc_graph.constant holding `e` (dense<> up to 256 elements, else a
/// blob named after the op being rewritten).
MlirValue dlcBuildGraphConstantOf(DlcBuilder *b, const DlcElements *e);

/// Replaces the rewritten op's only result (or its first, when the others
/// are unused) by `v` when it has exactly the result's type, so users
/// (func.return among them) see no type change; fails otherwise.
MlirLogicalResult dlcReplaceBySameType(DlcRewriter *rw, MlirValue v);

/// Are all results of `op` other than result 0 unused?
bool dlcOnlyFirstResultUsed(MlirOperation op);

/// Has `v` exactly one use?
bool dlcHasOneUse(MlirValue v);

/// A pattern for every op of the dlc_graph dialect but `except` (may be
/// NULL), all with `fn`; *count is set. The caller frees the array.
DlcLowering *dlcPatternsForAllGraphOps(DlcLowerFn fn, const char *except, size_t *count);

#endif // DLC_OPTIMIZE_GRAPHREWRITE_H
