//===- Verify.c - dlc-verify: DLC's verifier as a pass -----------*- C -*-===//
//
// dlc-opt runs it first, so that what DLC's verifier rejects in its input
// is reported (and seen by --verify-diagnostics) before any other pass.
// The pass adaptor verifies on entry to every DLC pass, this one included,
// so the run itself has nothing left to do.
//
//===----------------------------------------------------------------------===//

#include "Pass/PassDef.h"

void dlcRunVerify(MlirOperation op, DlcPassRun *run, const DlcPassOptions *options) {
  (void)op, (void)run, (void)options;
}
