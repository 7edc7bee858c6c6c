//===- Evaluate.h - Computing dlc_graph ops on constants --------*- C -*-===//
//
// The reference semantics of the ops constant folding evaluates (those of
// docs/GraphDialect.md, which the lowering implements): elementwise
// arithmetic, comparisons, activations, casts, where, the shape ops
// (reshape, transpose, concat, slice, gather, expand, shape), and the
// reductions whose value does not depend on the order (integer sums and
// products, maxima and minima).
//
//===----------------------------------------------------------------------===//

#ifndef DLC_OPTIMIZE_EVALUATE_H
#define DLC_OPTIMIZE_EVALUATE_H

#include "Support/Elements.h"

#include "mlir-c/IR.h"

#include <stdbool.h>

/// Can dlcEvaluate compute ops named like `op`?
bool dlcCanEvaluate(MlirOperation op);

/// Computes result 0 of `op` (whose type must be static) from its operands'
/// values, indexed by op-table position (`present[i]` false for an absent
/// optional operand; dlc_graph.shape reads no values). False, with `result`
/// untouched, when the op cannot be evaluated: an unsupported kind, integer
/// division by zero, a float to integer cast out of range.
bool dlcEvaluate(MlirOperation op, const DlcElements *operands, const bool *present,
                 DlcElements *result);

#endif // DLC_OPTIMIZE_EVALUATE_H
