//===- ReleaseDeadWeights.c - The dlc-release-dead-weights pass --*- C -*-===//
//
// A weight's dense_resource blob stays resident as long as its context,
// whether or not anything still refers to it; only the context's owner
// knows that no other module can read it. An owner that does says so with
// the module's `dlc.sole_module` unit attribute (dlc-run does). Then this
// pass, run after the steps that leave weights dead (dlc-convert-layout's
// repacking; the Winograd transform and dlc-prepack-constants' packing),
// erases the module's dead constants and empties the blobs that no op of
// the module refers to: lowering then holds about one copy of each weight
// instead of up to four. Without the attribute it changes nothing.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"
#include "Support/ReleaseWeights.h"

void dlcRunReleaseDeadWeights(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)run;
  (void)options;
  // Counting the references erases the dead constants that rewrites leave
  // for canonicalize first: they would keep the weights they replaced. No
  // count: the module lacks `dlc.sole_module`.
  DlcWeightRefs *refs = dlcWeightRefsCreate(op);
  if (!refs)
    return;
  dlcWeightRefsDestroy(refs);
  MlirModule module = mlirModuleFromOperation(op);
  dlcReleaseUnreferencedWeights(mlirOperationGetContext(op), 1, &module);
}
