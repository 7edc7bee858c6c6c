//===- Driver.h - What dlc-opt's files share --------------------*- C -*-===//

#ifndef DLC_OPT_DRIVER_H
#define DLC_OPT_DRIVER_H

#include "Options.h"

#include "Tools/SourceDiagnostics.h"

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"

/// One run of dlc-opt.
typedef struct Driver {
  const DlcOptOptions *o;
  const char *bufferName; ///< the input path, or "<stdin>"
  DlcStr pipeline;        ///< what the pass manager parses
  DlcStr anchor;          ///< the op it is anchored on
  DlcDiagnostics *diags;
} Driver;

/// A context for one buffer, set up as the options say.
MlirContext dlcOptCreateContext(const DlcOptOptions *o);
/// Sets d->pipeline and d->anchor from the options and checks them once,
/// before any input is read; prints and fails on a bad pipeline or flag.
bool dlcOptPreparePipeline(Driver *d);
/// The pass manager of d's pipeline; prints and returns null on error.
/// `instrument` adds the timing and IR printing the options ask for.
MlirPassManager dlcOptBuildPassManager(MlirContext ctx, const Driver *d, bool instrument);

#endif // DLC_OPT_DRIVER_H
