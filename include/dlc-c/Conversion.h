/*===-- dlc-c/Conversion.h - DLC's conversions as pattern sets -------*- C -*-===*\
|*                                                                            *|
|* For a project that drives DLC's lowerings with its own patterns in one     *|
|* greedy application (mlirApplyPatternsAndFoldGreedily) instead of running   *|
|* the passes.                                                                *|
\*===----------------------------------------------------------------------===*/

#ifndef DLC_C_CONVERSION_H
#define DLC_C_CONVERSION_H

#include "dlc-c/Support.h"
#include "mlir-c/IR.h"
#include "mlir-c/Rewrite.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Adds dlc-graph-to-tensor's patterns (one per dlc_graph op) to `set`.
/// They are bound to `module`, into which they insert the private helper
/// functions they create (map bodies): apply them to `module` only, while
/// it lives. An op a pattern cannot lower is left as it is, silently; the
/// pass is what reports leftovers. The patterns' shared state goes with
/// the last of them (when the set, or the frozen set, is destroyed).
DLC_CAPI_EXPORTED void dlcPopulateGraphToTensorPatterns(MlirRewritePatternSet set,
                                                        MlirOperation module);

/// Adds dlc-tensor-to-linalg's patterns (one per dlc_tensor op) to `set`,
/// bound to `module` likewise. The pass does two things more that are not
/// rewrites of one op: it erases the map bodies once inlined, and makes
/// unsigned tensor types signless, function signatures included.
DLC_CAPI_EXPORTED void dlcPopulateTensorToLinalgPatterns(MlirRewritePatternSet set,
                                                         MlirOperation module);

#ifdef __cplusplus
}
#endif

#endif /* DLC_C_CONVERSION_H */
