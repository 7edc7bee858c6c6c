//===- Lowering.h - Driving a conversion with C rewrite patterns -*- C -*-===//
//
// LLVM 22's C API has rewrite patterns and the greedy driver but no dialect
// conversion (no TypeConverter, no ConversionTarget). A DLC conversion is a
// table of DlcLowering entries, one pattern per source op; after the greedy
// driver runs them, a legality walk reports every source-dialect op left,
// at its location, with the reason its pattern gave.
//
//===----------------------------------------------------------------------===//

#ifndef DLC_CONVERSION_COMMON_LOWERING_H
#define DLC_CONVERSION_COMMON_LOWERING_H

#include "Support/Builder.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Rewrite.h"

#include <stdbool.h>

struct DlcLoweringState;

/// What a lowering function gets: the op, a builder inserting before it at
/// its location, and the conversion's shared state.
typedef struct DlcRewriter {
  MlirOperation op;
  MlirRewriterBase rewriter;
  DlcBuilder b;
  struct DlcLoweringState *state;
} DlcRewriter;

/// Rewrites `rw->op` (replacing it with dlcReplaceOp) and succeeds, or
/// fails without touching the IR (say why with dlcLoweringUnsupported).
typedef MlirLogicalResult (*DlcLowerFn)(DlcRewriter *rw);

typedef struct DlcLowering {
  const char *opName; ///< "dlc_graph.relu"
  DlcLowerFn lower;
} DlcLowering;

/// Replaces the op's results with `values` and erases it.
void dlcReplaceOp(DlcRewriter *rw, intptr_t n, const MlirValue *values);
/// Records why the op cannot be lowered (the first reason is kept and
/// reported by the legality walk) and returns failure.
MlirLogicalResult dlcLoweringUnsupported(DlcRewriter *rw, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/// The module being converted.
MlirOperation dlcLoweringModule(DlcRewriter *rw);
/// The symbol named `name` in the module, or null.
MlirOperation dlcLookupSymbol(DlcRewriter *rw, const char *name);
/// Inserts a detached symbol op (a func.func) into the module.
void dlcInsertSymbol(DlcRewriter *rw, MlirOperation op);

/// Applies `lowerings` (one pattern each) greedily to `module`, then
/// reports every op left whose name starts with `leftoverPrefix` ("dlc_graph.")
/// and fails if there was one. `what` names the conversion in messages.
MlirLogicalResult dlcApplyLowerings(MlirOperation module, const DlcLowering *lowerings,
                                    size_t count, const char *leftoverPrefix, const char *what);

/// Adds `lowerings` to a caller's `set` as patterns bound to `module`
/// (their symbol table and reasons live until the last pattern goes).
void dlcPopulateLowerings(MlirRewritePatternSet set, MlirOperation module,
                          const DlcLowering *lowerings, size_t count);

/// Applies `patterns` greedily to `module` until none applies, without a
/// legality check: for optimizations, whose patterns may all fail.
/// `userData` (the pass's options, say) is what dlcRewriterUserData gives
/// each pattern.
void dlcApplyRewrites(MlirOperation module, const DlcLowering *patterns, size_t count,
                      const void *userData);
const void *dlcRewriterUserData(DlcRewriter *rw);

#endif // DLC_CONVERSION_COMMON_LOWERING_H
